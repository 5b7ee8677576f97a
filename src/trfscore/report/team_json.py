"""The team standings as a JSON document (``teamReportDocument`` in the packaged schema).

One row per team: rank, team number, name, match and game points, the tie-break values, the
totals the file declares (310) and the team's matches round by round.  Scores are JSON numbers
(:func:`trfscore.decimals.json_number`: rounded to 6 decimals only where the decimal expansion
does not end).
"""
from __future__ import annotations

from typing import Any

from ..formats.json_model import SCHEMA_ID, dumps, score_to_json
from ..model import Tournament
from .json_report import tournament_facts

__all__ = ["to_dict", "render"]


def _value(value: Any) -> Any:
    return None if value is None else (value if isinstance(value, int) and not isinstance(value, bool)
                                       else score_to_json(value))


def _match(r) -> dict[str, Any]:
    return {"round": r.round, "opponent": r.opponent, "colour": r.colour, "result": r.kind,
            "match_points": score_to_json(r.match_points), "game_points": score_to_json(r.game_points),
            "source": r.source}


def to_dict(t: Tournament, standings, findings: bool = True) -> dict[str, Any]:
    event = standings.event
    rows = []
    for row in standings.rows:
        team = row.team.team
        rows.append({
            "rank": row.rank, "rank_to": row.rank_to, "rank_label": row.label, "team": row.number,
            "name": row.name, "match_points": score_to_json(row.match_points),
            "game_points": score_to_json(row.game_points),
            "tiebreaks": {code: _value(v) for code, v in row.tiebreaks.items()},
            "declared": {"match_points": score_to_json(team.match_points),
                         "game_points": score_to_json(team.game_points), "rank": team.rank},
            "matches": [_match(r) for r in row.team.rounds],
        })
    facts = tournament_facts(t)
    facts.update(teams=len(event.teams), boards=event.boards, after_round=event.rounds,
                 match_points={k: score_to_json(v) for k, v in (("TW", event.scoring.win),
                                                                ("TD", event.scoring.draw),
                                                                ("TL", event.scoring.loss))})
    doc: dict[str, Any] = {"$schema": SCHEMA_ID, "tournament": facts, "rules": standings.rules,
                           "system": standings.system, "primary": standings.primary,
                           "tiebreaks": list(standings.tiebreaks), "teams": rows, "notes": list(standings.notes)}
    if findings:
        doc["findings"] = [f.to_dict() for f in list(t.findings) + list(standings.findings)]
    return doc


def render(t: Tournament, standings) -> str:
    return dumps(to_dict(t, standings), "teams")
