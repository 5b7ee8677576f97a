"""US Chess tie-breaks (US Chess Official Rules of Chess, 7th ed., rule 34E): Modified Median
and Solkoff with adjusted scores, Cumulative, Cumulative of opposition and Kashdan, their
boundaries (plus / even / minus score, 9 rounds) and their explanations.  Every expected value
is worked out next to it."""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.standings import compute_standings

from .builders import from_matrix, from_rows, to_trf
from .test_vectors import WCCC8_MATRIX, wccc8

F = Fraction

# A 6-player, 5-round Swiss.
# R1: #1 PAB, #2-#3 1:0, #4-#5 1:0, #6 absent.  R2: #1-#2 1:0, #3-#6 1:0, #5-#4 1/2.
# R3: #3-#1 1:0, #2-#4 1:0, #5-#6 1:0.  R4: #1-#4 1/2, #5-#3 1/2, #2 withdrawn, #6 PAB.
# R5: #5-#1 0:1, #4-#3 1:0, #2 withdrawn, #6 zero-point bye.
ROWS = {1: "PAB +W2 -B3 =W4 +B5", 2: "+W3 -B1 +W4 -- --", 3: "-B2 +W6 +W1 =B5 -B4",
        4: "+W5 =B5 -B2 =B1 +W3", 5: "-B4 =W4 +W6 =W3 -W1", 6: "-- -B3 -B5 PAB ZPB"}
# Scores: #1 3.5, #2 2, #3 2.5, #4 3, #5 2, #6 1.
# Adjusted scores (34E1: every unplayed round of the opponent counts 1/2):
#   #1 1/2 (PAB) + 1 + 0 + 1/2 + 1 = 3; #2 1 + 0 + 1 + 1/2 + 1/2 = 3 (the rule's own example:
#   W W L... withdrew, 3); #3 2.5; #4 3; #5 2; #6 1/2 (absent) + 0 + 0 + 1/2 + 1/2 = 1.5.
CODES = "MMED,SOLK,CUM,OCUM,KASH"


def table(rows=ROWS, codes=CODES, **kw):
    st = compute_standings(from_rows(rows, system="Swiss"), codes, rules="fide-2024", **kw)
    return {r.start_rank: r.tiebreaks for r in st.rows}, st


def test_modified_median_drops_by_score_with_fewer_than_nine_rounds():
    tb, _ = table()
    # #1 plus score (3.5 of 5): own PAB 0, #2 3, #3 2.5, #4 3, #5 2; drop the lowest (0): 10.5.
    # #4 plus (3): #5 2, #5 2, #2 3, #1 3, #3 2.5 = 12.5; drop the lowest 2: 10.5.
    # #3 even (2.5): #2 3, #6 1.5, #1 3, #5 2, #4 3 = 12.5; drop 3 and 1.5: 8.
    # #5 minus (2): #4 3, #4 3, #6 1.5, #3 2.5, #1 3 = 13; drop the highest 3: 10.
    # #2 minus (2): #3 2.5, #1 3, #4 3, own absences 0, 0 = 8.5; drop 3: 5.5.
    # #6 minus (1): own absence 0, #3 2.5, #5 2, PAB 0, ZPB 0 = 4.5; drop 2.5: 2.
    assert {p: v["MMED"] for p, v in tb.items()} == {1: F(21, 2), 2: F(11, 2), 3: 8, 4: F(21, 2),
                                                     5: 10, 6: 2}
    # Solkoff drops nothing: 10.5, 8.5, 12.5, 12.5, 13, 4.5.
    assert {p: v["SOLK"] for p, v in tb.items()} == {1: F(21, 2), 2: F(17, 2), 3: F(25, 2),
                                                     4: F(25, 2), 5: 13, 6: F(9, 2)}


def test_cumulative_and_opposition_cumulative():
    tb, _ = table()
    # 34E3: running scores minus the points of unplayed rounds.  #1 is the rule's example (bye,
    # W, L, D, W): 1 + 2 + 2 + 2.5 + 3.5 - 1 = 10.  #2 1+1+2+2+2 = 8, #3 0+1+2+2.5+2.5 = 8,
    # #4 1+1.5+1.5+2+3 = 9, #5 0+0.5+1.5+2+2 = 6, #6 0+0+0+1+1 - 1 (PAB) = 1.
    assert {p: v["CUM"] for p, v in tb.items()} == {1: 10, 2: 8, 3: 8, 4: 9, 5: 6, 6: 1}
    # 34E4: the opponents' cumulative scores, games played only.  #1: 8 + 8 + 9 + 6 = 31;
    # #2: 8 + 10 + 9 = 27; #3: 8 + 1 + 10 + 6 + 9 = 34; #4: 6 + 6 + 8 + 10 + 8 = 38;
    # #5: 9 + 9 + 1 + 8 + 10 = 37; #6: 8 + 6 = 14.
    assert {p: v["OCUM"] for p, v in tb.items()} == {1: 31, 2: 27, 3: 34, 4: 38, 5: 37, 6: 14}


def test_kashdan_four_two_one_none_for_unplayed():
    tb, _ = table()
    # 34E7: 4 a win, 2 a draw, 1 a loss, 0 an unplayed round.  #1 (PAB) W L D W: 4+1+2+4 = 11;
    # #2 W L W: 9; #3 L W W D L: 1+4+4+2+1 = 12; #4 W D L D W: 4+2+1+2+4 = 13;
    # #5 L D W D L: 1+2+4+2+1 = 10; #6 (absent, PAB, ZPB) L L: 2.
    assert {p: v["KASH"] for p, v in tb.items()} == {1: 11, 2: 9, 3: 12, 4: 13, 5: 10, 6: 2}


def test_three_one_zero_counts_unplayed_rounds_as_draws_of_that_system():
    # The same event scored 3-1-0 (TRF26 162 record): a draw is 1 point, a win 3.
    # Adjusted: #1 1 + 3 + 0 + 1 + 3 = 8; #2 3 + 0 + 3 + 1 + 1 = 8; #3 0 + 3 + 3 + 1 + 0 = 7;
    # #4 3 + 1 + 0 + 1 + 3 = 8; #5 0 + 1 + 3 + 1 + 0 = 5; #6 1 + 0 + 0 + 1 + 1 = 3.
    # Scores: #1 3+3+0+1+3 = 10 of 15 (plus), #6 3 (PAB) of 15 (minus).
    # MMED(#1): 0 (own PAB), 8, 7, 8, 5 = 28, drop the lowest 0: 28.  SOLK(#6): 0 + 7 + 5 + 0 + 0
    # = 12; MMED(#6) drops the highest 7: 5.  CUM(#1): 3 + 6 + 6 + 7 + 10 - 3 (PAB) = 29.
    import trfscore

    lines = to_trf(from_rows(ROWS, system="Swiss")).splitlines()
    lines.insert(1, "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0")
    st = trfscore.loads("\n".join(lines) + "\n").standings("MMED,SOLK,CUM")
    tb = {r.start_rank: r.tiebreaks for r in st.rows}
    assert (tb[1]["MMED"], tb[6]["SOLK"], tb[6]["MMED"], tb[1]["CUM"]) == (28, 12, 5, 29)


def by_hand_median(scores: list[Fraction], own: Fraction, rounds: int) -> Fraction:
    """34E1 on a round robin with every game played: the opponents' scores, dropping one (two
    from 9 rounds) lowest for a plus score, highest for a minus score, both for 50 %."""
    k = 2 if rounds >= 9 else 1
    vals = sorted(scores)
    lo, hi = (k, 0) if 2 * own > rounds else (k, k) if 2 * own == rounds else (0, k)
    return sum(vals[lo:len(vals) - hi], Fraction(0))


@pytest.mark.parametrize("players", [9, 10, 15])
def test_modified_median_drops_two_from_nine_rounds(players):
    # The first 9 / 10 / all 15 players of TV2 (8th World Correspondence Championship) as a round
    # robin of their own: 8, 9 and 14 rounds (an odd number of players sits one round out, which
    # is not scheduled and not a round of the player's).
    matrix = [row.split()[:players] for row in WCCC8_MATRIX[:players]]
    t = wccc8() if players == 15 else from_matrix(matrix)
    st = compute_standings(t, "MMED,SOLK", rules="fide-2024")
    score = {r.start_rank: r.points for r in st.rows}
    rounds = players - 1
    for r in st.rows:
        others = [score[p] for p in score if p != r.start_rank]
        assert r.tiebreaks["SOLK"] == sum(others)
        assert r.tiebreaks["MMED"] == by_hand_median(others, r.points, rounds), r.start_rank


def test_modified_median_tv2_values():
    # TV2: 105 points in all.  Sloth 11 of 14 (plus): 94 minus the two lowest (Nun 1, Siklos
    # 4.5) = 88.5.  Nun 1 (minus): 104 minus the two highest (11, 11) = 82.  De Carbonnel 7
    # (even): 98 minus 11, 11, 1 and 4.5 = 70.5.
    st = compute_standings(wccc8(), "MMED", rules="fide-2024")
    tb = {r.start_rank: r.tiebreaks["MMED"] for r in st.rows}
    assert (tb[1], tb[15], tb[6]) == (F(177, 2), 82, F(141, 2))


def test_modified_median_explanation():
    _, st = table()
    e = st.explain(3, "MMED")
    assert (e.name, e.code, e.value, e.rules) == ("Modified Median (US Chess 34E1)", "MMED", 8, "fide-2024")
    assert [(t.round, t.opponent, t.value, t.cut) for t in e.terms] == [
        (1, 2, 3, False), (2, 6, F(3, 2), True), (3, 1, 3, False), (4, 5, 2, False), (5, 4, 3, True)]
    # Of the three equal highest values (3), the last in round order is the one marked dropped.
    assert str(e) == ("3.0 + 3.0 + 2.0 = 8.0\n"
                      "  cut: R2 1.5 (Modified Median drop)\n"
                      "  cut: R5 3.0 (Modified Median drop)\n"
                      "  opponents' unplayed games count as draws (US Chess 34E1)")
    e = st.explain(6, "SOLK")
    assert e.name == "Solkoff (US Chess 34E2)" and e.value == F(9, 2)
    assert str(e) == ("0.0 + 2.5 + 2.0 + 0.0 + 0.0 = 4.5\n"
                      "  R1: absent / not paired, valued 0.0; US Chess 34E: own unplayed game counts as an opponent with 0\n"
                      "  R4: pairing-allocated bye, valued 0.0; US Chess 34E: own unplayed game counts as an opponent with 0\n"
                      "  R5: zero-point bye, valued 0.0; US Chess 34E: own unplayed game counts as an opponent with 0\n"
                      "  opponents' unplayed games count as draws (US Chess 34E1)")


def test_cumulative_kashdan_and_opposition_explanations():
    _, st = table()
    e = st.explain(1, "CUM")
    assert (e.name, e.value) == ("Cumulative (US Chess 34E3)", 10)
    assert [(t.round, t.value, t.note) for t in e.terms] == [
        (1, 1, "score after the round"), (2, 2, "score after the round"), (3, 2, "score after the round"),
        (4, F(5, 2), "score after the round"), (5, F(7, 2), "score after the round")]
    assert str(e) == "1.0 + 2.0 + 2.0 + 2.5 + 3.5 - 1.0 (unplayed points) = 10.0"
    e = st.explain(2, "OCUM")
    assert (e.name, e.value) == ("Opposition cumulative (34E4)", 27)
    assert [(t.round, t.opponent, t.value) for t in e.terms] == [(1, 3, 8), (2, 1, 10), (3, 4, 9)]
    e = st.explain(1, "KASH")
    assert (e.name, e.value) == ("Kashdan (US Chess 34E7)", 11)
    assert [(t.round, t.opponent, t.value, t.note) for t in e.terms] == [
        (2, 2, 4, "win"), (3, 3, 1, "loss"), (4, 4, 2, "draw"), (5, 5, 4, "win")]
    assert str(e) == "4 + 1 + 2 + 4 = 11"


def test_kashdan_gives_nothing_for_a_game_whose_result_is_unknown():
    # 34E7 scores wins, draws and losses; a game still without a result (TRF "X") is none of
    # them: 0.  #1 beat #2 in R1, R2 against #3 has no result yet: 4 + 0.
    from trfscore.model import Game, Kind

    t = from_rows({1: "+W2 =B3", 2: "-B1 --", 3: "-- =W1"}, system="Swiss")
    t.players[0].games[1] = Game(2, 3, "b", "X", Kind.UNKNOWN)
    t.players[2].games[1] = Game(2, 1, "w", "X", Kind.UNKNOWN)
    st = compute_standings(t, "KASH", rules="fide-2024")
    value = st.row(1).tiebreaks["KASH"]
    assert value == 4 and type(value) is int  # a count: a whole number
    e = st.explain(1, "KASH")
    assert [(t.round, t.opponent, t.value, t.note) for t in e.terms] == [
        (1, 2, 4, "win"), (2, 3, 0, "result unknown")]
    assert str(e) == "4 + 0 = 4"


def test_cumulative_of_an_event_without_rounds():
    st = compute_standings(from_rows({1: "", 2: ""}, system="Swiss"), "CUM", rules="fide-2024")
    assert str(st.explain(1, "CUM")) == "0 - 0.0 (unplayed points) = 0.0"
