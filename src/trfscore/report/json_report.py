"""The standings as a JSON document: ``reportDocument`` for players, ``teamReportDocument`` for
teams (``--teams``), both in the packaged schema.

The rows are the JSON fields of :mod:`.columns` (the same descriptions as every other format).
:func:`to_dict` builds the document as Python data; :func:`render` writes the same text as
``dumps(to_dict(...))`` but writes each column's texts at once where the column makes them (each
distinct number converted once: the rows are most of the work for 10,000 players), then one
row per line; :func:`write` writes that text a run of rows at a time (the command's path).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from ..decimals import json_number
from ..formats.json_text import SCHEMA_ID
from ..formats.json_text import pieces as json_pieces
from ..gcpause import gc_paused
from ..model import Tournament
from .columns import ReportColumn, columns_of
from .common import join_rows
from .json_texts import RowParts, encode_value, json_string

if TYPE_CHECKING:
    from .common import AnyStandings, RatingsByStart

#: the key of the rows in each kind of document
_ROWS = {"players": "standings", "teams": "teams"}
#: rows joined at a time by :func:`render` (a run's cell list is ~30 pointers a row)
_RUN = 1000


def tournament_facts(t: Tournament) -> dict[str, Any]:
    h = t.header
    return {"name": h.name, "city": h.city, "federation": h.federation, "start_date": h.start_date_iso or h.start_date or None,
            "end_date": h.end_date_iso or h.end_date or None, "chief_arbiter": h.chief_arbiter, "rounds": t.rounds,
            "rounds_declared": h.rounds_declared, "players": len(t.players), "system": h.system or h.type,
            "source": {"path": t.source.path, "format": t.source.format, "dialect": t.source.dialect,
                       "encoding": t.source.encoding}}


def to_dict(t: Tournament, standings: AnyStandings, ratings: RatingsByStart | None = None, findings: bool = True,
            ratings_system: str | None = None) -> dict[str, Any]:
    """``ratings`` maps start rank to a JSON-ready rating calculation (``--ratings``)."""
    doc = _frame(t, standings, ratings is not None, findings, ratings_system)
    columns = _json_columns(standings, ratings)
    keys = [c.key for c in columns]
    doc[_rows_key(standings)] = [dict(zip(keys, row)) for row in zip(*map(_values, columns))]
    return doc


def _rows_key(standings: AnyStandings) -> str:
    return _ROWS[standings.kind]


def _json_columns(standings: AnyStandings, ratings: RatingsByStart | None) -> list[ReportColumn]:
    return [c for c in columns_of(standings, ratings) if c.json is not None]


def _values(column: ReportColumn) -> list[Any]:
    """The JSON values of a column :func:`_json_columns` kept."""
    if column.json is None:
        raise ValueError(f"column {column.key!r} has no JSON values")
    return column.json()


def _frame(t: Tournament, standings: AnyStandings, rated: bool, findings: bool, ratings_system: str | None) -> dict[str, Any]:
    """The document without its rows."""
    facts = tournament_facts(t)
    teams = standings.kind == "teams"
    if standings.kind == "teams":
        event = standings.event
        facts.update(teams=len(event.teams), boards=event.boards, after_round=event.rounds,
                     match_points={k: json_number(v) for k, v in (("TW", event.scoring.win), ("TD", event.scoring.draw),
                                                                    ("TL", event.scoring.loss))})
    else:
        facts["after_round"] = standings.rounds or t.rounds
    doc: dict[str, Any] = {"$schema": SCHEMA_ID, "tournament": facts, "rules": standings.rules, "system": standings.system}
    if not teams:
        doc["event"] = t.event.to_dict(standings.rounds)
    if standings.kind == "teams":
        doc["primary"] = standings.primary
    doc.update(tiebreaks=list(standings.tiebreaks), notes=list(standings.notes))
    if rated:
        doc["ratings"] = ratings_system
    if findings:
        from ..consistency import verdict

        listed = list(t.findings) + standings.findings
        known = set(listed)  # the verdict's reader findings (TRF302) are the tournament's already
        listed += [f for f in verdict(t) if f not in known] if not teams else []
        doc["findings"] = [f.to_dict() for f in listed]
    return doc


def render(t: Tournament, standings: AnyStandings, ratings: RatingsByStart | None = None, ratings_system: str | None = None) -> str:
    """The JSON text of :func:`to_dict`, one row per line."""
    return "".join(pieces(t, standings, ratings, ratings_system))


def write(t: Tournament, standings: AnyStandings, out: IO[str], ratings: RatingsByStart | None = None,
          ratings_system: str | None = None) -> None:
    """:func:`render`'s text written to ``out`` a piece at a time: a run of rows is the most
    held at once, never the whole text (2.9 MB at 10,000 players, and as much again encoded).
    The columns' lists of texts hold no cycles: the collector is paused meanwhile."""
    with gc_paused():
        for piece in pieces(t, standings, ratings, ratings_system):
            out.write(piece)


def pieces(t: Tournament, standings: AnyStandings, ratings: RatingsByStart | None = None,
           ratings_system: str | None = None) -> Iterator[str]:
    """:func:`render`'s text in pieces (:func:`~trfscore.formats.json_text.pieces`): every
    column's texts are made before the first piece, each run of rows joined when asked for."""
    columns = _json_columns(standings, ratings)
    parts: list[str | list[Any]] = []  # of every row's text (RowParts' layout)
    try:
        for n, c in enumerate(columns):
            texts = c.json_text() if c.json_text is not None else list(map(encode_value, _values(c)))
            parts += [("{" if n == 0 else ", ") + json_string(c.key) + ": ",
                      *(texts if type(texts) is RowParts else (texts,))]
    except TypeError:  # a field of an unexpected type (set through the API): the general encoder
        return json_pieces(to_dict(t, standings, ratings, ratings_system=ratings_system), _rows_key(standings))
    count = next((len(part) for part in parts if not isinstance(part, str)), 0)  # (the rank column's, say)
    frame = _frame(t, standings, ratings is not None, True, ratings_system)
    body = _runs([*parts, "}"], count) if columns else [",\n".join(["{}"] * count)]
    return json_pieces(frame, _rows_key(standings), body)


def _runs(parts: list[str | list[Any]], count: int) -> Iterator[str]:
    """The ``count`` rows, each the concatenation of ``parts`` (a string the same in every row,
    or a list of each row's text), joined a run of :data:`_RUN` rows at a time: the run's cell
    list lives one run long."""
    merged: list[str | list[Any]] = []
    for part in parts:  # neighbouring strings as one
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    for start in range(0, count, _RUN):
        pieces = [part if isinstance(part, str) else part[start:start + _RUN] for part in merged]
        yield join_rows(pieces, min(_RUN, count - start), ",\n")
