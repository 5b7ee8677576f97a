"""Lines as cells, and the header row and player rows of a table."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter
from typing import Protocol

from ..markdown_text import unescape
from .labels import _ROUND_LABEL
from .lexing import Tok, classify, lex

#: One line of the text: (line number, separator, cells).
Line = tuple[int, str | None, list[Tok]]

_RULE_LINE = re.compile(r"[-=_+:~*|\s]+")
_KIND, _TEXT = attrgetter("kind"), attrgetter("text")


def split_lines(text: str) -> list[str]:
    """The raw text of every line (index 0 is line 1), whatever the line ends."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def table_lines(text: str, raw_lines: list[str]) -> list[Line]:
    """(line number, separator, cells) of every line."""
    return [(no, *_cells_of(toks, raw_lines[no - 1] if no <= len(raw_lines) else ""))
            for no, toks in enumerate(lex(text), 1)]


def _cells_of(toks: list[Tok], line: str) -> tuple[str | None, list[Tok]]:
    """A line as cells: separator-delimited when it has ``|``, tabs or ``;``, else its items."""
    if not ("|" in line or "\t" in line or ";" in line):
        return None, toks  # (most lines: no separator item to look for)
    n_pipe = sum(1 for t in toks if t.kind == "PIPE")
    n_tab = sum(1 for t in toks if t.kind == "TAB")
    n_semi = sum(1 for t in toks if t.kind == "SEMI")
    sep = "PIPE" if n_pipe >= 2 else "TAB" if n_tab >= 1 else "SEMI" if n_semi >= 2 else None
    if sep is None:
        return None, [t for t in toks if t.kind not in ("PIPE", "TAB", "SEMI")]
    groups: list[list[Tok]] = [[]]
    starts = [toks[0].col if toks else 1]
    for t in toks:
        if t.kind == sep:
            groups.append([])
            starts.append(t.col + 1)
        elif t.kind not in ("PIPE", "TAB", "SEMI") or (sep == "PIPE" and t.kind == "SEMI"):
            groups[-1].append(t)  # in a Markdown cell a ";" is text
    if sep == "PIPE":
        if toks and toks[0].kind == "PIPE":
            groups, starts = groups[1:], starts[1:]
        if toks and toks[-1].kind == "PIPE" and groups and not groups[-1]:
            groups, starts = groups[:-1], starts[:-1]
    cells = []
    for group, start in zip(groups, starts):
        if not group:
            cells.append(Tok("EMPTY", "", toks[0].line if toks else 0, start))
        elif len(group) == 1 and group[0].kind != "SEMI":
            cells.append(group[0])
        else:
            cells.append(_joined_cell(group, line))
    if sep == "PIPE":  # Markdown: undo the backslash escapes of the writers (markdown_text)
        cells = [_unescaped(c) if "\\" in c.text else c for c in cells]
    if cells and cells[0].kind == "NAME":
        cells[:1] = _rank_and_name(cells[0])
    return sep, cells


_RANK_NAME = re.compile(r"(\d{1,5}[.)])\s+(\S.*)")


def _rank_and_name(cell: Tok) -> list[Tok]:
    """A first cell holding a rank and a name (``1. Sloth``, as a web page's table copies) as
    two cells; any other cell as it is."""
    m = _RANK_NAME.fullmatch(cell.text)
    if m is None:
        return [cell]
    return [Tok("RANKDOT", m.group(1), cell.line, cell.col),
            Tok(classify(m.group(2)) if " " not in m.group(2) else "NAME", m.group(2), cell.line,
                cell.col + m.start(2))]


def _joined_cell(group: list[Tok], line: str) -> Tok:
    """Several items between two separators as one cell: a name keeps its blanks."""
    joined = "".join(t.text for t in group)
    kind = classify(joined)
    if kind in ("WORD", "FED", "TITLE", "LETTER"):
        first, last = group[0], group[-1]
        text = line[first.col - 1:last.col - 1 + len(last.text)] if line else " ".join(
            t.text for t in group)
        return Tok("NAME", re.sub(r"\s+", " ", text), first.line, first.col)
    return Tok(kind, joined, group[0].line, group[0].col)


def _unescaped(tok: Tok) -> Tok:
    text = unescape(tok.text)
    return Tok("NAME" if tok.kind == "NAME" else classify(text), text, tok.line, tok.col)


@dataclass
class HeadRow:
    line: int
    labels: list[Tok]  # every label cell before the run, the run excluded
    run: list[Tok]
    suffix: list[Tok]
    kind: str  # "numbers" or "rounds"
    rest: list[Tok] = field(default_factory=list)  # rows on the header line itself (one-line form)


@dataclass
class Row:
    ident: Tok | None
    toks: list[Tok]
    line: int
    ordinal: int
    cont: list[Tok] | None = None
    sep: str | None = None


class RowView(Protocol):
    """What the table readers read of a row: a :class:`Row`, or a row the fast path read
    (:mod:`.fast`), which makes its tokens only when they are asked for."""

    @property
    def ident(self) -> Tok | None: ...
    @property
    def toks(self) -> list[Tok]: ...
    @property
    def line(self) -> int: ...
    @property
    def ordinal(self) -> int: ...
    @property
    def cont(self) -> list[Tok] | None: ...
    @property
    def sep(self) -> str | None: ...


def _int(tok: Tok) -> int | None:
    if tok.kind == "INT":
        return int(tok.text)
    if tok.kind == "RANKDOT":
        return int(tok.text[:-1])
    return None


class _MayStart(dict[str, bool]):
    """Whether an item of each text may be a round label, each distinct text judged once."""

    def __missing__(self, text: str) -> bool:
        may = self[text] = _ROUND_LABEL.fullmatch(text) is not None
        if len(self) > 100_000:
            self.clear()  # (a bound on what is kept between texts)
        return may


_MAY_START = _MayStart()
#: The kinds an item that is a round label (``3.Rd``, ``R3``: digits and letters) may have.
_MAY_BE_LABEL = frozenset({"WORD", "NAME"})


def _number_run(cells: list[Tok]) -> tuple[int, int, str]:
    """(start, length, kind) of the longest run 1, 2, 3 ... or 1.Rd, 2.Rd ... in ``cells``."""
    best = (0, 0, "")
    texts = list(map(_TEXT, cells))
    if "1" not in texts and not any(map(_MAY_START.__getitem__,
                                        compress(texts, map(_MAY_BE_LABEL.__contains__, map(_KIND, cells))))):
        return best  # no item can start a run (most lines: a player's row)
    i = 0
    while i < len(cells):
        if cells[i].kind == "INT" and cells[i].text == "1":
            j = i
            while j < len(cells) and cells[j].kind == "INT" and int(cells[j].text) == j - i + 1:
                j += 1
            if j - i > best[1]:
                best = (i, j - i, "numbers")
            i = j
            continue
        m = _ROUND_LABEL.fullmatch(cells[i].text)
        if m and int(m.group(1) or m.group(2)) == 1:
            j = i
            while j < len(cells):
                mm = _ROUND_LABEL.fullmatch(cells[j].text)
                if not mm or int(mm.group(1) or mm.group(2)) != j - i + 1:
                    break
                j += 1
            if j - i >= best[1]:
                best = (i, j - i, "rounds")
            i = j
            continue
        i += 1
    return best


_CELL_KINDS = frozenset({"INT", "DEC", "HALF", "SIGN", "DOT", "DIAG", "CR_CELL", "CR_BYE", "US_CELL", "FIDE_CELL",
                         "BYE", "LETTER", "EMPTY"})


def _is_row_start(cells: list[Tok]) -> bool:
    """A numbered line: a row, unless it reads like prose (no cell at all, and words in lower
    case such as "2 players were late")."""
    if not cells or cells[0].kind not in ("INT", "RANKDOT") or len(cells) < 2:
        return False
    rest = cells[1:]
    if any(c.kind in _CELL_KINDS for c in rest):
        return True
    return sum(1 for c in rest if c.text[:1].islower() and c.text.isalpha()) < 2


def _is_rule(cells: list[Tok]) -> bool:
    return bool(cells) and all(_RULE_LINE.fullmatch(c.text) for c in cells)


def _split_embedded(toks: list[Tok], first: int) -> list[list[Tok]]:
    """Rows written one after another on one line: split at ``2.``, ``3.`` ... in sequence."""
    rows: list[list[Tok]] = []
    if "RANKDOT" not in map(_KIND, toks):
        return rows  # (most lines)
    expect = first
    for t in toks:
        if t.kind == "RANKDOT" and int(t.text[:-1]) == expect:
            rows.append([t])
            expect += 1
        elif rows:
            rows[-1].append(t)
    return rows
