"""``check --pairings`` against the checker's own time on the same event (docs/performance.md).

Generates a Swiss with gacrux's random tournament generator (``--players`` x ``--rounds``,
file number ``--event``; kept in ``<tmp>/trfscore-bench/pairings/``), then in turns:

* **checker alone**: gacrux's pairing checker in this process on the file's own text (its
  stages as its command line runs them: read, prepare, every round, verdict);
* **trfscore**: reading the file (``trfscore.loads``), then ``check(t, select="TRF9",
  pairings=True)``: the checker's input written from the model, the checker run round by
  round, the verdicts compared and made findings.

Times are the process's CPU time (``time.process_time``), which other work on a shared machine
moves far less than the wall clock.  Needs the ``pairings`` extra.

    python benchmarks/bench_pairings.py --players 300 --rounds 9 --turns 3
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


def event(players: int, rounds: int, number: int) -> Path:
    folder = Path(tempfile.gettempdir()) / "trfscore-bench" / "pairings"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"P{players}R{rounds}_{number:04d}.trf"
    if not path.exists():
        made = subprocess.run([sys.executable, "-m", "gacrux.tournamentgenerator", "-p", str(players), "-n",
                               str(rounds), "-g", str(number), "1", "-o", str(folder / "gen%d.trf")],
                              capture_output=True, text=True)
        if made.returncode != 0:
            sys.exit(made.stderr)
        (folder / f"gen{number:04d}.trf").rename(path)
    return path


def checker_alone(text: str) -> float:
    from gacrux.pairingchecker import pairingchecker

    start = time.process_time()
    pc = pairingchecker()
    parse = pc.parser.parse_args
    pc.parser.parse_args = lambda *_: parse(["-c", "-i", "-", "-b", "utf-8"])
    pc.do_command(pc.read_command_line, 500, "options")
    pc.params.update(jch=text)
    pc.do_command(pc.read_input_file, 502, "read")
    pc.do_command(pc.prepare_tournament, 501, "prepare")
    pc.do_command(pc.do_checker, 481, "check")
    pc.do_command(pc.apply_result, 482, "result")
    assert pc.resultjson["status"]["code"] == 0, pc.resultjson["status"]
    return time.process_time() - start


def ours(data: bytes) -> tuple[float, float, int]:
    import trfscore
    from trfscore.checks import check

    start = time.process_time()
    t = trfscore.loads(data)
    read = time.process_time() - start
    found = check(t, select="TRF9", pairings=True)
    return time.process_time() - start, read, len(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--event", type=int, default=1)
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    path = event(args.players, args.rounds, args.event)
    data = path.read_bytes()
    text = data.decode("latin-1")
    import trfscore.checks.rules  # noqa: F401  (imported before the clock starts, as in a running CLI)

    for turn in range(1, args.turns + 1):
        alone = checker_alone(text)
        total, read, found = ours(data)
        print(f"turn {turn}: checker alone {alone:.2f} s; trfscore {total:.2f} s (reading {read * 1000:.0f} ms, "
              f"{found} findings): {100 * (total - alone) / alone:+.1f} %", flush=True)
    print(f"({os.path.basename(path)}, CPU time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
