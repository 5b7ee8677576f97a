"""The fast path: a space-aligned Swiss table with round headings, its regular rows read
column-wise (:mod:`.block`) instead of lexed.

The general path lexes every item of every line into a :class:`~.lexing.Tok` before it knows
the layout; for a 10,000-player table that is 200,000 tokens.  Here the header is found by
lexing the lines above the table only; then the rows below it are read as one block
(:class:`~.block.Layout`), and only the lines the block does not read (prose, rules, irregular
rows) are lexed and handled as the general path handles them.  A table the fast path does not
cover at all (other separators, no round headings, declared columns before the rounds ...) is
left entirely to the general path.

Both paths give the same tournament and findings; ``tests/formats/test_crosstable_fast.py``
holds this one to the general path on generated and damaged tables.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from .block import Block, Layout
from .columns import label_roles
from .lexing import Items, Tok, lex_line
from .locate import Table, _find_header, _title
from .rows import HeadRow, Line, Row, RowView, _cells_of, _is_row_start, _is_rule, _number_run, _split_embedded
from .state import ReadState
from .swiss import RawPlayer

#: The header is looked for in this many lines from the top; a table further down is read by
#: the general path.
HEAD_SCAN = 200
#: Roles a column before the rounds may have for the rows to be read here.
_PREFIX_ROLES = frozenset({"title", "rating", "fed"})


class _FastRow:
    """A row read by the fast path (what :class:`~.rows.Row` holds): its number and its other
    items are made into tokens only when they are asked for (a finding, a rank column)."""

    __slots__ = ("line", "ordinal", "cont", "sep", "_text", "_toks")
    line: int
    ordinal: int
    cont: Items | None
    sep: str | None

    def __init__(self, line: int, ordinal: int, text: str) -> None:
        self.line, self.ordinal, self.cont, self.sep = line, ordinal, None, None
        self._text = text
        self._toks: Items | None = None

    @property
    def ident(self) -> Tok:
        text = self._text
        return Tok("INT", text.split(None, 1)[0], self.line, len(text) - len(text.lstrip()) + 1)

    @property
    def toks(self) -> Items:
        if self._toks is None:
            self._toks = lex_line(self._text, self.line)[1:]
        return self._toks


class _BlockRows(Sequence[RowView]):
    """The rows of a table whose every row the block read, as row views made when asked for
    (the Swiss reader of a whole block asks for one or two)."""

    def __init__(self, block: Block) -> None:
        self.block = block

    def __len__(self) -> int:
        return len(self.block)

    @overload
    def __getitem__(self, j: int) -> RowView: ...
    @overload
    def __getitem__(self, j: slice) -> list[RowView]: ...

    def __getitem__(self, j: int | slice) -> RowView | list[RowView]:
        if isinstance(j, slice):
            return [self[i] for i in range(*j.indices(len(self)))]
        if j < 0:
            j += len(self)
        if not 0 <= j < len(self):
            raise IndexError(j)
        return _FastRow(self.block.lines[j], j + 1, self.block.texts[j])

    def __iter__(self) -> Iterator[RowView]:
        return map(self.__getitem__, range(len(self)))


class FastTable:
    """What the fast path read: the table (as :func:`~.locate.locate` gives it) and the rows it
    read itself, as a block (:class:`~.block.Block`) whose row ``j`` is the table's row
    ``ordinals[j]`` (1-based)."""

    def __init__(self, table: Table, block: Block, ordinals: list[int]) -> None:
        self.table, self.block, self.ordinals = table, block, ordinals

    @property
    def whole(self) -> bool:
        """Whether the block holds every row of the table."""
        return len(self.block) == len(self.table.rows)

    def known(self) -> dict[int, tuple[int, RawPlayer]]:
        """The block's rows for :meth:`~.swiss.SwissReader.read`, by ordinal: ``(cells start, raw player)``."""
        rows, block = self.table.rows, self.block
        return {o: (block.starts[j], block.raw_player(j, rows[o - 1])) for j, o in enumerate(self.ordinals)}


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
    body = [idx for idx in range(found + 1, len(raw)) if raw[idx] and not raw[idx].isspace()]
    texts = [raw[idx] for idx in body]
    regular, block = Layout(before, len(head.run), len(head.suffix)).read([idx + 1 for idx in body], texts)
    skipped = [no for no, _, cells in lines[:found] if cells]
    if len(regular) == len(body):  # every line a regular row: the block is the table
        if not body:
            return None
        table_rows: Sequence[RowView] = _BlockRows(block)
        ordinals = list(range(1, len(body) + 1))
    else:
        walked = _walk(body, texts, regular, skipped, len(head.run))
        if walked is None:
            return None
        table_rows, used, ordinals = walked
        if len(used) < len(block):
            block = block.take(used)
    title_line, title = _title(lines, raw, head.line)
    if title_line is not None:
        skipped = [x for x in skipped if x != title_line]
    return FastTable(Table(head, table_rows, sorted(set(skipped)), title), block, ordinals)


def _walk(body: list[int], texts: list[str], regular: list[int], skipped: list[int],
          best: int) -> tuple[list[RowView], list[int], list[int]] | None:
    """The rows of the lines ``body`` (indices of lines, ``texts`` theirs) in order, when some are
    not regular: those are lexed and read as the general path reads them.  Gives the rows, the
    block rows used (by position in the block) and their ordinals; adds to ``skipped`` the lines
    not read; None when the general path must decide (a longer header further down, separators)."""
    at_block = dict(zip(regular, range(len(regular))))
    rows: list[RowView] = []
    used: list[int] = []
    ordinals: list[int] = []
    ended = False
    for i, (idx, text) in enumerate(zip(body, texts)):
        no = idx + 1
        j = None if ended else at_block.get(i)
        if j is not None:
            rows.append(_FastRow(no, len(rows) + 1, text))
            used.append(j)
            ordinals.append(len(rows))
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
    return rows, used, ordinals


def _int(tok: Tok) -> int | None:
    if tok.kind == "INT":
        return int(tok.text)
    if tok.kind == "RANKDOT":
        return int(tok.text[:-1])
    return None


_LABEL_KINDS = frozenset({"WORD", "NAME", "FED", "TITLE", "LETTER", "EMPTY", "BYE", "DIAG", "SIGN", "DOT"})


__all__ = ["FastTable", "HEAD_SCAN", "HeadRow", "read_table"]
