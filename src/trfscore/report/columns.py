"""The columns of a standings table, described once for players and once for teams.

A :class:`ReportColumn` says what a column is called in CSV (``key``) and in the tables people
read (``heading``: the terminal and Markdown), and makes its cells a whole column at a time (a
report of 10,000 players makes a dozen list comprehensions over the engine's columns, not 120,000
calls).  The text table (:mod:`.text`), the Markdown standings (:mod:`.markdown`,
:mod:`.team_markdown`) and the CSV writer (:mod:`.csv_report`) are driven by these lists, so a
new column is one entry here (plus its test), for individual and team standings alike.

* :func:`player_columns`: rank, start rank, title, name, federation, rating, FIDE id, points, one
  column per tie-break and, with ``--ratings``, the rating calculation.
* :func:`team_columns`: rank, team number, name, match points, game points, one column per
  tie-break.

Cells of ``untrusted`` columns (names, titles, federations) are raw text: each writer makes them
safe its own way (the terminal neutralises, Markdown escapes, CSV guards against formulas), and
headings likewise (a tie-break code comes from the file).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .common import RATING_HEADINGS, RATING_KEYS, plain_number, rating_value
from .values import each_once, format_points, format_score, per_value, rank_labels, title_label

__all__ = ["ReportColumn", "player_columns", "team_columns", "columns_of"]

Cells = Callable[[], list[str]]


@dataclass(frozen=True)
class ReportColumn:
    """One column of one standings table (its cells are made for that table)."""

    key: str  # the CSV heading
    heading: str  # the heading of the tables people read ("": not in them)
    csv: Cells | None  # the CSV cells (None: not in CSV)
    shown: Cells | None  # the cells of the tables people read
    right: bool = True  # right-aligned
    decimals: bool = False  # the terminal lines up the decimal points
    optional: bool = False  # left out of the tables people read when no row fills it
    untrusted: bool = False  # text from the file: each writer makes it safe
    role: str = ""  # "key": repeated on every page of the terminal table; "name": the column that shrinks
    group: str = ""  # "tb", "rating": value columns the terminal table pages together


def _same(key: str, heading: str, cells: Cells, **how: Any) -> ReportColumn:
    """A column written the same way in CSV and in the tables people read."""
    return ReportColumn(key, heading, cells, cells, **how)


def _tiebreaks(codes: list[str], values: list[list[Any]]) -> list[ReportColumn]:
    return [ReportColumn(str(code), str(code), lambda col=col: each_once(plain_number, col),
                         lambda col=col: each_once(format_score, col), decimals=True, group="tb")
            for code, col in zip(codes, values)]


def player_columns(standings, ratings: dict | None = None) -> list[ReportColumn]:
    """The columns of individual standings (``ratings``: per start rank, with ``--ratings``)."""
    table = standings.columns()
    players = table.players
    columns = [
        ReportColumn("rank", "Rk", lambda: list(map(str, table.ranks)), lambda: rank_labels(table.ranks, table.ranks_to),
                     role="key"),
        ReportColumn("rank_to", "", lambda: list(map(str, table.ranks_to)), None),
        _same("start_rank", "SNo", lambda: list(map(str, table.start_ranks)), role="key"),
        _same("title", "Ti", lambda: per_value(title_label, [p.title for p in players]), right=False, optional=True,
              untrusted=True),
        _same("name", "Name", lambda: [p.name or "" for p in players], right=False, untrusted=True, role="name"),
        _same("federation", "FED", lambda: per_value(lambda fed: fed or "", [p.federation for p in players]),
              right=False, optional=True, untrusted=True),
        _same("rating", "Rtg", lambda: per_value(lambda rating: "" if rating is None else str(rating),
                                                 [p.rating for p in players]), optional=True),
        ReportColumn("fide_id", "", lambda: [p.fide_id or "" for p in players], None),
        ReportColumn("points", "Pts", lambda: each_once(plain_number, table.points),
                     lambda: each_once(format_points, table.points), decimals=True),
    ]
    codes = list(standings.tiebreaks)
    values = table.values if list(table.codes) == codes else [[row.tiebreaks.get(c) for row in standings.rows]
                                                              for c in codes]
    columns += _tiebreaks(codes, values)
    if ratings is not None:
        entries = [ratings.get(sno) for sno in table.start_ranks]
        columns += [ReportColumn(key, RATING_HEADINGS[key], lambda key=key: [rating_value(e, key) for e in entries],
                                 lambda key=key: [rating_value(e, key, signed=True) for e in entries],
                                 decimals=True, group="rating")
                    for key in RATING_KEYS]
    return columns


def team_columns(standings) -> list[ReportColumn]:
    """The columns of team standings (:class:`trfscore.teams.standings.TeamStandings`)."""
    rows = standings.rows
    codes = list(standings.tiebreaks)
    return [
        ReportColumn("rank", "Rk", lambda: [str(r.rank) for r in rows], lambda: [r.label for r in rows], role="key"),
        ReportColumn("rank_to", "", lambda: [str(r.rank_to) for r in rows], None),
        _same("team", "No", lambda: [str(r.number) for r in rows], role="key"),
        _same("name", "Team", lambda: [r.name or "" for r in rows], right=False, untrusted=True, role="name"),
        ReportColumn("match_points", "MP", lambda: [plain_number(r.match_points) for r in rows],
                     lambda: [format_score(r.match_points) for r in rows], decimals=True),
        ReportColumn("game_points", "GP", lambda: [plain_number(r.game_points) for r in rows],
                     lambda: [format_score(r.game_points) for r in rows], decimals=True),
    ] + _tiebreaks(codes, [[r.tiebreaks.get(c) for r in rows] for c in codes])


def columns_of(standings, ratings: dict | None = None) -> list[ReportColumn]:
    """The columns of either kind of standings."""
    if hasattr(standings, "primary"):  # team standings rank by a primary score
        return team_columns(standings)
    return player_columns(standings, ratings)
