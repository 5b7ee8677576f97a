"""Buchholz family (C.07 Art. 8): BH (8.1), AOB (8.2), FB (8.3), with Cut/Median modifiers
(Art. 14) and the Swiss-Manager form "best N / worst M results cut".

* BH: the sum of the opponents' scores; an opponent is seen with its adjusted score and the
  player's own unplayed rounds take the edition's value (``unplayed.py``).
* BH-Cn / BH-Mn / BH-BnWm: cuts as in ``unplayed.choose_cuts`` (Art. 16.5 VUR first).
* FB: BH computed as if every game paired in the last round had been drawn (8.3).
* AOB: the average of the (uncut) Buchholz of the opponents met over the board (8.2); with
  ``/F`` the Fore-Buchholz values (allowed from 2026).  Exact; not rounded (the text does not
  ask for rounding; TEC prints two decimals).
Note (2026): Art. 8 forbids these tie-breaks in round-robins; the engine computes them anyway
and the standings carry a note.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import compress, repeat

from . import unplayed as U
from .base import Column, Engine, TieBreak
from .explain import Explanation
from .terms import explain_opponent_terms, layout, mark_cuts, opponent_terms

__all__ = ["compute_bh", "compute_fb", "compute_aob", "explain_bh", "explain_fb", "explain_aob"]


def _bh_values(ctx, ed, low: int, high: int, fp: bool) -> list[int]:
    key = ("bh", ed.name, low, high, fp)
    got = ctx.cache.get(key)
    if got is not None:
        return got
    ext, rows, _, flags = opponent_terms(ctx, ed, fp)
    get = ext.__getitem__
    if low == 0 and high == 0:
        out = [sum(map(get, tr)) for tr in rows]
    else:
        out = []
        choose = U.choose_cuts
        plain = _bh_values(ctx, ed, 0, 0, fp) if high == 0 and low == 1 else None
        for i, (tr, f) in enumerate(zip(rows, flags or repeat(None))):
            if plain is not None and f is None:  # Cut-1 without voluntarily unplayed rounds
                out.append(plain[i] - min(map(get, tr)) if tr else 0)
                continue
            v = list(map(get, tr))
            if high == 0 and f is not None:
                # Art. 16.5 for Buchholz: a VUR value is never below the least significant
                # value it is compared with (that one is the minimum of all values), so every
                # low cut takes the smallest remaining VUR first, then the lowest values.
                vur = sorted(compress(v, f))
                if len(vur) >= low:
                    out.append(sum(v) - sum(vur[:low]))
                else:
                    rest = sorted(x for x, g in zip(v, f) if not g)[:low - len(vur)]
                    out.append(sum(v) - sum(vur) - sum(rest))
            else:
                cuts = choose(v, None, f, low, high, ed)
                out.append(sum(v) - sum(v[j] for j in cuts))
    ctx.cache[key] = out
    return out


def compute_bh(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    ed = eng.edition_for(tb)
    return Column(_bh_values(ctx, ed, tb.low, tb.high, tb.forfeits_played), scale=ctx.unit)


def compute_fb(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx.fore()
    ed = eng.edition_for(tb)
    return Column(_bh_values(ctx, ed, tb.low, tb.high, tb.forfeits_played), scale=ctx.unit)


def compute_aob(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    ed = eng.edition_for(tb)
    fp = tb.forfeits_played
    bh = _bh_values(ctx, ed, 0, 0, fp)
    rows = layout(ctx, fp or ctx.rr)[0]
    N = ctx.N
    unit = ctx.unit
    out: list[Fraction | None] = []
    for tr in rows:  # opponents met over the board: the entries below N
        vals = [bh[k] for k in tr if k < N]
        out.append(Fraction(sum(vals), len(vals) * unit) if vals else None)
    return Column(out, scale=1)


def _explain(eng: Engine, tb: TieBreak, i: int, ctx, name: str) -> Explanation:
    ed = eng.edition_for(tb)
    terms = explain_opponent_terms(ctx, ed, i, tb.forfeits_played, weighted=False)
    values = [t.value for t in terms]
    flags = [t.vur for t in terms] if any(t.vur for t in terms) else None
    cuts = U.choose_cuts(values, None, flags, tb.low, tb.high, ed)
    mark_cuts(terms, cuts, tb.low, ed)
    value = sum((t.value for t in terms if not t.cut), Fraction(0))
    return Explanation(ctx.sr[i], name, tb.code, value, ed.name, "", terms, "sum")


def explain_bh(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    return _explain(eng, tb, i, ctx, "Buchholz")


def explain_fb(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    e = _explain(eng, tb, i, eng.ctx.fore(), "Fore Buchholz")
    e.notes.append("every game paired in the last round counted as a draw (C.07 Art. 8.3)")
    return e


def explain_aob(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    ctx = eng.ctx.fore() if tb.fore else eng.ctx
    ed = eng.edition_for(tb)
    fp = tb.forfeits_played
    bh = _bh_values(ctx, ed, 0, 0, fp)
    from .explain import Term, fmt_number

    terms = []
    for r, c in enumerate(ctx.cat[i]):
        if U.is_game(ctx, ed, c, "opponent", fp):
            o = ctx.opp[i][r]
            terms.append(Term(r + 1, ctx.sr[o], ctx.pf(bh[o])))
    if terms:
        total = sum((t.value for t in terms), Fraction(0))
        value = total / len(terms)
        formula = (f"({' + '.join(fmt_number(t.value) for t in terms)}) / {len(terms)} = "
                   f"{fmt_number(value)}")
    else:
        value = None
        formula = "no opponent met over the board: undefined"
    e = Explanation(ctx.sr[i], "Average of opponents' Buchholz", tb.code, value, ed.name, "",
                    terms, "text", formula)
    e.notes.append("unplayed rounds are left out (C.07 Art. 8.2)")
    return e
