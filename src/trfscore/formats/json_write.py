"""The model as a JSON document (``trfscore convert --to json``, ``Tournament.to_dict``).

The document follows ``schema/tournament.schema.json`` (draft 2020-12).  It carries the source
lines verbatim (``source.records``) so that JSON -> TRF gives back the original bytes.  Scores are
JSON numbers (:func:`trfscore.decimals.json_number`); one whose decimal expansion does not end is
rounded to 6 decimals and its exact ``"p/q"`` form kept in the document's ``exact`` object (JSON
Pointer -> text), from which the reader (:mod:`.json_read`) restores it: nothing is lost.
"""
from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..decimals import is_rounded_in_json, json_number
from .json_pointer import token
from .json_text import DATE_FIELDS, SCHEMA_ID, SCHEMA_VERSION, dumps

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Tournament
    from ..records import TrfRecord


class _Numbers:
    """Scores as JSON numbers, remembering the exact form of each one rounded (JSON Pointer ->
    ``"p/q"``) for the document's ``exact`` object."""

    def __init__(self) -> None:
        self.exact: dict[str, str] = {}

    def __call__(self, value: Fraction | int | None, pointer: str) -> float | int | None:
        if is_rounded_in_json(value):
            self.exact[pointer] = str(value)
        return json_number(value)

    def plain(self, value: Any, pointer: str) -> Any:
        """Extras made JSON-safe: Fractions to numbers, dataclasses to dicts."""
        if isinstance(value, Fraction):
            return self(value, pointer)
        if isinstance(value, dict):
            return {str(k): self.plain(v, f"{pointer}/{token(k)}") for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.plain(v, f"{pointer}/{i}") for i, v in enumerate(value)]
        if hasattr(value, "__dataclass_fields__"):
            return self.plain(asdict(value), pointer)
        return value


def to_dict(t: Tournament, *, records: bool = True, findings: bool = True) -> dict[str, Any]:
    """The JSON document for ``t`` as Python data."""
    num = _Numbers()
    header = asdict(t.header)
    header.update({key: header[key] or None for key in DATE_FIELDS})
    header["team_scoring"] = {k: num(v, f"/header/team_scoring/{token(k)}")
                              for k, v in t.header.team_scoring.items()}
    players = [{
        "start_rank": p.start_rank, "name": p.name, "sex": p.sex, "title": p.title,
        "rating": p.rating, "federation": p.federation, "fide_id": p.fide_id, "birth": p.birth,
        "points": num(p.points, f"/players/{i}/points"), "rank": p.rank, "line": p.line,
        "national": {k: asdict(v) for k, v in p.national.items()},
        "games": [{"round": g.round, "opponent": g.opponent, "colour": g.colour, "code": g.code,
                   "kind": g.kind} for g in p.games],
    } for i, p in enumerate(t.players)]
    teams = [{**asdict(team), "match_points": num(team.match_points, f"/teams/{i}/match_points"),
              "game_points": num(team.game_points, f"/teams/{i}/game_points")} for i, team in enumerate(t.teams)]
    src = t.source
    source: dict[str, Any] = {"path": src.path, "format": src.format, "dialect": src.dialect,
                              "encoding": src.encoding, "bom": src.bom}
    if records and src.records:
        source["records"] = [{"kind": r.kind, "text": r.text, "eol": r.eol, "line": r.line} for r in src.records]
    doc: dict[str, Any] = {
        "$schema": SCHEMA_ID,
        "schema_version": SCHEMA_VERSION,
        "header": header,
        "scoring": {"values": {k: num(v, f"/scoring/values/{token(k)}") for k, v in t.scoring.values.items()},
                    "detail": {k: num(v, f"/scoring/detail/{token(k)}") for k, v in t.scoring.detail.items()},
                    "source": t.scoring.source},
        "rounds": t.rounds,
        "players": players,
        "teams": teams,
        "records": [_record_dict(r, num, f"/records/{i}") for i, r in enumerate(t.records)],
        "extras": num.plain(t.extras, "/extras"),
        "source": source,
    }
    if findings:
        doc["findings"] = [f.to_dict() for f in t.findings]
    doc["exact"] = num.exact
    return doc


def write(t: Tournament, **options: Any) -> str:
    """The JSON text for ``t`` (UTF-8-safe: non-ASCII kept, control characters escaped)."""
    return dumps(to_dict(t, **options), "players")


def _record_dict(r: TrfRecord, num: _Numbers, pointer: str) -> dict[str, Any]:
    """A typed record as JSON: its code and its fields (scores as numbers)."""
    out: dict[str, Any] = {"code": r.code}
    for name, value in asdict(r).items():
        if isinstance(value, Fraction):
            value = num(value, f"{pointer}/{name}")
        elif isinstance(value, list) and any(isinstance(v, Fraction) for v in value):
            value = [num(v, f"{pointer}/{name}/{i}") for i, v in enumerate(value)]
        out[name] = value
    return out
