"""What the Markdown, CSV and HTML reports (individual and team) share: column sets, tie-break
names, rating numbers, the Markdown table and header, and the HTML page shell with its escaping.

The numbers come from the standings and the rating calculation untouched; this module only
decides how they are labelled and written (a dot for decimals, never a locale).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TypeAlias

# the report modules import these from here
from ..decimals import exact_decimal as exact_decimal
from ..decimals import format_score as format_score
from ..decimals import plain_number as plain_number
from ..decimals import sort_value as sort_value
from ..formats.markdown_text import escape as md_escape
from ..model import Tournament
from ..safetext import neutralise, neutralise_json_text

if TYPE_CHECKING:
    from ..standings import Standings
    from ..teams.standings import TeamStandings

    #: Standings of players or of teams, told apart by their ``kind``.
    AnyStandings: TypeAlias = Standings | TeamStandings
    #: The ``--ratings`` rows by start rank (:func:`.values.rating_row` of each result).
    RatingsByStart: TypeAlias = Mapping[int, dict[str, Any]]

#: The rating-change columns (keys of a ``--ratings`` entry) and their headings.
RATING_KEYS = ("ro", "we", "w", "coefficient", "rn", "change")
RATING_HEADINGS = {"ro": "Ro", "we": "We", "w": "W", "coefficient": "K/E", "rn": "Rn", "change": "+/-"}
RATING_TITLES = {"ro": "rating before the event", "we": "expected score", "w": "score in rated games",
                 "coefficient": "development coefficient (K for FIDE, E or K for DWZ)",
                 "rn": "rating after the event", "change": "rating change"}

#: Names of the codes the tie-break registry does not define (its own names come from there:
#: :data:`trfscore.tiebreaks.registry.TIEBREAKS`): older spellings, the points columns and the
#: team tie-breaks.
_OTHER_NAMES = {
    "GE": "games elected to play", "SSSC": "sum of scores", "MBH": "median Buchholz", "CBH": "Buchholz cut",
    "PTS": "points", "TB": "tie-break",
    # team tie-breaks (C.07 Art. 8.1, 13)
    "BH:MP": "Buchholz on match points", "BH:GP": "Buchholz on game points",
    "EMMSB": "extended Sonneborn-Berger, opponent's match points x own match points",
    "EMGSB": "extended Sonneborn-Berger, opponent's match points x own game points",
    "EGMSB": "extended Sonneborn-Berger, opponent's game points x own match points",
    "EGGSB": "extended Sonneborn-Berger, opponent's game points x own game points",
    "EDE": "extended direct encounter", "MPVGP": "secondary score", "GPVMP": "secondary score",
    "MP": "match points", "GP": "game points",
}
_MODIFIER = re.compile(r"^([CM])(\d+)$")


def tiebreak_name(code: str) -> str:
    """A readable name for a FIDE C.07 code (``BH-C1`` -> ``Buchholz, cut 1``); the code if unknown."""
    parts = re.split(r"[-/]", code.strip())
    from ..tiebreaks.registry import TIEBREAKS

    known = TIEBREAKS.get(parts[0].upper())
    base = known.name if known is not None else _OTHER_NAMES.get(parts[0].upper())
    if base is None:
        return code
    extra = [_modifier_name(part) for part in parts[1:] if part]
    return base + (", " + ", ".join(extra) if extra else "")


def _modifier_name(part: str) -> str:
    """``C1`` -> ``cut 1``, ``M2`` -> ``median 2``; any other modifier as written."""
    m = _MODIFIER.match(part.upper())
    if m is None:
        return part
    return ("cut " if m.group(1) == "C" else "median ") + m.group(2)


def rules_title(rules: str) -> str:
    """The edition's title when the tie-break package knows it, else its name."""
    from ..tiebreaks.editions import EDITIONS

    edition = EDITIONS.get(rules)
    return edition.title if edition is not None else rules


def rating_value(entry: dict[str, Any] | None, key: str, *, signed: bool = False) -> str:
    """One rating-change number as text (``""`` when missing); ``signed`` puts ``+`` on gains."""
    value = entry.get(key) if entry else None
    if value is None:
        return ""
    text = plain_number(value, 2)
    if signed and key == "change" and text and not text.startswith("-") and text != "0":
        text = "+" + text
    return text


def facts(t: Tournament) -> list[tuple[str, str]]:
    """Header facts worth showing, as (label, text) pairs, only those the file has."""
    h = t.header
    out: list[tuple[str, str]] = []
    place = ", ".join(x for x in (h.city.strip(), h.federation.strip()) if x)
    if place:
        out.append(("Place", place))
    start = h.start_date_iso or h.start_date.strip()
    end = h.end_date_iso or h.end_date.strip()
    if start or end:
        out.append(("Dates", start if not end or end == start else f"{start} – {end}" if start else end))
    event = t.event  # a view after round N keeps the whole file's reading (event_reading.through)
    cut = event.in_progress or t.rounds < event.rounds
    out.append(("Rounds", event.describe(t.rounds) if cut else str(t.rounds or h.rounds_declared or 0)))
    out.append(("Players", str(len(t.players))))
    if h.chief_arbiter.strip():
        out.append(("Chief arbiter", h.chief_arbiter.strip()))
    deputies = [d.strip() for d in h.deputy_arbiters if d.strip()]
    if deputies:
        out.append(("Deputy arbiters", "; ".join(deputies)))
    if h.time_control.strip():
        out.append(("Time control", h.time_control.strip()))
    return out


def team_facts(t: Tournament, standings: Any) -> list[tuple[str, str]]:
    """The header facts of a team event: the individual ones, then teams, boards, the primary
    score and the match points (362)."""
    event = standings.event
    s = event.scoring
    primary = "match points" if standings.primary == "MP" else "game points"
    return facts(t) + [("Teams", str(len(event.teams))), ("Boards", str(event.boards)),
                       ("Primary score", primary),
                       ("Match points", f"win {format_score(s.win)}, draw {format_score(s.draw)}, "
                                        f"loss {format_score(s.loss)}")]


# -- Markdown -----------------------------------------------------------------------------------
def markdown_table(head: list[str], rows: Sequence[Sequence[str]], align: list[str]) -> list[str]:
    """A GitHub-flavoured table; ``align`` holds ``r``, ``l`` or ``c`` per column.  Cells must be
    escaped already."""
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join({"r": "---:", "l": ":---", "c": ":---:"}[a] for a in align) + "|"]
    out += ["| " + " | ".join(cells) + " |" for cells in rows]
    return out


def markdown_rows(columns: Sequence[Sequence[str]]) -> list[str]:
    """The rows :func:`markdown_table` writes for these columns of escaped cells, joined by line
    breaks into one string (:func:`join_rows`): a list of that one string, or of none when there
    are no rows (the caller joins its lines by line breaks too)."""
    count = len(columns[0]) if columns else 0
    if not count:
        return []
    pieces: list[str | Sequence[str]] = ["| "]
    for k, column in enumerate(columns):
        pieces += [column, " | " if k < len(columns) - 1 else " |"]
    return [join_rows(pieces, count)]


def join_rows(pieces: Sequence[str | Sequence[str]], count: int, sep: str = "\n") -> str:
    """``count`` rows joined by ``sep``, row ``i`` the concatenation of ``pieces``: a string is
    the same in every row, a sequence gives its ``i``-th string.  The whole table is one join
    over the cells laid out row by row (six times faster for 10,000 rows than a format per row
    and a join of the rows)."""
    width = len(pieces) + 1
    parts: list[str] = [sep] * (width * count)
    for k, piece in enumerate(pieces):
        parts[k::width] = [piece] * count if isinstance(piece, str) else piece
    if parts:
        parts[-1] = ""
    return "".join(parts)


def markdown_header(title: str, items: list[tuple[str, str]], codes: list[str], rules: str,
                    system: str) -> list[str]:
    """The heading and bulleted facts of a Markdown report: ``title`` (escaped already), the
    (label, plain text) ``items``, the tie-breaks with their names and the rules edition."""
    lines = [f"# {title}", ""]
    lines += [f"- **{label}:** {md_escape(text)}" for label, text in items]
    tb = ", ".join(f"{md_escape(c)} ({md_escape(tiebreak_name(c))})" if tiebreak_name(c) != c else md_escape(c)
                   for c in codes) or "none"
    lines.append(f"- **Tie-breaks:** {tb}")
    lines.append(f"- **Rules:** {md_escape(rules_title(rules))} ({md_escape(system)})")
    return lines


# -- HTML ---------------------------------------------------------------------------------------
def e(text: Any) -> str:
    """Escape text for an element or a quoted attribute."""
    return _html_escape(neutralise(text), True)


def _first_html_escape(text: str, quote: bool = True) -> str:
    """``html.escape``, imported when a text first needs it: the other reports, whose columns
    make their HTML headings too (``Rk``, ``BH-C1`` ...), need no html module."""
    global _html_escape
    if _HTML_SPECIAL.isdisjoint(text):
        return text
    from html import escape

    _html_escape = escape
    return escape(text, quote=quote)


_HTML_SPECIAL = frozenset("&<>\"'")  # what html.escape replaces
_html_escape: Callable[[str, bool], str] = _first_html_escape


def script_json(data: Any) -> str:
    """JSON that is safe inside ``<script type="application/json">`` (and parses back unchanged,
    but for unsafe characters in its strings, neutralised as everywhere on the page)."""
    import json

    text = neutralise_json_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


@cache
def asset(name: str) -> str:
    """A packaged file of the HTML page (``report.html``, ``report.css``, ``report.js``)."""
    from importlib import resources

    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    import base64
    import hashlib

    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def sort_heading(label: str, *, type_: str = "num", first: str = "descending", title: str = "", cls: str = "",
                 sort: str | None = None, tiebreak: int | None = None) -> str:
    """A ``<th>`` of a sortable table: a button the page's script sorts by (``data-type`` num or
    text, ``data-first`` the first direction); ``title`` becomes an ``<abbr>``."""
    attrs = f' class="{cls}"' if cls else ""
    attrs += f' data-type="{type_}" data-first="{first}"'
    if sort:
        attrs += f' aria-sort="{sort}"'
    if tiebreak is not None:  # the script makes this column's values buttons that explain them
        attrs += f' data-tb="{tiebreak}"'
    inner = e(label)
    if title:
        inner = f'<abbr title="{e(title)}">{inner}</abbr>'
    return f'<th scope="col"{attrs}><button type="button" class="sort">{inner}</button></th>'


def number_cell(text: str, value: Any, cls: str = "") -> str:
    """A number's ``<td>`` (``cls``: its class attribute, markup); ``data-v`` (the sort key) only
    when the text is not the exact value."""
    if value is None:
        return f"<td{cls}></td>"
    if exact_decimal(value) is not None:
        return f"<td{cls}>{e(text)}</td>"
    return f'<td{cls} data-v="{sort_value(value)}">{e(text)}</td>'


def crosstable_cell(c: Any) -> str:
    """One per-round crosstable cell (:class:`~.crosstable.Cell` or a team cell: ``label``,
    ``prefix``, ``opponent``, ``colour``, ``title``, ``css``); the opponent part links to the
    opponent's crosstable row."""
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
    return f'<td class="{e(c.css)}" title="{e(c.title)}">{body}</td>'


def html_facts(items: list[tuple[str, str]], codes: list[str], rules: str, system: str,
               extra: Sequence[tuple[str, str]] = ()) -> str:
    """The header's facts as a ``<dl>``: the (label, plain text) ``items``, the tie-breaks (their
    names on hover), the rules edition, then ``extra`` (label, plain text) items."""
    shown = [(label, e(text)) for label, text in items]
    tb = ", ".join(f'<abbr title="{e(tiebreak_name(c))}">{e(c)}</abbr>' if tiebreak_name(c) != c else e(c)
                   for c in codes) if codes else "none"
    shown.append(("Tie-breaks", tb))
    shown.append(("Rules", f"{e(rules_title(rules))} <span class=\"ti\">({e(rules)}, {e(system)})</span>"))
    shown += [(label, e(text)) for label, text in extra]
    return '<dl class="facts">' + "".join(f"<dt>{e(label)}</dt><dd>{value}</dd>" for label, value in shown) + "</dl>"


def html_page(*, title: str, heading: str, facts: str, controls: str, hint: str, standings: str, legend: str,
              crosstable: str, data: Any, footer: str) -> str:
    """The self-contained page: ``report.html`` with ``report.css`` and ``report.js`` inlined and
    a Content-Security-Policy allowing only those two (by hash).  ``title``, ``heading``,
    ``hint``, ``legend`` and ``footer`` (after "Made with trfscore N.") are plain text, escaped here;
    ``facts``, ``controls``, ``standings`` and ``crosstable`` are markup; ``data`` goes to the script
    as JSON."""
    from .. import __version__

    css = asset("report.css")
    js = asset("report.js")
    csp = (f"default-src 'none'; style-src '{_sha256(css)}'; script-src '{_sha256(js)}'; img-src data:; "
           "base-uri 'none'; form-action 'none'")
    from string import Template

    return Template(asset("report.html")).substitute(
        csp=csp, generator=e(f"trfscore {__version__}"), title=e(title), heading=e(heading), css=css, js=js,
        facts=facts, controls=controls, hint=e(hint), standings=standings, legend=e(legend),
        crosstable=crosstable, data=script_json(data), footer=e(f"Made with trfscore {__version__}. {footer}"))
