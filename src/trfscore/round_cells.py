"""A player's round cells as the model shows them: :class:`Game` tuples made on demand from the
player's row of the one cell store (:class:`~trfscore.cells.PackedCells`), as python-chess keeps
a board as bitboards and makes ``Piece`` objects when asked.

A player holds a :class:`PackedRow` (a store, a row of it, how many of the row's cells are the
player's); ``Player.games`` is a :class:`RoundCells`, a list-like view of that row.  Reading it
makes ``Game`` tuples; writing through it (item assignment, ``append``, ``del`` ...) or assigning
``Player.games`` gives the player a store of its own with the new cells (stores are never
changed in place, so players and copies sharing one store never see each other's writes).
:mod:`trfscore.model` re-exports ``Game`` and ``PackedRow``.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSequence
from itertools import repeat
from operator import index as as_index
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, SupportsIndex, cast, overload

from .cells import CHAR_OF_COLOUR, Kind, PackedCells, pack


class Game(NamedTuple):
    """One player's cell for one round.

    ``opponent`` is the opponent's start rank (None for byes and absences), ``colour`` is
    ``"w"``, ``"b"`` or None, ``code`` the upper-cased TRF result character (``" "`` for blank;
    other formats map onto the same codes) and ``kind`` a :class:`Kind` constant.
    """

    round: int
    opponent: int | None
    colour: str | None
    code: str
    kind: str

    @classmethod
    def absent(cls, rnd: int) -> Game:
        """The cell of a round without an entry: no opponent, no colour, blank result."""
        return cls(rnd, None, None, " ", Kind.ABSENT)

    @property
    def played(self) -> bool:
        return self.kind in Kind.PLAYED

    @property
    def rated(self) -> bool:
        """Played and rated (:func:`is_rated`)."""
        return is_rated(self.kind, self.code)


def is_rated(kind: str, code: str) -> bool:
    """Whether a cell of ``kind`` with the result ``code`` is a rated game: played at the board
    and not a TRF ``W``/``D``/``L``, which were played but lasted less than one move (FIDE B.02
    8.3.1)."""
    return kind in Kind.PLAYED and code in "1=0"


_tuple_new = tuple.__new__  # builds a tuple of a NamedTuple class without its constructor's extra call
#: A colour character of the store as the model writes it: "w", "b" or None.
COLOUR_OF_CODE = {"w": "w", "b": "b", "-": None, " ": None}


class PackedRow(NamedTuple):
    """Where one player's round cells sit: row ``row`` of ``cells``, whose first ``rounds``
    cells are the player's (the row's other cells are not the player's).  Got through
    :func:`trfscore.cells.packed_rows` or ``Player.packed``."""

    cells: PackedCells
    row: int
    rounds: int

    @property
    def begin(self) -> int:
        """The index in the block's columns of the row's first cell."""
        return self.row * self.cells.n


#: The row of a player without cells (a store of no cells).
NO_CELLS = PackedRow(PackedCells(0, [], "", "", {" ": Kind.ABSENT}), 0, 0)


def games_of(row: PackedRow, first: int = 0, stop: int | None = None) -> list[Game]:
    """The player's cells ``first`` to ``stop`` (None: all) of ``row`` as ``Game`` tuples."""
    cells, r, count = row
    stop = count if stop is None else min(stop, count)
    if first >= stop:
        return []
    b = r * cells.n
    keys = cells.keys[b + first:b + stop]
    return list(map(_tuple_new, repeat(Game), zip(range(first + 1, stop + 1), cells.opponents[b + first:b + stop],
                                                  map(COLOUR_OF_CODE.__getitem__, cells.colours[b + first:b + stop]),
                                                  cells.codes[b + first:b + stop] if cells.code_of_key else keys,
                                                  map(cells.kind_of_key.__getitem__, keys))))


def row_of(games: Iterable[Game]) -> PackedRow:
    """A store of its own (one row) holding ``games``, which must be the rounds 1, 2, ... in
    order: the store knows a cell's round by its place."""
    games = list(games)
    if not games:
        return NO_CELLS
    for place, g in enumerate(games, 1):
        if type(g) is not Game and not (isinstance(g, tuple) and len(g) == 5):
            raise TypeError(f"Player.games holds Game tuples, not {type(g).__name__}")
        if g[0] != place or g[2] not in CHAR_OF_COLOUR or not (isinstance(g[3], str) and len(g[3]) == 1) \
                or g[4] not in Kind.ALL:
            raise ValueError(f"Player.games: {g!r} cannot be the cell of round {place}: the cells are the rounds "
                             "1, 2, ... in order, each with a colour 'w', 'b' or None, a one-character code "
                             "and a Kind")
    _, opponents, colours, codes, kinds = zip(*games)
    store = pack([len(games)], opponents, "".join([CHAR_OF_COLOUR[c] for c in colours]), "".join(codes), kinds)
    return PackedRow(store, 0, len(games))


if TYPE_CHECKING:  # pragma: no cover  (a type only: no Protocol class made at import)
    class HoldsRow(Protocol):
        """What :class:`RoundCells` views: an object holding its cells' :class:`PackedRow` (a Player)."""

        _packed: PackedRow


class RoundCells(MutableSequence[Game]):
    """``Player.games``: a list-like view of the player's row of the cell store.

    Reading makes ``Game`` tuples on demand (an index one, a slice or iteration a list of them);
    writing (item assignment, ``append``, ``insert``, ``del``, ``+=`` ...) gives the player a store
    of its own with the changed cells, which must stay the rounds 1, 2, ... in order
    (:func:`row_of`).  A view equals another view or a list of the same ``Game`` tuples; its
    ``repr`` is the list's; copied (``copy.copy``, ``copy.deepcopy``, pickle) it is that list."""

    __slots__ = ("_owner",)

    def __init__(self, owner: HoldsRow) -> None:
        self._owner = owner

    @property
    def row(self) -> PackedRow:
        """Where the cells sit now."""
        return self._owner._packed

    def __len__(self) -> int:
        return self._owner._packed[2]

    @overload
    def __getitem__(self, index: SupportsIndex) -> Game: ...
    @overload
    def __getitem__(self, index: slice) -> list[Game]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Game | list[Game]:
        row = self._owner._packed
        if isinstance(index, slice):
            start, stop, step = index.indices(row[2])
            if step == 1:
                return games_of(row, start, stop)
            return games_of(row)[index]
        i = as_index(index)
        count = row[2]
        if i < 0:
            i += count
        if not 0 <= i < count:
            raise IndexError("round cell index out of range")
        cells = row[0]
        k = row[1] * cells.n + i
        key = cells.keys[k]
        return _tuple_new(Game, (i + 1, cells.opponents[k], COLOUR_OF_CODE[cells.colours[k]], cells.code(key),
                                 cells.kind_of_key[key]))

    def __iter__(self) -> Iterator[Game]:
        return iter(games_of(self._owner._packed))

    def __setitem__(self, index: Any, value: Any) -> None:
        games = games_of(self._owner._packed)
        games[index] = value
        self._owner._packed = row_of(games)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        games = games_of(self._owner._packed)
        del games[index]
        self._owner._packed = row_of(games)

    def insert(self, index: SupportsIndex, value: Game) -> None:
        games = games_of(self._owner._packed)
        games.insert(index, value)
        self._owner._packed = row_of(games)

    def extend(self, values: Iterable[Game]) -> None:
        self._owner._packed = row_of([*games_of(self._owner._packed), *values])

    def append(self, value: Game) -> None:
        self.extend((value,))

    def clear(self) -> None:
        self._owner._packed = NO_CELLS

    def __iadd__(self, values: Iterable[Game]) -> RoundCells:
        self.extend(values)
        return self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RoundCells):
            mine, theirs = self._owner._packed, other._owner._packed
            return mine == theirs or same_cells(mine, theirs)
        if isinstance(other, list):
            return games_of(self._owner._packed) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (changeable, as a list)

    def __repr__(self) -> str:
        return repr(games_of(self._owner._packed))

    def copy(self) -> list[Game]:
        """The cells as a list of ``Game`` tuples."""
        return games_of(self._owner._packed)

    def __copy__(self) -> list[Game]:
        return games_of(self._owner._packed)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Game]:
        return games_of(self._owner._packed)

    def __reduce__(self) -> tuple[type[list[Game]], tuple[list[Game]]]:
        return list, (games_of(self._owner._packed),)


def same_cells(a: PackedRow, b: PackedRow) -> bool:
    """Whether two rows hold equal ``Game`` tuples, compared column by column."""
    count = a[2]
    if count != b[2]:
        return False
    ca, cb = a[0], b[0]
    ba, bb = a[1] * ca.n, b[1] * cb.n
    ka, kb = ca.keys[ba:ba + count], cb.keys[bb:bb + count]
    return (ca.opponents[ba:ba + count] == cb.opponents[bb:bb + count]
            and (ca.colours[ba:ba + count] == cb.colours[bb:bb + count]
                 or list(map(COLOUR_OF_CODE.__getitem__, ca.colours[ba:ba + count]))
                 == list(map(COLOUR_OF_CODE.__getitem__, cb.colours[bb:bb + count])))
            and ca.codes[ba:ba + count] == cb.codes[bb:bb + count]
            and list(map(ca.kind_of_key.__getitem__, ka)) == list(map(cb.kind_of_key.__getitem__, kb)))


class RoundCellsField:
    """``Player.games`` as a dataclass field (constructor keyword, equality, repr, ``replace``):
    read, the :class:`RoundCells` view of the player's row; set, ``Game`` tuples (held in a
    store of the player's own), another player's view or a :class:`PackedRow` (the row is
    shared: a reader's block).  Read on the class, it gives the field's default, no games (a
    descriptor-typed field, as the :mod:`dataclasses` documentation describes them)."""

    __slots__ = ()

    @overload
    def __get__(self, owner: None, cls: type | None = None) -> tuple[()]: ...
    @overload
    def __get__(self, owner: HoldsRow, cls: type | None = None) -> RoundCells: ...

    def __get__(self, owner: HoldsRow | None, cls: type | None = None) -> RoundCells | tuple[()]:
        if owner is None:
            return ()
        view = _new_view(RoundCells)
        view._owner = owner
        return view

    def __set__(self, owner: HoldsRow, games: Iterable[Game] | PackedRow) -> None:
        if type(games) is PackedRow:  # (a type test, not isinstance: 10,000 players a file)
            owner._packed = games
        elif type(games) is RoundCells:
            owner._packed = games._owner._packed
        else:
            owner._packed = row_of(cast("Iterable[Game]", games))


_new_view = object.__new__
