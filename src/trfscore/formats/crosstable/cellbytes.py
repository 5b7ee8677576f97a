"""Many Swiss cell texts read at once as fixed-width bytes (what :class:`~.block.Block` packs).

A cell of the form ``12w1`` is one to six ASCII digits, a colour letter and a one-character
result, so it fits in :data:`WIDTH` characters.  The cells are right-aligned to that width and
joined into one latin-1 byte string; then every question about them ("is each one of that
form?", "which colour letter, which result?", "which number?") is a C-level pass over a column
of bytes (``bytes.translate``, slices with a step, bitwise operations on big integers holding one
byte per cell) instead of a dictionary look-up or a slice per text.  The cells of any other form
(``HPB``, ``W12``, ``+W12``, a Cyrillic colour letter, something longer ...) are listed as *odd*:
their callers read them one by one, as :func:`~.cells.swiss_cell` reads them.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from itertools import compress

#: The width of a cell of the form ``12w1`` with the longest number (six digits).
WIDTH = 8
#: The digits, colour letters and results of such a cell, as :class:`~.block._Cells` reads it.
_DIGITS = b"0123456789"

_NOT_LATIN1 = re.compile("[^\x00-\xff]")
#: A cell's text right-aligned to WIDTH, as a % format.
_RIGHT = f"%{WIDTH}s"


def _table(good: bytes, value: int, other: int, blank: int | None = None) -> bytes:
    """A ``bytes.translate`` table: ``good`` bytes to ``value``, a blank to ``blank`` (when
    given), every other byte to ``other``."""
    table = bytearray([other]) * 256
    for b in good:
        table[b] = value
    if blank is not None:
        table[ord(" ")] = blank
    return bytes(table)


class CellBytes:
    """The cells ``texts`` right-aligned to :data:`WIDTH` as latin-1 bytes (``raw``), and the
    positions of those not of the form ``12w1`` (``odd``, in order).

    ``letters`` are the colour letters such a cell may have (latin-1 only; a cell with another
    letter is odd) and ``results`` its result characters."""

    __slots__ = ("n", "raw", "odd")

    def __init__(self, texts: list[str], letters: str, results: str) -> None:
        n = self.n = len(texts)
        padded = (_RIGHT * n) % tuple(texts)
        if len(padded) != n * WIDTH:  # a text too long for the form: read as blanks (odd)
            padded = (_RIGHT * n) % tuple(t if len(t) <= WIDTH else "" for t in texts)
        try:
            raw = padded.encode("latin-1")
        except UnicodeEncodeError:  # another alphabet's letter: a byte that fits no column (odd)
            raw = _NOT_LATIN1.sub("\x01", padded).encode("latin-1")
        self.raw = raw
        self.odd = _odd_positions(raw, n, _member_check(letters), _member_check(results))

    def colour_column(self) -> bytes:
        """Each cell's colour letter (a junk byte at odd positions)."""
        return self.raw[WIDTH - 2::WIDTH]

    def result_column(self) -> bytes:
        """Each cell's result character (a junk byte at odd positions)."""
        return self.raw[WIDTH - 1::WIDTH]

    def letters_used(self) -> set[str]:
        """The colour letters (as written) of the cells that are not odd."""
        column = bytearray(self.colour_column())
        for i in self.odd:
            column[i] = 0  # (no letter byte)
        return {chr(b) for b in set(column)} - {"\x00"}

    def numbers(self) -> list[int]:
        """Each cell's number (0 at odd positions).  Each digit column becomes a big integer with
        one 32-bit lane per cell holding the digit's value; the lanes are added up with their
        powers of ten (at most 999,999 a lane: no carry between lanes) and read out at once."""
        n, raw = self.n, self.raw
        if self.odd:
            cleared = bytearray(raw)
            blank = b" " * WIDTH
            for i in self.odd:
                cleared[i * WIDTH:i * WIDTH + WIDTH] = blank
            raw = bytes(cleared)
        lanes = bytearray(4 * n)
        at = 0 if sys.byteorder == "little" else 3  # the lane's lowest byte
        total = 0
        for j in range(WIDTH - 2):
            lanes[at::4] = raw[j::WIDTH].translate(_DIGIT_VALUE)
            total = total * 10 + int.from_bytes(lanes, sys.byteorder)
        return memoryview(total.to_bytes(4 * n, sys.byteorder)).cast("I").tolist()


def translated(column: bytes, chars: Mapping[str, str]) -> bytearray:
    """``column`` (latin-1 bytes) with each byte turned into ``chars`` of its character (a
    character missing from ``chars`` becomes a blank)."""
    table = bytearray(b" ") * 256
    for char, into in chars.items():
        if len(char) == 1 and ord(char) < 256:
            table[ord(char)] = ord(into)
    return bytearray(column.translate(bytes(table)))


_CHECKS: dict[str, bytes] = {}


def _member_check(chars: str) -> bytes:
    """The translation table marking the bytes of ``chars`` 0 and every other byte 1 (one per
    set of colour letters or result characters, made once)."""
    table = _CHECKS.get(chars)
    if table is None:
        table = _CHECKS[chars] = _table(bytes(c for c in map(ord, chars) if c < 256), 0, 1)
    return table


#: A number column's byte: a digit 1, a blank 0, anything else 2.
_NUMBER = _table(_DIGITS, 1, 2, blank=0)
#: A number column's byte: a digit its value, anything else 0.
_DIGIT_VALUE = bytes(b - 48 if 48 <= b <= 57 else 0 for b in range(256))


def _odd_positions(raw: bytes, n: int, letter_check: bytes, result_check: bytes) -> list[int]:
    """The positions of the cells of ``raw`` that are not blanks, one to six digits, a colour
    letter and a result.  Each column of the cells becomes a big integer with one byte per cell,
    and the cell's conditions are bitwise operations on them."""
    if not n:
        return []
    ones = int.from_bytes(b"\x01" * n, "big")
    number = [int.from_bytes(raw[j::WIDTH].translate(_NUMBER), "big") for j in range(WIDTH - 2)]
    last = number[-1]
    anything = 0
    for column in number:
        anything |= column
    bad = (anything >> 1) & ones  # a byte that is neither a digit nor a blank
    bad |= ~last & ones  # no digit just before the colour letter
    for left, right in zip(number, number[1:]):
        bad |= left & ~right & ones  # a digit, then a blank
    bad |= int.from_bytes(raw[WIDTH - 2::WIDTH].translate(letter_check), "big")
    bad |= int.from_bytes(raw[WIDTH - 1::WIDTH].translate(result_check), "big")
    if not bad:
        return []
    return list(compress(range(n), bad.to_bytes(n, "big")))


__all__ = ["CellBytes", "WIDTH", "translated"]
