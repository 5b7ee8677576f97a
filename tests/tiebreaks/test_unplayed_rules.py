"""The unplayed-round rules of C.07 (Art. 16; the 2009 virtual opponent; no adjustment) on one
hand-made Swiss where one player has both a requested bye and a forfeit loss, each value
computed in the comments from the articles it applies.

A 6-player, 5-round Swiss (the R5 pairing 3-4 repeats R1's; tie-breaks do not mind):

    R1 1-2 1:0, 3-4 1:0, 5-6 1:0     R2 1 half-point bye (requested), 2-3 1/2, 4-5 1:0, 6 PAB
    R3 1 loses by forfeit to 6, 2-4 1:0, 3-5 1:0     R4 1-3 1:0, 2-5 1/2, 4-6 1:0
    R5 1-5 1:0, 2-6 1:0, 3-4 1/2

Scores: #1 3.5, #2 3, #3 3, #4 2.5, #5 1.5, #6 2.  #1's R2 is 16.2.3 (a requested bye followed
by play) and R3 is 16.2.4 (a forfeit loss): both voluntarily unplayed (16.1.2, VUR).
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfscore.standings import compute_standings
from trfscore.tiebreaks import unplayed as U

from .builders import from_rows

F = Fraction
ROWS = {1: "+W2 HPB -F6 +W3 +B5", 2: "-B1 =W3 +W4 =B5 +B6", 3: "+W4 =B2 +W5 -B1 =W4",
        4: "-B3 +W5 -B2 +W6 =B3", 5: "+W6 -B4 -B3 =W2 -W1", 6: "-B5 PAB +F1 -B4 -W2"}
CODES = "BH,BH-C1,BH-C2,BH/P,SB,SB-C1"


def standings(rules: str, codes: str = CODES):
    return compute_standings(from_rows(ROWS, system="Swiss"), codes, rules=rules)


def of(rules: str, player: int, codes: str = CODES) -> dict[str, Fraction]:
    return next(r.tiebreaks for r in standings(rules, codes).rows if r.start_rank == player)


def test_2026_caps_the_dummy_of_a_requested_bye_and_of_a_forfeit_loss():
    # 16.4: #1's own unplayed rounds are dummies with his final score 3.5, capped in 2026:
    # R2 (not a forfeit) by 16.4.2 at draw points x rounds = 0.5 x 5 = 2.5; R3 (a forfeit loss
    # against #6) by 16.4.1 at #6's adjusted score 2 (face value: #6 has no 16.2.5 round).
    # BH = 3 (#2) + 2.5 + 2 + 3 (#3) + 1.5 (#5) = 12.
    # Cut-1 (16.5): the smallest VUR value, 2, is not below the least significant value 1.5,
    # so it goes first: 10; Cut-2 then takes the other VUR, 2.5 >= 1.5: 7.5.
    # SB = 1x3 + 1/2x2.5 + 0x2 + 1x3 + 1x1.5 = 8.75; SB-C1: the least significant value is the
    # lowest-scored opponent's (#5, contribution 1.5); the smallest VUR contribution 0 is below
    # it, so #5's 1.5 is cut: 7.25.  /P: R3 is a game against #6 (2): BH unchanged, 12.
    assert of("fide-2026", 1) == {"BH": 12, "BH-C1": 10, "BH-C2": F(15, 2), "BH/P": 12, "SB": F(35, 4),
                                  "SB-C1": F(29, 4)}


def test_2026_explanation_names_each_cap_and_the_cut():
    e = standings("fide-2026").explain(1, "BH-C1")
    assert str(e).splitlines() == [
        "3.0 + 2.5 + 3.0 + 1.5 = 10.0",
        "  R2: half-point bye (C.07 16.2.3, voluntarily unplayed, followed by play), valued 2.5; "
        "fide-2026: C.07 Art. 16.4.2, dummy capped at draw points x rounds",
        "  R3: forfeit loss (C.07 16.2.4, voluntarily unplayed) (scheduled opponent #6), valued 2.0; "
        "fide-2026: C.07 Art. 16.4.1, dummy capped at the scheduled opponent's adjusted score",
        "  cut: R3 2.0 (C.07 Art. 16.5: a voluntarily unplayed round is cut first unless its value is "
        "below the least significant one)",
    ]


def test_2023_dummy_uncapped_and_forfeits_as_played():
    # 16.4 without caps: both dummies are 3.5.  BH = 3 + 3.5 + 3.5 + 3 + 1.5 = 14.5; Cut-1 cuts a
    # VUR 3.5 (16.5): 11; Cut-2 the other: 7.5.  /P (forfeits count as games): R3 is #6's 2
    # instead of the dummy's 3.5: 13.  SB = 3 + 1/2x3.5 + 0 + 3 + 1.5 = 9.25; SB-C1 cuts #5's
    # 1.5 (the VUR contribution 0 is below it): 7.75.
    assert of("fide-2023", 1) == {"BH": F(29, 2), "BH-C1": 11, "BH-C2": F(15, 2), "BH/P": 13, "SB": F(37, 4),
                                  "SB-C1": F(31, 4)}
    e = standings("fide-2023").explain(1, "BH/P")
    assert [(t.round, t.opponent, t.value, t.unplayed) for t in e.terms if t.round == 3] == [(3, 6, 2, False)]


def test_2009_virtual_opponent_and_plain_cut_order():
    # Virtual opponent: the score before the round + the complement of the result + a draw in
    # every later round.  R2: 1 + 1/2 (complement of the bye's 1/2) + 3 x 1/2 = 3;
    # R3: 1.5 + 1 (complement of the forfeit's 0) + 2 x 1/2 = 3.5.
    # BH = 3 + 3 + 3.5 + 3 + 1.5 = 14.  No 16.5 in 2009: Cut-1 removes the least significant
    # value, #5's 1.5: 12.5; Cut-2 then one of the 3s: 9.5.
    # /P: R3 is a game against #6, whose own unplayed rounds (PAB, forfeit win) count as draws
    # for his opponents: 2 - 1/2 - 1/2 = 1.  BH/P = 3 + 3 + 1 + 3 + 1.5 = 11.5.
    # SB = 3 + 1/2x3 + 0x3.5 + 3 + 1.5 = 9; SB-C1: 7.5.
    assert of("fide-2009", 1) == {"BH": 14, "BH-C1": F(25, 2), "BH-C2": F(19, 2), "BH/P": F(23, 2), "SB": 9,
                                  "SB-C1": F(15, 2)}
    # #2's opponents seen through the 2009 rule: #1 3.5 + 1/2 (forfeit loss as a draw) = 4,
    # #6 1 (above): BH = 4 + 3 + 2.5 + 1.5 + 1 = 12; in 2026 at face value: 3.5 + 3 + 2.5 + 1.5 + 2.
    assert of("fide-2009", 2)["BH"] == 12
    assert of("fide-2026", 2)["BH"] == F(25, 2)
    assert "cut: R5 1.5 (least significant value (C.07 Art. 14.1.1))" in str(standings("fide-2009").explain(1, "BH-C1"))


def test_no_adjustment_counts_own_unplayed_rounds_zero():
    # none: opponents at face value, own unplayed rounds 0.  BH = 3 + 0 + 0 + 3 + 1.5 = 7.5; the
    # cuts remove the zeros; /P: R3 is #6 at face value 2: 9.5.  SB = 3 + 0 + 0 + 3 + 1.5 = 7.5.
    assert of("none", 1) == {"BH": F(15, 2), "BH-C1": F(15, 2), "BH-C2": F(15, 2), "BH/P": F(19, 2), "SB": F(15, 2),
                             "SB-C1": F(15, 2)}
    assert "none: no adjustment, the unplayed round counts 0" in str(standings("none").explain(1, "BH"))


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2023", "fide-2009", "none"])
def test_editions_in_one_call_do_not_share_their_values(rules):
    # The adjusted scores are remembered per computation; two editions asked for in one call
    # (/V modifiers) must each get their own: #2's BH is 12 (2009) and 12.5 (2026) as above.
    st = compute_standings(from_rows(ROWS, system="Swiss"), "BH/V2009,BH/V2026,BH", rules=rules)
    row = next(r.tiebreaks for r in st.rows if r.start_rank == 2)
    assert (row["BH/V2009"], row["BH/V2026"]) == (12, F(25, 2))
    assert row["BH"] == of(rules, 2)["BH"]


def test_aob_with_and_without_forfeits_as_played():
    # AOB (8.2): the average of the Buchholz of the opponents met over the board, unplayed
    # rounds left out.  2026 Buchholz: #2 12.5 (above), #3 2.5 + 3 + 1.5 + 3.5 + 2.5 = 13,
    # #5 2 + 2.5 + 3 + 3 + 3.5 = 14.  AOB(#1) = (12.5 + 13 + 14) / 3 = 79/6.
    # /P: #1's forfeit against #6 counts, with #6's BH/P: 1.5 (#5) + 2 (PAB: dummy, his own 2,
    # under the 16.4.2 cap 2.5) + 3.5 (#1, his forfeit win now a game) + 2.5 (#4) + 3 (#2) = 12.5;
    # AOB/P(#1) = (12.5 + 12.5 + 13 + 14) / 4 = 13.
    # #7 only has byes and absences: no opponent met, AOB undefined.
    rows = {**ROWS, 7: "ZPB HPB -- -- --"}
    st = compute_standings(from_rows(rows, system="Swiss"), "AOB,AOB/P", rules="fide-2026")
    got = {r.start_rank: (r.tiebreaks["AOB"], r.tiebreaks["AOB/P"]) for r in st.rows}
    assert got[1] == (F(79, 6), 13) and got[7] == (None, None)
    e = st.explain(1, "AOB/P")
    assert [(t.round, t.opponent, t.value) for t in e.terms] == [(1, 2, F(25, 2)), (3, 6, F(25, 2)), (4, 3, 13), (5, 5, 14)]
    assert str(e) == "(12.5 + 12.5 + 13.0 + 14.0) / 4 = 13.0\n  unplayed rounds are left out (C.07 Art. 8.2)"
    assert str(st.explain(1, "AOB")).startswith("(12.5 + 13.0 + 14.0) / 3 = ~13.1667\n")
    assert str(st.explain(7, "AOB")) == ("no opponent met over the board: undefined\n"
                                         "  unplayed rounds are left out (C.07 Art. 8.2)")
    assert (st.explain(7, "AOB").value, st.explain(7, "AOB").name) == (None, "Average of opponents' Buchholz")


# A 4-player round robin with one forfeit: R1 1-2 1:0, 3-4 1/2; R2 1-3 won by #1 by forfeit,
# 2-4 1:0; R3 1-4 1/2, 3-2 1:0.  Ratings 2000, 1900, 1600, 1700.  Art. 15.2: in round-robins
# forfeits are regular games; from 2026 they stay unplayed for the rating-based tie-breaks and
# forfeit losses for the Type-B counts.
RR = {1: "+W2 +F3 =W4", 2: "-B1 +W4 -B3", 3: "=W4 -F1 +W2", 4: "=B3 -B2 =B1"}
RR_RATINGS = {1: 2000, 2: 1900, 3: 1600, 4: 1700}


def rr_values(rules: str) -> dict[int, dict[str, Fraction]]:
    t = from_rows(RR, ratings=RR_RATINGS, system="Round robin")
    return {r.start_rank: r.tiebreaks for r in compute_standings(t, "ARO,TPR,WON,REP,BH", rules=rules).rows}


def test_round_robin_forfeits_before_2026():
    from trfscore.ratings.tables import fide_dp_hundredths as dp

    got = rr_values("fide-2023")
    # ARO(#1) = (1900 + 1600 + 1700)/3 = 1733.3 -> 1733, TPR = 1733 + dp(2.5/3 = 0.83);
    # ARO(#3) = (1700 + 2000 + 1900)/3 = 1866.7 -> 1867.  #1 won two games (one by forfeit),
    # #3 played all three rounds (REP 3).  BH(#1) = 1 + 1.5 + 1 = 3.5 at face value.
    assert (got[1]["ARO"], got[1]["TPR"], got[3]["ARO"]) == (1733, 1733 + dp(83), 1867)
    assert (got[1]["WON"], got[3]["REP"], got[1]["BH"]) == (2, 3, F(7, 2))


def test_round_robin_forfeits_from_2026():
    from trfscore.ratings.tables import fide_dp_hundredths as dp

    got = rr_values("fide-2026")
    # the forfeit is left out of the ratings: ARO(#1) = (1900 + 1700)/2 = 1800, TPR = 1800 +
    # dp(1.5/2 = 0.75); ARO(#3) = (1700 + 1900)/2 = 1800.  #3's forfeit loss is not a round
    # elected to play (REP 2); #1's forfeit win still counts as won (WON 2); BH unchanged.
    assert (got[1]["ARO"], got[1]["TPR"], got[3]["ARO"]) == (1800, 1800 + dp(75), 1800)
    assert (got[1]["WON"], got[3]["REP"], got[1]["BH"]) == (2, 2, F(7, 2))


def test_a_leading_requested_bye_before_only_forfeit_losses_counts_as_a_draw_2026():
    # #4 asks for a zero-point bye in R1, loses R2 by forfeit to #1 and is absent in R3: no
    # round he was available for follows R1, so R1 and R3 are 16.2.5 and count as draws for
    # his opponents (16.3.2): #4 is seen with 0 + 1/2 + 1/2 = 1.  #1's forfeit win is a
    # dummy with his 3 points capped at #4's adjusted 1 (16.4.1).
    # BH(#1) = 1.5 (#2) + 1 + 1.5 (#3) = 4.
    rows = {1: "+W2 +F4 +W3", 2: "-B1 =W3 PAB", 3: "PAB =B2 -B1", 4: "ZPB -F1 --"}
    st = compute_standings(from_rows(rows, system="Swiss"), "BH", rules="fide-2026")
    assert next(r.tiebreaks["BH"] for r in st.rows if r.start_rank == 1) == 4
    (term,) = [t for t in st.explain(1, "BH").terms if t.round == 2]
    assert (term.value, term.rule) == (1, "fide-2026: C.07 Art. 16.4.1, dummy capped at the scheduled opponent's "
                                          "adjusted score")


def test_a_vur_equal_to_the_least_significant_value_is_cut_first():
    # test_hand_derived's FORFEITS: #1's values are 1.5 (#2), 2.5 (#3) and two forfeit-loss
    # dummies with his own 1.5.  16.5: the VUR is cut unless its value is *below* the least
    # significant one; 1.5 is not below 1.5, so the cut is R3's dummy, not #2's game.
    from .test_hand_derived import FORFEITS

    st = compute_standings(from_rows(FORFEITS, system="Swiss"), "BH-C1", rules="fide-2026")
    assert str(st.explain(1, "BH-C1")).splitlines()[0] == "1.5 + 2.5 + 1.5 = 5.5"
    assert str(st.explain(1, "BH-C1")).splitlines()[-1] == (
        "  cut: R3 1.5 (C.07 Art. 16.5: a voluntarily unplayed round is cut first unless its value is below the "
        "least significant one)")


def test_explanations_name_each_category_and_rule():
    # 2026, with #7 (byes and absences only): #6's PAB is 16.2.1 and his forfeit win 16.2.2,
    # both dummies with his own 2 (under the caps: 2.5 for 16.4.2, #1's 3.5 for 16.4.1);
    # #7's rounds are all 16.2.5 (no round he was available for follows), each his own 0.5.
    st = compute_standings(from_rows({**ROWS, 7: "ZPB HPB -- -- --"}, system="Swiss"), "BH", rules="fide-2026")
    dummy = "fide-2026: C.07 Art. 16.4, dummy opponent with the player's own final score"
    assert str(st.explain(6, "BH")).splitlines() == [
        "1.5 + 2.0 + 2.0 + 2.5 + 3.0 = 11.0",
        f"  R2: pairing-allocated bye (C.07 16.2.1), valued 2.0; {dummy}",
        f"  R3: forfeit win (C.07 16.2.2) (scheduled opponent #1), valued 2.0; {dummy}"]
    assert str(st.explain(7, "BH")).splitlines()[1] == (
        f"  R1: zero-point bye (C.07 16.2.5, voluntarily unplayed, not followed by play), valued 0.5; {dummy}")
    # 2009: #2's opponents #1 and #6 are seen with their unplayed rounds as draws
    assert str(compute_standings(from_rows(ROWS, system="Swiss"), "BH", rules="fide-2009").explain(2, "BH")).splitlines() == [
        "4.0 + 3.0 + 2.5 + 1.5 + 1.0 = 12.0",
        "  R1: #1 scored 3.5, counted 4.0 (fide-2009: every unplayed round of an opponent counts as a draw)",
        "  R5: #6 scored 2.0, counted 1.0 (fide-2009: every unplayed round of an opponent counts as a draw)"]
    virtual = ("fide-2009: virtual opponent (score before the round + the complement of the result + a draw in every "
               "later round)")
    assert all(t.rule == virtual for t in standings("fide-2009").explain(1, "BH").terms if t.unplayed)


def test_a_cap_equal_to_the_dummy_leaves_the_dummy():
    rules = "fide-2026"  # the caps of 16.4.1 and 16.4.2 are 2026's
    # R1 1-2 1:0, 3-4 0:1; R2 #1 loses by forfeit to #3, 2-4 1:0: everybody has 1 point.  #1's
    # forfeit dummy (his 1) meets the 16.4.1 cap (#3's adjusted 1): not below it, so no cap.
    rows = {1: "+W2 -F3", 2: "-B1 +W4", 3: "-B4 +F1", 4: "+W3 -B2"}
    st = compute_standings(from_rows(rows, system="Swiss"), "BH", rules=rules)
    (term,) = [t for t in st.explain(1, "BH").terms if t.unplayed]
    assert (term.value, term.rule) == (1, "fide-2026: C.07 Art. 16.4, dummy opponent with the player's own final score")
    # #1 draws R1 and takes a half-point bye in R2 (1 point): 16.4.2's cap, 0.5 x 2 rounds = 1,
    # is not below it either.
    rows = {1: "=W2 HPB", 2: "=B1 +W3", 3: "PAB -B2"}
    st = compute_standings(from_rows(rows, system="Swiss"), "BH", rules=rules)
    (term,) = [t for t in st.explain(1, "BH").terms if t.unplayed]
    assert (term.value, term.rule) == (1, "fide-2026: C.07 Art. 16.4, dummy opponent with the player's own final score")


@pytest.mark.parametrize(("kind", "code", "text"), [
    # a result without an opponent (a data error): a win reads as a bye (16.2.1, not voluntary),
    # anything else as a requested round off (here the last: 16.2.5)
    ("WIN", "1", "R2: win (C.07 16.2.1), valued 1.0"),
    ("DRAW", "=", "R2: draw (C.07 16.2.5, voluntarily unplayed, not followed by play), valued 0.5"),
])
def test_a_result_without_an_opponent(kind, code, text):
    from trfscore.model import Game, Kind

    t = from_rows({1: "+W2 -B3", 2: "-B1 PAB", 3: "PAB +W1"}, system="Swiss")
    p = t.players[1]
    p.games[1] = Game(2, None, None, code, getattr(Kind, kind))
    p.points = t.score(p)
    e = compute_standings(t, "BH-C1", rules="fide-2026").explain(2, "BH-C1")
    assert str(e).splitlines()[1].startswith(f"  {text}; ")
    # VUR first (16.5) only for the draw: the cut is #2's own round 2, not round 1's #1
    assert [t.round for t in e.terms if t.cut] == ([1] if kind == "WIN" else [2])


def test_fore_buchholz_and_the_buchholz_explanation():
    # FB (8.3): every game of the last round counted as a draw.  Fore scores: #1 3.5 - 1 + 0.5 =
    # 3, #2 2.5, #3 3, #5 1.5 + 0.5 = 2, #6 2.5.  FB(#1) = 2.5 (#2) + 2.5 (R2 dummy, his 3 under
    # the 16.4.2 cap 2.5) + 2.5 (R3 dummy under the 16.4.1 cap, #6's 2.5) + 3 (#3) + 2 (#5) = 12.5.
    st = standings("fide-2026", "BH,FB")
    fb = st.explain(1, "FB")
    assert (fb.name, fb.value, fb.notes) == ("Fore Buchholz", F(25, 2),
                                             ["every game paired in the last round counted as a draw (C.07 Art. 8.3)"])
    assert fb.line() == "2.5 + 2.5 + 2.5 + 3.0 + 2.0 = 12.5"
    bh = st.explain(1, "BH")
    assert (bh.name, bh.notes) == ("Buchholz", [])
    assert [t.to_dict()["weight"] for t in bh.terms] == [None] * 5  # a plain sum: no weights


@given(st.lists(st.sampled_from(range(U.NOSCHED + 1)), max_size=12), st.integers(0, 3))
def test_mark_late_is_the_16_2_5_split(row: list[int], before: int) -> None:
    """Art. 16.2.3 / 16.2.5 as written, round by round: a requested round (a bye, an absence)
    is 16.2.5 when no round the player was available for (16.1.2: played, forfeit won, bye)
    follows it, else 16.2.3; the other categories stay.  ``mark_late`` walks back only to the
    last available round: the same answer, on a row inside a longer list."""
    padding = [U.PLAYED] * before
    cells = padding + row + padding
    U.mark_late(cells, before, before + len(row))
    expected = [c if c not in (U.REQ, U.REQ_LATE) else
                U.REQ if any(later in U.AVAILABLE for later in row[k + 1:]) else U.REQ_LATE
                for k, c in enumerate(row)]
    assert cells == padding + expected + padding
