"""Team records (rules F1, F2, F4, F5 of docs/rules.md).

Teams come as TRF16 ``013`` records (name and members) or TRF26 ``310`` records (number, name,
match points, game points, rank, members).  Members must be players, a player plays for one
team, 310 numbers are 1..T, the two kinds agree when both are present, the boards of a team face
one team per round, the 310 totals equal what the board results give under 162 and 362
(with 240 byes, 320 pairing-allocated byes, 330 forfeited matches and 299 adjustments), and the
members' declared points add up to what their results give, said once per team.
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ...findings import ERROR, WARNING, Finding, finding
from ...formats.trf.layout import BY_CODE, round_column
from ...model import Player, Team
from ...teams.rules import SEVERITY as TEAM_SEVERITY
from ..context import FIELDS, Context, fmt_points
from ..registry import rule
from .references import id_cells

MEMBERS_AT = {"013": 36, "310": 73}


def _member_cells(ctx: Context, team: Team) -> list[tuple[int | None, int]]:
    """(column, start rank) of each member; columns from the source line when there is one."""
    text = ctx.lines.get(team.line) if team.line is not None else None
    if text is None:
        return [(None, m) for m in team.members]
    start = MEMBERS_AT.get(team.record, 36)
    return [(col, int(cell)) for col, cell in id_cells(text, start, 5, 4) if cell.isdecimal()]


def _kind(ctx: Context) -> list[Team]:
    """The teams that count: 310 when present (as Gacrux does), else 013."""
    return [team for team in ctx.t.teams if team.record == "310"] or ctx.t.teams


_TEAM = {f.name: f for f in BY_CODE["310"].fields}


@rule("TRF601", TEAM_SEVERITY["TRF601"], "team members (013/310) are players of the file", spec="F1", why=(
    "error: a team member who is no player cannot score for the team"))
def members_exist(ctx: Context) -> Iterator[Finding]:
    """Every member number of a team record is the starting rank of a ``001`` record.

    Passing: ``013 Dublin     26   27`` with players 26 and 27.

    Failing: ``013 Dublin     26  270`` in a 100-player file.
    """
    for team in ctx.t.teams:
        for column, member in _member_cells(ctx, team):
            if member and member not in ctx.by_rank:
                yield finding("TRF601", f"team {team.name or team.number}: member {member} is not a player of "
                              "the file", team.line, column, "members are starting ranks of 001 records", str(member))


@rule("TRF602", TEAM_SEVERITY["TRF602"], "a player is a member of at most one team", spec="F1", why=(
    "error: a player in two teams makes both teams' points wrong"))
def one_team_per_player(ctx: Context) -> Iterator[Finding]:
    """Within the 013 records, and within the 310 records, each player appears once.

    Passing: ``013 A   1    2`` and ``013 B   3    4``.

    Failing: ``013 A   1    2`` and ``013 B   2    4`` (player 2 in both).
    """
    for record in ("013", "310"):
        seen: dict[int, Team] = {}
        for team in ctx.t.teams:
            if team.record != record:
                continue
            for column, member in _member_cells(ctx, team):
                if not member:
                    continue
                first = seen.get(member)
                if first is not None:
                    yield finding("TRF602", f"player {member} is in team {team.name or team.number} and "
                                  f"already in team {first.name or first.number}"
                                  + (f" (line {first.line})" if first.line else ""), team.line, column,
                                  "a player plays for one team", str(member))
                else:
                    seen[member] = team


@rule("TRF603", TEAM_SEVERITY["TRF603"], "310 team numbers are unique and run 1..T", spec="F2", why=(
    "error: team numbers that repeat or skip cannot be referred to (TRF26 310)"))
def team_numbers(ctx: Context) -> Iterator[Finding]:
    """TRF26 team pairing numbers (310 columns 5-7) are 1..T, each used once.

    Passing: ``310   1 …`` ``310   2 …`` ``310   3 …``.

    Failing: ``310   1 …`` ``310   1 …`` (twice); ``310   1 …`` ``310   3 …`` (2 missing).
    """
    teams = [team for team in ctx.t.teams if team.record == "310"]
    if not teams:
        return
    seen: dict[int, Team] = {}
    for team in teams:
        if team.number in seen:
            yield finding("TRF603", f"team number {team.number} is used again (first on line "
                          f"{seen[team.number].line})", team.line, 5, "give every team its own number",
                          str(team.number))
        else:
            seen[team.number] = team
    missing = [n for n in range(1, len(seen) + 1) if n not in seen]
    if missing:
        last = max(teams, key=lambda tm: tm.line or 0)
        yield finding("TRF603", f"team numbers are not 1..{len(seen)}: "
                      + ", ".join(map(str, missing[:10])) + " missing", last.line, 5,
                      "number the teams 1..T", "")


@rule("TRF604", ERROR, "013 and 310 team lists agree when both are present", spec="F2", why=(
    "error: two team lists that disagree leave the team's members unknown"))
def team_lists_agree(ctx: Context) -> Iterator[Finding]:
    """A file with both TRF16 013 and TRF26 310 records lists the same teams with the same
    members in both.

    Passing: ``013 India   1    5`` and ``310   1 India … 1    5``.

    Failing: ``013 India   1    5`` and ``310   1 India … 1    6``.
    """
    t013 = [team for team in ctx.t.teams if team.record == "013"]
    t310 = [team for team in ctx.t.teams if team.record == "310"]
    if not (t013 and t310):
        return
    groups = {frozenset(team.members) for team in t013}
    for team in t310:
        if frozenset(team.members) not in groups:
            yield finding("TRF604", f"team {team.number} ({team.name}) has members that no 013 record lists "
                          "together", team.line, 74, "make the 013 and 310 member lists agree, or drop the 013 "
                          "records", " ".join(map(str, team.members)))


def _team_of(ctx: Context) -> dict[int, int]:
    out: dict[int, int] = {}
    for team in _kind(ctx):
        for m in team.members:
            out.setdefault(m, team.number)
    return out


@rule("TRF606", TEAM_SEVERITY["TRF606"], "in each round all boards of a team face the same team", spec="F5", why=(
    "error: boards of one team facing different teams cannot form a match; match points are wrong"))
def fixtures(ctx: Context) -> Iterator[Finding]:
    """In a team round, the opponents of a team's players all belong to one team.

    Passing: team 1's players 1, 5, 15, 28 all play members of team 14 in round 1.

    Failing: in round 1 player 1 plays a member of team 14 and player 5 one of team 9.
    """
    team_of = _team_of(ctx)
    if not team_of:
        return
    for team in _kind(ctx):
        rounds: dict[int, dict[int, list[Player]]] = {}
        for m in team.members:
            p = ctx.by_rank.get(m)
            if p is None:
                continue
            for g in p.games:
                if g.opponent is None:
                    continue
                other = team_of.get(g.opponent)
                if other is not None:
                    rounds.setdefault(g.round, {}).setdefault(other, []).append(p)
        for rnd, opponents in sorted(rounds.items()):
            if len(opponents) < 2:
                continue
            ranked = sorted(opponents.items(), key=lambda kv: (-len(kv[1]), kv[0]))
            main = ranked[0][0]
            for other, players in ranked[1:]:
                for p in players:
                    yield finding("TRF606", f"round {rnd}: player {p.start_rank} of team {team.number} plays a "
                                  f"member of team {other}, but the team's other boards face team {main}", p.line,
                                  round_column(rnd), "all boards of a team match face the same team",
                                  ctx.cell(p, rnd))


def _team_totals(ctx: Context) -> dict[int, tuple[Fraction, Fraction]]:
    """Team number -> (match points, game points) as the team-match model gives them
    (:mod:`trfscore.teams`: board results under 162 and 362, 240/320/330 records, 299)."""
    from ...teams.build import build_team_event

    event = build_team_event(ctx.t)
    return {line.number: (line.match_points, line.game_points) for line in event.teams}


@rule("TRF605", WARNING, "310 match and game points equal what the board results give", spec="F4", why=(
    "warning: the declared team points differ from the boards; the computed ones are reported"))
def team_totals(ctx: Context) -> Iterator[Finding]:
    """A 310 team's game points are the sum of its board results (under 162), its match points
    the sum of its match results (under 362, default 2/1/0), with 240 byes (a full-point bye
    gives every board a win), 320 pairing-allocated byes, 330 forfeited matches and 299
    adjustments.

    Passing: ``310   1 India … 15     28.0`` where the boards add up to 28.0 and the matches
    to 15.

    Failing: the same line with ``29.0`` game points.
    """
    teams = [team for team in ctx.t.teams if team.record == "310"]
    if not teams or not ctx.players:
        return
    totals = _team_totals(ctx)
    for team in teams:
        mp, gp = totals.get(team.number, (Fraction(0), Fraction(0)))
        if team.game_points is not None and team.game_points != gp:
            yield finding("TRF605", f"team {team.number} ({team.name}) declares {fmt_points(team.game_points)} "
                          f"game points; the board results give {fmt_points(gp)}", team.line, _TEAM["game_points"].first,
                          f"correct the game points (310 columns {_TEAM['game_points'].columns})", fmt_points(team.game_points))
        if team.match_points is not None and team.match_points != mp:
            yield finding("TRF605", f"team {team.number} ({team.name}) declares {fmt_points(team.match_points)} "
                          f"match points; the match results give {fmt_points(mp)}", team.line, _TEAM["match_points"].first,
                          f"correct the match points (310 columns {_TEAM['match_points'].columns})", fmt_points(team.match_points))


@rule("TRF612", WARNING, "a team's members declare, in all, the points their results give", spec="F4", why=(
    "warning: the team's game points follow the board results; the members' declared points (each an "
    "error of TRF510) would give the team another total"))
def members_declared_total(ctx: Context) -> Iterator[Finding]:
    """The declared points (001 columns 81-84) of a team's members add up to the sum of their
    results, so the team's game points read from the players' rows are the ones the board results
    give.  Said once per team (on its 310 record, else its 013 record), beside the per-player
    TRF510, with the team's declared game points when its 310 record gives them.  TRF16 013
    records declare no team total: the team's total is the sum of its members' rows.

    Passing: ``013 A   1    2`` where players 1 and 2 declare 1.0 and 0.5 and won and drew.

    Failing: the same team where player 1 declares 1.5 for the won game (members declare 2,
    their results give 1.5).
    """
    if ctx.t.source.format == "crosstable":
        return  # the crosstable reader compares printed totals itself (CTB110), as TRF510 does
    teams = _kind(ctx)
    if not teams:
        return
    scores = ctx.scores  # (made for a team event only)
    for team in teams:
        members = [ctx.by_rank[m] for m in team.members if m in ctx.by_rank]
        declared = [p for p in members if p.points is not None]
        if not declared:
            continue
        off = [p for p in declared if p.points != scores.get(p.start_rank, Fraction(0))]
        said = sum((p.points or Fraction(0) for p in declared), Fraction(0))
        got = sum((scores.get(p.start_rank, Fraction(0)) for p in declared), Fraction(0))
        if said == got:
            continue  # differences that cancel out leave the team total right; TRF510 names each
        who = ", ".join(f"player {p.start_rank} declares {fmt_points(p.points or Fraction(0))} for "
                        f"{fmt_points(scores.get(p.start_rank, Fraction(0)))}" for p in off[:5])
        more = f" and {len(off) - 5} more" if len(off) > 5 else ""
        total = (f"; the 310 record declares {fmt_points(team.game_points)} game points"
                 if team.record == "310" and team.game_points is not None else "")
        column = _TEAM["game_points"].first if team.record == "310" else 5
        yield finding("TRF612", f"team {team.name or team.number}: its members' declared points add up to "
                      f"{fmt_points(said)}, their results to {fmt_points(got)} ({who}{more}){total}; the team "
                      "standings count the results", team.line, column,
                      f"correct the members' points (001 columns {FIELDS['points'].columns}) or their results",
                      fmt_points(said))
