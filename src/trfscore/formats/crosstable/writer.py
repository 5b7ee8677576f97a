"""Plain-text and Markdown crosstables: writing.

A round-robin (the file says so, or every pair of players met once or twice and nobody had a
bye) is written as the grid: one row per player, one column per opponent, ``X`` on the
diagonal, cells ``1 0 ½ + -`` (two symbols per cell in a double round-robin) and ``.`` for a
game not played.  Anything else is written in the Swiss cell notation: ``12w1`` / ``3b½``
(opponent's number, colour, result; chess-results), ``5w+`` / ``5b-`` for forfeits, ``4w?`` for
an unknown result, ``4w*`` for a game paired whose result is still to come, ``W12``
``D12`` ``L12`` / ``X12`` ``F12`` (US Chess) when the colour is not known, ``FPB HPB PAB ZPB``
for byes and ``.`` (text) or an empty cell (Markdown) for a round without a game.  A bye or
not-scheduled cell that names an opponent (a defect, TRF405) is written as the bye or the round
without a game: its points stay, its opponent is lost (:mod:`..losses`, CNV009).

Player numbers are start ranks in the Swiss notation and grid positions 1..n (start-rank
order) in a grid.  The points column holds the points the results give under the tournament's
scoring; declared tie-break columns the model carries (``extras["declared"]``) and any
``tiebreaks`` passed in are added after it.  :mod:`.crosstable` reads every table written here
back to the same players and results.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...decimals import format_value
from ...model import Game, Kind, Player, Tournament
from ...safetext import neutralise
from ..limits import data_rounds
from ..markdown_text import escape

_SYMBOL = {"1": "1", "W": "1", "0": "0", "L": "0", "=": "½", "D": "½", "+": "+", "-": "-"}
_BYE_CELL = {Kind.FULL_BYE: "FPB", Kind.HALF_BYE: "HPB", Kind.PAB: "PAB", Kind.ZERO_BYE: "ZPB"}
#: A column after the points: its heading and its value per start rank (as the model or the caller gives it).
Column = tuple[str, dict[int, object]]


def grid_shape(t: Tournament) -> int:
    """1 or 2 (games per pair) when ``t`` is written as a grid; 0 for the Swiss notation (also for
    a round robin with a game paired but not yet played: a grid has no rounds and no mark for it,
    while the Swiss notation keeps it, ``4w*``)."""
    if t.is_round_robin is False:
        return 0
    meetings: Counter[frozenset[int]] = Counter()
    for p in t.players:
        for g in p.games:
            if g.kind in Kind.BYES or (g.kind == Kind.ABSENT and g.opponent is not None):
                return 0
            if g.opponent is not None:
                if t.player(g.opponent) is None or g.opponent == p.start_rank:
                    return 0
                meetings[frozenset((p.start_rank, g.opponent))] += 1
    counts = {v // 2 if v % 2 == 0 else -1 for v in meetings.values()}
    if not counts or -1 in counts or not counts <= {1, 2}:  # no games at all: no grid to write
        return 0
    if t.is_round_robin:
        return max(counts)
    n = len(t.players)
    if len(meetings) == n * (n - 1) // 2 and len(counts) == 1:
        return counts.pop()
    return 0


def _tb_columns(t: Tournament, tiebreaks: Mapping[str, Mapping[int, Any]] | None) -> list[Column]:
    columns: list[Column] = []
    declared = t.extras.get("declared") or {}
    labels = t.extras.get("declared_labels") or {}
    for code in dict.fromkeys(code for per in declared.values() for code in per):
        if tiebreaks and code in tiebreaks:
            continue
        values: dict[int, object] = {}
        for sr, per in declared.items():
            try:
                key = int(sr)
            except (TypeError, ValueError):
                continue
            if code in per:
                values[key] = per[code]
        columns.append((_label(labels.get(code, code)), values))
    return columns + [(_label(code), {int(k): v for k, v in given.items()}) for code, given in (tiebreaks or {}).items()]


def _label(text: str) -> str:
    text = str(text).replace("|", "/").strip()
    return "".join(text.split()) or "TB"


def _text(value: str, markdown: bool) -> str:
    """A name, title, federation or heading on one line, without the reader's separators (``|``
    as ``/``; in plain text ``;`` as ``,``); in Markdown escaped (:mod:`.markdown_text`, undone by
    the reader), so no text makes HTML, links or emphasis; unsafe characters are neutralised
    (:func:`trfscore.safetext.neutralise`)."""
    text = " ".join(neutralise(value).split()).replace("|", "/")
    return escape(text) if markdown else text.replace(";", ",")


def write(t: Tournament, *, style: str = "text", tiebreaks: Mapping[str, Mapping[int, Any]] | None = None) -> str:
    """The crosstable of ``t`` as plain text (``style="text"``) or a Markdown table (``"markdown"``).

    ``tiebreaks`` maps a column heading (``"SB"``) to values per start rank, printed after the
    points.
    """
    markdown = style in ("markdown", "md")
    players = sorted(t.players, key=lambda p: p.start_rank)
    shape = grid_shape(t)
    rounds = data_rounds(t)
    columns = _tb_columns(t, tiebreaks)
    has_title = any(p.title for p in players)
    has_rating = any(p.rating for p in players)
    has_fed = any(p.federation for p in players)
    head = ["No", "Name"] + (["Title"] if has_title else []) + (["Rtg"] if has_rating else []) + (
        ["Fed"] if has_fed else [])
    rows: list[list[str]] = []
    if shape:
        position = {p.start_rank: i for i, p in enumerate(players, 1)}
        head += [str(i) for i in range(1, len(players) + 1)]
    else:
        head += [f"{r}.Rd" for r in range(1, rounds + 1)]
    head += ["Pts"] + [_text(label, markdown) for label, _ in columns]
    for i, p in enumerate(players, 1):
        row = [str(i if shape else p.start_rank), _text(p.name, markdown) or "?"]
        if has_title:
            row.append(_text(p.title, markdown))
        if has_rating:
            row.append(str(p.rating) if p.rating else "")
        if has_fed:
            row.append(_text(p.federation, markdown))
        if shape:
            row += _grid_cells(p, players, position, shape, markdown)
        else:
            row += [_swiss_cell(p.game(r), markdown) for r in range(1, rounds + 1)]
        row.append(format_value(t.score(p), half_glyph=True))
        rows.append(row + [format_value(values.get(p.start_rank)) for _, values in columns])
    out: list[str] = []
    if t.header.name:
        out += [("## " if markdown else "") + _text(t.header.name, markdown), ""]
    if markdown:
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "|".join(":---" if h == "Name" else "---:" for h in head) + "|")
        out.extend("| " + " | ".join(row) + " |" for row in rows)
    else:
        widths = [max(len(h), *(len(r[k]) for r in rows)) if rows else len(h) for k, h in enumerate(head)]
        left = {1}
        for table_row in [head] + rows:
            cells = [c.ljust(w) if k in left else c.rjust(w) for k, (c, w) in enumerate(zip(table_row, widths))]
            out.append("  ".join(cells).rstrip())
    return "\n".join(out) + "\n"


def _grid_cells(p: Player, players: list[Player], position: dict[int, int], shape: int, markdown: bool) -> list[str]:
    by_opponent: dict[int, list[str]] = {}
    for g in p.games:
        if g.opponent is not None:
            by_opponent.setdefault(g.opponent, []).append(_SYMBOL.get(g.code, "?" if g.kind == Kind.UNKNOWN else "."))
    cells = []
    for q in players:
        if q.start_rank == p.start_rank:
            cells.append("X" if shape == 1 else "XX")
            continue
        symbols = by_opponent.get(q.start_rank, [])
        if shape == 1:
            cells.append(symbols[0] if symbols else ("" if markdown else "."))
        else:
            symbols = (symbols + [".", "."])[:2]
            cells.append("".join(symbols) if symbols != [".", "."] or not markdown else "")
    return cells


def _swiss_cell(g: Game, markdown: bool) -> str:
    if g.opponent is not None and g.kind not in Kind.NO_GAME:  # a bye naming an opponent is the bye
        code, colour, opp = g.code, g.colour, g.opponent
        if g.kind == Kind.UNKNOWN:
            return f"{opp}{colour or '-'}?"
        if g.kind == Kind.ABSENT:  # paired, the result still to come: read back as that, never scored
            return f"{opp}{colour or '-'}*"
        if g.kind in Kind.FORFEITS:
            return f"{opp}{colour}{code}" if colour else f"{'X' if code == '+' else 'F'}{opp}"
        symbol = _SYMBOL.get(code) or {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0"}.get(g.kind, "?")
        return f"{opp}{colour}{symbol}" if colour else {"1": "W", "½": "D", "0": "L"}.get(symbol, "?") + str(opp)
    return _BYE_CELL.get(g.kind) or ("?" if g.kind == Kind.UNKNOWN else "" if markdown else ".")
