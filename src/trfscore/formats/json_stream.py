"""A large JSON document read a block of players at a time, never decoded whole.

``json.loads`` of a 10,000-player document holds 130,000 game objects at once, several times
the memory of the tournament built from them.  Here the top-level object is decoded one value
at a time (the C scanner :mod:`json` decodes with, started at an index of the text) and the
``players`` array a block of players at a time (the whole lines of about :data:`LINES`
characters, or :data:`BLOCK` players decoded one by one): each block is turned into columns,
checked (:func:`json_bulk.clean_block`) and kept as the few columns the model needs, and its
decoded objects are dropped before the next block is read.

This is a fast path: it gives a tournament only for a document whose every player, game and
record is clean, with nothing for a finding to say; anything else (invalid JSON, a key given
twice, a value the column checks leave to the per-field checks, lone surrogates, rounded
scores with exact values) gives None, and the caller reads the whole document the general way,
which says what is wrong.  Tests hold the two to the same tournament.
"""
from __future__ import annotations

import json
import re
from json.scanner import make_scanner
from typing import Any, cast

from ..model import Tournament
from . import json_bulk, json_model

#: Characters of whole lines of players decoded at once: about 55 players of 13 rounds, whose
#: decoded objects (some 300 KB) stay in the processor's cache while their block is checked,
#: which makes 40,000 players read some 20 % faster than blocks eight times as large.
LINES = 1 << 16
#: Players decoded one at a time before their block is checked and dropped (where the lines
#: are not whole players).
BLOCK = 64

_SPACE = " \t\n\r"  # JSON's whitespace
_SPACES = re.compile(f"[{_SPACE}]*")
_value = make_scanner(cast(Any, json.JSONDecoder()))  # what json.loads decodes each value with


def _array(text: str) -> list[Any] | None:
    """The array ``text`` holds (from its first to its last character), else None."""
    try:
        value, end = _value(text, 0)
    except (StopIteration, ValueError, RecursionError):
        return None
    return value if end == len(text) and isinstance(value, list) else None


class _Irregular(Exception):
    """Something the general path is to read (and say what is wrong with)."""


def read(text: str, *, path: str | None = None) -> Tournament | None:
    """The tournament the document ``text`` describes when it is clean, else None."""
    try:
        return _read(text, path)
    except (_Irregular, StopIteration, IndexError, KeyError, TypeError, ValueError, RecursionError):
        # StopIteration: no JSON value at an index; ValueError: a JSONDecodeError
        return None


def _read(text: str, path: str | None) -> Tournament | None:
    doc: dict[str, Any] = {}
    blocks: _Blocks | None = None
    at = _expect(text, _skip(text, 0), "{")
    if text[at] == "}":
        raise _Irregular("an empty document")
    while True:
        if text[at] != '"':
            raise _Irregular("a key expected")
        key, at = _value(text, at)
        at = _expect(text, at, ":")
        if key in doc:  # json.loads keeps the last of a key given twice
            raise _Irregular("a key given twice")
        if key == "players":
            blocks = _Blocks()
            doc[key], at = blocks.read(text, at)
        else:
            doc[key], at = _value(text, at)
        at = _skip(text, at)
        if text[at] == "}":
            break
        at = _expect(text, at, ",")
    if _skip(text, at + 1) != len(text) or blocks is None or len(blocks.counts) < 2 or not blocks.games:
        raise _Irregular("extra data, fewer than two players (built one by one) or no games")
    return json_model.from_clean_blocks(doc, blocks.columns(), path)


def _skip(text: str, at: int) -> int:
    """The index of the first character from ``at`` on that is no JSON whitespace."""
    space = _SPACES.match(text, at)  # (always a match, perhaps empty)
    return space.end() if space else at


def _expect(text: str, at: int, char: str) -> int:
    """The index past ``char`` (at ``at``, after whitespace) and the whitespace after it."""
    at = _skip(text, at)
    if text[at] != char:
        raise _Irregular(f"{char!r} expected")
    return _skip(text, at + 1)


class _Blocks:
    """The players of a document as they are read: the player columns and the clean cells of
    every block so far, joined."""

    def __init__(self) -> None:
        self.full = json_model.schema()
        self.keys = list(self.full["$defs"]["player"]["properties"])
        self.first: list[Any] = []  # the first player, its games cut to the first
        self.players: dict[str, json_bulk.Column] = {key: [] for key in self.keys if key != "games"}
        self.counts: list[int] = []
        self.opponents: list[int | None] = []
        self.colours: list[str] = []
        self.codes: list[str] = []
        self.games = 0
        self.complete = True  # every player has every key

    def read(self, text: str, at: int) -> tuple[list[Any], int]:
        """Read the array of players at ``at``: the first player (games cut to the first, for
        the schema's sample) and the index past the array.

        trfscore writes a player a line, and a line break is never inside a JSON string: the
        lines from ``at`` to a line break about :data:`LINES` characters on, less the comma that
        ends them, are whole players when they decode as an array's content (one call of the
        scanner, which shares each key's object within it; a prefix of the array that decodes
        is its players, whatever the rest holds).  Where that fails, the players are decoded one
        at a time."""
        if text[at] != "[":
            raise _Irregular("players is no array")
        at = _skip(text, at + 1)
        if text[at] == "]":
            return self.first, at + 1
        while True:
            end = text.find("\n", at + LINES)
            while end > at and text[end - 1] in _SPACE:
                end -= 1
            if end > at and text[end - 1] == ",":  # whole lines, the comma after them at end - 1
                block = _array("".join(("[", text[at:end - 1], "]")))  # (two copies: few instructions)
                if block is None:
                    break
                self._add(block)
                at = _skip(text, end)
                if text[at] == "]":
                    raise _Irregular("a comma before the end of the array")
                continue
            close = text.find("\n]", at)  # the last lines, up to the end of the array
            block = _array("[" + text[at:close + 2]) if close != -1 else None
            if block is None:
                break
            self._add(block)
            return self.first, close + 2
        return self._one_by_one(text, at)

    def _one_by_one(self, text: str, at: int) -> tuple[list[Any], int]:
        """:meth:`read` from the player at ``at`` on, one player at a time."""
        block: list[Any] = []
        while True:
            player, at = _value(text, at)
            block.append(player)
            if len(block) == BLOCK:
                self._add(block)
                block = []
            at = _skip(text, at)
            if text[at] == "]":
                break
            at = _expect(text, at, ",")
        if block:
            self._add(block)
        return self.first, at + 1

    def _add(self, block: list[Any]) -> None:
        """Check one block of players and keep what the model needs of it."""
        cols = json_bulk.columns(block, self.keys)
        cells = json_bulk.clean_block(cols, self.full) if cols is not None else None
        if cols is None or cells is None:
            raise _Irregular("a block the column checks leave to the per-field checks")
        if not self.first:
            self.first.append(json_model._first_game(block[0]))
        for key, column in cols.players.items():
            if key == "games":  # the block's game objects: what is kept of them is in cells
                continue
            if key == "national":  # none (clean_block): one empty object each, not kept either
                column = [None] * len(column)
            self.players[key] += column
        self.counts += cells.counts
        self.opponents += cells.opponents
        self.colours.append(cells.colours)
        self.codes.append(cells.codes)
        self.games += len(cells.opponents)
        self.complete = self.complete and cols.complete

    def columns(self) -> json_bulk.Columns:
        """All the players as columns, their games packed."""
        cells = json_bulk.CleanCells(self.counts, self.opponents, "".join(self.colours), "".join(self.codes))
        return json_bulk.Columns(self.players, (), self.counts, json_bulk.pack(cells), self.complete)
