"""The round cells: what a cell can be (:class:`Kind`), how a bulk reader keeps many players'
cells (:class:`PackedCells`), and every player's cells as flat columns (:func:`columns`), the
one place the model's two keepings of cells (a packed block, a player's ``Game`` list) become
one shape.  :mod:`trfscore.model` re-exports ``Kind`` and ``PackedCells``.  Each player's packed
row and round count, read in one pass (:func:`packed_rows`, :func:`round_counts`), are here too.

:func:`columns` gives, for exactly a sequence of players in order and a number of rounds ``n``,
:class:`Columns` whose cell ``i * n + r`` is round ``r + 1`` of player ``i``.  The tie-break
context, the checks, the FIDE figures, the report crosstable and the event reading read the
cells only through it, so none of them asks whether a reader left them packed.

Each cell has a *key*, one character standing for its (result code, kind) pair: its code
itself wherever the code says the kind (a bulk reader's block always; a hand-built ``Game``
list almost always), else a private character.  A whole column of values is then one look-up
per distinct key (``str.translate``), and a bulk block's code column is its key column as it
is, without a copy.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain, repeat
from operator import attrgetter, is_, itemgetter
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # pragma: no cover
    from .model import PackedRow, Player

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
    ALL = (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, FULL_BYE, HALF_BYE, PAB, ZERO_BYE, ABSENT,
           NOT_SCHEDULED, UNKNOWN)


class PackedCells:
    """The round cells of many players, kept column-wise until someone asks for ``Game`` tuples.

    The TRF reader decodes a run of clean ``001`` lines in bulk into one of these; row ``i``
    owns cells ``i*n .. i*n+n-1``.  ``opponents`` holds start ranks (None: no opponent),
    ``colours`` and ``codes`` one character per cell (TRF ``w b - `` and result codes),
    ``kind_of_code`` the :class:`Kind` each code stands for (within a block a code always stands
    for the same kind: the cells are clean).  Cells past a row's recorded rounds are "no
    entry" cells, equal to :meth:`Game.absent`.  Standings read these lists directly, so a
    10,000-player file never builds its 130,000 ``Game`` tuples unless they are asked for.
    """

    __slots__ = ("n", "opponents", "colours", "codes", "kind_of_code", "opponent_bytes")

    def __init__(self, n: int, opponents: list[int | None], colours: str, codes: str,
                 kind_of_code: dict[str, str], opponent_bytes: bytes | None = None) -> None:
        self.n, self.opponents, self.colours, self.codes = n, opponents, colours, codes
        self.kind_of_code = kind_of_code
        #: ``opponents`` again as one byte per cell (0: no opponent), when a reader has them so
        #: and every one is below 256; else None
        self.opponent_bytes = opponent_bytes

    def kinds(self, begin: int, end: int) -> list[str]:
        """The :class:`Kind` of cells ``begin`` to ``end``."""
        return list(map(self.kind_of_code.__getitem__, self.codes[begin:end]))


class Columns:
    """The cells of ``len(counts)`` players, ``n`` a player (see the module docstring).

    ``opponents``: start ranks (None: no opponent); ``colours``: one character a cell (``w``,
    ``b``; ``-`` or a blank: no colour); ``keys``: one character a cell, ``kind_of_key`` its
    :class:`~trfscore.model.Kind` and ``code_of_key`` its result code when that is not the key
    itself (None: every key is its code).  ``counts[i]``: the cells player ``i`` records; the
    cells after them are "no entry" cells (:meth:`~trfscore.model.Game.absent`).
    ``opponent_bytes``: ``opponents`` as a byte a cell (0: none) when the reader had them so.
    """

    __slots__ = ("n", "counts", "opponents", "colours", "keys", "kind_of_key", "code_of_key", "opponent_bytes",
                 "_kinds", "_codes")

    def __init__(self, n: int, counts: list[int], opponents: list[int | None], colours: str, keys: str,
                 kind_of_key: dict[str, str], code_of_key: dict[str, str] | None = None,
                 opponent_bytes: bytes | None = None) -> None:
        self.n, self.counts, self.opponents, self.colours, self.keys = n, counts, opponents, colours, keys
        self.kind_of_key, self.code_of_key, self.opponent_bytes = kind_of_key, code_of_key, opponent_bytes
        self._kinds: list[str] | None = None
        self._codes: str | None = None

    @property
    def codes(self) -> str:
        """The result code of every cell (made once)."""
        if self.code_of_key is None:
            return self.keys
        if self._codes is None:
            self._codes = self.keys.translate(dict(zip(map(ord, self.code_of_key), self.code_of_key.values())))
        return self._codes

    @property
    def kinds(self) -> list[str]:
        """The :class:`~trfscore.model.Kind` of every cell (made once)."""
        if self._kinds is None:
            self._kinds = list(map(self.kind_of_key.__getitem__, self.keys))
        return self._kinds

    def code(self, key: str) -> str:
        """The result code a key stands for."""
        return key if self.code_of_key is None else self.code_of_key.get(key, key)

    def values(self, value_of_key: dict[str, int]) -> list[int]:
        """``[value_of_key[k] for k in keys]``, in C when every value fits in a byte."""
        if all(0 <= v < 256 for v in value_of_key.values()):
            return list(self.keys.translate({ord(k): v for k, v in value_of_key.items()}).encode("latin-1"))
        return list(map(value_of_key.__getitem__, self.keys))

    def totals(self, value_of_key: dict[str, int], absent: int) -> list[int]:
        """Per player, the sum of its recorded cells' values (``value_of_key``: a key's value;
        ``absent``: the value of a "no entry" cell, taken off for the padding)."""
        n, size = self.n, len(self.counts)
        top = max(value_of_key.values(), default=0)
        if min(value_of_key.values(), default=0) >= 0 and n * top < 256:
            # a byte a cell, no row's sum reaching 256: the rounds added lane by lane as big
            # integers (a byte a player, so no carry)
            values = self.keys.translate({ord(k): v for k, v in value_of_key.items()}).encode("latin-1")
            total = sum(int.from_bytes(values[r::n], "big") for r in range(n))
            totals = list(total.to_bytes(size, "big"))
        else:
            totals = self.row_sums(self.values(value_of_key))
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


def columns(players: Sequence[Player], n: int | None = None) -> Columns:
    """The cells of ``players``, in order, ``n`` a player (None: the most any player records):
    each player's first ``n`` cells, padded with "no entry" cells.  A bulk reader's block whose
    rows are exactly these players is handed over as it is."""
    rows = packed_rows(players)
    counts = _round_counts(players, rows)
    if n is None:
        n = max(counts, default=0)
    block = _whole_block(cast("list[PackedRow]", rows), n) if rows and None not in rows else None
    if block is None:
        return _gathered(players, rows, counts, n)
    if block.n > n:  # the rows cut at n cells
        counts = [c if c < n else n for c in counts]
        block = _cut(block, len(rows), n)
    if min(counts) == n or _padding_is_blank(block, counts):
        return Columns(n, counts, block.opponents, block.colours, block.codes, block.kind_of_code, None,
                       block.opponent_bytes)
    return _gathered(players, rows, counts, n)


def packed_rows(players: Iterable[Player]) -> list[PackedRow | None]:
    """Each player's :class:`~trfscore.model.PackedRow` while its games are still packed, else None."""
    return list(map(_PACKED_OF, players))


def round_counts(players: Sequence[Player]) -> list[int]:
    """Each player's :attr:`~trfscore.model.Player.round_count`, read from the packed rows in one
    pass when every player's cells are still packed (10,000 property calls cost several times that)."""
    return _round_counts(players, packed_rows(players))


def _round_counts(players: Sequence[Player], rows: list[PackedRow | None]) -> list[int]:
    """:func:`round_counts`, ``rows`` the players' :func:`packed_rows`."""
    if None in rows:
        return [p.round_count for p in players]
    return list(map(_ROUNDS_OF, cast("list[PackedRow]", rows)))


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
    codes = "".join(map(block.codes.__getitem__, cuts))
    return PackedCells(n, opponents, colours, codes, block.kind_of_code)


def _padding_is_blank(block: PackedCells, counts: list[int]) -> bool:
    """True when every cell of a block past a player's recorded rounds is a "no entry" cell."""
    n, opp, col, code = block.n, block.opponents, block.colours, block.codes
    if block.kind_of_code.get(" ") != Kind.ABSENT:
        return False
    for i, c in enumerate(counts):
        if c < n:
            b = i * n
            if code[b + c:b + n].strip() or col[b + c:b + n].strip("- ") or opp[b + c:b + n].count(None) != n - c:
                return False
    return True


def _gathered(players: Sequence[Player], rows: list[PackedRow | None], counts: list[int], n: int) -> Columns:
    """The cells gathered player by player (keys given to (code, kind) pairs as found)."""
    opps: list[list[int | None]] = []
    cols: list[str] = []
    codes: list[str] = []
    kinds: list[list[str]] = []
    for p, c, packed in zip(players, counts, rows):
        c = min(c, n)
        if packed is not None:
            cells, b = packed.cells, packed.begin
            o, co, cd = cells.opponents[b:b + c], cells.colours[b:b + c], cells.codes[b:b + c]
            k = list(map(cells.kind_of_code.__getitem__, cd))
        elif c:
            games = p.games[:c]
            o, k = [g[1] for g in games], [g[4] for g in games]
            co = "".join([CHAR_OF_COLOUR[g[2]] for g in games])
            cd = "".join([g[3] for g in games])
        else:
            o, co, cd, k = [], "", "", []
        short = n - c
        if short:
            o = o + [None] * short
            k = k + [Kind.ABSENT] * short
            co += "-" * short
            cd += " " * short
        opps.append(o)
        cols.append(co)
        codes.append(cd)
        kinds.append(k)
    code_text = "".join(codes)
    kind_list = list(chain.from_iterable(kinds))
    keys, kind_of_key, code_of_key = _keyed(code_text, kind_list)
    made = Columns(n, counts, list(chain.from_iterable(opps)), "".join(cols), keys, kind_of_key, code_of_key)
    made._kinds = kind_list
    return made


def _keyed(codes: str, kinds: list[str]) -> tuple[str, dict[str, str], dict[str, str] | None]:
    """A key per cell for these codes and kinds: the code itself while it stands for one kind."""
    pairs = dict.fromkeys(zip(codes, kinds))
    kind_of_code: dict[str, str] = {}
    clashing = []
    for code, kind in pairs:
        if kind_of_code.setdefault(code, kind) != kind:
            clashing.append((code, kind))
    if not clashing:
        return codes, kind_of_code, None
    key_of = {pair: chr(_PRIVATE + i) for i, pair in enumerate(clashing)}
    kind_of_key = {**kind_of_code, **{key: kind for (_, kind), key in key_of.items()}}
    code_of_key = {key: code for (code, _), key in key_of.items()}
    keys = "".join([key_of.get(pair, pair[0]) for pair in zip(codes, kinds)])
    return keys, kind_of_key, code_of_key
