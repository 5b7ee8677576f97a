"""The standings as a JSON document (``reportDocument`` in the packaged schema).

:func:`to_dict` builds the document as Python data; :func:`render` writes the same text as
``dumps(to_dict(...))`` but writes the standings rows straight from the standings, with each
distinct number converted once: the rows are most of the work for 10,000 players.
"""
from __future__ import annotations

import json
from itertools import repeat
from operator import attrgetter
from typing import Any

from ..formats.json_model import SCHEMA_ID, dumps, score_to_json
from ..model import Tournament
from ..standings import RankColumns
from .values import rank_label


def tournament_facts(t: Tournament) -> dict[str, Any]:
    h = t.header
    return {"name": h.name, "city": h.city, "federation": h.federation, "start_date": h.start_date_iso or h.start_date or None,
            "end_date": h.end_date_iso or h.end_date or None, "chief_arbiter": h.chief_arbiter, "rounds": t.rounds,
            "rounds_declared": h.rounds_declared, "players": len(t.players), "system": h.system or h.type,
            "source": {"path": t.source.path, "format": t.source.format, "dialect": t.source.dialect,
                       "encoding": t.source.encoding}}


def to_dict(t: Tournament, standings, ratings: dict | None = None, findings: bool = True,
            ratings_system: str | None = None) -> dict[str, Any]:
    """``ratings`` maps start rank to a JSON-ready rating calculation (``--ratings``)."""
    doc = _frame(t, standings, ratings is not None, findings, ratings_system)
    doc["standings"] = _rows(standings, ratings)
    return doc


def _rows(standings, ratings: dict | None) -> list[dict[str, Any]]:
    rows = []
    for row in standings.rows:
        p = row.player
        item: dict[str, Any] = {
            "rank": row.rank, "rank_to": row.rank_to, "rank_label": rank_label(row), "start_rank": row.start_rank,
            "title": p.title, "name": p.name, "federation": p.federation, "rating": p.rating, "fide_id": p.fide_id,
            "points": score_to_json(row.points),
            "tiebreaks": {code: score_to_json(value) if value is not None else None
                          for code, value in row.tiebreaks.items()},
            "declared": {"points": score_to_json(p.points), "rank": p.rank},
        }
        if ratings is not None:
            item["rating_change"] = ratings.get(row.start_rank)
        rows.append(item)
    return rows


def _frame(t: Tournament, standings, rated: bool, findings: bool, ratings_system: str | None) -> dict[str, Any]:
    """The document without its rows."""
    facts = tournament_facts(t)
    facts["after_round"] = getattr(standings, "rounds", None) or t.rounds
    doc: dict[str, Any] = {"$schema": SCHEMA_ID, "tournament": facts, "rules": standings.rules,
                           "system": standings.system, "tiebreaks": list(standings.tiebreaks),
                           "notes": list(getattr(standings, "notes", []))}
    if rated:
        doc["ratings"] = ratings_system
    if findings:
        doc["findings"] = [f.to_dict() for f in t.findings]
    return doc


def render(t: Tournament, standings, ratings: dict | None = None, ratings_system: str | None = None) -> str:
    """The JSON text of :func:`to_dict`, one standings row per line."""
    try:
        rows, start_ranks = _row_texts(standings)
    except TypeError:  # a field of an unexpected type (set through the API): the general encoder
        return dumps(to_dict(t, standings, ratings, ratings_system=ratings_system), "standings")
    if ratings is not None:  # each row's rating calculation (nested data) added by the encoder
        encode = _encode_value
        rows = [f'{row[:-1]}, "rating_change": {encode(ratings.get(sno))}}}' for row, sno in zip(rows, start_ranks)]
    return dumps(_frame(t, standings, ratings is not None, True, ratings_system), "standings", ",\n".join(rows))


_text = json.encoder.encode_basestring  # a JSON string, as json.dumps(..., ensure_ascii=False)
_encode_value = json.JSONEncoder(ensure_ascii=False).encode  # a nested value, as dumps encodes its rows


def _numbers(values: list) -> list[str]:
    """JSON texts of exact scores, each distinct value converted once.  ``values`` keeps every
    object alive meanwhile, so equal ids are the same object."""
    distinct = dict(zip(map(id, values), values))
    texts = {k: _score_text(score_to_json(v)) for k, v in distinct.items()}
    return list(map(texts.__getitem__, map(id, values)))


def _score_text(value: float | int | str | None) -> str:
    """What ``json.dumps`` writes for a :func:`score_to_json` value (finite numbers only),
    without building an encoder for each value."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return _text(value)
    return repr(value)


def _row_texts(standings) -> tuple[list[str], list[int]]:
    """The rows of :func:`_rows` (without ratings) as JSON texts, each as ``json.dumps`` writes
    it, and their start ranks: every field's texts made per column (numbers once per distinct
    value), then one f-string per row."""
    table = standings.columns() if hasattr(standings, "columns") else RankColumns.of_rows(standings.rows)
    count = len(table.players)
    keys = [json.dumps(code, ensure_ascii=False) + ": " for code in table.codes]
    if keys:
        pieces = []
        for n, (key, column) in enumerate(zip(keys, table.values)):
            pieces += [repeat(("{" if n == 0 else ", ") + key, count), _numbers(column)]
        tiebreaks = list(map("".join, zip(*pieces, repeat("}", count))))
    else:
        tiebreaks = list(repeat("{}", count))
    titles, names, federations, ratings, fide_ids, declared_points, declared_ranks = _player_fields(table)
    points = _numbers(table.points)
    declared_points = _numbers(declared_points)
    ratings, declared_ranks = _integers(ratings), _integers(declared_ranks)
    titles, names, federations, fide_ids = (list(map(_text, column))
                                            for column in (titles, names, federations, fide_ids))
    labels = [rank if rank == rank_to else f"{rank}-{rank_to}" for rank, rank_to in zip(table.ranks, table.ranks_to)]
    out = [f'{{"rank": {rank}, "rank_to": {rank_to}, "rank_label": "{label}", '
           f'"start_rank": {start_rank}, "title": {title}, "name": {name}, "federation": {federation}, '
           f'"rating": {rating}, "fide_id": {fide_id}, "points": {pts}, "tiebreaks": {tb}, '
           f'"declared": {{"points": {dpts}, "rank": {drank}}}}}'
           for rank, rank_to, label, start_rank, title, name, federation, rating, fide_id, pts, tb, dpts, drank in zip(
               table.ranks, table.ranks_to, labels, table.start_ranks, titles, names, federations, ratings, fide_ids,
               points, tiebreaks, declared_points, declared_ranks)]
    return out, table.start_ranks


_FIELDS = attrgetter("title", "name", "federation", "rating", "fide_id", "points", "rank")


def _player_fields(table: RankColumns) -> list[list]:
    """The players' fields of a row, each a column in rank order.  They are read in start-rank
    order when the table knows it: that is the order the players were made in, and reading
    10,000 objects' fields in memory order takes half the time."""
    if table.order is None or table.by_start_rank is None:
        return [list(column) for column in zip(*map(_FIELDS, table.players))] or [[]] * 7
    columns = zip(*map(_FIELDS, table.by_start_rank))
    return [list(map(column.__getitem__, table.order)) for column in columns] or [[]] * 7


def _integers(values: list[int | None]) -> list[str]:
    """JSON texts of optional integers, each distinct value converted once (a TypeError for
    anything else)."""
    texts = {v: "null" if v is None else str(v) for v in set(values)}
    if not all(v is None or type(v) is int for v in texts):
        raise TypeError("not an integer")
    return list(map(texts.__getitem__, values))
