"""Crosstable cells shared by the Markdown and HTML reports: one home for how a round looks.

Rows follow the standings order and are numbered 1..N (``No.``); every opponent reference in a
crosstable uses that number, as printed crosstables do, and links carry the start rank too.

* Round robins (at most :data:`GRID_LIMIT` players, every pair meeting at most twice) get the
  classic grid: one column per opponent, ``×`` on the diagonal, results ``1 ½ 0`` and forfeits
  ``+ -``; a double round robin shows both results in the cell.
* Everything else gets one cell per round: opponent number, colour letter (``w``/``b``) and the
  result (``12w1``, ``7b½``, ``3w+`` for a forfeit win), byes as ``PAB 1`` (pairing-allocated),
  ``bye 1`` / ``bye ½`` / ``bye 0`` (requested full, half, zero-point byes), ``–`` when absent.
* A game played but not rated (TRF ``W``/``D``/``L``: less than one move, FIDE B.02 8.3.1) keeps
  a mark after its result (``12w1(nr)``), explained in the legend of a table that has one; a
  table without such a game prints as before.

This module knows nothing of HTML or Markdown; it hands out :class:`Cell` values.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from typing import TYPE_CHECKING, Any, cast

from ..cells import Columns, columns, positions_of
from ..decimals import format_value
from ..formats.limits import data_rounds
from ..model import COLOUR_OF_CODE, Game, Kind, Tournament

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..standings import Standings

GRID_LIMIT = 40

#: The label of a round the player is absent from (and of a round past the player's last).
ABSENT_LABEL = "–"
RESULT = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
          Kind.UNKNOWN: "?"}
DESCRIBE = {Kind.WIN: "win", Kind.DRAW: "draw", Kind.LOSS: "loss", Kind.FORFEIT_WIN: "forfeit win",
            Kind.FORFEIT_LOSS: "forfeit loss", Kind.FULL_BYE: "full-point bye (requested)",
            Kind.HALF_BYE: "half-point bye (requested)", Kind.PAB: "pairing-allocated bye",
            Kind.ZERO_BYE: "zero-point bye", Kind.ABSENT: "absent", Kind.NOT_SCHEDULED: "not scheduled",
            Kind.UNKNOWN: "result unknown"}
CSS = {Kind.WIN: "win", Kind.DRAW: "draw", Kind.LOSS: "loss", Kind.FORFEIT_WIN: "ff ffw",
       Kind.FORFEIT_LOSS: "ff ffl", Kind.FULL_BYE: "bye", Kind.HALF_BYE: "bye", Kind.PAB: "bye pab",
       Kind.ZERO_BYE: "bye", Kind.ABSENT: "abs", Kind.NOT_SCHEDULED: "abs", Kind.UNKNOWN: "unk"}
LEGEND = ("Cells: opponent's No. in this table, colour (w = white, b = black) and result "
          "(1 win, ½ draw, 0 loss; + and - forfeit win and loss, not played). "
          "PAB = pairing-allocated bye; bye 1 / bye ½ / bye 0 = requested full-, half- or zero-point bye; "
          f"{ABSENT_LABEL} = absent.")
GRID_LEGEND = ("Rows and columns in final order; results 1 win, ½ draw, 0 loss; + and - forfeit win and loss "
               "(not played); × the player's own cell.")
#: After the result of a game played but not rated (TRF W/D/L).
NOT_RATED_MARK = "(nr)"
NOT_RATED_CODES = frozenset("WDL")
NOT_RATED_LEGEND = f" {NOT_RATED_MARK} after a result = played but not rated (less than one move)."


def not_rated(kind: str, code: str) -> bool:
    """Whether a cell is a game played but not rated (TRF ``W``/``D``/``L``)."""
    return code in NOT_RATED_CODES and kind in Kind.PLAYED


def result_text(kind: str, code: str) -> str:
    """A game's result as a cell prints it: :data:`RESULT`, marked when not rated."""
    text = RESULT.get(kind, "")
    return text + NOT_RATED_MARK if not_rated(kind, code) else text


def has_not_rated(t: Tournament) -> bool:
    """Whether any player of ``t`` has a game played but not rated (its cells carry the mark)."""
    # (a quick look at the codes first: most files have none)
    return any(not NOT_RATED_CODES.isdisjoint(codes := p.codes()) and any(map(not_rated, p.kinds(), codes))
               for p in t.players)


def legend(t: Tournament, grid: bool = False) -> str:
    """The crosstable's legend (:data:`GRID_LEGEND` or :data:`LEGEND`), with the not-rated mark
    explained when a cell carries it."""
    text = GRID_LEGEND if grid else LEGEND
    return text + NOT_RATED_LEGEND if has_not_rated(t) else text


@dataclass(frozen=True)
class Cell:
    """One crosstable cell: what to print, how to describe it and which player it points to."""

    kind: str
    opponent: int | None  # opponent's start rank
    number: int | None  # opponent's No. (position in the standings order)
    colour: str | None
    result: str  # "1", "½", "0", "+", "-", "?" or the bye's points; :data:`NOT_RATED_MARK` after a not-rated game's
    round: int = 0
    not_rated: bool = False  # a game played but not rated (TRF W/D/L)

    @property
    def label(self) -> str:
        k = self.kind
        if k in Kind.BYES:
            return ("PAB " if k == Kind.PAB else "bye ") + self.result
        if k == Kind.ABSENT:
            return ABSENT_LABEL
        if k == Kind.NOT_SCHEDULED:
            return ""
        ref = "" if self.number is None else str(self.number)
        if self.opponent is not None and self.number is None:
            ref = f"#{self.opponent}"
        sep = self.colour or (" " if ref else "")
        return f"{ref}{sep}{self.result}"

    @property
    def prefix(self) -> str:
        """The opponent reference part of :attr:`label` (for linking it); empty for byes."""
        if self.opponent is None or self.kind in Kind.BYES:
            return ""
        return str(self.number) if self.number is not None else f"#{self.opponent}"

    @property
    def title(self) -> str:
        parts = [f"round {self.round}"] if self.round else []
        if self.colour:
            parts.append("white" if self.colour == "w" else "black")
        parts.append(DESCRIBE.get(self.kind, self.kind))
        if self.not_rated:
            parts.append("not rated")
        return ", ".join(parts)

    @property
    def css(self) -> str:
        return CSS.get(self.kind, "")


def _start_ranks(standings: Standings) -> list[int]:
    """The start ranks (team numbers) in the standings order."""
    return standings.columns().start_ranks if hasattr(standings, "columns") else [r.start_rank for r in standings.rows]


def numbers(standings: Standings) -> dict[int, int]:
    """Start rank -> No. (1-based position in the standings order)."""
    return {start_rank: i for i, start_rank in enumerate(_start_ranks(standings), 1)}


def _references(standings: Standings) -> dict[int, str]:
    """Start rank -> No. as text (:func:`numbers`)."""
    ranks = _start_ranks(standings)
    return dict(zip(ranks, map(str, range(1, len(ranks) + 1))))


def cell(t: Tournament, g: Game, number: dict[int, int]) -> Cell:
    if g.kind in Kind.BYES:
        result = format_value(t.scoring.points(g), half_glyph=True)
    else:
        result = result_text(g.kind, g.code)
    opp = g.opponent if g.kind not in Kind.BYES else None
    return Cell(g.kind, opp, number.get(opp) if opp is not None else None, g.colour, result, g.round,
                not_rated(g.kind, g.code))


def is_grid(t: Tournament, standings: Standings) -> bool:
    """A round robin small enough for a grid where each pair meets at most twice."""
    system = (standings.system or "").lower()  # BaseStandings.system
    rr = "round" in system or "robin" in system or "rr" == system
    if not rr and not system:
        rr = bool(t.is_round_robin)
    if not rr or not standings.rows or len(standings.rows) > GRID_LIMIT:
        return False
    return all(max(Counter(g.opponent for g in row.player.games if g.opponent is not None and g.kind not in Kind.BYES
                           ).values(), default=0) <= 2 for row in standings.rows)


def swiss_labels(t: Tournament, standings: Standings) -> list[list[str]]:
    """The :attr:`Cell.label` of each cell of the Swiss table (a :func:`cell` per round of each
    standings row), read from the round columns
    (:func:`~trfscore.cells.columns`) column-wise (:func:`_block_parts`), without making
    ``Game`` or ``Cell`` objects (a 10,000-player event has 130,000)."""
    cells, order = _table_cells(standings, data_rounds(t))
    labels = list(map("".join, zip(*_block_parts(t, cells, _references(standings), {}))))
    rows = list(map(labels.__getitem__, cells.rows()))
    return rows if order is None else list(map(rows.__getitem__, order))


def swiss_label_rows(t: Tournament, standings: Standings, sep: str, rounds: int | None = None) -> list[str]:
    """``[sep.join(labels) for labels in swiss_labels(t, standings)]``, written by one join over
    every cell's parts, without a string per cell.  ``rounds``: ``data_rounds(t)`` when known
    already."""
    n = data_rounds(t) if rounds is None else rounds
    cells, order = _table_cells(standings, n)
    parts = _block_parts(t, cells, _references(standings), {})
    rows = _block_rows(parts, sep, n)
    if rows is None:
        labels = list(map("".join, zip(*parts)))
        rows = [sep.join(labels[row]) for row in cells.rows()]
    return rows if order is None else list(map(rows.__getitem__, order))


def _table_cells(standings: Standings, n: int) -> tuple[Columns, list[int] | None]:
    """The cells of the table's players, ``n`` a player, and the standings order of their rows
    (None: the rows are in that order already)."""
    table = standings.columns()
    if table.order is not None and table.by_start_rank is not None:  # the cells in start-rank order
        return columns(table.by_start_rank, n), table.order
    return columns(table.players, n), None


def _block_rows(parts: tuple[list[str], list[str], list[str]], sep: str, n: int) -> list[str] | None:
    """Every row of a packed block (``n`` cells a row, each the concatenation of its three
    :func:`_block_parts`), its cells joined by ``sep``, written by one join over the whole block
    and cut at line breaks; None when a part or ``sep`` holds a line break (labels never do), so
    that the rows cannot be cut back, or when the rows have no cells (no round: nothing to count
    the rows by)."""
    if not n:
        return None
    size = len(parts[0])
    count = size // n
    if not count:
        return []
    pieces = (([sep] * 3 + [sep]) * (n - 1) + [sep] * 3 + ["\n"]) * count
    pieces[0::4], pieces[1::4], pieces[2::4] = parts
    pieces[-1] = ""
    rows = "".join(pieces).split("\n")
    return rows if len(rows) == count else None


def swiss_cells(t: Tournament, standings: Standings) -> list[list[str | Cell]]:
    """The Swiss table's cells with every game against a listed player given by its label alone
    (``12w1``: what the HTML page writes as a bare cell, its title and link added by the page's
    script) and any other cell as its :class:`Cell`.  Rows of such games only are joined
    column-wise, as in :func:`swiss_labels`."""
    number = numbers(standings)
    refs = {sno: str(i) for sno, i in number.items()}
    n = data_rounds(t)
    ref_of = cast("dict[int | None, str]", refs).get  # (None: no opponent; cast: dict keys are invariant)
    games = frozenset(RESULT)
    out: list[list[str | Cell]] = []
    for player in standings.columns().players:
        kinds, colours = player.kinds(), player.colours()
        numbers_ = list(map(ref_of, player.opponent_ranks()))
        if (len(kinds) >= n and None not in numbers_ and None not in colours and games.issuperset(kinds)
                and NOT_RATED_CODES.isdisjoint(player.codes())):  # a not-rated game's cell has its title
            texts = cast("list[str]", numbers_[:n]), cast("list[str]", colours[:n])  # (no None in them, as just seen)
            out.append(list(map("".join, zip(*texts, map(RESULT.__getitem__, kinds[:n])))))
            continue
        row: list[str | Cell] = []
        for r in range(1, n + 1):
            c = cell(t, player.game(r), number)
            row.append(c.label if c.kind in games and c.number is not None and not c.not_rated else c)
        out.append(row)
    return out


def _block_parts(t: Tournament, cells: Columns, numbers: dict[int, str],
                 byes: dict[tuple[str, str | None], str]) -> tuple[list[str], list[str], list[str]]:
    """Three parts of every cell, as three columns, whose concatenation is the cell's label: a
    game's No., colour letter and result, or another cell's whole label and two empty parts (a
    bye, an absence, a missing colour letter or an opponent without a No.).  ``numbers``: start
    rank -> No. as text."""
    refs: dict[int | None, str] = {None: ""}  # a game without an opponent: its colour and result alone
    refs.update(numbers.items())
    keys, kind_of = cells.keys, cells.kind_of_key
    results = {key: result_text(kind, cells.code(key)) for key, kind in kind_of.items()}
    other = set(_positions(cells.colours, "wb", False))
    try:
        texts = list(map(refs.__getitem__, cells.opponents))
    except KeyError:  # an opponent without a No.: labelled by _label
        texts = list(map(refs.get, cells.opponents, repeat("")))  # "": no No.
        other.update(positions_of(texts, ""))
    colours = list(cells.colours)
    scores = list(map(results.__getitem__, keys))
    not_games = "".join(key for key, kind in kind_of.items() if kind not in RESULT)
    if not_games:
        other.update(_positions(keys, not_games, True))
    for at in other:
        key = keys[at]
        texts[at] = _label(t, cells.opponents[at], kind_of[key], COLOUR_OF_CODE[cells.colours[at]], numbers, byes,
                           cells.code(key))
        colours[at] = scores[at] = ""
    return texts, colours, scores


def _positions(text: str, chars: str, among: bool) -> list[int]:
    """The positions in ``text`` of the characters in ``chars`` (``among``) or not in them:
    for latin-1 text each character marked by one byte translation and the marks found by a
    literal search (a character-class search costs ~100 instructions a character)."""
    try:
        data = text.encode("latin-1")
        wanted = chars.encode("latin-1")
    except UnicodeEncodeError:
        pattern = f"[{'' if among else '^'}{re.escape(chars)}]"
        return [m.start() for m in re.finditer(pattern, text)]
    marks = bytearray(_NO_MARKS if among else _ALL_MARKED)
    for c in wanted:
        marks[c] = 1 if among else 0
    return [m.start() for m in _MARK.finditer(data.translate(marks))]


_NO_MARKS, _ALL_MARKED = bytes(256), bytes([1]) * 256
_MARK = re.compile(b"\x01")


def _label(t: Tournament, opponent: int | None, kind: str, colour: str | None, refs: dict[int, str],
           byes: dict[tuple[str, str | None], str], code: str = "") -> str:
    """:attr:`Cell.label` of one cell (any kind); ``byes`` remembers each kind and colour of bye."""
    if kind in Kind.BYES:  # a bye's points depend on its kind (and colour) only
        label = byes.get((kind, colour))
        if label is None:
            label = byes[kind, colour] = cell(t, Game(0, None, colour, "", kind), {}).label
        return label
    number = refs.get(opponent) if opponent is not None else None
    return Cell(kind, opponent, None if number is None else int(number), colour, result_text(kind, code)).label


def grid_rows(t: Tournament, standings: Standings) -> list[list[list[Cell] | None]]:
    """Per standings row, per column (standings order), the cells of the games between the two
    players in round order; None on the diagonal."""
    number = numbers(standings)
    order = [row.start_rank for row in standings.rows]
    out = []
    for row in standings.rows:
        by_opp: dict[int, list[Cell]] = {}
        for g in row.player.games:
            if g.opponent is not None and g.kind not in Kind.BYES:
                by_opp.setdefault(g.opponent, []).append(cell(t, g, number))
        out.append([None if sno == row.start_rank else by_opp.get(sno, []) for sno in order])
    return out


def paired(rounds: Iterable[Any]) -> list[int]:
    """The opponents of a run of rounds (anything with ``opponent`` and ``kind``: games, team
    rounds), byes left out, each once, in round order."""
    return list(dict.fromkeys(g.opponent for g in rounds if g.opponent is not None and g.kind not in Kind.BYES))
