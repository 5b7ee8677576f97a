"""The columns of a standings table, described once for players and once for teams.

A :class:`ReportColumn` says what a column is called in CSV (``key``) and in the terminal table
(``heading``), and how its cells are written in each, computed a whole column at a time (a
report of 10,000 players makes a dozen list comprehensions, not 120,000 calls).  The text table
(:mod:`.text`) and the CSV writer (:mod:`.csv_report`) are driven by these lists, so a new column
is one entry here (plus its test), for individual and team standings alike.

* :func:`player_columns`: rank, start rank, title, name, federation, rating, FIDE id, points, one
  column per tie-break and, with ``--ratings``, the rating calculation.
* :func:`team_columns`: rank, team number, name, match points, game points, one column per
  tie-break.

Cells of the text table are neutralised here (:func:`trfscore.safetext.neutralise`); CSV cells
go through :func:`~.csv_report.safe_cell` when written.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..safetext import neutralise
from .common import RATING_HEADINGS, RATING_KEYS, plain_number, rating_value
from .values import format_points, format_score, rank_label, title_label

__all__ = ["ReportColumn", "player_columns", "team_columns", "columns_of"]

Cells = Callable[[list[Any]], list[str]]


@dataclass(frozen=True)
class ReportColumn:
    """One column of a standings table."""

    key: str  # the CSV heading ("" when the column is not in CSV)
    heading: str  # the text table's heading ("" when the column is not in the text table)
    csv: Cells | None  # rows -> CSV cells
    text: Cells | None  # rows -> text cells
    right: bool = True  # right-aligned in the text table
    decimals: bool = False  # decimal points lined up in the text table
    optional: bool = False  # left out of the text table when no row fills it
    role: str = ""  # "key": repeated on every page of the text table; "name": the column that shrinks
    group: str = ""  # "tb", "rating": value columns the text table pages together


def _each(fn: Callable[[Any], str]) -> Cells:
    return lambda rows: [fn(r) for r in rows]


def _same(key: str, heading: str, fn: Callable[[Any], str], **how: Any) -> ReportColumn:
    """A column written the same way in CSV and in the text table."""
    cells = _each(fn)
    return ReportColumn(key, heading, cells, cells, **how)


def _tiebreak(code: str) -> ReportColumn:
    return ReportColumn(str(code), neutralise(str(code)), _each(lambda r: plain_number(r.tiebreaks.get(code))),
                        _each(lambda r: format_score(r.tiebreaks.get(code))), decimals=True, group="tb")


def _rating(key: str, ratings: dict) -> ReportColumn:
    return ReportColumn(key, RATING_HEADINGS[key], _each(lambda r: rating_value(ratings.get(r.start_rank), key)),
                        _each(lambda r: rating_value(ratings.get(r.start_rank), key, signed=True)),
                        decimals=True, group="rating")


def _ranks() -> list[ReportColumn]:
    return [ReportColumn("rank", "Rk", _each(lambda r: str(r.rank)), _each(rank_label), role="key"),
            ReportColumn("rank_to", "", _each(lambda r: str(getattr(r, "rank_to", r.rank) or r.rank)), None)]


def player_columns(standings, ratings: dict | None = None) -> list[ReportColumn]:
    """The columns of individual standings (``ratings``: per start rank, with ``--ratings``)."""
    columns = _ranks() + [
        _same("start_rank", "SNo", lambda r: str(r.start_rank), role="key"),
        ReportColumn("title", "Ti", _each(lambda r: title_label(r.player.title)),
                     _each(lambda r: neutralise(title_label(r.player.title))), right=False, optional=True),
        ReportColumn("name", "Name", _each(lambda r: r.player.name or ""), _each(lambda r: neutralise(r.player.name)),
                     right=False, role="name"),
        ReportColumn("federation", "FED", _each(lambda r: r.player.federation or ""),
                     _each(lambda r: neutralise(r.player.federation)), right=False, optional=True),
        _same("rating", "Rtg", lambda r: "" if r.player.rating is None else str(r.player.rating), optional=True),
        ReportColumn("fide_id", "", _each(lambda r: r.player.fide_id or ""), None),
        ReportColumn("points", "Pts", _each(lambda r: plain_number(r.points)), _each(lambda r: format_points(r.points)),
                     decimals=True),
    ]
    columns += [_tiebreak(code) for code in standings.tiebreaks]
    if ratings is not None:
        columns += [_rating(key, ratings) for key in RATING_KEYS]
    return columns


def team_columns(standings) -> list[ReportColumn]:
    """The columns of team standings (:class:`trfscore.teams.standings.TeamStandings`)."""
    columns = _ranks() + [
        _same("team", "No", lambda r: str(r.number), role="key"),
        ReportColumn("name", "Team", _each(lambda r: r.name or ""), _each(lambda r: neutralise(r.name)), right=False,
                     role="name"),
        ReportColumn("match_points", "MP", _each(lambda r: plain_number(r.match_points)),
                     _each(lambda r: format_score(r.match_points)), decimals=True),
        ReportColumn("game_points", "GP", _each(lambda r: plain_number(r.game_points)),
                     _each(lambda r: format_score(r.game_points)), decimals=True),
    ]
    columns += [_tiebreak(code) for code in standings.tiebreaks]
    return columns


def columns_of(standings, ratings: dict | None = None) -> list[ReportColumn]:
    """The columns of either kind of standings."""
    if hasattr(standings, "primary"):  # team standings rank by a primary score
        return team_columns(standings)
    return player_columns(standings, ratings)
