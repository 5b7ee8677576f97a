"""Sonneborn-Berger (Neustadtl) score, C.07 Art. 9.1, and the non-Neustadtl form.

* SB: the sum over rounds of (points scored in the round x the opponent's score); the opponent's
  score is its adjusted score, the player's own unplayed round takes the edition's value
  (``unplayed.py``) times the points awarded.
* SB-Cn (and Median/best-worst forms): the least significant value is the contribution of the
  opponent with the lowest score, ties broken by the smaller contribution (Art. 14.1.1 d),
  with the Art. 16.5 VUR comparison.
* NNSB: the original Sonneborn/Berger proposal, SB + the player's own score (seed 000);
  NNSB2: SB + the square of the own score (the current Wikipedia wording).  Neither separates
  players tied on points; offered as named extras.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import repeat
from operator import mul

from . import unplayed as U
from .base import Column, Engine, TieBreak
from .explain import Explanation
from .terms import explain_opponent_terms, mark_cuts, opponent_terms

__all__ = ["compute_sb", "explain_sb", "compute_nnsb", "compute_nnsb2", "explain_nnsb"]


def _sb_values(ctx, ed, low: int, high: int, fp: bool) -> list[int]:
    key = ("sb", ed.name, low, high, fp)
    got = ctx.cache.get(key)
    if got is not None:
        return got
    ext, rows, weights, flags = opponent_terms(ctx, ed, fp)
    get = ext.__getitem__
    if low == 0 and high == 0:
        out = [sum(map(mul, map(get, tr), w)) for tr, w in zip(rows, weights)]
    else:
        out = []
        choose = U.choose_cuts
        for tr, f, w in zip(rows, flags or repeat(None), weights):
            v = list(map(get, tr))
            contrib = list(map(mul, v, w))
            cuts = choose(contrib, v, f, low, high, ed)
            out.append(sum(contrib) - sum(contrib[j] for j in cuts))
    ctx.cache[key] = out
    return out


def compute_sb(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    ed = eng.edition_for(tb)
    return Column(_sb_values(ctx, ed, tb.low, tb.high, tb.forfeits_played), scale=ctx.unit ** 2)


def compute_nnsb(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    sb = _sb_values(ctx, eng.edition_for(tb), 0, 0, tb.forfeits_played)
    u = ctx.unit
    return Column([v + s * u for v, s in zip(sb, ctx.score)], scale=u * u)


def compute_nnsb2(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    sb = _sb_values(ctx, eng.edition_for(tb), 0, 0, tb.forfeits_played)
    return Column([v + s * s for v, s in zip(sb, ctx.score)], scale=ctx.unit ** 2)


def explain_sb(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    ed = eng.edition_for(tb)
    terms = explain_opponent_terms(ctx, ed, i, tb.forfeits_played, weighted=True)
    contrib = [t.weight * t.value for t in terms]
    keys = [t.value for t in terms]
    flags = [t.vur for t in terms] if any(t.vur for t in terms) else None
    cuts = U.choose_cuts(contrib, keys, flags, tb.low, tb.high, ed)
    mark_cuts(terms, cuts, tb.low, ed)
    value = sum((c for c, t in zip(contrib, terms) if not t.cut), Fraction(0))
    return Explanation(ctx.sr[i], "Sonneborn-Berger", tb.code, value, ed.name, "", terms,
                       "product")


def explain_nnsb(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    base = TieBreak("SB", "SB", forfeits_played=tb.forfeits_played, edition=tb.edition)
    e = explain_sb(eng, base, i)
    own = eng.ctx.pf(eng.ctx.score[i])
    extra = own * own if tb.base == "NNSB2" else own
    e.code = tb.code
    e.name = "non-Neustadtl Sonneborn-Berger"
    sb_line = e.line().rsplit(" = ", 1)[0]
    e.value = e.value + extra
    from .explain import fmt_number

    shown = f"{fmt_number(own)}^2" if tb.base == "NNSB2" else fmt_number(own)
    e.formula = f"{sb_line} + {shown} = {fmt_number(e.value)}"
    e.notes.append("own score added (the original Sonneborn/Berger proposal)")
    return e
