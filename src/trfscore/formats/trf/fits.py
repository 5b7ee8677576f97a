"""Whether a tournament fits the columns of the TRF it would be written as (rule TRF960).

A ``001`` line is a grid: a number wider than its field (a rating of ``12345``, a start rank of
``99999``) pushes every later column, so the line written reads back as another player, or as
none; a text wider than its field (a name of 40 characters) would be cut
(:func:`.layout.template`).  A total the writer computes (no points declared: the sum of the
results under the file's scoring, record 162) is measured too: a win worth 3 and a draw worth
1.25 give totals such as ``12.75``, five characters in the four of columns 81-84.  A number
that is no whole number where the field holds one (``2.0`` from a JSON document) would be
written as text the field does not take.  A team written afresh is measured as its ``310``
(or ``013``) record: team ``1000`` does not fit columns 5-7.  The writers are asked first:
``convert`` refuses such a tournament with these findings (exit 1) instead of shifting columns,
and the writers (:func:`.versions.write`, :func:`.writer.write_text`, behind
``trfscore.dumps``/``dump`` to a TRF) raise :class:`Misfits`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ...decimals import trf_points, trf_value
from ...findings import CappedFindings, Finding, counted, finding
from . import rules as _rules  # noqa: F401  (declares TRF960)
from .layout import BY_CODE, PLAYER, Record, field_text

if TYPE_CHECKING:  # (the writers import this module: no import of the model here)
    from ...model import Player, Team, Tournament
    from ...records import TrfRecord

#: the fields of a 001 line that hold whole numbers
_WHOLE = frozenset(f.name for f in PLAYER.fields if f.type == "int")
_FIELD = {f.name: f for f in PLAYER.fields}
assert PLAYER.block is not None
_OPPONENT_WIDTH = PLAYER.block.field("opponent").width
_POINTS = _FIELD["points"]


def player_fields(p: Player) -> dict[str, object]:
    """The values :func:`.writer.format_player` writes in the fields of :data:`.layout.PLAYER`,
    by name: the ones :func:`misfits` measures."""
    return {"start_rank": p.start_rank, "sex": p.sex, "title": p.title, "name": p.name,
            "rating": p.rating or "", "federation": p.federation, "fide_id": p.fide_id, "birth": p.birth,
            "points": "" if p.points is None else trf_points(p.points), "rank": "" if p.rank is None else p.rank}


def misfits(t: Tournament, totals: Mapping[int, Fraction] | None = None, teams: Iterable[Team] = (),
            team_record: str = "310") -> list[Finding]:
    """A TRF960 finding for every value of ``t`` that does not fit its TRF field (at most
    :data:`~trfscore.findings.MAX_PER_RULE`, then a note counting the rest); ``totals``: the
    points the writer gives players by start rank, measured where they are not the declared ones;
    ``teams``: the teams written, as ``team_record`` records (``310`` or ``013``)."""
    return player_misfits(t.players, totals, teams=teams, team_record=team_record)


def player_misfits(players: Iterable[Player], totals: Mapping[int, Fraction] | None = None, *,
                   texts: bool = True, teams: Iterable[Team] = (), team_record: str = "310") -> list[Finding]:
    """:func:`misfits` of these players (and teams), as a ``001`` line of each would be written
    (:func:`.versions.format_player`); ``texts=False``: only what would shift the later columns,
    not a text that would be cut (the pairing checker's input, which reads no text field)."""
    out: list[Finding] = []
    add = CappedFindings(out)
    for team in teams:
        for found in team_misfits(team, BY_CODE[team_record]):
            add(found)
    for p in players:
        who = f"player {p.start_rank!r}" + (f" ({p.name})" if p.name else "")
        computed = None if totals is None else totals.get(p.start_rank)
        if computed is not None and computed != p.points:  # (a declared value is measured below)
            total = trf_points(computed)
            if len(total) > _POINTS.width:
                last = _POINTS.first + _POINTS.width - 1
                add(finding("TRF960", f"{who}: the sum of the results, {total}, is {len(total)} characters wide; "
                            f"the TRF points field (001 columns {_POINTS.first}-{last}) has {_POINTS.width}",
                            p.line, None, "write JSON, which keeps it: written as TRF, it would shift every later "
                            "column", total))
        for name, value in player_fields(p).items():
            if name in _WHOLE and value != "" and not _whole(value):
                add(finding("TRF960", f"{who}: {name} {value!r} is not a whole number", p.line, None,
                                   f"give {name} as an integer", str(value)))
            elif len(str(value)) > _FIELD[name].width and (texts or _FIELD[name].numeric):
                width = _FIELD[name].width
                add(finding("TRF960", f"{who}: {name} {str(value)!r} is {len(str(value))} characters wide; its "
                                   f"TRF field has {width}", p.line, None,
                                   "correct the value: written, it would shift every later column"
                                   if _FIELD[name].numeric else f"shorten it: written, it would be cut to {width} "
                                   "characters", str(value)))
        for rnd, opponent in enumerate(p.opponent_ranks(), 1):
            if opponent is not None and (not _whole(opponent) or len(str(opponent)) > _OPPONENT_WIDTH):
                add(finding("TRF960", f"{who}: round {rnd}: opponent {opponent!r} does not fit the TRF "
                                   f"opponent field ({_OPPONENT_WIDTH} digits)", p.line, None,
                                   "start ranks run from 1 to 9999 in a TRF", str(opponent)))
    add.close()
    return out


def team_fields(team: Team) -> dict[str, object]:
    """The values the TRF writers write in the fields of a ``310`` record (an ``013`` takes the
    name), by name but the members: the ones :func:`team_misfits` measures."""
    return {"number": team.number, "name": team.name, "nickname": team.nickname, "strength": team.strength,
            "match_points": "" if team.match_points is None else trf_value(team.match_points),
            "game_points": "" if team.game_points is None else trf_value(team.game_points),
            "rank": "" if team.rank is None else team.rank}


def team_misfits(team: Team, record: Record) -> list[Finding]:
    """TRF960 for each number of ``team`` too wide for its field of ``record`` (``310``: number,
    points, rank; both: each member's start rank): written, it would shift the later columns (a
    310 of team 1000 reads back as team 100 without members).  Texts are cut, as written."""
    who = f"team {team.number!r}" + (f" ({team.name})" if team.name else "")
    return field_misfits(record, {**team_fields(team), "members": team.members}, who, team.line)


def record_misfits(records: Iterable[TrfRecord]) -> list[Finding]:
    """TRF960 for each number of these typed records (240-330, XXA; from JSON, or made by the
    pairing checker's feed) too wide for its field, as :func:`.layout.format_record` would write
    it (at most :data:`~trfscore.findings.MAX_PER_RULE`, then a note counting the rest): a ``260``
    naming player 10001 would read back as players 1000 and 1, a ``250`` of ids 12345 as others."""
    out: list[Finding] = []
    add = CappedFindings(out)
    for r in records:
        layout = BY_CODE[r.code]
        for found in field_misfits(layout, vars(r), f"record {r.code} ({layout.title})", r.line):
            add(found)
    add.close()
    return out


def field_misfits(record: Record, values: Mapping[str, object], who: str, line: int | None) -> list[Finding]:
    """TRF960 for each number of ``values`` (by field name) too wide for its field of ``record``,
    written as :func:`.layout.format_record` writes it (a list field cell by cell; one whose items
    are separated by blanks has no width): written, it would shift every later column."""
    out = []
    for f in record.fields:
        if not f.numeric or f.split:
            continue
        value = values.get(f.name)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            text = str(field_text(item))
            if len(text) > f.width:
                out.append(finding("TRF960", f"{who}: {f.name} {text} is {len(text)} characters wide; its TRF field "
                                   f"({record.code} columns {f.first}-{f.last}) has {f.width}", line, None,
                                   "correct the value: written, it would shift every later column", text))
    return out


class Misfits(ValueError):
    """A tournament a TRF writer refuses: ``findings`` (TRF960) say which values do not fit."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__(f"{counted(findings)} value(s) do not fit their TRF columns, nothing written: "
                         + "; ".join(f.message for f in findings[:3]) + (" ..." if len(findings) > 3 else ""))
        self.findings = findings


def refuse(found: list[Finding]) -> None:
    """Raise :class:`Misfits` when a writer's measure (:func:`misfits`, :func:`player_misfits`,
    :func:`record_misfits`) found a value that does not fit its TRF column."""
    if found:
        raise Misfits(found)


def _whole(value: object) -> bool:
    """An int (not a bool, nor a float or Fraction however whole: ``2.0`` is written ``2.0``)."""
    return type(value) is int
