"""The standings and crosstable as one self-contained HTML page (``report --format html``).

The page needs no network: the CSS (``report.css``) and a little JavaScript (``report.js``) are
inlined into ``report.html``, all package files.  It works without JavaScript (plain tables,
printable); with it, columns sort on click or Enter/Space, hovering or focusing a player
highlights their opponents, a tie-break value opens its explanation (the terms of
``trfscore explain``), and a search box filters players.

Untrusted input (names, header fields, tie-break codes from a 202 record) is escaped with
``html.escape(quote=True)`` wherever it lands in markup; data for the script is embedded as
``<script type="application/json">`` with ``< > &`` and U+2028/U+2029 written as ``\\uXXXX``
so no text can close the element.  No event handler attribute is ever generated, and a
Content-Security-Policy (hashes of the inline style and script, nothing else) stops any
script that escaping would have missed.
"""
from __future__ import annotations

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
from .values import format_points, format_score, rank_label, title_label

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
def standings_table(t: Tournament, standings, ratings: dict | None) -> str:
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
    head += [sort_heading(code, title=tiebreak_name(code)) for code in codes]
    if ratings is not None:
        head += [sort_heading(RATING_HEADINGS[k], title=RATING_TITLES[k]) for k in RATING_KEYS]
    caption = ("Standings after round " if t.rounds else "Standings") + (str(t.rounds) if t.rounds else "")
    caption += f" · tie-breaks in order: {', '.join(codes)}" if codes else " · no tie-breaks"
    out = [f'<table class="standings sortable" id="standings-table"><caption>{e(caption)}</caption>',
           "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>"]
    for i, row in enumerate(standings.rows):
        p = row.player
        sno = row.start_rank
        rating = "" if p.rating is None else str(p.rating)
        cells = [f'<td data-v="{row.rank}">{e(rank_label(row))}</td>', f'<td data-v="{sno}">{sno}</td>']
        if show["Ti"]:
            cells.append(f'<td class="l ti">{e(title_label(p.title))}</td>')
        cells.append(f'<th scope="row" class="name"><a href="#x{sno}">{e(p.name) or "(no name)"}</a></th>')
        if show["FED"]:
            cells.append(f'<td class="l fed">{e(p.federation)}</td>')
        if show["Rtg"]:
            cells.append(f'<td data-v="{rating}">{rating}</td>')
        cells.append(f'<td class="pts" data-v="{sort_value(row.points)}">{format_points(row.points)}</td>')
        for j, code in enumerate(codes):
            value = row.tiebreaks.get(code)
            shown = format_score(value)
            if shown:
                cells.append(f'<td data-v="{sort_value(value)}"><button type="button" class="xp" data-i="{j}" '
                             f'aria-haspopup="dialog" aria-expanded="false">{e(shown)}</button></td>')
            else:
                cells.append('<td data-v=""></td>')
        if ratings is not None:
            entry = ratings.get(sno)
            for k in RATING_KEYS:
                raw = entry.get(k) if entry else None
                cells.append(f'<td data-v="{sort_value(raw)}">{e(rating_value(entry, k, signed=True))}</td>')
        out.append(f'<tr id="s{sno}" data-sno="{sno}" data-order="{i}">' + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


# -- crosstable -------------------------------------------------------------------------------
def crosstable(t: Tournament, standings) -> tuple[str, str]:
    """The crosstable table and its legend."""
    grid = X.is_grid(t, standings)
    if grid:
        n = len(standings.rows)
        names = [row.player.name for row in standings.rows]
        head = ['<th scope="col">No.</th>', '<th scope="col"><abbr title="start number">SNo</abbr></th>',
                '<th scope="col" class="l name">Name</th>']
        snos = [row.start_rank for row in standings.rows]
        head += [f'<th scope="col" class="n" data-col="{snos[i - 1]}"><abbr title="{e(names[i - 1])}">{i}</abbr></th>'
                 for i in range(1, n + 1)]
        legend = X.GRID_LEGEND
        body_rows = X.grid_rows(t, standings)
    else:
        rounds = data_rounds(t)
        head = ['<th scope="col">No.</th>', '<th scope="col"><abbr title="start number">SNo</abbr></th>',
                '<th scope="col" class="l name">Name</th>']
        head += [f'<th scope="col" class="c"><abbr title="round {r}">R{r}</abbr></th>' for r in range(1, rounds + 1)]
        legend = X.LEGEND
        body_rows = X.swiss_rows(t, standings)
    head.append('<th scope="col"><abbr title="points">Pts</abbr></th>')
    kind = "grid" if grid else "rounds"
    caption = ("Crosstable (round robin): rows and columns in final order"
               if grid else "Crosstable: one cell per round (opponent's No., colour, result)")
    out = [f'<table class="xt {kind}" id="crosstable-table"><caption>{e(caption)}</caption>',
           "<thead><tr>" + "".join(head) + "</tr></thead>", "<tbody>"]
    for i, (row, cells) in enumerate(zip(standings.rows, body_rows), 1):
        sno = row.start_rank
        parts = [f"<td>{i}</td>", f"<td>{sno}</td>",
                 f'<th scope="row" class="name"><a href="#s{sno}">{e(row.player.name) or "(no name)"}</a></th>']
        if grid:
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
        else:
            parts += [crosstable_cell(c) for c in cells]
        parts.append(f'<td class="pts">{format_points(row.points)}</td>')
        out.append(f'<tr id="x{sno}" data-sno="{sno}">' + "".join(parts) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out), legend


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
    data = {"codes": codes, "names": [tiebreak_name(c) for c in codes], "explain": texts, "columns": columns,
            "opponents": {str(row.start_rank): X.opponents(row.player) for row in standings.rows}}
    table, legend = crosstable(t, standings)
    name = t.header.name.strip() or (t.source.path or "Tournament")
    return html_page(title=f"{name} – standings", heading=name, facts=_facts(t, standings, ratings),
                     controls=CONTROLS, hint=HINT, standings=standings_table(t, standings, ratings), legend=legend,
                     crosstable=table, data=data,
                     footer=f"Tie-breaks: FIDE Handbook C.07 ({standings.rules}).")
