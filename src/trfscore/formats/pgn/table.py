"""The games in the players' rows, placed straight into the one cell store.

Every entry goes into columns of ``players x width`` cells (row ``start rank - 1``): opponents,
colours and result codes, as :func:`trfscore.cells.pack` takes them.  A game with a round goes
in that round, a game without one in the first round both players are free; a second game of a
player in one round is reported (PGN108) and left out, and so is a game with the same player
as White and Black (PGN113).  100,000 games are 200,000 cells: 2 MB as columns, where a
``Game`` tuple each would be 25 MB.

When the cells would be mostly padding (:func:`~trfscore.formats.limits.too_sparse`: one
``[Round "999999"]`` tag among a few games), the columns are dictionaries of the filled cells
instead, so the clashes are still reported before the event is refused (PGN100).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...cells import pack
from ...model import Kind, PackedCells, Player
from ..limits import dense_rounds, too_sparse
from .conventions import KIND_OF
from .games import Entry
from .records import GameRecord, location
from .rules import Sink

#: The code of a cell while placing: a game whose result is pending (``*``, code blank) is a
#: taken cell, so it is held as this code until the columns are made.
_PENDING = ord("*")
_BLANK = ord(" ")
_WHITE, _BLACK = ord("w"), ord("b")
#: The token of a round robin's one free player in a round ("not scheduled"), for :func:`cells.pack`.
_FREE = "\x00"
_KIND_OF_TOKEN = {**KIND_OF, "*": Kind.ABSENT, _FREE: Kind.NOT_SCHEDULED}


class _Sparse(dict[int, int]):
    """A column of the filled cells only (index -> value): a blank cell when not there."""

    def __missing__(self, key: int) -> int:
        return _BLANK


@dataclass
class _Store:
    """The columns being filled: cell ``(sr - 1) * width + rnd - 1`` is round ``rnd`` of start rank ``sr``."""

    size: int  # players
    width: int
    codes: bytearray | _Sparse = field(default_factory=_Sparse)
    colours: bytearray | _Sparse = field(default_factory=_Sparse)
    opponents: list[int | None] | dict[int, int] = field(default_factory=dict)

    @classmethod
    def empty(cls, size: int, width: int, filled: int) -> _Store:
        """Columns of ``size`` rows ``width`` wide, dense unless mostly padding around ``filled`` cells."""
        if too_sparse(size, width, filled):
            return cls(size, width)
        cells = size * width
        return cls(size, width, bytearray(b" ") * cells, bytearray(b" ") * cells, [None] * cells)

    @property
    def dense(self) -> bool:
        """True when the columns hold every cell (a bytearray), not only the filled ones."""
        return isinstance(self.codes, bytearray)

    def taken(self, sr: int, rnd: int) -> bool:
        """True when round ``rnd`` of start rank ``sr`` holds a game or a bye."""
        return rnd <= self.width and self.codes[(sr - 1) * self.width + rnd - 1] != _BLANK

    def widened(self, width: int, filled: int) -> _Store:
        """The same cells in rows ``width`` wide."""
        new = _Store.empty(self.size, width, filled)
        for i in self.filled_cells():
            sr0, r0 = divmod(i, self.width)
            j = sr0 * width + r0
            new.codes[j], new.colours[j] = self.codes[i], self.colours[i]
            opponent = self.opponents[i]
            if opponent is not None:
                new.opponents[j] = opponent
        return new

    def filled_cells(self) -> list[int]:
        """The index of every cell holding a game or a bye."""
        if not self.dense:
            return list(self.codes)
        codes = self.codes
        return [i for i in range(len(codes)) if codes[i] != _BLANK]

    def filled(self) -> int:
        """How many cells hold a game or a bye."""
        codes = self.codes
        return len(codes) - codes.count(_BLANK) if isinstance(codes, bytearray) else len(codes)

    def last_round(self) -> int:
        """The last round in which some player has a game or a bye."""
        codes, width = self.codes, self.width
        if not isinstance(codes, bytearray):
            return max((i % width + 1 for i in codes), default=0)
        return next((rnd for rnd in range(width, 0, -1) if codes[rnd - 1::width].count(_BLANK) != self.size), 0)


class Placement:
    """Every entry placed in the store when made (``rounds`` and ``placed`` then say how far the cells
    go and how many are filled); :meth:`cells` gives the block."""

    def __init__(self, entries: list[Entry], players: list[Player], sr_of: dict[str, int], sink: Sink) -> None:
        self.names = [p.name for p in players]
        self.sink = sink
        entries = [e for e in entries if not self._against_himself(e, sr_of)]
        numbered = [e[0] for e in entries if e[0] is not None]
        self.bound = 2 * len(entries)  # the most cells the entries can fill
        self.store = _Store.empty(len(players), max(numbered, default=0), self.bound)
        if not self.store.dense:  # rows wide enough for any round a game without one gets
            self.store.width += len(entries) + 1
        unplaced = []
        for entry in entries:
            rnd, wk, bk, codes, rec = entry
            if rnd is None:
                unplaced.append(entry)
            else:
                self._put(rnd, sr_of[wk], None if bk is None else sr_of[bk], codes, rec)
        self._place_unnumbered(unplaced, sr_of)
        self.rounds = self.store.last_round()
        self.placed = self.store.filled()

    def _against_himself(self, entry: Entry, sr_of: dict[str, int]) -> bool:
        """True (and PGN113) when one player is both White and Black of the game: it cannot be scored."""
        _, wk, bk, _, rec = entry
        if bk is None or sr_of[wk] != sr_of[bk]:
            return False
        self.sink.add("PGN113", f"game at {location(rec)}: {self.names[sr_of[wk] - 1]!r} is both White and "
                      "Black; the game cannot be scored and is left out", rec.line, 1,
                      "give the real White or Black of this game")
        return True

    def _place_unnumbered(self, unplaced: list[Entry], sr_of: dict[str, int]) -> None:
        """The games without a round, each in the first round both players are free."""
        low: dict[int, int] = {}  # per player, a round such that every round before it is taken

        def first_free(sr: int) -> int:
            rnd = low.get(sr, 1)
            while self.store.taken(sr, rnd):
                rnd += 1
            low[sr] = rnd
            return rnd

        for _, wk, bk, codes, rec in unplaced:
            w = sr_of[wk]
            b = None if bk is None else sr_of[bk]
            rnd = max(first_free(w), first_free(b) if b is not None else 1)
            while self.store.taken(w, rnd) or (b is not None and self.store.taken(b, rnd)):
                rnd += 1
            if rnd > self.store.width:  # twice as wide, so that a run of such games widens a few times
                width = max(rnd, 2 * self.store.width)
                dense = dense_rounds(self.store.size, self.bound)
                if rnd <= dense < width:  # no wider than a dense block while the rounds fit in one (only
                    width = dense  # an event refused as too sparse keeps a sparse block to the end)
                self.store = self.store.widened(width, self.bound)
            self._put(rnd, w, b, codes, rec)

    def _put(self, rnd: int, w: int, b: int | None, codes: tuple[str, str], rec: GameRecord) -> None:
        """A game (a bye: ``b`` None) in the rows of its players, clashes reported."""
        if b is None:
            self._cell(w, rnd, None, _BLANK, codes[0], rec)
        else:
            self._cell(w, rnd, b, _WHITE, codes[0], rec)
            self._cell(b, rnd, w, _BLACK, codes[1], rec)

    def _cell(self, sr: int, rnd: int, opponent: int | None, colour: int, code: str, rec: GameRecord) -> None:
        """One player's cell, or PGN108 when the round is taken."""
        store = self.store
        i = (sr - 1) * store.width + rnd - 1
        if store.codes[i] != _BLANK:
            self.sink.add("PGN108", f"{self.names[sr - 1]!r} has a second game in round {rnd} (line {rec.line}); "
                          "only the first is kept", rec.line, 1,
                          'if Round "3.1", "3.2" are games of a match, read with --round-mode round.game '
                          '(round_mode="round.game")', rec.round_text)
            return
        store.codes[i] = _PENDING if code == " " else ord(code)
        store.colours[i] = colour
        if opponent is not None:
            store.opponents[i] = opponent

    def cells(self, odd_round_robin: bool) -> PackedCells:
        """The block, rows ``rounds`` wide; an empty cell is absent, or not scheduled when it is the
        one free player of its round of a round robin with an odd number of players."""
        store = self.store
        assert store.dense  # a sparse store is mostly padding: the event is refused (PGN100) first
        n, rounds, width = store.size, self.rounds, store.width
        assert isinstance(store.codes, bytearray) and isinstance(store.colours, bytearray)
        assert isinstance(store.opponents, list)
        tokens = store.codes.decode("ascii")
        colours = store.colours.decode("ascii")
        opponents = store.opponents
        if rounds < width:
            cuts = [slice(r * width, r * width + rounds) for r in range(n)]
            tokens = "".join(tokens[c] for c in cuts)
            colours = "".join(colours[c] for c in cuts)
            opponents = [o for c in cuts for o in opponents[c]]
        if odd_round_robin:
            free = bytearray(tokens, "ascii")
            for r in range(rounds):
                column = free[r::rounds]
                if column.count(_BLANK) == 1:
                    free[r + rounds * column.index(_BLANK)] = ord(_FREE)
            tokens = free.decode("ascii")
        codes = tokens.replace("*", " ").replace(_FREE, " ")
        return pack([rounds] * n, opponents, colours, codes, tokens, rounds, _KIND_OF_TOKEN)
