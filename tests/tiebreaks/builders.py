"""Test helpers: build Tournament objects from compact descriptions, and write TRF-16.

* :func:`from_rows` - TEC-booklet crosstable notation, one string per player:
  ``"+W9 =B13 -F11 HPB PAB ZPB --"``: ``+``/``=``/``-`` result, ``W``/``B`` colour and the
  opponent's start rank; ``+F11``/``-F11`` forfeit win/loss against #11; ``HPB`` half-point bye,
  ``PAB`` pairing-allocated bye, ``FPB`` full-point bye, ``ZPB`` zero-point bye, ``--`` absent,
  ``NS`` not scheduled.
* :func:`from_matrix` - a round-robin result matrix (``X ½ 1 0 ...`` rows); rounds are
  assigned with the Berger circle method, so everybody meets everybody once per cycle.
* :func:`random_swiss` - a consistent random Swiss-like event with byes, forfeits, requested
  byes and withdrawals (for property and differential tests).
* :func:`to_trf` - TRF-16 text of a Tournament (for the FIDE TEC reference program).
"""
from __future__ import annotations

import random
from fractions import Fraction

from trfscore.model import Game, Header, Kind, Player
from trfscore.tournament import Tournament

_RESULT = {"+": ("1", Kind.WIN), "=": ("=", Kind.DRAW), "-": ("0", Kind.LOSS)}
_SPECIAL = {
    "HPB": ("H", Kind.HALF_BYE), "PAB": ("U", Kind.PAB), "FPB": ("F", Kind.FULL_BYE),
    "ZPB": ("Z", Kind.ZERO_BYE), "--": (" ", Kind.ABSENT), "NS": (" ", Kind.NOT_SCHEDULED),
}


def parse_cell(rnd: int, tok: str) -> Game:
    tok = tok.strip()
    if tok[:1] in "+=-" and tok[1:] in _SPECIAL:  # booklet style "=HPB", "+PAB"
        tok = tok[1:]
    if tok in _SPECIAL:
        code, kind = _SPECIAL[tok]
        return Game(rnd, None, None, code, kind)
    sign, rest = tok[0], tok[1:]
    if rest[0] == "F":  # forfeit
        opp = int(rest[1:])
        if sign == "+":
            return Game(rnd, opp, None, "+", Kind.FORFEIT_WIN)
        return Game(rnd, opp, None, "-", Kind.FORFEIT_LOSS)
    colour = rest[0].lower()
    opp = int(rest[1:])
    code, kind = _RESULT[sign]
    return Game(rnd, opp, colour, code, kind)


def from_rows(rows: dict[int, str], ratings: dict[int, int] | None = None,
              start_date: str | None = None, system: str = "", rounds: int | None = None,
              names: dict[int, str] | None = None) -> Tournament:
    """A Tournament from TEC-booklet rows keyed by start rank."""
    players = []
    for sr, text in sorted(rows.items()):
        games = [parse_cell(r + 1, tok) for r, tok in enumerate(text.split())]
        p = Player(start_rank=sr, name=(names or {}).get(sr, f"Player {sr}"),
                   rating=(ratings or {}).get(sr), games=games)
        players.append(p)
    n = rounds or max((len(p.games) for p in players), default=0)
    header = Header(start_date_iso=start_date, system=system, rounds_declared=n)
    t = Tournament(header=header, players=players, rounds=n)
    for p in players:
        p.points = t.score(p)
    return t


def berger_rounds(n_players: int) -> list[list[tuple[int, int]]]:
    """Round-robin pairings (white, black) by the circle method, players 1..n (n odd: a bye)."""
    n = n_players + (n_players % 2)
    ids = list(range(1, n + 1))
    rounds = []
    for r in range(n - 1):
        pairs = []
        for k in range(n // 2):
            a, b = ids[k], ids[n - 1 - k]
            if k == 0 and r % 2 == 1:
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        ids = [ids[0]] + [ids[-1]] + ids[1:-1]
    return rounds


def _res(x) -> Fraction:
    if isinstance(x, str):
        x = x.strip()
        return Fraction(1, 2) if x in ("½", "=", "0.5", ".5") else Fraction(x)
    return Fraction(x)


def from_matrix(matrix: list[str] | list[list], names: list[str] | None = None,
                cycles: int = 1, start_date: str | None = None, system: str = "",
                ratings: list[int] | None = None, sitout: str = "NS") -> Tournament:
    """A round-robin Tournament from a result matrix (row i, column j = i's score vs j).

    For ``cycles=2`` every cell holds two results separated by ``/`` (first and second cycle).
    ``sitout`` says how the round a player sits out (odd number of players) is written:
    ``"NS"`` (not scheduled), ``"PAB"`` or ``"--"`` (absent).
    """
    rows = [r.split() if isinstance(r, str) else list(r) for r in matrix]
    N = len(rows)
    games: dict[int, list[Game]] = {i: [] for i in range(1, N + 1)}
    rnd = 0
    for cycle in range(cycles):
        for pairs in berger_rounds(N):
            rnd += 1
            seen = set()
            for a, b in pairs:
                if cycle % 2 == 1:
                    a, b = b, a
                if a > N or b > N:
                    p = a if b > N else b
                    code, kind = _SPECIAL[sitout]
                    games[p].append(Game(rnd, None, None, code, kind))
                    seen.add(p)
                    continue
                cell = rows[a - 1][b - 1]
                val = _res(str(cell).split("/")[cycle] if cycles > 1 else cell)
                for me, other, col, v in ((a, b, "w", val), (b, a, "b", 1 - val)):
                    code, kind = ({Fraction(1): ("1", Kind.WIN), Fraction(0): ("0", Kind.LOSS)}
                                  .get(v, ("=", Kind.DRAW)))
                    games[me].append(Game(rnd, other, col, code, kind))
                seen.update((a, b))
    players = []
    for i in range(1, N + 1):
        players.append(Player(start_rank=i, name=(names[i - 1] if names else f"Player {i}"),
                              rating=(ratings[i - 1] if ratings else None), games=games[i]))
    header = Header(start_date_iso=start_date, system=system or "Round Robin",
                    rounds_declared=rnd)
    t = Tournament(header=header, players=players, rounds=rnd)
    for p in players:
        p.points = t.score(p)
    return t


def random_swiss(seed: int, n_players: int = 10, rounds: int = 5, p_hpb: float = 0.08,
                 p_zpb: float = 0.04, p_forfeit: float = 0.06, p_withdraw: float = 0.03,
                 ratings: bool = True, colours: bool = True) -> Tournament:
    """A consistent random Swiss-like tournament (random pairings without repeats where
    possible) with half/zero-point byes, pairing-allocated byes, forfeits and withdrawals."""
    rng = random.Random(seed)
    ids = list(range(1, n_players + 1))
    cells: dict[int, list[Game]] = {i: [] for i in ids}
    withdrawn: set[int] = set()
    met: dict[int, set[int]] = {i: set() for i in ids}
    had_pab: set[int] = set()
    for r in range(1, rounds + 1):
        available = []
        for i in ids:
            if i in withdrawn:
                cells[i].append(Game(r, None, None, " ", Kind.ABSENT))
                continue
            x = rng.random()
            if x < p_withdraw and r > 1:
                withdrawn.add(i)
                cells[i].append(Game(r, None, None, " ", Kind.ABSENT))
            elif x < p_withdraw + p_hpb:
                cells[i].append(Game(r, None, None, "H", Kind.HALF_BYE))
            elif x < p_withdraw + p_hpb + p_zpb:
                cells[i].append(Game(r, None, None, "Z", Kind.ZERO_BYE))
            else:
                available.append(i)
        rng.shuffle(available)
        if len(available) % 2 == 1:
            cand = [i for i in available if i not in had_pab] or available
            bye = cand[-1]
            available.remove(bye)
            had_pab.add(bye)
            cells[bye].append(Game(r, None, None, "U", Kind.PAB))
        while available:
            a = available.pop()
            partner = next((b for b in available if b not in met[a]), available[0])
            available.remove(partner)
            b = partner
            met[a].add(b)
            met[b].add(a)
            ca, cb = ("w", "b") if rng.random() < 0.5 else ("b", "w")
            if not colours:
                ca = cb = None
            y = rng.random()
            if y < p_forfeit:
                z = rng.random()
                if z < 0.15:  # double forfeit
                    cells[a].append(Game(r, b, ca, "-", Kind.FORFEIT_LOSS))
                    cells[b].append(Game(r, a, cb, "-", Kind.FORFEIT_LOSS))
                else:
                    cells[a].append(Game(r, b, ca, "+", Kind.FORFEIT_WIN))
                    cells[b].append(Game(r, a, cb, "-", Kind.FORFEIT_LOSS))
            else:
                z = rng.random()
                if z < 0.4:
                    ra, rb = ("1", Kind.WIN), ("0", Kind.LOSS)
                elif z < 0.7:
                    ra, rb = ("=", Kind.DRAW), ("=", Kind.DRAW)
                else:
                    ra, rb = ("0", Kind.LOSS), ("1", Kind.WIN)
                cells[a].append(Game(r, b, ca, ra[0], ra[1]))
                cells[b].append(Game(r, a, cb, rb[0], rb[1]))
    players = [Player(start_rank=i, name=f"Player {i}",
                      rating=(2400 - 37 * i + rng.randrange(0, 30)) if ratings else None,
                      games=cells[i]) for i in ids]
    header = Header(start_date_iso="2024-09-01", system="Swiss Dutch", rounds_declared=rounds)
    t = Tournament(header=header, players=players, rounds=rounds)
    for p in players:
        p.points = t.score(p)
    return t


def renumber(t: Tournament, perm: dict[int, int]) -> Tournament:
    """The same event with start ranks mapped through ``perm``."""
    players = []
    for p in t.players:
        games = [Game(g.round, perm.get(g.opponent) if g.opponent else g.opponent, g.colour,
                      g.code, g.kind) for g in p.games]
        players.append(Player(start_rank=perm[p.start_rank], name=p.name, rating=p.rating,
                              games=games, points=p.points))
    return Tournament(header=t.header, players=players, rounds=t.rounds, scoring=t.scoring)


def to_trf(t: Tournament, date: str = "2024/09/01") -> str:
    """TRF-16 text (001 records with fixed columns) of ``t``."""
    lines = ["012 generated", f"042 {date}", f"062 {len(t.players)}",
             f"XXR {t.rounds}"]
    for p in sorted(t.players, key=lambda q: q.start_rank):
        pts = t.score(p)
        rating = f"{p.rating:4d}" if p.rating else "    "
        head = ("001 " + f"{p.start_rank:4d}" + " " + " " + "   " + " " + f"{p.name[:33]:<33}"
                + " " + rating + " " + "   " + " " + " " * 11 + " " + " " * 10 + " "
                + f"{float(pts):4.1f}" + " " + f"{p.start_rank:4d}")
        cells = []
        for g in p.games:
            opp = g.opponent or 0
            col = g.colour or "-"
            code = g.code if g.code.strip() else "-"
            if g.kind == Kind.ABSENT and not opp:
                code, col = "-", "-"
            cells.append(f"  {opp:4d} {col} {code}")
        lines.append(head + "".join(cells))
    return "\n".join(lines) + "\n"


def random_round_robin(seed: int, n_players: int = 6, cycles: int = 1, p_forfeit: float = 0.1,
                       sitout: str = "NS") -> Tournament:
    """A random (double) round-robin with some forfeits, rounds by the Berger circle method."""
    rng = random.Random(seed)
    rows = []
    cells = {}
    for i in range(n_players):
        for j in range(i + 1, n_players):
            cells[(i, j)] = [rng.choice(["1", "0", "½"]) for _ in range(cycles)]
    for i in range(n_players):
        row = []
        for j in range(n_players):
            if i == j:
                row.append("X")
            elif i < j:
                row.append("/".join(cells[(i, j)]))
            else:
                row.append("/".join({"1": "0", "0": "1", "½": "½"}[x] for x in cells[(j, i)]))
        rows.append(" ".join(row))
    t = from_matrix(rows, cycles=cycles, sitout=sitout,
                    ratings=[2300 - 40 * i + rng.randrange(30) for i in range(n_players)])
    for p in t.players:  # turn some decisive games into forfeits (both sides)
        for k, g in enumerate(p.games):
            if g.kind == Kind.WIN and rng.random() < p_forfeit:
                p.games[k] = Game(g.round, g.opponent, g.colour, "+", Kind.FORFEIT_WIN)
                q = t.player(g.opponent)
                q.games[k] = Game(g.round, p.start_rank, q.games[k].colour, "-",
                                  Kind.FORFEIT_LOSS)
    for p in t.players:
        p.points = t.score(p)
    return t
