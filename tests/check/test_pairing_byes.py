"""The pairing rules on byes and blank rounds (docs/rules.md D5, D6): TRF506's player list cut
after ten, TRF507 only in a Swiss, TRF508 passed over in team events and odd round robins and
explained by a 240 record of the player's round."""
from __future__ import annotations

import pytest
from checkhelp import checked, rules_of, trf

import trfscore


def found(text: str, rule: str) -> list[tuple[int, str]]:
    """(line, message) of each finding of ``rule`` (``rules_of`` fails on a crashed rule)."""
    return [(f.line, f.message) for f in rules_of(text).get(rule, [])]


@pytest.mark.parametrize(("n", "listed"), [
    (10, "1, 2, 3, 4, 5, 6, 7, 8, 9, 10"),  # ten are all named
    (11, "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 …"),  # the eleventh is cut
])
def test_trf506_names_at_most_ten_players(n, listed):
    text = trf({sr: ["0000 - U"] for sr in range(1, n + 1)}, ranks={})
    message = f"round 1: {n} pairing-allocated byes (U) in one round (players {listed})"
    # one finding per player, on lines 7 to 6 + n (six header lines)
    assert found(text, "TRF506") == [(6 + sr, message) for sr in range(1, n + 1)]


def test_trf506_passes_a_round_with_one_u_and_finds_a_later_one():
    # round 1: #1 has the U, #2 plays #3; round 2: #2 and #3 both have a U
    rows = {1: ["0000 - U", ""], 2: ["3 w 1", "0000 - U"], 3: ["2 b 0", "0000 - U"]}
    message = "round 2: 2 pairing-allocated byes (U) in one round (players 2, 3)"
    assert found(trf(rows, ranks={}), "TRF506") == [(8, message), (9, message)]


# #1 gets the U in rounds 1 and 3 (three players, #2 and #3 play each other when #1 has the U;
# with two header lines, player 1 is on line 3)
TWICE = {1: ["0000 - U", "2 w 1", "0000 - U"], 2: ["3 w 1", "1 b 0", "3 b 0"], 3: ["2 b 0", "", "2 w 1"]}


@pytest.mark.parametrize(("system", "expected"), [
    ("Swiss", [(3, "round 3: player 1 gets the pairing-allocated bye again (first in round 1)")]),
    ("Round robin", []),  # a round robin's bye is its schedule's, not C.04's
])
def test_trf507_only_in_a_swiss(system, expected):
    assert found(trf(TWICE, header=["012 Test Open", f"092 {system}"], ranks={}), "TRF507") == expected


# #2 sits out round 2 between games: an interior blank (three players; with two header lines,
# player n is on line 2 + n)
GAP = {1: ["2 w 1", "3 b =", ""], 2: ["1 b 0", "", "3 w 1"], 3: ["", "1 w =", "2 b 0"]}
GAP_MESSAGE = "round 2: blank, but player 2 plays later; read as a zero-point absence"


@pytest.mark.parametrize(("header", "rows", "expected"), [
    (["092 Swiss"], GAP, [(4, GAP_MESSAGE)]),  # #3's blank is round 1, but he plays later too
    (["092 Round robin"], GAP, []),  # three players: everyone sits out one round
    (["092 Team Swiss"], GAP, []),  # team members skip rounds
    # four players in a round robin: nobody needs to sit out, #2's round-2 blank is a gap
    (["092 Round robin"], {**GAP, 3: ["4 w 1", "1 w =", "2 b 0"], 4: ["3 b 0", "", ""]}, [(4, GAP_MESSAGE)]),
])
def test_trf508_carve_outs(header, rows, expected):
    got = [f for f in found(trf(rows, header=["012 Test Open", *header], ranks={}), "TRF508") if f[0] == 4]
    assert got == expected


def test_trf508_explained_by_a_240_of_that_round_and_player():
    header = ["012 Test Open", "092 Swiss"]
    assert [f for f in found(trf(GAP, header=header, ranks={}, extra=["240 Z   2    2"]), "TRF508") if f[0] == 4] == []
    # a 240 for another round or another player explains nothing
    for extra in ("240 Z   3    2", "240 Z   2    1"):
        assert [f[0] for f in found(trf(GAP, header=header, ranks={}, extra=[extra]), "TRF508")].count(4) == 1


@pytest.mark.parametrize("n", [4, 256])  # 256 players: two bytes a player number in the lanes
def test_trf502_passes_a_double_forfeit_without_colours(n):
    # #1 and #2: '-' colour and '-' result on both sides (a double forfeit: no colour is the same
    # colour twice, not a clash); the others play 3-4, 5-6, ... with w and b
    rows = {1: ["2 - -"], 2: ["1 - -"]}
    for sr in range(3, n + 1, 2):
        rows[sr], rows[sr + 1] = [f"{sr + 1} w 1"], [f"{sr} b 0"]
    assert found(trf(rows, ranks={}), "TRF502") == []
    # and two whites there is a clash
    rows[1], rows[2] = ["2 w -"], ["1 w -"]
    assert [line for line, _ in found(trf(rows, ranks={}), "TRF502")] == [7, 8]


def test_byes_and_gaps_when_a_start_rank_is_repeated():
    # a Tournament built through the library with a start rank twice (#4's player appended
    # again; the TRF reader never gives one): each row's cells are judged on their own row.
    # #1 gets U in rounds 1 and 3 (TRF507); #2 and #3 sit out round 2 between games (TRF508);
    # #4 has only blank cells: no game later, no TRF508.
    rows = {1: ["0000 - U", "2 w 1", "0000 - U"], 2: ["3 w 1", "", "3 b 0"], 3: ["2 b 0", "", "2 w 1"],
            4: ["", "", ""]}
    t = trfscore.loads(trf(rows, header=["012 Test Open", "092 Swiss"], ranks={}))
    t.players.append(t.players[-1])
    got = [(f.rule, f.line, f.message) for f in checked(t) if f.rule in ("TRF507", "TRF508")]
    assert got == [("TRF507", 3, "round 3: player 1 gets the pairing-allocated bye again (first in round 1)"),
                   ("TRF508", 4, "round 2: blank, but player 2 plays later; read as a zero-point absence"),
                   ("TRF508", 5, "round 2: blank, but player 3 plays later; read as a zero-point absence")]
