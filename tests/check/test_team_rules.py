"""Team records (check/rules/teams.py, team_matches.py): each rule's message, place and hint, and
the paths the pass/fail pairs of test_rules do not take (TRF612 with many members off, totals
that cancel in one team and not the next, a 310 record without game points; TRF605 without
players; team-model findings handed to their own rule only)."""
from __future__ import annotations

from checkhelp import rules_of, trf
from test_rules import TEAM_RANKS, TEAM_ROWS, THREE_TEAMS, team013, team310


def _text_at(text: str, f) -> str:
    """The four-column member cell of the finding's line at its column."""
    return text.splitlines()[f.line - 1][f.column - 1:f.column + 3].strip()


def test_trf601_a_member_who_is_no_player():
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 9)])
    (f,) = rules_of(text)["TRF601"]
    assert f.message == "team B: member 9 is not a player of the file"
    assert f.hint == "members are starting ranks of 001 records" and f.text == "9" and _text_at(text, f) == "9"


def test_trf602_a_player_in_two_teams_names_both():
    for extra, first in (([team013("A", 1, 2), team013("B", 2, 4)], "A"),
                         ([team310(1, "A", "2", "1.5", 1, 1, 2), team310(2, "B", "0", "0.5", 2, 2, 4)], "A")):
        text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=extra)
        (f,) = rules_of(text)["TRF602"]
        first_line = text.splitlines().index(extra[0]) + 1
        assert f.message == f"player 2 is in team B and already in team {first} (line {first_line})"
        assert f.hint == "a player plays for one team" and _text_at(text, f) == "2"


def test_trf603_numbers_used_twice_or_missing():
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                                   team310(1, "B", "0", "0.5", 2, 3, 4)])
    (f,) = rules_of(text)["TRF603"]
    first_line = len(text.splitlines()) - 1
    assert f.message == f"team number 1 is used again (first on line {first_line})"
    assert (f.line, f.column, f.hint, f.text) == (first_line + 1, 5, "give every team its own number", "1")
    text = trf(THREE_TEAMS, ranks={i: i for i in range(1, 7)},
               extra=[team310(1, "A", "2", "1.5", 1, 1, 2), team310(4, "B", "0", "0.5", 2, 3, 4),
                      team310(6, "C", "0", "0.5", 3, 5, 6)])
    (f,) = rules_of(text)["TRF603"]
    assert f.message == "team numbers are not 1..3: 2, 3 missing"
    assert (f.line, f.column, f.hint) == (len(text.splitlines()), 5, "number the teams 1..T")  # the last 310


def test_trf604_lists_that_disagree():
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 3), team013("B", 2, 4),
                                                   team310(1, "A", "2", "1.5", 1, 1, 2),
                                                   team310(2, "B", "0", "0.5", 2, 3, 4)])
    got = rules_of(text)["TRF604"]
    assert [(f.message, f.column, f.text) for f in got] == [
        ("team 1 (A) has members that no 013 record lists together", 74, "1 2"),
        ("team 2 (B) has members that no 013 record lists together", 74, "3 4")]
    assert got[0].hint == "make the 013 and 310 member lists agree, or drop the 013 records"


def test_trf606_boards_that_face_another_team():
    text = trf(THREE_TEAMS, ranks={i: i for i in range(1, 7)},
               extra=[team013("A", 1, 2), team013("B", 3, 4), team013("C", 5, 6)])
    got = rules_of(text)["TRF606"]
    # round 1: A's player 1 faces B (3), player 2 faces C (5): a tie of one board each, the lower
    # team number taken as the match; B's 4 faces C (6), its 3 faces A
    assert [f.message for f in got] == [
        "round 1: player 2 of team 1 plays a member of team 3, but the team's other boards face team 2",
        "round 1: player 4 of team 2 plays a member of team 3, but the team's other boards face team 1",
        "round 1: player 6 of team 3 plays a member of team 2, but the team's other boards face team 1"]
    assert got[0].hint == "all boards of a team match face the same team" and got[0].column == 92


def test_trf606_the_team_most_boards_face_is_the_match():
    # team A's three boards: two face B, one faces C
    rows = {1: ["4 w 1"], 2: ["5 b 1"], 3: ["7 w 1"], 4: ["1 b 0"], 5: ["2 w 0"], 6: ["8 b ="],
            7: ["3 b 0"], 8: ["6 w ="], 9: []}
    text = trf(rows, ranks={i: i for i in rows},
               extra=[team013("A", 1, 2, 3), team013("B", 4, 5, 6), team013("C", 7, 8, 9)])
    got = [f.message for f in rules_of(text)["TRF606"] if "of team 1 " in f.message]
    assert got == ["round 1: player 3 of team 1 plays a member of team 3, but the team's other boards face team 2"]


def test_trf605_without_players_says_nothing():
    text = trf({}, ranks={}, extra=[team310(1, "A", "2", "1.5", 1, 1, 2), team310(2, "B", "0", "0.5", 2, 3, 4)])
    assert "TRF605" not in rules_of(text)


def _members(rows, teams, points):
    text = trf(rows, ranks={k: k for k in rows}, extra=teams,
               opts={sr: {"points": p} for sr, p in points.items()})
    return [f.message for f in rules_of(text).get("TRF612", [])]


# seven boards: team A's players 1-7 each beat B's 8-14
SEVEN = {**{i: [f"{7 + i} w 1"] for i in range(1, 8)}, **{7 + i: [f"{i} b 0"] for i in range(1, 8)}}
SEVEN_TEAMS = [team013("A", *range(1, 8)), team013("B", *range(8, 15))]


def test_trf612_names_five_members_and_counts_the_rest():
    each = "player {} declares 0.0 for 1.0"
    got = _members(SEVEN, SEVEN_TEAMS, {i: "0.0" for i in range(1, 8)})
    assert got == ["team A: its members' declared points add up to 0.0, their results to 7.0 ("
                   + ", ".join(each.format(i) for i in range(1, 6)) + " and 2 more); the team standings count "
                   "the results"]
    got = _members(SEVEN, SEVEN_TEAMS, {i: "0.0" for i in range(1, 7)})  # six off: player 7 declares 1.0
    assert "player 5 declares 0.0 for 1.0 and 1 more);" in got[0] and "up to 1.0, their results to 7.0" in got[0]
    got = _members(SEVEN, SEVEN_TEAMS, {i: "0.0" for i in range(1, 6)})  # five off: all named
    assert "player 5 declares 0.0 for 1.0);" in got[0] and "more" not in got[0]


def test_trf612_a_team_that_cancels_out_does_not_hide_the_next():
    teams = [team013("A", 1, 2), team013("B", 3, 4)]
    got = _members(TEAM_ROWS, teams, {1: "1.5", 2: "0.0", 3: "0.5"})  # A: +½ and -½; B: player 3 +½
    assert got == ["team B: its members' declared points add up to 1.0, their results to 0.5 (player 3 declares "
                   "0.5 for 0.0); the team standings count the results"]


def test_trf612_a_310_record_without_game_points_is_not_quoted():
    teams = [team310(1, "A", "2", "", 1, 1, 2), team310(2, "B", "0", "0.5", 2, 3, 4)]
    got = _members(TEAM_ROWS, teams, {2: "0.0"})
    assert got == ["team A: its members' declared points add up to 1.0, their results to 1.5 (player 2 declares "
                   "0.0 for 0.5); the team standings count the results"]


def test_team_model_findings_go_to_their_own_rule_only():
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2)])  # team B's boards face no team
    found = rules_of(text)
    assert len(found["TRF608"]) == 1
    assert not {"TRF607", "TRF609", "TRF610", "TRF611"} & set(found)


def test_310_records_count_over_013_when_both_are_there():
    # both lists agree; player 2 declares 0 for a draw: TRF612 is said once, on the 310 record
    teams = [team013("A", 1, 2), team013("B", 3, 4), team310(1, "A", "2", "1.5", 1, 1, 2),
             team310(2, "B", "0", "0.5", 2, 3, 4)]
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=teams, opts={2: {"points": "0.0"}})
    (f,) = rules_of(text)["TRF612"]
    assert f.column == 62 and text.splitlines()[f.line - 1].startswith("310   1")


def test_a_player_twice_in_the_310_records_after_013_records():
    teams = [team013("A", 1, 2), team013("B", 3, 4), team310(1, "A", "2", "1.5", 1, 1, 2),
             team310(2, "B", "0", "0.5", 2, 2, 4)]
    got = rules_of(trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=teams))["TRF602"]
    assert [f.message.split(" (line")[0] for f in got] == ["player 2 is in team B and already in team A"]


def test_trf603_the_first_number_missing():
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(2, "A", "2", "1.5", 1, 1, 2),
                                                   team310(3, "B", "0", "0.5", 2, 3, 4)])
    (f,) = rules_of(text)["TRF603"]
    assert f.message == "team numbers are not 1..2: 1 missing"


def test_trf606_a_split_in_a_later_round():
    # round 1: A (1, 2) meets B (3, 4) on both boards; round 2: A's player 2 faces C's 5
    rows = {1: ["3 w 1", "3 b 1"], 2: ["4 b =", "5 w ="], 3: ["1 b 0", "1 w 0"], 4: ["2 w =", "6 b ="],
            5: ["6 w 1", "2 b ="], 6: ["5 b 0", "4 w ="]}
    text = trf(rows, ranks={i: i for i in rows}, extra=[team013("A", 1, 2), team013("B", 3, 4), team013("C", 5, 6)])
    got = [f.message for f in rules_of(text)["TRF606"]]
    assert "round 2: player 2 of team 1 plays a member of team 3, but the team's other boards face team 2" in got


def test_trf612_after_a_team_without_declared_points():
    teams = [team013("A", 1, 2), team013("B", 3, 4)]
    got = _members(TEAM_ROWS, teams, {1: "", 2: "", 3: "0.5"})  # A declares nothing; B's player 3 +½
    assert [m.split(":")[0] for m in got] == ["team B"]


def test_trf603_missing_numbers_point_at_the_last_team_number():
    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(2, "A", "2", "1.5", 1, 1, 2),
                                                   team310(3, "B", "0", "0.5", 2, 3, 4)])
    (f,) = rules_of(text)["TRF603"]
    assert f.text == text.splitlines()[f.line - 1][4:7]  # the team number cell, columns 5-7
