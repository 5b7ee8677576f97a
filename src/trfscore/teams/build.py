"""Derive the team-match model (:class:`~trfscore.teams.model.TeamEvent`) from a tournament.

1. Teams: the 310 records when there are any (as the FIDE TEC reference program does), else the
   013 records (numbered in file order).  Members must be players (TRF601) of one team (TRF602).
2. Boards (:mod:`.boards`): each team's games per round, the opponent team, game points, colour.
3. Records (:mod:`.records`): 330 forfeits, 320 pairing-allocated byes and 240 byes decide their
   rounds; 299 adjusts points.
4. Played matches get their match points from both teams' game points under 362 (TW/TD/TL).

Nothing here raises on bad data: every problem is a finding in ``TeamEvent.findings``.
"""
from __future__ import annotations

from fractions import Fraction

from ..event_reading import is_team_event  # noqa: F401  (re-exported: trfscore.teams.is_team_event)
from ..findings import Finding
from ..formats.trf.layout import round_column
from ..model import Kind, ScoreTable, Team, Tournament
from .boards import BoardMatch, points_against, read_boards
from .model import TeamEvent, TeamLine, TeamRound
from .records import Add, apply_299, apply_match_records, fixed_values_299, read_lineups
from .rules import finding
from .scoring import MatchScoring

__all__ = ["build_team_event", "pick_teams", "is_team_event", "team_round_robin"]

MAX_ROUNDS = 999  # TRF26 round fields have three digits


def pick_teams(t: Tournament, add: Add) -> list[Team]:
    """310 teams if any, else 013 teams; a 310 number used twice keeps its first record."""
    t310 = [team for team in t.teams if team.record == "310"]
    if not t310:
        return [team for team in t.teams if team.record != "310"]
    out: dict[int, Team] = {}
    for team in t310:
        if team.number in out:
            add(finding("TRF603", f"team number {team.number} is used again (first on line {out[team.number].line}); "
                        "the team standings use the first", team.line, 5, "give every team its own number",
                        str(team.number)))
            continue
        out[team.number] = team
    return list(out.values())


def _members(t: Tournament, teams: list[Team], add: Add) -> tuple[dict[int, list[int]], dict[int, int]]:
    members: dict[int, list[int]] = {}
    member_team: dict[int, int] = {}
    for team in teams:
        ranks: list[int] = []
        for rank in team.members:
            if not rank:
                continue
            if t.player(rank) is None:
                add(finding("TRF601", f"team {team.name or team.number}: member {rank} is not a player of the file",
                            team.line, None, "members are starting ranks of 001 records", str(rank)))
                continue
            if rank in member_team:
                add(finding("TRF602", f"player {rank} is in team {team.number} and already in team "
                            f"{member_team[rank]}; the team standings count him for team {member_team[rank]}",
                            team.line, None, "a player plays for one team", str(rank)))
                continue
            member_team[rank] = team.number
            ranks.append(rank)
        members[team.number] = ranks
    return members, member_team


def team_round_robin(t: Tournament, event_rounds: dict[int, list[TeamRound]]) -> bool:
    """Round-robin when 192/092 say so; else when every team met every other team."""
    text = (t.header.system + " " + t.header.type).upper().replace(" ", "").replace("-", "")
    if "ROUNDROBIN" in text or "BERGER" in text:
        return True
    if "SWISS" in text or "FIDE_TEAM" in text:  # ETT26: FIDE_TEAM[_TYPEA|_TYPEB]... are team Swiss systems
        return False
    numbers = set(event_rounds)
    return len(numbers) >= 3 and all({r.opponent for r in rounds if r.opponent is not None} == numbers - {number}
                                     for number, rounds in event_rounds.items())


#: the same bye code in every member's cell: the team's bye (TRF16 team files have no 240/320)
_MEMBER_BYES = {"U": Kind.PAB, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}


def _members_bye(t: Tournament, ranks: list[int], rnd: int) -> str | None:
    """The bye every member's cell shows (reserves without a game, ``-`` or blank, aside)."""
    codes = {g.code for p in map(t.player, ranks) if p is not None and (g := p.game(rnd)).code.strip() and g.code != "-"}
    return _MEMBER_BYES.get(codes.pop()) if len(codes) == 1 else None


def _dash_teams(t: Tournament, members: dict[int, list[int]], rnd: int) -> list[int]:
    """The teams whose every member's cell in round ``rnd`` is ``0000 - -`` (no opponent, the
    result ``-``): how TRF16 team files write the team's pairing-allocated bye."""
    cells = {number: [p.game(rnd) for p in map(t.player, ranks) if p is not None] for number, ranks in members.items()}
    return [number for number, games in cells.items() if games and all(g.opponent is None and g.code == "-" for g in games)]


def _resolve(t: Tournament, bm: BoardMatch | None, number: int, rnd: int, boards: dict[tuple[int, int], BoardMatch],
             members: dict[int, list[int]], scoring: MatchScoring, table: ScoreTable, add: Add) -> TeamRound:
    """A round the records do not decide, from the boards."""
    if bm is None:
        kind = _members_bye(t, members.get(number, []), rnd)
        if kind is not None:
            return TeamRound(rnd, kind, None, None, *scoring.unplayed(kind), (), "boards")
        return TeamRound(rnd, Kind.ABSENT, source="")
    ranks = bm.start_ranks
    if bm.opponent is None:
        if bm.outside:
            first = next(p for p, g in zip(bm.players, bm.cells) if p is not None and g is not None and g.opponent is not None)
            add(finding("TRF608", f"round {rnd}: the boards of team {number} face players of no team; the round "
                        "counts as no match", first.line, round_column(rnd),
                        "make the opponents members of a team (310/013)"))
            return TeamRound(rnd, Kind.ABSENT, None, None, Fraction(0), bm.game_points, ranks, "boards")
        # every board won by forfeit against an empty board, and no record naming the opponent
        add(finding("TRF608", f"round {rnd}: the boards of team {number} were won by forfeit, but no record names the "
                    "opponent; counted as a match won by forfeit without an opponent",
                    bm.players[0].line if bm.players and bm.players[0] is not None else None, round_column(rnd),
                    "add a 330 record (or a 320 record for a pairing-allocated bye)"))
        return TeamRound(rnd, Kind.FORFEIT_WIN, None, None, scoring.win, bm.game_points, ranks, "boards")
    other = boards.get((bm.opponent, rnd))
    if other is None or other.opponent != number:
        where = f"face team {other.opponent}" if other is not None and other.opponent else "name no team"
        add(finding("TRF609", f"round {rnd}: team {number}'s boards face team {bm.opponent}, but that team's boards "
                    f"{where}", bm.players[0].line if bm.players and bm.players[0] is not None else None,
                    round_column(rnd), "make both teams' round cells name each other"))
    own = bm.game_points
    theirs = points_against(t, table, bm, set(members.get(bm.opponent, ())), other)
    kind, mp = scoring.result(own, theirs)
    if not bm.over_the_board and kind != Kind.DRAW:  # every board forfeited: a forfeited match
        kind = Kind.FORFEIT_WIN if kind == Kind.WIN else Kind.FORFEIT_LOSS
    return TeamRound(rnd, kind, bm.opponent, bm.colour, mp, own, ranks, "boards", tuple(bm.board_points))


def build_team_event(t: Tournament, rounds: int | None = None) -> TeamEvent:
    """The team-match model of ``t`` (after ``rounds`` rounds when given)."""
    findings: list[Finding] = []
    add = findings.append
    teams = pick_teams(t, add)
    members, member_team = _members(t, teams, add)
    n = min(t.rounds if rounds is None else max(0, min(int(rounds), t.rounds)), MAX_ROUNDS)
    numbers = {team.number for team in teams}
    lineups = read_lineups(t, numbers, members, n, add)
    sequence = t.header.board_colours.strip().upper()
    boards = read_boards(t, members, member_team, n, lineups, sequence, add)
    board_count = len(sequence) or max((len(bm.players) for bm in boards.values() if bm.opponent is not None),
                                       default=0) or max((len(team.members) for team in teams), default=0) or 1
    scoring = MatchScoring.of(t.header.team_scoring, board_count, t.scoring)
    fixed = fixed_values_299(t, add)
    decided = apply_match_records(t, numbers, n, scoring, boards, add, fixed)
    lines: dict[int, TeamLine] = {}
    table = t.scoring.table()  # the scoring kernel of the game scoring (162), fetched once
    # a round in which exactly one team has '0000 - -' on every board while the others play: the
    # team's pairing-allocated bye (TRF16 has no 320 record; an odd number of teams needs one)
    dash_bye = {rnd: got[0] for rnd in range(1, n + 1)
                if len(got := _dash_teams(t, members, rnd)) == 1 and len(teams) % 2
                and any(bm.opponent is not None and bm.round == rnd for bm in boards.values())}
    for team in teams:
        line = TeamLine(team.number, team.name, team)
        for rnd in range(1, n + 1):
            r = decided.get((team.number, rnd))
            if r is None:
                r = _resolve(t, boards.get((team.number, rnd)), team.number, rnd, boards, members, scoring, table, add)
                if r.kind == Kind.ABSENT and dash_bye.get(rnd) == team.number:
                    r = TeamRound(rnd, Kind.PAB, None, None, *scoring.unplayed(Kind.PAB), (), "boards")
                    first = t.player(members[team.number][0])
                    add(finding("TRF611", f"round {rnd}: every board of team {team.number} reads '0000 - -' while the "
                                "other teams play: read as the team's pairing-allocated bye", first.line if first else
                                None, round_column(rnd), "TRF26 says it with a 320 record"))
                if r.kind == Kind.ABSENT and Kind.ABSENT in fixed:
                    mp, gp = fixed[Kind.ABSENT]
                    r.match_points = mp if mp is not None else r.match_points
                    r.game_points = gp if gp is not None else r.game_points
            line.rounds.append(r)
        lines[team.number] = line
    apply_299(t, lines, n, add)
    ordered = sorted(lines.values(), key=lambda x: x.number)
    rr = team_round_robin(t, {line.number: line.rounds for line in ordered})
    return TeamEvent(ordered, n, scoring, rr, findings)
