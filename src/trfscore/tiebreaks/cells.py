"""The shape the unplayed-round rules (:mod:`.unplayed`) and direct encounter (:mod:`.encounter`)
read: per-participant, per-round arrays of one score.

Two classes have it: the tie-break :class:`~.context.Context` of an individual event (points as
whole numbers of ``1/unit``) and a team event's :class:`~trfscore.teams.views.ScoreView` (points
as Fractions, ``unit`` 1).  ``Points`` is the type of a point value, one or the other.
"""
from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, Protocol, TypeVar

__all__ = ["Cells", "Points"]

#: A point value: a whole number of ``1/unit`` (individual events) or a Fraction (teams).
Points = TypeVar("Points", int, Fraction)


class Cells(Protocol[Points]):
    """Per participant ``i`` (start-rank order) and round ``r`` (0-based); flat lists hold cell
    ``i * round_count + r``."""

    rr: bool  # a round-robin (Art. 15.2)
    unit: int
    round_count: int
    player_count: int
    start_ranks: list[int]
    W: Points
    D: Points
    L: Points
    opp: list[list[int]]  # opponent index or -1
    categories: list[list[int]]  # the Art. 16.2 category (:mod:`.unplayed`)
    pts: list[list[Points]]
    score: list[Points]
    flat_opp: list[int]
    flat_categories: list[int]
    flat_pts: list[Points]
    unplayed: list[int]  # flat positions of the cells that are not over-the-board games
    #: values derived once per call (adjusted scores, term lists ...), keyed by what they are
    cache: dict[Hashable, Any]

    @property
    def slices(self) -> list[slice]:
        """Per participant, the slice of its cells in the flat lists."""
        ...
