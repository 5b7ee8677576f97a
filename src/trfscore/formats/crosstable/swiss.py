"""Swiss tables: one row per player, one cell per round naming the opponent, colour and result."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate
from operator import itemgetter
from typing import TypeGuard, cast

from ...cells import CHAR_OF_COLOUR, pack
from ...model import PackedCells, Player
from ..limits import too_sparse
from .cells import _STRONG_SWISS, _WEAK_SWISS, KIND_OF, MIRROR, swiss_cell
from .colours import fitting, mapping
from .columns import Role, RowInfo, blank_info, label_roles, prefix
from .lexing import Items, Tok
from .rows import HeadRow, Row, _int
from .state import ReadState

_OPPONENT, _COLOUR, _CODE = itemgetter(0), itemgetter(1), itemgetter(2)

#: One round cell as read: (opponent number, colour letter, result code) (:func:`~.cells.swiss_cell`).
Cell = tuple[int | None, str | None, str]


class SwissReader:
    """Reads a Swiss table into the tournament of a :class:`~.state.ReadState`."""

    def __init__(self, state: ReadState) -> None:
        self.state = state
        self._cells = _CellsRead()

    def read(self, head: HeadRow, rows: Sequence[Row]) -> None:
        """Read ``rows`` under ``head``."""
        state, t = self.state, self.state.t
        before, after = label_roles(head)
        has_header = head.kind in ("numbers", "rounds")
        rounds = len(head.run) if has_header else _usual_cell_count(rows)
        k = len(head.suffix) if has_header else None
        parsed = _cells_starts(rows, rounds, k)
        located = sum(1 for s in parsed if s is not None)
        if too_sparse(len(rows), rounds, rounds * located):
            state.add("CTB100", f"the table has {rounds} rounds but its {len(rows)} row(s) hold the cells of "
                      f"only {located}: not a Swiss crosstable (cells such as 12w1, 27:W, W12, +W12, HPB were "
                      "looked for)", head.line or rows[0].line, 1, "a Swiss row has one cell per round")
            return
        # each row's cells go straight into the columns of the store; a row keeps its columns left
        # and right of them (what the players declare) and nothing else
        columns = _Columns()
        add = columns.add
        read: list[tuple[Row, int | None, RowInfo]] = []
        for row, s in zip(rows, parsed):
            ident, info, cells = self._read_row(row, s, rounds, before, has_header)
            add(cells)
            read.append((row, ident, info))
        self._cells.clear()
        language = self._colours(columns, head.line or rows[0].line)
        snos = [None if info["sno"] is None else int(info["sno"]) for _, _, info in read]
        numbering, start_ranks = self._numbers(rows, snos, [ident for _, ident, _ in read], columns.rows)
        t.rounds = rounds
        packed = self._pack(columns, rows, [ident for _, ident, _ in read], parsed, rounds,
                            dict(zip(numbering, start_ranks)))
        del columns
        players = []
        declare_row = state.declare_row
        read.reverse()  # (taken from the end: each row's columns go once its player is made)
        for i, sr in enumerate(start_ranks):
            row, _ident, info = read.pop()
            p = Player(sr, name=info["name"], title=info["title"], rating=info["rating"], federation=info["fed"],
                       fide_id=info["fide_id"], line=row.line)
            declare_row(sr, p, row, before, info, info.get("tail"), after, has_header)
            p.defer_games(packed, i, rounds)
            players.append(p)
        t.players = sorted(players, key=lambda p: p.start_rank)
        t.source.dialect = "swiss crosstable"
        state.add("CTB106", f"read a Swiss crosstable of {len(players)} players and {rounds} rounds"
                  + (f"; colour letters {language}" if language else ""), head.line or rows[0].line, 1)

    def _read_row(self, row: Row, s: int | None, rounds: int, before: list[Role],
                  has_header: bool) -> tuple[int | None, RowInfo, list[Cell]]:
        """The number, columns and round cells of one row whose cells start at ``s`` (None: not found)."""
        ident = _int(row.ident) if row.ident is not None else None
        if s is None:
            self.state.add("CTB102", f"row {ident}: its {rounds} round cells were not found", row.line,
                           row.ident.col if row.ident else 1,
                           "a Swiss row has the number, the name, one cell per round (12w1, W12, +W12, HPB ...) "
                           "and the declared columns", " ".join(x.text for x in row.toks)[:80])
            return ident, blank_info(" ".join(x.text for x in row.toks if x.kind in ("WORD", "NAME"))), []
        items = row.toks
        info = prefix(items[:s], before, row.sep is not None, has_header, rounds)
        kinds, texts = items.kinds, items.texts
        read = list(map(self._cells.__getitem__, zip(kinds[s:s + rounds], texts[s:s + rounds])))
        if None in read:
            for r, (tok, cell) in enumerate(zip(items[s:s + rounds], read), 1):
                if cell is None:
                    self.state.add("CTB101", f"row {ident}, round {r}: {tok.text!r} is not a Swiss cell",
                                   tok.line, tok.col, "write 12w1 / 3b½ (chess-results), W12 L5 D3 (US Chess), "
                                   "+W12 =B5 -B3 (FIDE), HPB PAB FPB ZPB for byes", tok.text)
                    read[r - 1] = (None, None, " ")
        cells = cast("list[Cell]", read)
        if row.cont is not None:
            _continuation(row, s, rounds, cells, info)
        info["tail"] = items[s + rounds:]
        return ident, info, cells

    def _colours(self, columns: _Columns, line: int) -> str:
        """Turn the colour letters of the cells into ``"w"``/``"b"`` by the language whose pair
        covers every letter the table uses (:mod:`.colours`); what was decided, for CTB106."""
        language, letter_of = self._language(set(columns.colours), line)
        if letter_of is not None:
            get = letter_of.get
            columns.colours = [None if colour is None else get(colour) for colour in columns.colours]
        return language

    def _language(self, used: set[str | None], line: int) -> tuple[str, Mapping[str, str | None] | None]:
        """The language of the colour letters ``used`` (for CTB106) and what each letter stands
        for (None: they are ``w`` and ``b`` already, or there are none)."""
        used = used - {None}
        if not used or used <= {"w", "b"}:
            return "", None
        pairs = fitting(cast("set[str]", used))
        shown = "/".join(sorted(cast("set[str]", used)))
        if not pairs:
            self.state.add("CTB112", f"the colour letters {shown} are not the White/Black pair of one language; "
                           "colours are left unknown", line, 1, "one table uses one pair: w/b, w/s, w/z, b/n ...")
            return "", {}
        if len(pairs) > 1 and len({tuple(sorted(mapping(p).items())) for p in pairs}) > 1:
            self.state.add("CTB112", f"the colour letters {shown} fit several languages "
                           f"({'; '.join(p.languages for p in pairs)}); read as {pairs[0].languages}", line, 1,
                           "check the colours, or give the table with both colour letters")
        return f"{pairs[0].white}/{pairs[0].black} ({pairs[0].languages})", mapping(pairs[0])

    def _numbers(self, rows: Sequence[Row], snos: list[int | None], idents: list[int | None],
                 cells: Callable[[], list[list[Cell]]]) -> tuple[list[int], list[int]]:
        """Which numbering the opponents use (the row number or a start-number column), and the
        start rank of each row, from the rows' second numbers, numbers and cells (made when needed)."""
        by_sno = _numbers_rows(snos) and _reciprocity(snos, (rows_cells := cells())) > _reciprocity(idents, rows_cells)
        chosen = snos if by_sno else idents
        if _numbers_rows(chosen):
            numbering = chosen
        else:
            self.state.add("CTB105", "row numbers are missing, repeated or 0; rows are numbered in order",
                           rows[0].line, 1)
            numbering = list(range(1, len(rows) + 1))
        return numbering, snos if _numbers_rows(snos) else numbering

    def _pack(self, columns: _Columns, rows: Sequence[Row], idents: list[int | None],
              parsed: Sequence[int | None], rounds: int, to_sr: Mapping[int | None, int]) -> PackedCells:
        """The round cells of every row in the one store, opponents as start ranks (row ``i`` is
        ``rows[i]``, its cells from item ``parsed[i]``).  An opponent number that is no row is a
        finding (CTB107) and no opponent."""
        opponents, known_all = columns.ranks(to_sr)
        if not known_all:
            for row, ident, cells in zip(rows, idents, columns.rows()):
                start = parsed[row.ordinal - 1] or 0
                for r, (opp, _colour, _code) in enumerate(cells, 1):
                    if opp is not None and opp not in to_sr:
                        tok = row.toks[start + r - 1]
                        self.state.add("CTB107", f"row {ident}, round {r}: opponent {opp} is no row of this table",
                                       tok.line, tok.col, "opponent numbers refer to the row numbers", tok.text)
        return columns.pack(rounds, opponents)


class _Columns:
    """The round cells of a table's rows as the store's columns, a row's cells appended as it is
    read (no list of cells kept per row): each cell's opponent number, colour letter and code,
    and the number of cells of each row."""

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.opponents: list[int | None] = []
        self.colours: list[str | None] = []
        self.codes: list[str] = []

    def add(self, cells: Sequence[Cell]) -> None:
        """Append one row's cells."""
        self.counts.append(len(cells))
        self.opponents.extend(map(_OPPONENT, cells))
        self.colours.extend(map(_COLOUR, cells))
        self.codes.extend(map(_CODE, cells))

    def rows(self) -> list[list[Cell]]:
        """Each row's cells as (opponent, colour, code), made when asked for."""
        flat = list(zip(self.opponents, self.colours, self.codes))
        return [flat[end - count:end] for count, end in zip(self.counts, accumulate(self.counts))]

    def ranks(self, to_sr: Mapping[int | None, int]) -> tuple[list[int | None], bool]:
        """The opponents as start ranks (an opponent number that is no row: no opponent), and
        whether every opponent number is a row's."""
        opponents = list(map(to_sr.get, self.opponents))
        return opponents, opponents.count(None) == self.opponents.count(None)

    def pack(self, rounds: int, opponents: list[int | None]) -> PackedCells:
        """The cells in the one store (:func:`~trfscore.cells.pack`; ``opponents`` as start ranks),
        a row's missing cells "no entry" cells."""
        colours = "".join(map(CHAR_OF_COLOUR.__getitem__, self.colours))
        return pack(self.counts, opponents, colours, "".join(self.codes), None, rounds, KIND_OF)


class _CellsRead(dict[tuple[str, str], "Cell | None"]):
    """:func:`~.cells.swiss_cell` of each distinct (kind, text) of a table's cells, read once and
    kept until :data:`_CELLS_KEPT` are kept, then all let go.  A table repeats its cells near each
    other: a player's opponents stand near it in the table.  Of the 9,999 x 13 table's
    129,987 cells, 53,896 are distinct; with 4,096 kept 55,759 are read, and the 54,000 tuples
    with their keys (~8 MB) are not all held at once."""

    def __missing__(self, key: tuple[str, str]) -> Cell | None:
        if len(self) >= _CELLS_KEPT:
            self.clear()
        cell = self[key] = swiss_cell(*key)
        return cell


_CELLS_KEPT = 4096


def _numbers_rows(numbers: list[int | None]) -> TypeGuard[list[int]]:
    """Whether ``numbers`` can number the rows: none missing or 0, none repeated (they are read
    from digits, so none is negative)."""
    return all(numbers) and len(set(numbers)) == len(numbers)


def _usual_cell_count(rows: Sequence[Row]) -> int:
    """Without a header: the most common number of Swiss cells in a row."""
    counts = Counter(sum(1 for kind in r.toks.kinds if kind in _STRONG_SWISS or kind in _WEAK_SWISS)
                     for r in rows)
    return max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0] if counts else 0


def _cells_starts(rows: Sequence[Row], rounds: int, k: int | None) -> list[int | None]:
    """Where the ``rounds`` cells of each row start in its items (``k`` declared columns after
    them under a header), None where too few of them read as Swiss cells: decided by the cell
    weights of the items (:func:`_window`), once per distinct sequence of weights."""
    starts: dict[tuple[int, ...], int | None] = {}
    found = []
    for row in rows:
        weights = _weights(row.toks)
        s = starts.get(weights, -1)
        if s == -1:
            s = starts[weights] = _window(weights, rounds, k)
        found.append(s)
    return found


def _weights(toks: Items) -> tuple[int, ...]:
    """The weight of each item as a cell (:data:`_WEIGHT`)."""
    kinds, texts = toks.kinds, toks.texts
    weights = list(map(_WEIGHT.__getitem__, kinds))
    if "INT" in kinds and "0" in texts:  # a round not paired (chess-results)
        weights = [1 if kind == "INT" and text == "0" else w for kind, text, w in zip(kinds, texts, weights)]
    return tuple(weights)


class _Weights(dict[str, int]):
    """The weight an item of each kind has as a cell: 2 a Swiss cell, 1 a mark that may be one,
    0 anything else (the INT ``0`` weighs 1: :func:`_cells_start`)."""

    def __missing__(self, kind: str) -> int:
        weight = self[kind] = 2 if kind in _STRONG_SWISS else 1 if kind in _WEAK_SWISS else 0
        return weight


_WEIGHT = _Weights()


def _window(weights: tuple[int, ...], rounds: int, k: int | None) -> int | None:
    """The start of the window of ``rounds`` items of the highest weight (ties: the one leaving
    ``k`` items after it, then the leftmost), None when it weighs less than ``rounds // 2``."""
    best = None
    before = [0, *accumulate(weights)]  # weights before each position: a window's score in one subtraction
    n = len(weights)
    for s in range(1, max(1, n - rounds + 1)):
        score = before[s + rounds] - before[s]
        tail = n - (s + rounds)
        key = (score, k is not None and tail == k, -s)
        if best is None or key > best[0]:
            best = (key, s)
    if best is None or rounds == 0 or best[0][0] < rounds // 2:
        return None
    return best[1]


def _continuation(row: Row, s: int, rounds: int, cells: list[Cell], info: RowInfo) -> None:
    """A second line under a row (US Chess): colours under the rounds, 'ID / R: 1794 ->1817'."""
    cont: Sequence[Tok] = row.cont or []
    for r in range(rounds):
        j = s + 1 + r  # the continuation line keeps the first column, the row's cells do not
        if j < len(cont):
            letter = cont[j].text.strip().upper()[:1]
            if letter in ("W", "B") and cells[r][0] is not None:
                opp, _, code = cells[r]
                cells[r] = (opp, letter.lower(), code)
    text = " ".join(c.text for c in cont)
    m = re.search(r"R:\s*(\d{3,4})", text)
    if m and info.get("rating") is None:
        info["rating"] = int(m.group(1))
    if not info.get("title") and cont and cont[0].kind == "TITLE":
        info["title"] = cont[0].text


def _reciprocity(numbers: Sequence[int | None], rows_cells: list[list[Cell]]) -> int:
    """How well the cells agree when opponent numbers are read as ``numbers``: the opponent's
    cell names this row back, with the other colour and the mirrored result."""
    cell_of = dict(zip(numbers, rows_cells))
    good = 0
    for num, cells in zip(numbers, rows_cells):
        for r, (opp, colour, code) in enumerate(cells):
            if opp is None or opp not in cell_of:
                continue
            other = cell_of[opp]
            if r < len(other) and other[r][0] == num:
                good += 1
                if colour and other[r][1] and colour != other[r][1]:
                    good += 1
                if MIRROR.get(code) == other[r][2]:
                    good += 1
    return good
