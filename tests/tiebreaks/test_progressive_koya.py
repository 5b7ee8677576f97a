"""Progressive score (C.07 Art. 7.5) and Koya (Art. 9.2, Limit 14.5): the explanation texts and
the boundaries the vectors leave open.  Every expected value has its arithmetic next to it."""
from __future__ import annotations

from fractions import Fraction

from trfscore.standings import compute_standings

from .builders import from_rows
from .test_hand_derived import FORFEITS

F = Fraction


def test_ps_explanation_names_each_term_and_the_cut():
    # #1 of FORFEITS: +W2 =B3 -F4 -F5, so the score after each round is 1, 1.5, 1.5, 1.5.
    # PS-C1 drops the round-1 term (Art. 14.1.1 c): 1.5 + 1.5 + 1.5 = 4.5.
    st = compute_standings(from_rows(FORFEITS, system="Swiss"), "PS-C1", rules="fide-2024")
    e = st.explain(1, "PS-C1")
    assert (e.name, e.code, e.value) == ("Progressive score", "PS-C1", F(9, 2))
    assert [(t["round"], t["value"], t["cut"], t["note"]) for t in e.to_dict()["terms"]] == [
        (1, 1, True, "score after the round"), (2, 1.5, False, "score after the round"),
        (3, 1.5, False, "score after the round"), (4, 1.5, False, "score after the round")]
    assert str(e) == ("1.5 + 1.5 + 1.5 = 4.5\n"
                      "  cut: R1 1.0 (Cut: the earliest rounds' terms are dropped (C.07 Art. 14.1.1 c))")


# A 4-player round robin that #4 leaves after round 1; the games he would have played are
# written "not scheduled" for both sides.  R1 1-4 1:0, 2-3 1/2; R2 1-3 1/2 (2-4 not played);
# R3 1-2 1:0 (3-4 not played).  Scores: #1 2.5, #2 0.5, #3 1, #4 0.  Scheduled rounds: #1 3,
# #2 2, #3 2, #4 1.
LEFT_RR = {1: "+W4 =B3 +W2", 2: "=W3 NS -B1", 3: "=B2 =W1 NS", 4: "-B1 NS NS"}


def test_koya_maximum_is_the_most_rounds_anybody_was_scheduled_for():
    # Art. 9.2: the maximum possible score is a win in every round of the schedule, 3 rounds
    # here (#1 was scheduled in all three), not the fewest a withdrawn player was scheduled
    # for: threshold 50 % of 3 = 1.5, so only #1 (2.5) counts.  KS(#1) = 0 (no opponent
    # reaches 1.5), KS(#2) = 0 (lost to #1), KS(#3) = 1/2 (drew #1), KS(#4) = 0 (lost to #1).
    st = compute_standings(from_rows(LEFT_RR, system="Round Robin"), "KS", rules="fide-2024")
    assert {r.start_rank: r.tiebreaks["KS"] for r in st.rows} == {1: 0, 2: 0, 3: F(1, 2), 4: 0}


def test_koya_explanation_names_rounds_opponents_and_the_threshold():
    # #3: R1 drew #2 (0.5 points, below the 1.5 threshold: cut), R2 drew #1 (2.5): 0.5.
    st = compute_standings(from_rows(LEFT_RR, system="Round Robin"), "KS", rules="fide-2024")
    e = st.explain(3, "KS")
    assert (e.name, e.code, e.value) == ("Koya", "KS", F(1, 2))
    assert [(t.round, t.opponent, t.value, t.note, t.cut) for t in e.terms] == [
        (1, 2, F(1, 2), "opponent scored 0.5", True), (2, 1, F(1, 2), "opponent scored 2.5", False)]
    assert str(e) == ("0.5 = 0.5\n"
                      "  cut: R1 0.5 (opponent below the threshold 1.5)\n"
                      "  threshold: opponents with at least 1.5 points (C.07 Art. 9.2)")
