"""References from extension records to players and teams (rules E9-E11 of docs/rules.md).

Records 240 (byes), 250 (acceleration), 260 (prohibited pairings), 299 (point adjustments), 300
(line-ups), 320/330 (team byes and forfeits) and JaVaFo's XXA/XXP/XXZ name players by starting
rank, or teams by team number in a team event.  Every name must exist; byes declared in 240 must
agree with the ``001`` cells; prohibited pairs must not have met.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...findings import WARNING, Finding, finding
from ...formats.trf.layout import BY_CODE, RECORDS, id_fields
from ...model import Kind, Record
from ...teams.rules import SEVERITY as TEAM_SEVERITY
from ..context import Context
from ..registry import rule

if TYPE_CHECKING:
    from ...records import TrfRecord

# record code -> list of (first 0-based column, step, width, what) scans; what is "id" (player or
# team by event type), "player" or "team": the fields of the record description that name
# somebody (001 opponents, team members and NRS records have rules of their own)
SCANS: dict[str, list[tuple[int, int, int, str]]] = {
    r.code: [(f.start, f.step, f.width, f.refers) for f in id_fields(r) if not f.split]
    for r in RECORDS if r.kind not in ("PLAYER", "TEAM", "NATIONAL") and any(id_fields(r))
}
_BYE = BY_CODE["240"]
#: records whose numbers are separated by blanks (JaVaFo's XXP, XXZ): read token by token
TOKEN_RECORDS = tuple(r.code for r in RECORDS if any(f.split for f in id_fields(r)))


def id_cells(text: str, start: int, step: int, width: int) -> Iterator[tuple[int, str]]:
    """(1-based column, cell text) of each non-blank cell; ``step`` 0 reads one cell."""
    end = len(text.rstrip())
    pos = start
    while pos < end:
        cell = text[pos:pos + width].strip()
        if cell:
            yield pos + 1, cell
        if not step:
            break
        pos += step


def team_numbers(ctx: Context) -> set[int]:
    teams = ctx.t.teams
    numbers = {team.number for team in teams if team.record == "310"}
    return numbers or {team.number for team in teams}


def references(ctx: Context) -> Iterator[tuple[Record, int, int, str]]:
    """(record, column, number, kind) for every number that names a player or team."""
    team_space = ctx.team_ids_space
    for code, scans in SCANS.items():
        for rec in ctx.records.get(code, ()):
            text = rec.text.replace("\t", " ")
            for start, step, width, what in scans:
                kind = ("team" if team_space else "player") if what == "id" else what
                for column, cell in id_cells(text, start, step, width):
                    if cell.isdecimal():
                        yield rec, column, int(cell), kind
    for code in TOKEN_RECORDS:
        for rec in ctx.records.get(code, ()):
            for m in re.finditer(r"\S+", rec.text[3:]):
                if m.group().isdecimal():
                    yield rec, m.start() + 4, int(m.group()), "player"


@rule("TRF560", TEAM_SEVERITY["TRF560"], "extension records name existing players and teams", spec="E9", why=(
    "error: a record naming a player or team that does not exist cannot be applied"))
def references_exist(ctx: Context) -> Iterator[Finding]:
    """Every starting rank in 240/250/260/299/300/XXA/XXP/XXZ is a player of the file; every
    team number in 300/320/330 (and in 240/250/260/299 of a team event) is a team.  ``0``
    means "nobody" where the layout allows it (an empty board, no bye).

    Passing: ``240 H   3   12`` with a player 12.

    Failing: ``240 H   3  120`` in a 100-player file; ``XXP 7 999``.
    """
    players = ctx.by_rank
    teams = team_numbers(ctx)
    for rec, column, number, kind in references(ctx):
        if number == 0:
            continue
        if kind == "player" and number not in players:
            yield finding("TRF560", f"{rec.code}: player {number} is not in the file", rec.line, column,
                          "name players by the starting rank of a 001 record", str(number))
        elif kind == "team" and number not in teams:
            yield finding("TRF560", f"{rec.code}: team {number} is not in the file", rec.line, column,
                          "name teams by their 310 team number (or 013 order)", str(number))


BYE_KINDS = {"F": (Kind.FULL_BYE,), "H": (Kind.HALF_BYE,), "Z": (Kind.ZERO_BYE, Kind.ABSENT)}


@rule("TRF561", WARNING, "240 byes agree with the 001 round cells", spec="E10", why=(
    "warning: the 001 cell is used; the disagreeing 240 record needs a person"))
def byes_agree(ctx: Context) -> Iterator[Finding]:
    """A 240 bye for a round that already has data in the ``001`` lines says the same thing:
    ``F`` <-> ``0000 - F``, ``H`` <-> ``0000 - H``, ``Z`` <-> ``0000 - Z`` or blank.  (240
    naming a round still to be paired is the normal TRF26 in-tournament use.)

    Passing: ``240 H   3   12`` and player 12's round 3 is ``0000 - H``.

    Failing: ``240 H   3   12`` and player 12's round 3 is ``   7 w 1``.
    """
    if ctx.team_ids_space:
        return
    pending = ctx.pending_rounds
    for rec in ctx.records.get("240", ()):
        text = rec.text.replace("\t", " ")
        kind = text[_BYE.field("type").cut]
        rnd_text = text[_BYE.field("round").cut].strip()
        if kind not in BYE_KINDS or not rnd_text.isdecimal():
            continue  # TRF702
        rnd = int(rnd_text)
        if rnd > ctx.rounds or rnd in pending:
            continue
        ids = _BYE.field("ids")
        for column, cell in id_cells(text, ids.start, ids.step, ids.width):
            p = ctx.by_rank.get(int(cell)) if cell.isdecimal() else None
            if p is None:
                continue
            g = p.game(rnd)
            if g.kind not in BYE_KINDS[kind]:
                yield finding("TRF561", f"240 gives player {p.start_rank} a {kind} bye in round {rnd}, "
                              f"but the 001 line has '{ctx.cell(p, rnd).strip()}'", rec.line, column,
                              "make the 240 record and the round cell agree", cell)


@rule("TRF562", WARNING, "prohibited pairs (260/XXP) did not meet", spec="E11", why=(
    "warning: the game counts as played; a prohibited pair meeting is for the arbiter to explain"))
def prohibited_met(ctx: Context) -> Iterator[Finding]:
    """Players listed together in a 260 record must not meet in its rounds; players listed
    together in XXP must not meet at all.

    Passing: ``260   1   9    3    7`` and 3 never plays 7.

    Failing: ``260   1   9    3    7`` and 3 plays 7 in round 4.
    """
    if ctx.team_ids_space or not ctx.t.records:
        return
    from ...records import JavafoProhibited, ProhibitedPairing  # (typed records: imported for a file that has some)

    groups: list[tuple[TrfRecord, int, int, set[int]]] = []
    for pairing in ctx.t.records_of(ProhibitedPairing):
        if pairing.first_round is not None and pairing.last_round is not None:
            groups.append((pairing, pairing.first_round, pairing.last_round, set(pairing.ids)))
    for xxp in ctx.t.records_of(JavafoProhibited):
        groups.append((xxp, 1, 10 ** 6, set(xxp.ids)))
    for rec, first, last, ids in groups:
        for a in sorted(ids):
            p = ctx.by_rank.get(a)
            if p is None:
                continue
            for g in p.games:
                b = g.opponent
                if b is not None and b > a and b in ids and first <= g.round <= last and \
                        (a, b) in ctx.meetings:
                    yield finding("TRF562", f"{rec.code}: players {a} and {b} may not meet, but they do in "
                                  f"round {g.round}", rec.line, 1, "check the pairing or the prohibited-pairs record",
                                  ctx.lines.get(rec.line or 0, "")[:40])
