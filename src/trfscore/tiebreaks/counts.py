"""Counting tie-breaks, C.07 Art. 7 (Type B: the player's own results or data).

* WIN (7.1)  rounds in which the player got the points of a win, played or not: OTB wins,
             forfeit wins, pairing-allocated and full-point byes worth a win.
* WON (7.2)  games won over the board.
* BPG (7.3)  games played with Black.       * BWG (7.4) games won with Black.
* REP (7.6)  rounds the player elected to play: every round that is not a voluntarily unplayed
             round (OTB games, PAB, full-point bye, forfeit win).  Called GE until Aug 2024.
* STD (7.7, 2026) rounds in which the player scored more than the scheduled opponent (or, not
             playing, more than a draw), plus half the rounds with equal points.
* TPN (7.8, 2026) tournament pairing number, ascending.
In round-robins forfeits are regular games (15.2); from 2026 forfeit losses stay unplayed for
these counts (``unplayed.is_game`` with purpose "count").
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..model import Kind
from . import unplayed as U
from .base import Column, Engine, TieBreak
from .context import Context
from .editions import Edition
from .terms import KIND_TEXT

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_count", "explain_count", "COUNTS"]


def _win(ctx: Context, ed: Edition, tb: TieBreak, i: int, r: int) -> int:
    if ctx.categories[i][r] == U.NOSCHED:
        return 0
    k = ctx.kind[i][r]
    return int(k in (Kind.WIN, Kind.FORFEIT_WIN) or (k in (Kind.PAB, Kind.FULL_BYE) and ctx.pts[i][r] >= ctx.W))


def _won(ctx: Context, ed: Edition, tb: TieBreak, i: int, r: int) -> int:
    return int(U.is_game(ctx, ed, ctx.categories[i][r], "count", tb.forfeits_played)
               and ctx.kind[i][r] in (Kind.WIN, Kind.FORFEIT_WIN))


def _bpg(ctx: Context, ed: Edition, tb: TieBreak, i: int, r: int) -> int:
    return int(U.is_game(ctx, ed, ctx.categories[i][r], "count", tb.forfeits_played) and ctx.col[i][r] == "b")


def _bwg(ctx: Context, ed: Edition, tb: TieBreak, i: int, r: int) -> int:
    return _won(ctx, ed, tb, i, r) if ctx.col[i][r] == "b" else 0


def _rep(ctx: Context, ed: Edition, tb: TieBreak, i: int, r: int) -> int:
    c = ctx.categories[i][r]
    return int(c in U.AVAILABLE or (c == U.FLOSS and U.is_game(ctx, ed, c, "count", tb.forfeits_played)))


def _std(ctx: Context, ed: Edition, tb: TieBreak, i: int, r: int) -> int:
    """In half units: 2 = more, 1 = equal, 0 = less.  A game played over the board compares
    with the opponent's points in that round; an unplayed round ("without playing": byes and
    forfeits, a double forfeit too) compares with the points for a draw."""
    c = ctx.categories[i][r]
    if c == U.NOSCHED:
        return 0
    mine = ctx.pts[i][r]
    o = ctx.opp[i][r]
    other = ctx.pts[o][r] if c == U.PLAYED and ctx.opp[o][r] == i else ctx.D
    return 2 if mine > other else 1 if mine == other else 0


#: One round's count (STD: in half units) for player ``i``, round ``r``.
Count = Callable[[Context, Edition, TieBreak, int, int], int]
COUNTS: dict[str, Count] = {"WIN": _win, "WON": _won, "BPG": _bpg, "BWG": _bwg, "REP": _rep, "STD": _std}
NAMES = {"WIN": "Number of wins (incl. unplayed)", "WON": "Games won over the board",
         "BPG": "Games played with Black", "BWG": "Games won with Black",
         "REP": "Rounds elected to play", "STD": "Standard points", "TPN": "Pairing number"}


def compute_count(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    if tb.base == "TPN":
        return Column(list(ctx.start_ranks), ascending=not tb.reverse, integer=True)
    ed = eng.edition_for(tb)
    f = COUNTS[tb.base]
    rng = range(ctx.round_count)
    out = [sum(f(ctx, ed, tb, i, r) for r in rng) for i in range(ctx.player_count)]
    if tb.base == "STD":
        return Column(out, scale=2)
    return Column(out, integer=True, ascending=tb.reverse)


def explain_count(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation, Term  # on first use (start-up)

    ctx = eng.ctx
    ed = eng.edition_for(tb)
    name = NAMES.get(tb.base, tb.base)
    if tb.base == "TPN":
        return Explanation(ctx.start_ranks[i], name, tb.code, ctx.start_ranks[i], ed.name, "", [], "text",
                           f"pairing number {ctx.start_ranks[i]}", integer=True)
    f = COUNTS[tb.base]
    terms = []
    for r in range(ctx.round_count):
        v = f(ctx, ed, tb, i, r)
        if v:
            o = ctx.opp[i][r]
            k = ctx.kind[i][r]
            value = Fraction(v, 2) if tb.base == "STD" else v
            terms.append(Term(r + 1, ctx.start_ranks[o] if o >= 0 else None, value,
                              note=KIND_TEXT.get(k, k)))
    if tb.base == "STD":
        return Explanation(ctx.start_ranks[i], name, tb.code, sum((t.value for t in terms), Fraction(0)), ed.name, "",
                           terms, "sum")
    return Explanation(ctx.start_ranks[i], name, tb.code, len(terms), ed.name, "", terms, "sum", integer=True)
