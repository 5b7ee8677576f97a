"""The pairing rules' findings in full (docs/rules.md D5, D6, E1-E4): for each planted defect
of ``test_rules.CASES``, the lines, columns (TRF16 record 001: round r's opponent at 92 +
10(r-1), colour at 97 + 10(r-1), result at 99 + 10(r-1)), severity, message naming the round,
the players and the other line, the hint, and the field quoted.  Players 1-4 are on lines
7-10 (six header lines first)."""
from __future__ import annotations

import pytest
from checkhelp import rules_of
from test_rules import CASES


def both_sides(severity: str, column: int, message: str, hint: str, texts: tuple[str, str]) -> list[tuple]:
    """The finding on the lines of players 1 and 2 (lines 7 and 8), each naming the other:
    ``message`` with ``{me}``/``{them}`` (the start ranks) and ``{other}`` (the other's line)."""
    return [(severity, 6 + me, column, message.format(me=me, them=3 - me, other=9 - me), hint, text)
            for me, text in zip((1, 2), texts)]


EXPECTED = {
    # player 2 has a half-point bye in round 1 where player 1 lists him
    "TRF501": [("error", 7, 92, "round 1: player 1 lists 2 as opponent, but player 2 has a bye ('H') (line 8)",
                "make the two players name each other in this round, or correct the opponent number", "   2 w 1")],
    # player 2 lists 3 in round 1, where 3 and 4 play each other
    "TRF505": [("error", 8, 92, "round 1: player 2 lists 3 as opponent, but 3 plays 4 in that round (lines 9 and 10)",
                "a player has one opponent per round: correct this opponent number", "   3 b 0")],
    # players 1 and 2 both with white in round 1: one finding on each line, naming the other
    "TRF502": both_sides("error", 97, "round 1: players 1 and 2 both have white (the other is on line {other})",
                         "one player of a game has w and the other b", ("   2 w 1", "   1 w 0")),
    # a forfeit (1 w + / 1 - -) with a colour on player 1's side only
    "TRF503": [("warning", 8, 97, "round 1: player 1 has a colour for this game but player 2 has none",
                "write the colour on both sides, or '-' on both", "   1 - -")],
    # both players of round 1's game claim the win
    "TRF504": both_sides("error", 99, "round 1: result '1' of player {me} does not fit '1' of player {them} (line {other})",
                         "the results of one game are 1/0, =/=, W/L, D/D, +/- or -/-", ("   2 w 1", "   1 b 1")),
    # players 3 and 4 both with U in round 1
    "TRF506": [("error", line, 99, "round 1: 2 pairing-allocated byes (U) in one round (players 3, 4)",
                "one player per round gets U; write requested byes as H or F", "0000 - U") for line in (9, 10)],
    # player 5 (line 11) gets U in rounds 1 and 3
    "TRF507": [("warning", 11, 119, "round 3: player 5 gets the pairing-allocated bye again (first in round 1)",
                "a requested bye is F or H; U is the pairing-allocated bye", "0000 - U")],
    # player 4's round 1 is blank, round 2 played
    "TRF508": [("info", 10, 92, "round 1: blank, but player 4 plays later; read as a zero-point absence",
                "write Z for an absence, H or F for a requested bye", "0000 -  ")],
}


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in EXPECTED], ids=lambda c: c[0])
def test_pairing_findings_in_full(case):
    rule_id, passing, failing, _, profile = case
    found = [(f.severity, f.line, f.column, f.message, f.hint, f.text) for f in rules_of(failing, profile)[rule_id]]
    assert found == EXPECTED[rule_id]
    assert rule_id not in rules_of(passing, profile)


@pytest.mark.parametrize(("mine", "theirs", "fits"), [
    ("1", "0", True), ("0", "1", True), ("=", "=", True), ("W", "L", True), ("L", "W", True), ("D", "D", True),
    ("+", "-", True), ("-", "+", True), ("-", "-", True), ("X", "X", True), ("?", "?", True), ("X", "?", True),
    ("?", "X", True),
    ("1", "1", False), ("W", "W", False), ("D", "L", False), ("+", "+", False), ("=", "0", False), ("X", "1", False),
])
def test_complementary_results(mine, theirs, fits):
    """TRF504 accepts exactly the pairs of the TRF result codes that describe one game: 1/0, =/=,
    W/L and D/D (unrated), +/- and -/- (forfeits), X and ? (unknown) with each other."""
    from checkhelp import SWISS, trf

    colours = ("w", "b") if mine not in "+-" else ("-", "-")
    rows = {**SWISS, 1: [f"2 {colours[0]} {mine}", SWISS[1][1]], 2: [f"1 {colours[1]} {theirs}", SWISS[2][1]]}
    found = rules_of(trf(rows, opts={1: {"points": ""}, 2: {"points": ""}}), "basic").get("TRF504", [])
    assert (found == []) is fits


LISTS = "make the two players name each other in this round, or correct the opponent number"


@pytest.mark.parametrize(("cells", "expected"), [
    # player 2's round 1 names player 3, is blank, or holds a result without an opponent
    (["3 b 0", "4 w 1"], [(7, "round 1: player 1 lists 2 as opponent, but player 2 lists 3 (line 8)", LISTS)]),
    (["", "4 w 1"], [(7, "round 1: player 1 lists 2 as opponent, but player 2 has no entry (line 8)", LISTS),
                     (8, "round 1: no entry, but player 1 (line 7) lists this player as opponent",
                      "add the game to this line, or correct the other player's opponent")]),
    (["0000 - 1", "4 w 1"], [(7, "round 1: player 1 lists 2 as opponent, but player 2 has '1' without an opponent "
                                 "(line 8)", LISTS)]),
])
def test_symmetry_messages(cells, expected):
    from checkhelp import SWISS, trf

    found = rules_of(trf({**SWISS, 2: cells}), "basic")["TRF501"]
    assert [(f.line, f.message, f.hint) for f in found] == expected


def test_both_black():
    from checkhelp import SWISS, trf

    found = rules_of(trf({**SWISS, 1: ["2 b 1", "3 b ="]}), "basic")["TRF502"]
    assert [(f.line, f.message) for f in found] == [
        (7, "round 1: players 1 and 2 both have black (the other is on line 8)"),
        (8, "round 1: players 1 and 2 both have black (the other is on line 7)")]
