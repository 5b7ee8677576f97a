"""The standings and crosstable as one self-contained HTML page (``report --format html``).

The page needs no network: the CSS (``report.css``) and a little JavaScript (``report.js``) are
inlined into ``report.html``, all package files.  It works without JavaScript (plain tables,
printable); with it, columns sort on click or Enter/Space, hovering or focusing a player
highlights their opponents, a tie-break value opens its explanation (the text of
``trfscore explain``), and a search box filters players.

The page is written compactly for events of 10,000 players: explanations of BH, FB, SB and PS
travel as number columns (:mod:`trfscore.tiebreaks.explain_columns`) the script turns into text
on demand; a game is a bare ``<td>12w1</td>`` cell whose class, title and link the script adds;
the tie-break values become buttons in the script; ``data-v`` sort keys only where the text is
not the exact number.  Every number is in the HTML, so the tables work without the script.

Untrusted input (names, header fields, tie-break codes from a 202 record) is escaped with
``html.escape(quote=True)`` wherever it lands in markup; data for the script is embedded as
``<script type="application/json">`` with ``< > &`` and U+2028/U+2029 written as ``\\uXXXX``
so no text can close the element.  No event handler attribute is ever generated, and a
Content-Security-Policy (hashes of the inline style and script, nothing else) stops any
script that escaping would have missed.
"""
from __future__ import annotations

from ..decimals import exact_decimal
from ..formats.limits import data_rounds
from ..model import Tournament
from ..tiebreaks import explain_columns
from . import crosstable as X
from .common import (
    RATING_HEADINGS,
    RATING_KEYS,
    RATING_TITLES,
    crosstable_cell,
    e,
    facts,
    html_facts,
    html_page,
    notes,
    present,
    rating_value,
    script_json,
    sort_heading,
    sort_value,
    tiebreak_name,
)
from .values import each_once, format_points, format_score, title_label

__all__ = ["e", "script_json", "render", "standings_table", "crosstable"]

#: The search box (shown by the script) and the live region that announces a new order.
CONTROLS = """<div class="controls" id="controls" hidden>
<label for="filter">Find a player</label>
<input id="filter" type="search" autocomplete="off" spellcheck="false" placeholder="name, federation or number">
<span id="status" class="status" role="status" aria-live="polite"></span>
</div>"""
HINT = ("Click a column heading to sort. Hover or focus a player to highlight their opponents. "
        "Click a tie-break value to see how it is made.")


# -- standings --------------------------------------------------------------------------------
def _number_cell(text: str, value) -> str:
    """A number's cell; ``data-v`` (the sort key) only when the text is not the exact value."""
    if value is None:
        return "<td></td>"
    if exact_decimal(value) is not None:
        return f"<td>{e(text)}</td>"
    return f'<td data-v="{sort_value(value)}">{e(text)}</td>'


def standings_table(t: Tournament, standings, ratings: dict | None, names: list[str] | None = None) -> str:
    """The standings, one row per player, written compactly: plain cells (``data-v`` only where
    the text is not the number sorted by), the tie-break values made buttons by the script."""
    codes = list(standings.tiebreaks)
    show = present(standings)
    head = [sort_heading("Rk", first="ascending", title="rank", sort="ascending"),
            sort_heading("SNo", first="ascending", title="start number")]
    if show["Ti"]:
        head.append(sort_heading("Ti", type_="text", first="ascending", title="title", cls="l"))
    head.append(sort_heading("Name", type_="text", first="ascending", cls="l name"))
    if show["FED"]:
        head.append(sort_heading("FED", type_="text", first="ascending", title="federation", cls="l"))
    if show["Rtg"]:
        head.append(sort_heading("Rtg", title="rating"))
    head.append(sort_heading("Pts", title="points"))
    head += [sort_heading(code, title=tiebreak_name(code), tiebreak=j) for j, code in enumerate(codes)]
    if ratings is not None:
        head += [sort_heading(RATING_HEADINGS[k], title=RATING_TITLES[k]) for k in RATING_KEYS]
    caption = ("Standings after round " if t.rounds else "Standings") + (str(t.rounds) if t.rounds else "")
    caption += f" · tie-breaks in order: {', '.join(codes)}" if codes else " · no tie-breaks"
    table = standings.columns()
    players, snos = table.players, table.start_ranks
    names = names if names is not None else escaped_names(table)
    columns = [[f'<td>{rank}</td>' if rank == rank_to else f'<td data-v="{rank}">{rank}-{rank_to}</td>'
                for rank, rank_to in zip(table.ranks, table.ranks_to)],
               [f"<td>{sno}</td>" for sno in snos]]
    if show["Ti"]:
        columns.append([f'<td class="l ti">{e(title_label(p.title))}</td>' for p in players])
    columns.append([f'<th scope="row" class="name"><a href="#x{sno}">{name}</a></th>' for sno, name in zip(snos, names)])
    if show["FED"]:
        columns.append([f'<td class="l fed">{e(p.federation)}</td>' for p in players])
    if show["Rtg"]:
        columns.append(["<td></td>" if p.rating is None else f"<td>{p.rating}</td>" for p in players])
    columns.append(each_once(lambda v: f'<td class="pts">{format_points(v)}</td>', table.points))
    columns += [each_once(lambda v: _number_cell(format_score(v), v), values) for values in table.values]
    if ratings is not None:
        entries = [ratings.get(sno) for sno in snos]
        columns += [[f'<td data-v="{sort_value(entry.get(k) if entry else None)}">'
                     f'{e(rating_value(entry, k, signed=True))}</td>' for entry in entries] for k in RATING_KEYS]
    rows = map("".join, zip(*columns))
    body = [f'<tr id="s{sno}" data-sno="{sno}">{cells}</tr>' for sno, cells in zip(snos, rows)]
    return "\n".join([f'<table class="standings sortable" id="standings-table"><caption>{e(caption)}</caption>',
                      "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>", *body, "</tbody></table>"])


def escaped_names(table) -> list[str]:
    """The players' names for a table cell, in the order of the standings columns."""
    return [e(p.name) or "(no name)" for p in table.players]


# -- crosstable -------------------------------------------------------------------------------
def _swiss_cells(t: Tournament, standings) -> list[str]:
    """Per standings row, its round cells: a game against a listed player as a bare
    ``<td>12w1</td>`` (the script adds its colour class, title and link), any other cell whole."""
    rows = X.swiss_cells(t, standings)
    texts = [cell for row in rows for cell in row if isinstance(cell, str)]
    unsafe = any(ch in "".join(texts) for ch in "<>&\"'")  # labels are digits, w/b and results
    out = []
    for row in rows:
        if not unsafe and all(isinstance(c, str) for c in row):
            out.append("<td>" + "</td><td>".join(row) + "</td>" if row else "")  # type: ignore[arg-type]
        else:
            out.append("".join(f"<td>{e(c)}</td>" if isinstance(c, str) else crosstable_cell(c) for c in row))
    return out


def crosstable(t: Tournament, standings, names: list[str] | None = None) -> tuple[str, str]:
    """The crosstable table and its legend."""
    grid = X.is_grid(t, standings)
    if grid:
        n = len(standings.rows)
        grid_names = [row.player.name for row in standings.rows]
        head = ['<th scope="col">No.</th>', '<th scope="col"><abbr title="start number">SNo</abbr></th>',
                '<th scope="col" class="l name">Name</th>']
        snos = [row.start_rank for row in standings.rows]
        head += [f'<th scope="col" class="n" data-col="{snos[i - 1]}"><abbr title="{e(grid_names[i - 1])}">{i}</abbr></th>'
                 for i in range(1, n + 1)]
        legend = X.GRID_LEGEND
    else:
        rounds = data_rounds(t)
        head = ['<th scope="col">No.</th>', '<th scope="col"><abbr title="start number">SNo</abbr></th>',
                '<th scope="col" class="l name">Name</th>']
        head += [f'<th scope="col" class="c"><abbr title="round {r}">R{r}</abbr></th>' for r in range(1, rounds + 1)]
        legend = X.LEGEND
    head.append('<th scope="col"><abbr title="points">Pts</abbr></th>')
    kind = "grid" if grid else "rounds"
    caption = ("Crosstable (round robin): rows and columns in final order"
               if grid else "Crosstable: one cell per round (opponent's No., colour, result)")
    out = [f'<table class="xt {kind}" id="crosstable-table"><caption>{e(caption)}</caption>',
           "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>"]
    table = standings.columns()
    names = names if names is not None else escaped_names(table)
    points = each_once(format_points, table.points)
    if grid:
        body = [_grid_cells(cells) for cells in X.grid_rows(t, standings)]
    else:
        body = _swiss_cells(t, standings)
    for i, (sno, name, cells, pts) in enumerate(zip(table.start_ranks, names, body, points), 1):
        out.append(f'<tr id="x{sno}" data-sno="{sno}"><td>{i}</td><td>{sno}</td>'
                   f'<th scope="row" class="name"><a href="#s{sno}">{name}</a></th>{cells}<td class="pts">{pts}</td></tr>')
    out.append("</tbody></table>")
    return "\n".join(out), legend


def _grid_cells(cells) -> str:
    parts = []
    for item in cells:
        if item is None:
            parts.append('<td class="self" aria-label="same player">×</td>')
        elif not item:
            parts.append("<td></td>")
        else:
            cls = item[0].css if len(item) == 1 else ("ff" if any("ff" in c.css for c in item) else "")
            res = " ".join(c.result for c in item)
            title = "; ".join(c.title for c in item)
            parts.append(f'<td class="{e(cls)}" title="{e(title)}">{e(res)}</td>')
    return "".join(parts)


# -- page -------------------------------------------------------------------------------------
def _facts(t: Tournament, standings, ratings: dict | None) -> str:
    extra = [("Ratings", "rating changes shown (Ro, We, W, K/E, Rn, +/-)")] if ratings is not None else []
    extra += [("Note", note) for note in notes(standings)]
    return html_facts(facts(t), list(standings.tiebreaks), standings.rules, standings.system, extra)


def _explanations(standings) -> tuple[dict | None, dict[str, list[str | None]]]:
    """The explanations for the page: the columns of the tie-breaks they cover
    (:mod:`trfscore.tiebreaks.explain_columns`, written out by the page's script), and the text
    of every other tie-break's value per player (start rank -> one text or None per code)."""
    codes = list(standings.tiebreaks)
    columns = None
    eng, specs = getattr(standings, "_engine", None), getattr(standings, "_specs", None)
    if eng is not None and specs and all(c in specs for c in codes):
        try:
            columns = explain_columns.columns(eng, [specs[c] for c in codes])
        except Exception:  # an explanation is a help, never a reason to fail the report
            columns = None
    covered = [columns is not None and columns["tiebreaks"][j] is not None for j in range(len(codes))]
    out: dict[str, list[str | None]] = {}
    explain = getattr(standings, "explain", None)
    if explain is None or all(covered):
        return columns, out
    for row in standings.rows:
        texts: list[str | None] = []
        for code, done in zip(codes, covered):
            text = None
            if not done and row.tiebreaks.get(code) is not None:
                try:
                    text = str(explain(row.start_rank, code))
                except Exception:  # an explanation is a help, never a reason to fail the report
                    text = None
            texts.append(text)
        out[str(row.start_rank)] = texts
    return columns, out


def render(t: Tournament, standings, *, ratings: dict | None = None) -> str:
    """The whole page as a string (UTF-8 when written)."""
    codes = [str(c) for c in standings.tiebreaks]
    columns, texts = _explanations(standings)
    grid = X.is_grid(t, standings)
    data = {"codes": codes, "names": [tiebreak_name(c) for c in codes], "explain": texts, "columns": columns,
            # a Swiss crosstable's bare cells: the class and description of each result (the script
            # reads a player's opponents from them); a round-robin grid names them here
            "cells": {X.RESULT[k]: [X.CSS[k], X.DESCRIBE[k]] for k in X.RESULT},
            "opponents": ({str(row.start_rank): X.opponents(row.player) for row in standings.rows}
                          if grid else {})}
    names = escaped_names(standings.columns())
    table, legend = crosstable(t, standings, names)
    name = t.header.name.strip() or (t.source.path or "Tournament")
    return html_page(title=f"{name} – standings", heading=name, facts=_facts(t, standings, ratings),
                     controls=CONTROLS, hint=HINT, standings=standings_table(t, standings, ratings, names), legend=legend,
                     crosstable=table, data=data,
                     footer=f"Tie-breaks: FIDE Handbook C.07 ({standings.rules}).")
