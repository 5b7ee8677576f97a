"""The standings as a JSON document (``reportDocument`` in the packaged schema)."""
from __future__ import annotations

from typing import Any

from ..formats.json_model import SCHEMA_ID, dumps, score_to_json
from ..model import Tournament
from .values import rank_label


def tournament_facts(t: Tournament) -> dict[str, Any]:
    h = t.header
    return {"name": h.name, "city": h.city, "federation": h.federation, "start_date": h.start_date_iso or h.start_date,
            "end_date": h.end_date_iso or h.end_date, "chief_arbiter": h.chief_arbiter, "rounds": t.rounds,
            "rounds_declared": h.rounds_declared, "players": len(t.players), "system": h.system or h.type,
            "source": {"path": t.source.path, "format": t.source.format, "dialect": t.source.dialect,
                       "encoding": t.source.encoding}}


def to_dict(t: Tournament, standings, ratings: dict | None = None, findings: bool = True,
            ratings_system: str | None = None) -> dict[str, Any]:
    """``ratings`` maps start rank to a JSON-ready rating calculation (``--ratings``)."""
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
    facts = tournament_facts(t)
    facts["after_round"] = getattr(standings, "rounds", None) or t.rounds
    doc: dict[str, Any] = {"$schema": SCHEMA_ID, "tournament": facts, "rules": standings.rules,
                           "system": standings.system, "tiebreaks": list(standings.tiebreaks), "standings": rows,
                           "notes": list(getattr(standings, "notes", []))}
    if ratings is not None:
        doc["ratings"] = ratings_system
    if findings:
        doc["findings"] = [f.to_dict() for f in t.findings]
    return doc


def render(t: Tournament, standings, ratings: dict | None = None, ratings_system: str | None = None) -> str:
    return dumps(to_dict(t, standings, ratings, ratings_system=ratings_system), "standings")
