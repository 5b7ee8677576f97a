"""The round cells: what a cell can be (:class:`Kind`), the one store every reader keeps its
players' cells in (:class:`PackedCells`, built by :func:`pack` or :func:`hand_over`), and
every player's cells as flat columns (:func:`columns`), the one place rows of several stores
become one shape.  :mod:`trfscore.model` re-exports ``Kind``
and ``PackedCells``.  Each player's store row and round count, read in one pass
(:func:`packed_rows`, :func:`round_counts`), are here too.

:func:`columns` gives, for exactly a sequence of players in order and a number of rounds ``n``,
:class:`Columns` whose cell ``i * n + r`` is round ``r + 1`` of player ``i``.  The tie-break
context, the checks, the FIDE figures, the report crosstable and the event reading read the
cells only through it, so none of them asks where a player's row is.

Each cell has a *key*, one character standing for its (result code, kind) pair: its code
itself wherever the code says the kind (almost always), else a private character, so a store
holds any cell.  A whole column of values is then one look-up per distinct key
(``str.translate``), and a store's code column is its key column as it is, without a copy.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from itertools import chain, repeat
from operator import attrgetter, is_, itemgetter
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from .model import PackedRow, Player

_T = TypeVar("_T")
#: A colour as the colour column writes it (TRF ``w``, ``b``; ``-`` for none).
CHAR_OF_COLOUR = {"w": "w", "b": "b", None: "-"}
#: The first private key character (Unicode's private use area), for a (code, kind) pair
#: whose code stands for another kind elsewhere.
_PRIVATE = 0xE000
_CELLS_OF, _ROW_OF, _ROUNDS_OF = itemgetter(0), itemgetter(1), itemgetter(2)  # the fields of a PackedRow
_PACKED_OF = attrgetter("_packed")  # what Player.packed gives, without a property call per player


class Kind:
    """What happened to a player in one round (string constants, JSON-friendly)."""

    WIN = "win"  # over the board (TRF ``1``; ``W`` when not rated)
    DRAW = "draw"  # ``=`` / ``D``
    LOSS = "loss"  # ``0`` / ``L``
    FORFEIT_WIN = "forfeit_win"  # ``+`` against a real opponent
    FORFEIT_LOSS = "forfeit_loss"  # ``-`` against a real opponent
    FULL_BYE = "full_bye"  # ``F``: requested full-point bye
    HALF_BYE = "half_bye"  # ``H``: requested half-point bye
    PAB = "pab"  # ``U``: pairing-allocated bye
    ZERO_BYE = "zero_bye"  # ``Z``: known absence, zero-point bye
    ABSENT = "absent"  # blank cell: not paired (withdrawn, not yet played)
    NOT_SCHEDULED = "not_scheduled"  # round-robin with an odd number: the round a player sits out
    UNKNOWN = "unknown"  # ``X``/``?``: result pending or unknown

    PLAYED = frozenset({WIN, DRAW, LOSS})
    FORFEITS = frozenset({FORFEIT_WIN, FORFEIT_LOSS})
    BYES = frozenset({FULL_BYE, HALF_BYE, PAB, ZERO_BYE})
    UNPLAYED = frozenset({FORFEIT_WIN, FORFEIT_LOSS, FULL_BYE, HALF_BYE, PAB, ZERO_BYE, ABSENT})
    #: kinds that say the player had no game in the round, whatever the opponent column holds
    #: (an opponent there is a defect, TRF405: the writers without a place for it drop it)
    NO_GAME = frozenset({FULL_BYE, HALF_BYE, PAB, ZERO_BYE, NOT_SCHEDULED})
    ALL = (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, FULL_BYE, HALF_BYE, PAB, ZERO_BYE, ABSENT,
           NOT_SCHEDULED, UNKNOWN)


#: the kind of a "no entry" cell's code
_NO_ENTRY = {" ": Kind.ABSENT}


class _Keyed:
    """Cells whose results are kept as *keys* (see the module docstring): ``keys`` one character
    a cell, ``kind_of_key`` each key's :class:`Kind`, ``code_of_key`` the result code of each key
    that is not its own code (None: every key is its code)."""

    __slots__ = ("keys", "kind_of_key", "code_of_key", "_codes")

    def __init__(self, keys: str, kind_of_key: dict[str, str], code_of_key: dict[str, str] | None) -> None:
        self.keys, self.kind_of_key, self.code_of_key = keys, kind_of_key, code_of_key
        self._codes: str | None = None

    @property
    def codes(self) -> str:
        """The result code of every cell (made once)."""
        if self.code_of_key is None:
            return self.keys
        if self._codes is None:
            self._codes = self.keys.translate(dict(zip(map(ord, self.code_of_key), self.code_of_key.values())))
        return self._codes

    def code(self, key: str) -> str:
        """The result code a key stands for."""
        return key if self.code_of_key is None else self.code_of_key.get(key, key)


class PackedCells(_Keyed):
    """The one store of round cells: the cells of many players, kept column-wise.  Every reader
    hands its players' cells over in one of these (:func:`pack`, :func:`hand_over`);
    ``Player.games`` is a view of a row of it (:mod:`trfscore.round_cells`), and a store is
    never changed once made (a write gives the player a store of its own).

    Row ``i`` owns cells ``i*n .. i*n+n-1``.  ``opponents`` holds start ranks (None: no
    opponent), ``colours`` one character per cell (``w``, ``b``; ``-`` or a blank: none) and
    ``keys`` one per cell for its (result code, kind) pair (:class:`_Keyed`): any cell can be
    held, odd ones (a code standing for another kind than elsewhere) under a private key.
    Cells past a row's recorded rounds are "no entry" cells, equal to :meth:`Game.absent`
    (unless the row was cut: :meth:`~trfscore.model.Player.first_cells`).
    Standings read these lists directly, so a 10,000-player file never builds its 130,000
    ``Game`` tuples unless they are asked for.
    """

    __slots__ = ("n", "opponents", "colours", "opponent_bytes")

    def __init__(self, n: int, opponents: list[int | None], colours: str, keys: str,
                 kind_of_key: dict[str, str], opponent_bytes: bytes | None = None,
                 code_of_key: dict[str, str] | None = None) -> None:
        super().__init__(keys, kind_of_key, code_of_key)
        self.n, self.opponents, self.colours = n, opponents, colours
        #: ``opponents`` again as one byte per cell (0: no opponent), when a reader has them so
        #: and every one is below 256; else None
        self.opponent_bytes = opponent_bytes

    def kinds(self, begin: int, end: int) -> list[str]:
        """The :class:`Kind` of cells ``begin`` to ``end``."""
        return list(map(self.kind_of_key.__getitem__, self.keys[begin:end]))

    def with_kind(self, positions: Iterable[int], kind: str) -> PackedCells:
        """A copy of the store whose cells at ``positions`` are of ``kind``, their codes kept
        (each new (code, kind) pair under a key of its own)."""
        keys = list(self.keys)
        kind_of_key, code_of_key = dict(self.kind_of_key), dict(self.code_of_key or {})
        key_of = {(code_of_key.get(key, key), k): key for key, k in kind_of_key.items()}
        for i in positions:
            code = code_of_key.get(keys[i], keys[i])
            key = key_of.get((code, kind))
            if key is None:
                key = key_of[code, kind] = chr(max(_PRIVATE - 1, *map(ord, kind_of_key)) + 1)  # a private key
                kind_of_key[key], code_of_key[key] = kind, code
            keys[i] = key
        return PackedCells(self.n, self.opponents, self.colours, "".join(keys), kind_of_key, self.opponent_bytes,
                           code_of_key or None)

    def blank(self, begin: int, end: int) -> bool:
        """Whether cells ``begin`` to ``end`` are all "no entry" cells (:meth:`Game.absent`)."""
        return (not self.keys[begin:end].strip() and not self.colours[begin:end].strip("- ")
                and self.opponents[begin:end].count(None) == end - begin
                and (begin >= end or (self.kind_of_key.get(" ") == Kind.ABSENT and self.code(" ") == " ")))


class Columns(_Keyed):
    """The cells of ``len(counts)`` players, ``n`` a player (see the module docstring).

    ``opponents``: start ranks (None: no opponent); ``colours``: one character a cell (``w``,
    ``b``; ``-`` or a blank: no colour); ``keys``, ``kind_of_key``, ``code_of_key``: the results
    (:class:`_Keyed`).  ``counts[i]``: the cells player ``i`` records; the cells after them are
    "no entry" cells (:meth:`~trfscore.model.Game.absent`).  ``opponent_bytes``: ``opponents``
    as a byte a cell (0: none) when the reader had them so.
    """

    __slots__ = ("n", "counts", "opponents", "colours", "opponent_bytes", "_kinds")

    def __init__(self, n: int, counts: list[int], opponents: list[int | None], colours: str, keys: str,
                 kind_of_key: dict[str, str], code_of_key: dict[str, str] | None = None,
                 opponent_bytes: bytes | None = None) -> None:
        super().__init__(keys, kind_of_key, code_of_key)
        self.n, self.counts, self.opponents, self.colours = n, counts, opponents, colours
        self.opponent_bytes = opponent_bytes
        self._kinds: list[str] | None = None

    @property
    def kinds(self) -> list[str]:
        """The :class:`~trfscore.model.Kind` of every cell (made once)."""
        if self._kinds is None:
            self._kinds = list(map(self.kind_of_key.__getitem__, self.keys))
        return self._kinds

    def values(self, value_of_key: dict[str, int]) -> list[int]:
        """``[value_of_key[k] for k in keys]``, in C when every value fits in a byte."""
        if all(0 <= v < 256 for v in value_of_key.values()):
            return list(self.keys.translate({ord(k): v for k, v in value_of_key.items()}).encode("latin-1"))
        return list(map(value_of_key.__getitem__, self.keys))

    def totals(self, values: dict[str, int] | list[int], absent: int) -> list[int]:
        """Per player, the sum of its recorded cells' values (``values``: a key's value, or a
        value a cell; ``absent``: the value of a "no entry" cell, taken off for the padding)."""
        n, size = self.n, len(self.counts)
        if isinstance(values, list):
            totals = self.row_sums(values)
        elif min(values.values(), default=0) >= 0 and n * max(values.values(), default=0) < 256:
            # a byte a cell, no row's sum reaching 256: the rounds added lane by lane as big
            # integers (a byte a player, so no carry)
            lanes = self.keys.translate({ord(k): v for k, v in values.items()}).encode("latin-1")
            total = sum(int.from_bytes(lanes[r::n], "big") for r in range(n))
            totals = list(total.to_bytes(size, "big"))
        else:
            totals = self.row_sums(self.values(values))
        if absent:
            totals = [t - (n - c) * absent for t, c in zip(totals, self.counts)]
        return totals

    def row_sums(self, values: list[int]) -> list[int]:
        """Per player, the sum of its cells of ``values`` (a value a cell)."""
        return list(map(sum, map(values.__getitem__, self.rows())))

    def rows(self) -> list[slice]:
        """Per player, the slice of its cells."""
        n, size = self.n, len(self.counts)
        if not n:
            return [slice(0, 0)] * size
        return list(map(slice, range(0, size * n, n), range(n, size * n + 1, n)))


def positions_of(items: Sequence[_T], value: _T) -> list[int]:
    """Every position of ``value`` in ``items`` (a list, or a character in a string), found from
    one to the next by ``index`` (in C: for a value that is rare in a long column, such as the
    cells without an opponent)."""
    found: list[int] = []
    k = -1
    with suppress(ValueError):
        while True:
            k = items.index(value, k + 1)
            found.append(k)
    return found


def columns(players: Sequence[Player], n: int | None = None) -> Columns:
    """The cells of ``players``, in order, ``n`` a player (None: the most any player records):
    each player's first ``n`` cells, padded with "no entry" cells.  A block whose rows are
    exactly these players (what :func:`hand_over` leaves) is given as it is."""
    return _columns(players, n)[0]


def _columns(players: Sequence[Player], n: int | None) -> tuple[Columns, bool]:
    """:func:`columns`, and whether they were gathered (not one block's own)."""
    rows = packed_rows(players)
    counts = list(map(_ROUNDS_OF, rows))
    if n is None:
        n = max(counts, default=0)
    block = _whole_block(rows, n) if rows else None
    if block is None:
        return _gathered(rows, counts, n), True
    cut = block.n > n
    if cut:  # the rows cut at n cells
        counts = [c if c < n else n for c in counts]
        block = _cut(block, len(rows), n)
    if min(counts) == n or _padding_is_blank(block, counts):
        return Columns(n, counts, block.opponents, block.colours, block.keys, block.kind_of_key, block.code_of_key,
                       block.opponent_bytes), cut
    return _gathered(rows, counts, n), True


def packed_rows(players: Iterable[Player]) -> list[PackedRow]:
    """Each player's :class:`~trfscore.round_cells.PackedRow` (where its cells sit in the store)."""
    return list(map(_PACKED_OF, players))


def round_counts(players: Iterable[Player]) -> list[int]:
    """Each player's :attr:`~trfscore.model.Player.round_count`, read from the rows in one pass
    (10,000 property calls cost several times that)."""
    return list(map(_ROUNDS_OF, map(_PACKED_OF, players)))


def hand_over(players: Sequence[Player], padded: bool = False) -> Columns:
    """Keep the cells of ``players`` in one store, row ``i`` for player ``i``: what every reader
    does with the players it made, from whatever stores their rows are in; nothing is moved
    when they are one block's rows already.  ``padded``: every player is given as many cells as
    the most any player records, "no entry" cells past its own (what a TRF file means by a short
    line).  Gives their columns."""
    made, gathered = _columns(players, None)
    if not players:
        return made
    n, counts = made.n, made.counts
    short = padded and min(counts) < n
    if short:
        made.counts = [n] * len(players)
    if gathered:
        cells = PackedCells(n, made.opponents, made.colours, made.keys, made.kind_of_key, made.opponent_bytes,
                            made.code_of_key)
        type(players[0]).defer_all(players, cells, range(len(players)), made.counts)
    elif short:  # the block's own rows, the short ones given their padding (blank cells there)
        cells = _PACKED_OF(players[0]).cells
        for i in [i for i, c in enumerate(counts) if c < n]:
            players[i].defer_games(cells, i, n)
    return made


def pack(counts: Sequence[int], opponents: Sequence[int | None], colours: str, codes: str,
         kinds: Sequence[str] | None, n: int | None = None, kind_of_token: Mapping[str, str] | None = None,
         ) -> PackedCells:
    """The one builder of a store: the cells of each player in turn (``counts[i]`` of them for
    player ``i``; ``colours`` a character a cell, :data:`CHAR_OF_COLOUR`) as a block with row
    ``i`` for player ``i``, each row cut or padded with "no entry" cells to ``n`` (None: the most
    any player records) and each (code, kind) pair given a key.  ``kinds`` holds each cell's
    :class:`Kind`, or with ``kind_of_token`` a token (a character, say) it maps to its kind:
    then only the distinct pairs are looked up.  ``kinds`` None: each code is its own token, one
    of ``kind_of_token``'s, the blank a "no entry" cell (a reader whose every code stands for one
    kind, the crosstable's); then the codes are the keys, nothing is looked up per cell."""
    if n is None:
        n = max(counts, default=0)
    if counts.count(n) != len(counts):  # (list.count: in C, for 10,000 rows)
        absent = Kind.ABSENT if kind_of_token is None else \
            next(token for token, kind in kind_of_token.items() if kind == Kind.ABSENT)
        opponents, colours, codes, kinds = _padded(counts, opponents, colours, codes, kinds, n, absent)
    if kinds is None:
        if kind_of_token is None:
            raise ValueError("pack: kinds None needs kind_of_token (each code's kind)")
        return PackedCells(n, list(opponents), colours, codes, dict(kind_of_token))
    keys, kind_of_key, code_of_key = _keyed(codes, kinds, kind_of_token)
    return PackedCells(n, list(opponents), colours, keys, kind_of_key, None, code_of_key)


def _padded(counts: Sequence[int], opponents: Sequence[int | None], colours: str, codes: str,
            kinds: Sequence[str] | None, n: int, absent: str) -> tuple[list[int | None], str, str, list[str] | None]:
    """Each player's first ``n`` cells padded with "no entry" cells (kind ``absent``) to ``n``
    (``kinds`` None: the codes are the tokens, and stay so)."""
    opps: list[int | None] = []
    cols: list[str] = []
    cds: list[str] = []
    kds: list[str] = []
    begin = 0
    for count in counts:
        c = min(count, n)
        end = begin + c
        short = n - c
        opps += opponents[begin:end]
        cols.append(colours[begin:end] + "-" * short)
        cds.append(codes[begin:end] + " " * short)
        if short:
            opps += [None] * short
        if kinds is not None:
            kds += kinds[begin:end]
            kds += [absent] * short
        begin += count
    return opps, "".join(cols), "".join(cds), None if kinds is None else kds


def _whole_block(rows: list[PackedRow], n: int) -> PackedCells | None:
    """The block whose rows are exactly ``rows`` (row ``i`` is row ``i`` of it), at least ``n``
    cells a row."""
    cells: PackedCells = rows[0].cells
    if cells.n < n or len(cells.opponents) != len(rows) * cells.n or list(map(_ROW_OF, rows)) != list(range(len(rows))) \
            or not all(map(is_, map(_CELLS_OF, rows), repeat(cells))):
        return None
    return cells


def _cut(block: PackedCells, size: int, n: int) -> PackedCells:
    """The first ``n`` cells of each of the ``size`` rows of ``block``."""
    width = block.n
    cuts = list(map(slice, range(0, size * width, width), range(n, size * width + n, width)))
    opponents = list(chain.from_iterable(map(block.opponents.__getitem__, cuts)))
    colours = "".join(map(block.colours.__getitem__, cuts))
    keys = "".join(map(block.keys.__getitem__, cuts))
    return PackedCells(n, opponents, colours, keys, block.kind_of_key, None, block.code_of_key)


def _padding_is_blank(block: PackedCells, counts: list[int]) -> bool:
    """True when every cell of a block past a player's recorded rounds is a "no entry" cell."""
    n, blank = block.n, block.blank
    return all(blank(i * n + c, i * n + n) for i, c in enumerate(counts) if c < n)


def _gathered(rows: list[PackedRow], counts: list[int], n: int) -> Columns:
    """The cells gathered into one block: a run of consecutive whole rows of a block ``n``
    cells wide at once, any other player by itself, padded to ``n`` with "no entry" cells.  Each part's
    kinds come from its block's keys; when no code stands for two kinds
    across the parts, the codes are the keys, else each (code, kind) pair is keyed (:func:`_keyed`)."""
    opps: list[int | None] = []
    cols: list[str] = []
    parts: list[tuple[str, dict[str, str] | list[str]]] = []  # (codes, their block's kind_of_key or kinds)
    i, size = 0, len(rows)
    while i < size:
        cells, row, rounds = rows[i]
        j = i + 1
        if rounds == n == cells.n:  # whole rows: the run of the next whole rows at once
            while j < size and (r := rows[j]).cells is cells and r.row == row + j - i and r.rounds == n:
                j += 1
            b, e = row * n, (row + j - i) * n
        else:
            b = row * cells.n
            e = b + min(rounds, n)
        opps += cells.opponents[b:e]
        cols.append(cells.colours[b:e])
        part = cells.codes[b:e]
        parts.append((part, cells.kind_of_key if cells.code_of_key is None else cells.kinds(b, e)))
        b = (e - b) - (j - i - 1) * n  # the cells of the run's last row
        if b < n:  # padded to n
            opps += [None] * (n - b)
            cols.append("-" * (n - b))
            parts.append((" " * (n - b), _NO_ENTRY))
        i = j
    codes = "".join([part for part, _ in parts])
    kind_of_code, clashing = _kinds_of_codes(chain.from_iterable(
        kinds.items() if isinstance(kinds, dict) else dict.fromkeys(zip(part, kinds)) for part, kinds in parts), _itself)
    if not clashing:  # every code stands for one kind: the codes are the keys
        return Columns(n, counts, opps, "".join(cols), codes, kind_of_code)
    kind_list: list[str] = []
    for part, kinds in parts:
        kind_list += list(map(kinds.__getitem__, part)) if isinstance(kinds, dict) else kinds
    return Columns(n, counts, opps, "".join(cols), *_keyed(codes, kind_list))


def _itself(kind: str) -> str:
    """A token that is its kind."""
    return kind


def _kinds_of_codes(pairs: Iterable[tuple[str, str]], kind_of: Callable[[str], str],
                    ) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Each code's kind (the first that a distinct ``(code, token)`` pair gives it, ``kind_of``
    the token's kind), and the pairs that give a code another kind: what gets a private key
    (:func:`_keyed`)."""
    kind_of_code: dict[str, str] = {}
    clashing = []
    for code, token in pairs:
        if kind_of_code.setdefault(code, kind_of(token)) != kind_of(token):
            clashing.append((code, token))
    return kind_of_code, clashing


def _keyed(codes: str, kinds: Sequence[str], kind_of_token: Mapping[str, str] | None = None,
           ) -> tuple[str, dict[str, str], dict[str, str] | None]:
    """A key per cell for these codes and kinds (or tokens of kinds, :func:`pack`): the code
    itself while it stands for one kind, else a private character."""
    kind_of = _itself if kind_of_token is None else kind_of_token.__getitem__
    kind_of_code, clashing = _kinds_of_codes(dict.fromkeys(zip(codes, kinds)), kind_of)
    if not clashing:
        return codes, kind_of_code, None
    key_of = {pair: chr(_PRIVATE + i) for i, pair in enumerate(clashing)}
    kind_of_key = {**kind_of_code, **{key: kind_of(token) for (_, token), key in key_of.items()}}
    code_of_key = {key: code for (code, _), key in key_of.items()}
    keys = "".join([key_of.get(pair, pair[0]) for pair in zip(codes, kinds)])
    return keys, kind_of_key, code_of_key
