"""A JSON document's text decoded with its ``players`` array a block of players at a time.

``json.loads`` of a 10,000-player document holds its 130,000 game objects at once, more than
twice the memory of the tournament built from them.  Here the top-level object is decoded one
value at a time (the C scanner :mod:`json` decodes with, started at an index of the text) and the
``players`` array :data:`BLOCK` players at a time: each block is checked by the published schema
(:func:`json_schema.player_problems`) and turned into columns (:func:`json_bulk.columns`), and
its decoded objects are dropped before the next block is read.  This is the only way a document
is read, whatever its size or layout.

A text that is no JSON gives the :class:`json.JSONDecodeError` ``json.loads`` gives for it (the
same message, line and column).
"""
from __future__ import annotations

import json
import re
from json.scanner import make_scanner
from typing import Any, cast

from . import json_bulk, json_schema

#: Players decoded before their block is checked, turned into columns and dropped.
BLOCK = 64

_SPACES = re.compile(r"[ \t\n\r]*")  # JSON's whitespace
_value = make_scanner(cast(Any, json.JSONDecoder()))  # what json.loads decodes each value with


class Decoded:
    """A decoded document: everything but its players (``players`` an empty list where the
    document has an array of them), the players as columns (None when some player is invalid
    or there is no array of players), and the schema's problems with the players.  (A plain
    class: a dataclass costs every process ~2.5 M instructions to make, docs/performance.md.)"""

    __slots__ = ("rest", "players", "problems")

    def __init__(self, rest: Any, players: json_bulk.Columns | None) -> None:
        self.rest, self.players = rest, players
        self.problems: list[tuple[str, str]] = []


def decode(text: str, surrogates: bool) -> Decoded:
    """The document ``text`` holds; :class:`json.JSONDecodeError` (or RecursionError, ValueError
    for an integer of thousands of digits) when it is no JSON.  ``surrogates``: the text may hold
    lone UTF-16 surrogates, replaced by U+FFFD (:func:`json_schema.encodable`)."""
    try:
        return _decode(text, surrogates)
    except (StopIteration, IndexError, _Malformed):
        json.loads(text)  # raises the decoder's own error for the text
        raise AssertionError("a text json.loads decodes was found malformed") from None  # pragma: no cover


class _Malformed(Exception):
    """Not JSON: ``json.loads`` says what is wrong."""


def _decode(text: str, surrogates: bool) -> Decoded:
    at = _skip(text, 0)
    if text[at:at + 1] != "{":  # any other JSON value is decoded whole (the schema refuses it)
        value, end = _value(text, at)
        if _skip(text, end) != len(text):
            raise _Malformed
        return Decoded(json_schema.encodable(value) if surrogates else value, None)
    rest: dict[str, Any] = {}
    decoded = Decoded(rest, None)
    at = _skip(text, at + 1)
    if text[at] == "}":
        at += 1
    else:
        while True:
            if text[at] != '"':
                raise _Malformed
            key, at = _value(text, at)
            at = _expect(text, at, ":")
            if key == "players" and text[at] == "[":
                rest.pop(key, None)  # (a key given twice: the last value counts, as in json.loads)
                rest[key] = []
                players = _Players(surrogates)
                at = players.read(text, at)
                decoded.players, decoded.problems = players.columns(), players.problems
            else:
                rest.pop(key, None)
                value, at = _value(text, at)
                rest[key] = json_schema.encodable(value) if surrogates else value
                if key == "players":
                    decoded.players, decoded.problems = None, []
            at = _skip(text, at)
            if text[at] == "}":
                at += 1
                break
            at = _expect(text, at, ",")
    if _skip(text, at) != len(text):
        raise _Malformed
    return decoded


def _skip(text: str, at: int) -> int:
    """The index of the first character from ``at`` on that is no JSON whitespace."""
    space = _SPACES.match(text, at)  # (always a match, perhaps empty)
    return space.end() if space else at


def _expect(text: str, at: int, char: str) -> int:
    """The index past ``char`` (at ``at``, after whitespace) and the whitespace after it."""
    at = _skip(text, at)
    if text[at] != char:
        raise _Malformed
    return _skip(text, at + 1)


class _Players:
    """The players array as it is read: each block checked by the schema and kept as columns."""

    def __init__(self, surrogates: bool) -> None:
        self.surrogates = surrogates
        self.keys = list(json_schema.published()["$defs"]["player"]["properties"])
        self.parts: list[json_bulk.Columns] = []
        self.count = 0
        self.problems: list[tuple[str, str]] = []

    def read(self, text: str, at: int) -> int:
        """Read the array at ``at`` (its ``[``); the index past it."""
        at = _skip(text, at + 1)
        if text[at] == "]":
            return at + 1
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
        return at + 1

    def _add(self, block: list[Any]) -> None:
        """Check one block of players and keep them as columns (once one is invalid, only its
        problems are kept)."""
        if self.surrogates:
            block = json_schema.encodable(block)
        if len(self.problems) < json_schema.SHOWN_PROBLEMS:
            self.problems += json_schema.player_problems(block, self.count)[:json_schema.SHOWN_PROBLEMS - len(self.problems)]
        if not self.problems:
            self.parts.append(json_bulk.columns(block, self.keys))
        self.count += len(block)

    def columns(self) -> json_bulk.Columns | None:
        """All the players as columns; None when some player is invalid."""
        if self.problems:
            return None
        return json_bulk.joined(self.parts, self.keys) if self.parts else json_bulk.columns([], self.keys)
