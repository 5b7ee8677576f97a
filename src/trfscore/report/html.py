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

import base64
import hashlib
import json
from fractions import Fraction
from functools import lru_cache
from html import escape
from importlib import resources
from string import Template
from typing import Any

from ..formats.limits import data_rounds
from ..model import Tournament
from . import crosstable as X
from .common import (RATING_HEADINGS, RATING_KEYS, RATING_TITLES, facts, present, rating_value, rules_title,
                     tiebreak_name)
from .values import format_points, format_score, rank_label


def e(text: Any) -> str:
    """Escape text for an element or a quoted attribute."""
    return escape("" if text is None else str(text), quote=True)


def script_json(data: Any) -> str:
    """JSON that is safe inside ``<script type="application/json">`` (and parses back unchanged)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


@lru_cache(maxsize=None)
def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _num(value: Any) -> str:
    """A sort key for ``data-v``: a plain decimal, empty when missing."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            value = Fraction(value)
        except ValueError:
            return ""
    return repr(float(value))


# -- standings --------------------------------------------------------------------------------
def _th(label: str, *, type_: str = "num", first: str = "descending", title: str = "", cls: str = "",
        sort: str | None = None) -> str:
    attrs = f' class="{cls}"' if cls else ""
    attrs += f' data-type="{type_}" data-first="{first}"'
    if sort:
        attrs += f' aria-sort="{sort}"'
    inner = e(label)
    if title:
        inner = f'<abbr title="{e(title)}">{inner}</abbr>'
    return f'<th scope="col"{attrs}><button type="button" class="sort">{inner}</button></th>'


def standings_table(t: Tournament, standings, ratings: dict | None) -> str:
    codes = list(standings.tiebreaks)
    show = present(standings)
    head = [_th("Rk", first="ascending", title="rank", sort="ascending"),
            _th("SNo", first="ascending", title="start number")]
    if show["Ti"]:
        head.append(_th("Ti", type_="text", first="ascending", title="title", cls="l"))
    head.append(_th("Name", type_="text", first="ascending", cls="l name"))
    if show["FED"]:
        head.append(_th("FED", type_="text", first="ascending", title="federation", cls="l"))
    if show["Rtg"]:
        head.append(_th("Rtg", title="rating"))
    head.append(_th("Pts", title="points"))
    head += [_th(code, title=tiebreak_name(code)) for code in codes]
    if ratings is not None:
        head += [_th(RATING_HEADINGS[k], title=RATING_TITLES[k]) for k in RATING_KEYS]
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
            cells.append(f'<td class="l ti">{e(p.title)}</td>')
        cells.append(f'<th scope="row" class="name"><a href="#x{sno}">{e(p.name) or "(no name)"}</a></th>')
        if show["FED"]:
            cells.append(f'<td class="l fed">{e(p.federation)}</td>')
        if show["Rtg"]:
            cells.append(f'<td data-v="{rating}">{rating}</td>')
        cells.append(f'<td class="pts" data-v="{_num(row.points)}">{format_points(row.points)}</td>')
        for j, code in enumerate(codes):
            value = row.tiebreaks.get(code)
            shown = format_score(value)
            if shown:
                cells.append(f'<td data-v="{_num(value)}"><button type="button" class="xp" data-i="{j}" '
                             f'aria-haspopup="dialog" aria-expanded="false">{e(shown)}</button></td>')
            else:
                cells.append('<td data-v=""></td>')
        if ratings is not None:
            entry = ratings.get(sno)
            for k in RATING_KEYS:
                raw = entry.get(k) if entry else None
                cells.append(f'<td data-v="{_num(raw)}">{e(rating_value(entry, k, signed=True))}</td>')
        out.append(f'<tr id="s{sno}" data-sno="{sno}" data-order="{i}">' + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


# -- crosstable -------------------------------------------------------------------------------
def _cell(c: X.Cell) -> str:
    title = e(c.title)
    cls = e(c.css)
    prefix = c.prefix
    if prefix and c.opponent is not None:
        rest = c.label[len(prefix):]
        colour = ""
        if c.colour and rest.startswith(c.colour):
            colour = f'<span class="col">{e(c.colour)}</span>'
            rest = rest[len(c.colour):]
        body = f'<a href="#x{c.opponent}">{e(prefix)}</a>{colour}{e(rest)}'
    else:
        body = e(c.label)
    return f'<td class="{cls}" title="{title}">{body}</td>'


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
            parts += [_cell(c) for c in cells]
        parts.append(f'<td class="pts">{format_points(row.points)}</td>')
        out.append(f'<tr id="x{sno}" data-sno="{sno}">' + "".join(parts) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out), legend


# -- page -------------------------------------------------------------------------------------
def _facts(t: Tournament, standings, ratings: dict | None) -> str:
    items = [(label, e(text)) for label, text in facts(t)]
    codes = list(standings.tiebreaks)
    if codes:
        tb = ", ".join(f'<abbr title="{e(tiebreak_name(c))}">{e(c)}</abbr>' if tiebreak_name(c) != c else e(c)
                       for c in codes)
    else:
        tb = "none"
    items.append(("Tie-breaks", tb))
    items.append(("Rules", f"{e(rules_title(standings.rules))} <span class=\"ti\">({e(standings.rules)}, "
                           f"{e(standings.system)})</span>"))
    if ratings is not None:
        items.append(("Ratings", "rating changes shown (Ro, We, W, K/E, Rn, +/-)"))
    return '<dl class="facts">' + "".join(f"<dt>{e(label)}</dt><dd>{value}</dd>" for label, value in items) + "</dl>"


def _explanations(standings) -> dict[str, list[str | None]]:
    out: dict[str, list[str | None]] = {}
    codes = list(standings.tiebreaks)
    explain = getattr(standings, "explain", None)
    for row in standings.rows:
        texts: list[str | None] = []
        for code in codes:
            text = None
            if explain is not None and row.tiebreaks.get(code) is not None:
                try:
                    text = str(explain(row.start_rank, code))
                except Exception:  # an explanation is a help, never a reason to fail the report
                    text = None
            texts.append(text)
        out[str(row.start_rank)] = texts
    return out


def render(t: Tournament, standings, *, ratings: dict | None = None) -> str:
    """The whole page as a string (UTF-8 when written)."""
    from .. import __version__

    css = _asset("report.css")
    js = _asset("report.js")
    csp = (f"default-src 'none'; style-src '{_sha256(css)}'; script-src '{_sha256(js)}'; img-src data:; "
           "base-uri 'none'; form-action 'none'")
    codes = [str(c) for c in standings.tiebreaks]
    data = {"codes": codes, "names": [tiebreak_name(c) for c in codes],
            "explain": _explanations(standings),
            "opponents": {str(row.start_rank): X.opponents(row.player) for row in standings.rows}}
    table, legend = crosstable(t, standings)
    name = t.header.name.strip() or (t.source.path or "Tournament")
    page = Template(_asset("report.html")).substitute(
        csp=csp, generator=e(f"trfscore {__version__}"), title=e(f"{name} – standings"), heading=e(name),
        css=css, js=js, facts=_facts(t, standings, ratings), standings=standings_table(t, standings, ratings),
        legend=e(legend), crosstable=table, data=script_json(data),
        footer=e(f"Made with trfscore {__version__}. Tie-breaks: FIDE Handbook C.07 ({standings.rules})."))
    return page
