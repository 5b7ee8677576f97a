"""The regular rows of a space-aligned Swiss table read column-wise (the core of :mod:`.fast`).

Once the header is known, a row is *regular* when its blank-separated items are its number, a
name with the columns the header names before the rounds (title, rating, federation), exactly
one readable Swiss cell per round and the declared columns (numbers).  The rows are split, grouped
by their number of items, and each group is read a column at a time: every distinct text of a
column is judged once (a cell, a rating, a federation, a word of a name), so the cost per row is a
few ``map`` and ``zip`` calls.  What a row's columns before the rounds mean is decided as
:func:`~.columns.prefix` decides it, by a *plan* made once per combination of item classes
(:meth:`Layout._plan`); a row whose reading would depend on more than its items' texts (where
they stand in the line, an item that reads like a cell in its name ...) gets no plan and is left
to the general path, which lexes it.

Both paths give the same tournament and findings; ``tests/formats/test_crosstable_fast.py``
holds this one to the general path on generated and damaged tables.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import chain, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar

from ...cells import CHAR_OF_COLOUR, pack
from ...model import PackedCells
from .cellbytes import CellBytes, translated
from .cells import _CR_RESULT, _STRONG_SWISS, _WEAK_SWISS, KIND_OF, parse_number, swiss_cell
from .colours import LETTERS
from .columns import _TITLES, _TRF_TITLES, Role, RowInfo, rating_value
from .lexing import Tok, _terminals, classify

if TYPE_CHECKING:
    from .swiss import Cell, RawPlayer

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


@lru_cache(maxsize=1)
def _weighted_lines() -> re.Pattern[str]:
    """An item that counts as a cell when the general path places a row's cells (a Swiss cell
    kind, strong or weak), or a rank with a dot (which splits rows): a row whose name holds one
    is read by the general path.  Applied to many items at once, one a line (each item pattern of
    the grammar ends at a blank or the end, so a whole line matches exactly when the item alone
    would)."""
    names = _STRONG_SWISS | _WEAK_SWISS | {"RANKDOT"}
    either = "|".join(f"(?:{t.regexp})" for t in _terminals() if t.name in names)
    return re.compile(f"^(?:{either})$", re.M)


@lru_cache(maxsize=1)
def _chess_results_cell() -> re.Pattern[str]:
    """``12w1``: the grammar's CR_CELL with a short opponent number (no other item reads so)."""
    letters = "".join(sorted(LETTERS | {c.upper() for c in LETTERS}))
    return re.compile(rf"(\d{{1,6}})([{re.escape(letters)}\-])(1|0|½|=|\+|-|1/2|0[.,]5|\?|\*)")


@lru_cache(maxsize=4096)
def _kind(text: str) -> str:
    return classify(text)


def _is_title(text: str) -> bool:
    return len(text) <= 3 and _kind(text) == "TITLE"


class _Memo(dict[_Key, _Value]):
    """A dictionary that computes a missing value with ``make`` (once per key)."""

    def __init__(self, make: Callable[[_Key], _Value]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _Key) -> _Value:
        value = self[key] = self.make(key)
        return value


#: ``12w1`` read without a regular expression: the colour letter (as the table writes it) and a
#: one-character result, as :func:`~.cells.swiss_cell` reads them.
_LETTERS = {**{c: c for c in LETTERS}, **{c.upper(): c for c in LETTERS}, "-": None}
_RESULT_CHAR = {c: _CR_RESULT[c] for c in "10½=+-?*"}
#: The colour letters and results of such a cell, for :class:`~.cellbytes.CellBytes`.
_LETTER_CHARS, _RESULT_CHARS = "".join(_LETTERS), "".join(_RESULT_CHAR)
#: What a text that is no cell reads as, in the cache of cells.
_NO_CELL: tuple[()] = ()


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


# What an item of the columns before the rounds is to a role (see Layout.classes).
_FITS, _SKIP, _SLOW = 0, 1, 2


class Plan(NamedTuple):
    """Which of a row's items before its cells (numbered from 0, after its own number) are its
    second number, title, rating and federation, and where its name is (``name_from`` to
    ``name_to``); -1 for a column the row has not."""

    sno: int
    title: int
    rating: int
    fed: int
    name_from: int
    name_to: int


def cell_bytes(texts: list[str]) -> CellBytes:
    """The cell texts ``texts`` as fixed-width bytes, those not of the form ``12w1`` (what
    :class:`_Cells` reads directly) listed as odd."""
    return CellBytes(texts, _LETTER_CHARS, _RESULT_CHARS)


class Block:
    """Regular rows read column-wise: row ``j`` of every column is the row of ``texts[j]``.

    ``cells`` holds the round cells' texts, ``rounds`` per row, and ``decoded`` what each reads
    as (as :func:`~.cells.swiss_cell` reads it); ``tails`` one column per declared column after
    the rounds.  ``starts[j]`` is where row ``j``'s cells start among its items after its number
    (what :class:`~.swiss.SwissReader` calls ``s``).  ``cut``: ``cells`` as fixed-width bytes
    (:func:`cell_bytes`; None: not made yet)."""

    __slots__ = ("rounds", "lines", "texts", "idents", "snos", "names", "titles", "ratings", "feds", "cells",
                 "tails", "starts", "decoded", "cut")

    def __init__(self, rounds: int, lines: list[int], texts: list[str], idents: list[str], snos: list[str | None],
                 names: list[str], titles: list[str], ratings: list[int | None], feds: list[str], cells: list[str],
                 tails: list[list[str]], starts: list[int], decoded: Mapping[str, Cell | tuple[()]],
                 cut: CellBytes | None = None) -> None:
        self.rounds, self.lines, self.texts, self.idents, self.snos = rounds, lines, texts, idents, snos
        self.names, self.titles, self.ratings, self.feds = names, titles, ratings, feds
        self.cells, self.tails, self.starts, self.decoded, self.cut = cells, tails, starts, decoded, cut

    def __len__(self) -> int:
        return len(self.lines)

    def take(self, kept: Sequence[int]) -> Block:
        """The rows ``kept`` (in that order) as a block."""
        pick = _picker(kept)
        r = self.rounds
        cells = list(chain.from_iterable(self.cells[j * r:j * r + r] for j in kept))
        return Block(r, pick(self.lines), pick(self.texts), pick(self.idents), pick(self.snos), pick(self.names),
                     pick(self.titles), pick(self.ratings), pick(self.feds), cells, [pick(c) for c in self.tails],
                     pick(self.starts), self.decoded)

    def row_cells(self, j: int) -> list[Cell]:
        """Row ``j``'s round cells as :func:`~.cells.swiss_cell` reads them."""
        r = self.rounds
        return list(map(self.decoded.__getitem__, self.cells[j * r:j * r + r]))  # type: ignore[arg-type]

    def _cut(self) -> CellBytes:
        if self.cut is None:
            self.cut = cell_bytes(self.cells)
        return self.cut

    def colour_letters(self) -> set[str | None]:
        """The colour letters of the cells (as :func:`~.cells.swiss_cell` reads them; None for none)."""
        cut = self._cut()
        found: set[str | None] = {_LETTERS[x] for x in cut.letters_used()}
        for i in cut.odd:
            found.add(self.decoded[self.cells[i]][1])  # type: ignore[misc]
        return found

    def all_cells(self, letter_of: Mapping[str, str | None] | None) -> list[Cell]:
        """Every cell as read, its colour letter replaced by ``letter_of`` (when given)."""
        read: list[Cell] = list(map(self.decoded.__getitem__, self.cells))  # type: ignore[arg-type]
        if letter_of is not None:
            read = [(opp, None if colour is None else letter_of.get(colour), code) for opp, colour, code in read]
        return read

    def pack(self, letter_of: Mapping[str, str | None] | None, to_sr: Mapping[int | None, int]) -> PackedCells | None:
        """The cells packed, colour letters read by ``letter_of`` (when given) and opponents as
        start ranks by ``to_sr`` (its numbers from 1 up); None when an opponent is no row (then the
        cells are taken row by row)."""
        cut = self._cut()

        def colour_char(letter: str | None) -> str:
            if letter_of is not None and letter is not None:
                letter = letter_of.get(letter)
            return CHAR_OF_COLOUR.get(letter, "-")  # (no other letter is left when letter_of is None)

        opponents = _start_ranks(cut.numbers(), to_sr)  # odd cells: 0, no row
        if opponents.count(None) != len(cut.odd):  # a number that is no row
            return None
        colours = translated(cut.colour_column(), {x: colour_char(lower) for x, lower in _LETTERS.items()})
        codes = translated(cut.result_column(), _RESULT_CHAR)
        cells, decoded = self.cells, self.decoded
        for i in cut.odd:
            opp, colour, code = decoded[cells[i]]  # type: ignore[misc]
            if opp is not None:
                sr = opponents[i] = to_sr.get(opp)
                if sr is None:
                    return None
            colours[i] = ord(colour_char(colour))
            codes[i] = ord(code)
        return pack([self.rounds] * len(self), opponents, colours.decode("latin-1"), codes.decode("ascii"), None,
                    self.rounds, KIND_OF)

    def tail_toks(self, j: int) -> list[Tok]:
        """Row ``j``'s items after its cells as tokens with their columns."""
        return _tail_toks(self.texts[j], [c[j] for c in self.tails], self.lines[j])

    def tail_columns(self) -> list[list[int]]:
        """The 1-based column of every declared item after the cells, one list per tail column
        (what :meth:`tail_toks` gives, a column at a time)."""
        rest = list(map(str.rstrip, self.texts))
        out: list[list[int]] = []
        for n, items in enumerate(reversed(self.tails)):
            begins = [len(r) - len(item) for r, item in zip(rest, items)]
            out.append([b + 1 for b in begins])
            if n + 1 < len(self.tails):
                rest = [r[:b].rstrip() for r, b in zip(rest, begins)]
        out.reverse()
        return out

    def raw_player(self, j: int, row: object) -> RawPlayer:
        """Row ``j`` as :meth:`~.swiss.SwissReader._read_row` reads it (``row`` its row view)."""
        info: RowInfo = {"name": self.names[j], "title": self.titles[j], "rating": self.ratings[j],
                         "fed": self.feds[j], "sno": self.snos[j], "fide_id": "", "declared": [],
                         "tail": self.tail_toks(j)}
        return row, int(self.idents[j]), info, self.row_cells(j)  # type: ignore[return-value]


def _start_ranks(numbers: list[int], to_sr: Mapping[int | None, int]) -> list[int | None]:
    """The start rank of each of ``numbers`` by ``to_sr`` (None: no row has that number), through
    a list indexed by number when the numbers are not far beyond the rows'."""
    top = max(numbers, default=0)
    if top > 4 * len(to_sr) + 64:
        return list(map(to_sr.get, numbers))
    by_number: list[int | None] = [None] * (top + 1)
    for number, sr in to_sr.items():
        if number is not None and 0 < number <= top:
            by_number[number] = sr
    return _picker(numbers)(by_number)


def _picker(kept: Sequence[int]) -> Callable[[Sequence[_Value]], list[_Value]]:
    """A function giving the items ``kept`` of a sequence, as a list."""
    if not kept:
        return lambda column: []
    get = itemgetter(*kept)
    if len(kept) == 1:
        return lambda column: [get(column)]
    return lambda column: list(get(column))


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


class Layout:
    """What the header says about the rows, and the judgements of item texts made so far."""

    def __init__(self, before: list[Role], rounds: int, k: int) -> None:
        roles = before[1:]
        #: the header numbers the rows twice (rank, then start number): a leading number is the second
        self.numbered = bool(roles) and roles[0][0] in ("sno", "rank")
        #: the roles after the name, right to left, without and with that second number taken off
        self.after_name = _after_name(roles)
        self.after_name_numbered = _after_name(roles[1:]) if self.numbered else self.after_name
        self.rounds, self.k = rounds, k
        # (no memo here may hold a bound method: the layout would live in a reference cycle, kept
        # until a full collection, with every text it judged)
        self.cells = _Cells(self._cell)  # cell text -> what it reads as
        self.number: _Memo[str, bool] = _Memo(lambda text: parse_number(text) is not None)
        self.classes: _Memo[str, tuple[int, ...]] = _Memo(self._classes)
        self.ratings: _Memo[str, int | None] = _Memo(rating_value)
        self.plans: dict[tuple[tuple[int, ...], ...], Plan | None] = {}
        #: the fixed-width bytes of the cells of the one group read (see _assemble)
        self.cuts: list[CellBytes] = []

    @staticmethod
    def _weighted(words: set[str]) -> set[str]:
        """The items among ``words`` that count as a cell when the general path places a row's
        cells, or that split rows (:func:`_weighted_lines`): a row whose name holds one is read by the
        general path.  One pass of the pattern over all of them, one a line."""
        found = {m.group() for m in _weighted_lines().finditer("\n".join(words))}
        if "0" in words:
            found.add("0")
        return found

    @staticmethod
    def _cell(text: str) -> Cell | None:
        """The cell ``text`` reads as (as :func:`~.cells.swiss_cell` reads it), None when it is no cell."""
        m = _chess_results_cell().fullmatch(text)
        if m is not None:
            letter = m.group(2).lower()
            return int(m.group(1)), None if letter == "-" else letter, _CR_RESULT[m.group(3)]
        kind = _kind(text)
        if kind in _STRONG_SWISS or kind in _WEAK_SWISS or (kind == "INT" and text == "0"):
            return swiss_cell(kind, text)
        return None

    @staticmethod
    def _classes(item: str) -> tuple[int, ...]:
        """What ``item`` is to :func:`~.columns.prefix` (with a header, blank-separated):
        ``(second number, leading title, title, rating, federation)``, each ``_FITS``, ``_SKIP``
        (it does not fit, and it is no other column's) or ``_SLOW`` (whether it is that column's
        depends on where it stands in the line: the general path decides)."""
        if len(item) > 6 and not item.isdigit():
            return _NOTHING  # too long for a title, a federation or a heading's item; no number
        digits = item.isdigit()
        sno = (_FITS if item.isascii() and len(item) <= 50 else _SLOW) if digits else _SKIP
        lead = _FITS if len(item) <= 3 and _is_title(item) else _SKIP
        short = len(item) <= 6  # an item this short may stand under its heading (columns._under)
        title = _FITS if _is_title(item) or item in _TRF_TITLES or item.upper() in _TITLES else \
            _SLOW if short else _SKIP
        if digits and not item.isascii():
            rating = _SLOW
        elif digits and len(item) <= 50 and 100 <= int(item) <= 3999:
            rating = _FITS
        else:
            rating = _SLOW if short and item[:1].isdecimal() else _SKIP
        fed = _FITS if len(item) == 3 and _kind(item) == "FED" else _SLOW if short else _SKIP
        return sno, lead, title, rating, fed

    def _plan(self, classes: tuple[tuple[int, ...], ...]) -> Plan | None:
        """Where the columns are in a row whose items before the cells have these classes (as
        :func:`~.columns.prefix` places them), or None when the general path must read it."""
        items = list(range(len(classes)))
        found = {"sno": -1, "title": -1, "rating": -1, "fed": -1}
        after_name = self.after_name
        if self.numbered and len(items) > 1 and classes[0][0] != _SKIP:
            if classes[0][0] == _SLOW:
                return None
            found["sno"] = items.pop(0)
            after_name = self.after_name_numbered
        if len(items) > 1 and classes[items[0]][1] == _FITS:
            found["title"] = items.pop(0)
        for role in after_name:
            if len(items) <= 1:
                break
            judged = classes[items[-1]][_ROLE_AT[role]]
            if judged == _FITS:
                found[role] = items.pop()
            elif judged == _SLOW:
                return None
        if len(items) > 1 and found["title"] < 0 and classes[items[0]][1] == _FITS:
            found["title"] = items.pop(0)
        return Plan(found["sno"], found["title"], found["rating"], found["fed"], items[0], items[-1] + 1)

    def read(self, lines: list[int], texts: list[str]) -> tuple[list[int], Block]:
        """The regular rows among ``texts`` (lines ``lines``): their indices, and the rows as a block."""
        r, k = self.rounds, self.k
        parts = [t.split() for t in texts]
        joined = "".join(texts)
        if "\t" in joined or "|" in joined or ";" in joined:  # separated rows: the general path
            parts = [[] if "\t" in t or "|" in t or ";" in t else p for t, p in zip(texts, parts)]
        lengths = list(map(len, parts))
        groups: dict[int, list[int]] = {}
        if lengths and lengths.count(lengths[0]) == len(lengths):
            groups[lengths[0]] = list(range(len(lengths)))
        else:
            for i, n in enumerate(lengths):
                groups.setdefault(n, []).append(i)
        pieces = []
        for n, rows in groups.items():
            if n - k - r >= 2:
                if len(rows) < len(parts):
                    group = [parts[i] for i in rows]
                    for i in rows:
                        parts[i] = []
                else:
                    group = parts
                piece = self._group(group, n, rows)  # empties group: its items live on in the columns
                if piece is not None:
                    pieces.append(piece)
        found = sorted(chain.from_iterable(p[0] for p in pieces))
        return found, self._assemble(pieces, found, lines, texts)

    def _group(self, parts: list[list[str]], n: int, rows: list[int]) -> tuple[list[int], list[list[Any]]] | None:
        """Rows of ``n`` items: the regular ones (their indices) and their columns
        ``[idents, snos, names, titles, ratings, feds, cells flat, *tails]``."""
        r, k = self.rounds, self.k
        start = n - k - r
        cols = list(zip(*parts))
        parts.clear()  # the rows' lists (the items live on in the columns)
        slow: set[int] = set()
        idents = cols[0]
        joined = "".join(idents)
        if not (joined.isascii() and joined.isdigit() and max(map(len, idents)) <= 50):
            _mark(idents, lambda x: x.isascii() and x.isdigit() and len(x) <= 50, slow)
        if "1" in idents:  # "1 2 ..." may be a header to the general path: the lexed line decides
            slow.update(j for j, (a, b) in enumerate(zip(idents, cols[1])) if a == "1" and b == "2")
        flat = list(chain.from_iterable(zip(*cols[start:start + r])))
        cut = cell_bytes(flat)
        cells = self.cells
        bad = {text for text in set(map(flat.__getitem__, cut.odd)) if not cells[text]}
        if bad:
            slow.update(j // r for j in cut.odd if flat[j] in bad)
        for col in cols[start + r:]:
            _mark(col, self.number.__getitem__, slow)
        words = set().union(*cols[1:start])
        weighted = self._weighted({w for w in words if _maybe_weighted(w)})
        if weighted:
            for col in cols[1:start]:
                slow.update(j for j, v in enumerate(col) if v in weighted)
        before = cols[1:start]
        classes = self.classes
        keys = list(zip(*(map(classes.__getitem__, col) for col in before)))
        plans = self.plans
        distinct = set(keys)
        for key in distinct.difference(plans):
            plans[key] = self._plan(key)
        if len(distinct) == 1:
            plan = plans[keys[0]]
            if plan is None:
                return None
            by_plan = {plan: [j for j in range(len(keys)) if j not in slow] if slow else list(range(len(keys)))}
        else:
            by_plan = {}
            for j, key in enumerate(keys):
                plan = plans[key]
                if plan is not None and j not in slow:
                    by_plan.setdefault(plan, []).append(j)
        out_rows: list[int] = []
        columns: list[list[Any]] = [[] for _ in range(_TAILS + k)]
        for plan, kept in by_plan.items():
            if not kept:
                continue
            whole = len(kept) == len(keys)
            sub = cols if whole else [_picker(kept)(c) for c in cols]
            m = len(kept)
            out_rows += [rows[j] for j in kept]
            columns[_IDENTS] += sub[0]
            columns[_SNOS] += sub[1 + plan.sno] if plan.sno >= 0 else repeat(None, m)
            names = sub[1 + plan.name_from] if plan.name_to - plan.name_from == 1 else \
                map(" ".join, zip(*sub[1 + plan.name_from:1 + plan.name_to]))
            columns[_NAMES] += ["" if x == "?" else x for x in names]
            columns[_TITLES_AT] += sub[1 + plan.title] if plan.title >= 0 else repeat("", m)
            columns[_RATINGS] += map(self.ratings.__getitem__, sub[1 + plan.rating]) if plan.rating >= 0 else \
                repeat(None, m)
            columns[_FEDS] += sub[1 + plan.fed] if plan.fed >= 0 else repeat("", m)
            columns[_CELLS] += flat if whole else chain.from_iterable(flat[j * r:j * r + r] for j in kept)
            for t in range(k):
                columns[_TAILS + t] += sub[start + r + t]
        if not out_rows:
            return None
        if len(out_rows) == len(keys):
            self.cuts.append(cut)
        columns.append([start - 1] * len(out_rows))
        return out_rows, columns

    def _assemble(self, pieces: list[tuple[list[int], list[list[Any]]]], found: list[int], lines: list[int],
                  texts: list[str]) -> Block:
        """One block of the groups' rows, in the order of the text."""
        r, k = self.rounds, self.k
        if len(pieces) == 1:
            rows, cols = pieces[0]
        else:
            rows = list(chain.from_iterable(p[0] for p in pieces))
            cols = [list(chain.from_iterable(p[1][c] for p in pieces)) for c in range(_TAILS + k + 1)]
        if rows != found:  # put the rows back in the order of the text
            where = {i: at for at, i in enumerate(rows)}
            order = [where[i] for i in found]
            pick = _picker(order)
            cols = [list(chain.from_iterable(c[j * r:j * r + r] for j in order)) if at == _CELLS else pick(c)
                    for at, c in enumerate(cols)]
        pick = _picker(found)
        c = [list(column) for column in cols]
        # one group whose every row was read: its cells' bytes are the block's
        exact = len(pieces) == 1 and len(found) == len(texts) and len(self.cuts) == 1
        return Block(r, pick(lines), pick(texts), c[_IDENTS], c[_SNOS], c[_NAMES], c[_TITLES_AT], c[_RATINGS],
                     c[_FEDS], c[_CELLS], c[_TAILS:-1], c[-1], self.cells, self.cuts[0] if exact else None)


_ROLE_AT = {"title": 2, "rating": 3, "fed": 4}
#: The classes of an item that is no column's (a word of a name).
_NOTHING = (_SKIP, _SKIP, _SKIP, _SKIP, _SKIP)
# The columns of a group as Layout._group gives them (the Block's fields in order), then the
# declared columns after the rounds, then where the cells start.
_IDENTS, _SNOS, _NAMES, _TITLES_AT, _RATINGS, _FEDS, _CELLS, _TAILS = range(8)
#: First characters of the items _weighted_lines matches, except bye words and digits
_WEIGHTED_FIRST = frozenset("-–—+=:?½xX*×■█.·WLDXFBHUFZ")


def _maybe_weighted(word: str) -> bool:
    """False when ``word`` surely is no item of :func:`_weighted_lines` (a cheap test on its form: every
    such item is at most two characters long, a bye word (letters only), or starts with a digit or
    one of :data:`_WEIGHTED_FIRST`)."""
    return len(word) <= 2 or word[0].isdigit() or word[0] in _WEIGHTED_FIRST or word.isalpha()


def _mark(values: Sequence[str], good: Callable[[str], object], slow: set[int]) -> None:
    """Add the positions of ``values`` whose text is not ``good`` to ``slow`` (each distinct text
    judged once)."""
    distinct = list(set(values))
    judged = list(map(good, distinct))
    if all(judged):
        return
    wrong = {text for text, ok in zip(distinct, judged) if not ok}
    slow.update(j for j, v in enumerate(values) if v in wrong)


def _after_name(roles: list[Role]) -> list[str]:
    """The roles after the name column, last first (as :func:`~.columns.prefix` tries them)."""
    names = [r[0] for r in roles]
    return list(reversed(names[names.index("name") + 1:])) if "name" in names else []


__all__ = ["Block", "Layout", "Plan"]
