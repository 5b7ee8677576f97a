"""Every player's round cells as flat columns, for the rules that look at all of them.

:class:`FlatCells` lays the cells out player after player, in the order of
``Tournament.players``: cell ``k = i * n + r`` is round ``r + 1`` of player ``i``.  ``opp``
holds opponent start ranks (None: no opponent), ``col`` one character per cell (``w``, ``b``,
``-`` for no colour), ``code`` the result codes and ``kind`` the :class:`~trfscore.model.Kind`
of each cell.  Cells past a player's recorded rounds are "no entry" cells, equal to
:meth:`~trfscore.model.Game.absent`, and ``count[i]`` says how many cells player ``i`` records.

The columns come from :func:`trfscore.cells.columns` (a bulk reader's block as it is), and
the pairing questions (which claims are returned, which games confirmed, where the two halves
of a game disagree, who meets twice) are answered over them a round at a time by
:class:`~trfscore.checks.lanes.Lanes`, at every size, instead of building a ``Game`` per cell.
"""
from __future__ import annotations

from operator import attrgetter

from ..cells import Columns, positions_of
from ..model import COLOUR_OF_CODE, Game, Kind, Player
from .lanes import Lanes

#: packed colour characters (TRF ``w b -`` and blank) -> the flat column's (``w b -``)
_PACKED_COLOURS = str.maketrans({" ": "-"})
_START_RANK = attrgetter("start_rank")
#: kinds of a cell that holds nothing (with no opponent and a blank code; see ``is_blank_cell``)
BLANK_KINDS = (Kind.ABSENT, Kind.NOT_SCHEDULED)


class FlatCells:
    """The round cells of one tournament, flat (see the module docstring)."""

    def __init__(self, players: list[Player], n: int, count_: list[int], opp: list[int | None], col: str, code: str,
                 kind: list[str] | None, kind_of_code: dict[str, str] | None = None,
                 opp_bytes: bytes | None = None) -> None:
        self.players = players
        self.player_count = len(players)
        self.round_count = n
        self.count = count_
        self.start_ranks: list[int] = list(map(_START_RANK, players))
        self.index = dict(zip(self.start_ranks, range(self.player_count)))
        self.opp, self.col, self.code = opp, col, code
        self._kind = kind
        self._kind_of_code = kind_of_code  # makes ``kind`` from ``code`` on first use when ``kind`` is None
        #: ``opp`` as one byte per cell (0: no opponent), when the reader had them so
        #: (:attr:`~trfscore.model.PackedCells.opponent_bytes`); else None
        self.opp_bytes = opp_bytes
        self._lanes: Lanes | None = None

    # -- columns made on first use ------------------------------------------------------------
    @property
    def kind(self) -> list[str]:
        if self._kind is None:
            kind_of = self._kind_of_code or {}  # made with kinds or with the codes' kinds
            self._kind = list(map(kind_of.__getitem__, self.code))
        return self._kind

    def kind_at(self, k: int) -> str:
        """``kind[k]``, without making the whole column when it comes from the codes."""
        if self._kind is None:
            return self._kind_of_code[self.code[k]]  # type: ignore[index]
        return self._kind[k]

    @property
    def data_rounds(self) -> int:
        """The most cells any player records."""
        return max(self.count, default=0)

    def game(self, k: int) -> Game:
        """Cell ``k`` as the ``Game`` the player's ``games`` list holds."""
        return Game(k % self.round_count + 1, self.opp[k], COLOUR_OF_CODE[self.col[k]], self.code[k], self.kind[k])

    def row(self, i: int) -> range:
        """The flat positions of player ``i``'s recorded cells."""
        return range(i * self.round_count, i * self.round_count + self.count[i])

    @property
    def lanes(self) -> Lanes:
        """The cells' pairings as lanes (:class:`.lanes.Lanes`), made on first use."""
        got = self._lanes
        if got is None:
            got = self._lanes = Lanes(self)
        return got

    def partner(self, k: int) -> int:
        """The flat position of the cell of the same round of cell ``k``'s opponent (a player)."""
        n = self.round_count
        return self.index[self.opp[k]] * n + k % n  # type: ignore[index]

    def meeting_order(self, cells: list[int]) -> list[int]:
        """Cells of ``lanes.mutual()`` in the order ``Context.meetings`` lists them: by pair (in
        the order pairs first meet), then by round."""
        opp, n, confirmed = self.opp, self.round_count, self.lanes.is_confirmed

        def first_of_pair(k: int) -> int:
            b = opp[k]
            return next(j for j in range(k - k % n, k + 1) if opp[j] == b and confirmed(j))

        return sorted(cells, key=lambda k: (first_of_pair(k), k))

    def blank(self, k: int) -> bool:
        """``is_blank_cell`` of cell ``k``."""
        return self.opp[k] is None and self.code[k] == " " and self.kind_at(k) in BLANK_KINDS

    def blanks(self) -> list[int]:
        """The blank cells (``is_blank_cell``) among the recorded ones, in order."""
        count_, n = self.count, self.round_count
        return [k for k in positions_of(self.code, " ") if k % n < count_[k // n] and self.blank(k)]

    def busy_rounds(self) -> set[int]:
        """Rounds (1-based) in which some player's cell is not blank."""
        n, opp, code = self.round_count, self.opp, self.code
        busy = set()
        spaces = " " * self.player_count
        for r in range(n):
            if code[r::n] != spaces or opp[r::n].count(None) != self.player_count:
                busy.add(r + 1)
            elif any(not self.blank(k) for k in range(r, self.player_count * n, n)):
                busy.add(r + 1)
        return busy

    def paired_rounds(self) -> set[int]:
        """Rounds (1-based) in which some player names an opponent (a player or not)."""
        n, opp, size = self.round_count, self.opp, self.player_count
        return {r + 1 for r in range(n) if opp[r::n].count(None) != size}


def flat_cells(players: list[Player], cells: Columns) -> FlatCells:
    """The players' cells as :class:`FlatCells`, ``cells`` their columns (:func:`~trfscore.cells.columns`)."""
    if cells.code_of_key is None:  # every code stands for one kind: the kinds are made from the codes on first use
        return FlatCells(players, cells.n, cells.counts, cells.opponents, cells.colours.translate(_PACKED_COLOURS),
                         cells.keys, None, cells.kind_of_key, cells.opponent_bytes)
    return FlatCells(players, cells.n, cells.counts, cells.opponents, cells.colours.translate(_PACKED_COLOURS),
                     cells.codes, cells.kinds, None, cells.opponent_bytes)
