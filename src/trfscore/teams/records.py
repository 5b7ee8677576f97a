"""The TRF26 team records that say what happened in a round: 300 (line-ups), 330 (forfeited
matches), 320 (pairing-allocated byes), 240 (requested byes) and 299 (point assignments).

The records are the typed objects of ``Tournament.records`` (:mod:`trfscore.records`).  Each one
that names a team or a round that does not exist, or contradicts the boards or an earlier record,
becomes a finding and is not applied (or, against the boards, applied: an explicit record wins).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

from ..findings import Finding
from ..model import Kind, Tournament
from ..records import Bye, Lineup, PointAssignment, TeamForfeit, TeamPairingByes, TrfRecord
from .boards import BoardMatch
from .model import TeamLine, TeamRound
from .rules import finding
from .scoring import MatchScoring

__all__ = ["ids_are_teams", "read_lineups", "apply_match_records", "apply_299", "UNPLAYED_299", "fixed_values_299",
           "pab_rounds"]

Add = Callable[[Finding], None]
R = TypeVar("R", bound=TrfRecord)

BYE_240 = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}
#: 299 type letters that name an unplayed kind (TRF26 4.6: ``W D L F H Z + -``)
UNPLAYED_299 = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, "+": Kind.FORFEIT_WIN,
                "-": Kind.FORFEIT_LOSS}


def ids_are_teams(t: Tournament) -> bool:
    """Whether the IDs of 240 and 299 records name teams: a TRF26 team event (a 310 record, or a
    team system in 192), as ``trfscore check`` decides it.  In a TRF16 file with only 013 teams they
    name players, and the team standings leave them alone."""
    return "TEAM" in t.header.system.upper() or any(team.record == "310" for team in t.teams)


def _entries(t: Tournament, kind: type[R]) -> Iterable[R]:
    if kind in (Bye, PointAssignment) and not ids_are_teams(t):
        return ()
    return t.records_of(kind)


def _round_of(e: TrfRecord, code: str, rnd: int | None, rounds: int, add: Add) -> int | None:
    """``rnd`` when it is a round of the event; None (reported) otherwise."""
    if rnd is not None and 1 <= rnd <= rounds:
        return rnd
    if code == "240" and rnd == rounds + 1:
        return None  # the request for the round still to be paired (TRF26 in-tournament use)
    add(finding("TRF607", f"{code}: round {rnd if rnd is not None else '?'} is not a round of the event "
                f"(1..{rounds}); the record is ignored", e.line, 5, "correct the round number"))
    return None


def _team_of(e: TrfRecord, code: str, number: int | None, teams: set[int], add: Add) -> int | None:
    """``number`` when it is a team of the event; None (reported) otherwise."""
    if number is not None and number in teams:
        return number
    add(finding("TRF560", f"{code}: team {number} is not in the file; the record is ignored by the team "
                "standings", e.line, 5, "name teams by their 310 team number (or 013 order)", str(number)))
    return None


def read_lineups(t: Tournament, teams: set[int], members: dict[int, list[int]], rounds: int,
                 add: Add) -> dict[tuple[int, int], list[int | None]]:
    """300 records: ``(team, round) -> start ranks by board`` (None for an empty board)."""
    out: dict[tuple[int, int], list[int | None]] = {}
    for e in _entries(t, Lineup):
        rnd = _round_of(e, "300", e.round, rounds, add)
        team = _team_of(e, "300", e.team, teams, add) if rnd is not None else None
        if rnd is None or team is None:
            continue
        if (team, rnd) in out:
            add(finding("TRF607", f"300: a second line-up of team {team} in round {rnd}; the first one is used",
                        e.line, 5, "give one 300 record per team and round"))
            continue
        players = list(e.players)
        for rank in players:
            if rank and rank not in members.get(team, ()):
                add(finding("TRF607", f"300: player {rank} in the line-up of team {team} (round {rnd}) is not a member "
                            "of that team", e.line, 17, "line-ups list the team's own members", str(rank)))
        out[(team, rnd)] = [rank or None for rank in players]
    return out


def _conflict_with_boards(e: TrfRecord, code: str, number: int, rnd: int, bm: BoardMatch | None, expected: int | None,
                          add: Add) -> None:
    """A record for a round whose boards tell another story: reported, the record is used."""
    if bm is None:
        return
    if bm.opponent is not None and bm.opponent != expected:
        what = f"the boards of team {number} face team {bm.opponent}"
    elif bm.over_the_board and code == "330":
        what = f"the boards of team {number} hold games played over the board"
    elif expected is None and (bm.opponent is not None or bm.empty_wins):
        what = f"the boards of team {number} hold games"
    else:
        return
    add(finding("TRF607", f"{code}: round {rnd}: {what}; the team standings follow the {code} record",
                e.line, 5, "make the record and the round cells agree"))


def apply_match_records(t: Tournament, teams: set[int], rounds: int, scoring: MatchScoring,
                        boards: dict[tuple[int, int], BoardMatch], add: Add,
                        fixed: dict[str, tuple[Fraction | None, Fraction | None]] | None = None,
                        ) -> dict[tuple[int, int], TeamRound]:
    """330, then 320, then 240: ``(team, round) -> TeamRound`` for every round a record decides."""
    fixed = fixed or {}
    out: dict[tuple[int, int], TeamRound] = {}

    def value(kind: str) -> tuple[Fraction, Fraction]:
        mp, gp = scoring.unplayed(kind)
        over_mp, over_gp = fixed.get(kind, (None, None))
        return mp if over_mp is None else over_mp, gp if over_gp is None else over_gp

    def taken(e: TrfRecord, code: str, number: int, rnd: int) -> bool:
        got = out.get((number, rnd))
        if got is None:
            return False
        add(finding("TRF607", f"{code}: team {number} already has a {got.source} record for round {rnd}; this one "
                    "is ignored", e.line, 5, "one record per team and round"))
        return True

    for forfeit in _entries(t, TeamForfeit):
        kind = forfeit.type
        rnd = _round_of(forfeit, "330", forfeit.round, rounds, add) if kind in ("+-", "-+", "--") else None
        if rnd is None:
            continue
        white, black = (_team_of(forfeit, "330", forfeit.white, teams, add),
                        _team_of(forfeit, "330", forfeit.black, teams, add))
        if white is None or black is None:
            continue
        if white == black:
            add(finding("TRF607", f"330: team {white} cannot forfeit against itself", forfeit.line, 12))
            continue
        if taken(forfeit, "330", white, rnd) or taken(forfeit, "330", black, rnd):
            continue
        results = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
                   "--": (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)}[kind]
        for number, other, colour, result in ((white, black, "w", results[0]), (black, white, "b", results[1])):
            bm = boards.get((number, rnd))
            _conflict_with_boards(forfeit, "330", number, rnd, bm, other, add)
            out[(number, rnd)] = TeamRound(rnd, result, other, colour, *value(result), bm.start_ranks if bm else (), "330")

    for byes in _entries(t, TeamPairingByes):
        for rnd, number in pab_rounds(byes):
            if (_round_of(byes, "320", rnd, rounds, add) is None or _team_of(byes, "320", number, teams, add) is None
                    or taken(byes, "320", number, rnd)):
                continue
            _conflict_with_boards(byes, "320", number, rnd, boards.get((number, rnd)), None, add)
            mp, gp = value(Kind.PAB)
            mp = byes.match_points if byes.match_points is not None else mp
            gp = byes.points if byes.points is not None else gp
            out[(number, rnd)] = TeamRound(rnd, Kind.PAB, None, None, mp, gp, (), "320")

    for bye in _entries(t, Bye):
        bye_kind = BYE_240.get(bye.type)
        rnd = _round_of(bye, "240", bye.round, rounds, add) if bye_kind is not None else None
        if bye_kind is None or rnd is None:
            continue
        for number in bye.ids:
            if _team_of(bye, "240", number, teams, add) is None or taken(bye, "240", number, rnd):
                continue
            _conflict_with_boards(bye, "240", number, rnd, boards.get((number, rnd)), None, add)
            out[(number, rnd)] = TeamRound(rnd, bye_kind, None, None, *value(bye_kind), (), "240")
    return out


def pab_rounds(e: TeamPairingByes) -> list[tuple[int, int]]:
    """(round, team) pairs of a 320 record: its cell r names the team with the bye in round r
    (TRF-2026; a blank cell or ``000``: none)."""
    return [(rnd, number) for rnd, number in enumerate(e.teams, start=1) if number]


def fixed_values_299(t: Tournament, add: Add) -> dict[str, tuple[Fraction | None, Fraction | None]]:
    """299 records with a type letter, round 0 and no team: the points every unplayed match of that
    kind is worth (how the FIDE TEC reference program reads them)."""
    out: dict[str, tuple[Fraction | None, Fraction | None]] = {}
    for e in _entries(t, PointAssignment):
        letter = e.type.strip()
        if letter and not e.round and not e.ids:
            kind = UNPLAYED_299.get(letter)
            if kind is None:
                add(finding("TRF610", f"299: type {letter!r} for all rounds names no unplayed match; not applied",
                            e.line, 5, "use F, H, Z, + or - for the points of unplayed matches"))
                continue
            out[kind] = (e.match_points, e.points)
            if kind == Kind.ZERO_BYE:
                out[Kind.ABSENT] = out[kind]
    return out


def apply_299(t: Tournament, lines: dict[int, TeamLine], rounds: int, add: Add) -> None:
    """299 records naming teams: without a type letter a bonus or penalty added to the totals; with
    a letter and a round, the points of that round (the kind of an empty round follows the letter)."""
    for e in _entries(t, PointAssignment):
        letter = e.type.strip()
        ids = list(e.ids)
        rnd = e.round or 0
        mp, gp = e.match_points, e.points
        if letter and not rnd and not ids:
            continue  # fixed_values_299
        if not ids:
            add(finding("TRF610", "299: no team named; not applied", e.line, 24,
                        "list the teams the assignment is for"))
            continue
        if rnd and not 1 <= rnd <= rounds:
            add(finding("TRF610", f"299: round {rnd} is not a round of the event; not applied", e.line, 20))
            continue
        if letter and not rnd:
            add(finding("TRF610", f"299: type {letter!r} for named teams in every round is ambiguous; not applied",
                        e.line, 5, "give the round, or leave the type blank for a bonus or penalty"))
            continue
        for number in ids:
            line = lines.get(number)
            if line is None:
                _team_of(e, "299", number, set(lines), add)
                continue
            if not letter:
                old_mp, old_gp = line.adjustment
                line.adjustment = (old_mp + (mp or 0), old_gp + (gp or 0))
                continue
            r = line.rounds[rnd - 1]
            if r.kind == Kind.ABSENT:
                kind = UNPLAYED_299.get(letter)
                if kind is None:
                    add(finding("TRF610", f"299: team {number} played no match in round {rnd}, so a {letter!r} "
                                "result cannot be assigned; not applied", e.line, 5))
                    continue
                r.kind = kind
            r.match_points = mp if mp is not None else r.match_points
            r.game_points = gp if gp is not None else r.game_points
            r.source = "299"
