"""Benchmark: reading a 9,999-player, 13-round Swiss written as crosstable text (the
"crosstable text input" row) against its floor, ``bench-floors/floor_ct.py``.

The event is generated (``trfscore.testing.generate.swiss``, the same seed and options as the
standings benchmark) and written by trfscore's crosstable writer.  Three measurements, each taken
in turn with its baseline, best of ``--repeat``:

* the command ``trfscore report big.txt --format json --tiebreaks BH-C1,BH,SB,PS`` against
  ``python floor_ct.py big.txt`` (fresh processes; the goal is <= 2x), as wall
  time and as CPU time (steadier on a shared machine);
* in process, ``crosstable.read`` with the fast path for regular rows and without it (what the
  fast path buys), against the floor's own work done in process.

Run:  python benchmarks/bench_crosstable.py [--players 9999] [--rounds 13] [--repeat 5]
      [--floors /work/shared/bench-floors]  (or TRFSCORE_BENCH_FLOORS)
``measure(...)`` returns the numbers for ``benchmarks/run.py``.
"""
from __future__ import annotations

import argparse
import os
import resource
import runpy
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
DEFAULT_FLOORS = Path(os.environ.get("TRFSCORE_BENCH_FLOORS", "/work/shared/bench-floors"))
TIEBREAKS = ("--tiebreaks", "BH-C1,BH,SB,PS", "--rules", "fide-2026")


def write_event(path: str, players: int, rounds: int) -> None:
    """The benchmark's event as crosstable text."""
    from trfscore.formats.crosstable import writer
    from trfscore.testing.generate import swiss

    t = swiss(players, rounds, seed=7, forfeits=0.02, byes=0.02, withdrawals=0.05)
    Path(path).write_text(writer.write(t), encoding="utf-8")


def _wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _cpu(argv: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system) of ``argv`` as a fresh process: steadier than the wall time
    on a machine shared with other work."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _in_turn(repeat: int, *jobs) -> list[float]:
    """The best time of each job, the jobs run one after the other ``repeat`` times."""
    best = [float("inf")] * len(jobs)
    for _ in range(repeat):
        for i, job in enumerate(jobs):
            best[i] = min(best[i], job())
    return best


def _timed(fn) -> float:
    start = time.perf_counter()
    result = fn()
    elapsed = time.perf_counter() - start
    del result
    return elapsed


def _general_read(text: str):
    """``crosstable.read`` by the general path alone (the fast path finding no table it covers)."""
    from unittest.mock import patch

    from trfscore.formats import crosstable
    from trfscore.formats.crosstable import reader

    with patch.object(reader, "read_table", lambda state: None):
        return crosstable.read(text)


def measure(path: str, floors: Path = DEFAULT_FLOORS, repeat: int = 5) -> dict[str, float]:
    """Times (seconds, best of ``repeat``, in turns) and ratios for the crosstable text at ``path``."""
    from trfscore.formats import crosstable

    text = Path(path).read_text(encoding="utf-8")
    floor_script = str(floors / "floor_ct.py")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as cache:
        env.update(PYTHONPATH=str(ROOT / "src"), PYTHONPYCACHEPREFIX=cache)
        floor_cmd = [sys.executable, floor_script, path]
        ours_cmd = [sys.executable, "-m", "trfscore", "report", path, "--format", "json", *TIEBREAKS]
        subprocess.run(floor_cmd, env=env, stdout=subprocess.DEVNULL, check=True)  # compile, warm the cache
        subprocess.run(ours_cmd, env=env, stdout=subprocess.DEVNULL)
        floor_wall, ours_wall = _in_turn(repeat, lambda: _wall(floor_cmd, env), lambda: _wall(ours_cmd, env))
        floor_cpu, ours_cpu = _in_turn(repeat, lambda: _cpu(floor_cmd, env), lambda: _cpu(ours_cmd, env))
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024

    def floor_in_process() -> float:
        argv = sys.argv
        sys.argv = ["floor_ct.py", path]
        try:
            with open(os.devnull, "w") as sink:
                stdout, sys.stdout = sys.stdout, sink
                try:
                    return _timed(lambda: runpy.run_path(floor_script))
                finally:
                    sys.stdout = stdout
        finally:
            sys.argv = argv

    crosstable.read(text[:5000])  # imports and the grammar's terminals
    floor_read, fast, general = _in_turn(max(1, repeat // 2), floor_in_process,
                                          lambda: _timed(lambda: crosstable.read(text)),
                                          lambda: _timed(lambda: _general_read(text)))
    return {"floor_command": floor_wall, "report_command": ours_wall, "ratio": ours_wall / floor_wall,
            "floor_cpu": floor_cpu, "report_cpu": ours_cpu, "cpu_ratio": ours_cpu / floor_cpu,
            "peak_rss_mb": rss, "floor_in_process": floor_read, "read_fast": fast, "read_general": general}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--floors", type=Path, default=DEFAULT_FLOORS)
    parser.add_argument("--input", help="a crosstable text to use instead of generating one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.input or os.path.join(tmp, "big.txt")
        if not args.input:
            write_event(path, args.players, args.rounds)
        m = measure(path, args.floors, args.repeat)
    print(f"{args.players} players x {args.rounds} rounds as crosstable text")
    print(f"command: python floor_ct.py                 {m['floor_command']:7.3f} s")
    print(f"command: trfscore report --format json      {m['report_command']:7.3f} s  ({m['ratio']:.2f}x floor)"
          f"  peak RSS {m['peak_rss_mb']:.0f} MB")
    print(f"command CPU time: floor {m['floor_cpu']:.3f} s, trfscore {m['report_cpu']:.3f} s  "
          f"({m['cpu_ratio']:.2f}x floor)")
    print(f"in process: floor_ct.py                     {m['floor_in_process']:7.3f} s")
    print(f"in process: crosstable.read (fast path)     {m['read_fast']:7.3f} s")
    print(f"in process: crosstable.read (general path)  {m['read_general']:7.3f} s")


if __name__ == "__main__":
    main()
