"""The text's own view of a PGN file, independent of python-chess: where games start, bad tag lines.

Every function takes the text as ``str`` or as ``bytes`` that are valid UTF-8 (then each game is
decoded on its own, and no decoded copy of the whole file is made).  A game starts at an
``[Event`` line; when no game has an Event tag, at each tag section.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import AnyStr, NamedTuple

from .rules import Sink


@dataclass(frozen=True, slots=True)
class Patterns:
    """One regular expression compiled for ``str`` texts and for ``bytes`` (UTF-8) texts."""

    for_str: re.Pattern[str]
    for_bytes: re.Pattern[bytes]

    @classmethod
    def compile(cls, source: str, flags: int = 0) -> Patterns:
        """``source`` for both (written in ASCII, so its bytes are its UTF-8)."""
        return cls(re.compile(source, flags), re.compile(source.encode("ascii"), flags))

    def of(self, text: AnyStr) -> re.Pattern[AnyStr]:
        """The expression that searches ``text``."""
        return self.for_str if isinstance(text, str) else self.for_bytes


@dataclass(frozen=True, slots=True)
class LineStarts:
    """An expression that matches at the start of a line, searched the way the expression engine
    is fastest: at the text's start, then after each line break (a literal first character, which
    the engine skips to, where ``^`` in multi-line mode is tried at every position: a 23 MB file
    in ~0.06 s instead of ~0.14 s)."""

    at_start: Patterns
    after_break: Patterns

    @classmethod
    def compile(cls, source: str, for_bytes: bytes | None = None) -> LineStarts:
        """``source`` (and ``for_bytes`` for bytes texts, by default ``source`` in ASCII)."""
        as_bytes = source.encode("ascii") if for_bytes is None else for_bytes
        return cls(Patterns(re.compile(source), re.compile(as_bytes)),
                   Patterns(re.compile(f"\n(?:{source})"), re.compile(b"\n(?:" + as_bytes + b")")))

    def starts(self, text: AnyStr) -> Iterator[int]:
        """The offsets of the lines of ``text`` it matches, in order."""
        if self.at_start.of(text).match(text):
            yield 0
        for m in self.after_break.of(text).finditer(text):
            yield m.start() + 1


def spelled(text: AnyStr, as_str: str, as_bytes: bytes) -> AnyStr:
    """``as_str`` for a ``str`` text, ``as_bytes`` (the same characters in UTF-8) for a ``bytes`` one."""
    return as_str if isinstance(text, str) else as_bytes


_BAD_TAG = Patterns.compile(r'^[ \t]*\[(?![A-Za-z0-9_]+[ \t]*"[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t]*\][ \t]*\r?$)[^\n]*',
                            re.M)
# An ``[Event`` line, after blanks and byte-order marks alike in a text and in its UTF-8 bytes
_EVENT = LineStarts.compile(r"[ \t\ufeff]*\[Event[ \t]", rb"(?:[ \t]|\xef\xbb\xbf)*\[Event[ \t]")


def body_start(text: AnyStr) -> int:
    """Where the text starts after a byte-order mark."""
    bom = spelled(text, "\ufeff", b"\xef\xbb\xbf")
    return len(bom) if text.startswith(bom) else 0


def section_starts(text: AnyStr) -> Iterator[int]:
    """Offsets where games start, in order: ``[Event`` lines, or tag sections when no game has an
    Event tag.  Tag lines before the first ``[Event`` line (a game without Event) start a section too.
    The ``[Event`` lines are found one at a time, so no list of every start is held.
    """
    begin = body_start(text)
    events = _EVENT.starts(text)
    first = next(events, None)
    if first is None:
        yield from _tag_sections(text, begin)
        return
    if _has_tag_line(text[begin:first]):
        yield begin
    yield first
    yield from events


def _tag_sections(text: AnyStr, begin: int) -> Iterator[int]:
    """The starts of the tag sections of a text without ``[Event`` lines: a tag line after a line
    that is no tag line (blank lines aside)."""
    previous_tag = False
    offset = begin
    newline, bracket = spelled(text, "\n", b"\n"), spelled(text, "[", b"[")
    for raw in text[begin:].split(newline):
        stripped = raw.strip()
        is_tag = stripped.startswith(bracket)
        if is_tag and not previous_tag:
            yield offset
        if stripped:
            previous_tag = is_tag
        offset += len(raw) + 1


def _has_tag_line(head: AnyStr) -> bool:
    """True when some line of ``head`` starts like a tag pair."""
    bracket = spelled(head, "[", b"[")
    return any(line.lstrip().startswith(bracket) for line in head.splitlines())


class Section(NamedTuple):
    """One game's part of the text: from its start to the next game's."""

    text: str  # decoded when the whole text is bytes
    line: int  # the line its first character is on
    last: bool  # no game follows it


def sections(text: AnyStr) -> Iterator[Section]:
    """The game sections of a text, in order, one at a time (each decoded on its own when the text
    is bytes, so no decoded copy of the whole text is made); line numbers are counted at C speed
    between consecutive starts."""
    newline = spelled(text, "\n", b"\n")
    starts = section_starts(text)
    start = next(starts, None)
    line, counted = 1, 0
    while start is not None:
        following = next(starts, None)
        piece = text[start:len(text) if following is None else following]
        line += text.count(newline, counted, start)
        counted = start
        yield Section(piece if isinstance(piece, str) else piece.decode("utf-8"), line, following is None)
        start = following


def tag_lines(text: AnyStr) -> int:
    """How many lines of the text start with ``[``."""
    return text.count(spelled(text, "\n[", b"\n[")) + text.startswith(spelled(text, "[", b"["), body_start(text))


def report_bad_tags(text: AnyStr, sink: Sink) -> None:
    """PGN101 for every line that starts like a tag pair but is not one (python-chess skips them)."""
    bad_line, counted = 1, 0  # lines are counted from the previous match: linear in the text
    newline = spelled(text, "\n", b"\n")
    for m in _BAD_TAG.of(text).finditer(text):
        bad_line += text.count(newline, counted, m.start())
        counted = m.start()
        found = m.group()
        shown = (found if isinstance(found, str) else found.decode("utf-8")).strip()
        sink.add("PGN101", f"line {bad_line} is not a well-formed tag pair: {shown[:60]!r}", bad_line,
                 1, 'a tag pair is [Name "value"] on one line', shown[:80])


def report_unended(count: int, first: int, where: int, sink: Sink) -> None:
    """PGN102: ``count`` games without a result at the end, the first at line ``first``, after which
    a one-pass reader loses the game at line ``where``."""
    sink.add("PGN102", f"{count} game(s) do not end with a result, the first at line "
             f"{first}: a program reading the file in one pass can take the game after it, "
             f"at line {where}, for part of it (python-chess issue 1087); trfscore reads every game on its own",
             where, 1,
             "games without moves should still end with a result: 1-0, 0-1, 1/2-1/2 or *")
