"""Koya system, C.07 Art. 9.2, with the Limit modifier (Art. 14.5).

KS is the number of points scored against the opponents whose final score is at least 50 % of
the maximum possible score.  The maximum is a win in every round a player is scheduled to play:
in a round-robin with an odd number of players that is one round fewer than the number of
rounds (per cycle).  Opponents are taken at face value.  A forfeit counts against the scheduled
opponent (a regular game in round-robins, 15.2; in Swiss events C.07 does not say how Art. 16
applies to KS, and this follows the FIDE TEC reference program); byes and absences count
nothing.

Limit: ``KS/L40`` sets the threshold to 40 % of the maximum; ``KS/L+1`` / ``KS/L-2`` move it by
half points; ``KS/L-1.5`` by points.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from . import unplayed as U
from .base import Column, Engine, TieBreak

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_ks", "explain_ks", "threshold"]


def threshold(eng: Engine, tb: TieBreak) -> Fraction:
    """The Koya threshold in points (a Fraction)."""
    ctx = eng.ctx
    rounds = max(ctx.scheduled_rounds, default=0) if ctx.rr else ctx.round_count
    maximum = Fraction(ctx.W, ctx.unit) * rounds
    pct = tb.limit_pct if tb.limit_pct is not None else Fraction(50)
    return maximum * pct / 100 + tb.limit_delta


def compute_ks(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    ed = eng.edition_for(tb)
    lim = threshold(eng, tb) * ctx.unit  # scaled, may be fractional
    strong = [s >= lim for s in ctx.score]
    fp = True  # forfeits count against the scheduled opponent (see the module docstring)
    out = []
    for i in range(ctx.player_count):
        total = 0
        orow, prow = ctx.opp[i], ctx.pts[i]
        for r, c in enumerate(ctx.categories[i]):
            if U.is_game(ctx, ed, c, "opponent", fp) and strong[orow[r]]:
                total += prow[r]
        out.append(total)
    return Column(out, scale=ctx.unit)


def explain_ks(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation, Term, fmt_number  # on first use (start-up)

    ctx = eng.ctx
    ed = eng.edition_for(tb)
    lim = threshold(eng, tb)
    terms = []
    for r, c in enumerate(ctx.categories[i]):
        if U.is_game(ctx, ed, c, "opponent", True):
            o = ctx.opp[i][r]
            opp_score = ctx.to_fraction(ctx.score[o])
            t = Term(r + 1, ctx.start_ranks[o], ctx.to_fraction(ctx.pts[i][r]),
                     note=f"opponent scored {fmt_number(opp_score)}")
            if opp_score < lim:
                t.cut = True
                t.cut_reason = f"opponent below the threshold {fmt_number(lim)}"
            terms.append(t)
    value = sum((t.value for t in terms if not t.cut), Fraction(0))
    e = Explanation(ctx.start_ranks[i], "Koya", tb.code, value, ed.name, "", terms, "sum")
    e.notes.append(f"threshold: opponents with at least {fmt_number(lim)} points (C.07 Art. 9.2)")
    return e
