"""The text's own view of a PGN file, independent of python-chess: where games start, bad tag lines.

Every function takes the text as ``str`` or as ``bytes`` that are valid UTF-8 (then each game is
decoded on its own, and no decoded copy of the whole file is made).  A game starts at an
``[Event`` line; when no game has an Event tag, at each tag section.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import AnyStr, Generic

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


def spelled(text: AnyStr, as_str: str, as_bytes: bytes) -> AnyStr:
    """``as_str`` for a ``str`` text, ``as_bytes`` (the same characters in UTF-8) for a ``bytes`` one."""
    return as_str if isinstance(text, str) else as_bytes


_BAD_TAG = Patterns.compile(r'^[ \t]*\[(?![A-Za-z0-9_]+[ \t]*"[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t]*\][ \t]*\r?$)[^\n]*',
                            re.M)
_EVENT = Patterns(re.compile(r"^[ \t\ufeff]*\[Event[ \t]", re.M),
                  re.compile(rb"^(?:\xef\xbb\xbf)?[ \t]*\[Event[ \t]", re.M))


def body_start(text: AnyStr) -> int:
    """Where the text starts after a byte-order mark."""
    bom = spelled(text, "\ufeff", b"\xef\xbb\xbf")
    return len(bom) if text.startswith(bom) else 0


def section_starts(text: AnyStr) -> list[int]:
    """Offsets where games start: ``[Event`` lines, or tag sections when no game has an Event tag.

    Tag lines before the first ``[Event`` line (a game without Event) start a section too.
    """
    begin = body_start(text)
    starts = [m.start() for m in _EVENT.of(text).finditer(text)]
    if starts:
        if _has_tag_line(text[begin:starts[0]]):
            starts.insert(0, begin)
        return starts
    out = []
    previous_tag = False
    offset = begin
    newline, bracket = spelled(text, "\n", b"\n"), spelled(text, "[", b"[")
    for raw in text[begin:].split(newline):
        stripped = raw.strip()
        is_tag = stripped.startswith(bracket)
        if is_tag and not previous_tag:
            out.append(offset)
        if stripped:
            previous_tag = is_tag
        offset += len(raw) + 1
    return out


def _has_tag_line(head: AnyStr) -> bool:
    """True when some line of ``head`` starts like a tag pair."""
    bracket = spelled(head, "[", b"[")
    return any(line.lstrip().startswith(bracket) for line in head.splitlines())


@dataclass(slots=True)
class Sections(Generic[AnyStr]):
    """The games of a text as the text holds them: offset and line number of every game start."""

    text: AnyStr
    starts: list[int]
    lines: list[int]

    @classmethod
    def of(cls, text: AnyStr, starts: list[int]) -> Sections[AnyStr]:
        """The sections starting at ``starts``, with their line numbers."""
        return cls(text, starts, _start_lines(text, starts))

    def chunk(self, i: int) -> str:
        """The text of game ``i``: from its start to the next game's (decoded when the text is bytes)."""
        end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
        piece = self.text[self.starts[i]:end]
        return piece if isinstance(piece, str) else piece.decode("utf-8")

    def tag_lines(self) -> int:
        """How many lines of the text start with ``[``."""
        text = self.text
        if isinstance(text, str):
            return text.count("\n[") + text.startswith("[", body_start(text))
        return text.count(b"\n[") + text.startswith(b"[", body_start(text))


def _start_lines(text: AnyStr, starts: list[int]) -> list[int]:
    """The line number of every game start (C-speed counting between consecutive starts)."""
    newline = spelled(text, "\n", b"\n")
    start_lines = []
    line = 1
    previous = 0
    for s in starts:
        line += text.count(newline, previous, s)
        start_lines.append(line)
        previous = s
    return start_lines


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
