"""Counting tie-breaks (C.07 Art. 7): WIN, WON, BPG, BWG, REP, STD, TPN: the causes and
boundaries the vectors leave open (STD, a bye worth less than a win, round-robin sit-outs and
forfeits under the 2026 text, TPN's order), and the explanations.  Values worked out in comments."""
from __future__ import annotations

from fractions import Fraction

import pytest

import trfscore
from trfscore.model import Game, Kind
from trfscore.standings import compute_standings

from .builders import from_rows, to_trf
from .test_us_chess import ROWS as US_ROWS

F = Fraction

# A 6-player, 3-round Swiss with every kind of round.  R1: #1-#2 1/2-0 (an arbiter's decision:
# #1 gets a half point, #2 nothing), #3 wins by forfeit against #4, #5 PAB, #6 half-point bye.
# R2: #1-#3 1:0, #2-#4 double forfeit, #5-#6 1/2.  R3: #1 zero-point bye, #2-#5 0:1,
# #3-#6 1/2, #4 absent.
MIXED = {1: "=W2 +W3 ZPB", 2: "-B1 -F4 -W5", 3: "+F4 -B1 =W6", 4: "-F3 -F2 --",
         5: "PAB =W6 +B2", 6: "HPB =B5 =B3"}


def table(rows, codes, rules="fide-2024", system="Swiss"):
    st = compute_standings(from_rows(rows, system=system), codes, rules=rules)
    return {r.start_rank: r.tiebreaks for r in st.rows}, st


def test_std_compares_with_the_opponent_over_the_board_and_with_a_draw_otherwise():
    # 7.7: 1 for each round with more points than the scheduled opponent (not playing: than a
    # draw's points), 1/2 for equal points.
    # #1: 1/2 > 0 (R1, the opponent's points, not a draw's), 1 > 0, ZPB 0 < 1/2: 1 + 1 + 0 = 2.
    # #2: 0 < 1/2, double forfeit 0 < 1/2 (unplayed: against a draw, not the opponent's 0), 0: 0.
    # #3: forfeit win 1 > 1/2, loss, draw: 1 + 0 + 1/2 = 1.5.  #4: 0.
    # #5: PAB 1 > 1/2, draw, win: 2.5.  #6: HPB 1/2 = 1/2, draw, draw: 1.5.
    tb, _ = table(MIXED, "STD")
    assert {p: v["STD"] for p, v in tb.items()} == {1: 2, 2: 0, 3: F(3, 2), 4: 0, 5: F(5, 2),
                                                    6: F(3, 2)}


def with_system(rows, record, codes):
    lines = to_trf(from_rows(rows, system="Swiss")).splitlines()
    lines.insert(1, record)
    st = trfscore.loads("\n".join(lines) + "\n").standings(codes, rules="fide-2024")
    return {r.start_rank: r.tiebreaks for r in st.rows}


def test_std_turns_three_one_zero_back_into_one_half_zero():
    # 7.7 counts rounds won (1) and drawn (1/2) by comparing points, so with every result
    # symmetric STD is the score under 1-1/2-0, whatever the scoring system.  US_ROWS scores 1-1/2-0: 3.5, 2, 2.5, 3, 2, 1.
    got = with_system(US_ROWS, "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0", "STD")
    assert {p: v["STD"] for p, v in got.items()} == {1: F(7, 2), 2: 2, 3: F(5, 2), 4: 3, 5: 2, 6: 1}


def test_win_counts_a_bye_only_when_it_is_worth_a_win():
    # 7.1: rounds with the points of a win.  US_ROWS: #1 PAB + wins in R2, R5; #6 PAB in R4.
    # 3-1-0 with a PAB worth 3: #1 3 wins, #6 1.  With a PAB worth a draw (P 1.0): 2 and 0.
    full = with_system(US_ROWS, "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0", "WIN")
    draw = with_system(US_ROWS, "162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0", "WIN")
    assert (full[1]["WIN"], full[6]["WIN"], draw[1]["WIN"], draw[6]["WIN"]) == (3, 1, 2, 0)


def test_counts_are_whole_numbers():
    tb, _ = table(US_ROWS, "WIN,WON,BPG,BWG,REP,TPN")
    assert all(type(v) is int for row in tb.values() for v in row.values())


# A 3-player round robin (3 rounds, one sit-out each).  R1: #1-#2 forfeit (#2 loses, had Black),
# #3 sits out; R2: #3-#1 1:0, #2 sits out; R3: #2-#3 1/2, #1 sits out.  #3's sit-out round is
# written as a forfeit win against nobody ("+" against 0000), as some programs write a bye.
def three_rr():
    t = from_rows({1: "+W2 -B3 NS", 2: "-B1 NS =W3", 3: "NS +W1 =B2"}, system="Round Robin")
    t.players[1].games[0] = Game(1, 1, "b", "-", Kind.FORFEIT_LOSS)
    t.players[0].games[0] = Game(1, 2, "w", "+", Kind.FORFEIT_WIN)
    t.players[2].games[0] = Game(1, None, None, "+", Kind.FORFEIT_WIN)
    return t


@pytest.mark.parametrize(("rules", "bpg2"), [("fide-2024", 1), ("fide-2026", 0)])
def test_round_robin_forfeit_loss_with_black_and_the_sit_outs(rules, bpg2):
    # 15.2: in round-robins forfeits are games; from 2026 forfeit losses stay unplayed for the
    # Type-B counts, so #2's forfeit loss with Black counts for BPG in 2024 and not in 2026.
    # A sit-out round is nothing: #3's "+" against nobody is no win (WIN 1: R2) and no standard
    # point (STD: R2 1, R3 1/2 = 1.5, the sit-out not even a half).
    st = compute_standings(three_rr(), "BPG,WIN,STD", rules=rules)
    tb = {r.start_rank: r.tiebreaks for r in st.rows}
    assert tb[2]["BPG"] == bpg2
    assert (tb[3]["WIN"], tb[3]["STD"]) == (1, F(3, 2))
    # #1: R1 forfeit win (more than a draw: 1), R2 loss, R3 sit-out: STD 1; #2: 0 + 1/2 = 1/2.
    assert (tb[1]["STD"], tb[2]["STD"]) == (1, F(1, 2))


def test_tpn_orders_by_pairing_number_and_reverse():
    # US_ROWS: #2 and #5 both have 2 points.  TPN (7.8): the lower pairing number first;
    # TPN/R the other way round.
    def order(code):
        st = compute_standings(from_rows(US_ROWS, system="Swiss"), code, rules="fide-2026")
        return [r.start_rank for r in st.rows if r.points == 2]
    assert order("TPN") == [2, 5]
    assert order("TPN/R") == [5, 2]


@pytest.mark.parametrize(("code", "name"), [
    ("WIN", "Number of wins (incl. unplayed)"), ("WON", "Games won over the board"),
    ("BPG", "Games played with Black"), ("BWG", "Games won with Black"),
    ("REP", "Rounds elected to play"), ("STD", "Standard points"), ("TPN", "Pairing number"),
])
def test_count_names(code, name):
    _, st = table(US_ROWS, code)
    assert st.explain(1, code).name == name


def test_count_explanations():
    _, st = table(US_ROWS, "WIN,STD,TPN")
    # #3: wins in R2 (against #6) and R3 (against #1).
    e = st.explain(3, "WIN")
    assert [(t.round, t.opponent, t.value, t.note) for t in e.terms] == [(2, 6, 1, "win"), (3, 1, 1, "win")]
    assert (e.value, str(e)) == (2, "1 + 1 = 2")
    # #1: the R1 bye has no opponent.
    e = st.explain(1, "WIN")
    assert [(t.round, t.opponent, t.note) for t in e.terms] == [
        (1, None, "pairing-allocated bye"), (2, 2, "win"), (5, 5, "win")]
    # STD of #4: W D L D W = 1 + 1/2 + 0 + 1/2 + 1 (rounds with nothing are left out).
    e = st.explain(4, "STD")
    assert [(t.round, t.value, t.note) for t in e.terms] == [
        (1, 1, "win"), (2, F(1, 2), "draw"), (4, F(1, 2), "draw"), (5, 1, "win")]
    assert str(e) == "1.0 + 0.5 + 0.5 + 1.0 = 3.0"
    e = st.explain(5, "TPN")
    assert (e.value, str(e)) == (5, "pairing number 5")
