"""FIDE Elo (Handbook B.02, the text in force from 1 March 2024 with the 1 October 2025
amendment): each rule at its boundary, on both sides.

* 8.3.3 K: 40 while fewer than 30 games are rated, 40 up to the end of the year of the 18th
  birthday while below 2300, 10 once 2400 has been reached, else 20; K x n at most 700.
* 8.3.1: a rating difference over 400 counts as 400, not from 1 October 2025 for a player rated
  2650 or more.
* 8.2 first rating: at least 5 games against rated opponents and a score above zero; two
  hypothetical draws against 1800; at most 2200; below 1400 not published (also for an
  established player's new rating, from 1 March 2024).

Expected scores come from table 8.1.2 and dp from table 8.1.1 (``trfscore.ratings.tables``,
pinned in test_tables.py).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.ratings.fide import fide_k, fide_performance, fide_update, fide_uplift_2024
from trfscore.ratings.tables import fide_dp_hundredths, fide_pd_hundredths

F = Fraction


@pytest.mark.parametrize(("rating", "options", "k", "reason"), [
    (2000, dict(games_before=29), 40, "K = 40: 29 games rated before, fewer than 30"),
    (2500, dict(games_before=29), 40, "K = 40: 29 games rated before, fewer than 30"),
    (2000, dict(games_before=30), 20, "K = 20: below 2400"),
    (2299, dict(birth_year=2008, year=2026), 40, "K = 40: junior (year 2026 - birth 2008 <= 18) below 2300"),
    (2300, dict(birth_year=2008, year=2026), 20, "K = 20: below 2400"),
    (2299, dict(birth_year=2007, year=2026), 20, "K = 20: below 2400"),
    (2399, {}, 20, "K = 20: below 2400"),
    (2400, {}, 10, "K = 10: 2400 reached"),
    (2300, dict(reached_2400=True), 10, "K = 10: 2400 reached"),
])
def test_k_boundaries(rating, options, k, reason):
    assert fide_k(rating, **options) == (k, reason)


def test_junior_year_comes_from_the_period():
    # born 2008: 18 in 2026 (K 40), 19 in 2027 (K 20)
    assert fide_update(2000, [2000], 1, birth_year=2008, period=2026).coefficient == 40
    assert fide_update(2000, [2000], 1, birth_year=2008, period="2027-01-15").coefficient == 20


@pytest.mark.parametrize(("games", "k"), [(17, 40), (18, 38), (35, 20)])
def test_k_times_n_at_most_700(games, k):
    # K 40 (no games before): 40 x 17 = 680 stays; 40 x 18 = 720 > 700 -> 700 // 18 = 38;
    # 40 x 35 = 1400 -> 20.
    res = fide_update(2000, [2000] * games, F(games, 2), games_before=0)
    assert res.coefficient == k
    assert res.k_reason.endswith("fewer than 30" if k == 40 else f"; K*n = 40*{games} > 700 -> K = {k}")


def test_400_point_rule():
    # 2000 against 2401 (difference -401, counted as -400) and 2400 (-400, as it is)
    res = fide_update(2000, [2401, 2400], 1)
    assert res.capped_games == 1
    assert res.expected == F(2 * fide_pd_hundredths(-400), 100)
    # We = 2 x 0.08 (table 8.1.2 at -400) = 0.16; change = 20 x (1 - 0.16) = 16.8 -> 17
    assert fide_pd_hundredths(-400) == 8 and res.change == 17
    assert res.steps[2] == f"We = {float(res.expected):.2f} (1 difference(s) capped at 400)"


@pytest.mark.parametrize(("rating", "period", "capped"), [(2650, "2025-10-01", 0), (2650, "2025-09-30", 1),
                                                          (2649, "2025-10-01", 1), (2650, None, 0)])
def test_2650_exemption_from_october_2025(rating, period, capped):
    res = fide_update(rating, [2200], 1, period=period)
    assert res.capped_games == capped
    assert res.expected == F(fide_pd_hundredths(400 if capped else rating - 2200), 100)
    assert res.steps[2].endswith("(1 difference(s) capped at 400)" if capped else "(rated 2650+: no 400 cap)")


@pytest.mark.parametrize(("period", "capped"), [("01.10.2025", 0), ("30.09.2025", 1), ("25/10/01", 0), ("25/09/30", 1)])
def test_the_period_is_read_as_the_dwz_end_date_is(period, capped):
    # one date reader for both systems (ratings.event.as_date): DD.MM.YYYY, and YY/MM/DD as 20YY
    assert fide_update(2650, [2200], 1, period=period).capped_games == capped


def test_a_date_is_read_in_each_written_form():
    import datetime as dt

    from trfscore.ratings.event import as_date

    assert as_date("2026-07") == as_date("2026/07") == dt.date(2026, 7, 1)  # a month alone: its 1st
    assert as_date("2026") == as_date(2026) == dt.date(2026, 12, 31)  # a year alone: its last day
    assert as_date("08.06.2026") == as_date("26/06/08") == as_date("2026.06.08") == dt.date(2026, 6, 8)
    assert as_date("0100-01-01") == dt.date(100, 1, 1)  # only a two-digit year is 20YY
    assert as_date(dt.datetime(2026, 6, 7, 23, 59)) == dt.date(2026, 6, 7)


def test_change_and_new_rating():
    # 2000 against 2000 and 2100, 1.5 points, K 20: We = PD(0) + PD(-100) from table 8.1.2,
    # change = 20 x (1.5 - We) rounded half away from zero.
    res = fide_update(2000, [2000, 2100], F(3, 2))
    we = F(fide_pd_hundredths(0) + fide_pd_hundredths(-100), 100)
    change = 20 * (F(3, 2) - we)
    assert res.expected == we and res.change == int(change + F(1, 2)) and res.new_rating == 2000 + res.change
    assert res.opponent_average == 2050 and res.games == 2
    assert res.steps[-1] == f"change = K*(W - We) = 20*(1.5 - {float(we):.2f}) = {float(change):.2f} -> {res.change:+d}; " \
                            f"Rn = {res.new_rating}"


@pytest.mark.parametrize(("period", "published"), [(None, False), ("2024-03-01", False), ("2024-02-29", True)])
def test_floor_1400_from_march_2024(period, published):
    # 1410 losing two games against 1410: 20 x (0 - 1) = -20 -> 1390
    res = fide_update(1410, [1410, 1410], 0, period=period)
    assert res.published is published
    assert (res.new_rating, res.change) == ((1390, -20) if published else (None, None))
    assert ("new rating 1390 below the floor 1400: listed as unrated" in res.notes) is not published


def test_no_rated_game_leaves_the_rating():
    res = fide_update(1800, [(None, 1), (None, 0)], None)
    assert (res.new_rating, res.change, res.games) == (None, None, 0)
    assert "no rated game: rating unchanged" in res.notes


def test_first_rating_needs_five_games_and_a_score():
    assert "no first rating: 4 game(s) against rated opponents, 5 needed (8.2)" in fide_update(None, [1800] * 4, 2).notes
    assert "no first rating: a zero score is disregarded (8.2)" in fide_update(None, [1800] * 5, 0).notes
    assert fide_update(None, [1800] * 5, 0).new_rating is None


def test_first_rating_with_two_hypothetical_draws():
    # 5 x 1800, 2.5 points: with two draws against 1800, Ra = 1800, p = 3.5/7 = 0.50, dp 0: 1800
    res = fide_update(None, [1800] * 5, F(5, 2))
    assert (res.new_rating, res.first_rating, res.published) == (1800, True, True)
    # 5 x 1700, 3 points: Ra = (8500 + 3600)/7, p = 4/7 = 0.5714 -> 0.57, dp(0.57) from table 8.1.1
    res = fide_update(None, [1700] * 5, 3)
    raw = F(8500 + 3600, 7) + fide_dp_hundredths(57)
    assert res.raw_rating == raw and res.new_rating == int(raw + F(1, 2))


def test_first_rating_at_most_2200_and_unpublished_below_1400():
    # 5 x 2400, 5 points: Ra = (12000 + 3600)/7 = 2228.57, p = 6/7 -> 0.86: above 2200
    res = fide_update(None, [2400] * 5, 5)
    assert res.new_rating == 2200 and res.raw_rating == F(15600, 7) + fide_dp_hundredths(86)
    assert res.steps[-1] == "capped at the maximum initial rating 2200"
    # 5 x 1400, 0.5 points: Ra = (7000 + 3600)/7, p = 1.5/7 -> 0.21: 1284, not published
    res = fide_update(None, [1400] * 5, F(1, 2))
    assert round(F(10600, 7) + fide_dp_hundredths(21)) == 1284
    assert (res.new_rating, res.published) == (None, False)
    assert "initial rating 1284 below 1400: not published" in res.notes


def test_performance():
    # Rp = Ra + dp(p): 1500 and 1700, 1.5 of 2 = 0.75
    assert fide_performance([1500, 1700], F(3, 2)) == 1600 + fide_dp_hundredths(75)
    assert fide_performance([], 0) is None


@pytest.mark.parametrize(("before", "after"), [(1000, 1400), (1500, 1700), (1999, 1999), (2000, 2000), (2500, 2500)])
def test_uplift_2024(before, after):
    # R + 0.4 x (2000 - R) below 2000, rounded: 1999 + 0.4 = 1999.4 -> 1999
    assert fide_uplift_2024(before) == after


def test_boundaries_at_equality():
    # a difference of exactly +400 is not capped; K x n = 20 x 35 = 700 is allowed (no note);
    # a new rating of exactly 1400 is published; a given K of 701 for one game is cut to 700.
    res = fide_update(2400, [2000], 1)
    assert (res.capped_games, res.steps[2]) == (0, f"We = {fide_pd_hundredths(400) / 100:.2f}")
    assert fide_update(2000, [2000] * 35, F(35, 2)).k_reason == "K = 20: below 2400"
    assert (fide_update(1420, [1420, 1420], 0).new_rating, fide_update(1420, [1420, 1420], 0).published) == (1400, True)
    assert fide_update(2000, [2000], 1, k=701).coefficient == 700


def test_first_rating_steps():
    # 5 x 1700, 3 points: Ra = (8500 + 3600)/7 = 1728.57, p = 4/7 = 0.5714 -> 0.57, dp(0.57);
    # Ru = Ra + dp rounded
    dp = fide_dp_hundredths(57)
    raw = F(12100, 7) + dp
    res = fide_update(None, [1700] * 5, 3)
    assert res.steps == ("Ro = unrated", "n = 5, W = 3, Ra = 1700",
                         f"with 2 draws vs 1800: Ra = 1728.57, p = 4/7 = 0.5714 -> 0.57, dp = {dp}, "
                         f"Ru = {float(raw):.2f} -> {round(raw)}")
    assert (res.k_reason, res.notes) == ("first rating", ())
    # before 1 March 2024 the note says which rule was used; from that day it does not
    note = "period before 1 March 2024: the 2024 first-rating rule was applied"
    assert fide_update(None, [1700] * 5, 3, period="2024-02-29").notes == (note,)
    assert fide_update(None, [1700] * 5, 3, period="2024-03-01").notes == ()


@pytest.mark.parametrize(("period", "exempt"), [
    ("2025/10/01", True), ("2025.09.30", False), ("2025-10", True), ("2025-09", False), (2025, True), ("2025", True),
    (2024, False), ("2024", False),
])
def test_period_forms(period, exempt):
    # the 2650 exemption from 1 October 2025; a year alone means its 31 December, a month its 1st
    assert fide_update(2700, [2200], 1, period=period).capped_games == (0 if exempt else 1)


def test_unknown_options_and_impossible_scores():
    with pytest.raises(TypeError, match="fide_update\\(\\) got an unexpected keyword argument 'aa'"):
        fide_update(2000, [2000], 1, zz=1, aa=2)
    from trfscore.ratings.fide import fide_evaluate

    with pytest.raises(TypeError, match="fide_evaluate\\(\\) got an unexpected keyword argument 'bb'"):
        fide_evaluate(2000, [2000], F(1), [], bb=1)
    with pytest.raises(ValueError, match="fractional score out of range"):
        fide_performance([1500], 2)


def test_more_boundaries_and_texts():
    # +400 and +401 together: only the second is capped
    assert fide_update(2400, [2000, 1999], 1).capped_games == 1
    with pytest.raises(ValueError, match=r"out of range: Fraction\(3, 2\)"):
        fide_performance([1500, 1500], 3)
    # first rating with 2.5 of 5 against 1800: the steps show W + 1 = 3.5 of 7
    assert fide_update(None, [1800] * 5, F(5, 2)).steps[-1] == (
        "with 2 draws vs 1800: Ra = 1800, p = 3.5/7 = 0.5000 -> 0.50, dp = 0, Ru = 1800 -> 1800")
    # Ra with decimals, and no Ra without a rated game
    assert fide_update(2000, [1500, 1701], 1).steps[1] == "n = 2, W = 1, Ra = 1600.50"
    assert fide_update(2000, [(None, 1)], None).steps == ("Ro = 2000", "n = 0, W = 0")
