"""Every player's round cells as flat columns, for the rules that look at all of them.

:class:`FlatCells` lays the cells out player after player, in the order of
``Tournament.players``: cell ``k = i * n + r`` is round ``r + 1`` of player ``i``.  ``opp``
holds opponent start ranks (None: no opponent), ``col`` one character per cell (``w``, ``b``,
``-`` for no colour), ``code`` the result codes and ``kind`` the :class:`~trfscore.model.Kind`
of each cell.  Cells past a player's recorded rounds are "no entry" cells, equal to
:meth:`~trfscore.model.Game.absent`, and ``count[i]`` says how many cells player ``i`` records.

The columns come from :func:`trfscore.cells.columns` (a bulk reader's block as it is), so the
pairing rules compare the two halves of every game with a few C-level passes instead of
building a ``Game`` per cell.  The rules keep their cell-by-cell path for files where a start
rank is repeated (``TRF302``: a partner is then not one row), where :func:`flat_cells` gives
None.
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, compress, count, repeat
from operator import add, attrgetter, eq, gt, mul, ne
from typing import Any, cast

from ..cells import columns
from ..model import Game, Kind, Player
from .lanes import Lanes, lanes

#: A colour as the flat column writes it, and back.
COLOUR_OF_CHAR = {"w": "w", "b": "b", "-": None}
#: packed colour characters (TRF ``w b -`` and blank) -> the flat column's
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
        self.start_ranks = list(map(_START_RANK, players))
        self.index = dict(zip(self.start_ranks, range(self.player_count)))
        self.opp, self.col, self.code = opp, col, code
        self._kind = kind
        self._kind_of_code = kind_of_code  # makes ``kind`` from ``code`` on first use when ``kind`` is None
        #: ``opp`` as one byte per cell (0: no opponent), when the reader had them so
        #: (:attr:`~trfscore.model.PackedCells.opponent_bytes`); else None
        self.opp_bytes = opp_bytes
        self._cache: dict[str, Any] = {}

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
        return Game(k % self.round_count + 1, self.opp[k], COLOUR_OF_CHAR[self.col[k]], self.code[k], self.kind[k])

    def row(self, i: int) -> range:
        """The flat positions of player ``i``'s recorded cells."""
        return range(i * self.round_count, i * self.round_count + self.count[i])

    @property
    def lanes(self) -> Lanes | None:
        """The cells as byte lanes (:func:`.lanes.lanes`), or None where they do not apply."""
        got = self._cache.get("lanes", False)
        if got is False:
            got = self._cache["lanes"] = lanes(self)
        return cast("Lanes | None", got)

    def _get(self, name: str) -> Any:
        got = self._cache.get(name)
        if got is None:
            got = self._cache[name] = getattr(self, "_make_" + name)()
        return got

    @property
    def own(self) -> list[int]:
        """The start rank of each cell's player."""
        return cast("list[int]", self._get("own"))

    def _make_own(self) -> list[int]:
        return list(chain.from_iterable(map(repeat, self.start_ranks, repeat(self.round_count))))

    @property
    def partner(self) -> list[int]:
        """Per cell, the flat position of the opponent's cell of the same round (a position in
        the padding after the last row when there is no opponent or it is not a player)."""
        return cast("list[int]", self._get("partner"))

    def _make_partner(self) -> list[int]:
        n, pad = self.round_count, self.player_count * self.round_count
        start = {sr: i * n for i, sr in enumerate(self.start_ranks)}
        rows = map(start.get, self.opp, repeat(pad))
        return list(map(add, rows, chain.from_iterable(repeat(range(n), self.player_count))))

    @property
    def back(self) -> list[int | None]:
        """Per cell, the opponent the opponent lists in that round (None without one)."""
        return cast("list[int | None]", self._get("back"))

    def _make_back(self) -> list[int | None]:
        padded = self.opp + [None] * self.round_count
        return list(map(padded.__getitem__, self.partner))

    @property
    def mutual(self) -> list[int]:
        """The cells of mutually confirmed pairings against a higher start rank, in order:
        the cells ``Context.meetings`` lists, a player's cells against each opponent."""
        return cast("list[int]", self._get("mutual"))

    def _make_mutual(self) -> list[int]:
        own, opp = self.own, cast("list[int]", self.opp)  # (a confirmed cell has an opponent)
        confirmed = list(compress(count(), map(eq, self.back, own)))  # cells without an opponent never are
        return list(compress(confirmed, map(gt, map(opp.__getitem__, confirmed), map(own.__getitem__, confirmed))))

    def meeting_order(self, cells: list[int]) -> list[int]:
        """Cells of ``mutual`` in the order ``Context.meetings`` lists them: by pair (in the
        order pairs first meet), then by round."""
        opp, back, own, n = self.opp, self.back, self.own, self.round_count

        def first_of_pair(k: int) -> int:
            b = opp[k]
            return next(j for j in range(k - k % n, k + 1) if opp[j] == b and back[j] == own[j])

        return sorted(cells, key=lambda k: (first_of_pair(k), k))

    def unconfirmed(self) -> list[int]:
        """Cells naming an opponent (a player) that does not name the player back, in order."""
        if self.lanes is not None:
            return self.lanes.unconfirmed()
        index, opp = self.index, self.opp
        return [k for k in compress(count(), map(ne, self.back, self.own)) if opp[k] in index]

    def repeated_pairs(self) -> list[tuple[int, int]]:
        """Pairs (low, high start rank) that meet more than once, in meeting order."""
        keys = self._pair_keys()
        if len(set(keys)) == len(keys):
            return []
        low, base = self._key_base()
        return [(key // base + low, key % base + low) for key, times in Counter(keys).items() if times > 1]

    def repeated_meetings(self) -> dict[tuple[int, int], list[int]]:
        """The pairs (low, high start rank) that meet more than once, each with its ``mutual``
        cells (the lower start rank's), pairs in meeting order."""
        if self.lanes is not None:
            return self.lanes.repeated_meetings()
        repeated = set(self.repeated_pairs())
        found: dict[tuple[int, int], list[int]] = {}
        if repeated:
            own, opp = self.own, self.opp
            for k in self.mutual:
                key = (own[k], opp[k])
                if key in repeated:
                    found.setdefault(key, []).append(k)
        return found

    def _key_base(self) -> tuple[int, int]:
        low = min(self.start_ranks, default=0)
        return low, max(self.start_ranks, default=0) - low + 1

    def _pair_keys(self) -> list[int]:
        """Per ``mutual`` cell, its pair (a, b) of start ranks as one number
        ``(a - low) * base + (b - low)``, ``low`` the lowest start rank."""
        mutual, (low, base) = self.mutual, self._key_base()
        shift = low * base + low
        return list(map(add, map(mul, map(self.own.__getitem__, mutual), repeat(base)),
                        map(add, map(self.opp.__getitem__, mutual), repeat(-shift))))

    def positions_of(self, code: str) -> list[int]:
        """The cells whose result code is ``code``, in order."""
        found, text, at = [], self.code, self.code.find(code)
        while at >= 0:
            found.append(at)
            at = text.find(code, at + 1)
        return found

    def blank(self, k: int) -> bool:
        """``is_blank_cell`` of cell ``k``."""
        return self.opp[k] is None and self.code[k] == " " and self.kind_at(k) in BLANK_KINDS

    def blanks(self) -> list[int]:
        """The blank cells (``is_blank_cell``) among the recorded ones, in order."""
        count_, n = self.count, self.round_count
        return [k for k in self.positions_of(" ") if k % n < count_[k // n] and self.blank(k)]

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
        """Rounds (1-based) in which some player has an opponent."""
        n, opp = self.round_count, self.opp
        if self.opp_bytes is not None:  # a byte per cell, 0 for no opponent: a round's bytes compared at once
            none, numbers = bytes(self.player_count), self.opp_bytes
            return {r + 1 for r in range(n) if numbers[r::n] != none}
        return {r + 1 for r in range(n) if opp[r::n].count(None) != self.player_count}


def flat_cells(players: list[Player]) -> FlatCells | None:
    """The players' cells as :class:`FlatCells` (:func:`~trfscore.cells.columns`), or None when
    a start rank is repeated."""
    srs = list(map(_START_RANK, players))
    if len(set(srs)) != len(srs):
        return None
    cells = columns(players)
    if cells.code_of_key is None:  # every code stands for one kind: the kinds are made from the codes on first use
        return FlatCells(players, cells.n, cells.counts, cells.opponents, cells.colours.translate(_PACKED_COLOURS),
                         cells.keys, None, cells.kind_of_key, cells.opponent_bytes)
    return FlatCells(players, cells.n, cells.counts, cells.opponents, cells.colours.translate(_PACKED_COLOURS),
                     cells.codes, cells.kinds, None, cells.opponent_bytes)
