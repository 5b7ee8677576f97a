"""The team-match model: what happened to each team in each round of a team event.

Derived once from a :class:`~trfscore.model.Tournament` by :mod:`trfscore.teams.build`.  A round's
``kind`` reuses the individual :class:`~trfscore.model.Kind` constants, so the team tie-breaks can
hand it to the individual engine's unplayed-round rules (C.07 Art. 16) unchanged:

* ``win`` / ``draw`` / ``loss``: a match played over the boards, by the game points of both teams;
* ``forfeit_win`` / ``forfeit_loss``: a forfeited match (record 330; a double forfeit is a loss for
  both), or every board won by forfeit with no record naming the opponent (opponent ``None``);
* ``pab``: pairing-allocated bye (record 320);
* ``full_bye`` / ``half_bye`` / ``zero_bye``: requested byes (record 240 ``F``/``H``/``Z``);
* ``absent``: nothing at all for the team in that round.

Match and game points are exact :class:`~fractions.Fraction` values.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..findings import Finding
from ..model import Kind, Team
from .scoring import MatchScoring

__all__ = ["TeamRound", "TeamLine", "TeamEvent", "KIND_NAMES"]

#: How a round's kind is written in reports (``kind`` -> short word).
KIND_NAMES = {
    Kind.WIN: "won", Kind.DRAW: "drawn", Kind.LOSS: "lost", Kind.FORFEIT_WIN: "forfeit win",
    Kind.FORFEIT_LOSS: "forfeit loss", Kind.PAB: "PAB", Kind.FULL_BYE: "full-point bye",
    Kind.HALF_BYE: "half-point bye", Kind.ZERO_BYE: "zero-point bye", Kind.ABSENT: "absent",
}


@dataclass
class TeamRound:
    """One team's round."""

    round: int
    kind: str  # a Kind constant (see the module docstring)
    opponent: int | None = None  # the opponent team's number
    colour: str | None = None  # "w"/"b": the colour of the team's board-1 player (the 352 sequence)
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    boards: tuple[int | None, ...] = ()  # start ranks by board (None: an empty board)
    source: str = "boards"  # "boards", "330", "320", "240", "299" or "" (nothing known)
    # the team's own game points board by board (None: an empty board); filled for matches read
    # from the boards, used by the knock-out follow-ups of EDE (EDET, EDEB: C.07 13.3.2)
    board_points: tuple[Fraction | None, ...] = ()

    @property
    def played(self) -> bool:
        """A match played over the boards (not a forfeit, not a bye)."""
        return self.kind in Kind.PLAYED


@dataclass
class TeamLine:
    """A team and its rounds (index ``r - 1`` for round ``r``)."""

    number: int
    name: str
    team: Team
    rounds: list[TeamRound] = field(default_factory=list)
    # record 299 without a type letter: bonus or penalty (match points, game points)
    adjustment: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))

    @property
    def match_points(self) -> Fraction:
        return sum((r.match_points for r in self.rounds), Fraction(0)) + self.adjustment[0]

    @property
    def game_points(self) -> Fraction:
        return sum((r.game_points for r in self.rounds), Fraction(0)) + self.adjustment[1]

    def round(self, rnd: int) -> TeamRound | None:
        return self.rounds[rnd - 1] if 0 < rnd <= len(self.rounds) else None


@dataclass
class TeamEvent:
    """Every team's rounds, the scoring used and what could not be read."""

    teams: list[TeamLine]
    rounds: int
    scoring: MatchScoring  # TW/TD/TL (362), board count, game scoring (162)
    round_robin: bool = False
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def boards(self) -> int:
        return self.scoring.boards

    def team(self, number: int) -> TeamLine | None:
        return next((line for line in self.teams if line.number == number), None)
