"""Who met whom (check/rules/meetings.py): TRF550 (a finished round robin has every pair meet),
TRF551 (no pair meets more often than the round robin allows), TRF552 (a Swiss pair meets once
over the board).

Counts from C.05 Annex 1: a round robin of n players takes n - 1 rounds (n even) or n rounds (n
odd, each player sitting out once); a double round robin twice as many, each pair meeting once
with each colour.  Columns: a TRF 001 round block r starts at column 92 + 10 (r - 1), its colour
at 5 columns further (TRF16).
"""
from __future__ import annotations

from checkhelp import HEADER, rules_of, trf

RR = HEADER + ["092 Individual: Round-Robin"]
DOUBLE = HEADER + ["192 FIDE_DOUBLEROUNDROBIN"]
SWISS = HEADER + ["192 FIDE_DUTCH_2025"]
# 1 meets 4, 2, 2: the pairs 1-3 and 2-4 never meet, 1-2 and 3-4 meet twice
TWICE = {1: ["4 w 1", "2 w =", "2 b 0"], 2: ["3 w 0", "1 b =", "1 w 1"], 3: ["2 b 1", "4 b =", "4 w 1"],
         4: ["1 b 0", "3 w =", "3 b 0"]}
RANKS = {1: 2, 2: 3, 3: 1, 4: 4}


def _col(rnd: int) -> int:
    return 92 + 10 * (rnd - 1)


def _found(rows, header, rule, **kw):
    return rules_of(trf(rows, header=header, ranks=kw.pop("ranks", RANKS), **kw)).get(rule, [])


def test_pairs_that_never_meet_in_a_finished_round_robin():
    got = _found(TWICE, RR, "TRF550")
    assert [(f.message, f.severity, f.line, f.column, f.text) for f in got] == [
        ("players 1 and 3 never meet in this round robin", "error", len(HEADER) + 2, _col(1), "3"),
        ("players 2 and 4 never meet in this round robin", "error", len(HEADER) + 3, _col(1), "4")]
    assert got[0].hint == "every pair of a round robin meets; check the opponents"


def test_a_round_robin_still_running_is_not_judged():
    two_rounds = {k: v[:2] for k, v in TWICE.items()}  # 2 of the 3 rounds of 4 players
    assert _found(two_rounds, RR, "TRF550") == []
    # 3 rounds played, 142 declares 6: a double round robin half played
    assert _found(TWICE, RR + ["142 6"], "TRF550") == []


def test_a_withdrawal_is_a_warning():
    # player 4 played round 1 only; 1-3 and 2-4 did not meet.  4 has two unplayed rounds, more
    # than the none an even round robin sits out; 1 and 3 have none.
    rows = {1: ["4 w 1", "2 w =", "2 b 0"], 2: ["3 w 0", "1 b =", "1 w 1"], 3: ["2 b 1", "0000 - U", "0000 - U"],
            4: ["1 b 0", "0000 - -", "0000 - -"]}
    got = {(f.message, f.severity) for f in _found(rows, RR, "TRF550")}
    assert ("players 2 and 4 never meet in this round robin (one of them has unplayed rounds: a withdrawal?)",
            "warning") in got
    assert ("players 1 and 3 never meet in this round robin (one of them has unplayed rounds: a withdrawal?)",
            "warning") in got  # player 3 has two byes, more than none


def test_an_odd_round_robin_allows_one_round_out():
    # 3 players, 3 rounds: each sits out once (a bye is no unplayed round beyond the one allowed)
    rows = {1: ["2 w 1", "0000 - U", "3 b 1"], 2: ["1 b 0", "3 w 1", "0000 - U"],
            3: ["0000 - U", "2 b 0", "1 w 0"]}
    assert _found(rows, RR, "TRF550", ranks={1: 1, 2: 2, 3: 3}) == []
    # 1 and 3 never meet; each sat out once (allowed): an error, not a withdrawal
    rows = {1: ["2 w 1", "0000 - U", "0000 - U"], 2: ["1 b 0", "3 w 1", "0000 - U"],
            3: ["0000 - U", "2 b 0", "0000 - U"]}
    got = _found(rows, RR, "TRF550", ranks={1: 1, 2: 2, 3: 3})
    assert [(f.message, f.severity) for f in got] == [
        ("players 1 and 3 never meet in this round robin (one of them has unplayed rounds: a withdrawal?)",
         "warning")]  # two rounds out each: more than the one an odd round robin gives


def test_a_single_round_robin_pairs_once():
    got = _found(TWICE, RR, "TRF551")
    assert [(f.message, f.line, f.column) for f in got] == [
        ("round 3: players 1 and 2 meet again (also in round 2); a round robin pairs them once",
         len(HEADER) + 2, _col(3)),
        ("round 3: players 3 and 4 meet again (also in round 2); a round robin pairs them once",
         len(HEADER) + 4, _col(3))]
    assert got[0].hint == "correct the opponents of this round" and got[0].text.strip() == "2 b 0"


def test_a_double_round_robin_pairs_twice_with_each_colour():
    # 2 players, 3 rounds of a double round robin (2 games): the third game is one too many
    ok = {1: ["2 w 1", "2 b 0"], 2: ["1 b 0", "1 w 1"]}
    assert _found(ok, DOUBLE, "TRF551", ranks={1: 1, 2: 2}) == []
    thrice = {1: ["2 w 1", "2 b 0", "2 w ="], 2: ["1 b 0", "1 w 1", "1 b ="]}
    (f,) = _found(thrice, DOUBLE, "TRF551", ranks={1: 1, 2: 2})
    assert f.message == "round 3: players 1 and 2 meet again (also in round 1); a round robin pairs them twice"
    same = {1: ["2 w 1", "2 w 0"], 2: ["1 b 0", "1 b 1"]}
    (f,) = _found(same, DOUBLE, "TRF551", ranks={1: 1, 2: 2})
    assert f.message == ("round 2: players 1 and 2 meet twice with the same colours (a double round robin "
                         "gives each player each colour once)")
    assert (f.column, f.hint) == (_col(2) + 5, "swap the colours of the second game")


def test_a_swiss_repeat_over_the_board():
    rows = {1: ["2 w 1", "3 b =", "2 b 0"], 2: ["1 b 0", "4 w 1", "1 w 1"], 3: ["4 w =", "1 w =", "4 b 1"],
            4: ["3 b =", "2 b 0", "3 w 0"]}
    got = _found(rows, SWISS, "TRF552")
    assert [(f.message, f.severity, f.column) for f in got] == [
        ("round 3: players 1 and 2 play each other again (first in round 1)", "warning", _col(3)),
        ("round 3: players 3 and 4 play each other again (first in round 1)", "warning", _col(3))]
    assert got[0].hint == "a Swiss pairs two players at most once"
    # a forfeit is no game: meeting again after one is allowed
    forfeit = {**rows, 1: ["2 w +", "3 b =", "2 b 0"], 2: ["1 b -", "4 w 1", "1 w 1"]}
    assert [f.message[:30] for f in _found(forfeit, SWISS, "TRF552")] == ["round 3: players 3 and 4 play "]
    # a double Swiss pairs twice: not checked
    assert _found(rows, HEADER + ["192 FIDE_DOUBLESWISS"], "TRF552") == []


# A Berger table of 5 players (C.05 Annex 1, with a sixth as the bye): each sits out once.  Round
# 5 should pair 4-2 and 5-1; here 4-5 and 2-1 meet again, so 1-5 and 2-4 never meet.
BERGER5 = {1: ["0000 - U", "2 w 1", "3 b =", "4 w 1", "2 b 0"], 2: ["5 w =", "1 b 0", "0000 - U", "3 w 1", "1 w 1"],
           3: ["4 w 1", "5 b 0", "1 w =", "2 b 0", "0000 - U"], 4: ["3 b 0", "0000 - U", "5 w =", "1 b 0", "5 b 1"],
           5: ["2 b =", "3 w 1", "4 b =", "0000 - U", "4 w 0"]}


def test_one_round_out_each_in_an_odd_round_robin_is_no_withdrawal():
    got = _found(BERGER5, RR, "TRF550", ranks={k: k for k in BERGER5})
    assert [(f.message, f.severity) for f in got] == [("players 1 and 5 never meet in this round robin", "error"),
                                                      ("players 2 and 4 never meet in this round robin", "error")]


def test_one_round_out_in_an_even_round_robin_is_a_withdrawal():
    # 1-3, 2-4 | 1-4, 2-3 | 1-2 and no game for 3 and 4 (4 withdrew): 3 and 4, next to each
    # other in the list, never meet; each has a round out, more than the none of an even round robin
    rows = {1: ["3 w 1", "4 b 1", "2 w 1"], 2: ["4 w 1", "3 b 1", "1 b 0"], 3: ["1 b 0", "2 w 0", "0000 - -"],
            4: ["2 b 0", "1 w 0", "0000 - -"]}
    got = _found(rows, RR, "TRF550", ranks={1: 1, 2: 2, 3: 3, 4: 4})
    assert [(f.message, f.severity) for f in got] == [
        ("players 3 and 4 never meet in this round robin (one of them has unplayed rounds: a withdrawal?)", "warning")]


def test_the_declared_rounds_finish_the_round_robin():
    assert len(_found(TWICE, RR + ["142 3"], "TRF550")) == 2  # 3 of 3 declared rounds: finished


def test_a_double_round_robin_is_judged_after_both_cycles():
    assert _found(TWICE, DOUBLE, "TRF550") == []  # 3 of its 6 rounds


def test_two_players_who_never_meet():
    rows = {1: ["0000 - -"], 2: ["0000 - -"]}
    got = _found(rows, RR, "TRF550", ranks={1: 1, 2: 2})
    assert [f.message for f in got] == [
        "players 1 and 2 never meet in this round robin (one of them has unplayed rounds: a withdrawal?)"]


def test_a_swiss_is_not_judged_as_a_round_robin():
    assert _found(TWICE, SWISS, "TRF550") == [] and _found(TWICE, SWISS, "TRF551") == []
