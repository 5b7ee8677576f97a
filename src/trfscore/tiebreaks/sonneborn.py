"""Sonneborn-Berger (Neustadtl) score, C.07 Art. 9.1, and the non-Neustadtl form.

* SB: the sum over rounds of (points scored in the round x the opponent's score); the opponent's
  score is its adjusted score, the player's own unplayed round takes the edition's value
  (``unplayed.py``) times the points awarded.
* SB-Cn (and Median/best-worst forms): the least significant value is the contribution of the
  opponent with the lowest score, ties broken by the smaller contribution (Art. 14.1.1 d),
  with the Art. 16.5 VUR comparison.
* NNSB: the original Sonneborn/Berger proposal, SB + the player's own score (as the Wikipedia Sonneborn-Berger article
  describes it, with the 1975-80 correspondence final of ``samples/correspondence-1975.trf``);
  NNSB2: SB + the square of the own score (the current Wikipedia wording).  Neither separates
  players tied on points; offered as named extras.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..decimals import fmt_number
from . import unplayed as U
from .base import Column, Engine, TieBreak
from .terms import explain_opponent_terms, mark_cuts, term_sums

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_sb", "explain_sb", "compute_nnsb", "explain_nnsb"]


def compute_sb(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    values = term_sums(ctx, eng.edition_for(tb), tb.low, tb.high, tb.forfeits_played, True)
    return Column(values, scale=ctx.unit ** 2)


def compute_nnsb(eng: Engine, tb: TieBreak) -> Column:
    """NNSB = SB + s, NNSB2 = SB + s^2 (both in units of ``unit**2``)."""
    ctx = eng.ctx
    u = ctx.unit
    sb = term_sums(ctx, eng.edition_for(tb), 0, 0, tb.forfeits_played, True)
    own = [s * (s if tb.base == "NNSB2" else u) for s in ctx.score]  # s is scaled by u
    return Column([v + x for v, x in zip(sb, own)], scale=u * u)


def explain_sb(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation  # on first use (start-up)

    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    ed = eng.edition_for(tb)
    terms = explain_opponent_terms(ctx, ed, i, tb.forfeits_played, weighted=True)
    contrib = [t.weight * t.value for t in terms]
    flags = [t.vur for t in terms] if any(t.vur for t in terms) else None
    cuts = U.choose_cuts(contrib, [t.value for t in terms], flags, tb.low, tb.high, ed)
    mark_cuts(terms, cuts, tb.low, ed)
    value = sum((c for c, t in zip(contrib, terms) if not t.cut), Fraction(0))
    return Explanation(ctx.start_ranks[i], "Sonneborn-Berger", tb.code, value, ed.name, "", terms,
                       "product")


def explain_nnsb(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    e = explain_sb(eng, TieBreak("SB", "SB", forfeits_played=tb.forfeits_played,
                                 edition=tb.edition), i)
    own = eng.ctx.to_fraction(eng.ctx.score[i])
    squared = tb.base == "NNSB2"
    sb_line = e.line().rsplit(" = ", 1)[0]
    e.code = tb.code
    e.name = "non-Neustadtl Sonneborn-Berger"
    e.value += own * own if squared else own
    e.formula = (f"{sb_line} + {fmt_number(own)}{'^2' if squared else ''} = "
                 f"{fmt_number(e.value)}")
    e.notes.append("own score added (the original Sonneborn/Berger proposal)")
    return e
