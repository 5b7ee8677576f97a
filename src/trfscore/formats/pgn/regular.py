"""The fast path of :mod:`.collecting`: the tag pairs of a regular text read by regular expressions.

A text is *regular* when every game section (from one ``[Event`` line to the next) starts with
one unbroken block of well-formed tag lines and no other line of it starts with ``[``; the
first section starts the text.  For such a text python-chess, reading a section's headers,
takes exactly the tag lines of that block (its tag expression gives the same name and value for
a line this module's stricter one accepts: see ``_TAG_SOURCE``) and skips the rest, so the
records are made here from one expression over a block of sections at a time: no python-chess
call, no ``StringIO``, no per-line Python loop.  Anything else (a broken tag line, tags after
the movetext, a line starting with spaces and ``[Event``, a byte-order mark inside the text) makes
:func:`collect_regular` answer None and the caller take the general path.  The records and the
findings are those of the general path, which a hypothesis test holds them to.

UTF-8 bytes are decoded a block of sections (about a megabyte) at a time, so neither a decoded
copy of the whole file nor a string per tag pair of the whole file is alive at once.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import AnyStr

from .conventions import TERMINATIONS
from .moves import section_has_moves
from .records import GameRecord, RecordMaker, is_phantom
from .rules import Sink
from .sections import Patterns, body_start, report_bad_tags, report_unended, spelled

# A tag line python-chess reads with the same name and value: its own expression is
# ^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$ (greedy value).  This one takes spaces and
# tabs between name and value, a value without an unescaped quote and with no CR/LF, and nothing
# after the closing bracket but an optional CR: then the only ``"]`` followed by blanks to the
# end of the line is the closing one, so the greedy value is this value.
_NAME = r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*"
_VALUE = r'[^"\\\r\n]*(?:\\[^\r\n][^"\\\r\n]*)*'
# (no ``^``: it is run over lines that _BLOCK found to be tag lines, each matched from its start, and
# ``^`` would not match after a byte-order mark)
_TAG = re.compile(rf'\[({_NAME})[ \t]+"({_VALUE})"\]\r?$', re.M)
_BLOCK = re.compile(rf'(?:\[{_NAME}[ \t]+"{_VALUE}"\]\r?(?:\n|\Z))+')
_EVENT_LINE = Patterns.compile(r"\n\[Event[ \t]")
_BLOCK_SIZE = 1 << 20  # bytes decoded at a time

# Section starts the general path (:func:`.sections.section_starts`) finds that a plain
# ``\n[Event`` search does not: an Event line after blanks or a byte-order mark.
_OTHER_STARTS = ((" [Event", b" [Event"), ("\t[Event", b"\t[Event"), ("\ufeff", b"\xef\xbb\xbf"))


class Irregular(Exception):
    """The text is not regular: the general path reads it."""


def collect_regular(text: AnyStr, sink: Sink, any_moves: bool) -> list[GameRecord] | None:
    """The game records of a regular text (``str``, or ``bytes`` that are valid UTF-8), its
    findings added to ``sink``; None (and nothing added) when the text is not regular.
    ``any_moves``: some game of the text has moves (:func:`.moves.any_moves_in`)."""
    begin = body_start(text)
    if not text.startswith(spelled(text, "[Event", b"[Event"), begin):
        return None
    after = text[begin + 6:begin + 7]
    if after not in (" ", "\t", b" ", b"\t"):
        return None
    if any(text.find(spelled(text, *mark), begin) != -1 for mark in _OTHER_STARTS):
        return None
    staged = Sink([])  # findings wait here until the whole text proved regular
    staged.limit = sys.maxsize
    staged.file = sink.file
    maker = RecordMaker(staged, escapes=spelled(text, "\\", b"\\") in text)
    state = _State()
    try:
        head = 1 if begin else 0  # a byte-order mark is one character, kept in the first game's text
        for block, last in _blocks(text):
            _read_block(block, head, last, maker, state, any_moves)
            head = 0
    except Irregular:
        return None
    for f in staged.findings:
        sink(f)
    if state.unended:
        report_unended(state.unended, state.first_unended_line, state.after_unended_line, sink)
    if state.tags != state.tags_read:
        report_bad_tags(text, sink)
    return state.records


class _State:
    """What the blocks add up: records, tag counts, lines, games without a result at the end."""

    __slots__ = ("records", "tags", "tags_read", "line", "unended", "first_unended_line", "after_unended_line",
                 "want_next")

    def __init__(self) -> None:
        self.records: list[GameRecord] = []
        self.tags = 0  # tag lines of the text (every line starting with "[")
        self.tags_read = 0  # tags of the games kept (python-chess's headers, a repeated name once)
        self.line = 1  # line of the current section's start
        self.unended = 0
        self.first_unended_line = 0
        self.after_unended_line = 0
        self.want_next = False  # the next section's line is the one after the first unended game


def _blocks(text: AnyStr) -> Iterator[tuple[str, bool]]:
    """The text as decoded blocks of whole sections (each about a megabyte), and whether each is
    the last."""
    size = len(text)
    at = 0
    while at < size:
        m = _EVENT_LINE.of(text).search(text, at + _BLOCK_SIZE)
        cut = m.start() + 1 if m else size
        piece = text[at:cut]
        yield (piece if isinstance(piece, str) else piece.decode("utf-8")), cut == size
        at = cut


def _read_block(block: str, head: int, last: bool, maker: RecordMaker, state: _State, any_moves: bool) -> None:
    """The records of the sections of one block (it starts with a section, after ``head``
    characters of byte-order mark, and ends with one).  A game's text is its section, the first
    one's with the mark, as the general path reads it."""
    starts = [head]
    starts += [m.start() + 1 for m in _EVENT_LINE.for_str.finditer(block)]
    ends = starts[1:]
    ends.append(len(block))
    tag_match = _TAG.findall
    block_match = _BLOCK.match
    count = block.count
    records = state.records
    make = maker.make
    line = state.line
    previous = 0
    final = len(starts) - 1
    for i, (s, e) in enumerate(zip(starts, ends)):
        m = block_match(block, s, e)
        if m is None:
            raise Irregular
        tags = tag_match(block, s, m.end())
        n = len(tags)
        if count("\n[", s, e) + 1 != n:
            raise Irregular  # a tag line after the block, or a broken one: python-chess decides
        state.tags += n
        line += count("\n", previous, s)
        previous = s
        if state.want_next:
            state.after_unended_line, state.want_next = line, False
        headers = dict(tags)
        if ("White" in headers and "Event" in headers) or not is_phantom(headers):
            state.tags_read += len(headers)
            rec = make(headers, line)
            rec.has_moves = section_has_moves(block[0 if i == 0 else s:e]) if any_moves else False
            records.append(rec)
        if not (last and i == final) and not block[s:e].rstrip().endswith(TERMINATIONS):
            state.unended += 1
            if state.unended == 1:
                state.first_unended_line, state.want_next = line, True
    state.line = line + count("\n", previous, len(block))
