"""The standings as a JSON document: ``reportDocument`` for players, ``teamReportDocument`` for
teams (``--teams``), both in the packaged schema.

The rows are the JSON fields of :mod:`.columns` (the same descriptions as every other format).
:func:`to_dict` builds the document as Python data; :func:`render` writes the same text as
``dumps(to_dict(...))`` but writes each column's texts at once where the column makes them (each
distinct number converted once: the rows are most of the work for 10,000 players), then one
row per line.
"""
from __future__ import annotations

import json
import math
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from ..formats.json_text import SCHEMA_ID, dumps, score_to_json
from ..model import Tournament
from ..standings import RankColumns
from .columns import ReportColumn, columns_of
from .common import join_rows
from .values import each_once

if TYPE_CHECKING:
    from .common import AnyStandings, RatingsByStart

#: the key of the rows in each kind of document
_ROWS = {"players": "standings", "teams": "teams"}


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
                     match_points={k: score_to_json(v) for k, v in (("TW", event.scoring.win), ("TD", event.scoring.draw),
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
    columns = _json_columns(standings, ratings)
    try:
        texts = [c.json_text() if c.json_text is not None else list(map(encode_value, _values(c))) for c in columns]
    except TypeError:  # a field of an unexpected type (set through the API): the general encoder
        return dumps(to_dict(t, standings, ratings, ratings_system=ratings_system), _rows_key(standings))
    count = len(texts[0]) if texts else 0
    pieces: list[str | list[str]] = []
    for n, (c, column) in enumerate(zip(columns, texts)):
        pieces += [("{" if n == 0 else ", ") + _text(c.key) + ": ", column if _all_str(column) else list(map(str, column))]
    body = join_rows([*pieces, "}"], count, ",\n") if pieces else ",\n".join(["{}"] * count)
    return dumps(_frame(t, standings, ratings is not None, True, ratings_system), _rows_key(standings), body)


def _all_str(values: list[Any]) -> bool:
    return set(map(type, values)) <= {str}


_text = json.encoder.encode_basestring  # a JSON string, as json.dumps(..., ensure_ascii=False)
encode_value = json.JSONEncoder(ensure_ascii=False).encode  # a nested value, as dumps encodes its rows


def score_texts(values: list[Any]) -> list[str]:
    """JSON texts of exact scores, each distinct value converted once (:func:`.values.each_once`)."""
    return each_once(_score_json_text, values)


def _score_json_text(value: Any) -> str:
    return _score_text(score_to_json(value))


def _score_text(value: float | int | str | None) -> str:
    """What ``json.dumps`` writes for a :func:`score_to_json` value (finite numbers only),
    without building an encoder for each value."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return _text(value)
    return repr(value)


def dict_texts(rows: list[Any]) -> list[str]:
    """JSON texts of dicts of one layout (the rating rows: :func:`.values.rating_row`), written a
    field at a time, each distinct value of a field once; rows of mixed layouts (or not dicts)
    through the general encoder, as before."""
    keys = tuple(rows[0]) if rows and type(rows[0]) is dict else None
    if keys is None or set(map(type, rows)) != {dict} or not all(map(keys.__eq__, map(tuple, rows))):
        return list(map(encode_value, rows))
    return object_texts(list(keys), [_field_texts(list(map(itemgetter(key), rows))) for key in keys], len(rows))


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _field_texts(values: list[Any]) -> list[str]:
    """JSON texts of one field's values: scalars each distinct value once, empty lists as
    ``[]``, anything else through the general encoder."""
    types = set(map(type, values))
    if not types <= _SCALARS:
        return [encode_value(v) if v != [] else "[]" for v in values]
    distinct = set(values)
    # 1, 1.0 and True are one key of a set: write them apart when a field mixes such types
    if len(types & {int, float, bool}) > 1 and len(set(zip(map(type, values), values))) != len(distinct):
        return list(map(encode_value, values))
    texts = {v: _scalar_text(v) for v in distinct}
    return list(map(texts.__getitem__, values))


def _scalar_text(value: Any) -> str:
    """What ``json.dumps`` writes for a str, int, float, bool or None."""
    if value is None or type(value) is bool or (type(value) is float and not math.isfinite(value)):
        return encode_value(value)
    return _text(value) if type(value) is str else repr(value)


def string_texts(values: list[Any]) -> list[str]:
    """JSON texts of strings (a TypeError for anything else)."""
    return list(map(_text, values))


def object_texts(keys: list[str], columns: list[list[str]], count: int) -> list[str]:
    """``count`` JSON objects as texts, ``keys[k]`` holding the texts of ``columns[k]``."""
    if not keys:
        return list(repeat("{}", count))
    pieces: list[Any] = []
    for n, (key, column) in enumerate(zip(keys, columns)):
        pieces += [repeat(("{" if n == 0 else ", ") + json.dumps(key, ensure_ascii=False) + ": ", count), column]
    return list(map("".join, zip(*pieces, repeat("}", count))))


#: The ``Player`` attributes the JSON rows take as they are (the declared points and rank among them).
PLAYER_FIELDS = ("title", "name", "federation", "rating", "fide_id", "points", "rank")
_FIELDS = attrgetter(*PLAYER_FIELDS)


def player_fields(table: RankColumns) -> dict[str, list[Any]]:
    """The players' :data:`PLAYER_FIELDS` by name, each a column in rank order.  They are read in
    start-rank order when the table knows it: that is the order the players were made in, and
    reading 10,000 objects' fields in memory order takes half the time."""
    if table.order is None or table.by_start_rank is None:
        columns = [list(column) for column in zip(*map(_FIELDS, table.players))]
    else:
        columns = [list(map(column.__getitem__, table.order)) for column in zip(*map(_FIELDS, table.by_start_rank))]
    return dict(zip(PLAYER_FIELDS, columns or [[] for _ in PLAYER_FIELDS]))


def integer_texts(values: list[int | None]) -> list[str]:
    """JSON texts of optional integers, each distinct value converted once (a TypeError for
    anything else)."""
    texts = {v: "null" if v is None else str(v) for v in set(values)}
    if not all(v is None or type(v) is int for v in texts):
        raise TypeError("not an integer")
    return list(map(texts.__getitem__, values))
