"""Benchmark: rendering the reports of a 500-player, 9-round Swiss (HTML above all).

The standings are computed once (BH-C1, BH, SB, PS under the 2026 rules, plus ARO and TPR with
``--rating-tiebreaks``); then each renderer is timed on them, best of ``--repeat``.  For HTML
the time spent building the embedded tie-break explanations (one ``Standings.explain`` call
per player and tie-break) is shown apart, with the page size.

Run:  PYTHONPATH=src python benchmarks/bench_report.py [--players 500] [--rounds 9] [--repeat 5]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def best_of(repeat: int, fn, *args, **kwargs) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rating-tiebreaks", action="store_true", help="add ARO and TPR to the list")
    args = parser.parse_args()

    from trfscore.report import csv_report, html, json_report, markdown, text
    from trfscore.testing.generate import swiss

    t = swiss(args.players, args.rounds, seed=2026, forfeits=0.02, byes=0.02, withdrawals=0.03)
    codes = ["BH-C1", "BH", "SB", "PS"] + (["ARO", "TPR"] if args.rating_tiebreaks else [])
    st, s = best_of(1, t.standings, tiebreaks=codes, rules="fide-2026")
    print(f"{args.players} players x {args.rounds} rounds, tie-breaks {', '.join(codes)}")
    print(f"standings (once)                 {st * 1000:8.1f} ms")
    ex, _ = best_of(args.repeat, html._explanations, s)
    ht, page = best_of(args.repeat, html.render, t, s)
    print(f"html                             {ht * 1000:8.1f} ms  ({len(page.encode('utf-8')) / 1024:.0f} KiB; "
          f"explanations {ex * 1000:.1f} ms of it)")
    for name, fn, fargs in (("markdown", markdown.render, (t, s)), ("csv", csv_report.render, (s,)),
                            ("json", json_report.render, (t, s)), ("text", text.render, (t, s))):
        took, out = best_of(args.repeat, fn, *fargs)
        print(f"{name:<32} {took * 1000:8.1f} ms  ({len(out.encode('utf-8')) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
