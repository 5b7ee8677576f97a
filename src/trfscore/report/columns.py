"""The columns of a standings table, described once for players and once for teams.

A :class:`ReportColumn` says what a column is called in CSV and JSON (``key``) and in the tables
people read (``heading``: the terminal, Markdown and HTML), and makes its cells a whole column at
a time (a report of 10,000 players makes a dozen list comprehensions over the engine's columns,
not 120,000 calls): CSV text, the text people read, HTML cells with their sortable heading, JSON
values (and, where it pays, their JSON text).  Every writer is driven by these lists: the text
table (:mod:`.text`), Markdown (:mod:`.markdown`), CSV (:mod:`.csv_report`), the HTML standings
(:mod:`.html`) and the JSON rows (:mod:`.json_report`), for individual and team standings alike,
so a new column is one entry here (plus its test).

* :func:`player_columns`: rank, start rank, title, name, federation, rating, FIDE id, points, one
  column per tie-break, with ``--ratings`` the rating calculation and with ``--norms`` the title
  norms; JSON adds the rank label,
  the tie-breaks as one object, the file's declared values and the rating calculation.
* :func:`team_columns`: rank, team number, name, match points, game points, one column per
  tie-break; JSON adds the rank label, the tie-breaks, the 310 totals and the matches.

Cells of ``untrusted`` columns (names, titles, federations) are raw text: each writer makes them
safe its own way (the terminal neutralises, Markdown escapes, CSV guards against formulas), and
headings likewise (a tie-break code comes from the file); HTML cells are escaped here.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from ..decimals import format_points, format_score, json_number, rank_labels
from ..formats.trf.player import title_label
from .common import (
    RATING_HEADINGS,
    RATING_KEYS,
    RATING_TITLES,
    e,
    number_cell,
    plain_number,
    rating_value,
    sort_heading,
    sort_value,
    tiebreak_name,
)
from .values import each_once, per_value

if TYPE_CHECKING:
    from ..standings import RankColumns, Standings
    from ..teams.standings import TeamStandings
    from .common import AnyStandings, RatingsByStart
    from .json_texts import RowParts

__all__ = ["ReportColumn", "player_columns", "team_columns", "columns_of"]

Cells = Callable[[], list[str]]
Values = Callable[[], list[Any]]


class ReportColumn(NamedTuple):
    """One column of one standings table (its cells are made for that table)."""

    key: str  # the CSV heading and the JSON field
    heading: str  # the heading of the tables people read ("": not in them)
    csv: Cells | None  # the CSV cells (None: not in CSV)
    shown: Cells | None  # the cells of the terminal and Markdown tables
    right: bool = True  # right-aligned
    decimals: bool = False  # the terminal lines up the decimal points
    optional: bool = False  # left out of the tables people read when no row fills it
    untrusted: bool = False  # text from the file: each writer makes it safe
    role: str = ""  # "key": repeated on every page of the terminal table; "name": the column that shrinks
    group: str = ""  # "tb", "rating": value columns the terminal table pages together
    html: Cells | None = None  # the HTML cells, markup (None: not in the HTML table)
    html_head: str = ""  # the HTML heading, markup (a sort button)
    json: Values | None = None  # the JSON values, JSON-ready (None: not in the JSON rows)
    # the same as JSON texts, each as json.dumps writes it (str of the engine's integers), or the parts
    # of each row's text (json_texts.RowParts: an object field); None: the writer encodes the values
    json_text: Callable[[], list[Any] | RowParts] | None = None
    numbers_rows: bool = False  # its CSV cells number the rows (start rank, team number): HTML ids and links


def _same(key: str, heading: str, cells: Cells, **how: Any) -> ReportColumn:
    """A column written the same way in CSV and in the tables people read."""
    return ReportColumn(key, heading, cells, cells, **how)


def _json_only(key: str, values: Values, texts: Callable[[], list[Any] | RowParts] | None = None) -> ReportColumn:
    """A field of the JSON rows only."""
    return ReportColumn(key, "", None, None, json=values, json_text=texts)


def _tiebreaks(codes: list[str], values: list[list[Any]]) -> list[ReportColumn]:
    """One column per tie-break (the HTML page's script explains its values)."""
    return [ReportColumn(str(code), str(code), partial(each_once, plain_number, col),
                         partial(each_once, format_score, col), decimals=True, group="tb",
                         html=partial(each_once, lambda value: number_cell(format_score(value), value), col),
                         html_head=sort_heading(str(code), title=tiebreak_name(str(code)),
                                                tiebreak=j))
            for j, (code, col) in enumerate(zip(codes, values))]


def _tiebreak_json(codes: list[str], values: list[list[Any]], count: int) -> ReportColumn:
    """The tie-breaks as one JSON object per row (code -> value); ``count`` rows."""
    def texts() -> RowParts:
        from .json_texts import object_parts, score_texts

        return object_parts(codes, [score_texts(column) for column in values])

    def objects() -> list[Any]:
        if not codes:
            return [{} for _ in range(count)]
        return [{code: json_number(v) for code, v in zip(codes, row)} for row in zip(*values)]

    return _json_only("tiebreaks", objects, texts)


def player_columns(standings: Standings, ratings: RatingsByStart | None = None, names: list[str] | None = None) -> list[ReportColumn]:
    """The columns of individual standings (``ratings``: per start rank, with ``--ratings``;
    ``names``: the players' names escaped for HTML, in rank order, if made already)."""
    table = standings.columns()
    players = table.players
    snos = table.start_ranks
    fields = cache(lambda: _player_fields(table))  # the JSON fields, read together
    codes = list(standings.tiebreaks)
    values = table.values if list(table.codes) == codes else [[row.tiebreaks.get(c) for row in standings.rows]
                                                              for c in codes]

    def html_names() -> list[str]:
        escaped = names if names is not None else [e(p.name) or "(no name)" for p in players]
        return [f'<th scope="row" class="name"><a href="#x{sno}">{name}</a></th>' for sno, name in zip(snos, escaped)]

    def json_texts(name: str, kind: str) -> Cells:
        def texts() -> list[str]:
            from . import json_texts as J

            column = fields()[name]
            return (J.integer_texts(column) if kind == "int" else J.score_texts(column) if kind == "score"
                    else J.string_texts(column))
        return texts

    columns = [
        ReportColumn("rank", "Rk", lambda: list(map(str, table.ranks)), lambda: rank_labels(table.ranks, table.ranks_to),
                     role="key", html=lambda: [f'<td>{rank}</td>' if rank == rank_to else
                                               f'<td data-v="{rank}">{rank}-{rank_to}</td>'
                                               for rank, rank_to in zip(table.ranks, table.ranks_to)],
                     html_head=sort_heading("Rk", first="ascending", title="rank", sort="ascending"),
                     json=lambda: table.ranks, json_text=lambda: list(map(str, table.ranks))),
        ReportColumn("rank_to", "", lambda: list(map(str, table.ranks_to)), None, json=lambda: table.ranks_to,
                     json_text=lambda: list(map(str, table.ranks_to))),
        _json_only("rank_label", lambda: rank_labels(table.ranks, table.ranks_to),
                   lambda: [f'"{rank}"' if rank == rank_to else f'"{rank}-{rank_to}"'
                            for rank, rank_to in zip(table.ranks, table.ranks_to)]),
        _same("start_rank", "SNo", lambda: list(map(str, snos)), role="key", numbers_rows=True,
              html=lambda: [f"<td>{sno}</td>" for sno in snos],
              html_head=sort_heading("SNo", first="ascending", title="start number"),
              json=lambda: snos, json_text=lambda: list(map(str, snos))),
        _same("title", "Ti", lambda: per_value(title_label, [p.title for p in players]), right=False, optional=True,
              untrusted=True, html=lambda: [f'<td class="l ti">{e(title_label(p.title))}</td>' for p in players],
              html_head=sort_heading("Ti", type_="text", first="ascending", title="title", cls="l"),
              json=lambda: fields()["title"], json_text=json_texts("title", "str")),
        _same("name", "Name", lambda: [p.name or "" for p in players], right=False, untrusted=True, role="name",
              html=html_names, html_head=sort_heading("Name", type_="text", first="ascending", cls="l name"),
              json=lambda: fields()["name"], json_text=json_texts("name", "str")),
        _same("federation", "FED", lambda: per_value(lambda fed: fed or "", [p.federation for p in players]),
              right=False, optional=True, untrusted=True,
              html=lambda: [f'<td class="l fed">{e(p.federation)}</td>' for p in players],
              html_head=sort_heading("FED", type_="text", first="ascending", title="federation", cls="l"),
              json=lambda: fields()["federation"], json_text=json_texts("federation", "str")),
        _same("rating", "Rtg", lambda: per_value(lambda rating: "" if rating is None else str(rating),
                                                 [p.rating for p in players]), optional=True,
              html=lambda: ["<td></td>" if p.rating is None else f"<td>{p.rating}</td>" for p in players],
              html_head=sort_heading("Rtg", title="rating"), json=lambda: fields()["rating"],
              json_text=json_texts("rating", "int")),
        ReportColumn("fide_id", "", lambda: [p.fide_id or "" for p in players], None, json=lambda: fields()["fide_id"],
                     json_text=json_texts("fide_id", "str")),
        ReportColumn("points", "Pts", lambda: each_once(plain_number, table.points),
                     lambda: each_once(format_points, table.points), decimals=True,
                     html=lambda: each_once(lambda v: f'<td class="pts">{format_points(v)}</td>', table.points),
                     html_head=sort_heading("Pts", title="points"), json=lambda: list(map(json_number, table.points)),
                     json_text=lambda: _score_texts(table.points)),
    ]
    columns += _tiebreaks(codes, values)
    columns.append(_tiebreak_json(codes, values, len(snos)))
    columns.append(_json_only("declared", lambda: [{"points": json_number(points), "rank": rank}
                                                   for points, rank in zip(fields()["points"], fields()["rank"])],
                              lambda: _declared_texts(fields()["points"], fields()["rank"])))
    if ratings is not None:
        rated = ratings
        entries = cache(lambda: [rated.get(sno) for sno in snos])  # the rows, made when a column asks
        columns += [ReportColumn(key, RATING_HEADINGS[key], partial(_rating_cells, entries, key, False),
                                 partial(_rating_cells, entries, key, True),
                                 decimals=True, group="rating", html=partial(_rating_html, entries, key),
                                 html_head=sort_heading(RATING_HEADINGS[key], title=RATING_TITLES[key]))
                    for key in RATING_KEYS]
        columns.append(_json_only("rating_change", entries, partial(_rating_texts, entries)))
    if standings.norms is not None:
        columns.append(_norms(standings.norms, snos))
    return columns


def _rating_texts(entries: Callable[[], list[dict[str, Any] | None]]) -> list[str]:
    """The JSON texts of the rating rows, written a field at a time (:func:`.json_texts.dict_texts`)."""
    from .json_texts import dict_texts

    return dict_texts(entries())


def _norms(norms: Any, snos: list[int]) -> ReportColumn:
    """``--norms``: the title norms achieved (B.01), with the explanation in the HTML cell."""
    from ..norms.explain import NormCells

    cells = cache(lambda: NormCells.of(norms, snos))
    return ReportColumn("norms", "Norms", lambda: cells().labels, lambda: cells().labels, right=False, optional=True,
                        html=lambda: cells().html,
                        html_head=sort_heading("Norms", type_="text", title="FIDE title norms (B.01)", cls="l"),
                        json=lambda: cells().json)


def _rating_cells(entries: Callable[[], list[dict[str, Any] | None]], key: str, signed: bool) -> list[str]:
    """One rating-change column's cells (:func:`.common.rating_value`)."""
    return [rating_value(entry, key, signed=signed) for entry in entries()]


def _rating_html(entries: Callable[[], list[dict[str, Any] | None]], key: str) -> list[str]:
    """One rating-change column's HTML cells, sorted by the number."""
    return [f'<td data-v="{sort_value(entry.get(key) if entry else None)}">{e(rating_value(entry, key, signed=True))}</td>'
            for entry in entries()]


def _player_fields(table: RankColumns) -> dict[str, list[Any]]:
    from .json_texts import player_fields

    return player_fields(table)


def _score_texts(values: list[Any]) -> list[str]:
    from .json_texts import score_texts

    return score_texts(values)


def _declared_texts(points: list[Any], ranks: list[Any]) -> RowParts:
    from .json_texts import integer_texts, object_parts, score_texts

    return object_parts(["points", "rank"], [score_texts(points), integer_texts(ranks)])


def team_columns(standings: TeamStandings) -> list[ReportColumn]:
    """The columns of team standings (:class:`trfscore.teams.standings.TeamStandings`)."""
    rows = standings.rows
    codes = list(standings.tiebreaks)
    values = [[r.tiebreaks.get(c) for r in rows] for c in codes]
    primary = standings.primary

    def score(key: str, heading: str, title: str) -> ReportColumn:
        cls = ' class="pts"' if heading == primary else ""
        return ReportColumn(key, heading, lambda: [plain_number(getattr(r, key)) for r in rows],
                            lambda: [format_score(getattr(r, key)) for r in rows], decimals=True,
                            html=lambda: [number_cell(format_score(getattr(r, key)), getattr(r, key), cls) for r in rows],
                            html_head=sort_heading(heading, title=title),
                            json=lambda: [json_number(getattr(r, key)) for r in rows])

    return [
        ReportColumn("rank", "Rk", lambda: [str(r.rank) for r in rows], lambda: [r.label for r in rows], role="key",
                     html=lambda: [f'<td>{r.rank}</td>' if r.rank == r.rank_to else
                                   f'<td data-v="{r.rank}">{r.label}</td>' for r in rows],
                     html_head=sort_heading("Rk", first="ascending", title="rank", sort="ascending"),
                     json=lambda: [r.rank for r in rows]),
        ReportColumn("rank_to", "", lambda: [str(r.rank_to) for r in rows], None, json=lambda: [r.rank_to for r in rows]),
        _json_only("rank_label", lambda: [r.label for r in rows]),
        _same("team", "No", lambda: [str(r.number) for r in rows], role="key", numbers_rows=True,
              html=lambda: [f"<td>{r.number}</td>" for r in rows],
              html_head=sort_heading("No", first="ascending", title="team number"),
              json=lambda: [r.number for r in rows]),
        _same("name", "Team", lambda: [r.name or "" for r in rows], right=False, untrusted=True, role="name",
              html=lambda: [f'<th scope="row" class="name"><a href="#x{r.number}">{e(r.name) or "(no name)"}</a></th>'
                            for r in rows],
              html_head=sort_heading("Team", type_="text", first="ascending", cls="l name"),
              json=lambda: [r.name for r in rows]),
        score("match_points", "MP", "match points"),
        score("game_points", "GP", "game points"),
        *_tiebreaks(codes, values),
        _tiebreak_json(codes, values, len(rows)),
        _json_only("declared", lambda: [{"match_points": json_number(r.team.team.match_points),
                                         "game_points": json_number(r.team.team.game_points), "rank": r.team.team.rank}
                                        for r in rows]),
        _json_only("matches", lambda: [[_match(m) for m in r.team.rounds] for r in rows]),
    ]


def _match(r: Any) -> dict[str, Any]:
    """One round of a team (:class:`trfscore.teams.model.TeamRound`) in the JSON rows."""
    return {"round": r.round, "opponent": r.opponent, "colour": r.colour, "result": r.kind,
            "match_points": json_number(r.match_points), "game_points": json_number(r.game_points), "source": r.source}


def columns_of(standings: AnyStandings, ratings: RatingsByStart | None = None, names: list[str] | None = None) -> list[ReportColumn]:
    """The columns of either kind of standings (:attr:`trfscore.standings.BaseStandings.kind`);
    ``names``: the players' names escaped for HTML, if made already."""
    if standings.kind == "teams":
        return team_columns(standings)
    return player_columns(standings, ratings, names)
