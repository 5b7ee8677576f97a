"""DWZ, classic Wertungsordnung and the 2026 reform.

The vectors DS1-DS12, DF2-DF7 and DK1-DK8 are synthetic: made up to reach one branch each (the
name says which) and hand-computed, every intermediate written out in the row, from the rules:

* classic DSB Wertungsordnung (WO): P(D) = 1/2 (1 + erf(D/400)) per game and We = sum P (WO 3.3,
  Anhang 2); E0 = (R0/1000)^4 + J, J = 5 / 10 / 15 for ages up to 20 / 21-25 / 26 and over;
  fB = R0/2000 within [0.5, 1] when J = 5 and W >= We; SBr = e^((1300 - R0)/150) - 1 when
  R0 < 1300 and W <= We; E = fB E0 + SBr rounded, at least 5, at most min(30, 5 i) (150 with
  SBr); Rn = R0 + 800 (W - We) / (E + n) (WO 3.5.1-3.5.2, Anhang 1.2 and 2.4); first DWZ: the
  rating at which We = W, below 800 compressed to 700 + Ri/8 (WO 3.4);
* the 2026 K system as the public implementations of the reformed WO (ChessLeagueManager,
  har64/DWZ-Calc, elochess) agree on it: Rn = R0 + K (W - We), K = K0 b + a to one decimal,
  at most 80, K0 by age group and index, b = (R0 + 800)/2400 when W < We and R0 < 1600, a the
  success bonus, floor 1100.

DS12's player (1742-81, seven opponents, 4.5 points) is the sample of the har64/DWZ-Calc README.
Tests without a published value compare two calculations (e.g. with and without an unrated
opponent) instead of typing in numbers of their own.
"""
from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.model import Game, Header, Kind, Player
from trfscore.ratings import DwzResult, dwz_edition_for, dwz_update, rate_tournament
from trfscore.ratings.dwz import (
    REFORM_2026,
    Reform2026,
    age_constant,
    dwz_first_2026_from_performance,
    dwz_upgrade_2026,
    expected_score,
    solve_performances,
)
from trfscore.ratings.numbers import round_half_away
from trfscore.ratings.players_csv import parse_players_csv
from trfscore.ratings.tables import dsb_expected
from trfscore.tournament import Tournament


def near(value, published, places):
    """value matches the published figure given to ``places`` decimals.

    One unit of the last place is allowed: some raw values were hand-computed from already
    rounded intermediates (DK4: 1278.884998 is written as 1278.89).
    """
    return abs(Fraction(value) - Fraction(published)) <= Fraction(1, 10 ** places)


# --- DS1-DS12: classic, established players (WO 3.5) -------------------------------------------
# id, R0, A, i, opponents, W, We, E0, fB, SBr, E, Rn raw, Rn
DS = [
    ("DS1_youth_acceleration", 1500, 15, 10, [1400, 1500, 1600, 1450, 1550], "4", "2.5000",
     "10.0625", "0.75", "0", 8, "1592.31", 1592),
    ("DS2_fB_clamp_and_E_min_5", 900, 12, 3, [1000, 1100], "1.5", "0.6016", "5.6561", "0.5",
     "0", 5, "1002.68", 1003),
    ("DS3_index_cap", 1600, 40, 2, [1500, 1700, 1650], "2", "1.4298", "21.5536", "1", "0", 10,
     "1635.09", 1635),
    ("DS4_cap_30", 2400, 40, 50, [2300, 2350, 2450, 2500], "3", "2.0000", "48.1776", "1", "0",
     30, "2423.53", 2424),
    ("DS5_braking_cap_150", 500, 30, 20, [900, 1000, 800], "0", "0.2616", "15.0625", "1",
     "206.127", 150, "498.63", 499),
    ("DS6_braking_adult", 1100, 35, 8, [1200, 1300, 1250, 1150], "1", "1.3294", "16.4641", "1",
     "2.7937", 19, "1088.54", 1089),
    ("DS7_W_equals_We_both", 1000, 14, 4, [1000, 1000], "1", "1.0000", "6.0", "0.5", "6.3891",
     9, "1000.00", 1000),
    ("DS8_junior_J10", 1800, 23, 15, [1900, 1850, 1750, 2000, 1950, 1700], "3.5", "2.5377",
     "20.4976", "1", "0", 20, "1829.61", 1830),
    ("DS9_youth_2000_plus", 2100, 17, 30, [2000, 2050, 2150, 2200], "3", "2.0000", "24.4481",
     "1", "0", 24, "2128.57", 2129),
    ("DS10_age_20", 1400, 20, 10, [1300, 1350, 1450], "2.5", "1.6382", "8.8416", "0.7", "0", 6,
     "1476.61", 1477),
    ("DS11_age_21", 1400, 21, 10, [1300, 1350, 1450], "2.5", "1.6382", "13.8416", "1", "0", 14,
     "1440.56", 1441),
    ("DS12_har64_readme", 1742, 61, 81, [1948, 1874, 1586, 1658, 1853, 1821, 1697], "4.5",
     "3.1803", "24.2086", "1", "0", 24, "1776.06", 1776),
]


@pytest.mark.parametrize("vid, r0, age, index, opps, w, we, e0, fb, sbr, e, raw, rn", DS,
                         ids=[v[0] for v in DS])
def test_classic_established_vectors(vid, r0, age, index, opps, w, we, e0, fb, sbr, e, raw, rn):
    res = dwz_update(r0, index, age, opps, w)
    assert near(res.expected, we, 4)
    assert near(res.e0, e0, 4)
    assert res.acceleration == Fraction(fb)
    assert near(res.braking, sbr, len(sbr.split(".")[1]) if "." in sbr else 0)
    assert res.coefficient == e
    assert near(res.raw_rating, raw, 2)
    assert res.new_rating == rn
    assert res.change == rn - r0
    assert res.index_after == index + 1
    assert res.edition == "classic" and not res.first_rating


def test_DS1_acceleration_changes_the_result():
    # without acceleration (age 26+) E would be 10+ and the gain smaller
    young = dwz_update(1500, 10, 15, [1400, 1500, 1600, 1450, 1550], 4)
    assert young.acceleration < 1 and young.new_rating == 1592
    # acceleration needs W >= We: losing, the same youth has fB = 1
    losing = dwz_update(1500, 10, 15, [1400, 1500, 1600, 1450, 1550], 2)
    assert losing.acceleration == 1


def test_DS10_DS11_acceleration_only_up_to_age_20():
    assert dwz_update(1400, 10, 20, [1300, 1350, 1450], "2.5").new_rating == 1477
    assert dwz_update(1400, 10, 21, [1300, 1350, 1450], "2.5").new_rating == 1441


def test_DS3_index_cap():
    res = dwz_update(1600, 2, 40, [1500, 1700, 1650], 2)
    assert res.coefficient == 10 and res.new_rating == 1635
    # relation: with a high index the cap is 30, so the change is smaller
    assert dwz_update(1600, 30, 40, [1500, 1700, 1650], 2).change < res.change


def test_index_zero_counts_as_one():
    # WO 2.2.4: a starting value from another national system has index 0; E uses index 1
    opps, w = [1500, 1700, 1650], 2
    zero, one = dwz_update(1600, 0, 40, opps, w), dwz_update(1600, 1, 40, opps, w)
    assert zero.coefficient == one.coefficient == 5  # min(30, 5*1) -> 5
    assert zero.new_rating == one.new_rating
    assert zero.index_after == 1


def test_unknown_index_skips_only_the_index_cap():
    res = dwz_update(1600, None, 40, [1500, 1700, 1650], 2)
    assert res.coefficient == dwz_update(1600, 50, 40, [1500, 1700, 1650], 2).coefficient
    assert res.index_after is None
    assert any("index unknown" in n for n in res.notes)


def test_unknown_age_counts_as_over_25():
    assert age_constant(None) == 15 and age_constant(20) == 5 and age_constant(21) == 10
    assert age_constant(25) == 10 and age_constant(26) == 15
    opps = [1900, 1850, 1750, 2000, 1950, 1700]
    assert dwz_update(1800, 15, None, opps, "3.5").e0 == dwz_update(1800, 15, 40, opps, "3.5").e0


def test_DS5_braking_cap_150():
    res = dwz_update(500, 20, 30, [900, 1000, 800], 0)
    assert res.braking > 150 and res.coefficient == 150 and res.new_rating == 499


def test_DS6_braking_only_when_W_at_most_We():
    res = dwz_update(1100, 8, 35, [1200, 1300, 1250, 1150], 1)
    assert res.braking > 0 and res.new_rating == 1089
    winning = dwz_update(1100, 8, 35, [1200, 1300, 1250, 1150], 3)
    assert winning.braking == 0 and winning.coefficient <= 30


def test_DS7_acceleration_and_braking_at_equality():
    res = dwz_update(1000, 4, 14, [1000, 1000], 1)
    assert res.acceleration == Fraction(1, 2) and res.braking > 0
    assert res.coefficient == 9 and res.new_rating == 1000


def test_braking_lifts_the_index_cap():
    # Hand-derived from WO 3.5.1 and Anhang 2.4: with SBr > 0 the bound is 150, not
    # min(30, 5 i).  R0 1000, age 30, index 2, lost to 1100 and 1200:
    # We = (1 - P(100)) + (1 - P(200)) = 0.361837 + 0.239750 = 0.601587 (P(D) of WO 3.3);
    # E0 = 1^4 + 15 = 16; W <= We and R0 < 1300: SBr = e^(300/150) - 1 = 6.389; E = 22.389 -> 22
    # (the index cap would give 5 * 2 = 10); Rn = 1000 - 800 * 0.601587 / 24 = 979.95 -> 980
    # (with E = 10: 959.9 -> 960).
    res = dwz_update(1000, 2, 30, [1100, 1200], 0)
    assert res.coefficient == 22 and res.new_rating == 980


def test_unrated_opponents_are_excluded():
    opps = [1400, 1500, 1600, 1450, 1550]
    plain = dwz_update(1500, 10, 15, opps, 4)
    with_none = dwz_update(1500, 10, 15, opps + [None], 4)
    assert with_none.new_rating == plain.new_rating and with_none.games == 5
    # per-game pairs: the win against the unrated opponent is dropped from the total
    pairs = [(1400, 1), (1500, 1), (1600, "½"), (1450, "0.5"), (1550, 1), (None, 1)]
    assert dwz_update(1500, 10, 15, pairs, "5").new_rating == plain.new_rating
    assert dwz_update(1500, 10, 15, pairs, None).new_rating == plain.new_rating


@pytest.mark.parametrize("score", ["4.5", 4.5, Fraction(9, 2), "9/2", "4½"])
def test_score_forms(score):
    # DS12 with every accepted form of the score
    opps = [1948, 1874, 1586, 1658, 1853, 1821, 1697]
    assert dwz_update(1742, 81, 61, opps, score).new_rating == 1776


def test_impossible_input_raises_value_error():
    with pytest.raises(ValueError):
        dwz_update(1500, 10, 30, [1500, 1600], 3)  # 3 points in 2 games
    with pytest.raises(ValueError):
        dwz_update(1500, 10, 30, [1500, 1600], 1, edition="1990")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        dwz_update(1500, 10, 30, [(1500, 1), 1600], 1)


def test_no_rateable_game_gives_no_result():
    res = dwz_update(1500, 10, 30, [None, None], 0)
    assert res.new_rating is None and res.change is None and res.games == 0


def test_logistic_option_is_the_popular_formula():
    # the logistic curve the Wikipedia "Deutsche Wertungszahl" article gives, We = sum 1 /
    # (1 + 10^((Zg - Za)/400)); not the DSB's curve (WO 3.3: the normal distribution)
    opps = [1948, 1874, 1586, 1658, 1853, 1821, 1697]
    res = dwz_update(1742, 81, 61, opps, "4.5", curve="logistic")
    seed = sum(1 / (1 + 10 ** ((o - 1742) / 400)) for o in opps)
    assert abs(float(res.expected) - seed) < 1e-12
    assert res.expected != dwz_update(1742, 81, 61, opps, "4.5").expected


def test_three_decimal_option_rounds_each_game():
    opps = [1948, 1874, 1586, 1658, 1853, 1821, 1697]
    res = dwz_update(1742, 81, 61, opps, "4.5", p_decimals=3)
    assert res.expected == sum(dsb_expected(1742 - o, decimals=3) for o in opps)
    assert (res.expected * 1000).denominator == 1
    assert res.new_rating == 1776  # per-game P to 3 decimals (WO Anhang 2's table) or exact: the same here


def test_steps_show_every_quantity():
    res = dwz_update(1500, 10, 15, [1400, 1500, 1600, 1450, 1550], 4)
    text = "\n".join(res.steps)
    for part in ("Ro = 1500", "We = 2.5000", "E0", "fB = 0.7500", "E = 8", "1592"):
        assert part in text


def test_performance_needs_five_games():
    assert dwz_update(1600, 2, 40, [1500, 1700, 1650], 2).performance is None
    res = dwz_update(1500, 10, 15, [1400, 1500, 1600, 1450, 1550], 4)
    # Rh: the rating at which We = W (WO 3.6)
    assert abs(float(expected_score(res.performance, [1400, 1500, 1600, 1450, 1550]) - 4)) < 0.01


# --- DF2-DF7: classic first DWZ (WO 3.4) ----------------------------------------------------
DF = [
    ("DF2_skillratings_input", [1300, 1540, 1200, 1290, 1400], "3.5", "1505.495", 1505),
    ("DF3_compression", [700, 800, 750, 900, 850], "1", "554.52", 769),
    ("DF4_compression", [1000, 1100, 900, 950, 1050, 1000], "1", "719.28", 790),
    ("DF5_symmetric", [1500, 1600, 1700, 1800, 1900], "2.5", "1700.00", 1700),
]


@pytest.mark.parametrize("vid, opps, w, root, first", DF, ids=[v[0] for v in DF])
@pytest.mark.parametrize("method", ["iteration", "exact"])
def test_classic_first_dwz_vectors(vid, opps, w, root, first, method):
    res = dwz_update(None, None, None, opps, w, first_method=method)
    assert res.first_rating and res.new_rating == first and res.index_after == 1
    if method == "exact":
        assert near(_exact_root(opps, w), root, len(root.split(".")[1]))


def _exact_root(opps, w):
    values, ok = solve_performances({0: opps}, {}, {0: Fraction(w)}, method="exact")
    assert ok
    return values[0]


def test_DF3_DF4_compression_below_800():
    for opps, published in (([700, 800, 750, 900, 850], 769),
                            ([1000, 1100, 900, 950, 1050, 1000], 790)):
        res = dwz_update(None, None, None, opps, 1, first_method="exact")
        ri = _exact_root(opps, 1)
        assert ri < 800 and res.raw_rating == 700 + ri / 8
        assert res.new_rating == published != round_half_away(ri)


def test_DF6_no_first_dwz_at_100_percent():
    res = dwz_update(None, None, None, [1500, 1600, 1700, 1800, 1900], 5)
    assert res.new_rating is None and not res.first_rating
    assert dwz_update(None, None, None, [1500, 1600, 1700, 1800, 1900], 0).new_rating is None


def test_DF7_no_first_dwz_with_four_opponents():
    res = dwz_update(None, None, None, [1500, 1600, 1700, 1800], 2)
    assert res.new_rating is None
    # unrated opponents do not count towards the five
    assert dwz_update(None, None, None, [1500, 1600, 1700, 1800, None], 2).new_rating is None


def test_iteration_ends_next_to_the_solution():
    # WO 3.4.4: start at Rc + D(W/n), move in whole points; DF2 (the exact root 1505.495 -> 1505)
    opps, w = [1300, 1540, 1200, 1290, 1400], Fraction(7, 2)
    values, ok = solve_performances({0: opps}, {}, {0: w})
    ri = values[0]
    assert ok and (ri - Fraction(sum(opps), 5)).denominator == 1  # Rc plus whole points
    misfit = [abs(w - expected_score(ri + d, opps)) for d in (-1, 0, 1)]
    assert misfit[1] == min(misfit)
    assert round_half_away(ri) == 1505


def test_iteration_alternating_steps_keep_the_closer_value():
    # an input (found by search) where the whole-point steps alternate between two values and
    # the loop would stop on the one farther from We = W
    opps, w = [1790, 1990, 1690, 1880, 1600, 1840], Fraction(3)
    values, ok = solve_performances({0: opps}, {}, {0: w})
    ri = values[0]
    misfit = [abs(w - expected_score(ri + d, opps)) for d in (-1, 0, 1)]
    assert ok and misfit[1] == min(misfit)


# --- DK1-DK8: the 2026 K system (see the module's docstring) ---------------------------------
# id, R0, A, i, opponents, W, We, K0, b, a, K, Rn raw, Rn
DK = [
    ("DK1", 1800, 40, 20, [1700, 1900, 1850, 1750, 1800], "3", "2.5000", 28, "1", "0", "28",
     "1814.00", 1814),
    ("DK2_youth_bonus", 1400, 14, 4, [1500, 1450, 1600, 1550], "3", "1.3294", 46, "1", "20",
     "66", "1510.26", 1510),
    ("DK3_Kmax", 1100, 12, 2, [1500, 1600, 1400, 1450, 1550], "4", "0.4254", 60, "1", "30",
     "80", "1385.97", 1386),
    ("DK4_braking", 1300, 50, 12, [1300, 1350, 1250, 1400], "1", "1.8618", 28, "0.875", "0",
     "24.5", "1278.89", 1279),
    ("DK5_junior_bonus", 1500, 23, 7, [1450, 1550, 1500], "2", "1.5000", 40, "1", "4", "44",
     "1522.00", 1522),
    ("DK6_high_group", 2300, 30, 40, [2250, 2350, 2400], "1.5", "1.3618", 25, "1", "0", "25",
     "2303.45", 2303),
    ("DK7_floor", 1101, 60, 30, [1101] * 5, "0", "2.5000", 28, "0.7921", "0", "22.2",
     "1045.50", 1100),
    ("DK8_youth_2000_2199", 2100, 19, 25, [2000, 2050, 2150], "2", "1.6382", 32, "1", "0", "32",
     "2111.58", 2112),
]


@pytest.mark.parametrize("vid, r0, age, index, opps, w, we, k0, b, a, k, raw, rn", DK,
                         ids=[v[0] for v in DK])
def test_2026_vectors(vid, r0, age, index, opps, w, we, k0, b, a, k, raw, rn):
    res = dwz_update(r0, index, age, opps, w, edition="2026")
    assert near(res.expected, we, 4)
    assert res.k0 == k0
    assert near(res.brake_factor, b, 4)
    assert res.bonus == Fraction(a)
    assert res.coefficient == Fraction(k)
    assert near(res.raw_rating, raw, 2)
    assert res.new_rating == rn
    assert res.edition == "2026"


def test_2026_braking_only_below_1600():
    opps = [1700, 1900, 1850, 1750, 1800]  # DK1's games, now losing
    assert dwz_update(1800, 20, 40, opps, 1, edition="2026").brake_factor == 1
    low = dwz_update(1500, 20, 40, [o - 300 for o in opps], 1, edition="2026")
    assert low.brake_factor == Fraction(1500 + 800, 2400)


def test_2026_success_bonus_by_age_and_rating():
    opps = [1450, 1550, 1500]  # DK5's games, W = We
    assert dwz_update(1500, 7, 40, opps, 2, edition="2026").bonus == 4  # a2, adult < 1600
    assert dwz_update(1500, 7, None, opps, 2, edition="2026").bonus == 4  # unknown: adult
    assert dwz_update(1500, 7, 18, opps, 2, edition="2026").bonus == Fraction(500, 30)
    high = [o + 200 for o in opps]
    assert dwz_update(1700, 7, 23, high, 2, edition="2026").bonus == 0  # junior >= 1600
    assert dwz_update(1700, 7, 18, high, 2, edition="2026").bonus == 10  # (2000 - 1700)/30
    assert dwz_update(1500, 7, 40, opps, 1, edition="2026").bonus == 0  # W < We


def test_DK3_K_capped_at_80():
    res = dwz_update(1100, 2, 12, [1500, 1600, 1400, 1450, 1550], 4, edition="2026")
    assert res.coefficient_raw == 90 and res.coefficient == 80


def test_DK7_floor_1100():
    res = dwz_update(1101, 30, 60, [1101] * 5, 0, edition="2026")
    assert res.raw_rating < 1100 and res.new_rating == 1100


def test_2026_K_rounded_to_one_decimal():
    # DK7: K0 * b = 28 * 1901/2400 = 22.178.. -> 22.2
    res = dwz_update(1101, 30, 60, [1101] * 5, 0, edition="2026")
    assert res.coefficient_raw != res.coefficient == Fraction("22.2")


def test_2026_constants_are_configurable():
    tighter = Reform2026(k_max=Fraction(70))
    res = dwz_update(1100, 2, 12, [1500, 1600, 1400, 1450, 1550], 4, edition="2026",
                     constants=tighter)
    assert res.coefficient == 70


@pytest.mark.parametrize("rp, first", [(2100, 2100), (1600, 1632), (1100, 1172), (1000, 1165),
                                       (700, 1146)])
def test_2026_first_dwz_from_performance(rp, first):
    assert round_half_away(dwz_first_2026_from_performance(rp)) == first


def test_2026_first_dwz_uses_performance_and_correction():
    opps, w = [1300, 1540, 1200, 1290, 1400], Fraction(7, 2)  # DF2's games
    reform = dwz_update(None, None, None, opps, w, edition="2026")
    values, _ = solve_performances({0: opps}, {}, {0: w})
    assert reform.raw_rating == dwz_first_2026_from_performance(values[0])
    assert reform.new_rating == round_half_away(reform.raw_rating)
    # classic gives the plain performance (DF2: 1505), 2026 adds 0.08 * (2000 - Rp)
    assert dwz_update(None, None, None, opps, w).new_rating == 1505 < reform.new_rating


def test_2026_first_dwz_at_100_percent_adds_a_fictitious_draw():
    opps = [1500, 1600, 1700, 1800, 1900]
    res = dwz_update(None, None, None, opps, 5, edition="2026")
    rc = Fraction(sum(opps), len(opps))
    assert res.performance == dwz_update(None, None, None, opps + [rc], "5.5",
                                         edition="2026").performance
    assert res.new_rating is not None
    assert dwz_update(None, None, None, opps, 0, edition="2026").new_rating is None


@pytest.mark.parametrize("before, after", [(700, 1100), (999, 1399), (1000, 1400), (1200, 1528),
                                           (1600, 1784), (2000, 2040), (2110, 2110),
                                           (2200, 2200)])
def test_dwz_upgrade_map(before, after):
    assert dwz_upgrade_2026(before) == after


def test_dwz_upgrade_2109_is_unrounded():
    assert dwz_upgrade_2026(2109) == Fraction("2109.76")


# --- edition choice by date -----------------------------------------------------------------

@pytest.mark.parametrize("day, edition", [
    ("2026-06-07", "classic"), ("2026-06-08", "2026"), (dt.date(2026, 6, 8), "2026"),
    ("2025-12-31", "classic"), ("2027/01/01", "2026"), ("08.06.2026", "2026"),
    (dt.datetime(2026, 6, 7, 23, 59), "classic"),
])
def test_dwz_edition_for(day, edition):
    assert dwz_edition_for(day) == edition


# --- property tests -------------------------------------------------------------------------

ratings = st.integers(100, 3000)
opponent_lists = st.lists(st.one_of(ratings, st.none()), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(ratings, st.one_of(st.none(), st.integers(0, 120)), st.one_of(st.none(), st.integers(5, 90)),
       opponent_lists, st.data(), st.sampled_from(["classic", "2026"]))
def test_more_score_never_lowers_the_new_rating(r0, index, age, opps, data, edition):
    n = sum(o is not None for o in opps)
    halves = data.draw(st.integers(0, max(2 * n - 1, 0)))
    lo = dwz_update(r0, index, age, opps, Fraction(halves, 2), edition=edition)
    hi = dwz_update(r0, index, age, opps, Fraction(halves + 1, 2) if n else 0, edition=edition)
    if lo.new_rating is not None and hi.new_rating is not None:
        assert hi.new_rating >= lo.new_rating


@settings(max_examples=100, deadline=None)
@given(st.lists(ratings, min_size=5, max_size=12), st.data(), st.sampled_from(["classic", "2026"]),
       st.sampled_from(["iteration", "exact"]))
def test_first_dwz_monotone_in_score(opps, data, edition, method):
    n = len(opps)
    halves = data.draw(st.integers(1, 2 * n - 2))
    lo = dwz_update(None, None, 30, opps, Fraction(halves, 2), edition=edition,
                    first_method=method)
    hi = dwz_update(None, None, 30, opps, Fraction(halves + 1, 2), edition=edition,
                    first_method=method)
    assert lo.new_rating is not None and hi.new_rating is not None
    assert hi.new_rating >= lo.new_rating
    if edition == "2026":
        assert lo.new_rating >= REFORM_2026.floor


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.none(), ratings), st.one_of(st.none(), st.integers(0, 200)),
       st.one_of(st.none(), st.integers(0, 100)), opponent_lists, st.data(),
       st.sampled_from(["classic", "2026"]), st.sampled_from(["normal", "logistic"]),
       st.sampled_from([None, 3]))
def test_never_raises_for_sane_input(r0, index, age, opps, data, edition, curve, dec):
    n = sum(o is not None for o in opps)
    w = Fraction(data.draw(st.integers(0, 2 * n)), 2)
    res = dwz_update(r0, index, age, opps, w, edition=edition, curve=curve, p_decimals=dec)
    assert isinstance(res, DwzResult)
    if res.new_rating is not None and edition == "2026":
        assert res.new_rating >= 1100
    if res.new_rating is not None and r0 is not None and edition == "classic":
        assert 5 <= res.coefficient <= 150


# --- whole tournaments (rate_tournament, system="dwz") ------------------------------------------

def _tournament(table, ratings, end="2025-05-01", birth=None, extra=None):
    """A tournament from {(a, b): result of a} (result 1, "=", 0 or a Kind for unplayed)."""
    players = {k: Player(start_rank=k, rating=r, birth=(birth or {}).get(k, ""))
               for k, r in ratings.items()}
    rounds: dict[int, int] = {k: 0 for k in ratings}
    for (a, b), res in table.items():
        rnd = max(rounds[a], rounds[b]) + 1
        rounds[a] = rounds[b] = rnd
        for me, other, mine in ((a, b, res), (b, a, _flip(res))):
            code, kind = mine
            while len(players[me].games) < rnd - 1:
                players[me].games.append(Game(len(players[me].games) + 1, None, None, " ",
                                              Kind.ABSENT))
            players[me].games.append(Game(rnd, other, "w" if me == a else "b", code, kind))
    for k, cells in (extra or {}).items():
        players[k].games.extend(cells)
    return Tournament(header=Header(end_date_iso=end), players=list(players.values()))


WIN, DRAW, LOSS = ("1", Kind.WIN), ("=", Kind.DRAW), ("0", Kind.LOSS)
FWIN = ("+", Kind.FORFEIT_WIN)


def _flip(res):
    return {WIN: LOSS, LOSS: WIN, DRAW: DRAW, FWIN: ("-", Kind.FORFEIT_LOSS)}[res]


def test_tournament_established_players_match_dwz_update():
    # DS12's games as a tournament: the player and his seven opponents
    opps = [1948, 1874, 1586, 1658, 1853, 1821, 1697]
    results = [WIN, DRAW, WIN, LOSS, DRAW, DRAW, WIN]  # 4.5 points
    table = {(1, k + 2): results[k] for k in range(7)}
    t = _tournament(table, {1: 1742, **{k + 2: o for k, o in enumerate(opps)}})
    players, msgs = parse_players_csv("start_rank,dwz,birth_year\n1,1742-81,1964\n")
    assert not msgs
    out = rate_tournament(t, "dwz", players)
    assert out[1].new_rating == 1776 and out[1].edition == "classic"
    assert out[1].index_after == 82
    # opponents: FIDE rating used as DWZ with index 6 (WO 4.1.2), one game each
    assert out[2].index_before == 6
    assert out[2].new_rating == dwz_update(1948, 6, None, [1742], 0).new_rating


def test_tournament_excludes_forfeits_and_byes():
    opps = [1400, 1500, 1600, 1450, 1550]
    table = {(1, k + 2): r for k, r in enumerate([WIN, WIN, DRAW, DRAW, WIN])}
    table[(1, 7)] = FWIN
    ratings = {1: 1500, **{k + 2: o for k, o in enumerate(opps)}, 7: 1800}
    bye = {1: [Game(7, None, None, "U", Kind.PAB), Game(8, None, None, "H", Kind.HALF_BYE)]}
    t = _tournament(table, ratings, birth={1: "2010/01/01"}, extra=bye)
    players, _ = parse_players_csv("start_rank;dwz;index\n1;1500;10\n")
    out = rate_tournament(t, "dwz", players)
    # DS1: age 15 (2025 - 2010), index 10, 4 points in 5 played games
    assert out[1].games == 5 and out[1].score == 4 and out[1].new_rating == 1592
    assert out[7].new_rating is None  # his only game was a forfeit


def test_tournament_unplayed_under_one_move_is_not_rated():
    table = {(1, k + 2): WIN for k in range(5)}
    t = _tournament(table, {1: 1500, 2: 1400, 3: 1500, 4: 1600, 5: 1450, 6: 1550})
    t.players[0].games[0] = Game(1, 2, "w", "W", Kind.WIN)  # TRF "W": played, not rated
    out = rate_tournament(t, "dwz")
    assert out[1].games == 4


def _newcomer_event():
    """Two unrated players: 7 reaches five rated opponents (stage 1), 8 only with 7 (stage 2)."""
    est = {1: 1500, 2: 1600, 3: 1700, 4: 1800, 5: 1900, 6: 1650}
    table = {(7, 1): WIN, (7, 2): DRAW, (7, 3): LOSS, (7, 4): DRAW, (7, 5): LOSS,
             (8, 1): DRAW, (8, 2): WIN, (8, 3): LOSS, (8, 6): DRAW, (8, 7): WIN,
             (9, 1): WIN, (9, 2): WIN, (9, 3): WIN, (9, 4): WIN, (9, 5): WIN}
    return _tournament(table, {**est, 7: None, 8: None, 9: None}), est


def test_tournament_first_dwz_stages_and_gesamtiteration():
    t, est = _newcomer_event()
    out = rate_tournament(t, "dwz", first_method="exact")
    assert out[7].first_rating and "stage 1" in "\n".join(out[7].steps)
    assert out[8].first_rating and "stage 2" in "\n".join(out[8].steps)
    # 9 scored 100 %: no first DWZ in the classic WO, and his games do not count for others
    assert out[9].new_rating is None
    assert out[1].games == 2  # against 7 and 8, not 9
    # solved together: 7 and 8 each reach We = W against the other's value (unrounded)
    v7, v8 = out[7].performance, out[8].performance
    fixed7 = [est[k] for k in (1, 2, 3, 4, 5)]
    fixed8 = [est[k] for k in (1, 2, 3, 6)]
    values, ok = solve_performances({7: fixed7, 8: fixed8}, {7: [8], 8: [7]},
                                    {7: 2, 8: 3}, method="exact")
    assert ok and (round_half_away(values[7]), round_half_away(values[8])) == (v7, v8)
    assert abs(float(expected_score(values[7], fixed7 + [values[8]])) - 2) < 1e-6
    # an established opponent is rated against the newcomers' new first DWZ
    pairs = [(out[7].new_rating, 0), (out[8].new_rating, Fraction(1, 2))]
    assert out[1].new_rating == dwz_update(1500, 6, None, pairs, None).new_rating


def test_tournament_2026_first_dwz_at_100_percent():
    t, _ = _newcomer_event()
    out = rate_tournament(t, "dwz", edition="2026")
    assert out[9].new_rating is not None and out[9].edition == "2026"
    assert out[1].edition == "2026"


def test_tournament_edition_follows_end_date():
    t, _ = _newcomer_event()
    t.header.end_date_iso = "2026-06-08"
    assert rate_tournament(t, "dwz")[1].edition == "2026"
    t.header.end_date_iso = "2026-06-07"
    assert rate_tournament(t, "dwz")[1].edition == "classic"
    assert rate_tournament(t, "dwz", edition="2026")[1].edition == "2026"


def test_tournament_ausnahmespieler():
    # player 1 (DWZ 1200) scores 4.5/5 against 1800s: performance far above 1500 (WO 3.6)
    opps = {2: 1800, 3: 1850, 4: 1750, 5: 1800, 6: 1820}
    results = [WIN, WIN, WIN, WIN, DRAW]
    table = {(1, k): r for k, r in zip(opps, results)}
    t = _tournament(table, {1: 1200, **opps})
    players, _ = parse_players_csv("start_rank,dwz,index\n1,1200,5\n")
    out = rate_tournament(t, "dwz", players)
    perf = out[1].performance
    assert perf - 1200 > 300
    assert "Ausnahmespieler" in "\n".join(out[1].steps)
    # his opponents are rated as if he had his performance, he himself from 1200
    assert out[2].new_rating == dwz_update(1800, 6, None, [perf], 0).new_rating
    assert out[1].new_rating == dwz_update(1200, 5, None, list(opps.values()), "4.5").new_rating
    off = rate_tournament(t, "dwz", players, exception_players=False)
    assert off[2].new_rating == dwz_update(1800, 6, None, [1200], 0).new_rating
    assert off[2].new_rating != out[2].new_rating


def test_tournament_national_rating_and_csv_priority():
    from trfscore.records import NationalRecord

    table = {(1, k + 2): r for k, r in enumerate([WIN, WIN, DRAW, DRAW, WIN])}
    opps = [1400, 1500, 1600, 1450, 1550]
    t = _tournament(table, {1: 2000, **{k + 2: o for k, o in enumerate(opps)}})
    t.players[0].national["GER"] = NationalRecord("GER", 1, rating=1500)
    out = rate_tournament(t, "dwz")
    assert out[1].old_rating == 1500 and "national" in out[1].steps[0]
    csv, _ = parse_players_csv("start_rank,dwz\n1,1600\n")
    assert rate_tournament(t, "dwz", csv)[1].old_rating == 1600
    # without DWZ, national rating or (with the option off) FIDE rating: unrated
    t.players[0].national.clear()
    assert rate_tournament(t, "dwz", fide_as_dwz=False)[1].old_rating is None


def test_tournament_never_raises_on_odd_data():
    t = _tournament({(1, 2): WIN}, {1: None, 2: None},
                    extra={1: [Game(2, 99, "w", "1", Kind.WIN)]})  # opponent not in the file
    t.header.end_date_iso = None
    out = rate_tournament(t, "dwz")
    assert out[1].new_rating is None and out[2].new_rating is None
