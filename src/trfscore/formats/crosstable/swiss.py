"""Swiss tables: one row per player, one cell per round naming the opponent, colour and result."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, TypeGuard, cast

from ...cells import CHAR_OF_COLOUR, pack
from ...model import PackedCells, Player
from ..limits import too_sparse
from .cells import _STRONG_SWISS, _WEAK_SWISS, KIND_OF, MIRROR, swiss_cell
from .colours import fitting, mapping
from .columns import Role, RowInfo, blank_info, label_roles, prefix
from .lexing import Items, Tok
from .rows import HeadRow, RowView, _int
from .state import ReadState

if TYPE_CHECKING:
    from .block import Block

_OPPONENT, _COLOUR, _CODE, _CELLS = itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(3)

#: One round cell as read: (opponent number, colour letter, result code) (:func:`~.cells.swiss_cell`).
Cell = tuple[int | None, str | None, str]
#: One row as read: the row, its number, its columns (:func:`~.columns.prefix`) and its round cells.
RawPlayer = tuple[RowView, int | None, RowInfo, list[Cell]]


class SwissReader:
    """Reads a Swiss table into the tournament of a :class:`~.state.ReadState`."""

    def __init__(self, state: ReadState) -> None:
        self.state = state
        self._cells = _CellsRead()

    def read(self, head: HeadRow, rows: Sequence[RowView], known: dict[int, tuple[int, RawPlayer]] | None = None) -> None:
        """Read ``rows`` under ``head``; ``known`` holds rows the fast path (:mod:`.fast`) has
        already read, by row ordinal: where their cells start and what :meth:`_read_row` gives."""
        state, t = self.state, self.state.t
        known = known or {}
        before, after = label_roles(head)
        has_header = head.kind in ("numbers", "rounds")
        rounds = len(head.run) if has_header else _usual_cell_count(rows)
        k = len(head.suffix) if has_header else None
        starts = iter(_cells_starts([row for row in rows if row.ordinal not in known], rounds, k))
        parsed = [known[row.ordinal][0] if row.ordinal in known else next(starts) for row in rows]
        located = sum(1 for s in parsed if s is not None)
        if too_sparse(len(rows), rounds, rounds * located):
            state.add("CTB100", f"the table has {rounds} rounds but its {len(rows)} row(s) hold the cells of "
                      f"only {located}: not a Swiss crosstable (cells such as 12w1, 27:W, W12, +W12, HPB were "
                      "looked for)", head.line or rows[0].line, 1, "a Swiss row has one cell per round")
            return
        raw_players = [known[row.ordinal][1] if row.ordinal in known else
                       self._read_row(row, s, rounds, before, has_header) for row, s in zip(rows, parsed)]
        self._cells.clear()  # (the rows' cells hold what was read)
        language = self._colours(raw_players, head.line or rows[0].line)
        numbering, start_ranks = self._numbering(rows, raw_players)
        t.rounds = rounds
        packed = self._pack(raw_players, parsed, rounds, dict(zip(numbering, start_ranks)))
        players = []
        declare_row = state.declare_row
        for i, ((row, _ident, info, _cells), sr) in enumerate(zip(raw_players, start_ranks)):
            p = Player(sr, name=info["name"], title=info["title"], rating=info["rating"], federation=info["fed"],
                       fide_id=info["fide_id"], line=row.line)
            declare_row(sr, p, row, before, info, info.get("tail"), after, has_header)
            p.defer_games(packed, i, rounds)
            players.append(p)
        t.players = sorted(players, key=lambda p: p.start_rank)
        t.source.dialect = "swiss crosstable"
        state.add("CTB106", f"read a Swiss crosstable of {len(players)} players and {rounds} rounds"
                  + (f"; colour letters {language}" if language else ""), head.line or rows[0].line, 1)

    def read_block(self, head: HeadRow, rows: Sequence[RowView], block: Block) -> None:
        """Read a table under ``head`` whose every row the fast path read into ``block`` (row ``j``
        is ``rows[j]``): what :meth:`read` does, a column at a time."""
        state, t = self.state, self.state.t
        before, after = label_roles(head)
        rounds, n = block.rounds, len(block)
        line = head.line or rows[0].line
        if too_sparse(n, rounds, rounds * n):
            self.read(head, rows, {j + 1: (block.starts[j], block.raw_player(j, rows[j])) for j in range(n)})
            return
        language, letter_of = self._language(block.colour_letters(), line)

        def rows_cells() -> list[list[Cell]]:
            flat = block.all_cells(letter_of)
            return [flat[j * rounds:j * rounds + rounds] for j in range(n)]

        snos = [None if x is None else int(x) for x in block.snos]
        numbering, start_ranks = self._numbers(rows, snos, list(map(int, block.idents)), rows_cells)
        t.rounds = rounds
        to_sr: dict[int | None, int] = dict(zip(numbering, start_ranks))
        packed = block.pack(letter_of, to_sr)
        block.cut = None  # the cells' bytes, no longer needed
        if packed is None:  # an opponent that is no row: findings, row by row
            raw_players: list[RawPlayer] = [(rows[j], int(block.idents[j]), blank_info(), cells_j)
                                            for j, cells_j in enumerate(rows_cells())]
            packed = self._pack(raw_players, list(block.starts), rounds, to_sr)  # type: ignore[arg-type]
        players = state.declare_block(start_ranks, block, rows, before, after, packed)
        t.players = sorted(players, key=lambda p: p.start_rank)
        t.source.dialect = "swiss crosstable"
        state.add("CTB106", f"read a Swiss crosstable of {n} players and {rounds} rounds"
                  + (f"; colour letters {language}" if language else ""), line, 1)

    def _read_row(self, row: RowView, s: int | None, rounds: int, before: list[Role], has_header: bool) -> RawPlayer:
        """The columns and round cells of one row whose cells start at ``s`` (None: not found)."""
        ident = _int(row.ident) if row.ident is not None else None
        if s is None:
            self.state.add("CTB102", f"row {ident}: its {rounds} round cells were not found", row.line,
                           row.ident.col if row.ident else 1,
                           "a Swiss row has the number, the name, one cell per round (12w1, W12, +W12, HPB ...) "
                           "and the declared columns", " ".join(x.text for x in row.toks)[:80])
            return row, ident, blank_info(" ".join(x.text for x in row.toks if x.kind in ("WORD", "NAME"))), []
        info = prefix(row.toks[:s], before, row.sep is not None, has_header, rounds)
        toks = row.toks[s:s + rounds]
        read = list(map(self._cells.__getitem__, zip(toks.kinds, toks.texts)))
        if None in read:
            for r, (tok, cell) in enumerate(zip(toks, read), 1):
                if cell is None:
                    self.state.add("CTB101", f"row {ident}, round {r}: {tok.text!r} is not a Swiss cell",
                                   tok.line, tok.col, "write 12w1 / 3b½ (chess-results), W12 L5 D3 (US Chess), "
                                   "+W12 =B5 -B3 (FIDE), HPB PAB FPB ZPB for byes", tok.text)
                    read[r - 1] = (None, None, " ")
        cells = cast("list[Cell]", read)
        if row.cont is not None:
            _continuation(row, s, rounds, cells, info)
        info["tail"] = row.toks[s + rounds:]
        return row, ident, info, cells

    def _colours(self, raw_players: list[RawPlayer], line: int) -> str:
        """Turn the colour letters of the cells into ``"w"``/``"b"`` by the language whose pair
        covers every letter the table uses (:mod:`.colours`); what was decided, for CTB106."""
        used = set(map(_COLOUR, chain.from_iterable(cells for _, _, _, cells in raw_players)))
        language, letter_of = self._language(used, line)
        if letter_of is not None:
            for _, _, _, cells in raw_players:
                for r, (opp, colour, code) in enumerate(cells):
                    if colour is not None:
                        cells[r] = (opp, letter_of.get(colour), code)
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

    def _numbering(self, rows: Sequence[RowView],
                   raw_players: list[RawPlayer]) -> tuple[list[int], list[int]]:
        """Which numbering the opponents use (the row number or a start-number column), and the
        start rank of each row."""
        snos = [None if info["sno"] is None else int(info["sno"].text) for _, _, info, _ in raw_players]
        idents = [ident for _, ident, _, _ in raw_players]
        return self._numbers(rows, snos, idents, lambda: list(map(_CELLS, raw_players)))

    def _numbers(self, rows: Sequence[RowView], snos: list[int | None], idents: list[int | None],
                 cells: Callable[[], list[list[Cell]]]) -> tuple[list[int], list[int]]:
        """:meth:`_numbering` of rows whose second numbers, numbers and cells (made when needed) are given."""
        if _numbers_rows(snos):
            rows_cells = cells()
            by_sno = _reciprocity(snos, rows_cells) > _reciprocity(idents, rows_cells)
        else:
            by_sno = False
        chosen = snos if by_sno else idents
        if _numbers_rows(chosen):
            numbering = chosen
        else:
            self.state.add("CTB105", "row numbers are missing, repeated or 0; rows are numbered in order",
                           rows[0].line, 1)
            numbering = list(range(1, len(rows) + 1))
        start_ranks = snos if _numbers_rows(snos) else numbering
        return numbering, start_ranks

    def _pack(self, raw_players: list[RawPlayer], parsed: list[int | None], rounds: int,
              to_sr: dict[int, int]) -> PackedCells:
        """The round cells of every row, opponents as start ranks, in the one store
        (:func:`~trfscore.cells.pack`; row ``i`` is ``raw_players[i]``, a row's missing cells "no
        entry" cells).  An opponent number that is no row is a finding (CTB107) and no opponent."""
        flat = list(chain.from_iterable(map(_CELLS, raw_players)))
        numbers = list(map(_OPPONENT, flat))
        opponents = list(map(to_sr.get, numbers))  # None stays None: no opponent
        if opponents.count(None) != numbers.count(None):
            self._unknown_opponents(raw_players, parsed, to_sr)
        colours = "".join(map(CHAR_OF_COLOUR.__getitem__, map(_COLOUR, flat)))
        counts = [len(cells) for _, _, _, cells in raw_players]
        return pack(counts, opponents, colours, "".join(map(_CODE, flat)), None, rounds, KIND_OF)

    def _unknown_opponents(self, raw_players: list[RawPlayer], parsed: list[int | None], to_sr: dict[int, int]) -> None:
        """CTB107 for each cell whose opponent number is no row of the table."""
        for row, ident, _, cells in raw_players:
            start = parsed[row.ordinal - 1] or 0
            for r, (opp, _colour, _code) in enumerate(cells, 1):
                if opp is not None and opp not in to_sr:
                    tok = row.toks[start + r - 1]
                    self.state.add("CTB107", f"row {ident}, round {r}: opponent {opp} is no row of this table",
                                   tok.line, tok.col, "opponent numbers refer to the row numbers", tok.text)


class _CellsRead(dict[tuple[str, str], "Cell | None"]):
    """:func:`~.cells.swiss_cell` of each distinct (kind, text) of a table's cells, read once
    (a table repeats its cells: a 10,000-player table has about a third as many distinct ones)."""

    def __missing__(self, key: tuple[str, str]) -> Cell | None:
        cell = self[key] = swiss_cell(Tok(key[0], key[1], 0, 0))
        return cell


def _numbers_rows(numbers: list[int | None]) -> TypeGuard[list[int]]:
    """Whether ``numbers`` can number the rows: none missing or 0, none repeated (they are read
    from digits, so none is negative)."""
    return all(numbers) and len(set(numbers)) == len(numbers)


def _usual_cell_count(rows: Sequence[RowView]) -> int:
    """Without a header: the most common number of Swiss cells in a row."""
    counts = Counter(sum(1 for kind in r.toks.kinds if kind in _STRONG_SWISS or kind in _WEAK_SWISS)
                     for r in rows)
    return max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0] if counts else 0


def _cells_starts(rows: Sequence[RowView], rounds: int, k: int | None) -> list[int | None]:
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
    before = [0]  # weights before each position: a window's score in one subtraction
    for w in weights:
        before.append(before[-1] + w)
    n = len(weights)
    for s in range(1, max(1, n - rounds + 1)):
        if s + rounds > n:
            break
        score = before[s + rounds] - before[s]
        tail = n - (s + rounds)
        key = (score, k is not None and tail == k, -s)
        if best is None or key > best[0]:
            best = (key, s)
    if best is None or rounds == 0 or best[0][0] < rounds // 2:
        return None
    return best[1]


def _continuation(row: RowView, s: int, rounds: int, cells: list[Cell], info: RowInfo) -> None:
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
