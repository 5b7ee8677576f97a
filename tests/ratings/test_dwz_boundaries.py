"""DWZ rule boundaries, each on both sides, and every cell of the 2026 K0 table.

Rules (the classic DSB Wertungsordnung, WO 3.3-3.6; the 2026 K system as the public
implementations of the reformed WO agree on it: ChessLeagueManager com_clm dwz_rechner.php,
har64/DWZ-Calc Dwz.php, elochess):

* classic: J = 5 up to age 20, 10 for 21-25, 15 from 26 (and unknown); E0 = (R0/1000)^4 + J;
  fB = R0/2000 in [0.5, 1] only when J = 5 and W >= We; SBr only when R0 < 1300 and W <= We;
  E rounded, then at least 5 and at most min(30, 5 i) (150 with SBr);
* 2026: K0 by group and index (below), b = (R0 + 800)/2400 when W < We and R0 < 1600, the
  success bonus a when W >= We: (2000 - R0)/30 for A <= 20 and R0 < 2000, 4 for 21 <= A <= 25
  and R0 < 1600, 4 for A >= 26 (or unknown) and R0 < 1600; K = K0 b + a to one decimal, 5..80;
* the performance Rh (WO 3.6) needs at least 5 games and is undefined at 0 % and 100 %.

W = We exactly: games against opponents of the player's own rating (P(0) = 1/2 each), half the
points.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.ratings import dwz_update
from trfscore.ratings.dwz import Reform2026

F = Fraction

# K0 of the 2026 WO by index 1..10 and ">10"; index 0 counts as 1, unknown as ">10".
K0 = {
    "youth": [60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32],  # A <= 25 and R0 < 2200
    "adult": [60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28],  # A >= 26 and R0 < 2000
    "high": [60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25],  # the rest
}
# (R0, age) of a player in each group, at the group's edge.
GROUP = {"youth": (2199, 25), "adult": (1999, 26), "high": (2000, 26)}


def even(r0: int, age: int | None, index: int | None = 5, *, edition: str = "2026", games: int = 4):
    """W = We: ``games`` games against opponents rated ``r0``, half the points."""
    return dwz_update(r0, index, age, [r0] * games, F(games, 2), edition=edition)


def step(res, start: str) -> str:
    """The one step of the result's working that starts with ``start``."""
    (found,) = [s for s in res.steps if s.startswith(start)]
    return found


@pytest.mark.parametrize("group", K0)
@pytest.mark.parametrize("index", range(0, 13))
def test_every_k0_cell(group, index):
    r0, age = GROUP[group]
    column = min(max(index, 1), 11) - 1
    assert even(r0, age, index).k0 == K0[group][column]


@pytest.mark.parametrize("group", K0)
def test_unknown_index_reads_the_column_over_ten(group):
    r0, age = GROUP[group]
    res = even(r0, age, None)
    assert res.k0 == K0[group][10]
    assert "index unknown: K0 taken from the column '>10'" in res.notes


@pytest.mark.parametrize(("r0", "age", "group"), [
    (2199, 25, "youth"), (2200, 25, "high"), (2199, 26, "high"), (1999, 26, "adult"), (2000, 26, "high"),
    (1999, None, "adult"), (2000, None, "high"), (1500, 20, "youth"), (1500, 21, "youth"),
])
def test_k0_group_boundaries(r0, age, group):
    res = even(r0, age, 3)
    assert res.k0 == K0[group][2]
    name = {"youth": "youth/junior < 2200", "adult": "adult < 2000", "high": "high"}[group]
    assert step(res, "K0 =").startswith(f"K0 = {K0[group][2]} ({name}), b = 1, ")


@pytest.mark.parametrize(("r0", "age", "bonus"), [
    (1500, 20, F(500, 30)),  # A <= 20, R0 < 2000: (2000 - R0)/30
    (1999, 20, F(1, 30)), (2000, 20, 0),
    (1500, 21, 4), (1599, 25, 4), (1600, 25, 0), (1600, 21, 0),  # a1 for 21..25 below 1600
    (1599, 26, 4), (1600, 26, 0), (1599, None, 4), (1600, None, 0),  # a2 for 26+ (and unknown)
    (1700, 20, 10), (1700, 21, 0),
])
def test_success_bonus_at_w_equal_we(r0, age, bonus):
    # W = We counts as success (W >= We) and is no braking (W < We is needed): b = 1.
    res = even(r0, age, 11)
    assert res.expected == res.score
    assert (res.bonus, res.brake_factor) == (bonus, 1)
    # K = K0 x 1 + a to one decimal; Rn = R0 + K x 0 = R0.
    assert res.coefficient == round(F(res.k0) + F(bonus), 1)
    assert res.new_rating == r0


@pytest.mark.parametrize(("r0", "b"), [(1599, F(1599 + 800, 2400)), (1600, 1), (1100, F(1900, 2400))])
def test_braking_factor_below_1600_only_when_w_below_we(r0, b):
    # half a point less than We: 4 games against r0, 1.5 points.
    res = dwz_update(r0, 11, 40, [r0] * 4, F(3, 2), edition="2026")
    assert (res.brake_factor, res.bonus) == (b, 0)
    # K = 28 (adult, >10) x b to one decimal; Rn = R0 - K/2 rounded half away from zero.
    k = round(28 * F(b), 1)
    assert res.coefficient == F(k)
    assert res.raw_rating == r0 - F(k) / 2


def test_k_lower_bound_five():
    # With u = 0 the braking factor is R0/1600: R0 = 100 gives 28 x 1/16 = 1.75 -> K = 5.
    res = dwz_update(100, 11, 40, [100] * 4, F(3, 2), edition="2026", constants=Reform2026(u=0))
    assert res.coefficient_raw == F(7, 4) and res.coefficient == 5
    assert step(res, "K0 =").endswith("K = K0*b + a = 1.75 -> 5 (bounds 5..80)")
    assert step(res, "Rn below") == "Rn below the floor 1100 -> 1100"


def test_k_upper_bound_eighty():
    # A = 10, R0 = 1100, index 1: K0 60 + (2000 - 1100)/30 = 90 -> 80.
    res = even(1100, 10, 1)
    assert (res.coefficient_raw, res.coefficient) == (90, 80)


# --- classic ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("age", "j"), [(0, 5), (20, 5), (21, 10), (25, 10), (26, 15), (None, 15)])
def test_classic_age_constant_boundaries(age, j):
    # R0 = 1500, W = We: E0 = 1.5^4 + J = 5.0625 + J
    res = even(1500, age, 10, edition="classic")
    assert res.e0 == F(50625, 10000) + j


@pytest.mark.parametrize(("age", "w", "fb"), [(20, 2, F(3, 4)), (20, F(3, 2), 1), (21, 2, 1), (20, F(5, 2), F(3, 4))])
def test_classic_acceleration_only_up_to_20_and_from_w_equal_we(age, w, fb):
    # fB = R0/2000 = 0.75 for R0 = 1500 when J = 5 and W >= We (We = 2 here).
    res = dwz_update(1500, 10, age, [1500] * 4, w, edition="classic")
    assert res.acceleration == fb


@pytest.mark.parametrize(("r0", "fb"), [(900, F(1, 2)), (1000, F(1, 2)), (1600, F(4, 5)), (2000, 1), (2400, 1)])
def test_classic_acceleration_clamped_to_half_and_one(r0, fb):
    assert even(r0, 15, 10, edition="classic").acceleration == fb


@pytest.mark.parametrize(("r0", "w", "braking"), [(1299, 2, True), (1300, 2, False), (1299, F(3, 2), True),
                                                   (1299, F(5, 2), False)])
def test_classic_braking_below_1300_up_to_w_equal_we(r0, w, braking):
    res = dwz_update(r0, 10, 40, [r0] * 4, w, edition="classic")
    assert (res.braking > 0) is braking


def test_classic_e_lower_bound_five():
    # A = 15, R0 = 1400, W > We: E0 = 1.4^4 + 5 = 8.8416, fB = 0.7: E = 6.189.. -> 6;
    # R0 = 1000: E0 = 6, fB = 0.5: 3 -> at least 5.
    assert dwz_update(1400, 10, 15, [1400] * 4, 3, edition="classic").coefficient == 6
    res = dwz_update(1000, 10, 15, [1000] * 4, 3, edition="classic")
    assert (res.coefficient_raw, res.coefficient) == (3, 5)
    assert step(res, "fB =").endswith("-> 3 -> bounds 5..30 (min(30, 5*10)) -> E = 5")


@pytest.mark.parametrize(("index", "upper"), [(0, 5), (1, 5), (2, 10), (5, 25), (6, 30), (7, 30)])
def test_classic_e_upper_bound_by_index(index, upper):
    # A = 60, R0 = 2400: E0 = 2.4^4 + 15 = 48.1776 -> 48, capped at min(30, 5 i).
    res = even(2400, 60, index, edition="classic")
    assert res.coefficient == upper
    assert step(res, "fB =").endswith(f"-> 48 -> bounds 5..{upper} (min(30, 5*{max(index, 1)})) -> E = {upper}")


def test_classic_new_rating_formula():
    # R0 = 1600, A = 40, i = 10, four games against 1600 and 3 points: We = 2,
    # E0 = 1.6^4 + 15 = 21.5536 -> 22; Rn = 1600 + 800 x (3 - 2)/(22 + 4) = 1630.77 -> 1631.
    res = dwz_update(1600, 10, 40, [1600] * 4, 3, edition="classic")
    assert (res.coefficient, res.raw_rating, res.new_rating, res.change) == (22, 1600 + F(800, 26), 1631, 31)
    assert res.index_after == 11


# --- performance, averages ----------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["classic", "2026"])
@pytest.mark.parametrize(("games", "score", "defined"), [(5, 0, False), (5, 5, False), (5, F(1, 2), True),
                                                          (5, F(9, 2), True), (4, 2, False)])
def test_performance_guard(edition, games, score, defined):
    res = dwz_update(1600, 10, 40, [1600] * games, score, edition=edition)
    assert (res.performance is not None) is defined
    undefined = "performance undefined for a 0 % or 100 % score"
    assert (undefined in res.notes) is (games >= 5 and score in (0, games))


def test_performance_of_an_even_score_is_the_opponents_rating():
    # We(R) = W at R = 1600 for 2.5 of 5 against 1600 (P(0) = 1/2).
    assert dwz_update(1500, 10, 40, [1600] * 5, F(5, 2)).performance == 1600


def test_opponent_average():
    # Rc = (1400 + 1500 + 1900)/3 = 1600; unrated opponents (None) are left out.
    res = dwz_update(1600, 10, 40, [1400, None, 1500, 1900], 1)
    assert (res.opponent_average, res.games) == (1600, 3)
    assert "n = 3, W = 1, Rc = 1600" in res.steps
