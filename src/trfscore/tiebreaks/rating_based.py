"""Rating-based tie-breaks, C.07 Art. 10: ARO, TPR, PTP, APRO, APPO, RTNG.

* Only games played over the board count (Art. 10, TEC booklet section 5), in numerator and
  denominator.  In round-robins forfeits are regular games (15.2) except from 2026, when they
  stay unplayed for these tie-breaks (``unplayed.is_game`` purpose "rating").
* Averages are rounded to the nearest integer, .5 upwards (1887.5 -> 1888), with integer
  arithmetic, never ``round()``.
* TPR (10.2) = rounded ARO + dp(p), p = points / games rounded to two decimals (.005 upwards),
  dp from FIDE B.02 table 8.1.1 (dp(p) = -dp(1-p) below 0.50).
* PTP (10.3) = the lowest integer rating R whose expected score, summed over the opponents with
  B.02 table 8.1.2 and no 400-point cap, reaches the points scored; 0 points: the lowest
  opponent rating - 800.  A 100 % score gives the highest opponent rating + 736, where the table
  saturates (the regulation only spells out the 0 % case).
* APRO / APPO (10.4 / 10.5): the rounded average TPR / PTP of the opponents met over the board.
* RTNG (10.6, 2026): the player's rating, highest first.
* Unrated players: if anybody without a rating played a game, these tie-breaks are dropped
  (every value undefined, the standings carry a note) unless a rating for unrated players is
  set (``unrated=`` option or ``/Unnnn``), as Art. 10 says.
The FIDE tables come from :mod:`trfscore.ratings.tables` (B.02 8.1.1 / 8.1.2).
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..model import Kind
from ..ratings.tables import fide_dp_hundredths as dp
from ..ratings.tables import fide_pd_hundredths as pd_hundredths
from . import unplayed as U
from .base import Column, Engine, TieBreak

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_rating", "explain_rating", "tpr_of", "ptp_of", "dp", "pd_hundredths",
           "round_half_up"]


def round_half_up(num: int, den: int) -> int:
    """num/den rounded to the nearest integer, halves upwards (exact integer arithmetic)."""
    return (2 * num + den) // (2 * den)


#: A result in half points, by the cell's kind (an unknown result has none).
_HALVES = {Kind.WIN: 2, Kind.FORFEIT_WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0, Kind.FORFEIT_LOSS: 0}
_halves = _HALVES.get


#: A game that counts for a rating-based tie-break: opponent index, opponent rating or None,
#: result in half points.
RatedGame = tuple[int, int | None, int]
_RatedGames = tuple[list[list[RatedGame]], list[int | None]]


def _games(eng: Engine, tb: TieBreak) -> _RatedGames:
    """Per player: list of (opponent index, opponent rating or None, result in half points);
    and every player's rating (the ``unrated`` one, or None, for players without one)."""
    ed = eng.edition_for(tb)
    u = eng.unrated_rating(tb)
    key = ("rgames", ed.name, tb.forfeits_played, u)
    got: _RatedGames | None = eng.cache.get(key)
    if got is not None:
        return got
    ctx = eng.ctx
    ratings = [(p.rating if p.rating else u) for p in ctx.players]
    out: list[list[RatedGame]] = []
    for i in range(ctx.player_count):
        row: list[RatedGame] = []
        orow, crow, krow = ctx.opp[i], ctx.categories[i], ctx.kind[i]
        for r, c in enumerate(crow):
            if U.is_game(ctx, ed, c, "rating", tb.forfeits_played):
                h = _halves(krow[r])
                if h is not None:
                    o = orow[r]
                    row.append((o, ratings[o], h))
        out.append(row)
    unrated = sum(1 for i, row in enumerate(out) if row and ratings[i] is None)
    if unrated:
        # C.07 Art. 10: with unrated participants these tie-breaks are dropped unless a rating
        # is fixed for them (here: the ``unrated`` option or /Unnnn).
        eng.note(f"rating-based tie-breaks dropped: {unrated} player(s) without a rating took "
                 "part (C.07 Art. 10); to use them, give unrated players a rating: --unrated N on "
                 "the command line (unrated=N in the library, or /UN after the tie-break code)")
        out = [[] for _ in out]
    made = eng.cache[key] = (out, ratings)
    return made


def aro_of(row: list[RatedGame], low: int = 0, high: int = 0) -> int | None:
    rs = sorted(r for _, r, _ in row if r is not None)
    if low or high:
        rs = rs[low:len(rs) - high] if len(rs) > low + high else []
    return round_half_up(sum(rs), len(rs)) if rs else None


def tpr_of(row: list[RatedGame]) -> int | None:
    rated = [(r, h) for _, r, h in row if r is not None]
    if not rated:
        return None
    k = len(rated)
    halves = sum(h for _, h in rated)
    aro = round_half_up(sum(r for r, _ in rated), k)
    p = (100 * halves + k) // (2 * k)  # p = halves / (2k), in hundredths, .005 upwards
    return aro + dp(p)


def ptp_of(row: list[RatedGame]) -> int | None:
    rated = [(r, h) for _, r, h in row if r is not None]
    if not rated:
        return None
    rs = [r for r, _ in rated]
    halves = sum(h for _, h in rated)
    if halves == 0:
        return min(rs) - 800
    target = 50 * halves  # points in hundredths
    lo, hi = min(rs) - 800, max(rs) + 800
    while lo < hi:
        mid = (lo + hi) // 2
        if sum(pd_hundredths(mid - x) for x in rs) >= target:
            hi = mid
        else:
            lo = mid + 1
    return lo


def compute_rating(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    base = tb.base
    if base == "RTNG":
        u = eng.unrated_rating(tb)
        vals = [(p.rating if p.rating else u) for p in ctx.players]
        return Column(vals, integer=True, ascending=tb.reverse)
    games, _ = _games(eng, tb)
    if base == "ARO":
        vals = [aro_of(row, tb.low, tb.high) for row in games]
    elif base == "TPR":
        vals = [tpr_of(row) for row in games]
    elif base == "PTP":
        vals = [ptp_of(row) for row in games]
    elif base in ("APRO", "APPO"):
        per = _per_player(eng, tb, "TPR" if base == "APRO" else "PTP")
        vals = []
        for row in games:
            xs = [x for o, _, _ in row if (x := per[o]) is not None]
            vals.append(round_half_up(sum(xs), len(xs)) if xs else None)
    else:  # pragma: no cover - registry only routes the names above here
        raise KeyError(base)
    return Column(vals, integer=True)


def _per_player(eng: Engine, tb: TieBreak, which: str) -> list[int | None]:
    key = ("perf", which, eng.edition_for(tb).name, tb.forfeits_played, eng.unrated_rating(tb))
    got: list[int | None] | None = eng.cache.get(key)
    if got is None:
        games, _ = _games(eng, tb)
        f = tpr_of if which == "TPR" else ptp_of
        got = eng.cache[key] = [f(row) for row in games]
    return got


def explain_rating(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation, Term, fmt_number  # on first use (start-up)

    ctx = eng.ctx
    ed = eng.edition_for(tb)
    base = tb.base
    col = eng.column(tb, compute_rating)
    value = col.values[i]
    if base == "RTNG":
        return Explanation(ctx.start_ranks[i], "Rating", tb.code, value, ed.name, "", [], "text",
                           f"rating {value if value is not None else 'none'}", integer=True)
    games, _ = _games(eng, tb)
    row = games[i]
    rounds = [r for r, c in enumerate(ctx.categories[i])
              if U.is_game(ctx, ed, c, "rating", tb.forfeits_played)
              and _halves(ctx.kind[i][r]) is not None]
    terms = [Term(r + 1, ctx.start_ranks[o], rt,
                  note=f"scored {fmt_number(Fraction(h, 2))}" + ("" if rt is not None
                                                                else ", unrated"))
             for r, (o, rt, h) in zip(rounds, row)]
    rated = [t for t in terms if t.value is not None]
    rated_halves = [h for (_, rt, h) in row if rt is not None]
    notes = ["only games played over the board count (C.07 Art. 10)"]
    if base == "ARO":
        rs = sorted(t.value for t in rated)
        kept = rs[tb.low:len(rs) - tb.high] if len(rs) > tb.low + tb.high else []
        removed = list(rs)
        for x in kept:
            removed.remove(x)
        for x in removed:
            for t in rated:
                if t.value == x and not t.cut:
                    t.cut = True
                    t.cut_reason = "lowest / highest rating cut"
                    break
        if kept:
            formula = (f"({' + '.join(str(x) for x in kept)}) / {len(kept)} = "
                       f"{Fraction(sum(kept), len(kept))} -> {value} (rounded, .5 up)")
        else:
            formula = "no rated opponent left: undefined"
    elif base == "TPR":
        if rated:
            k = len(rated)
            halves = sum(rated_halves)
            aro = round_half_up(sum(t.value for t in rated), k)
            p = (100 * halves + k) // (2 * k)
            formula = (f"ARO {aro} + dp({p // 100}.{p % 100:02d}) {dp(p):+d} = {value} "
                       f"(p = {fmt_number(Fraction(halves, 2))}/{k} rounded to 2 decimals)")
        else:
            formula = "no rated opponent: undefined"
    elif base == "PTP":
        if rated:
            halves = sum(rated_halves)
            if halves == 0:
                formula = f"no points: lowest opponent rating - 800 = {value}"
            else:
                exp = sum(pd_hundredths(value - t.value) for t in rated)
                formula = (f"lowest rating whose expected score reaches "
                           f"{fmt_number(Fraction(halves, 2))}: {value} "
                           f"(expected {exp // 100}.{exp % 100:02d})")
        else:
            formula = "no rated opponent: undefined"
    else:
        which = "TPR" if base == "APRO" else "PTP"
        per = _per_player(eng, tb, which)
        terms = [Term(t.round, t.opponent, per[o]) for t, (o, _, _) in zip(terms, row)]
        xs = [t.value for t in terms if t.value is not None]
        formula = (f"({' + '.join(str(x) for x in xs)}) / {len(xs)} -> {value} (rounded, .5 up)"
                   if xs else "undefined")
    return Explanation(ctx.start_ranks[i], base, tb.code, value, ed.name, "", terms, "text", formula,
                       notes, integer=True)
