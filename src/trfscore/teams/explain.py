"""How one team's tie-break value is made (``TeamStandings.explain``), in the individual
:class:`~trfscore.tiebreaks.explain.Explanation` shape (``start_rank`` holds the team number).

* BH and extended SB: one term per round (the opponent's adjusted score, or the dummy's value of
  an unplayed round; for SB times the team's own points of the round), cuts marked.
* MPvGP, MP, GP: the team's rounds, added.
* EDE, EDET, EDEB, EDEBT, EDEBB: the group the tie-break was applied to, then one line per pass
  (the mini-table in one score and the subgroups it left; for the knock-out follow-ups each board
  comparison).
* BC: the team's points board by board over the event, each times its board number (Art. 12.1).
* TBR, BBE: the group the tie-break was applied to and every member's board comparisons
  (Art. 12.2, 12.3).
"""
from __future__ import annotations

from fractions import Fraction

from ..tiebreaks import unplayed as U
from ..tiebreaks.explain import Explanation, Term, fmt_number
from .boardresults import all_totals, counts
from .codes import TeamTieBreak
from .encounter import group_places
from .model import KIND_NAMES
from .tiebreaks import TeamEngine, compute_column, terms

__all__ = ["explain_team"]

_NAMES = {"BH": "Buchholz", "ESB": "Extended Sonneborn-Berger", "EDE": "Extended direct encounter",
          "SECONDARY": "Secondary score", "MP": "Match points", "GP": "Game points", "BC": "Board count",
          "TBR": "Top board results", "BBE": "Bottom board elimination"}
_ARTICLES = {"EDE": "C.07 Art. 13.3: direct encounter (Art. 6) in the primary score, then the secondary",
             "TBR": "C.07 Art. 12.2: board 1's game points over the event, then board 2's, and so on",
             "BBE": "C.07 Art. 12.3: the game points of every board but the last over the event, then without "
                    "the next board up, and so on"}


def _sum_terms(eng: TeamEngine, tb: TeamTieBreak, i: int) -> tuple[list[Term], str]:
    line = eng.view("MP").players[i]
    rule = eng.edition_for(tb).name
    out = [Term(t.round, t.opponent, t.value, t.weight if tb.base == "ESB" else None, t.unplayed,
                KIND_NAMES.get(kind := line.rounds[t.round - 1].kind, kind) if t.unplayed else "",
                f"the dummy opponent's value under {rule} (C.07 Art. 16.4)" if t.unplayed else None, t.cut,
                "least significant value (C.07 Art. 14.1)" if t.cut else None, t.vur) for t in terms(eng, tb, i)]
    return out, ("product" if tb.base == "ESB" else "sum")


def explain_team(eng: TeamEngine, tb: TeamTieBreak, i: int, members: list[int] | None) -> Explanation:
    """``tb`` for team index ``i``; ``members``: the group still tied when a group tie-break was
    applied (None or a single team: it was not applied to this team)."""
    number = eng.view("MP").start_ranks[i]
    name = _NAMES.get(tb.base, tb.base)
    rules = eng.edition_for(tb).name
    if tb.group:
        if not members or len(members) < 2:
            return Explanation(number, name, tb.code, 0, rules, "", [], "text",
                               "not tied with another team when the tie-break was applied: no value",
                               integer=True)
        log: list[str] = []
        place = group_places(eng, tb, members, log)[i]
        group = ", ".join(f"#{eng.view('MP').start_ranks[a]}" for a in sorted(members))
        formula = f"tied group {group}; place {place if place else 'not decided'}"
        notes = [*log, _ARTICLES[tb.base]]
        if tb.knockout:
            notes.append(f"C.07 Art. 13.3.2: {tb.knockout} for two teams still tied, on the boards of their matches")
        return Explanation(number, name, tb.code, place, rules, "", [], "text", formula, notes, integer=True)
    value = compute_column(eng, tb)[i]
    if tb.base == "BC":
        totals = all_totals(eng, tb)[i]
        ts = [Term(None, None, x, k, note=f"board {k}") for k, x in enumerate(totals, 1)]
        formula = f"{counts(totals)} = {fmt_number(value)}"
        return Explanation(number, name, tb.code, value, rules, "", ts, "product", formula,
                           ["C.07 Art. 12.1: board number x the game points scored on that board over the event, "
                            "added; the lower sum ranks higher"])
    if tb.base in ("BH", "ESB"):
        ts, style = _sum_terms(eng, tb, i)
        return Explanation(number, name, tb.code, value, rules, "", ts, style)
    score = eng.secondary if tb.base == "SECONDARY" else tb.base
    view = eng.view(score)
    ts = [Term(r + 1, view.start_ranks[o] if o >= 0 else None, Fraction(p))
          for r, (o, p, c) in enumerate(zip(view.opp[i], view.pts[i], view.categories[i])) if c != U.NOSCHED]
    e = Explanation(number, name, tb.code, value, rules, "", ts, "sum")
    if sum((t.value for t in ts), Fraction(0)) != value:
        e.notes.append("the total includes a record 299 bonus or penalty, or leaves out rounds after the standings")
    return e
