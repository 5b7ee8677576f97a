"""Tables and exact-number helpers of trfscore.ratings.

Values are from FIDE Handbook B.02 (table 8.1.2 PD, table 8.1.1 dp, 8.3.4 rounding .5 away from
zero) and, for the DSB, from P(D) = 1/2 (1 + erf(D/400)) of the Wertungsordnung (WO 3.3, the value
table of its Anhang 2), evaluated here to 3 and 4 decimals beside the logistic 1/(1 + 10^(-D/400)).
"""
from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfscore.ratings.numbers import as_fraction, fmt, round_half_away, round_ratio, round_to
from trfscore.ratings.tables import (
    dsb_difference,
    dsb_difference_table,
    dsb_expected,
    fide_dp,
    fide_dp_hundredths,
    fide_expected,
    fide_pd_hundredths,
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


# --- the whole of both FIDE tables, in the form B.02 prints them ------------------------------
# Table 8.1.2 as the regulations print it: "|D| from-to -> PD of the higher-rated player" (the
# lower-rated player gets 1 - PD), every range; the module keeps only the upper ends.
FIDE_812_PRINTED = """
0-3 .50 | 4-10 .51 | 11-17 .52 | 18-25 .53 | 26-32 .54 | 33-39 .55 | 40-46 .56 | 47-53 .57
54-61 .58 | 62-68 .59 | 69-76 .60 | 77-83 .61 | 84-91 .62 | 92-98 .63 | 99-106 .64 | 107-113 .65
114-121 .66 | 122-129 .67 | 130-137 .68 | 138-145 .69 | 146-153 .70 | 154-162 .71 | 163-170 .72
171-179 .73 | 180-188 .74 | 189-197 .75 | 198-206 .76 | 207-215 .77 | 216-225 .78 | 226-235 .79
236-245 .80 | 246-256 .81 | 257-267 .82 | 268-278 .83 | 279-290 .84 | 291-302 .85 | 303-315 .86
316-328 .87 | 329-344 .88 | 345-357 .89 | 358-374 .90 | 375-391 .91 | 392-411 .92 | 412-432 .93
433-456 .94 | 457-484 .95 | 485-517 .96 | 518-559 .97 | 560-619 .98 | 620-735 .99
"""
# Table 8.1.1 as printed: "p dp", p from 1.00 down to .50 (dp(p) = -dp(1 - p) below .50).
FIDE_811_PRINTED = """
1.00 800 | .99 677 | .98 589 | .97 538 | .96 501 | .95 470 | .94 444 | .93 422 | .92 401 | .91 383
.90 366 | .89 351 | .88 336 | .87 322 | .86 309 | .85 296 | .84 284 | .83 273 | .82 262 | .81 251
.80 240 | .79 230 | .78 220 | .77 211 | .76 202 | .75 193 | .74 184 | .73 175 | .72 166 | .71 158
.70 149 | .69 141 | .68 133 | .67 125 | .66 117 | .65 110 | .64 102 | .63 95 | .62 87 | .61 80
.60 72 | .59 65 | .58 57 | .57 50 | .56 43 | .55 36 | .54 29 | .53 21 | .52 14 | .51 7 | .50 0
"""


def _printed(table: str) -> list[list[str]]:
    return [cell.split() for cell in table.replace("\n", " | ").split("|") if cell.strip()]


def test_every_range_of_table_8_1_2_at_both_ends_and_both_sides():
    ranges = _printed(FIDE_812_PRINTED)
    assert len(ranges) == 50
    for span, pd in ranges:
        low, high = (int(x) for x in span.split("-"))
        for d in (low, high):
            assert fide_pd_hundredths(d) == round(float(pd) * 100), d
            assert fide_pd_hundredths(-d) == 100 - round(float(pd) * 100), -d
            assert fide_expected(d) == Fraction(pd)
    assert fide_pd_hundredths(736) == 100 and fide_pd_hundredths(-736) == 0  # "> 735: 1.00"


def test_every_entry_of_table_8_1_1_and_its_mirror():
    entries = _printed(FIDE_811_PRINTED)
    assert len(entries) == 51
    for p, dp in entries:
        hundredths = round(float(p) * 100)
        assert fide_dp_hundredths(hundredths) == int(dp)
        assert fide_dp_hundredths(100 - hundredths) == -int(dp)
        assert fide_dp(Fraction(p)) == int(dp)


def test_dsb_difference_inverts_the_expected_score():
    # D(P) is P(D)'s inverse (WO 3.3, Anhang 2): P(D(p)) gives p back, on both curves, and D(.5) = 0.
    for p in (Fraction(1, 1000), Fraction(1, 4), Fraction(1, 2), Fraction(638, 1000), Fraction(999, 1000)):
        for curve in ("normal", "logistic"):
            d = dsb_difference(p, curve=curve)
            assert abs(float(dsb_expected(d, curve=curve)) - float(p)) < 1e-9, (p, curve)
    assert dsb_difference(Fraction(1, 2)) == 0.0
    # the logistic curve in closed form: D(3/4) = 400 log10(3)
    assert abs(dsb_difference(Fraction(3, 4), curve="logistic") - 400 * math.log10(3)) < 1e-9
    for bad in (0, 1, Fraction(3, 2), -1):
        with pytest.raises(ValueError, match="strictly between 0 and 1"):
            dsb_difference(bad)


def test_dsb_difference_table_clamps_to_the_ends_of_the_table():
    # 0.001 is the lowest p of Anhang 2.2: it keeps its own value and anything lower takes it
    assert dsb_difference_table(Fraction(1, 1000)) == round_half_away(Fraction(dsb_difference(Fraction(1, 1000))))
    assert dsb_difference_table(0) == dsb_difference_table(Fraction(1, 1000)) == -dsb_difference_table(Fraction(999, 1000))
    assert dsb_difference_table(Fraction(2, 1000)) != dsb_difference_table(Fraction(1, 1000))
    assert dsb_difference_table(Fraction(3, 4), curve="logistic") == round_half_away(Fraction(400 * math.log10(3)))


def test_as_fraction_drops_blanks_inside_a_number():
    assert as_fraction("1 000") == 1000
    assert as_fraction(" 4 ½ ") == Fraction(9, 2)
    assert as_fraction("4,5") == Fraction(9, 2)


def test_fide_pd_upper_is_the_printed_table():
    # the exported upper ends (the table the lookup is built from at import), read off the module
    from trfscore.ratings import tables

    ranges = _printed(FIDE_812_PRINTED)
    assert fide_pd_hundredths(0) == 50  # (a call into the module: the mutation tool runs this test for its constants)
    assert tables.FIDE_PD_UPPER == tuple((int(span.split("-")[1]), round(float(pd) * 100)) for span, pd in ranges)


def test_dsb_difference_table_reads_p_to_three_decimals():
    # 0.5006 is read as 0.501 (Anhang 2.2 has three decimals): D(0.501) = 0.71 rounds to 1, while
    # D(0.5006) = 0.43 would round to 0
    assert round_half_away(Fraction(dsb_difference(Fraction("0.501")))) == 1
    assert round_half_away(Fraction(dsb_difference(Fraction("0.5006")))) == 0
    assert dsb_difference_table(Fraction("0.5006")) == 1


@pytest.mark.parametrize("den", [1, 2, 3, 4, 7, 10])
def test_round_ratio_is_round_half_away_in_integers(den):
    for num in range(-3 * den, 3 * den + 1):
        assert round_ratio(num, den) == round_half_away(Fraction(num, den)), (num, den)
    assert (round_ratio(5, 2), round_ratio(-5, 2), round_ratio(1, 2), round_ratio(-1, 2)) == (3, -3, 1, -1)
