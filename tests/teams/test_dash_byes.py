"""A team's pairing-allocated bye written TRF16-style, ``0000 - -`` on all its boards (issue 24).

Three teams of two boards play three rounds of a team Swiss (written here): each round one team
sits out with ``0000 - -`` on both boards.  Team A (players 1, 2) beats B 2-0 in round 1, draws C
1-1 in round 3 and has the bye in round 2.
"""
from __future__ import annotations

from fractions import Fraction

import trfscore
from check.checkhelp import player_line  # the check tests' TRF line writer

ROWS = {  # start rank -> its three rounds
    1: ["3 w 1", "0000 - -", "5 w 1"], 2: ["4 b 1", "0000 - -", "6 b 0"],
    3: ["1 b 0", "5 b 0", "0000 - -"], 4: ["2 w 0", "6 w 1", "0000 - -"],
    5: ["0000 - -", "3 w 1", "1 b 0"], 6: ["0000 - -", "4 b 0", "2 w 1"],
}
POINTS = {1: "2.0", 2: "1.0", 3: "0.0", 4: "1.0", 5: "1.0", 6: "1.0"}
TEAMS = ["013 Team A                            1    2", "013 Team B                            3    4",
         "013 Team C                            5    6"]


def _text() -> str:
    lines = ["012 Dash byes", "092 Team Swiss"]
    lines += [player_line(sr, cells, points=POINTS[sr], rank=sr) for sr, cells in ROWS.items()]
    return "\n".join(lines + TEAMS) + "\n"


def test_dash_on_every_board_is_the_teams_bye():
    t = trfscore.loads(_text())
    standings = t.standings(teams=True)
    # A: win 2-0, bye (a PAB: match points of a win, game points 2 x the PAB value), draw 1-1
    line = next(x for x in standings.event.teams if x.number == 1)
    assert [r.kind for r in line.rounds] == ["win", "pab", "draw"]
    assert line.rounds[1].match_points == standings.event.scoring.win
    assert line.rounds[1].game_points == Fraction(2)
    found = [f for f in standings.findings if f.rule == "TRF611"]
    assert len(found) == 3 and any(f.message.startswith("round 2: every board of team 1 ") for f in found)


def test_the_bye_counts_in_the_team_standings():
    standings = trfscore.loads(_text()).standings(teams=True)
    win, draw = standings.event.scoring.win, standings.event.scoring.draw
    row = next(r for r in standings.rows if r.name == "Team A")
    # a win, the bye (a PAB: the match points of a win) and a draw; before, the bye counted nothing
    assert row.match_points == win + win + draw
