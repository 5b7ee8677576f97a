"""Direct encounter, C.07 Art. 6 (a tie-break of the group still tied, not of one player).

* 6.1  A mini-table is built from the games between the tied participants only.  In Swiss events
       forfeits are left out unless the modifier ``/P`` says otherwise (6.1.1); in round-robins
       they are regular games (15.2).  Players who met more than once are credited with the
       average of their results (6.1.2).
* 6.2  If every tied participant met every other, they are ordered by mini-table points, and the
       rule is applied again to every subgroup still tied, until nothing changes.
* 6.3  Otherwise a participant is ranked first only if their mini-table score is strictly higher
       than the score any other could still reach by winning every mini-game they did not play;
       then second place is tried the same way, and so on, stopping at the first place that is
       not certain.  If that placed anybody, the rule is applied again to the players left tied
       (their own mini-table: 6.2 if they all met), as for 6.2 subgroups; the FIDE TEC reference
       program and lichess's scalachess do the same.

The value shown for a player is their place within the tied group (1 = first), equal for
players the rule could not separate, 0 when the rule separated nobody in the group, and none
(blank) for a player who was not tied with anybody when the rule came to be applied.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from typing import TYPE_CHECKING

from ..decimals import fmt_number
from . import unplayed as U
from .base import Engine, TieBreak
from .cells import Cells, Points
from .editions import Edition

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["order_group", "order_cells", "mini_table", "explain_de"]


def mini_table(ctx: Cells[Points], ed: Edition, fp: bool, members: list[int]
               ) -> tuple[dict[int, Fraction], dict[int, set[int]], dict[int, list[tuple[int, int, Points]]]]:
    """``(scores, met, games)``: mini-table points (Fractions of points), for each player the
    set of group members met, and per player the ``(round, opponent, points)`` games inside
    the group (points in the context's own units); forfeits count as games when ``fp`` (/P)."""
    mset = set(members)
    results: dict[int, dict[int, list[Points]]] = {a: {} for a in members}
    games: dict[int, list[tuple[int, int, Points]]] = {a: [] for a in members}
    for a in members:
        orow, crow, prow = ctx.opp[a], ctx.categories[a], ctx.pts[a]
        for r, b in enumerate(orow):
            if b in mset and b != a and U.is_game(ctx, ed, crow[r], "opponent", fp):
                results[a].setdefault(b, []).append(prow[r])
                games[a].append((r, b, prow[r]))
    unit = ctx.unit
    scores = {a: sum((Fraction(sum(v), len(v) * unit) for v in results[a].values()), Fraction(0))
              for a in members}
    met: dict[int, set[int]] = {a: set(results[a]) for a in members}
    for a in members:
        for b in results[a]:
            met[b].add(a)
    return scores, met, games


def _resolve(ctx: Cells[Points], ed: Edition, fp: bool, members: list[int]) -> list[list[int]]:
    if len(members) < 2:
        return [members]
    scores, met, _ = mini_table(ctx, ed, fp, members)
    others = len(members) - 1
    all_met = all(len(met[a]) == others for a in members)
    ordered = sorted(members, key=lambda a: (-scores[a], a))
    if all_met:  # 6.2
        runs = [list(run) for _, run in groupby(ordered, scores.__getitem__)]
        if len(runs) == 1:
            return runs
        out: list[list[int]] = []
        for run in runs:
            out.extend(_resolve(ctx, ed, fp, run) if len(run) > 1 else [run])
        return out
    # 6.3: only certain places, from the top; then DE again on the players left tied
    win = Fraction(ctx.W, ctx.unit)
    reach = {a: scores[a] + win * (others - len(met[a])) for a in members}
    placed = 0
    while placed < others and all(scores[ordered[placed]] > reach[b]
                                  for b in ordered[placed + 1:]):
        placed += 1
    if placed == 0:
        return [ordered]
    return [[a] for a in ordered[:placed]] + _resolve(ctx, ed, fp, ordered[placed:])


def order_group(eng: Engine, tb: TieBreak, members: list[int]) -> dict[int, int]:
    """Place of every member within the tied group (shared by players left tied); all 0 when
    nobody could be separated."""
    return order_cells(eng.ctx, eng.edition_for(tb), tb.forfeits_played, members)


def order_cells(ctx: Cells[Points], ed: Edition, fp: bool, members: list[int]) -> dict[int, int]:
    """:func:`order_group` on any :class:`~.cells.Cells` (a team event's score view too)."""
    return places_of(_resolve(ctx, ed, fp, list(members)), members)


def places_of(groups: list[list[int]], members: list[int]) -> dict[int, int]:
    """Places from the ordered subgroups of a tied group (members of one subgroup share its
    first place); all 0 when the group was not separated at all."""
    if len(groups) == 1:
        return {a: 0 for a in members}
    places: dict[int, int] = {}
    pos = 1
    for g in groups:
        for a in g:
            places[a] = pos
        pos += len(g)
    return places


def explain_de(eng: Engine, tb: TieBreak, i: int, members: list[int] | None,
               value: int | None) -> Explanation:
    from .explain import Explanation, Term  # on first use (start-up)

    ctx = eng.ctx
    ed = eng.edition_for(tb)
    if not members or len(members) < 2:
        return Explanation(ctx.start_ranks[i], "Direct encounter", tb.code, value, ed.name, "", [],
                           "text", "not tied with anybody when the tie-break was applied: no value")
    scores, met, games = mini_table(ctx, ed, tb.forfeits_played, members)
    terms = [Term(r + 1, ctx.start_ranks[b], ctx.to_fraction(p)) for r, b, p in games[i]]
    table = ", ".join(f"#{ctx.start_ranks[a]} {fmt_number(scores[a])}"
                      for a in sorted(members, key=lambda a: (-scores[a], a)))
    all_met = all(len(met[a]) == len(members) - 1 for a in members)
    rule = ("all tied players met: ordered by mini-table points (C.07 Art. 6.2)" if all_met else
            "not all tied players met: only places certain under C.07 Art. 6.3 are given")
    formula = f"mini-table of the tied group: {table}; place {value if value else 'not decided'}"
    e = Explanation(ctx.start_ranks[i], "Direct encounter", tb.code, value, ed.name, "", terms, "text",
                    formula, [rule], integer=True)
    if not ctx.rr and not tb.forfeits_played:
        e.notes.append("forfeits between the tied players are left out (C.07 Art. 6.1.1)")
    return e
