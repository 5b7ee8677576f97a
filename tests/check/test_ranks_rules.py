"""The rank rules (docs/rules.md C2, C11, E7): TRF511 (rank order against points), TRF512
(every player of a finished event ranked 1..N), TRF520 (starting ranks 1..N): each case with
its message, hint, line, column and severity.

The base file is checkhelp's 4-player, 2-round Swiss: points #1 1.5, #2 1.0, #3 1.0, #4 0.5;
lines 7-10 hold players 1-4 (six header lines first); the rank is columns 86-89, the starting
rank columns 5-8 (TRF16 record 001).
"""
from __future__ import annotations

import pytest
from checkhelp import SWISS, rules_of, trf

RERANK = "re-rank the players by points, then tie-breaks"


def found(text: str, rule: str) -> list[tuple[str, int, int, str, str, str]]:
    return [(f.severity, f.line, f.column, f.message, f.hint, f.text) for f in rules_of(text).get(rule, [])]


@pytest.mark.parametrize("ranks", [{1: 1, 2: 2, 3: 3, 4: 4}, {1: 1, 2: 3, 3: 2, 4: 4}, {1: 1, 2: 2, 3: 2, 4: 4}])
def test_ranks_in_points_order_pass(ranks):
    # #2 and #3 have 1.0 each: either order, or a shared rank
    assert found(trf(ranks=ranks), "TRF511") == []


def test_a_better_rank_with_fewer_points():
    assert found(trf(ranks={1: 2, 2: 1, 3: 3, 4: 4}), "TRF511") == [
        ("warning", 7, 86, "player 1 is ranked 2 with 1.5 points, behind player 2 (rank 1) with only 1.0", RERANK, "2")]


def test_a_shared_rank_with_different_points():
    assert found(trf(ranks={1: 1, 2: 1, 3: 3, 4: 4}), "TRF511") == [
        ("warning", 8, 86, "players 1 and 2 share rank 1 but have 1.5 and 1.0 points",
         "only players with equal points can share a rank", "1")]


def test_computed_points_stand_in_when_a_declared_total_is_missing():
    # #1 declares no points: his results give 1.5; ranks 4, 1, 3, 2 put him last
    assert found(trf(ranks={1: 4, 2: 1, 3: 3, 4: 2}, opts={1: {"points": ""}}), "TRF511") == [
        ("warning", 7, 86, "player 1 is ranked 4 with 1.5 points, behind player 3 (rank 3) with only 1.0", RERANK, "4"),
        ("warning", 9, 86, "player 3 is ranked 3 with 1.0 points, behind player 4 (rank 2) with only 0.5", RERANK, "3")]


def test_one_ranked_player_is_not_compared():
    assert found(trf(ranks={4: 1}), "TRF511") == []


def test_no_rank_anywhere():
    assert found(trf(ranks={}), "TRF512") == [
        ("warning", 7, 86, "no player has a rank (columns 86-89 are blank or 0 everywhere)",
         "write the final rank of every player; consumers need it to rebuild the standings", "    ")]


def test_one_player_without_a_rank_and_one_past_n():
    assert found(trf(ranks={1: 1, 2: 2, 3: 3}), "TRF512") == [
        ("warning", 10, 86, "player 4 has no rank", "write the player's final rank in columns 86-89", "    ")]
    assert found(trf(ranks={1: 1, 2: 2, 3: 3, 4: 5}), "TRF512") == [
        ("warning", 10, 86, "player 4 has rank 5, but there are only 4 players", "ranks run from 1 to the number of players",
         "5")]


def test_rank_zero_after_a_withdrawal_is_info():
    # #4 ends with a zero-point bye (withdrawn); #2 gets the pairing-allocated bye instead
    rows = {**SWISS, 2: ["1 b 0", "0000 - U"], 4: ["3 b =", "0000 - Z"]}
    assert found(trf(rows, ranks={1: 1, 2: 2, 3: 3, 4: 0}), "TRF512") == [
        ("info", 10, 86, "1 player(s) whose record stops early have rank 0 (read as withdrawn, unranked)",
         "rank them after the others if the rating officer asks for it", "0")]


def test_start_ranks_with_a_gap():
    rows = {1: SWISS[1], 2: SWISS[2], 4: SWISS[3], 5: SWISS[4]}
    assert found(trf(rows, ranks={1: 1, 2: 2, 4: 3, 5: 4}), "TRF520") == [
        ("warning", 9, 5, "starting ranks are not 1..4: 3 missing",
         "renumber the players 1..N (and their opponents), or add 'XXC rank'", "4")]


def test_rank_n_itself_is_in_range():
    # #3 ranked 4 = N: only #4's missing rank is reported
    assert [f[3] for f in found(trf(ranks={1: 1, 2: 2, 3: 4}), "TRF512")] == ["player 4 has no rank"]


@pytest.mark.parametrize(("starts", "message"), [
    ((2, 3, 4, 5), "starting ranks are not 1..4: 1 missing"),
    ((1, 3, 5, 6), "starting ranks are not 1..4: 2, 4 missing"),
    # 1 and 20: 2..19 missing (18 numbers), the first ten listed
    ((1, 20), "starting ranks are not 1..2: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 8 more missing"),
    # 1, 8, 20 and 21: 2..7 (6) and 9..19 (11) missing, the first ten listed
    ((1, 8, 20, 21), "starting ranks are not 1..4: 2, 3, 4, 5, 6, 7, 9, 10, 11, 12 and 7 more missing"),
])
def test_start_rank_gaps(starts, message):
    rows = {sr: [] for sr in starts}
    ranks = {sr: rank for rank, sr in enumerate(starts, 1)}
    assert [f[3] for f in found(trf(rows, ranks=ranks), "TRF520")] == [message]
    # 'XXC rank' says the starting ranks are not 1..N on purpose
    assert found(trf(rows, ranks=ranks, header=None, extra=["XXC rank"]), "TRF520") == []


def test_ranks_against_the_declared_tiebreaks():
    # 202 SB: #2 and #3 have 1.0 each; SB(#3) = 1/2 x 1.5 (#1) + 1/2 x 0.5 (#4) = 1.0,
    # SB(#2) = 1 x 0.5 (#4) = 0.5, so #3 is 2nd and #2 3rd
    header = ["012 Test Open", "022 Testville", "032 GER", "042 2026/04/01", "052 2026/04/03", "102 Arbiter, Chief",
              "202 SB"]
    text = trf(header=header, ranks={1: 1, 2: 2, 3: 3, 4: 4})
    hint = "check the tie-break order or the ranks"
    assert found(text, "TRF513") == [
        ("info", 9, 86, "player 2 is ranked 2, but points and the declared tie-breaks (SB) give rank 3", hint, "2"),
        ("info", 10, 86, "player 3 is ranked 3, but points and the declared tie-breaks (SB) give rank 2", hint, "3")]
    assert found(trf(header=header, ranks={1: 1, 3: 2, 2: 3, 4: 4}), "TRF513") == []
    # REP (rounds elected to play: 2 each) does not separate them: #2 and #3 share places 2-3
    tied = trf(header=header[:-1] + ["202 REP"], ranks={1: 1, 2: 2, 3: 4, 4: 3})
    assert [f[3] for f in found(tied, "TRF513")] == [
        "player 3 is ranked 4, but points and the declared tie-breaks (REP) give rank 2-3",
        "player 4 is ranked 3, but points and the declared tie-breaks (REP) give rank 4"]


def test_ranks_follow_the_declared_points_when_all_are_declared():
    # #4 declares 2.0 (his results give 0.5): ranked 4th behind #3's 1.0, by the declared points
    assert [f[3] for f in found(trf(opts={4: {"points": "2.0"}}), "TRF511")] == [
        "player 4 is ranked 4 with 2.0 points, behind player 3 (rank 3) with only 1.0"]


def test_two_ranked_players_are_compared():
    assert [f[3] for f in found(trf(ranks={1: 2, 2: 1}), "TRF511")] == [
        "player 1 is ranked 2 with 1.5 points, behind player 2 (rank 1) with only 1.0"]


def test_an_unfinished_file_is_not_asked_for_ranks():
    # XXR 3 declares three rounds, two are in the file: not finished, no rank needed; XXR 2: finished
    assert found(trf(ranks={}, extra=["XXR 3"]), "TRF512") == []
    assert [f[3] for f in found(trf(ranks={}, extra=["XXR 2"]), "TRF512")] == [
        "no player has a rank (columns 86-89 are blank or 0 everywhere)"]


def test_a_zero_bye_before_the_last_round_is_no_withdrawal():
    # #4: zero-point bye in round 2 of 3, plays round 3: rank 0 is a missing rank, not a withdrawal
    rows = {1: ["2 w 1", "3 b =", "4 w 1"], 2: ["1 b 0", "0000 - U", "3 w 1"], 3: ["4 w =", "1 w =", "2 b 0"],
            4: ["3 b =", "0000 - Z", "1 b 0"]}
    assert [(f[0], f[3]) for f in found(trf(rows, ranks={1: 1, 2: 2, 3: 3, 4: 0}), "TRF512")] == [
        ("warning", "player 4 has no rank")]


def test_tiebreak_ranks_with_an_unranked_player():
    header = ["012 Test Open", "022 Testville", "032 GER", "042 2026/04/01", "052 2026/04/03", "202 SB"]
    assert [f[1] for f in found(trf(header=header, ranks={1: 1, 2: 2, 3: 3}), "TRF513")] == [8, 9]  # players 2, 3
