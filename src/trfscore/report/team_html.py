"""The team standings and the team-vs-team crosstable as one self-contained HTML page
(``trfscore report FILE --teams --format html``).

The page is the individual report's (:mod:`.html`): the same template, CSS, script and
Content-Security-Policy, built by :func:`~.common.html_page`.  The standings sort on a click;
hovering or focusing a team highlights its opponents in both tables.  There is no search box
and no tie-break explanation panel (the team tie-breaks have no ``explain``).

Untrusted input (team names, header fields, codes) is escaped with ``html.escape(quote=True)``
wherever it lands in markup; the script's data is the escaped JSON island of the individual page.
"""
from __future__ import annotations

from ..model import Tournament
from .common import crosstable_cell, e, html_facts, html_page, notes, sort_heading, sort_value, tiebreak_name
from .team_common import LEGEND, crosstable_rows, opponents, team_facts
from .values import format_score

__all__ = ["render", "standings_table", "crosstable"]

#: No search box: only the live region that announces a new order.
CONTROLS = '<p id="status" class="vh" role="status" aria-live="polite"></p>'
HINT = "Click a column heading to sort. Hover or focus a team to highlight its opponents."


def _name_cell(number: int, name: str, target: str) -> str:
    return f'<th scope="row" class="name"><a href="#{target}{number}">{e(name) or "(no name)"}</a></th>'


def standings_table(standings) -> str:
    """Rk, No, Team, MP, GP and one column per tie-break; the primary score in bold."""
    codes = list(standings.tiebreaks)
    head = [sort_heading("Rk", first="ascending", title="rank", sort="ascending"),
            sort_heading("No", first="ascending", title="team number"),
            sort_heading("Team", type_="text", first="ascending", cls="l name"),
            sort_heading("MP", title="match points"), sort_heading("GP", title="game points")]
    head += [sort_heading(code, title=tiebreak_name(code)) for code in codes]
    caption = f"Team standings after round {standings.event.rounds}"
    caption += f" · tie-breaks in order: {', '.join(codes)}" if codes else " · no tie-breaks"
    out = [f'<table class="standings sortable" id="standings-table"><caption>{e(caption)}</caption>',
           "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>"]
    for i, row in enumerate(standings.rows):
        n = row.number
        cls = {"MP": "", "GP": ""}
        cls[standings.primary] = ' class="pts"'
        cells = [f'<td data-v="{row.rank}">{e(row.label)}</td>', f'<td data-v="{n}">{n}</td>',
                 _name_cell(n, row.name, "x"),
                 f'<td{cls["MP"]} data-v="{sort_value(row.match_points)}">{format_score(row.match_points)}</td>',
                 f'<td{cls["GP"]} data-v="{sort_value(row.game_points)}">{format_score(row.game_points)}</td>']
        for code in codes:
            value = row.tiebreaks.get(code)
            cells.append(f'<td data-v="{sort_value(value)}">{e(format_score(value))}</td>')
        out.append(f'<tr id="s{n}" data-sno="{n}" data-order="{i}">' + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def crosstable(standings) -> str:
    """One row per team in standings order, one cell per round (opponent, colour, game points)."""
    rounds = standings.event.rounds
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
        parts = [f"<td>{e(row.label)}</td>", f"<td>{n}</td>", _name_cell(n, row.name, "s")]
        parts += [crosstable_cell(c) for c in cells]
        parts += [f"<td>{format_score(row.match_points)}</td>", f"<td>{format_score(row.game_points)}</td>"]
        out.append(f'<tr id="x{n}" data-sno="{n}">' + "".join(parts) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def render(t: Tournament, standings) -> str:
    """The whole page as a string (UTF-8 when written)."""
    codes = [str(c) for c in standings.tiebreaks]
    data = {"codes": codes, "names": [tiebreak_name(c) for c in codes], "explain": {},
            "opponents": {str(row.number): opponents(row.team) for row in standings.rows}}
    name = t.header.name.strip() or (t.source.path or "Team event")
    facts = html_facts(team_facts(t, standings), codes, standings.rules, standings.system,
                       [("Note", note) for note in notes(standings)])
    return html_page(title=f"{name} – team standings", heading=name, facts=facts, controls=CONTROLS, hint=HINT,
                     standings=standings_table(standings), legend=LEGEND, crosstable=crosstable(standings),
                     data=data, footer=f"Team tie-breaks: FIDE Handbook C.07 ({standings.rules}).")
