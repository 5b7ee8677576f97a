"""The fast path: a space-aligned Swiss table with round headings, read row by row with
``str.split`` instead of the lexer.

The general path lexes every item of every line into a :class:`~.lexing.Tok` before it knows
the layout; for a 10,000-player table that is 200,000 tokens.  Here the header is found by
lexing the lines above the table only, and then each *regular* row is read from its split items:
a number, the name and the columns the header names before the rounds (title, rating,
federation), exactly one readable Swiss cell per round and the declared columns (numbers).  A row
that is not regular in every one of these respects is lexed and read by the general code, and
a table the fast path does not cover at all (other separators, no round headings, declared
columns before the rounds ...) is left entirely to the general path.

Both paths give the same tournament and findings; ``tests/formats/test_crosstable_fast.py``
holds this one to the general path on generated and damaged tables.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Literal, TypeVar, cast

from .cells import _CR_RESULT, _STRONG_SWISS, _WEAK_SWISS, parse_number, swiss_cell
from .colours import LETTERS
from .columns import _TITLES, _TRF_TITLES, Role, RowInfo, label_roles, rating_value
from .lexing import Tok, _terminals, classify, lex_line
from .locate import Table, _find_header, _title
from .rows import HeadRow, Line, Row, RowView, _cells_of, _is_row_start, _is_rule, _number_run, _split_embedded
from .state import ReadState
from .swiss import Cell, RawPlayer

#: The header is looked for in this many lines from the top; a table further down is read by
#: the general path.
HEAD_SCAN = 200
#: Roles a column before the rounds may have for the rows to be read here.
_PREFIX_ROLES = frozenset({"title", "rating", "fed"})
_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


@lru_cache(maxsize=1)
def _weighted() -> re.Pattern[str]:
    """An item that counts as a cell when the general path places a row's cells (a Swiss cell
    kind, strong or weak), or a rank with a dot (which splits rows): a row whose name holds one
    is read by the general path."""
    names = _STRONG_SWISS | _WEAK_SWISS | {"RANKDOT"}
    return re.compile("|".join(f"(?:{t.regexp})" for t in _terminals() if t.name in names))


@lru_cache(maxsize=1)
def _chess_results_cell() -> re.Pattern[str]:
    """``12w1``: the grammar's CR_CELL with a short opponent number (no other item reads so)."""
    letters = "".join(sorted(LETTERS | {c.upper() for c in LETTERS}))
    return re.compile(rf"(\d{{1,6}})([{re.escape(letters)}\-])(1|0|½|=|\+|-|1/2|0[.,]5|\?)")


@lru_cache(maxsize=4096)
def _kind(text: str) -> str:
    return classify(text)


def _is_title(text: str) -> bool:
    return len(text) <= 3 and _kind(text) == "TITLE"


class _FastRow:
    """A row read by the fast path (what :class:`~.rows.Row` holds): its number and its other
    items are made into tokens only when they are asked for (a finding, a rank column)."""

    __slots__ = ("line", "ordinal", "cont", "sep", "_text", "_toks")
    line: int
    ordinal: int
    cont: list[Tok] | None
    sep: str | None

    def __init__(self, line: int, ordinal: int, text: str) -> None:
        self.line, self.ordinal, self.cont, self.sep = line, ordinal, None, None
        self._text = text
        self._toks: list[Tok] | None = None

    @property
    def ident(self) -> Tok:
        text = self._text
        return Tok("INT", text.split(None, 1)[0], self.line, len(text) - len(text.lstrip()) + 1)

    @property
    def toks(self) -> list[Tok]:
        if self._toks is None:
            self._toks = lex_line(self._text, self.line)[1:]
        return self._toks


class _Memo(dict[_Key, _Value]):
    """A dictionary that computes a missing value with ``make`` (once per key)."""

    def __init__(self, make: Callable[[_Key], _Value]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _Key) -> _Value:
        value = self[key] = self.make(key)
        return value


class _Cells(dict[str, "Cell | tuple[()]"]):
    """Cell text -> ``(opponent, colour letter, code)`` (``_NO_CELL`` when it is no cell), each text
    read once: ``12w1`` directly, anything else by ``other``."""

    def __init__(self, other: Callable[[str], Cell | None]) -> None:
        super().__init__()
        self.other = other

    def __missing__(self, text: str) -> Cell | tuple[()]:
        number = text[:-2]
        letter: str | None | Literal[False] = _LETTERS.get(text[-2:-1], False)  # False: no colour letter
        result = _RESULT_CHAR.get(text[-1:])
        value: Cell | tuple[()]
        if letter is not False and result and number.isdigit() and number.isascii() and len(number) <= 6:
            value = (int(number), letter, result)
        else:
            value = self.other(text) or _NO_CELL
        self[text] = value
        return value


class FastTable:
    """What the fast path read: the table (as :func:`~.locate.locate` gives it) and the rows it
    read itself, by ordinal, as ``(cells start, raw player)`` for :class:`~.swiss.SwissReader`."""

    def __init__(self, table: Table, known: dict[int, tuple[int, RawPlayer]]) -> None:
        self.table, self.known = table, known


def read_table(state: ReadState) -> FastTable | None:
    """The table of ``state.text`` when the fast path covers it, else None (nothing changed)."""
    raw = state.raw_lines
    lines: list[Line] = []
    found = None
    for idx in range(min(len(raw), HEAD_SCAN)):
        no = idx + 1
        sep, cells = _cells_of(lex_line(raw[idx], no), raw[idx])
        lines.append((no, sep, cells))
        start, length, kind = _number_run(cells)
        if kind == "rounds" and length and all(c.kind in _LABEL_KINDS for c in cells[:start]):
            found = idx
            break
    if found is None:
        return None
    head, first_row_line = _find_header(lines)
    if head is None or head.line != found + 1 or head.kind != "rounds" or head.rest or lines[found][1] is not None:
        return None
    before, after = label_roles(head)
    roles = [r[0] for r in before[1:]]
    lead = 1 if roles and roles[0] in ("sno", "rank") else 0
    if roles[lead:lead + 1] != ["name"] or not set(roles[lead + 1:]) <= _PREFIX_ROLES:
        return None
    reader = _RowReader(before, len(head.run), len(head.suffix))
    rows: list[RowView] = []
    known: dict[int, tuple[int, RawPlayer]] = {}
    skipped = [no for no, _, cells in lines[:found] if cells]
    ended = False
    best = len(head.run)
    for idx in range(found + 1, len(raw)):
        text = raw[idx]
        no = idx + 1
        if not text or text.isspace():
            continue
        fast = None if ended else reader.row(text, no, len(rows) + 1)
        if fast is not None:
            row, s, player = fast
            rows.append(row)
            known[row.ordinal] = (s, player)
            continue
        sep, cells = _cells_of(lex_line(text, no), text)
        start, length, kind = _number_run(cells)
        if (length > best and (length >= 2 or kind == "rounds")
                and all(c.kind in _LABEL_KINDS for c in cells[:start])):
            return None  # a longer header further down: the general path decides
        if not cells or _is_rule(cells):
            continue
        if ended:
            skipped.append(no)
            continue
        if sep is not None:
            return None
        if _is_row_start(cells):
            chunks = _split_embedded(cells, _int(cells[0]) or 1)
            if len(chunks) > 1:
                for chunk in chunks:
                    rows.append(Row(chunk[0], chunk[1:], no, len(rows) + 1))
            else:
                rows.append(Row(cells[0], cells[1:], no, len(rows) + 1, sep=sep))
        else:
            skipped.append(no)
            ended = bool(rows)
    if not rows:
        return None
    title_line, title = _title(lines, raw, head.line)
    if title_line is not None:
        skipped = [x for x in skipped if x != title_line]
    return FastTable(Table(head, rows, sorted(set(skipped)), title), known)


def _int(tok: Tok) -> int | None:
    if tok.kind == "INT":
        return int(tok.text)
    if tok.kind == "RANKDOT":
        return int(tok.text[:-1])
    return None


#: ``12w1`` read without a regular expression: the colour letter (as the table writes it) and a
#: one-character result, as :func:`~.cells.swiss_cell` reads them.
_LETTERS = {**{c: c for c in LETTERS}, **{c.upper(): c for c in LETTERS}, "-": None}
_RESULT_CHAR = {c: _CR_RESULT[c] for c in "10½=+-?"}

#: What a text that is no cell reads as, in the cache of cells.
_NO_CELL: tuple[()] = ()

_LABEL_KINDS = frozenset({"WORD", "NAME", "FED", "TITLE", "LETTER", "EMPTY", "BYE", "DIAG", "SIGN", "DOT"})


class _RowReader:
    """Reads one regular row from its split items, as the general path would read it."""

    def __init__(self, before: list[Role], rounds: int, k: int) -> None:
        roles = before[1:]
        #: the header numbers the rows twice (rank, then start number): a leading number is the second
        self.numbered = bool(roles) and roles[0][0] in ("sno", "rank")
        #: the roles after the name, right to left, without and with that second number taken off
        self.after_name = _after_name(roles)
        self.after_name_numbered = _after_name(roles[1:]) if self.numbered else self.after_name
        self.rounds, self.k = rounds, k
        self.cells = _Cells(self._cell)  # cell text -> what it reads as
        weighted = _weighted().fullmatch
        # a name item that is no cell
        self.plain: _Memo[str, bool] = _Memo(lambda word: not (word == "0" or weighted(word)))
        self.cr_cell = _chess_results_cell().fullmatch

    def row(self, text: str, no: int, ordinal: int) -> tuple[_FastRow, int, RawPlayer] | None:
        """``(row, cells start, raw player)`` of a regular row, else None."""
        if "\t" in text or "|" in text or ";" in text:
            return None
        parts = text.split()
        ident = parts[0]
        if not (ident.isascii() and ident.isdigit() and len(ident) <= 50):
            return None
        if ident == "1" and parts[1:2] == ["2"]:
            return None  # "1 2 ..." may be a header to the general path: the lexed line decides
        rounds, k = self.rounds, self.k
        end = len(parts) - k
        start = end - rounds
        if start < 2:
            return None
        cells = list(map(self.cells.__getitem__, parts[start:end]))  # each new text read once
        if _NO_CELL in cells:
            return None
        tail = parts[end:]
        if tail and None in map(parse_number, tail):
            return None
        prefix = parts[1:start]
        if not all(map(self.plain.__getitem__, prefix)):
            return None
        info = self._prefix(prefix, text, no, len(ident))
        if info is None:
            return None
        info["tail"] = _tail_toks(text, tail, no)
        row = _FastRow(no, ordinal, text)
        # no _NO_CELL among the cells (checked above)
        return row, start - 1, (row, int(ident), info, cast("list[Cell]", cells))

    def _cell(self, text: str) -> Cell | None:
        """The cell ``text`` reads as (as :func:`~.cells.swiss_cell` reads it), None when it is no cell."""
        m = self.cr_cell(text)
        if m is not None:
            letter = m.group(2).lower()
            return int(m.group(1)), None if letter == "-" else letter, _CR_RESULT[m.group(3)]
        kind = _kind(text)
        if kind in _STRONG_SWISS or kind in _WEAK_SWISS or (kind == "INT" and text == "0"):
            return swiss_cell(Tok(kind, text, 0, 0))
        return None

    def _prefix(self, toks: list[str], text: str, no: int, ident_len: int) -> RowInfo | None:
        """What :func:`~.columns.prefix` gives for these items (with a header, blank-separated),
        or None when its answer would depend on where the items stand in the line."""
        info: RowInfo = {"name": "", "title": "", "rating": None, "fed": "", "sno": None, "fide_id": "", "declared": []}
        after_name = self.after_name
        if self.numbered and len(toks) > 1 and toks[0].isdigit():
            if not (toks[0].isascii() and len(toks[0]) <= 50):
                return None
            at = text.index(toks[0], len(text) - len(text.lstrip()) + ident_len)
            info["sno"] = Tok("INT", toks[0], no, at + 1)
            toks = toks[1:]
            after_name = self.after_name_numbered
        else:
            toks = list(toks)
        if len(toks) > 1 and len(toks[0]) <= 3 and _is_title(toks[0]):
            info["title"] = toks.pop(0)
        for role in after_name:
            if len(toks) <= 1:
                break
            item = toks[-1]
            if role == "fed":
                fits = len(item) == 3 and _kind(item) == "FED"
            elif role == "rating":
                if item.isdigit() and not item.isascii():
                    return None
                fits = item.isdigit() and len(item) <= 50 and 100 <= int(item) <= 3999
            else:
                fits = _is_title(item) or item in _TRF_TITLES or item.upper() in _TITLES
            if fits:
                if role == "fed":
                    info["fed"] = item
                elif role == "rating":
                    info["rating"] = int(item) if len(item) <= 4 else rating_value(item)
                else:
                    info["title"] = item
                toks.pop()
            elif len(item) <= 6 and (role != "rating" or item[:1].isdecimal()):
                return None  # it may stand under its heading (columns.prefix's _under)
        if len(toks) > 1 and not info["title"] and len(toks[0]) <= 3 and _is_title(toks[0]):
            info["title"] = toks.pop(0)
        name = " ".join(toks)
        info["name"] = "" if name == "?" else name
        return info


def _after_name(roles: list[Role]) -> list[str]:
    """The roles after the name column, last first (as :func:`~.columns.prefix` tries them)."""
    names = [r[0] for r in roles]
    return list(reversed(names[names.index("name") + 1:])) if "name" in names else []


def _tail_toks(text: str, items: list[str], no: int) -> list[Tok]:
    """The items at the end of ``text`` as tokens with their columns."""
    out: list[Tok] = []
    rest = text.rstrip()
    for item in reversed(items):
        begin = len(rest) - len(item)
        out.append(Tok("INT" if item.isdigit() else "DEC", item, no, begin + 1))
        if len(out) < len(items):
            rest = rest[:begin].rstrip()
    out.reverse()
    return out


__all__ = ["FastTable", "HEAD_SCAN", "HeadRow", "read_table"]
