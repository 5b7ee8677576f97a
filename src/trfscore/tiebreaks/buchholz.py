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
from typing import TYPE_CHECKING

from ..decimals import fmt_number
from . import unplayed as U
from .base import Column, Engine, TieBreak
from .context import Context
from .terms import explain_opponent_terms, layout, mark_cuts, term_sums

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_bh", "compute_aob", "explain_bh", "explain_aob"]


def _ctx(eng: Engine, tb: TieBreak) -> Context:
    """The context the values are read from: the Fore-Buchholz view for FB and ``/F``."""
    return eng.ctx.fore() if tb.fore or tb.base == "FB" else eng.ctx


def compute_bh(eng: Engine, tb: TieBreak) -> Column:
    """BH and FB with their cuts."""
    ctx = _ctx(eng, tb)
    values = term_sums(ctx, eng.edition_for(tb), tb.low, tb.high, tb.forfeits_played, False)
    return Column(values, scale=ctx.unit)


def compute_aob(eng: Engine, tb: TieBreak) -> Column:
    ctx = _ctx(eng, tb)
    fp = tb.forfeits_played
    bh = term_sums(ctx, eng.edition_for(tb), 0, 0, fp, False)
    players = ctx.player_count
    unit = ctx.unit
    out: list[Fraction | None] = []
    for tr in layout(ctx, fp or ctx.rr)[0]:  # opponents met over the board: the entries below player_count
        vals = [bh[k] for k in tr if k < players]
        out.append(Fraction(sum(vals), len(vals) * unit) if vals else None)
    return Column(out, scale=1)


def explain_bh(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation  # on first use (start-up)

    ctx = _ctx(eng, tb)
    ed = eng.edition_for(tb)
    terms = explain_opponent_terms(ctx, ed, i, tb.forfeits_played, weighted=False)
    values = [t.value for t in terms]
    flags = [t.vur for t in terms] if any(t.vur for t in terms) else None
    mark_cuts(terms, U.choose_cuts(values, None, flags, tb.low, tb.high, ed), tb.low, ed)
    value = sum((t.value for t in terms if not t.cut), Fraction(0))
    fore = tb.base == "FB"
    e = Explanation(ctx.start_ranks[i], "Fore Buchholz" if fore else "Buchholz", tb.code, value, ed.name,
                    "", terms, "sum")
    if fore:
        e.notes.append("every game paired in the last round counted as a draw (C.07 Art. 8.3)")
    return e


def explain_aob(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation, Term  # on first use (start-up)

    ctx = _ctx(eng, tb)
    ed = eng.edition_for(tb)
    fp = tb.forfeits_played
    bh = term_sums(ctx, ed, 0, 0, fp, False)
    terms = []
    for r, c in enumerate(ctx.categories[i]):
        if U.is_game(ctx, ed, c, "opponent", fp):
            o = ctx.opp[i][r]
            terms.append(Term(r + 1, ctx.start_ranks[o], ctx.to_fraction(bh[o])))
    if terms:
        value = sum((t.value for t in terms), Fraction(0)) / len(terms)
        formula = (f"({' + '.join(fmt_number(t.value) for t in terms)}) / {len(terms)} = "
                   f"{fmt_number(value)}")
    else:
        value = None
        formula = "no opponent met over the board: undefined"
    e = Explanation(ctx.start_ranks[i], "Average of opponents' Buchholz", tb.code, value, ed.name, "",
                    terms, "text", formula)
    e.notes.append("unplayed rounds are left out (C.07 Art. 8.2)")
    return e
