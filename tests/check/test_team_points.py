"""TRF605: a 310 team's match and game points are what the board results give, under the file's
team scoring (362) and game scoring (162), not under the defaults.

TRF-2026 §2.1: 362 holds ``TW``/``TD``/``TL`` at columns 5-6, 14-15, 23-24 with their points at
7-10, 16-19, 25-28 (defaults 2/1/0); 162 holds a symbol at column 6 and its points at 7-10, the
next pairs every 9 columns (defaults W 1, D ½, L 0); check F4: the 310 match points (columns
55-60) and game points (62-67) equal the values recomputed with 362 and 162.

The match of checkhelp's one-round team file (test_rules.TEAM_ROWS): team A (players 1, 2) beats
team B (3, 4) by a win and a draw, 1½-½; in WON_DRAWN below the match is drawn 1-1.
"""
from __future__ import annotations

from checkhelp import HEADER, rules_of, trf
from test_rules import TEAM_RANKS, TEAM_ROWS, team310

DRAWN_ROWS = {1: ["3 w 1"], 2: ["4 b 0"], 3: ["1 b 0"], 4: ["2 w 1"]}  # A 1-1 B
SCORING_362 = "362 TW  3.0   TD  1.0   TL  0.0"  # the football count: 3 for a won match, 1 for a draw
SCORING_162 = "162  W 3.0    D 1.0    L 0.0"  # 3/1/0 per game


def team_findings(rows: dict[int, list[str]], header: list[str], a: tuple[str, str], b: tuple[str, str]) -> list:
    """The TRF605 findings of the two-team event whose 310 records declare (match points, game
    points) ``a`` for team A and ``b`` for team B."""
    text = trf(rows, ranks=TEAM_RANKS, header=HEADER + header,
               extra=[team310(1, "A", a[0], a[1], 1, 1, 2), team310(2, "B", b[0], b[1], 2, 3, 4)])
    return rules_of(text).get("TRF605", [])


def test_the_362_record_reaches_the_header():
    from trfscore import loads

    text = trf(TEAM_ROWS, ranks=TEAM_RANKS, header=HEADER + [SCORING_362])
    assert loads(text).header.team_scoring == {"TW": 3, "TD": 1, "TL": 0}


def test_match_points_under_362_pass_when_declared_as_362_counts():
    # A won the match: TW = 3 (not the default 2); B lost: TL = 0.  Game points under 162's
    # defaults: A 1 + ½ = 1.5, B 0 + ½ = 0.5.
    assert team_findings(TEAM_ROWS, [SCORING_362], ("3.0", "1.5"), ("0.0", "0.5")) == []


def test_match_points_declared_under_the_defaults_are_wrong_under_362():
    (f,) = team_findings(TEAM_ROWS, [SCORING_362], ("2.0", "1.5"), ("0.0", "0.5"))
    assert f.severity == "warning"
    assert f.message == "team 1 (A) declares 2.0 match points; the match results give 3.0"
    assert f.line == len(HEADER) + 1 + 4 + 1  # the first 310 line, after the header and four 001 lines
    assert f.column == 55 and f.text == "2.0"  # 310 columns 55-60
    assert f.hint == "correct the match points (310 columns 55-60)"


def test_a_drawn_match_counts_td_for_both_teams():
    # 1-1 on the boards: both teams get TD = 1 under this 362 (the default would also give 1) ...
    assert team_findings(DRAWN_ROWS, [SCORING_362], ("1.0", "1.0"), ("1.0", "1.0")) == []
    # ... and TD = 1.5 when the 362 says so (columns 16-19).
    half = "362 TW  3.0   TD  1.5   TL  0.0"
    assert team_findings(DRAWN_ROWS, [half], ("1.5", "1.0"), ("1.5", "1.0")) == []
    got = team_findings(DRAWN_ROWS, [half], ("1.0", "1.0"), ("1.0", "1.0"))
    assert [f.message for f in got] == ["team 1 (A) declares 1.0 match points; the match results give 1.5",
                                        "team 2 (B) declares 1.0 match points; the match results give 1.5"]


def test_a_lost_match_counts_tl():
    # TL = 0.5 (columns 25-28): team B, which lost 1½-½, gets half a match point.
    lost_half = "362 TW  2.0   TD  1.0   TL  0.5"
    assert team_findings(TEAM_ROWS, [lost_half], ("2.0", "1.5"), ("0.5", "0.5")) == []
    (f,) = team_findings(TEAM_ROWS, [lost_half], ("2.0", "1.5"), ("0.0", "0.5"))
    assert f.message == "team 2 (B) declares 0.0 match points; the match results give 0.5"


def test_game_points_follow_162_and_match_points_362():
    # 162 W 3 D 1 L 0: A's boards give 3 + 1 = 4 game points, B's 0 + 1 = 1; A still wins the
    # match (4 > 1): TW = 3.
    assert team_findings(TEAM_ROWS, [SCORING_162, SCORING_362], ("3.0", "4.0"), ("0.0", "1.0")) == []
    got = team_findings(TEAM_ROWS, [SCORING_162, SCORING_362], ("3.0", "1.5"), ("0.0", "0.5"))
    assert [(f.message, f.column, f.hint) for f in got] == [
        ("team 1 (A) declares 1.5 game points; the board results give 4.0", 62,
         "correct the game points (310 columns 62-67)"),
        ("team 2 (B) declares 0.5 game points; the board results give 1.0", 62,
         "correct the game points (310 columns 62-67)")]


def test_without_362_the_defaults_2_1_0_count():
    assert team_findings(TEAM_ROWS, [], ("2.0", "1.5"), ("0.0", "0.5")) == []
    (f,) = team_findings(TEAM_ROWS, [], ("3.0", "1.5"), ("0.0", "0.5"))
    assert f.message == "team 1 (A) declares 3.0 match points; the match results give 2.0"
