"""Finding the table in the text: its header row, its player rows, its title and what is around it."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..markdown_text import unescape
from .cells import _STRONG_SWISS
from .lexing import Tok
from .rows import HeadRow, Line, Row, _int, _is_row_start, _is_rule, _number_run, _split_embedded

_LABEL_KINDS = frozenset({"WORD", "NAME", "FED", "TITLE", "LETTER", "EMPTY", "BYE", "DIAG", "SIGN", "DOT"})
_BOLD = re.compile(r"^\*+|(?<!\\)\*+$")  # **Title**, but not an escaped \* at the end


class Table(NamedTuple):
    """Where the table is: its header (kind ``"none"`` when it has none), rows, the numbers of
    the lines around it that were not read, and the title line above it (None when there is none)."""

    head: HeadRow
    rows: Sequence[Row]
    skipped: list[int]
    title: str | None


def locate(lines: list[Line], raw_lines: list[str]) -> Table | None:
    """The table in ``lines`` (see :func:`~.rows.table_lines`), or None when there is none."""
    head, first_row_line = _find_header(lines)
    rows: list[Row] = []
    skipped: list[int] = []
    if head is not None and head.rest:
        chunks = _split_embedded(head.rest, _int(head.rest[0]) or 1) or [head.rest]
        rows += [Row(chunk[0], chunk[1:], head.line, n) for n, chunk in enumerate(chunks, 1)]
    if head is None:
        # no header: the longest block of numbered lines
        block = _numbered_block(lines)
        if block is None:
            return None
        first_line, last_line = block
        scan = lines[first_line:last_line + 1]
        skipped.extend(no for no, _, cells in lines[:first_line] if cells)
        skipped.extend(no for no, _, cells in lines[last_line + 1:] if cells)
    else:
        scan = lines[first_row_line:]
        skipped.extend(no for no, _, cells in lines[:first_row_line - 1] if cells)
    skipped.extend(_collect_rows(scan, rows))
    if not rows:
        return None
    if head is None:
        head = HeadRow(0, [], [], [], "none")
    title_line, title = _title(lines, raw_lines, head.line or rows[0].line)
    if title_line is not None:
        skipped = [x for x in skipped if x != title_line]  # the title is read, as the event name
    return Table(head, rows, sorted(set(skipped)), title)


def _find_header(lines: list[Line]) -> tuple[HeadRow | None, int]:
    """The header row (the longest run 1 2 3 ... or 1.Rd 2.Rd ...) and the index of the line after it."""
    best = None
    for idx, (_no, _sep, cells) in enumerate(lines):
        start, length, kind = _number_run(cells)
        if not _LABEL_KINDS.issuperset(cells.kinds[:start]):
            continue  # a data row that happens to hold "1 2": labels only may precede the run
        if length >= 2 or (length == 1 and kind == "rounds"):
            if best is None or length > best[2]:
                best = (idx, start, length, kind)
    if best is None:
        return None, 0
    idx, start, length, kind = best
    no, sep, cells = lines[idx]
    labels = list(cells[:start])
    # a header split over two lines (US Chess): merge the labels of the line above
    if idx > 0 and sep is not None and lines[idx - 1][1] == sep and len(lines[idx - 1][2]) == len(cells):
        above = lines[idx - 1][2]
        labels = [Tok(c.kind if not a.text else "NAME", (a.text + " " + c.text).strip(), c.line, c.col)
                  for a, c in zip(above[:start], labels)]
    after = cells[start + length:]  # the labels after the run, then (no separator) a first row on the same line
    j = next((j for j, c in enumerate(after) if c.kind in ("INT", "RANKDOT")), None) if sep is None else None
    suffix, rest = (list(after), None) if j is None else (list(after[:j]), after[j:])
    return HeadRow(no, labels, cells[start:start + length], suffix, kind, rest), idx + 1


def _numbered_block(lines: list[Line]) -> tuple[int, int] | None:
    """First and last index of the longest block of numbered lines (gaps of one line allowed)."""
    blocks: list[list[int]] = []
    for i, (_no, _sep, cells) in enumerate(lines):
        if _is_row_start(cells):
            if blocks and blocks[-1][-1] >= i - 2:
                blocks[-1].append(i)
            else:
                blocks.append([i])
    if not blocks:
        return None
    block = max(blocks, key=len)
    return block[0], block[-1]


def _collect_rows(scan: list[Line], rows: list[Row]) -> list[int]:
    """Append the player rows of ``scan`` to ``rows``; the numbers of the lines that are not read."""
    skipped: list[int] = []
    previous: Row | None = None
    ended = False  # the table ends at the first line after its rows that is no row
    for no, sep, cells in scan:
        if not cells or _is_rule(cells):
            continue
        if ended:
            skipped.append(no)
            continue
        if _is_row_start(cells) or (sep is not None and cells and cells[0].kind == "EMPTY" and len(cells) > 3
                                    and previous is None):
            ident = cells[0]
            chunks = _split_embedded(cells, _int(ident) or 1) if sep is None else []
            if len(chunks) > 1:
                rows += [Row(chunk[0], chunk[1:], no, n) for n, chunk in enumerate(chunks, len(rows) + 1)]
            else:
                rows.append(Row(ident, cells[1:], no, len(rows) + 1, sep=sep))
            previous = rows[-1]
        elif sep is not None and previous is not None and previous.cont is None and previous.line == no - 1:
            previous.cont = cells
        else:
            skipped.append(no)
            previous = None
            ended = bool(rows)
    return skipped


def _title(lines: list[Line], raw_lines: list[str], table_line: int) -> tuple[int | None, str | None]:
    """The title line above the table: (its number, its text), or (None, None)."""
    for no, sep, cells in lines:
        if no >= table_line:
            break
        if cells and not _is_rule(cells):
            raw = raw_lines[no - 1].strip()
            heading = raw.startswith("#")  # a Markdown heading: escaped like the cells
            raw = _BOLD.sub("", raw.lstrip("#").strip()).strip()
            raw = unescape(raw) if heading else raw
            if sep is None and len(raw) <= 120:
                return no, raw
            break
    return None, None


def is_swiss(head: HeadRow, rows: Sequence[Row]) -> bool:
    """Whether the table is a Swiss table (rounds) rather than a round-robin grid."""
    if head.kind == "rounds":
        return True
    strong = sum(1 for r in rows for kind in r.toks.kinds if kind in _STRONG_SWISS)
    diag = sum(r.toks.kinds.count("DIAG") for r in rows)
    return strong >= max(1, len(rows) // 2) and strong > diag
