"""Tables and exact-number helpers of trfscore.ratings.

Values are from FIDE Handbook B.02 (table 8.1.2 PD, table 8.1.1 dp, 8.3.4 rounding .5 away from
zero) and, for the DSB, from P(D) = 1/2 (1 + erf(D/400)) of the Wertungsordnung (WO 3.3, the value
table of its Anhang 2), evaluated here to 3 and 4 decimals beside the logistic 1/(1 + 10^(-D/400)).
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfscore.ratings.numbers import as_fraction, fmt, round_half_away, round_to
from trfscore.ratings.tables import (
    dsb_difference,
    dsb_difference_table,
    dsb_expected,
    fide_dp,
    fide_expected,
    round_percentage,
)

# --- rounding (B.02 8.3.4: .5 away from zero; Python's round() is banker's) ------------------

@pytest.mark.parametrize("value, expected", [
    (Fraction(5, 2), 3), (Fraction(-5, 2), -3), (Fraction(1, 2), 1), (Fraction(-1, 2), -1),
    (Fraction(7, 2), 4), ("2452.5", 2453), ("2810.5", 2811), (Fraction(2499, 1000), 2),
    (Fraction(-2499, 1000), -2), (0, 0),
])
def test_round_half_away(value, expected):
    assert round_half_away(value) == expected


def test_round_half_away_differs_from_builtin_round():
    # round() gives 2452 for 2452.5 where FIDE (8.3.4) gives 2453
    assert round(2452.5) == 2452
    assert round_half_away(Fraction(24525, 10)) == 2453


def test_round_to_one_and_two_decimals():
    assert round_to(Fraction(2218, 100), 1) == Fraction(222, 10)  # DK7: K 22.18 -> 22.2
    assert round_to(Fraction(4, 7), 2) == Fraction(57, 100)  # FS7: 4/7 -> .57
    assert round_to(Fraction(11, 14), 2) == Fraction(79, 100)  # FS8: 5.5/7 -> .79
    assert round_to(Fraction(-5, 1000), 2) == Fraction(-1, 100)


@given(st.fractions(min_value=-10 ** 6, max_value=10 ** 6))
def test_round_half_away_is_odd_and_nearest(x):
    r = round_half_away(x)
    assert round_half_away(-x) == -r
    assert abs(x - r) <= Fraction(1, 2)


@pytest.mark.parametrize("value, expected", [
    ("4.5", Fraction(9, 2)), ("4,5", Fraction(9, 2)), ("9/2", Fraction(9, 2)),
    ("4½", Fraction(9, 2)), ("½", Fraction(1, 2)), (4.5, Fraction(9, 2)), (0.1, Fraction(1, 10)),
    (Decimal("2.5"), Fraction(5, 2)), (3, Fraction(3)), (Fraction(7, 2), Fraction(7, 2)),
])
def test_as_fraction_accepts_every_score_form(value, expected):
    assert as_fraction(value) == expected


@pytest.mark.parametrize("value", ["abc", "", float("nan"), float("inf"), True, None, [1]])
def test_as_fraction_rejects_garbage(value):
    with pytest.raises(ValueError):
        as_fraction(value)


def test_fmt():
    assert fmt(Fraction(61, 25), 2) == "2.44"
    assert fmt(Fraction(-2394, 25), 2) == "-95.76"
    assert fmt(1592) == "1592"
    assert fmt(None) == "-"


# --- FIDE B.02 table 8.1.2 -------------------------------------------------------------------

@pytest.mark.parametrize("diff, pd", [
    (0, "0.50"), (3, "0.50"), (4, "0.51"), (10, "0.51"), (11, "0.52"), (100, "0.64"),
    (150, "0.70"), (190, "0.75"), (200, "0.76"), (302, "0.85"), (303, "0.86"),
    (400, "0.92"), (450, "0.94"), (500, "0.96"), (735, "0.99"), (736, "1"), (2000, "1"),
    (-100, "0.36"), (-200, "0.24"), (-190, "0.25"), (-400, "0.08"),
])
def test_fide_expected_table(diff, pd):
    assert fide_expected(diff) == Fraction(pd)


@given(st.integers(-1000, 1000), st.integers(0, 50))
def test_fide_expected_monotone_and_symmetric(d, step):
    assert fide_expected(d) <= fide_expected(d + step)
    assert fide_expected(d) + fide_expected(-d) == 1


# --- FIDE B.02 table 8.1.1 -------------------------------------------------------------------

@pytest.mark.parametrize("p, dp", [
    ("1", 800), ("0.99", 677), ("0.79", 230), ("0.75", 193), ("0.71", 158), ("0.67", 125),
    ("0.57", 50), ("0.51", 7), ("0.5", 0), ("0.29", -158), ("0.43", -50), ("0", -800),
])
def test_fide_dp_table(p, dp):
    assert fide_dp(p) == dp


def test_fide_dp_rounds_p_to_two_decimals_first():
    assert round_percentage(Fraction(2, 3)) == Fraction(67, 100)  # FS12: 6/9 -> .67
    assert fide_dp(Fraction(2, 3)) == 125
    assert fide_dp(Fraction(2, 7)) == -158  # FS10: .2857 -> .29


def test_fide_dp_rejects_out_of_range():
    with pytest.raises(ValueError):
        fide_dp(Fraction(11, 10))


@given(st.fractions(0, 1), st.fractions(0, 1))
def test_fide_dp_monotone(p, q):
    lo, hi = sorted((p, q))
    assert fide_dp(lo) <= fide_dp(hi)


# --- DSB normal curve (WO 3.3, Anhang 2) ------------------------------------------------------

@pytest.mark.parametrize("diff, p3, logistic4", [
    (0, "0.500", "0.5000"), (4, "0.506", "0.5058"), (50, "0.570", "0.5715"),
    (100, "0.638", "0.6401"), (150, "0.702", "0.7034"), (200, "0.760", "0.7597"),
    (300, "0.856", "0.8490"), (400, "0.921", "0.9091"), (500, "0.961", "0.9468"),
    (600, "0.983", "0.9693"), (728, "0.995", "0.9851"),
])
def test_dsb_expected_reference_values(diff, p3, logistic4):
    assert dsb_expected(diff, decimals=3) == Fraction(p3)
    assert round_to(dsb_expected(diff), 3) == Fraction(p3)
    assert round_to(dsb_expected(diff, curve="logistic"), 4) == Fraction(logistic4)
    # P(-D) = 1 - P(D), for the rounded table as well
    assert dsb_expected(-diff, decimals=3) == 1 - Fraction(p3)


def test_dsb_normal_and_logistic_differ_in_the_tails():
    # at D = 400 the normal curve gives 1/2 (1 + erf(1)) = .9214, the logistic 1/(1 + 10^-1) = .9091
    assert round_to(dsb_expected(400), 4) == Fraction("0.9214")
    assert dsb_expected(400) != dsb_expected(400, curve="logistic")


def test_dsb_has_no_400_cap():
    assert dsb_expected(600) > dsb_expected(400)


def test_dsb_unknown_curve():
    with pytest.raises(ValueError):
        dsb_expected(10, curve="cauchy")  # type: ignore[arg-type]


@given(st.integers(-3000, 3000))
def test_dsb_expected_symmetric_and_inverse(d):
    p = dsb_expected(d)
    assert p + dsb_expected(-d) == 1
    if Fraction(1, 10 ** 9) < p < 1 - Fraction(1, 10 ** 9):
        assert abs(dsb_difference(p) - d) < 1e-3


@given(st.integers(-3000, 3000), st.integers(1, 200))
def test_dsb_expected_monotone(d, step):
    assert dsb_expected(d) <= dsb_expected(d + step)
    if -1000 <= d <= 1000:  # beyond, double precision saturates
        assert dsb_expected(d) < dsb_expected(d + step)


def test_dsb_difference_table_whole_points():
    assert dsb_difference_table(Fraction(1, 2)) == 0
    assert dsb_difference_table(Fraction("0.638")) == 100  # P(100) = 1/2 (1 + erf(1/4)) = .638
    assert dsb_difference_table(Fraction("0.362")) == -100
    # three decimals: 0.5004 is read as 0.500
    assert dsb_difference_table(Fraction("0.5004")) == 0
    # the ends of the table: p is clamped to .001 .. .999
    assert dsb_difference_table(Fraction(1)) == dsb_difference_table(Fraction("0.999"))
    assert dsb_difference_table(Fraction(-1, 2)) == -dsb_difference_table(Fraction("0.999"))
