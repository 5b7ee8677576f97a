"""Generate consistent Swiss or round-robin TRF files (synthetic; used by tests and benchmarks).

Pairings are a simple score-group pairing (not FIDE Dutch): players are sorted by score and
paired top-down, avoiding repeats where a neighbour allows; the odd player out gets the
pairing-allocated bye.  Optional forfeits, requested byes and withdrawals exercise the
unplayed-round rules.  Everything is driven by a seeded ``random.Random``.
"""
from __future__ import annotations

import datetime
import random
from dataclasses import replace
from fractions import Fraction

from ..formats.trf import format_player
from ..model import Game, Header, Kind, Player
from ..tournament import Tournament

CODE = {Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
        Kind.HALF_BYE: "H", Kind.FULL_BYE: "F", Kind.PAB: "U", Kind.ZERO_BYE: "Z", Kind.ABSENT: " "}
OTHER = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
         Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}
POINTS = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.FORFEIT_WIN: Fraction(1),
          Kind.HALF_BYE: Fraction(1, 2), Kind.FULL_BYE: Fraction(1), Kind.PAB: Fraction(1)}


def swiss(players: int, rounds: int, *, seed: int = 1, forfeits: float = 0.0, byes: float = 0.0,
          withdrawals: float = 0.0, name: str = "Synthetic Swiss") -> Tournament:
    """A Swiss tournament with ``players`` players and ``rounds`` rounds."""
    rng = random.Random(seed)
    people = _people(players, rng)
    score = {p.start_rank: Fraction(0) for p in people}
    rows: dict[int, list[Game]] = {p.start_rank: [] for p in people}  # each player's cells so far
    met: set[tuple[int, int]] = set()
    gone: set[int] = set()
    had_pab: set[int] = set()
    for rnd in range(1, rounds + 1):
        cells: dict[int, Game] = {}
        for p in people:
            sno = p.start_rank
            if sno in gone:
                cells[sno] = Game.absent(rnd)
            elif withdrawals and rnd > 1 and rng.random() < withdrawals / rounds:
                gone.add(sno)
                cells[sno] = Game.absent(rnd)
            elif byes and rng.random() < byes:
                kind = rng.choice((Kind.HALF_BYE, Kind.FULL_BYE, Kind.ZERO_BYE))
                cells[sno] = Game(rnd, None, None, CODE[kind], kind)
        active = sorted((p.start_rank for p in people if p.start_rank not in cells),
                        key=lambda s: (-score[s], s))
        if len(active) % 2:  # the lowest without a PAB yet gets it (else the lowest)
            s = next((s for s in reversed(active) if s not in had_pab), active[-1])
            active.remove(s)
            had_pab.add(s)
            cells[s] = Game(rnd, None, None, "U", Kind.PAB)
        while active:
            a = active.pop(0)
            j = next((i for i, b in enumerate(active[:6]) if (min(a, b), max(a, b)) not in met), 0)
            b = active.pop(j)
            met.add((min(a, b), max(a, b)))
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            if forfeits and rng.random() < forfeits:
                kw = rng.choice((Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS))
            else:
                kw = rng.choice((Kind.WIN, Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.LOSS))
            _pair(cells, rnd, white, black, kw)
        _record(people, cells, score, rows)
    return _finish(people, rows, score, rounds, name, "FIDE_DUTCH_2026")


def round_robin(players: int, *, seed: int = 1, double: bool = False, name: str = "Synthetic round robin") -> Tournament:
    """A (double) round robin on the Berger tables; with an odd count one player sits out a round."""
    rng = random.Random(seed)
    people = _people(players, rng)
    schedule = berger(players + (players % 2))
    if double:
        schedule += [[(b, a) for a, b in pairs] for pairs in schedule]
    score = {p.start_rank: Fraction(0) for p in people}
    rows: dict[int, list[Game]] = {p.start_rank: [] for p in people}  # each player's cells so far
    for rnd, pairs in enumerate(schedule, 1):
        cells: dict[int, Game] = {}
        for white, black in pairs:
            if white > players or black > players:  # the odd player out sits this round out
                sitter = black if white > players else white
                cells[sitter] = Game(rnd, None, None, " ", Kind.NOT_SCHEDULED)
                continue
            _pair(cells, rnd, white, black, rng.choice((Kind.WIN, Kind.DRAW, Kind.DRAW, Kind.LOSS)))
        _record(people, cells, score, rows)
    return _finish(people, rows, score, len(schedule), name, "FIDE_DOUBLEROUNDROBIN" if double else "FIDE_ROUNDROBIN")


def _pair(cells: dict[int, Game], rnd: int, white: int, black: int, white_kind: str) -> None:
    """Both cells of one game, from White's result."""
    cells[white] = Game(rnd, black, "w", CODE[white_kind], white_kind)
    cells[black] = Game(rnd, white, "b", CODE[OTHER[white_kind]], OTHER[white_kind])


def _record(people: list[Player], cells: dict[int, Game], score: dict[int, Fraction],
            rows: dict[int, list[Game]]) -> None:
    """Append this round's cell to every player's ``rows`` and add its points."""
    for p in people:
        g = cells[p.start_rank]
        rows[p.start_rank].append(g)
        score[p.start_rank] += POINTS.get(g.kind, Fraction(0))


def berger(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds of (white, black) pairs for an even ``n`` by the circle method.

    Player ``n`` is fixed and alternates colours; the others rotate, so colours are balanced.
    """
    rounds = []
    m = n - 1
    for r in range(m):
        pairs = [(r + 1, n) if r % 2 == 0 else (n, r + 1)]
        for k in range(1, n // 2):
            a, b = (r + k) % m + 1, (r - k) % m + 1
            pairs.append((a, b) if k % 2 else (b, a))
        rounds.append(pairs)
    return rounds


def _people(count: int, rng: random.Random) -> list[Player]:
    ratings = sorted((rng.randint(1400, 2700) for _ in range(count)), reverse=True)  # FIDE floor 1400
    return [Player(start_rank=i, name=f"Player{i:04d}, Test", sex=rng.choice("mw"), rating=r,
                   federation=rng.choice(("GER", "FRA", "ESP", "IND", "USA")), fide_id=str(100000 + i))
            for i, r in enumerate(ratings, 1)]


def _finish(people: list[Player], rows: dict[int, list[Game]], score: dict[int, Fraction], rounds: int, name: str,
            system: str) -> Tournament:
    for p in people:
        p.games = rows[p.start_rank]
        p.points = score[p.start_rank]
    order = sorted(people, key=lambda p: (-score[p.start_rank], p.start_rank))
    for rank, p in enumerate(order, 1):
        p.rank = rank
    first = datetime.date(2026, 4, 1)
    dates = [(first + datetime.timedelta(days=r)).strftime("%y/%m/%d") for r in range(rounds)]
    header = Header(name=name, city="Nowhere", federation="FID", start_date="2026/04/01", round_dates=dates,
                    end_date=f"{first + datetime.timedelta(days=rounds - 1):%Y/%m/%d}", start_date_iso="2026-04-01",
                    end_date_iso=(first + datetime.timedelta(days=rounds - 1)).isoformat(),
                    chief_arbiter="Arbiter, Chief", rounds_declared=rounds)
    t = Tournament(header=header, players=people, rounds=rounds)
    t.source.format = "generated"
    t.extras["system"] = system
    return t


def to_trf(t: Tournament) -> str:
    """TRF16 text (with XXR) for a generated tournament; NOT_SCHEDULED cells are written blank."""
    h = t.header
    lines = [f"012 {h.name}", f"022 {h.city}", f"032 {h.federation}", f"042 {h.start_date}",
             f"052 {h.end_date}", f"062 {len(t.players)}", f"072 {sum(1 for p in t.players if p.rating)}",
             f"092 {'Individual: Round-Robin' if 'ROUND' in t.extras.get('system', '') else 'Individual: Swiss-System'}",
             f"102 {h.chief_arbiter}", ("132" + " " * 88 + "".join(f"{d:<10}" for d in h.round_dates)).rstrip()]
    lines += [format_player(replace(p, games=[g if g.kind != Kind.NOT_SCHEDULED else Game.absent(g.round)
                                              for g in p.games])) for p in t.players]
    lines.append(f"XXR {t.rounds}")
    return "\n".join(lines) + "\n"
