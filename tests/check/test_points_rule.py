"""TRF510 (declared points, rule E6 of docs/rules.md): every cause it names, its messages, the
299 adjustments and the scoring systems it names.

The base file is checkhelp's 4-player, 2-round Swiss (results give #1 1.5, #2 1, #3 1,
#4 0.5).  The causes (TRF rules E6: a mismatch is an error, a warning when a known exporter
habit explains all of it): blank-result rounds counted as byes (ICU, where the reader's TRF408
could not read them as equal byes), a bye of a round without pairings left out (JaVaFo),
acceleration points included (250, XXA), a 240 bye of a round past the data already counted
(JaVaFo), a 3/1/0 or 2/1/0 system without a 162 record.
"""
from __future__ import annotations

import pytest
from checkhelp import SWISS, checked, rules_of, trf

import trfscore

DEFAULT = "the FIDE default scoring (1, ½, 0)"
CORRECT = "correct the points (columns 81-84) or the round results"


def trf510(text: str) -> list[tuple[str, int, str, str, str]]:
    """(severity, start rank, message, hint, text) of each TRF510 finding (no rule crashed:
    ``rules_of`` fails on a TRF000)."""
    lines = text.splitlines()
    return [(f.severity, int(lines[f.line - 1][4:8]), f.message, f.hint, f.text)
            for f in rules_of(text).get("TRF510", [])]


def mismatch(sr: int, declared: str, computed: str, delta: str, system: str = DEFAULT) -> str:
    return f"player {sr} declares {declared} points but the results add up to {computed} ({delta}) under {system}"


def rec250(points: str, first_round: int, last_round: int, first_id: int, last_id: int) -> str:
    """250 acceleration (TRF26): mp 5-8, gp 10-13, rounds 15-17/19-21, ids 23-26/28-31."""
    return f"250 {points:>4} {points:>4} {first_round:>3} {last_round:>3} {first_id:>4} {last_id:>4}"


def rec299(kind: str, points: str, rnd: int, *ids: int) -> str:
    """299 point assignment (TRF26): type 5, match points 8-11, points 14-17, round 20-22, ids from 24."""
    return f"299 {kind:1}  {'':>4}  {points:>4}  {rnd:>3} " + " ".join(f"{i:>4}" for i in ids)


def test_agreeing_points_give_nothing():
    assert trf510(trf()) == []


def test_a_plain_mismatch_is_an_error_with_the_difference():
    # #1: 1 + 1/2 = 1.5 from the results; declared 1.0 and 2.0.
    assert trf510(trf(opts={1: {"points": "1.0"}})) == [("error", 1, mismatch(1, "1.0", "1.5", "-0.5"), CORRECT, "1.0")]
    # the field is quoted as written (here with two decimals), the message gives the value
    assert trf510(trf(opts={1: {"points": "3.00"}})) == [("error", 1, mismatch(1, "3.0", "1.5", "+1.5"), CORRECT, "3.00")]
    assert trf510(trf(opts={1: {"points": "2.0"}})) == [("error", 1, mismatch(1, "2.0", "1.5", "+0.5"), CORRECT, "2.0")]


def test_250_acceleration_included_is_a_warning_for_the_players_it_names():
    # 250 gives #1 and #2 one acceleration point: #1 declaring 1.5 + 1 is explained, #3 is not.
    found = trf510(trf(opts={1: {"points": "2.5"}, 3: {"points": "2.0"}}, extra=[rec250("1.0", 1, 2, 1, 2)]))
    # (#2, the last of the range, too)
    assert trf510(trf(opts={2: {"points": "2.0"}}, extra=[rec250("1.0", 1, 2, 1, 2)]))[0][0] == "warning"
    assert found == [
        ("warning", 1, mismatch(1, "2.5", "1.5", "+1.0") + "; likely cause: the points include acceleration (fictitious) "
         "points", "the points field must exclude acceleration (250/XXA) points", "2.5"),
        ("error", 3, mismatch(3, "2.0", "1.0", "+1.0"), CORRECT, "2.0"),
    ]


@pytest.mark.parametrize(("xxa", "declared", "explained"), [
    ("XXA    2  0.0  0.5", "1.5", True),  # one round's value
    ("XXA    2  0.5  1.0", "1.5", True),  # one round's value, not the sum
    ("XXA    2  0.5  1.0", "2.5", True),  # the sum over the rounds, 1.5
    ("XXA    2  0.5  0.5", "2.0", True),  # the sum of two equal values, 1.0
    ("XXA    2  0.5  1.0", "3.0", False),
    ("XXA    3  0.5  1.0", "2.5", False),  # another player's acceleration
])
def test_xxa_acceleration_values_and_their_sum(xxa, declared, explained):
    (found,) = trf510(trf(opts={2: {"points": declared}}, extra=[xxa]))
    assert found[:2] == ("warning" if explained else "error", 2)
    assert found[2].endswith("; likely cause: the points include acceleration (fictitious) points") is explained


def test_a_240_bye_of_the_next_round_already_counted_is_a_warning():
    # 240 F (round 3, #2) and 240 H (round 3, #3): the file has 2 rounds; #2 declares 1 + 1,
    # #3 1 + 1/2 (JaVaFo adds a requested bye at once).  #4 declares 0.5 + 1 without a 240.
    found = trf510(trf(opts={2: {"points": "2.0"}, 3: {"points": "1.5"}, 4: {"points": "1.5"}},
                       extra=["240 H   1    4", "240 F   3    2", "240 H   3    3"]))
    hint = "leave the bye out of the points until the round is played"
    assert found == [
        ("warning", 2, mismatch(2, "2.0", "1.0", "+1.0") + "; likely cause: the points already include the F bye of "
         "round 3 (240 record), not yet played (JaVaFo convention)", hint, "2.0"),
        ("warning", 3, mismatch(3, "1.5", "1.0", "+0.5") + "; likely cause: the points already include the H bye of "
         "round 3 (240 record), not yet played (JaVaFo convention)", hint, "1.5"),
        ("error", 4, mismatch(4, "1.5", "0.5", "+1.0"), CORRECT, "1.5"),
    ]


def test_a_240_bye_of_a_round_in_the_data_explains_nothing():
    # round 2 is in the 001 data: its bye is in the results already (rule E10 compares them)
    assert [f[0] for f in trf510(trf(opts={2: {"points": "2.0"}}, extra=["240 F   2    2"]))] == ["error"]


#: (wins, draws) of each player of checkhelp's Swiss: #1 1 and 1, #2 1 and 0, #3 0 and 2, #4 0 and 1
WINS_DRAWS = {1: (1, 1), 2: (1, 0), 3: (0, 2), 4: (0, 1)}


@pytest.mark.parametrize(("w", "d"), [(3, 1), (2, 1)])
def test_another_scoring_system_without_162_is_a_warning(w, d):
    # each player declares w x wins + d x draws, none the 1/1/2/0 total: every one is explained
    points = {sr: f"{w * wins + d * draws:.1f}" for sr, (wins, draws) in WINS_DRAWS.items()}
    found = trf510(trf(opts={k: {"points": v} for k, v in points.items()}))
    cause = f"; likely cause: every player's points follow a {w}/{d}/0 scoring system, but the file has no 162 record"
    hint = f"declare the system: '162  W {w}.0    D {d}.0    L 0.0'"
    assert [(f[0], f[1], f[2].endswith(cause), f[3], f[4]) for f in found] == [
        ("warning", sr, True, hint, points[sr]) for sr in WINS_DRAWS]


def test_a_system_that_fits_only_some_players_explains_nothing():
    found = trf510(trf(opts={1: {"points": "4.0"}, 2: {"points": "3.0"}}))  # #3 and #4 keep 1/2 points
    assert [f[0] for f in found] == ["error", "error"]


@pytest.mark.parametrize(("header", "system"), [
    (["162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0"], "the 162 scoring record"),
    (["XXS W=1.0 D=0.5"], "the XXS scoring record"),
    (["BBW  1.0", "BBD  0.5"], "the BB? scoring records"),
])
def test_the_message_names_the_scoring_system(header, system):
    found = trf510(trf(opts={1: {"points": "2.0"}}, header=["012 Test Open", *header]))
    assert found == [("error", 1, mismatch(1, "2.0", "1.5", "+0.5", system), CORRECT, "2.0")]


def test_299_adjustments_are_applied():
    # blank type: +1 for #1 (1.5 + 1 = 2.5); W in round 1 worth 0.5 for #2 (his R1 loss becomes
    # 0.5: 0.5 + 1 = 1.5); D worth 0 in every round for #3 (two draws: 0).
    extra = [rec299("", "1.0", 0, 1), rec299("W", "0.5", 1, 2), rec299("D", "0.0", 0, 3)]
    assert trf510(trf(opts={1: {"points": "2.5"}, 2: {"points": "1.5"}, 3: {"points": "0.0"}}, extra=extra)) == []
    # a later player's own mismatch is still found
    assert [f[1] for f in trf510(trf(opts={1: {"points": "2.5"}, 2: {"points": "1.5"}, 3: {"points": "0.0"},
                                           4: {"points": "1.0"}}, extra=extra))] == [4]
    # the unadjusted totals are now wrong
    found = trf510(trf(extra=extra))
    assert [(f[0], f[1], f[2]) for f in found] == [
        ("error", 1, mismatch(1, "1.5", "2.5", "-1.0")), ("error", 2, mismatch(2, "1.0", "1.5", "-0.5")),
        ("error", 3, mismatch(3, "1.0", "0.0", "+1.0"))]


def test_299_for_an_unknown_player_or_without_points_changes_nothing():
    assert trf510(trf(extra=[rec299("", "1.0", 0, 9), rec299("", "", 0, 1)])) == []
    # and the records after them still count: +1 for #2 (1 + 1 = 2), after an entry without
    # points and an unknown player listed first
    extra = [rec299("", "", 0, 1), rec299("", "1.0", 0, 9, 2)]
    assert trf510(trf(opts={2: {"points": "2.0"}}, extra=extra)) == []


def test_299_in_a_round_replaces_that_rounds_points():
    # #1's round 2 is a draw (0.5): a 299 D of 0.0 in round 2 makes his total 1 + 0 = 1.0
    assert trf510(trf(opts={1: {"points": "1.0"}}, extra=[rec299("D", "0.0", 2, 1)])) == []


# Every result type a 299 record can name, on a file that has each: #1 wins by forfeit (+) and
# takes a half-point bye (H); #2 loses by forfeit (-) and has a zero-point bye (Z); #3 wins (1)
# and has a full-point bye (F); #4 loses (0) and gets the pairing-allocated bye; #5 and #6 draw
# and then play a game of unknown result (X): round 2 is paired, not a round of pre-entered
# byes, and no type names the X cells.
TYPES = {1: ["2 w +", "0000 - H"], 2: ["1 b -", "0000 - Z"], 3: ["4 w 1", "0000 - F"], 4: ["3 b 0", "0000 - U"],
         5: ["6 w =", "6 b X"], 6: ["5 b =", "5 w X"]}


@pytest.mark.parametrize(("kind", "player", "adjusted"), [
    # a 299 of 2.0 points for every cell of that type: the player's total moves by 2 - its points
    ("W", 3, "3.0"), ("L", 4, "3.0"), ("F", 3, "3.0"), ("H", 1, "3.0"), ("Z", 2, "2.0"), ("+", 1, "2.5"),
    ("-", 2, "2.0"),
])
def test_299_by_result_type(kind, player, adjusted):
    extra = [rec299(kind, "2.0", 0, 1, 2, 3, 4, 5, 6)]
    unknown = {5: {"points": "1.0"}, 6: {"points": "1.0"}}  # a draw and an X (the default scoring counts X as ½)
    assert trf510(trf(TYPES, opts={**unknown, player: {"points": adjusted}}, extra=extra)) == []
    assert [f[1] for f in trf510(trf(TYPES, opts=unknown, extra=extra))] == [player]


def test_points_after_the_last_played_round_of_an_unfinished_file():
    # round 3 holds only #1's pre-entered half-point bye: the points after round 2 (1.5) are what a
    # pairing program writes between rounds; 1.0 is wrong either way.
    rows = {k: v + ["0000 - H" if k == 1 else ""] for k, v in SWISS.items()}
    assert trf510(trf(rows, opts={1: {"points": "1.5"}})) == []
    assert trf510(trf(rows, opts={1: {"points": "2.0"}})) == []
    assert [f[:3] for f in trf510(trf(rows, opts={1: {"points": "1.0"}}))] == [("error", 1, mismatch(1, "1.0", "2.0", "-1.0"))]


# --- the blank-result cause (Irish Chess Union byes the reader could not read as byes) -------------

BLANK_HINT = "write such byes as '0000 - H' or '0000 - F' so that points and results agree"


def blank_cause(blanks: int, worth: str) -> str:
    return (f"; likely cause: blank-result round(s) counted as byes ({blanks} blank, worth {worth} here), as Irish "
            "Chess Union files do")


# Four rounds: #1 plays rounds 1-2 (1 + 1/2 = 1.5) and has two '0000 -' blank-result rounds.
FOUR = {1: ["2 w 1", "3 b =", "0000 -", "0000 -"], 2: ["1 b 0", "4 w 1", "3 w 1", "4 b 1"],
        3: ["4 w =", "1 w =", "2 b 0", "4 w 1"], 4: ["3 b =", "2 b 0", "2 w 0", "3 b 0"]}


def with_blanks(rows: dict[int, list[str]], **kw) -> str:
    """``trf(rows)`` with each ``0000 -`` cell written as a blank-result block (opponent 0000, no
    colour, no result), which checkhelp's block() cannot spell."""
    text = trf({k: [c.replace("0000 -", "") for c in v] for k, v in rows.items()}, **kw)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001"):
            cells = rows[int(line[4:8])]
            line = line.ljust(91 + 10 * len(cells))
            for r, c in enumerate(cells):
                if c == "0000 -":
                    at = 91 + 10 * r
                    line = line[:at] + "0000 -    " + line[at + 10:]
            lines[i] = line.rstrip()
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("declared", "delta", "explained"), [
    # two blanks: +0.5 and +1.5 do not split into equal byes (0.25, 0.75 each), so the reader
    # keeps them as blanks (no TRF408) and TRF510 names the habit; up to 2 x 1 = 2.0 fits
    ("2.0", "+0.5", True), ("3.0", "+1.5", True),
    ("4.0", "+2.5", False),  # more than two wins
    ("1.0", "-0.5", False),  # fewer points: no bye explains that
])
def test_blank_result_rounds_counted_as_byes(declared, delta, explained):
    (found,) = trf510(with_blanks(FOUR, opts={1: {"points": declared}}))
    message = mismatch(1, declared, "1.5", delta)
    if explained:
        assert found == ("warning", 1, message + blank_cause(2, delta[1:]), BLANK_HINT, declared)
    else:
        assert found == ("error", 1, message, CORRECT, declared)


def test_blank_cause_needs_a_multiple_of_the_draw():
    # 162 with W 3, D 1 (a 3/1/0 system): #1's results give 3 + 1 = 4; +0.5 is no multiple of the
    # draw's 1 point (0.5 / 1 = 1/2), +1.0 is one draw's worth and at most 2 x 3 = 6.
    header = ["012 Test Open", "162  W 3.0    D 1.0    L 0.0"]
    found = trf510(with_blanks(FOUR, header=header, opts={1: {"points": "4.5"}, 2: {"points": "9.0"},
                                                          3: {"points": "5.0"}, 4: {"points": "1.0"}}))
    assert [f[:2] for f in found] == [("error", 1)]
    found = trf510(with_blanks(FOUR, header=header, opts={1: {"points": "5.0"}, 2: {"points": "9.0"},
                                                          3: {"points": "5.0"}, 4: {"points": "1.0"}}))
    assert [f[:2] for f in found] == [("warning", 1)]
    assert found[0][2].endswith(blank_cause(2, "1.0"))


def test_blank_cause_with_draws_worth_nothing():
    # 162 with D 0.0: no multiple of a draw explains anything (and nothing divides by it)
    header = ["012 Test Open", "162  W 1.0    D 0.0    L 0.0"]
    found = trf510(with_blanks(FOUR, header=header, opts={1: {"points": "1.5"}, 2: {"points": "3.0"},
                                                          3: {"points": "1.0"}, 4: {"points": "0.0"}}))
    # #1: 1 + 0 = 1.0 computed, 1.5 declared
    assert [(f[0], f[1], f[2]) for f in found] == [("error", 1, mismatch(1, "1.5", "1.0", "+0.5", "the 162 scoring record"))]


# A round robin of three (each player rests once: an empty cell), where #1 and #3 did not play
# their round-2 game: #1 has two empty cells (the rest of round 3 and round 2), one of them no
# rest.  #1 beats #2: 1 point computed; 1.5 declared (+0.5, 0.25 a blank: the reader reads no bye).
RR3 = {1: ["2 w 1", "", ""], 2: ["1 b 0", "", "3 w 1"], 3: ["", "", "2 b 0"]}


@pytest.mark.parametrize(("header", "rows", "blanks"), [
    # single round robin (3 rounds = 3 players, odd): one rest round left out, 2 - 1 = 1 blank
    (["092 Round robin"], RR3, 1),
    # the double (6 rounds, two rests each): #1's four empty cells less two rests = 2 blanks,
    # whether the file says double or only has more rounds (6 > 3) than a single one
    (["092 Double round robin"], {k: v + v for k, v in RR3.items()}, 2),
    (["092 Round robin"], {k: v + v for k, v in RR3.items()}, 2),
    # a Swiss: every empty cell is a blank
    (["092 Swiss"], RR3, 2),
    # a round robin of four (even: no rest rounds), rounds 1-2 / 3-4, 1-3 / 2-4, 1-4 / 2-3, where #1
    # played only round 1: both empty cells are blanks
    (["092 Round robin"], {1: ["2 w 1", "", ""], 2: ["1 b 0", "4 w 1", "3 b 1"], 3: ["4 w =", "", "2 w 0"],
                           4: ["3 b =", "2 b 0", ""]}, 2),
])
def test_blank_cause_leaves_out_the_rest_rounds_of_an_odd_round_robin(header, rows, blanks):
    declared = "1.5" if len(rows[1]) == 3 else "2.5"  # 1 or 2 wins over #2, and +0.5
    (found,) = trf510(trf(rows, header=["012 Test Open", *header], ranks={}, opts={1: {"points": declared}}))
    assert found[:2] == ("warning", 1)
    assert found[2].endswith(blank_cause(blanks, "0.5"))


def test_blank_cause_up_to_a_win_per_blank_past_the_rests():
    # a double round robin of three where #1 and #3 missed their first-cycle game: #1 has three
    # empty cells, two of them rests, so one blank; his results give 1 + 1 + 1/2 = 2.5.  3.5
    # declared is +1.0, one win for one blank (the reader reads no bye: 1/3 a cell)
    rows = {k: RR3[k] + v for k, v in {1: ["2 w 1", "3 b =", ""], 2: ["1 b 0", "", "3 w 1"],
                                       3: ["", "1 w =", "2 b 0"]}.items()}
    header = ["012 Test Open", "092 Double round robin"]
    (found,) = trf510(trf(rows, header=header, ranks={}, opts={1: {"points": "3.5"}}))
    assert found[:2] == ("warning", 1)
    assert found[2].endswith(blank_cause(1, "1.0"))
    # and with only the two rests (everybody played): +0.5 is no blank's (0.25 a cell: no bye read)
    rows = {k: v + v for k, v in {1: ["2 w 1", "3 b =", ""], 2: ["1 b 0", "", "3 w 1"],
                                  3: ["", "1 w =", "2 b 0"]}.items()}
    (found,) = trf510(trf(rows, header=header, ranks={}, opts={1: {"points": "3.5"}}))
    assert found[:2] == ("error", 1)


def test_blank_cause_in_an_odd_round_robin_with_only_rest_rounds():
    # the single round robin where everybody played: #1's only empty cell is his rest (3 rounds, 3
    # players, so no double), and +1.5 (not one bye's worth: the reader reads no bye) is unexplained
    rows = {1: ["2 w 1", "3 b =", ""], 2: ["1 b 0", "", "3 w 1"], 3: ["", "1 w =", "2 b 0"]}
    (found,) = trf510(trf(rows, header=["012 Test Open", "092 Round robin"], ranks={}, opts={1: {"points": "3.0"}}))
    assert found[:2] == ("error", 1)


# --- a bye of a round nobody is paired in, left out of the points ----------------------------

def test_a_bye_of_a_round_without_pairings_left_out_is_a_warning():
    # round 2 holds only #1's half-point bye: no pairing (a round not paired yet).  #1's results
    # give 1 + 1/2 + 1/2 = 2.0; declared 1.5 leaves out the bye of round 2.
    rows = {1: ["2 w 1", "0000 - H", "3 b ="], 2: ["1 b 0", "", "4 w 1"], 3: ["4 w =", "", "1 w ="],
            4: ["3 b =", "", "2 b 0"]}
    found = trf510(trf(rows, opts={1: {"points": "1.5"}}))
    # (round 3 is played: round 2 is no round still to pair, as a bye "pre-entered" would say)
    assert found == [("warning", 1, mismatch(1, "1.5", "2.0", "-0.5") + "; likely cause: the points leave out the bye "
                      "of round 2, in which nobody is paired although round 3 is played",
                      "JaVaFo counts a pre-entered bye in the points: add it, or remove the pre-entered cell", "1.5")]
    # 1.0 leaves out more than the bye; 2.5 adds to it
    assert [f[0] for f in trf510(trf(rows, opts={1: {"points": "1.0"}}))] == ["error"]
    assert [f[0] for f in trf510(trf(rows, opts={1: {"points": "2.5"}}))] == ["error"]
    # two such byes (rounds 2 and 3, a full and a half one): 1 + 1 + 1/2 = 2.5 computed; 1.0 declared
    rows2 = {1: ["2 w 1", "0000 - F", "0000 - H", "3 b ="], 2: ["1 b 0", "", "", "4 w 1"],
             3: ["4 w =", "", "", "1 w ="], 4: ["3 b =", "", "", "2 b 0"]}
    (found,) = trf510(trf(rows2, opts={1: {"points": "1.5"}}))
    assert found[0] == "warning"
    assert found[2].endswith("the bye of round 2, 3, in which nobody is paired although round 4 is played")
    # only the byes of rounds without pairings: #1's full-point bye of round 3 (where #2 plays #4)
    # is in the results: 1 + 1/2 + 1 = 2.5 computed, 2.0 declared leaves out the round-2 bye
    rows3 = {1: ["2 w 1", "0000 - H", "0000 - F"], 2: ["1 b 0", "", "4 w 1"], 3: ["4 w =", "", "0000 - Z"],
             4: ["3 b =", "", "2 b 0"]}
    (found,) = trf510(trf(rows3, opts={1: {"points": "2.0"}}))
    assert found[0] == "warning"
    assert found[2].endswith("the bye of round 2, in which nobody is paired although round 3 is played")


# --- 299 types that name more than their letter, records without values, blank declared points --

def test_299_z_names_the_empty_cells_too_and_d_not_the_unknown_results():
    # Z is "Z " (a zero-point bye or an empty cell): 299 Z of 0.5 for #1 replaces his Z bye (0)
    # and his empty round 3 (0): 1 + 0.5 + 0.5 = 2.0.
    rows = {1: ["2 w 1", "0000 - Z", ""], 2: ["1 b 0", "3 w 1", "3 b 1"], 3: ["", "2 b 0", "2 w 0"]}
    assert trf510(trf(rows, ranks={}, opts={1: {"points": "2.0"}}, extra=[rec299("Z", "0.5", 0, 1)])) == []
    # D is "=D" (a draw), not X (an unknown result, worth 1/2 by default): 299 D of 2.0 for #5
    # replaces his draw only: 1/2 + 1/2 - 1/2 + 2 = 2.5
    unknown = {5: {"points": "2.5"}, 6: {"points": "1.0"}}
    assert trf510(trf(TYPES, opts=unknown, extra=[rec299("D", "2.0", 0, 5)])) == []


def test_records_without_a_value_or_ids_are_passed_over():
    # a 250 without points, one without ids and an XXA without a start rank, each before the
    # record that explains #1's 1.5 + 1 = 2.5
    no_ids, no_last = "250  1.0  1.0   1   2", "250  1.0  1.0   1   2    1"
    for extra in ([rec250("0.0", 1, 2, 1, 2), rec250("1.0", 1, 2, 1, 2)], [no_ids, rec250("1.0", 1, 2, 1, 2)],
                  [no_last, rec250("1.0", 1, 2, 1, 2)],
                  ["XXA         1.0  1.0", "XXA    1  1.0  0.0"]):
        (found,) = trf510(trf(opts={1: {"points": "2.5"}}, extra=extra))
        assert found[:2] == ("warning", 1), extra


def test_a_player_without_declared_points_is_passed_over():
    # #1's points field is blank: the others still agree (nothing), a later mismatch is still
    # found, and a 3/1/0 system the others follow is still named (#2 1 win: 3, #3 2 draws: 2,
    # #4 1 draw: 1)
    assert trf510(trf(opts={1: {"points": ""}})) == []
    assert [f[1] for f in trf510(trf(opts={1: {"points": ""}, 2: {"points": "2.0"}}))] == [2]
    found = trf510(trf(opts={1: {"points": ""}, 2: {"points": "3.0"}, 3: {"points": "2.0"}, 4: {"points": "1.0"}}))
    assert [(f[0], f[1]) for f in found] == [("warning", 2), ("warning", 3), ("warning", 4)]


def test_team_ids_in_299_250_and_240_records_are_not_players():
    # a team event (192 TEAM ...): the records name teams, so #1's 1.5 + 1 = 2.5 is unexplained and
    # unadjusted (the 299 would give +1, the 250 one point, the 240 a bye)
    extra = [rec299("", "1.0", 0, 1), rec250("1.0", 1, 2, 1, 2), "240 F   3    1"]
    header = ["012 Test Open", "192 TEAM SWISS"]
    found = trf510(trf(header=header, opts={1: {"points": "2.5"}}, extra=extra))
    assert [(f[0], f[1]) for f in found] == [("error", 1)]


def test_byes_of_rounds_not_paired_yet_and_of_a_round_nobody_played_in_one_cause():
    # #1 has a half-point bye in round 2 (nobody paired, round 3 played) and byes pre-entered for
    # rounds 4 (full) and 5 (half), after the last played round 3: 1 + 1/2 + 1/2 + 1 + 1/2 = 3.5.
    # Declared 1.50 leaves out all three (-2.0); 2.0 are the points through round 3 (TRF533's case).
    rows = {1: ["2 w 1", "0000 - H", "3 b =", "0000 - F", "0000 - H"], 2: ["1 b 0", "", "4 w 1", "", ""],
            3: ["4 w =", "", "1 w =", "", ""], 4: ["3 b =", "", "2 b 0", "", ""]}
    assert trf510(trf(rows, opts={1: {"points": "1.50"}})) == [
        ("warning", 1, mismatch(1, "1.5", "3.5", "-2.0") + "; likely cause: the points leave out the bye pre-entered "
         "for round 4, 5, which is not paired yet and the bye of round 2, in which nobody is paired although round 3 "
         "is played", "JaVaFo counts a pre-entered bye in the points: add it, or remove the pre-entered cell",
         "1.50")]  # the field as written
    assert trf510(trf(rows, opts={1: {"points": "2.0"}})) == []


@pytest.mark.parametrize(("mode", "players", "why"), [
    ("auto", [1], ""),  # X scores a draw (no record 162): #1 has 1/2 + 1, #2 1/2 + 1
    ("draw", [1], ", unknown results (X) scored 0.5 as asked (unfinished: draw)"),
    ("zero", [1, 2], ", unknown results (X) scored 0.0 as asked (unfinished: zero)"),  # #1 1.0, #2 1.0
    ("pending", [1, 2], ", unknown results (X) pending as asked (unfinished: pending)"),  # X not scored
])
def test_the_message_names_how_unknown_results_were_scored(mode, players, why):
    rows = {1: ["2 w X", "3 b 1"], 2: ["1 b X", "4 w 1"], 3: ["4 w =", "1 w 0"], 4: ["3 b =", "2 b 0"]}
    text = trf(rows, opts={1: {"points": "3.0"}, 2: {"points": "1.5"}})
    found = [f for f in checked(trfscore.loads(text, unfinished=mode)) if f.rule == "TRF510"]
    computed = {1: "1.5", 2: "1.5"} if mode in ("auto", "draw") else {1: "1.0", 2: "1.0"}
    declared = {1: "3.0", 2: "1.5"}
    assert [f.message for f in found] == [
        f"player {sr} declares {declared[sr]} points but the results add up to {computed[sr]} "
        f"(+{float(declared[sr]) - float(computed[sr]):.1f}) under the FIDE default scoring (1, ½, 0){why}"
        for sr in players]
