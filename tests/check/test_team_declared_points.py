"""TRF612: a team's members declare, in all, the points their results give (said once per team,
beside each member's TRF510).

Team A is players 1 and 2 of checkhelp's one-round team file: player 1 won (1), player 2 drew
(½), so the results give the team 1 + ½ = 1.5 game points; team B (3 and 4) lost and drew: ½.
"""
from __future__ import annotations

from checkhelp import rules_of, trf
from test_rules import TEAM_RANKS, TEAM_ROWS, team013, team310

TEAMS_013 = [team013("A", 1, 2), team013("B", 3, 4)]
TEAMS_310 = [team310(1, "A", "2", "1.5", 1, 1, 2), team310(2, "B", "0", "0.5", 2, 3, 4)]


def found(extra: list[str], points: dict[int, str]) -> list:
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=extra, opts={sr: {"points": p} for sr, p in points.items()})
    return rules_of(text).get("TRF612", [])


def test_a_team_of_013_records_is_told_its_members_total():
    (f,) = found(TEAMS_013, {1: "1.5"})  # player 1 declares 1.5 for a win: the team 2.0 for 1.5
    assert f.severity == "warning" and f.line == 11 and f.column == 5  # team A's 013 line, its name
    assert f.message == ("team A: its members' declared points add up to 2.0, their results to 1.5 (player 1 "
                         "declares 1.5 for 1.0); the team standings count the results")
    assert f.text == "2.0"


def test_a_310_team_is_told_with_its_declared_game_points():
    (f,) = found(TEAMS_310, {2: "0.0"})  # player 2 declares 0 for a draw: the team 1.0 for 1.5
    assert f.column == 62  # 310 columns 62-67: game points
    assert f.message.endswith("(player 2 declares 0.0 for 0.5); the 310 record declares 1.5 game points; "
                              "the team standings count the results")


def test_differences_that_cancel_out_leave_the_team_alone():
    """+½ on player 1 and -½ on player 2: the team's total is right (TRF510 names each player)."""
    assert found(TEAMS_013, {1: "1.5", 2: "0.0"}) == []
    assert found(TEAMS_013, {}) == []
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=TEAMS_013, opts={1: {"points": "1.5"}, 2: {"points": "0.0"}})
    assert len(rules_of(text)["TRF510"]) == 2


def test_each_team_is_told_once():
    got = found(TEAMS_013, {1: "1.5", 2: "1.0", 3: "0.5"})
    assert [f.message.split(":")[0] for f in got] == ["team A", "team B"]
    assert "player 1 declares 1.5 for 1.0, player 2 declares 1.0 for 0.5" in got[0].message
