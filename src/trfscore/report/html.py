"""The standings and crosstable as one self-contained HTML page (``report --format html``), of
players or of teams (``--teams``: the team facts and the team-vs-team crosstable; the standings
table is the same writer, its columns those of :mod:`.columns`).

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

from typing import TYPE_CHECKING, Any

from ..decimals import format_points, format_score
from ..formats.limits import data_rounds
from ..model import Tournament
from . import crosstable as X
from .columns import columns_of
from .common import (
    crosstable_cell,
    e,
    facts,
    html_facts,
    html_page,
    script_json,
    team_facts,
    tiebreak_name,
)
from .values import each_once

if TYPE_CHECKING:
    from ..standings import RankColumns, Standings
    from ..teams.standings import TeamStandings
    from .common import AnyStandings, RatingsByStart

__all__ = ["e", "script_json", "render", "standings_table", "crosstable"]

#: The search box (shown by the script) and the live region that announces a new order.
CONTROLS = """<div class="controls" id="controls" hidden>
<label for="filter">Find a player</label>
<input id="filter" type="search" autocomplete="off" spellcheck="false" placeholder="name, federation or number">
<span id="status" class="status" role="status" aria-live="polite"></span>
</div>"""
HINT = ("Click a column heading to sort. Hover or focus a player to highlight their opponents. "
        "Click a tie-break value to see how it is made.")
#: The team page: no search box (only the live region that announces a new order).
TEAM_CONTROLS = '<p id="status" class="vh" role="status" aria-live="polite"></p>'
TEAM_HINT = ("Click a column heading to sort. Hover or focus a team to highlight its opponents. "
             "Click a tie-break value to see how it is made.")


# -- standings --------------------------------------------------------------------------------
def standings_table(t: Tournament, standings: AnyStandings, ratings: RatingsByStart | None, names: list[str] | None = None) -> str:
    """The standings of players or teams, one row per entry, its columns those of
    :mod:`.columns`: plain cells (``data-v`` only where the text is not the number sorted by), the
    players' tie-break values made buttons by the script; optional columns nobody fills left out.
    ``names``: the players' names escaped, in rank order, if made already."""
    head, columns = [], []
    numbers: list[str] = []
    for c in columns_of(standings, ratings, names):
        if c.numbers_rows and c.csv is not None:
            numbers = c.csv()
        if c.html is None:
            continue
        if c.optional and c.shown is not None and not any(cell.strip() for cell in c.shown()):
            continue
        head.append(c.html_head)
        columns.append(c.html())
    codes = list(standings.tiebreaks)
    if standings.kind == "teams":
        caption = f"Team standings after round {standings.rounds}" if standings.rounds else "Team standings"
    else:
        caption = ("Standings after round " if t.rounds else "Standings") + (str(standings.rounds) if t.rounds else "")
    caption += f" · tie-breaks in order: {', '.join(codes)}" if codes else " · no tie-breaks"
    rows = map("".join, zip(*columns))
    body = [f'<tr id="s{number}" data-sno="{number}">{cells}</tr>' for number, cells in zip(numbers, rows)]
    return "\n".join([f'<table class="standings sortable" id="standings-table"><caption>{e(caption)}</caption>',
                      "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>", *body, "</tbody></table>"])


def escaped_names(table: RankColumns) -> list[str]:
    """The players' names for a table cell, in the order of the standings columns."""
    return [e(p.name) or "(no name)" for p in table.players]


# -- crosstable -------------------------------------------------------------------------------
def _swiss_cells(t: Tournament, standings: Standings) -> list[str]:
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


def crosstable(t: Tournament, standings: Standings, names: list[str] | None = None) -> tuple[str, str]:
    """The crosstable table and its legend."""
    grid = X.is_grid(t, standings)
    head = ['<th scope="col">No.</th>', '<th scope="col"><abbr title="start number">SNo</abbr></th>',
            '<th scope="col" class="l name">Name</th>']
    if grid:
        n = len(standings.rows)
        grid_names = [row.player.name for row in standings.rows]
        snos = [row.start_rank for row in standings.rows]
        head += [f'<th scope="col" class="n" data-col="{snos[i - 1]}"><abbr title="{e(grid_names[i - 1])}">{i}</abbr></th>'
                 for i in range(1, n + 1)]
        legend = X.legend(t, grid=True)
    else:
        rounds = data_rounds(t)
        head += [f'<th scope="col" class="c"><abbr title="round {r}">R{r}</abbr></th>' for r in range(1, rounds + 1)]
        legend = X.legend(t)
    head.append('<th scope="col"><abbr title="points">Pts</abbr></th>')
    kind = "grid" if grid else "rounds"
    caption = ("Crosstable (round robin): rows and columns in final order"
               if grid else "Crosstable: one cell per round (opponent's No., colour, result)")
    out = [f'<table class="xt {kind}" id="crosstable-table"><caption>{e(caption)}</caption>',
           "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>"]
    table = standings.columns()
    names = names if names is not None else escaped_names(table)
    points = each_once(format_points, table.points)
    body = [_grid_cells(cells) for cells in X.grid_rows(t, standings)] if grid else _swiss_cells(t, standings)
    for i, (sno, name, cells, pts) in enumerate(zip(table.start_ranks, names, body, points), 1):
        out.append(f'<tr id="x{sno}" data-sno="{sno}"><td>{i}</td><td>{sno}</td>'
                   f'<th scope="row" class="name"><a href="#s{sno}">{name}</a></th>{cells}<td class="pts">{pts}</td></tr>')
    out.append("</tbody></table>")
    return "\n".join(out), legend


def _grid_cells(cells: list[list[X.Cell] | None]) -> str:
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
def _explanations(standings: AnyStandings) -> tuple[dict[str, Any] | None, dict[str, list[str | None]]]:
    """The explanations for the page, of players or teams: the columns of the tie-breaks they
    cover (``BaseStandings.explanation_columns``, written out by the page's script), and the text
    of every other tie-break's value per entry (start rank or team number -> one text or None per
    code), exactly ``str(standings.explain(number, code))`` as ``trfscore explain`` prints it."""
    codes = list(standings.tiebreaks)
    try:
        columns = standings.explanation_columns()
    except Exception:  # an explanation is a help, never a reason to fail the report
        columns = None
    covered = [columns is not None and columns["tiebreaks"][j] is not None for j in range(len(codes))]
    if all(covered):
        return columns, {}

    def text(number: int, code: str) -> str | None:
        try:
            return str(standings.explain(number, code))
        except Exception:  # an explanation is a help, never a reason to fail the report
            return None

    return columns, {str(row.number): [text(row.number, code) if not done and row.tiebreaks.get(code) is not None
                                        else None for code, done in zip(codes, covered)] for row in standings.rows}


def render(t: Tournament, standings: AnyStandings, *, ratings: RatingsByStart | None = None) -> str:
    """The whole page as a string (UTF-8 when written), of players or teams."""
    if standings.kind == "teams":
        return _team_page(t, standings)
    codes = [str(c) for c in standings.tiebreaks]
    columns, texts = _explanations(standings)
    grid = X.is_grid(t, standings)
    data = {"codes": codes, "names": [tiebreak_name(c) for c in codes], "explain": texts, "columns": columns,
            # a Swiss crosstable's bare cells: the class and description of each result (the script
            # reads a player's opponents from them); a round-robin grid names them here
            "cells": {X.RESULT[k]: [X.CSS[k], X.DESCRIBE[k]] for k in X.RESULT},
            "opponents": ({str(row.start_rank): X.paired(row.player.games) for row in standings.rows}
                          if grid else {})}
    names = escaped_names(standings.columns())
    table, legend = crosstable(t, standings, names)
    name = t.header.name.strip() or (t.source.path or "Tournament")
    extra = [("Ratings", "rating changes shown (Ro, We, W, K/E, Rn, +/-)")] if ratings is not None else []
    page_facts = html_facts(facts(t), codes, standings.rules, standings.system,
                            extra + [("Note", note) for note in standings.notes])
    return html_page(title=f"{name} – standings", heading=name, facts=page_facts,
                     controls=CONTROLS, hint=HINT, standings=standings_table(t, standings, ratings, names), legend=legend,
                     crosstable=table, data=data,
                     footer=f"Tie-breaks: FIDE Handbook C.07 ({standings.rules}).")


# -- teams ------------------------------------------------------------------------------------
def team_crosstable(standings: TeamStandings) -> str:
    """One row per team in standings order, one cell per round (opponent, colour, game points)."""
    from .team_crosstable import crosstable_rows

    rounds = standings.rounds
    head = ['<th scope="col"><abbr title="rank">Rk</abbr></th>',
            '<th scope="col"><abbr title="team number">No</abbr></th>', '<th scope="col" class="l name">Team</th>']
    head += [f'<th scope="col" class="c"><abbr title="round {r}">R{r}</abbr></th>' for r in range(1, rounds + 1)]
    head += ['<th scope="col"><abbr title="match points">MP</abbr></th>',
             '<th scope="col"><abbr title="game points">GP</abbr></th>']
    caption = "Crosstable: one cell per round (opponent team's No., colour on board 1, game points)"
    out = [f'<table class="xt rounds" id="crosstable-table"><caption>{e(caption)}</caption>',
           "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>"]
    for row, cells in zip(standings.rows, crosstable_rows(standings)):
        n = row.number
        parts = [f"<td>{e(row.label)}</td>", f"<td>{n}</td>",
                 f'<th scope="row" class="name"><a href="#s{n}">{e(row.name) or "(no name)"}</a></th>']
        parts += [crosstable_cell(c) for c in cells]
        parts += [f"<td>{format_score(row.match_points)}</td>", f"<td>{format_score(row.game_points)}</td>"]
        out.append(f'<tr id="x{n}" data-sno="{n}">' + "".join(parts) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _team_page(t: Tournament, standings: TeamStandings) -> str:
    """The team standings and the team-vs-team crosstable: the individual page's template, CSS,
    script and Content-Security-Policy; a team's opponents highlighted, each tie-break value
    explained in the panel with the text of ``trfscore explain --teams``, no search box."""
    from .team_crosstable import LEGEND

    codes = [str(c) for c in standings.tiebreaks]
    columns, texts = _explanations(standings)
    data = {"codes": codes, "names": [tiebreak_name(c) for c in codes], "explain": texts, "columns": columns,
            "numbered": "team no.", "opponents": {str(row.number): X.paired(row.team.rounds) for row in standings.rows}}
    name = t.header.name.strip() or (t.source.path or "Team event")
    page_facts = html_facts(team_facts(t, standings), codes, standings.rules, standings.system,
                            [("Note", note) for note in standings.notes])
    return html_page(title=f"{name} – team standings", heading=name, facts=page_facts, controls=TEAM_CONTROLS,
                     hint=TEAM_HINT, standings=standings_table(t, standings, None), legend=LEGEND,
                     crosstable=team_crosstable(standings), data=data,
                     footer=f"Team tie-breaks: FIDE Handbook C.07 ({standings.rules}).")
