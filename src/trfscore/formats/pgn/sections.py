"""The text's own view of a PGN file, independent of python-chess: where games start, bad tag lines.

Counting ``[Event`` tag-section starts in the text is the guard against python-chess stopping
early (python-chess issue 1087, see :mod:`.collecting`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .rules import Sink

_EVENT = re.compile(r"^[ \t\ufeff]*\[Event[ \t]", re.M)
_BAD_TAG = re.compile(r'^[ \t]*\[(?![A-Za-z0-9_]+[ \t]*"[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t]*\][ \t]*\r?$)[^\n]*',
                      re.M)


def section_starts(text: str) -> list[int]:
    """Offsets where games start: ``[Event`` lines, or tag sections when no game has an Event tag."""
    starts = [m.start() for m in _EVENT.finditer(text)]
    if starts:
        return starts
    out = []
    previous_tag = False
    offset = 0
    for raw in text.split("\n"):
        stripped = raw.strip()
        is_tag = stripped.startswith("[")
        if is_tag and not previous_tag:
            out.append(offset)
        if stripped:
            previous_tag = is_tag
        offset += len(raw) + 1
    return out


@dataclass(slots=True)
class Sections:
    """The games of a text as the text holds them: offset and line number of every game start."""

    text: str
    starts: list[int]
    lines: list[int]

    @classmethod
    def of(cls, text: str, starts: list[int]) -> Sections:
        """The sections starting at ``starts``, with their line numbers."""
        # line number of every game start (C-speed counting between consecutive starts)
        start_lines = []
        line = 1
        previous = 0
        for s in starts:
            line += text.count("\n", previous, s)
            start_lines.append(line)
            previous = s
        return cls(text, starts, start_lines)

    def chunk(self, i: int) -> str:
        """The text of game ``i``: from its start to the next game's."""
        end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
        return self.text[self.starts[i]:end]


def report_bad_tags(text: str, sink: Sink) -> None:
    """PGN101 for every line that starts like a tag pair but is not one (python-chess skips them)."""
    bad_line, counted = 1, 0  # lines are counted from the previous match: linear in the text
    for m in _BAD_TAG.finditer(text):
        bad_line += text.count("\n", counted, m.start())
        counted = m.start()
        sink.add("PGN101", f"line {bad_line} is not a well-formed tag pair: {m.group().strip()[:60]!r}", bad_line,
                 1, 'a tag pair is [Name "value"] on one line', m.group().strip()[:80])
