"""``check --pairings`` against the checker's own time on the same event (docs/performance.md).

Generates a Swiss with gacrux's random tournament generator (``--players`` x ``--rounds``,
file number ``--event``; kept in ``<tmp>/trfscore-bench/pairings/``), then in turns:

* **checker alone**: gacrux's pairing checker in this process on the file's own text (its
  stages as its command line runs them: read, prepare, every round, verdict);
* **trfscore**: reading the file (``trfscore.loads``), then ``check(t, select="TRF9",
  pairings=True)``: the checker's input written from the model, the checker run round by
  round, the verdicts compared and made findings.

With ``--teams N`` the event is a team Swiss of N teams of ``--boards`` boards paired round by
round by gacrux's team engine (the generator of tests/pairings/teamgen.py, seeded by
``--event``), judged by the FIDE team system (C.04.6).  trfscore's own part (reading the file,
deciding the system, writing the checker's input) is also timed apart.

Times are the process's CPU time (``time.process_time``), which other work on a shared machine
moves far less than the wall clock.  Needs the ``pairings`` extra.

    python benchmarks/bench_pairings.py --players 300 --rounds 9 --turns 3
    python benchmarks/bench_pairings.py --teams 40 --boards 4 --rounds 9 --turns 3
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


def team_event(teams: int, boards: int, rounds: int, number: int) -> Path:
    folder = Path(tempfile.gettempdir()) / "trfscore-bench" / "pairings"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"T{teams}B{boards}R{rounds}_{number:04d}.trf"
    if not path.exists():
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "pairings"))
        import teamgen

        path.write_text(teamgen.generate(teams, boards, rounds, number, bye_rate=0.05).text(), encoding="utf-8")
    return path


def own_part(data: bytes) -> float:
    """trfscore's own work before the checker runs: reading, the system, the checker's input."""
    import trfscore
    from trfscore.pairings.feed import feed
    from trfscore.pairings.system import system_of

    start = time.process_time()
    t = trfscore.loads(data)
    feed(t, system_of(t))
    return time.process_time() - start


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
    parser.add_argument("--teams", type=int, default=0, help="a team Swiss of this many teams instead")
    parser.add_argument("--boards", type=int, default=4)
    args = parser.parse_args()
    path = (team_event(args.teams, args.boards, args.rounds, args.event) if args.teams
            else event(args.players, args.rounds, args.event))
    data = path.read_bytes()
    text = data.decode("latin-1")
    import trfscore.checks.rules  # noqa: F401  (imported before the clock starts, as in a running CLI)

    for turn in range(1, args.turns + 1):
        alone = checker_alone(text)
        total, read, found = ours(data)
        own = own_part(data)
        print(f"turn {turn}: checker alone {alone:.2f} s; trfscore {total:.2f} s (reading {read * 1000:.0f} ms, "
              f"{found} findings): {100 * (total - alone) / alone:+.1f} %; trfscore's own part {own * 1000:.0f} ms "
              f"({100 * own / alone:.1f} % of the checker's time)", flush=True)
    print(f"({os.path.basename(path)}, CPU time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
