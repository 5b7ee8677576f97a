"""The opponent terms of the Buchholz and Sonneborn-Berger families as explanations
(tiebreaks/terms.py): the remark on an opponent counted with an adjusted score (C.07 16.3.2 from
2023, every unplayed round a draw in the 2009 rule), a forfeit counted as a game (/P), the
categories of unplayed rounds, and why each cut removed a term (14.1.1, 16.5, Median)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.standings import compute_standings

from .builders import from_rows
from .test_hand_derived import ABSENT, FORFEITS

F = Fraction
DUMMY_2024 = "fide-2024: C.07 Art. 16.4, dummy opponent with the player's own final score"
ABSENT_LATE = "absent / not paired (C.07 16.2.5, voluntarily unplayed, not followed by play)"
VUR_CUT = ("C.07 Art. 16.5: a voluntarily unplayed round is cut first unless its value is below the "
           "least significant one")


def explain(rows, rules, code, player):
    return str(compute_standings(from_rows(rows, system="Swiss"), code, rules=rules).explain(player, code))


@pytest.mark.parametrize(("rules", "text"), [
    # ABSENT: #1 (+W2 =B3, then absent twice) scored 1.5.  From 2023 his trailing absences count
    # as draws for his opponents (16.3.2): 2.5.  BH(#2) = 2.5 + #5 3.5 + #6 0 + #4 3 = 9.
    ("fide-2024", "2.5 + 3.5 + 0.0 + 3.0 = 9.0\n"
                  "  R1: #1 scored 1.5, counted 2.5 (fide-2024: C.07 Art. 16.3.2, counted as a draw for opponents)"),
    # 2009: every unplayed round of an opponent is a draw: #1 2.5; #5's PAB 1 -> 1/2: 3;
    # #4's PAB likewise: 2.5.  BH(#2) = 2.5 + 3 + 0 + 2.5 = 8.
    ("fide-2009", "2.5 + 3.0 + 0.0 + 2.5 = 8.0\n"
                  "  R1: #1 scored 1.5, counted 2.5 (fide-2009: every unplayed round of an opponent counts as a draw)\n"
                  "  R2: #5 scored 3.5, counted 3.0 (fide-2009: every unplayed round of an opponent counts as a draw)\n"
                  "  R4: #4 scored 3.0, counted 2.5 (fide-2009: every unplayed round of an opponent counts as a draw)"),
])
def test_remarks_on_adjusted_opponents(rules, text):
    assert explain(ABSENT, rules, "BH", 2) == text


def test_median_cuts_the_most_significant_and_a_voluntarily_unplayed_round_first():
    # #1 of ABSENT: #2 1.5, #3 2.5, two absences valued with the dummy's 1.5 (16.4).  Median-1:
    # the most significant value 2.5 goes; on the low side a voluntarily unplayed round goes
    # first (16.5): 1.5 + 1.5 = 3.
    assert explain(ABSENT, "fide-2024", "BH-M1", 1) == (
        "1.5 + 1.5 = 3.0\n"
        f"  R3: {ABSENT_LATE}, valued 1.5; {DUMMY_2024}\n"
        f"  R4: {ABSENT_LATE}, valued 1.5; {DUMMY_2024}\n"
        "  cut: R2 2.5 (most significant value (Median / best-result cut))\n"
        f"  cut: R3 1.5 ({VUR_CUT})")


def test_the_2009_rule_cuts_by_value_alone():
    # 2009 virtual opponent (C.02 13.16): score before the round 1.5 + the complement of the
    # result (an absence is lost: 1) + a draw in every later round: R3 1.5 + 1 + 0.5 = 3,
    # R4 1.5 + 1 = 2.5.  Terms 1.5, 2.5, 3, 2.5; Median-1 cuts 1.5 (R1) and 3 (R3): 5.
    virtual = ("fide-2009: virtual opponent (score before the round + the complement of the result + "
               "a draw in every later round)")
    assert explain(ABSENT, "fide-2009", "BH-M1", 1) == (
        "2.5 + 2.5 = 5.0\n"
        f"  R3: {ABSENT_LATE}, valued 3.0; {virtual}\n"
        f"  R4: {ABSENT_LATE}, valued 2.5; {virtual}\n"
        "  cut: R1 1.5 (least significant value (C.07 Art. 14.1.1))\n"
        "  cut: R3 3.0 (most significant value (Median / best-result cut))")


def test_forfeit_counted_as_a_game_and_forfeit_losses_as_unplayed_rounds():
    # FORFEITS: #4 won by forfeit against #1 in R3.  With /P it is a game against #1 (1.5):
    # BH/P(#4) = #3 2.5 + #6 0 + #1 1.5 + #2 1.5 = 5.5.
    assert explain(FORFEITS, "fide-2024", "BH/P", 4) == (
        "2.5 + 0.0 + 1.5 + 1.5 = 5.5\n  R3: forfeit win against #1 counted as a game")
    # Without /P #1's forfeit losses are unplayed rounds (16.2.4) valued with his own 1.5 (16.4);
    # BH-C1 cuts one of them first (16.5): 1.5 + 2.5 + 1.5 = 5.5.
    floss = "forfeit loss (C.07 16.2.4, voluntarily unplayed)"
    assert explain(FORFEITS, "fide-2024", "BH-C1", 1) == (
        "1.5 + 2.5 + 1.5 = 5.5\n"
        f"  R3: {floss} (scheduled opponent #4), valued 1.5; {DUMMY_2024}\n"
        f"  R4: {floss} (scheduled opponent #5), valued 1.5; {DUMMY_2024}\n"
        f"  cut: R3 1.5 ({VUR_CUT})")


# A Swiss where some rounds are not scheduled ("NS"): R1 #1-#2 1:0, #3-#4 1/2; R2 #1-#3 1/2,
# #2 not scheduled, #4 half-point bye; R3 #4 wins by forfeit against #1, #2-#3 1:0.  #5 is on
# the list but was never scheduled.  Scores: #1 1.5, #2 1, #3 1, #4 2, #5 0.
NOT_SCHEDULED = {1: "+W2 =B3 -F4", 2: "-B1 NS +W3", 3: "=B4 =W1 -B2", 4: "=W3 HPB +F1", 5: "NS NS NS"}


def test_rounds_not_scheduled_in_a_swiss_have_no_term():
    st = compute_standings(from_rows(NOT_SCHEDULED, system="Swiss"), "BH,BH-C1", rules="fide-2024")
    tb = {r.start_rank: r.tiebreaks for r in st.rows}
    # #1: #2 1 + #3 1 + the forfeit loss valued with his own 1.5 (16.4) = 3.5; Cut-1 takes the
    # voluntarily unplayed round first (16.5: 1.5 is not below the least significant 1): 2.
    # #2: #1 1.5 + #3 1 = 2.5 (no term for the round not scheduled); Cut-1: 1.5.
    # #4: #3 1 + HPB 2 (his own score) + forfeit win 2 = 5; Cut-1 takes the HPB (a VUR): 3.
    # #5: no term at all: 0 and 0.
    assert {p: (v["BH"], v["BH-C1"]) for p, v in tb.items()} == {
        1: (F(7, 2), 2), 2: (F(5, 2), F(3, 2)), 3: (F(9, 2), F(7, 2)), 4: (5, 3), 5: (0, 0)}
    # #3: #4 2 + #1 1.5 + #2 1 = 4.5; no voluntarily unplayed round, the least significant goes.
    assert str(st.explain(3, "BH-C1")) == (
        "2.0 + 1.5 = 3.5\n  cut: R3 1.0 (least significant value (C.07 Art. 14.1.1))")


def test_forfeits_played_are_not_voluntarily_unplayed_rounds():
    # FORFEITS #1 with /P: #2 1.5, #3 2.5, #4 3, #5 3.5 = 10.5; the forfeit losses are games, so
    # Cut-1 takes the least significant 1.5: 9 (without /P they would be VURs, cut first).
    st = compute_standings(from_rows(FORFEITS, system="Swiss"), "BH/P,BH-C1/P", rules="fide-2024")
    assert (st.row(1).tiebreaks["BH/P"], st.row(1).tiebreaks["BH-C1/P"]) == (F(21, 2), 9)


def test_one_context_two_editions_with_forfeits_played():
    # ABSENT #2 (see test_remarks_on_adjusted_opponents): 9 under the 2024 text, 8 under 2009.
    st = compute_standings(from_rows(ABSENT, system="Swiss"), "BH/P,BH/P/V2009", rules="fide-2024")
    assert (st.row(2).tiebreaks["BH/P"], st.row(2).tiebreaks["BH/P/V2009"]) == (9, 8)


def test_kind_texts_name_the_unplayed_rounds():
    from trfscore.model import Kind
    from trfscore.tiebreaks import unplayed as U
    from trfscore.tiebreaks.terms import category_text

    assert [category_text(k, U.BYE) for k in (Kind.LOSS, Kind.FULL_BYE, Kind.NOT_SCHEDULED, Kind.UNKNOWN)] == [
        "loss (C.07 16.2.1)", "full-point bye (C.07 16.2.1)", "not scheduled (C.07 16.2.1)",
        "result unknown (C.07 16.2.1)"]
