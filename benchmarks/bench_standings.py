"""Benchmark: `trfscore report` on a 9,999-player, 13-round Swiss against a bare baseline.

The baseline only slices the 001 columns and sums Buchholz and Sonneborn-Berger with plain
floats: the least any tool must do.  trfscore is timed in-process (load + standings with
BH-C1, BH, SB, PS under the 2026 rules + JSON rendering) and as a whole command in a fresh
process (start-up included), and its peak resident memory is read from the child process.
Each pair of measurements is taken in turn, best of ``--repeat``.

Run:  python benchmarks/bench_standings.py [--players 9999] [--rounds 13] [--repeat 9]
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def baseline(path: str) -> tuple[dict, dict, dict]:
    """Slice the columns, then points, BH and SB with floats: no validation, no model."""
    score: dict[int, float] = {}
    rows: dict[int, list[tuple[int, float]]] = {}
    value = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0, " ": 0.0}
    with open(path, encoding="utf-8", newline="") as handle:
        for line in handle.read().splitlines():
            if not line.startswith("001"):
                continue
            sno = int(line[4:8])
            total = 0.0
            games = []
            for base in range(91, len(line), 10):
                opp = line[base:base + 4].strip()
                res = line[base + 7:base + 8] or " "
                pts = value.get(res, 0.0)
                total += pts
                if opp and opp != "0000":
                    games.append((int(opp), pts))
            score[sno] = total
            rows[sno] = games
    out = {}
    for sno, games in rows.items():
        bh = sum(score[o] for o, _ in games)
        sb = sum(score[o] * p for o, p in games)
        out[sno] = (score[sno], bh, sb)
    return score, rows, out


def trfscore_in_process(path: str) -> tuple:
    import trfscore
    from trfscore.report import json_report

    t = trfscore.load(path)
    standings = t.standings(tiebreaks=["BH-C1", "BH", "SB", "PS"], rules="fide-2026")
    return t, standings, json_report.render(t, standings)


def timed(fn, *args) -> float:
    """The time of ``fn(*args)``.  Its result is released after the clock stops, for the
    baseline and trfscore alike: the work is timed, not the freeing of what it built (the
    command, too, exits without freeing its objects one by one)."""
    start = time.perf_counter()
    result = fn(*args)
    elapsed = time.perf_counter() - start
    del result
    return elapsed


def best_in_turn(repeat: int, first, second) -> tuple[float, float]:
    """The best times of two measurements taken in turn, ``repeat`` times each, so that a
    shared machine speeding up or slowing down during the run affects both alike."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        best[0] = min(best[0], first())
        best[1] = min(best[1], second())
    return best[0], best[1]


def child_env(cache: str) -> dict[str, str]:
    """The environment of the timed commands: the source tree, with byte-code compiled once into
    ``cache`` (as an installed package has it), whatever PYTHONDONTWRITEBYTECODE says."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT / "src") + os.pathsep + str(ROOT / "benchmarks"), PYTHONPYCACHEPREFIX=cache)
    return env


def run_command(argv: list[str], env: dict[str, str]) -> float:
    """The wall time of ``argv`` as a fresh process."""
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    from trfscore.testing.generate import swiss, to_trf

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.trf")
        Path(path).write_text(to_trf(swiss(args.players, args.rounds, seed=7, forfeits=0.02, byes=0.02,
                                           withdrawals=0.05)), encoding="utf-8")
        trfscore_in_process(path)  # imports, and the grammar cache
        base, ours = best_in_turn(args.repeat, lambda: timed(baseline, path),
                                  lambda: timed(trfscore_in_process, path))
        env = child_env(os.path.join(tmp, "pycache"))
        base_cmd = [sys.executable, "-c", "import sys, bench_standings; bench_standings.baseline(sys.argv[1])", path]
        ours_cmd = [sys.executable, "-m", "trfscore", "report", path, "--format", "json", "--tiebreaks",
                    "BH-C1,BH,SB,PS", "--rules", "fide-2026"]
        run_command(base_cmd, env)  # compile, and warm the file cache
        run_command(ours_cmd, env)  # compile, and build the grammar cache
        base_wall, ours_wall = best_in_turn(args.repeat, lambda: run_command(base_cmd, env),
                                            lambda: run_command(ours_cmd, env))
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child: trfscore
        print(f"{args.players} players x {args.rounds} rounds")
        print(f"in process: baseline (slice + BH/SB)       {base:7.3f} s")
        print(f"in process: trfscore load+standings+json   {ours:7.3f} s  ({ours / base:.2f}x baseline)")
        print(f"command:    python baseline                {base_wall:7.3f} s")
        print(f"command:    trfscore report --format json  {ours_wall:7.3f} s  ({ours_wall / base_wall:.2f}x baseline)"
              f"  peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
