"""One score of a team event (match points or game points) in the shape the individual engine's
unplayed-round rules read.

:mod:`trfscore.tiebreaks.unplayed` (adjusted scores, C.07 Art. 16.3; the dummy opponent and the
2026 caps, 16.4; cuts, 14.1.1/16.5; which rounds are games, 15.2) and
:mod:`trfscore.tiebreaks.encounter` (direct encounter, Art. 6) work on per-participant arrays:
``opp``, ``pts``, ``categories`` (also flat: ``flat_opp`` ...), ``score``, ``clean`` and the
win/draw/loss values ``W``/``D``/``L``.
A :class:`ScoreView` holds those arrays for teams, one score at a time, so the team tie-breaks
reuse those rules instead of copying them.  Values are exact Fractions (``unit`` 1).

A team round's category follows its kind exactly as a player's does (C.07 Art. 16.2, applied to
team Swiss events with match or game points): a forfeited match is 16.2.2/16.2.4, the
pairing-allocated bye and the full-point bye 16.2.1, half- and zero-point byes and absences
16.2.3/16.2.5.  The "draw" of the game-point view is half the boards' maximum (``boards x D``):
it is what an opponent's trailing requested bye counts (16.3.2) and what the 2026 cap on the dummy
uses (16.4.2: ``D x rounds``).
"""
from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from itertools import chain, compress, count
from typing import Any

from ..tiebreaks import unplayed as U
from ..tiebreaks.context import row_slices
from .model import TeamEvent

__all__ = ["ScoreView", "views"]


class ScoreView:
    """Per-team, per-round arrays of one score (``"MP"`` or ``"GP"``) of a team event."""

    def __init__(self, event: TeamEvent, score: str) -> None:
        if score not in ("MP", "GP"):
            raise ValueError(f"score must be MP or GP, not {score!r}")
        s = event.scoring
        if score == "MP":
            self.W, self.D, self.L = s.win, s.draw, s.loss
        else:  # a game-point match's win, draw ("boards x D": C.07 16.3.2, 16.4.2) and loss, board by board
            self.W, self.D, self.L = (s.boards * s.board_value(symbol) for symbol in "WDL")
        self.unit = 1
        self.boards = event.boards
        self.rr = event.round_robin
        self.round_count = event.rounds
        self.players = event.teams  # the encounter rule calls participants "players"
        self.start_ranks = [line.number for line in event.teams]
        self.index = {number: i for i, number in enumerate(self.start_ranks)}
        self.player_count = len(self.start_ranks)
        self.cache: dict[Hashable, Any] = {}
        self.opp: list[list[int]] = []
        self.pts: list[list[Fraction]] = []
        self.categories: list[list[int]] = []
        self.score: list[Fraction] = []
        for i, line in enumerate(event.teams):
            orow, prow, crow = [], [], []
            for r in line.rounds:
                o = self.index.get(r.opponent, -1) if r.opponent is not None else -1
                orow.append(-1 if o == i else o)
                prow.append(r.match_points if score == "MP" else r.game_points)
                crow.append(U.category(r.kind, o >= 0, self.rr))
            self.opp.append(orow)
            self.pts.append(prow)
            self.categories.append(crow)
            adjustment = line.adjustment[0] if score == "MP" else line.adjustment[1]
            self.score.append(sum((p for p, c in zip(prow, crow) if c != U.NOSCHED), Fraction(0)) + adjustment)
        U.split_requested(self.categories)
        self.clean = [all(c == U.PLAYED for c in row) for row in self.categories]
        # the flat form unplayed.py reads: cell i * round_count + r (every team line has that many rounds)
        self.flat_opp = list(chain.from_iterable(self.opp))
        self.flat_pts = list(chain.from_iterable(self.pts))
        self.flat_categories = list(chain.from_iterable(self.categories))
        self.unplayed = list(compress(count(), self.flat_categories))
        self.slices = row_slices(self.player_count, self.round_count)

    def to_fraction(self, value: Fraction | int) -> Fraction:
        """A value as a Fraction (the individual engine's scaled-integer hook; here unit 1)."""
        return Fraction(value)


def views(event: TeamEvent) -> dict[str, ScoreView]:
    """Both scores of ``event``: ``{"MP": ..., "GP": ...}``."""
    return {"MP": ScoreView(event, "MP"), "GP": ScoreView(event, "GP")}
