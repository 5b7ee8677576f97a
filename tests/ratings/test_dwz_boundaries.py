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


# --- the working shown to the user (steps and notes) ---------------------------------------------

def test_classic_steps_with_braking():
    # R0 1000, A 30 (J 15), i 10, four games against 1000, 2 points: We = 4 x 1/2 = 2;
    # E0 = 1^4 + 15 = 16; W <= We and R0 < 1300: SBr = e^((1300 - 1000)/150) - 1 = e^2 - 1
    # = 6.3891; E = 16 + 6.3891 = 22.3891 -> 22, bound 150 with braking; Rn = 1000 + 0.
    res = dwz_update(1000, 10, 30, [1000] * 4, 2)
    assert res.steps == (
        "edition classic", "Ro = 1000", "n = 4, W = 2, Rc = 1000", "We = 2",
        "E0 = (Ro/1000)^4 + J = 1 + 15 = 16",
        "fB = 1, SBr = 6.3891, E = fB*E0 + SBr = 22.3891 -> 22 -> bounds 5..150 (150 with braking) -> E = 22",
        "Rn = Ro + 800*(W - We)/(E + n) = 1000 + 800*(2 - 2)/(22 + 4) = 1000 -> 1000")
    assert res.notes == ()


def test_classic_steps_with_unknown_age_and_index():
    # R0 1600, age and index unknown: J = 15 (E0 = 1.6^4 + 15 = 21.5536 -> 22), no index cap (30)
    res = dwz_update(1600, None, None, [1600] * 4, 2)
    assert step(res, "E0 =") == "E0 = (Ro/1000)^4 + J = 6.5536 + 15 = 21.5536 (age unknown: J = 15)"
    assert step(res, "fB =").endswith("-> 22 -> bounds 5..30 (30 (index unknown, no index cap)) -> E = 22")
    assert res.notes == ("index unknown: the cap 5*i was not applied",)


def test_2026_steps_with_braking():
    # R0 1500, A 30, i 3 (K0 44, adult), four games against 1500, 1.5 points: We = 2; W < We
    # and R0 < 1600: b = (1500 + 800)/2400 = 0.9583; K = 44 x 0.9583 = 42.17 -> 42.2;
    # Rn = 1500 + 42.2 x (1.5 - 2) = 1478.90 -> 1479.
    res = dwz_update(1500, 3, 30, [1500] * 4, F(3, 2), edition="2026")
    assert res.steps == (
        "edition 2026", "Ro = 1500", "n = 4, W = 1.5, Rc = 1500", "We = 2",
        "K0 = 44 (adult < 2000), b = 0.9583, a = 0, K = K0*b + a = 42.17 -> 42.2",
        "Rn = Ro + K*(W - We) = 1500 + 42.2*(1.5 - 2) = 1478.90 -> 1479")
    assert (res.new_rating, res.change, res.index_after) == (1479, -21, 4)


@pytest.mark.parametrize(("edition", "method", "tail"), [
    # five games against 1500 and 2.5 points: We(1500) = 2.5, so Ri = 1500 at once
    ("classic", "iteration", ("Ri = 1500 (WO 3.4.4 iteration)", "first DWZ = 1500")),
    ("classic", "exact", ("Ri = 1500.00 (exact root)", "first DWZ = 1500")),
    # 2026: 1500 + 0.08 x (2000 - 1500) = 1540
    ("2026", "iteration", ("Ri = 1500 (WO 3.4.4 iteration)", "Rp = 1500 -> first DWZ (r = 0.08) = 1540", "first DWZ = 1540")),
])
def test_first_dwz_steps(edition, method, tail):
    res = dwz_update(None, None, None, [1500] * 5, F(5, 2), edition=edition, first_method=method)
    assert res.steps == (f"edition {edition}", "Ro = unrated", "n = 5, W = 2.5, Rc = 1500", *tail)
    assert (res.first_rating, res.index_after, res.performance, res.notes) == (True, 1, 1500, ())


def test_first_dwz_below_800_is_compressed():
    # Ri = 700 (2.5 of 5 against 700): 700 + 700/8 = 787.5 -> 788
    res = dwz_update(None, None, None, [700] * 5, F(5, 2))
    assert res.steps[-2:] == ("Ri < 800: 700 + Ri/8 = 787.50", "first DWZ = 788")
    assert res.raw_rating == F(1575, 2)


def test_first_dwz_2026_at_100_percent_steps():
    res = dwz_update(None, None, None, [1500] * 5, 5, edition="2026")
    assert res.notes == ("100 % score: a fictitious draw against the average opponent added",)
    assert res.steps[3] == "fictitious draw against Rc = 1500"
    ri = res.performance  # the solved value with the draw: 5.5 of 6
    from trfscore.ratings.tables import dsb_expected

    # Ri is within a point of the root of We(R) = 5.5 over six games against 1500 (WO 3.3 curve)
    assert 6 * dsb_expected(F(ri - 1 - 1500)) < F(11, 2) < 6 * dsb_expected(F(ri + 1 - 1500))
    assert res.steps[-2] == f"Rp = {ri} -> first DWZ (r = 0.08) = {float(ri + F(8, 100) * (2000 - ri)):.2f}"
    assert res.new_rating == round(ri + F(8, 100) * (2000 - ri))


@pytest.mark.parametrize(("opponents", "score", "reason"), [
    ([1500] * 4, 2, "no first DWZ: 4 game(s) against rated opponents, 5 needed (WO 3.4.1)"),
    ([1500] * 5, 5, "no first DWZ: 0 % or 100 % score (WO 3.4.1)"),
    ([1500] * 5, 0, "no first DWZ: 0 % or 100 % score (WO 3.4.1)"),
])
def test_no_first_dwz_reasons(opponents, score, reason):
    res = dwz_update(None, None, None, opponents, score)
    assert (res.new_rating, res.notes, res.steps[-1]) == (None, (reason,), reason)


def test_no_rateable_game():
    res = dwz_update(1500, 4, 30, [(None, 1)], None)
    assert res.notes == ("1 game(s) against unrated opponents excluded", "no rateable game: DWZ unchanged")
    assert res.steps == ("edition classic", "Ro = 1500", "n = 0, W = 0")
    assert (res.new_rating, res.index_after) == (None, 4)


OPPONENTS = [1300, 1200, 1350, 1150, 1400]


def test_classic_steps_keep_four_decimals():
    # R0 1250, A 18 (J 5), i 4, 3.5 points of 5: We = sum of P(1250 - Rj) (WO 3.3, the tables
    # module); E0 = 1.25^4 + 5 = 7.44140625; W >= We and J = 5: fB = 1250/2000 = 0.625;
    # E = 0.625 x 7.44140625 = 4.6509 -> 5 (bounds 5..min(30, 5 x 4)); Rn = 1250 + 800 (3.5 - We)/(5 + 5).
    from trfscore.ratings.tables import dsb_expected

    we = sum((dsb_expected(F(1250 - o)) for o in OPPONENTS), F(0))
    raw = 1250 + 800 * (F(7, 2) - we) / 10
    res = dwz_update(1250, 4, 18, OPPONENTS, F(7, 2))
    assert res.steps == (
        "edition classic", "Ro = 1250", "n = 5, W = 3.5, Rc = 1280", f"We = {float(we):.4f}",
        "E0 = (Ro/1000)^4 + J = 2.4414 + 5 = 7.4414",
        "fB = 0.6250, SBr = 0, E = fB*E0 + SBr = 4.6509 -> 5 -> bounds 5..20 (min(30, 5*4)) -> E = 5",
        f"Rn = Ro + 800*(W - We)/(E + n) = 1250 + 800*(3.5 - {float(we):.4f})/(5 + 5) = {float(raw):.2f} -> {round(raw)}")


def test_2026_steps_keep_their_decimals():
    # A 22, R0 1250 < 2200: youth row, i 4: K0 46; W 2 < We and R0 < 1600: b = 2050/2400
    # = 0.8542; K = 46 b = 39.29 -> 39.3; Rn = 1250 + 39.3 (2 - We).
    from trfscore.ratings.tables import dsb_expected

    we = sum((dsb_expected(F(1250 - o)) for o in OPPONENTS), F(0))
    raw = 1250 + F("39.3") * (2 - we)
    res = dwz_update(1250, 4, 22, OPPONENTS, 2, edition="2026")
    assert res.steps[3:] == (
        f"We = {float(we):.4f}",
        "K0 = 46 (youth/junior < 2200), b = 0.8542, a = 0, K = K0*b + a = 39.29 -> 39.3",
        f"Rn = Ro + K*(W - We) = 1250 + 39.3*(2 - {float(we):.4f}) = {float(raw):.2f} -> {round(raw)}")


def test_2026_first_dwz_steps_keep_two_decimals():
    # the r-correction of a solved Ri: value = Ri + 0.08 (2000 - Ri) = 0.92 Ri + 160, both shown
    # to two decimals (the exact root is not a whole number)
    res = dwz_update(None, None, None, OPPONENTS, F(7, 2), edition="2026", first_method="exact")
    ri = (res.raw_rating - 160) / F(92, 100)
    from trfscore.ratings.tables import dsb_expected

    assert abs(sum(dsb_expected(ri - o) for o in OPPONENTS) - F(7, 2)) < F(1, 10 ** 6)  # the root of We(R) = W
    assert res.steps[-3:] == (f"Ri = {float(ri):.2f} (exact root)",
                              f"Rp = {float(ri):.2f} -> first DWZ (r = 0.08) = {float(res.raw_rating):.2f}",
                              f"first DWZ = {res.new_rating}")
    assert res.new_rating == round(res.raw_rating)


@pytest.mark.parametrize(("text", "edition"), [
    ("2026-06-08", "2026"), ("2026-06-07", "classic"), ("08.06.2026", "2026"), ("07.06.2026", "classic"),
    ("26/06/08", "2026"), ("26/06/07", "classic"), ("2026/06", "classic"), ("2026-07", "2026"), ("0100-01-01", "classic"),
])
def test_edition_by_end_date_in_each_written_form(text, edition):
    # YYYY-MM-DD, DD.MM.YYYY, YY/MM/DD (20YY), YYYY/MM (the 1st); the year 100 stays 100
    from trfscore.ratings import dwz_edition_for

    assert dwz_edition_for(text) == edition


def test_first_value_compresses_only_below_800():
    # WO 3.4.4: 700 + Ri/8 below 800 (continuous at 800); 800.5 stays 800.5 -> 801
    from trfscore.ratings.dwz import first_value

    assert first_value(F(1601, 2)) == (801, F(1601, 2))
    assert first_value(F(800)) == (800, F(800))
    assert first_value(F(640)) == (780, F(780))


def test_success_bonus_a1_and_a2_told_apart():
    # with a1 = 3 and a2 = 4: 21..25 below 1600 get a1, 26 and over get a2
    constants = Reform2026(a1=F(3))
    bonus = {age: dwz_update(1500, 11, age, [1500] * 4, 2, edition="2026", constants=constants).bonus
             for age in (21, 25, 26, None)}
    assert bonus == {21: 3, 25: 3, 26: 4, None: 4}


def test_a_new_rating_on_the_floor_is_not_lifted():
    # R0 1100, W = We: Rn = 1100, no "below the floor" step
    res = even(1100, 40, 11)
    assert res.new_rating == 1100 and res.steps[-1].startswith("Rn = Ro + K*(W - We) = 1100 + ")


def test_classic_braking_surcharge_below_one_still_lifts_the_bound():
    # R0 1250, W <= We: SBr = e^((1300 - 1250)/150) - 1 = e^(1/3) - 1 = 0.3956 > 0: bound 150
    res = dwz_update(1250, 4, 40, [1250] * 4, 2)
    assert step(res, "fB =").startswith("fB = 1, SBr = 0.3956, ")
    assert "bounds 5..150 (150 with braking)" in step(res, "fB =")


def test_two_decimals_of_the_averages_and_the_bonus():
    # Rc = (4 x 1500 + 1501)/5 = 1500.2; at 100 % (2026) the fictitious draw is against it
    res = dwz_update(None, None, None, [1500, 1500, 1500, 1500, 1501], 5, edition="2026")
    assert res.steps[2] == "n = 5, W = 5, Rc = 1500.20"
    assert res.steps[3] == "fictitious draw against Rc = 1500.20"
    # A 18, R0 1500, W = We: a = (2000 - 1500)/30 = 16.67; K = 46 (youth, i 4) + 16.67 = 62.67 -> 62.7
    assert step(even(1500, 18, 4), "K0 =") == "K0 = 46 (youth/junior < 2200), b = 1, a = 16.67, K = K0*b + a = 62.67 -> 62.7"
