"""Extended direct encounter for teams, EDE (C.07 Art. 13.3), a tie-break of the tied group.

13.3.1: direct encounter (Art. 6) among the tied teams in the primary score; if that separates
nobody, in the secondary score.  Art. 6 is the individual engine's
(:func:`trfscore.tiebreaks.encounter.order_cells`) run on a :class:`~.views.ScoreView`: the
mini-table of the matches between the tied teams (forfeited matches left out in a Swiss unless
``/P``, Art. 6.1.1; repeated meetings averaged, 6.1.2), ranked when all met (6.2, re-applied to
every subgroup still tied, in the same score), else only the places certain under 6.3.

Then the two scores alternate on the subgroups still tied: a score is used until it separates
nothing more, then the other one, until neither separates anything.  This is how the FIDE TEC
reference program applies 13.3 and what reproduces TEC booklet Ex. 45 (10-MP group of TV10:
#4, #2, #1, #3, #5): there the match-point mini-table ties all five teams, the game-point
mini-table puts #4 first and #5 last, and the game points among #1, #2, #3 (5, 5.5, 1.5) order
#2 before #1.  Restarting each subgroup from the match points instead would put #1 (who beat #2)
first.

13.3.2, the knock-out follow-ups, for a subgroup of exactly two teams that EDE leaves tied, on the
boards of the matches the two played against each other over the boards (each team's own points,
board by board, added over their meetings; adding orders them as the averages of 6.1.2 do, the
number of meetings being the same for both; a forfeited match has no board results, so ``/P``
changes nothing here):

* ``EDET``, top board results (TBR): board 1's points decide; if equal, board 2's, and so on;
* ``EDEB``, bottom board elimination (BBE): the last board is dropped and the points of the boards
  left decide; if equal, the last of those is dropped, and so on down to board 1;
* ``EDEBT`` and ``EDEBB`` (the 2026 names for EDE followed by BC+TBR and BC+BBE): first the board
  count (Art. 12.1: board number x points, added; the lower sum ranks higher), then TBR or BBE.

The three rules are those of Art. 12 (:mod:`.boardresults`).

Two teams that never met over the boards stay tied.

The value shown for a team is its place within the tied group (1 = first), shared by teams left
tied, and 0 when the rule separated nobody.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import groupby

from ..tiebreaks.encounter import order_cells, places_of
from ..tiebreaks.explain import fmt_number
from .boardresults import board_places, steps
from .codes import TeamTieBreak
from .tiebreaks import TeamEngine

__all__ = ["ede_groups", "group_places", "knockout", "board_totals"]


def _split(eng: TeamEngine, tb: TeamTieBreak, score: str, group: list[int]) -> list[list[int]]:
    view = eng.view(score)
    places = order_cells(view, eng.edition_for(tb), tb.forfeits_played, group)  # DE (Art. 6) on one team score
    ordered = sorted(group, key=lambda a: (places[a], view.start_ranks[a]))
    return [list(run) for _, run in groupby(ordered, places.__getitem__)]


def _names(eng: TeamEngine, groups: list[list[int]]) -> str:
    numbers = eng.view("MP").start_ranks
    return ", ".join("=".join(f"#{numbers[a]}" for a in g) for g in groups)


def board_totals(eng: TeamEngine, a: int, b: int) -> tuple[list[Fraction], list[Fraction], int]:
    """Teams ``a`` and ``b``'s own points board by board, added over their matches played over the
    boards, and the number of those matches."""
    lines = eng.view("GP").players
    other = lines[b].number
    ta: list[Fraction] = []
    tb_: list[Fraction] = []
    met = 0
    for ra, rb in zip(lines[a].rounds, lines[b].rounds):
        if ra.opponent != other or not ra.played or not ra.board_points:
            continue
        met += 1
        for row, points in ((ta, ra.board_points), (tb_, rb.board_points)):
            row.extend([Fraction(0)] * (len(points) - len(row)))
            for k, x in enumerate(points):
                row[k] += x or 0
    width = max(len(ta), len(tb_))
    ta.extend([Fraction(0)] * (width - len(ta)))
    tb_.extend([Fraction(0)] * (width - len(tb_)))
    return ta, tb_, met


def knockout(eng: TeamEngine, tb: TeamTieBreak, pair: list[int], log: list[str] | None = None) -> list[list[int]]:
    """C.07 13.3.2 on two teams still tied: ``[[first], [second]]``, or ``[pair]`` when the
    follow-ups (TBR for EDET, BBE for EDEB, BC then TBR for EDEBT, BC then BBE for EDEBB; Art. 12)
    separate nothing."""
    a, b = sorted(pair)
    ta, tb_, met = board_totals(eng, a, b)
    numbers = eng.view("MP").start_ranks
    if not met:
        if log is not None:
            log.append(f"{tb.knockout}: #{numbers[a]} and #{numbers[b]} never met over the boards; still tied")
        return [[a, b]]
    for rule in tb.knockout.split("+"):
        for label, x, y, lower_wins in steps(rule, ta, tb_):
            if log is not None:
                how = f"{rule}: " if rule == "BC" else f"{rule} {label}: "
                tail = " (the lower ranks higher)" if lower_wins else ""
                log.append(f"{how}#{numbers[a]} {fmt_number(x)}, #{numbers[b]} {fmt_number(y)}{tail}")
            if x != y:
                return [[a], [b]] if (x < y) == lower_wins else [[b], [a]]
    if log is not None:
        log.append(f"{tb.knockout}: every board equal; still tied")
    return [[a, b]]


def ede_groups(eng: TeamEngine, tb: TeamTieBreak, members: list[int],
               log: list[str] | None = None) -> list[list[int]]:
    """The tied group ``members`` (team indices) cut into ordered subgroups; ``log`` (when given)
    receives one line per pass."""
    groups = [sorted(members)]
    scores = (eng.primary, eng.secondary)
    turn = 0
    quiet = 0  # passes in a row that separated nothing
    while quiet < len(scores) and any(len(g) > 1 for g in groups):
        score = scores[turn % len(scores)]
        new = [part for g in groups for part in (_split(eng, tb, score, g) if len(g) > 1 else [g])]
        changed = len(new) > len(groups)
        groups = new
        if log is not None:
            log.append(f"{score} mini-table: {_names(eng, groups)}")
        quiet = 0 if changed else quiet + 1
        turn += 1
    if tb.knockout:  # 13.3.2: only for exactly two teams still tied
        groups = [part for g in groups for part in (knockout(eng, tb, g, log) if len(g) == 2 else [g])]
    return groups


def group_places(eng: TeamEngine, tb: TeamTieBreak, members: list[int],
                 log: list[str] | None = None) -> dict[int, int]:
    """Any group tie-break (the EDE family; TBR and BBE on their own, :mod:`.boardresults`) on the
    tied group ``members``: the place of each (all 0 when nobody could be separated)."""
    if tb.base == "EDE":
        return places_of(ede_groups(eng, tb, members, log), members)
    return board_places(eng, tb, members, log)
