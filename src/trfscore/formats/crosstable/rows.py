"""Lines as cells, and the header row and player rows of a table."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress

from ..markdown_text import unescape
from .labels import _ROUND_LABEL
from .lexing import Items, Tok, classify, lex

#: One line of the text: (line number, separator, cells).
Line = tuple[int, str | None, Items]

_RULE_LINE = re.compile(r"[-=_+:~*|\s]+")


def split_lines(text: str) -> list[str]:
    """The raw text of every line (index 0 is line 1), whatever the line ends."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def table_lines(text: str, raw_lines: list[str]) -> list[Line]:
    """(line number, separator, cells) of every line."""
    return [(no, *_cells_of(toks, raw_lines[no - 1] if no <= len(raw_lines) else ""))
            for no, toks in enumerate(lex(text, raw_lines), 1)]


def _cells_of(items: Items, line: str) -> tuple[str | None, Items]:
    """A line as cells: separator-delimited when it has ``|``, tabs or ``;``, else its items."""
    if not ("|" in line or "\t" in line or ";" in line):
        return None, items  # (most lines: no separator item to look for)
    toks = items.toks()
    kinds = items.kinds
    sep = "PIPE" if kinds.count("PIPE") >= 2 else "TAB" if "TAB" in kinds else "SEMI" if kinds.count("SEMI") >= 2 else None
    if sep is None:
        return None, Items.of([t for t in toks if t.kind not in ("PIPE", "TAB", "SEMI")], items.no)
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
    cells = [Tok("EMPTY", "", toks[0].line if toks else 0, start) if not group
             else group[0] if len(group) == 1 and group[0].kind != "SEMI" else _joined_cell(group, line)
             for group, start in zip(groups, starts)]
    if sep == "PIPE":  # Markdown: undo the backslash escapes of the writers (markdown_text)
        cells = [_unescaped(c) if "\\" in c.text else c for c in cells]
    if cells and cells[0].kind == "NAME":
        cells[:1] = _rank_and_name(cells[0])
    return sep, Items.of(cells, items.no)


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
    run: Sequence[Tok]
    suffix: list[Tok]
    kind: str  # "numbers" or "rounds"
    rest: Items | None = None  # rows on the header line itself (one-line form)


@dataclass(slots=True)
class Row:
    """A player row: its number item, the items after it, its line, its place among the rows,
    the line under it (US Chess) and the separator of its cells (None: blanks)."""

    ident: Tok | None
    toks: Items
    line: int
    ordinal: int
    cont: Items | None = None
    sep: str | None = None


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


def _number_run(cells: Items) -> tuple[int, int, str]:
    """(start, length, kind) of the longest run 1, 2, 3 ... or 1.Rd, 2.Rd ... in ``cells``."""
    best = (0, 0, "")
    texts, kinds = cells.texts, cells.kinds
    if "1" not in texts and not any(map(_MAY_START.__getitem__,
                                        compress(texts, map(_MAY_BE_LABEL.__contains__, kinds)))):
        return best  # no item can start a run (most lines: a player's row)
    i = 0
    while i < len(texts):
        if kinds[i] == "INT" and texts[i] == "1":
            j = i
            while j < len(texts) and kinds[j] == "INT" and int(texts[j]) == j - i + 1:
                j += 1
            if j - i > best[1]:
                best = (i, j - i, "numbers")
            i = j
            continue
        m = _ROUND_LABEL.fullmatch(texts[i])
        if m and int(m.group(1) or m.group(2)) == 1:
            j = i
            while j < len(texts):
                mm = _ROUND_LABEL.fullmatch(texts[j])
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


def _is_row_start(cells: Items) -> bool:
    """A numbered line: a row, unless it reads like prose (no cell at all, and words in lower
    case such as "2 players were late")."""
    kinds = cells.kinds
    if not kinds or kinds[0] not in ("INT", "RANKDOT") or len(kinds) < 2:
        return False
    return (not _CELL_KINDS.isdisjoint(kinds[1:])
            or sum(1 for text in cells.texts[1:] if text[:1].islower() and text.isalpha()) < 2)


def _is_rule(cells: Items) -> bool:
    return bool(cells.texts) and all(map(_RULE_LINE.fullmatch, cells.texts))


def _split_embedded(toks: Items, first: int) -> list[Items]:
    """Rows written one after another on one line: split at ``2.``, ``3.`` ... in sequence."""
    if "RANKDOT" not in toks.kinds:
        return []  # (most lines)
    starts = []
    expect = first
    for j, (kind, text) in enumerate(zip(toks.kinds, toks.texts)):
        if kind == "RANKDOT" and int(text[:-1]) == expect:
            starts.append(j)
            expect += 1
    return [toks[a:b] for a, b in zip(starts, [*starts[1:], len(toks)])]
