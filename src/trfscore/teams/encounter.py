"""Extended direct encounter for teams, EDE (C.07 Art. 13.3), a tie-break of the tied group.

13.3.1: direct encounter (Art. 6) among the tied teams in the primary score; if that separates
nobody, in the secondary score.  Art. 6 is the individual engine's
(:func:`trfscore.tiebreaks.encounter.order_group`) run on a :class:`~.views.ScoreView`: the
mini-table of the matches between the tied teams (forfeited matches left out in a Swiss unless
``/P``, Art. 6.1.1; repeated meetings averaged, 6.1.2), ranked when all met (6.2, re-applied to
every subgroup still tied, in the same score), else only the places certain under 6.3.

Then the two scores alternate on the subgroups still tied: a score is used until it separates
nothing more, then the other one, until neither separates anything.  This is how the FIDE TEC
reference program applies 13.3 and what reproduces TEC booklet Ex. 45 (10-MP group of TV10:
#4, #2, #1, #3, #5): there the match-point mini-table ties all five teams, the game-point
mini-table puts #4 first and #5 last, and the game points among #1, #2, #3 (5, 5.5, 1.5) order
#2 before #1.  Restarting each subgroup from the match points instead would put #1 (who beat #2)
first.  The knock-out follow-ups of 13.3.2 (EDET, EDEB, ...) are not computed.

The value shown for a team is its place within the tied group (1 = first), shared by teams left
tied, and 0 when the rule separated nobody.
"""
from __future__ import annotations

from itertools import groupby

from ..tiebreaks.base import Engine, TieBreak
from ..tiebreaks.encounter import order_group, places_of
from .codes import TeamTieBreak
from .tiebreaks import TeamEngine

__all__ = ["ede_groups", "ede_places"]


def _split(eng: TeamEngine, tb: TeamTieBreak, score: str, group: list[int]) -> list[list[int]]:
    view = eng.view(score)
    single = Engine(view, eng.edition_for(tb))  # the individual engine, on one team score
    de = TieBreak("DE/P" if tb.forfeits_played else "DE", "DE", forfeits_played=tb.forfeits_played)
    places = order_group(single, de, group)
    ordered = sorted(group, key=lambda a: (places[a], view.sr[a]))
    return [list(run) for _, run in groupby(ordered, places.__getitem__)]


def ede_groups(eng: TeamEngine, tb: TeamTieBreak, members: list[int]) -> list[list[int]]:
    """The tied group ``members`` (team indices) cut into ordered subgroups."""
    groups = [sorted(members)]
    scores = (eng.primary, eng.secondary)
    turn = 0
    quiet = 0  # passes in a row that separated nothing
    while quiet < len(scores) and any(len(g) > 1 for g in groups):
        score = scores[turn % len(scores)]
        changed = False
        new: list[list[int]] = []
        for g in groups:
            parts = _split(eng, tb, score, g) if len(g) > 1 else [g]
            changed = changed or len(parts) > 1
            new.extend(parts)
        groups = new
        quiet = 0 if changed else quiet + 1
        turn += 1
    return groups


def ede_places(eng: TeamEngine, tb: TeamTieBreak, members: list[int]) -> dict[int, int]:
    """Place of every member within the tied group; all 0 when nobody could be separated."""
    return places_of(ede_groups(eng, tb, members), members)
