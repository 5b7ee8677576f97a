"""Points of team matches: match points (record 362) and the game points of unplayed matches.

* Match points (TRF26 362): ``TW`` for a match won, ``TD`` drawn, ``TL`` lost; defaults 2/1/0.
  A played match is won when the team's game points exceed the opponent's.
* Game points of a played match are the sum of the board points under the game scoring (162).
* Unplayed matches give every board the same outcome: a forfeit win or a full-point bye
  ``boards x W``, a half-point bye ``boards x D`` (with ``TD``), a forfeit loss ``boards x A``
  (with ``TL``), a zero-point bye or an absence nothing.  A pairing-allocated bye takes the values
  of its 320 record; a blank field there means ``TW`` and ``boards x P`` (the TRF26 default of
  ``P`` is the value of a win).  These are the values ``trfscore check`` (TRF605) uses too.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..model import Kind, Scoring

__all__ = ["MatchScoring", "DEFAULT_MATCH_POINTS"]

DEFAULT_MATCH_POINTS = {"TW": Fraction(2), "TD": Fraction(1), "TL": Fraction(0)}


@dataclass(frozen=True)
class MatchScoring:
    """Match points per match result and game points per board outcome of one event."""

    win: Fraction
    draw: Fraction
    loss: Fraction
    boards: int
    game: Scoring

    @classmethod
    def of(cls, team_scoring: dict[str, Fraction], boards: int, game: Scoring) -> MatchScoring:
        values = dict(DEFAULT_MATCH_POINTS)
        values.update({k: Fraction(v) for k, v in (team_scoring or {}).items() if k in values})
        return cls(values["TW"], values["TD"], values["TL"], boards, game)

    def result(self, own: Fraction, other: Fraction) -> tuple[str, Fraction]:
        """Kind and match points of a played match with these game points."""
        if own > other:
            return Kind.WIN, self.win
        if own == other:
            return Kind.DRAW, self.draw
        return Kind.LOSS, self.loss

    def board_value(self, symbol: str) -> Fraction:
        """A 162 symbol's points for one board (``W D L A P``)."""
        return Fraction(self.game.values.get(symbol, 0))

    def unplayed(self, kind: str) -> tuple[Fraction, Fraction]:
        """(match points, game points) of an unplayed match of this kind (not the PAB)."""
        b = self.boards
        if kind in (Kind.FORFEIT_WIN, Kind.FULL_BYE):
            return self.win, b * self.board_value("W")
        if kind == Kind.HALF_BYE:
            return self.draw, b * self.board_value("D")
        if kind == Kind.FORFEIT_LOSS:
            return self.loss, b * self.board_value("A")
        if kind == Kind.PAB:
            return self.win, b * self.board_value("P")
        return Fraction(0), Fraction(0)  # zero-point bye, absence
