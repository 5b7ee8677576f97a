"""Benchmark: `trfscore check --jobs 2` on 1,000 typical files (100 players, 9 rounds).

The files are generated (Swiss, a few forfeits, byes and withdrawals) into a temporary folder;
the whole command runs in a fresh process, start-up included, the way a federation would run it
over a month of reports.  Also timed: the same folder with --jobs 1, and one file in process
(read + checks) to show where the time goes.

Run:  python benchmarks/bench_check.py [--files 1000] [--players 100] [--rounds 9] [--jobs 2]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def generate(folder: Path, files: int, players: int, rounds: int) -> int:
    from trfscore.testing.generate import swiss, to_trf

    size = 0
    for i in range(files):
        text = to_trf(swiss(players, rounds, seed=i, forfeits=0.02, byes=0.03, withdrawals=0.05,
                            name=f"Synthetic Open {i}"))
        (folder / f"event{i:04d}.trf").write_text(text, encoding="utf-8")
        size += len(text)
    return size


def run_cli(folder: Path, jobs: int) -> tuple[float, int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "trfscore.cli", "check", str(folder), "--jobs", str(jobs),
                           "--format", "json", "--no-progress"], capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    return elapsed, proc.returncode, proc.stderr.decode(errors="replace").strip().splitlines()[0]


def in_process(path: Path, repeat: int = 50) -> tuple[float, float]:
    import trfscore
    from trfscore.checks import check, resolve

    data = path.read_bytes()
    profile = resolve("basic")
    t0 = time.perf_counter()
    for _ in range(repeat):
        t = trfscore.loads(data)
    t1 = time.perf_counter()
    for _ in range(repeat):
        check(t, profile)
    t2 = time.perf_counter()
    return (t1 - t0) / repeat * 1000, (t2 - t1) / repeat * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--serial", action="store_true", help="also time --jobs 1")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="trfscore-bench-") as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        size = generate(folder, args.files, args.players, args.rounds)
        print(f"generated {args.files} files ({args.players} players, {args.rounds} rounds; "
              f"{size / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s")
        read_ms, check_ms = in_process(folder / "event0000.trf")
        print(f"one file in process: read {read_ms:.2f} ms, checks {check_ms:.2f} ms")
        elapsed, code, summary = run_cli(folder, args.jobs)
        print(f"trfscore check --jobs {args.jobs}: {elapsed:.2f} s for {args.files} files "
              f"({args.files / elapsed:.0f} files/s), exit {code}; {summary}")
        if args.serial:
            elapsed1, code1, _ = run_cli(folder, 1)
            print(f"trfscore check --jobs 1: {elapsed1:.2f} s ({args.files / elapsed1:.0f} files/s), exit {code1}")
        print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
