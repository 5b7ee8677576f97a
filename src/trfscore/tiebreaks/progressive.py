"""Progressive score (cumulative score), C.07 Art. 7.5.

PS is the sum, over the rounds, of the player's score after each round; unplayed rounds count
with the points awarded (a round-1 bye therefore counts in every term).  PS-Cn drops the terms
of the first n rounds (Art. 14.1.1 c: the least significant value is the score after round 1);
the points still count in the later terms.  A round a round-robin player sits out adds no
points, but the score after that round is still a term ("after each round"; the FIDE TEC
reference program agrees).
"""
from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING

from .base import Column, Engine, TieBreak
from .context import Context

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_ps", "explain_ps", "running_scores"]


def running_scores(ctx: Context, i: int) -> list[int]:
    """Player ``i``'s score after each round (a not-scheduled round holds 0 points)."""
    return list(accumulate(ctx.pts[i]))


def compute_ps(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    low = tb.low
    pts = ctx.flat_pts  # one player's row at a time: no list per player is kept
    if low == 0:
        out = [sum(accumulate(pts[row])) for row in ctx.slices]
    else:
        out = [sum(list(accumulate(pts[row]))[low:]) for row in ctx.slices]
    return Column(out, scale=ctx.unit)


def explain_ps(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation, Term  # on first use (start-up)

    ctx = eng.ctx
    terms = []
    for r, s in enumerate(running_scores(ctx, i)):
        t = Term(r + 1, None, ctx.to_fraction(s), note="score after the round")
        if r < tb.low:
            t.cut = True
            t.cut_reason = "Cut: the earliest rounds' terms are dropped (C.07 Art. 14.1.1 c)"
        terms.append(t)
    value = sum((t.value for t in terms if not t.cut), ctx.to_fraction(0))
    return Explanation(ctx.start_ranks[i], "Progressive score", tb.code, value, eng.edition_for(tb).name,
                       "", terms, "sum")
