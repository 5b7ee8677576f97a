"""Team matches as the team standings read them (rules F3-F5 of docs/rules.md): the findings of the
team-match model (:mod:`trfscore.teams.build`) that no other check reports.

The model reads each team's boards per round and the 240/299/300/320/330 records; what it cannot
apply is reported here with the same message ``trfscore report --teams`` gives.  Facts other rules
already report (members that are no players, a team named twice, boards facing several teams,
records naming unknown teams) keep those rules' ids and are not repeated.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...findings import Finding
from ...teams.rules import SEVERITY as TEAM_SEVERITY
from ..context import Context
from ..registry import rule


def _findings(ctx: Context, rule_id: str) -> Iterator[Finding]:
    if not ctx.team_event or not ctx.t.teams:
        return
    got = ctx.__dict__.get("_team_model_findings")
    if got is None:
        from ...teams import build_team_event

        got = ctx.__dict__["_team_model_findings"] = build_team_event(ctx.t).findings
    for f in got:
        if f.rule == rule_id:
            yield f


@rule("TRF607", TEAM_SEVERITY["TRF607"], "a team-match record (240, 300, 320, 330) applies: its round exists and it agrees with "
      "the boards and the other records", spec="F4", why=(
    "warning: the record is not applied where it contradicts the boards; a person should look"))
def team_records_apply(ctx: Context) -> Iterator[Finding]:
    """A 330 forfeited match, 320 pairing-allocated bye or 240 bye names a round of the event, is
    the only record for its team and round, and the team's boards that round say the same (no
    games against another team; for a forfeit, no game played over the board).  A 300 line-up
    lists members of its team, once per team and round.  The team standings follow the record
    when it disagrees with the boards.

    Passing: ``330 +-   6   1   6`` with the boards of teams 1 and 6 in round 6 won and lost by
    forfeit (or empty).

    Failing: ``330 +-   6   1   6`` while team 1's boards in round 6 face team 9; ``320`` giving
    team 12 a bye in round 5 and ``240 H   5   12`` as well.
    """
    yield from _findings(ctx, "TRF607")


@rule("TRF608", TEAM_SEVERITY["TRF608"], "every board of a team match faces a member of a team, or the match is explained by a "
      "record", spec="F5", why=(
    "warning: a board outside any team is left out of the match points"))
def boards_explained(ctx: Context) -> Iterator[Finding]:
    """When a team's boards in a round face no team (opponents that are members of no team), or
    were all won by forfeit against empty boards (``0000 - +``) with no 330 or 320 record naming
    the opponent, the team standings cannot tell which match it was.

    Passing: team 23's boards read ``0000 - +`` in round 4 and ``330 +-   4  23  33`` names the
    opponent.

    Failing: the same boards without the 330 record (counted as a match won by forfeit without an
    opponent).
    """
    yield from _findings(ctx, "TRF608")


@rule("TRF609", TEAM_SEVERITY["TRF609"], "the two teams of a match name each other", spec="F5", why=(
    "warning: the boards decide the match; the disagreeing records need a person"))
def matches_symmetric(ctx: Context) -> Iterator[Finding]:
    """If team A's boards face team B in a round, team B's boards face team A in that round.

    Passing: in round 1 team 1's boards face team 8 and team 8's boards face team 1.

    Failing: team 1's boards face team 8, but team 8's boards face team 9.
    """
    yield from _findings(ctx, "TRF609")


@rule("TRF611", TEAM_SEVERITY["TRF611"], "a team's pairing-allocated bye read from '0000 - -' on all its boards (TRF16)", spec="F4",
      why="info: a TRF16 habit read as what it means; the team standings count the bye")
def dash_byes(ctx: Context) -> Iterator[Finding]:
    """TRF16 has no record for a team's pairing-allocated bye: team files write ``0000 - -`` on
    every board of the team that sits out.  When exactly one team of an odd number does so in a
    round the others play, it is read as that team's bye (match and game points of a PAB).

    Passing: a 320 record (TRF26) gives the bye.

    Failing (info): team 5's four boards read ``0000 - -`` in round 3 of a 15-team event.
    """
    yield from _findings(ctx, "TRF611")


@rule("TRF610", TEAM_SEVERITY["TRF610"], "a 299 point assignment of a team event can be applied", spec="F4", why=(
    "warning: the assignment is left out; a person should look"))
def assignments_apply(ctx: Context) -> Iterator[Finding]:
    """A 299 record of a team event either adds a bonus or penalty (no type letter) to named
    teams, or sets the points of one round of named teams (a type letter and a round), or sets the
    points of every unplayed match of a kind (``F H Z + -``, round 0, no team).  Other forms are
    ambiguous and not applied.

    Passing: ``299    -1.0  -2.0    0    7`` (team 7 loses 1 match point and 2 game points).

    Failing: ``299 W   2.0   4.0    0    7`` (a win in which round?).
    """
    yield from _findings(ctx, "TRF610")
