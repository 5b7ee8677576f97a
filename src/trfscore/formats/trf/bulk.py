"""Decoding a run of ``001`` records column by column, whatever its length.

Each field of :data:`.layout.PLAYER` becomes a column (one slice per line), each column is
checked at once (distinct values once, or a C-level ``all(map(...))``), and all round blocks of
the run are checked together; their cells go into one column store
(:class:`~trfscore.model.PackedCells`, a row per line).  This is the one decoder of a ``001``
line, whatever the length of its run: a line that fails a check keeps the fields cut here and is
judged by :func:`.player.report_line` (a finding for every deviation), its round blocks decoded
one by one by :func:`.player.parse_rounds`.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from operator import contains, itemgetter
from typing import NamedTuple, TypeVar

from ...findings import Finding
from ...model import Game, PackedCells, PackedRow, Player, Record
from .layout import PLAYER
from .player import (
    BIRTH_FORMS,
    BLOCK,
    CELLS,
    COLOUR_AT,
    FIRST_ROUND,
    HEAD_RULES,
    MIN_LENGTH,
    RESULT_AT,
    SEX,
    START_RANK,
    parse_points,
    parse_rounds,
    report_line,
    reporter,
)

#: The concatenated round blocks may be at most this many times the text they come from, so
#: that one very long line cannot make every short line be padded to its length.
MAX_PADDING = 4

_BLOCK = BLOCK
_FIFTH_DIGIT = slice(START_RANK.stop, START_RANK.stop + 1)
_SEX = slice(SEX, SEX + 1)
_Value = TypeVar("_Value")


def _marks(chars: Iterable[str]) -> bytes:
    """A ``bytes.translate`` table giving 1 for ``chars`` and 0 for every other byte."""
    table = bytearray(256)
    for c in chars:
        table[ord(c)] = 1
    return bytes(table)


def _clean_cell_classes() -> tuple[bytes, ...]:
    """What a clean round block holds, read off the per-line decoder's own table
    (``player.CELLS``), as :func:`_marks` tables: the colours and result codes of a block
    with an opponent, then of one without.  A block is clean when its colour and its code both
    belong to the side its opponent field is on (the clean pairs of each side are all
    combinations of its colours and codes; checked here)."""
    tables = []
    for has in (True, False):
        pairs = {(colour, code) for (h, colour, code), (_, problem) in CELLS.items() if h == has and problem is None}
        colours, codes = {c for c, _ in pairs}, {r for _, r in pairs}
        assert len(pairs) == len(colours) * len(codes), "clean cells are not a product"
        tables += [_marks(colours), _marks(codes)]
    return tuple(tables)


_COLOUR_GAME, _CODE_GAME, _COLOUR_NONE, _CODE_NONE = _clean_cell_classes()
_SPACE, _ZERO, _DIGIT, _NONZERO_DIGIT = _marks(" "), _marks("0"), _marks("0123456789"), _marks("123456789")


def _bits(*tables: bytes) -> bytes:
    """One ``bytes.translate`` table holding several :func:`_marks` tables, table ``k`` as bit
    ``k`` of each entry: one pass over a column answers all of them (bit ``k`` of every byte
    is then taken out of the column's big integer by a shift and a mask)."""
    bits = sum(int.from_bytes(t, "big") << k for k, t in enumerate(tables))  # entries are 0 or 1: no carry
    return bits.to_bytes(256, "big")


#: an opponent field's character: digit (bit 0), blank (1), ``0`` (2), digit 1-9 (3)
_OPPONENT_CHAR = _bits(_DIGIT, _SPACE, _ZERO, _NONZERO_DIGIT)
#: a colour (or result code) clean with an opponent (bit 0) and without one (bit 1)
_COLOUR_SIDES, _CODE_SIDES = _bits(_COLOUR_GAME, _COLOUR_NONE), _bits(_CODE_GAME, _CODE_NONE)
#: ``bytes.translate`` table: a digit's value, 0 for anything else
_DIGIT_VALUE = bytes(int(chr(b)) if chr(b).isdigit() and b < 128 else 0 for b in range(256))
_NONZERO = rb"[^\x00]"  # a block flagged in a column of flags (compiled on first use: re's cache)
_HUNDREDS = bytes(100 if b == 1 else 0 for b in range(256))  # ``bytes.translate`` table: 1 -> 100 (and 0 -> 0)


def _kind_by_code() -> dict[str, str]:
    """In a clean cell the result code alone tells the kind (a code is clean either with an
    opponent or without one, never both): read off the per-line decoder's own table."""
    table: dict[str, str] = {}
    for (_, _, code), (kind, problem) in CELLS.items():
        if problem is None:
            assert table.setdefault(code, kind) == kind, code
    return table


KIND_BY_CODE = _kind_by_code()


class _Heads(NamedTuple):
    """The fields before the round cells of every line of a run, one column each, in
    ``Player`` argument order (so that ``map(Player, *heads, ...)`` builds the players)."""

    start_ranks: list[int]
    names: list[str]
    sexes: list[str]
    titles: list[str]
    ratings: list[int | None]
    federations: list[str]
    fide_ids: list[str]
    births: list[str]
    points: list[Fraction | None]
    ranks: list[int | None]

    def rows(self, kept: list[int]) -> _Heads:
        """The same columns holding only the lines ``kept`` (each column keeps its type)."""
        return _Heads._make([col[i] for i in kept] for col in self)

    def player(self, i: int, start_rank: int, games: list[Game], line: int) -> Player:
        """The player of line ``i`` with ``start_rank`` and ``games`` (from the line's own decoding)."""
        return Player(start_rank, self.names[i], self.sexes[i], self.titles[i], self.ratings[i], self.federations[i],
                      self.fide_ids[i], self.births[i], self.points[i], self.ranks[i], games, line=line)


def parse_players(records: list[Record], add: Callable[[Finding], None]) -> list[Player]:
    """The players of consecutive ``001`` records, in order (a line without a start rank gives none).

    Every field is cut and converted column by column (:func:`_heads`, :func:`_rounds`); a line
    flagged there gets its findings from :func:`.player.report_line` (judging the texts cut here)
    and its round blocks from :func:`.player.parse_rounds`."""
    if not records:
        return []
    texts = [r.text for r in records]
    slow: set[int] = set()
    heads, cut = _heads(texts, slow)
    cells, counts = _rounds(texts, heads.start_ranks, slow)
    bulk: list[int] | range
    if slow:
        bulk = [i for i in range(len(texts)) if i not in slow]
        kept = heads.rows(bulk)
    else:
        bulk, kept = range(len(texts)), heads
    # each player made with its row of the store as its games (a view: see round_cells.RoundCells)
    packed = map(tuple.__new__, repeat(PackedRow), zip(repeat(cells), bulk, map(counts.__getitem__, bulk)))
    fast = list(map(Player, *kept, packed, map(dict, repeat((), len(bulk))), [records[i].line for i in bulk]))
    if not slow:
        return fast
    parsed = dict(zip(bulk, fast))
    out: list[Player] = []
    for i, text in enumerate(texts):
        found = parsed.get(i)
        if found is None:
            line = records[i].line
            report = reporter(line, add)
            start_rank = report_line(text, {name: column[i] for name, column in cut.items()}, report)
            if start_rank is None:
                continue
            found = heads.player(i, start_rank, parse_rounds(text, start_rank, report), line)
        out.append(found)
    return out


def _mark(values: list[_Value], bad: Callable[[_Value], bool], slow: set[int]) -> None:
    """Add the indices of ``values`` for which ``bad`` holds to ``slow`` (checked per distinct value)."""
    wrong = {v for v in set(values) if bad(v)}
    if wrong:
        slow.update(i for i, v in enumerate(values) if v in wrong)


def _all_digits(values: list[str]) -> bool:
    return all(map(str.isdecimal, filter(None, values)))


#: A test over a whole column that holds when no value in it is malformed (``HEAD_RULES``), in C:
#: the usual case costs no call per distinct value.
_CLEAN: dict[str, Callable[[list[str]], bool]] = {
    "name": lambda values: "" not in values,
    "rating": _all_digits, "fide_id": _all_digits, "rank": _all_digits,
    "birth": lambda values: all(map(BIRTH_FORMS.match, filter(None, values))),
    "points": lambda values: all(parse_points(v)[1] is None for v in set(values)),  # (parse_points remembers)
}


#: The head fields cut and stripped (``sex`` is kept as written), with their slices.
_STRIPPED = tuple((f.name, f.cut) for f in PLAYER.fields if f.name != "sex")


def _heads(texts: list[str], slow: set[int]) -> tuple[_Heads, dict[str, list[str]]]:
    """The fields before the round cells (:data:`.layout.PLAYER`) of every line as columns, in
    ``Player`` argument order, and the texts cut from each field (stripped; ``sex`` as written);
    a line that :func:`.player.report_line` reports on is added to ``slow``."""
    # (a tab looked for line by line: a join of every line would copy the whole section)
    if min(map(len, texts)) < MIN_LENGTH or any(map(contains, texts, repeat("\t"))) \
            or any(map(str.isdecimal, map(itemgetter(_FIFTH_DIGIT), texts))):
        for i, t in enumerate(texts):  # tabs, short lines, a fifth start-rank digit (TRF103/313/314)
            if len(t) < MIN_LENGTH or "\t" in t or t[_FIFTH_DIGIT].isdecimal():
                slow.add(i)
    cut = {name: [t[at].strip() for t in texts] for name, at in _STRIPPED}
    cut["sex"] = [t[_SEX] for t in texts]
    sno_texts = cut.pop("start_rank")
    if not all(map(str.isdecimal, sno_texts)):
        _mark(sno_texts, lambda v: not v.isdecimal(), slow)
        snos = [int(v) if v.isdecimal() else 0 for v in sno_texts]
    else:
        snos = list(map(int, sno_texts))
    if 0 in snos:
        slow.update(i for i, v in enumerate(snos) if v == 0)
    clean = {name for name, holds in _CLEAN.items() if holds(cut[name])}
    for judged in HEAD_RULES:
        if judged.field not in clean:
            _mark(cut[judged.field], judged.malformed, slow)
    table = {v: parse_points(v) for v in set(cut["points"])}  # parse_points remembers its texts
    points = [table[v][0] for v in cut["points"]]
    ratings = _numbers(cut["rating"], zero_is_none=True)
    ranks = _numbers(cut["rank"], zero_is_none=False)
    heads = _Heads(snos, cut["name"], list(map(str.strip, cut["sex"])), cut["title"], ratings, cut["federation"],
                   cut["fide_id"], cut["birth"], points, ranks)
    return heads, cut


def _numbers(values: list[str], zero_is_none: bool) -> list[int | None]:
    """Blank-or-digits fields as ints (None for blank or anything but digits; with ``zero_is_none`` also for 0),
    each distinct text converted once; a column of digits alone without ``zero_is_none`` (the ranks,
    all distinct: a table would hold each of them) converted as it is."""
    if not zero_is_none and all(map(str.isdecimal, values)):
        return list(map(int, values))
    table: dict[str, int | None] = {v: int(v) for v in set(values) if v.isdecimal()}
    if zero_is_none:
        table.update((v, None) for v, number in list(table.items()) if number == 0)
    return list(map(table.get, values))


def _rounds(texts: list[str], snos: list[int], slow: set[int]) -> tuple[PackedCells, list[int]]:
    """The round cells of every line, packed, and the number of rounds each line records
    (lines sent to the checked decoder are added to ``slow``; their cells are ignored).

    All round blocks are padded to the longest line and checked at once (:func:`_irregular_cells`);
    a line with an irregular block is blanked here and left to the checked decoder.  Opponent
    fields, colours and results are then every tenth character of the padded text.
    """
    count = len(texts)
    empty = PackedCells(0, [], "", "", KIND_BY_CODE), [0] * count
    rests = [t[FIRST_ROUND:].rstrip() for t in texts]
    lengths = list(map(len, rests))
    n = -(-max(lengths) // _BLOCK)
    if n == 0:
        return empty
    width = n * _BLOCK
    if width * count > MAX_PADDING * (sum(lengths) + count * _BLOCK):
        slow.update(range(count))  # one very long line: decode line by line
        return empty
    blocks = "".join([r.ljust(width) for r in rests])
    raw = blocks.encode("ascii", "replace")  # a character that is not ASCII becomes "?": irregular anywhere
    irregular = _irregular_cells(raw)
    if irregular:
        for i in {cell // n for cell in irregular}:
            slow.add(i)
            rests[i] = ""
        blocks = "".join([r.ljust(width) for r in rests])
        raw = blocks.encode("ascii")  # the clean blocks left are ASCII
    opp, opp_bytes = _opponents(raw)  # (with no irregular block, raw is the ASCII text: it is encoded once)
    codes = blocks[RESULT_AT::_BLOCK]
    cells = PackedCells(n, opp, blocks[COLOUR_AT::_BLOCK], codes, KIND_BY_CODE, opp_bytes)
    counts = []
    for i in range(count):
        base = i * n
        used = -(-lengths[i] // _BLOCK)
        while used and codes[base + used - 1] == " ":  # trailing "no entry" cells (padded back by the reader, see player.py)
            used -= 1
        if snos[i] in opp[base:base + used]:  # paired with themself: the checked decoder reports it
            slow.add(i)
        counts.append(used)
    return cells, counts


def _irregular_cells(raw: bytes) -> list[int]:
    """The positions of the 10-character round blocks in ``raw`` (the blocks' text encoded as
    ASCII, "?" for any other character) that the per-line decoder
    would report on: one that is not ASCII, a separator that is not blank, an opponent field
    that is not a right-aligned non-zero start rank, ``0000`` or blank, or a colour or result
    that does not belong with its opponent field (``player.CELLS``).

    The checks run on all blocks at once: each character column becomes a big integer with one
    byte per block (1 where the column holds a character looked for), so that "and", "or" and
    "not" over 100,000 blocks are single integer operations.  The four opponent digits at offsets
    0-3 and the blanks at 4, 6, 8, 9 are the cell layout ``player.CELL_PATTERN`` spells out too
    (an assertion there holds it to :data:`.layout.PLAYER`)."""
    size = len(raw) // _BLOCK
    if not size:
        return []
    ones = int.from_bytes(b"\x01" * size, "big")
    chars = [_column(raw, at, _OPPONENT_CHAR) for at in range(4)]
    digit = [c & ones for c in chars]
    space = [c >> 1 & ones for c in chars]
    zeros = (chars[0] & chars[1] & chars[2] & chars[3]) >> 2 & ones
    none = (space[0] & space[1] & space[2] & space[3]) | zeros  # blank or 0000: no opponent
    # somebody: digits right-aligned (no digit before a blank), at least one of them not 0
    number = ((digit[0] | space[0]) & (digit[1] | space[1]) & (digit[2] | space[2]) & (digit[3] | space[3])
              & ~(digit[0] & space[1] | digit[1] & space[2] | digit[2] & space[3])
              & ((chars[0] | chars[1] | chars[2] | chars[3]) >> 3 & ones))
    blank = b" " * size
    if raw[4::_BLOCK] == raw[6::_BLOCK] == raw[8::_BLOCK] == raw[9::_BLOCK] == blank:
        separators = ones  # the usual case: every separator blank, no integers needed
    else:
        separators = (_column(raw, 4, _SPACE) & _column(raw, 6, _SPACE) & _column(raw, 8, _SPACE)
                      & _column(raw, 9, _SPACE))
    sides = _column(raw, COLOUR_AT, _COLOUR_SIDES) & _column(raw, RESULT_AT, _CODE_SIDES)
    game, unpaired = sides & ones, sides >> 1 & ones
    clean = separators & (number & game | none & unpaired)
    if clean == ones:
        return []
    return [m.start() for m in re.finditer(_NONZERO, (clean ^ ones).to_bytes(size, "big"))]


def _column(raw: bytes, at: int, table: bytes) -> int:
    """Character ``at`` of every 10-byte block of ``raw`` through ``table``, as one big integer
    with a byte per block."""
    return int.from_bytes(raw[at::_BLOCK].translate(table), "big")


def _opponents(raw: bytes) -> tuple[list[int | None], bytes | None]:
    """The opponent (None: none) of every clean 10-byte block of ``raw``: the first two and the
    last two digits of all fields are added up as big integers (a byte per block, so no carry),
    laid side by side as 16-bit numbers and looked up.  Also the same as one byte per block
    (0: none) when every opponent is below 200 (:attr:`PackedCells.opponent_bytes`), else None."""
    size = len(raw) // _BLOCK
    d = [_column(raw, at, _DIGIT_VALUE) for at in range(4)]
    high, low = (d[0] * 10 + d[1]).to_bytes(size, "big"), (d[2] * 10 + d[3]).to_bytes(size, "big")
    pairs = bytearray(2 * size)
    pairs[0::2], pairs[1::2] = (low, high) if sys.byteorder == "little" else (high, low)
    # (the 16-bit numbers read one at a time: a list of them all would be 130,000 int objects at 9,999 x 13)
    opponents = list(map(_start_rank_of_pair().__getitem__, memoryview(pairs).cast("H")))
    if high.translate(None, b"\0\1"):  # an opponent from 200 on
        return opponents, None
    # every opponent below 200: high * 100 + low added lane by lane (at most 199, so no carry)
    as_bytes = (int.from_bytes(high.translate(_HUNDREDS), "big") + int.from_bytes(low, "big")).to_bytes(size, "big")
    return opponents, as_bytes


@lru_cache(maxsize=1)
def _start_rank_of_pair() -> list[int | None]:
    """``high * 256 + low`` -> ``high * 100 + low`` for two-digit halves, None for 0."""
    table: list[int | None] = [None] * (99 * 256 + 100)
    for high in range(100):
        table[high * 256:high * 256 + 100] = range(high * 100, high * 100 + 100)
    table[0] = None
    return table
