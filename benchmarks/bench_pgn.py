"""Reading a 100,000-game results-only PGN: trfscore's PGN reader against bare python-chess.

Generates a Swiss-like event (1,000 players, 200 rounds of 500 boards = 100,000 games, each a
results-only game with the seven standard tags plus Elo and FIDE ids) in a temporary folder,
then times

* ``chess.pgn.read_headers`` in a loop (python-chess alone: the floor), and
* ``trfscore.formats.pgn.read`` (headers only, plus the independent game count, players, rounds
  and results),

and prints games per second for both.  Run: ``PYTHONPATH=src python benchmarks/bench_pgn.py``
(``--games N`` for another size).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))


def generate(path: str, games: int, players: int = 1000, seed: int = 1) -> None:
    rng = random.Random(seed)
    boards = players // 2
    rounds = -(-games // boards)
    ratings = {i: rng.randint(1400, 2800) for i in range(1, players + 1)}
    written = 0
    with open(path, "w", encoding="utf-8") as out:
        for rnd in range(1, rounds + 1):
            order = list(range(1, players + 1))
            rng.shuffle(order)
            for board in range(boards):
                if written == games:
                    return
                w, b = order[2 * board], order[2 * board + 1]
                result = rng.choice(("1-0", "0-1", "1/2-1/2"))
                out.write(f'[Event "Benchmark Open"]\n[Site "Nowhere"]\n[Date "2024.01.01"]\n'
                          f'[Round "{rnd}.{board + 1}"]\n[White "Player {w:04d}, A."]\n'
                          f'[Black "Player {b:04d}, B."]\n[Result "{result}"]\n'
                          f'[WhiteElo "{ratings[w]}"]\n[BlackElo "{ratings[b]}"]\n'
                          f'[WhiteFideId "{100000 + w}"]\n[BlackFideId "{100000 + b}"]\n\n{result}\n\n')
                written += 1


def bare(path: str) -> int:
    import chess.pgn

    n = 0
    with open(path, encoding="utf-8") as handle:
        while chess.pgn.read_headers(handle) is not None:
            n += 1
    return n


def ours(path: str) -> int:
    from trfscore.formats import pgn

    with open(path, "rb") as handle:
        t = pgn.read(handle.read(), path=path)
    assert not [f for f in t.findings if f.severity != "info"], t.findings[:3]
    return sum(1 for p in t.players for g in p.games if g.opponent is not None) // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.pgn")
        t0 = time.perf_counter()
        generate(path, args.games)
        print(f"generated {args.games} games ({os.path.getsize(path) / 1e6:.1f} MB) in "
              f"{time.perf_counter() - t0:.1f} s")
        import chess.pgn  # noqa: F401  (import time is not part of either measurement)

        import trfscore.formats.pgn  # noqa: F401

        for label, fn in (("python-chess read_headers", bare), ("trfscore pgn.read (results)", ours)):
            t0 = time.perf_counter()
            n = fn(path)
            dt = time.perf_counter() - t0
            print(f"{label:30s} {n:7d} games  {dt:6.2f} s  {n / dt:9.0f} games/s")


if __name__ == "__main__":
    main()
