"""Sonneborn-Berger and its non-Neustadtl forms under scoring systems other than 1-1/2-0.

The values are made in whole units of the scoring system (2 per point for 1-1/2-0, 1 for 3-1-0
and 2-1-0), and SB, a product of two scores, in units squared: a slip there leaves every
1-1/2-0 value right (2 ** 2 == 2 * 2) and only shows under another system.  The systems come in
as the TRF26 162 record (points for W, D, L, A, P).

A 4-player round robin, hand-made: R1 1-2 1:0, 3-4 1/2; R2 1-3 1/2, 2-4 1:0; R3 1-4 1:0,
3-2 1:0.  SB as the module defines it (C.07 Art. 9.1 read with the points of the system): the
sum over the games of the points the player scored x the opponent's score.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import trfscore

from .builders import from_rows, to_trf

ROWS = {1: "+W2 =B3 +W4", 2: "-B1 +W4 -B3", 3: "=W4 =W1 +W2", 4: "=B3 -B2 -B1"}
SYSTEMS = {
    "1-1/2-0": "",
    "3-1-0": "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0",
    "2-1-0": "162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0",
}


def standings(system: str, codes: str = "SB,NNSB,NNSB2"):
    lines = to_trf(from_rows(ROWS)).splitlines()
    if SYSTEMS[system]:
        lines.insert(1, SYSTEMS[system])
    return trfscore.loads("\n".join(lines) + "\n").standings(codes)


# (W, D) points of each system, and each player's games as (points scored, opponent).
POINTS = {"1-1/2-0": (Fraction(1), Fraction(1, 2)), "3-1-0": (Fraction(3), Fraction(1)),
          "2-1-0": (Fraction(2), Fraction(1))}
GAMES = {1: [("W", 2), ("D", 3), ("W", 4)], 2: [("L", 1), ("W", 4), ("L", 3)],
         3: [("D", 4), ("D", 1), ("W", 2)], 4: [("D", 3), ("L", 2), ("L", 1)]}


def hand(system: str) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Scores and SB computed from the rows above, outside the engine."""
    w, d = POINTS[system]
    pts = {"W": w, "D": d, "L": Fraction(0)}
    score = {p: sum((pts[r] for r, _ in games), Fraction(0)) for p, games in GAMES.items()}
    sb = {p: sum((pts[r] * score[o] for r, o in games), Fraction(0)) for p, games in GAMES.items()}
    return score, sb


@pytest.mark.parametrize("system", SYSTEMS)
def test_sb_nnsb_nnsb2_under_each_system(system):
    score, sb = hand(system)
    got = {r.start_rank: (r.points, r.tiebreaks["SB"], r.tiebreaks["NNSB"], r.tiebreaks["NNSB2"])
           for r in standings(system).rows}
    assert got == {p: (score[p], sb[p], sb[p] + score[p], sb[p] + score[p] ** 2) for p in GAMES}


def test_sb_three_one_zero_is_not_halved():
    # 3-1-0: scores 7, 3, 5, 1; SB(#1) = 3x3 (beat #2) + 1x5 (drew #3) + 3x1 (beat #4) = 17,
    # SB(#2) = 3x1 = 3, SB(#3) = 1x1 + 1x7 + 3x3 = 17, SB(#4) = 1x5 = 5.
    assert {r.start_rank: r.tiebreaks["SB"] for r in standings("3-1-0").rows} == {1: 17, 2: 3, 3: 17, 4: 5}
    # 2-1-0 doubles every 1-1/2-0 score, so SB is four times the 1-1/2-0 value (2.5, 0.5, 2.5, 1).
    assert {r.start_rank: r.tiebreaks["SB"] for r in standings("2-1-0").rows} == {1: 10, 2: 2, 3: 10, 4: 4}


def test_sb_explanation_under_three_one_zero():
    e = standings("3-1-0").explain(1, "SB")
    assert (e.name, e.code, e.value, e.system) == ("Sonneborn-Berger", "SB", 17, "round-robin")
    assert [(t.round, t.opponent, t.weight, t.value) for t in e.terms] == [(1, 2, 3, 3), (2, 3, 1, 5), (3, 4, 3, 1)]
    assert str(e) == "3.0*3.0 + 1.0*5.0 + 3.0*1.0 = 17.0"


@pytest.mark.parametrize(("code", "value", "formula"), [
    ("NNSB", 17 + 7, "3.0*3.0 + 1.0*5.0 + 3.0*1.0 + 7.0 = 24.0"),  # SB + own score
    ("NNSB2", 17 + 7 ** 2, "3.0*3.0 + 1.0*5.0 + 3.0*1.0 + 7.0^2 = 66.0"),  # SB + own score squared
])
def test_nnsb_explanations_under_three_one_zero(code, value, formula):
    e = standings("3-1-0").explain(1, code)
    assert (e.name, e.code, e.value) == ("non-Neustadtl Sonneborn-Berger", code, value)
    assert e.line() == formula
    assert str(e) == formula + "\n  own score added (the original Sonneborn/Berger proposal)"


def test_nnsb_explanation_under_one_half_zero():
    # SB(#3) = 1/2 x 2.5 (#1) + 1 x 1 (#2) + 1/2 x 0.5 (#4) = 2.5 (terms by opponent);
    # NNSB2 = 2.5 + 2^2 = 6.5.
    e = standings("1-1/2-0").explain(3, "NNSB2")
    assert e.value == Fraction(13, 2)
    assert e.line() == "0.5*2.5 + 1.0*1.0 + 0.5*0.5 + 2.0^2 = 6.5"
