"""The cells of the team-vs-team crosstable (the Markdown and HTML reports of team standings),
as :mod:`.crosstable` is for players.

The crosstable has one row per team in standings order and one cell per round: the opponent
team's number, the colour of the team's board-1 player (``w``/``b``) and the game points the team
scored (``11b 3``, ``8w 2½``); a forfeited match adds ``ff`` (``6w 4 ff``); ``PAB 2`` is a
pairing-allocated bye, ``bye 2`` / ``bye 0`` requested byes (with the game points they give), ``–``
an absence.  Teams are referred to by their team number, the ``No`` column of the standings.

This module knows nothing of HTML or Markdown; it hands out :class:`TeamCell` values.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..decimals import format_score, format_value
from ..model import Kind
from ..teams.model import KIND_NAMES
from .crosstable import ABSENT_LABEL, CSS

if TYPE_CHECKING:
    from ..teams.standings import TeamStandings

__all__ = ["LEGEND", "TeamCell", "crosstable_rows"]

LEGEND = ("Cells: opponent team's No., colour of the team's board 1 (w = white, b = black) and the game "
          "points the team scored; ff = forfeited match (not played). PAB = pairing-allocated bye; bye = "
          "requested bye, with the game points it gives; – = absent.")


@dataclass(frozen=True)
class TeamCell:
    """One round of one team in the crosstable."""

    round: int
    kind: str  # a Kind constant ("" when the team has no such round)
    opponent: int | None  # opponent team's number
    colour: str | None
    game_points: Fraction
    match_points: Fraction
    opponent_name: str = ""

    @property
    def prefix(self) -> str:
        """The opponent reference part of :attr:`label` (for linking it); empty for byes."""
        return "" if self.opponent is None or self.kind in Kind.BYES else str(self.opponent)

    @property
    def label(self) -> str:
        k = self.kind
        if not k or k == Kind.NOT_SCHEDULED:
            return ""
        if k == Kind.ABSENT:
            return ABSENT_LABEL
        points = format_value(self.game_points, half_glyph=True)
        if k in Kind.BYES:
            return ("PAB " if k == Kind.PAB else "bye ") + points
        ref = f"{self.prefix}{self.colour or ''}" if self.prefix else ""
        return " ".join(x for x in (ref, points, "ff" if k in Kind.FORFEITS else "") if x)

    @property
    def title(self) -> str:
        parts = [f"round {self.round}"]
        if self.prefix:
            parts.append(f"v {self.opponent_name or 'team ' + self.prefix}")
        if self.colour:
            parts.append("white on board 1" if self.colour == "w" else "black on board 1")
        parts.append(KIND_NAMES.get(self.kind, self.kind))
        if self.kind and self.kind != Kind.ABSENT:
            parts.append(f"{format_score(self.game_points)} game points, "
                         f"{format_score(self.match_points)} match points")
        return ", ".join(parts)

    @property
    def css(self) -> str:
        return CSS.get(self.kind, "")


def crosstable_rows(standings: TeamStandings) -> list[list[TeamCell]]:
    """Per standings row, one :class:`TeamCell` per round of the event."""
    names = {row.number: row.name for row in standings.rows}
    return [[TeamCell(rnd, "", None, None, Fraction(0), Fraction(0)) if (r := row.team.round(rnd)) is None
             else TeamCell(rnd, r.kind, r.opponent, r.colour, r.game_points, r.match_points,
                           names.get(r.opponent, "") if r.opponent is not None else "")
             for rnd in range(1, standings.event.rounds + 1)] for row in standings.rows]
