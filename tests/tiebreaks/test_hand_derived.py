"""Cases the published vectors cover thinly, hand-computed from the rules of FIDE Handbook C.07:
the virtual opponent of the 2009-2022 text, unplayed rounds in the 2023/2024 text (Art. 16.1-16.3)
and the 2026 text (Art. 16.4), progressive scores (Art. 7.5), Koya (Art. 9.2, Limit 14.5) and
direct encounter (Art. 6).  Every expected value has its arithmetic in a comment next to it.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.standings import compute_standings
from trfscore.tiebreaks.base import Engine
from trfscore.tiebreaks.context import build_context
from trfscore.tiebreaks.editions import EDITIONS
from trfscore.tiebreaks.encounter import order_group
from trfscore.tiebreaks.registry import parse_tiebreak

from .builders import from_rows
from .test_vectors import wccc8

F = Fraction

# A 6-player, 4-round Swiss.  #1 withdraws after round 2 but is still paired: forfeit losses
# against #4 (R3) and #5 (R4).  Final scores: #1 1.5, #2 1.5, #3 2.5, #4 3, #5 3.5, #6 0.
FORFEITS = {1: "+W2 =B3 -F4 -F5", 2: "-B1 -W5 +W6 =B4", 3: "=W4 =W1 =B5 +W6",
            4: "=B3 +W6 +F1 =W2", 5: "+W6 +B2 =W3 +F1", 6: "-B5 -B4 -B2 -B3"}
# The same withdrawal, but #1 is no longer paired (absent): #4 and #5 get the PAB instead.
ABSENT = {**FORFEITS, 1: "+W2 =B3 -- --", 4: "=B3 +W6 PAB =W2", 5: "+W6 +B2 =W3 PAB"}
# As ABSENT, but #4 asked for a half-point bye in round 3 (2.5 points).
HALF_BYE = {**ABSENT, 4: "=B3 +W6 HPB =W2"}
CODES = "BH,BH-C1,SB,SB-C1,PS,PS-C1"


def values(rows, rules):
    st = compute_standings(from_rows(rows, system="Swiss"), CODES, rules=rules)
    return {r.start_rank: r.tiebreaks for r in st.rows}, st


def seen_as(st, player, opponent):
    """The value ``opponent`` has in ``player``'s Buchholz (from the explanation)."""
    return [t.value for t in st.explain(player, "BH").terms if t.opponent == opponent]


@pytest.mark.parametrize("rules", ["fide-2023", "fide-2024", "fide-2026"])
def test_withdrawn_but_paired_forfeit_losses_keep_face_value(rules):
    # 16.2.4: a forfeit loss is 16.2.4 wherever it stands (only requested byes / absences can be
    # 16.2.5), so #1 is seen with his face value 1.5 (16.3.1).  BH(#2) = 1.5 + 3.5 + 0 + 3 = 8.
    tb, st = values(FORFEITS, rules)
    assert seen_as(st, 2, 1) == [F(3, 2)] and tb[2]["BH"] == 8
    # 16.4: #1's forfeit rounds are dummies with his own score 1.5; in 2026 the 16.4.1 cap is
    # the scheduled opponent's adjusted score (#4: 3, #5: 3.5), so still 1.5.
    # BH = 1.5 (#2) + 2.5 (#3) + 1.5 + 1.5 = 7; Cut-1 removes a VUR dummy (16.5): 5.5.
    # SB = 1 x 1.5 + 1/2 x 2.5 = 2.75; SB-C1: least significant = lowest score 1.5 with the
    # smaller contribution, a dummy's 0; the VUR 0 >= 0 is cut: 2.75.
    assert (tb[1]["BH"], tb[1]["BH-C1"], tb[1]["SB"], tb[1]["SB-C1"]) == (7, F(11, 2), F(11, 4),
                                                                         F(11, 4))
    # PS(#1) = 1 + 1.5 + 1.5 + 1.5 = 5.5 (unplayed rounds at the points awarded, 7.5);
    # PS-C1 drops the round-1 term: 4.5.
    assert (tb[1]["PS"], tb[1]["PS-C1"]) == (F(11, 2), F(9, 2))


def test_forfeit_win_dummy_capped_at_the_scheduled_opponent_2026():
    # #4 won by forfeit against #1 in R3.  2024 (16.4): dummy = own score 3.0;
    # BH = 2.5 (#3) + 0 (#6) + 3 + 1.5 (#2) = 7, SB = 1/2 x 2.5 + 0 + 1 x 3 + 1/2 x 1.5 = 5.
    # 2026 (16.4.1): dummy = min(3, adj(#1) = 1.5) = 1.5: BH 5.5, SB 3.5.
    # #5 (forfeit win in R4): 2024 BH = 0 + 1.5 + 2.5 + 3.5 = 7.5; 2026 min(3.5, 1.5): 5.5.
    tb, _ = values(FORFEITS, "fide-2024")
    assert (tb[4]["BH"], tb[4]["SB"], tb[5]["BH"]) == (7, 5, F(15, 2))
    tb, _ = values(FORFEITS, "fide-2026")
    assert (tb[4]["BH"], tb[4]["SB"], tb[5]["BH"]) == (F(11, 2), F(7, 2), F(11, 2))
    # No VUR for a forfeit win: Cut-1 takes the lowest value, #6's 0.
    assert tb[4]["BH-C1"] == tb[4]["BH"]


def test_withdrawal_2009_virtual_opponent():
    # 2009-2022 rule (C.07, virtual opponent): opponents see every unplayed round as a draw, so #1 counts
    # 1 + 1/2 + 1/2 + 1/2 = 2.5 for #2.  #1's own R3: VO = 1.5 (before) + 1 (complement of 0)
    # + 1/2 x 1 later round = 3; R4: 1.5 + 1 + 0 = 2.5.  BH = 1.5 + 2.5 + 3 + 2.5 = 9.5, BH-C1
    # (plain cut) 8; SB = 1 x 1.5 + 1/2 x 2.5 = 2.75, SB-C1 cuts #2 (lowest score 1.5, contrib.
    # 1.5): 1.25.  #4's forfeit win: VO = 1.5 + 0 + 1/2 = 2; BH = 2.5 + 0 + 2 + 1.5 = 6.
    tb, st = values(FORFEITS, "fide-2009")
    assert seen_as(st, 2, 1) == [F(5, 2)]
    assert (tb[1]["BH"], tb[1]["BH-C1"], tb[1]["SB"], tb[1]["SB-C1"]) == (F(19, 2), 8, F(11, 4),
                                                                         F(5, 4))
    assert tb[4]["BH"] == 6


@pytest.mark.parametrize("rules", ["fide-2023", "fide-2024", "fide-2026"])
def test_withdrawn_and_not_paired_counts_as_draws_for_opponents(rules):
    # The absences after the last round #1 was available are 16.2.5: draws for the opponents
    # (16.3.2), so #1 counts 1.5 + 1/2 + 1/2 = 2.5 and BH(#2) = 2.5 + 3.5 + 0 + 3 = 9 (8 above).
    tb, st = values(ABSENT, rules)
    assert seen_as(st, 2, 1) == [F(5, 2)] and tb[2]["BH"] == 9
    # #1's own dummies: 1.5 (2026: min(1.5, D x n = 2)): BH 7, Cut-1 cuts a VUR: 5.5.
    assert (tb[1]["BH"], tb[1]["BH-C1"]) == (7, F(11, 2))


def test_pab_dummy_capped_at_half_the_maximum_2026():
    # #4's PAB (16.2.1, not voluntary): 2024 dummy = 3: BH 7, Cut-1 cuts #6's 0: 7, SB
    # 1/2 x 2.5 + 0 + 1 x 3 + 1/2 x 1.5 = 5.  2026 (16.4.2): min(3, 1/2 x 4 rounds) = 2:
    # BH 6, SB 4.
    tb, _ = values(ABSENT, "fide-2024")
    assert (tb[4]["BH"], tb[4]["BH-C1"], tb[4]["SB"], tb[4]["SB-C1"]) == (7, 7, 5, 5)
    tb, _ = values(ABSENT, "fide-2026")
    assert (tb[4]["BH"], tb[4]["BH-C1"], tb[4]["SB"]) == (6, 6, 4)


@pytest.mark.parametrize("rules,bh,sb", [("fide-2024", "6.5", "3.25"),
                                         ("fide-2026", "6", "3")])
def test_half_point_bye_is_cut_first(rules, bh, sb):
    # #4 (2.5 points) took a half-point bye in R3 (16.2.3, a VUR).  2024 dummy = 2.5; 2026
    # min(2.5, 2) = 2.  BH = 2.5 + 0 + dummy + 1.5; SB = 1.25 + 0 + 1/2 x dummy + 0.75.
    # Cut-1 (16.5): the VUR goes although #6's 0 is lower: BH-C1 = 6.5 - 2.5 = 6 - 2 = 4.
    # SB-C1: least significant = #6's contribution 0; the VUR's 1.25 (2026: 1) >= 0 is cut: 2.
    # PS = 0.5 + 1.5 + 2 + 2.5 = 6.5, PS-C1 = 6.
    tb, _ = values(HALF_BYE, rules)
    assert (tb[4]["BH"], tb[4]["BH-C1"], tb[4]["SB"], tb[4]["SB-C1"]) == (F(bh), 4, F(sb), 2)
    assert (tb[4]["PS"], tb[4]["PS-C1"]) == (F(13, 2), 6)


def test_half_point_bye_2009_is_cut_like_any_value():
    # 2009: VO of the HPB = 1.5 + 1/2 + 1/2 = 2.5; BH = 2.5 + 0 + 2.5 + 1.5 = 6.5 and the plain
    # Cut-1 removes #6's 0: 6.5 (no VUR rule before 2023).
    tb, _ = values(HALF_BYE, "fide-2009")
    assert (tb[4]["BH"], tb[4]["BH-C1"]) == (F(13, 2), F(13, 2))


# Five players tied on 4 points whose mini-games leave #2 and #4 unmet (R1-R5), then
# filler games (R6-R7) against #6-#10 to even out the points.
DE_PARTIAL = {1: "+W2 +W3 +W4 +W5 ZPB -B6 -B7", 2: "-B1 +W5 PAB +W3 ZPB +B7 -W8",
              3: "=W4 -B1 =W5 -B2 PAB +B8 +W9", 4: "=B3 PAB -B1 PAB -W5 +B9 =W10",
              5: "PAB -B2 =B3 -B1 +B4 +B10 =B6", 6: "-- -- -- -- -- +W1 =W5",
              7: "-- -- -- -- -- -W2 +W1", 8: "-- -- -- -- -- -W3 +B2",
              9: "-- -- -- -- -- -W4 -B3", 10: "-- -- -- -- -- -W5 =B4"}


def test_direct_encounter_certain_places_then_again_on_the_rest():
    # C.07 6.3: not all met.  Mini-table of #1-#5: #1 4, #2 2 (could reach 3),
    # #3 1, #4 0.5 (could reach 1.5), #5 1.5.  1st: 4 > 3, 1, 1.5, 1.5 -> #1.  2nd: 2 > 1,
    # 1.5, 1.5 -> #2.  3rd: #5's 1.5 is not above #4's reachable 1.5 -> stop.  #3, #4, #5 are
    # still tied and all met each other, so DE applies to them again (6.2, their own
    # mini-table): #5 1.5, #3 1, #4 0.5.
    st = compute_standings(from_rows(DE_PARTIAL, system="Swiss"), "DE", rules="fide-2024")
    rows = {r.start_rank: r for r in st.rows}
    assert {sr: rows[sr].points for sr in range(1, 6)} == dict.fromkeys(range(1, 6), 4)
    assert {sr: rows[sr].tiebreaks["DE"] for sr in range(1, 6)} == {1: 1, 2: 2, 5: 3, 3: 4,
                                                                     4: 5}


def test_direct_encounter_stops_when_no_place_is_certain():
    # Group #2, #4, #5 of the same event: #2 beat #5 (1, could reach 2 against #4), #5 beat #4
    # (1, all met), #4 0 (could reach 1).  #2's 1 is not above #5's 1: nobody is placed, and
    # the value is 0 for all (nothing separated).
    ctx = build_context(from_rows(DE_PARTIAL, system="Swiss"), rr=False)
    eng = Engine(ctx, EDITIONS["fide-2024"])
    places = order_group(eng, parse_tiebreak("DE"), [ctx.index[2], ctx.index[4], ctx.index[5]])
    assert set(places.values()) == {0}


def test_koya_limit_modifier():
    # TV2 (15 players, 14 games, 50 % = 7).  KS-L+2: two half points up, threshold 8: Sloth
    # scored 1/2 (Zagorovsky 11) + 1/2 (Kosenkov 10.5) + 1 (Khasin 8.5) + 1/2 (Kletsel 8) = 2.5;
    # Zagorovsky 1/2 + 0 + 1/2 + 1 = 2.  KS-L30: 30 % of 14 = 4.2, everybody but Nun (1):
    # Sloth 11 - 1 = 10, Zagorovsky 11 - 1 = 10.  KS: 6.5 and 6 (test_vectors, TV2).
    st = compute_standings(wccc8(), "KS-L+2,KS-L30,KS", rules="fide-2024")
    tb = {r.start_rank: r.tiebreaks for r in st.rows}
    assert (tb[1]["KS-L+2"], tb[1]["KS-L30"], tb[1]["KS"]) == (F(5, 2), 10, F(13, 2))
    assert (tb[2]["KS-L+2"], tb[2]["KS-L30"], tb[2]["KS"]) == (2, 10, 6)
