"""The source text a finding points at (``Finding.text``), for findings that do not say it.

A rule knows its line and column; what is written there follows from the record layout
(:mod:`trfscore.formats.trf.layout`): the field holding the column (a blank field as its
spaces, so that a missing FIDE id is underlined where it belongs), a round's cell of a ``001``
line, a header record's value.  Lines of other formats (or columns no field holds) give the
word at the column, else the line itself.
"""
from __future__ import annotations

from dataclasses import replace

from ..findings import Finding
from ..formats.trf.layout import BY_CODE
from ..formats.trf.layout import Record as LayoutRecord
from ..model import Record

#: Longest text a finding carries (a line of a damaged file may run to megabytes).
MAX_TEXT = 160


def with_source_text(findings: list[Finding], records: list[Record]) -> list[Finding]:
    """``findings`` with ``text`` filled from the source line for every finding that has a line
    but no text (the others unchanged)."""
    if all(f.text or f.line is None for f in findings):
        return findings
    lines = {r.line: r for r in records}
    out = []
    for f in findings:
        record = lines.get(f.line) if not f.text and f.line is not None else None
        if record is not None:
            text = excerpt(record, f.column)
            if text:
                f = replace(f, text=text)
        out.append(f)
    return out


def excerpt(record: Record, column: int | None) -> str:
    """What ``record``'s line holds at ``column`` (1-based; None: the whole line)."""
    line = record.text
    if not line.strip():
        return ""
    if column is not None and 0 < column <= len(line):
        layout = BY_CODE.get(line[:3]) if record.kind not in ("OTHER", "COMMENT") else None
        start, end = _span(layout, line, column) if layout is not None else _word(line, column)
        text = line[start:end]
        if text:
            return text[:MAX_TEXT]
    return line.rstrip()[:MAX_TEXT]


def _span(layout: LayoutRecord, line: str, column: int) -> tuple[int, int]:
    """0-based bounds of the field of ``layout`` holding ``column`` (the record code itself
    for columns 1-3)."""
    if column <= 3:
        return 0, 3
    block = layout.block
    if block is not None and column >= block.first:  # a round cell: opponent, colour, result
        index = (column - block.first) // block.width
        start = block.first - 1 + index * block.width
        return start, start + max(f.last for f in block.fields) - block.first + 1
    for field in layout.fields:
        if field.split or (layout.kind == "HEADER" and field.name == "value"):  # to the end of the line
            if column >= field.first:
                return field.first - 1, len(line.rstrip())
        elif field.step:
            if column >= field.first and (column - field.first) % field.step < field.width:
                index = (column - field.first) // field.step
                return field.cell(index).start, field.cell(index).stop
        elif field.first <= column <= field.last:
            return field.first - 1, field.last
    return _word(line, column)


def _word(line: str, column: int) -> tuple[int, int]:
    """0-based bounds of the word at ``column`` (the next one when the column is blank)."""
    start = column - 1
    while start < len(line) and line[start] == " ":
        start += 1
    end = start
    while end < len(line) and line[end] != " ":
        end += 1
    return start, end
