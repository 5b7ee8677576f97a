"""FIDE Elo (Handbook B.02, 2024 text with the October 2025 amendment).

FS1-FS12 are synthetic vectors, made up to reach one rule each and hand-computed from B.02: the
expected score PD from table 8.1.2 (the difference capped at 400 for players rated below 2650
from 1 October 2025, for everybody before), change = K sum(score - PD) rounded to the nearest
whole number with .5 away from zero (8.3.2, 8.3.4); K 40/20/10 with the 2300 and 2400 bounds,
30 games, and K n <= 700 (8.3.3); the first rating Ra + dp(p) over the opponents plus two
drawn games against 1800, at most 2200, published from 1400 (8.2, 2024 text; dp from table
8.1.1); the 1 March 2024 uplift R + 0.4 (2000 - R) below 2000.  Each test shows its arithmetic.
Other tests compare two calculations rather than typing in new numbers.
"""
from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.model import Game, Header, Kind, Player
from trfscore.ratings import FideResult, fide_performance, fide_update, rate_tournament
from trfscore.ratings.fide import fide_evaluate, fide_k, fide_uplift_2024
from trfscore.ratings.players_csv import parse_players_csv
from trfscore.tournament import Tournament

# --- FS1-FS12 (hand-computed from B.02, see above) --------------------------------------------

def test_FS1_plain():
    games = [(1900, 1), (2100, "0.5"), (2000, "0.5"), (1850, 1), (2200, 0)]
    res = fide_update(2000, games, None, k=20)
    assert res.expected == Fraction("2.44")
    assert res.raw_rating == 2011 and res.change == 11 and res.new_rating == 2011
    assert fide_update(2000, [1900, 2100, 2000, 1850, 2200], 3, k=20).new_rating == 2011


def test_FS2_400_cap():
    res = fide_update(2200, [1700, 2700], 1, k=20)
    assert res.expected == 1 and res.change == 0 and res.new_rating == 2200
    assert res.capped_games == 2


def test_FS3_2650_exemption_from_october_2025():
    after = fide_update(2700, [2200, 2250], "1.5", k=10, period="2025-10")
    assert after.expected == Fraction("1.90") and after.new_rating == 2696
    before = fide_update(2700, [2200, 2250], "1.5", k=10, period="2025-09-30")
    assert before.expected == Fraction("1.84") and before.new_rating == 2697
    # no period: the rules in force now
    assert fide_update(2700, [2200, 2250], "1.5", k=10).new_rating == 2696


def test_2650_threshold_is_for_the_player_rated_2650_or_more():
    # 2649 is still capped; the 2650 player is not (same games, shifted by one point)
    below = fide_update(2649, [2149, 2199], "1.5", k=10, period=dt.date(2026, 1, 1))
    at = fide_update(2650, [2150, 2200], "1.5", k=10, period=dt.date(2026, 1, 1))
    assert below.capped_games == 2 and at.capped_games == 0
    assert below.expected < at.expected


def test_400_rule_is_asymmetric_from_october_2025():
    # Hand-derived from B.02 8.1.2 and 8.3.1 (October 2025 text): in the same game the 2813 player uses the true
    # difference 1026 (> 735: PD 1.00, a win changes nothing) while the 1787 player is capped
    # at -400 (PD 0.08, a loss costs 20 * 0.08 = 1.6 -> -2).  Before 1 Oct 2025 the 2813
    # player was capped too: PD 0.92, 10 * 0.08 = 0.8 -> +1.
    after = dict(k=10, period="2025-11-01")
    assert fide_update(2813, [1787], 1, **after).change == 0
    low = fide_update(1787, [2813], 0, k=20, period="2025-11-01")
    assert low.expected == Fraction(8, 100) and low.new_rating == 1785
    assert fide_update(2813, [1787], 1, k=10, period="2025-09-30").change == 1


def test_FS4_700_rule():
    res = fide_update(1600, [1600] * 20, 10, k=40)
    assert res.coefficient == 35 and res.new_rating == 1600


def test_FS5_700_rule():
    res = fide_update(1600, [1500] * 18, 9, k=40)
    assert res.coefficient == 38 and res.expected == Fraction("11.52")
    assert res.new_rating == 1504 and res.change == -96


def test_700_rule_also_limits_the_derived_K():
    res = fide_update(1600, [1600] * 20, 10, games_before=0)
    assert "700" in res.k_reason and res.coefficient == 35


def test_FS6_half_rounds_away_from_zero():
    res = fide_update(2450, [2450, 2640], 1)
    assert res.coefficient == 10  # rating >= 2400
    assert res.change == 3 and res.new_rating == 2453


def test_minus_half_rounds_away_from_zero():
    # B.02 8.3.4, .5 away from zero: -2.5 becomes -3 (same games as FS6, half a point less)
    res = fide_update(2450, [2450, 2640], "0.5")
    assert res.change == -3 and res.new_rating == 2447


@pytest.mark.parametrize("opps, w, published", [
    ([1600, 1700, 1800, 1900, 2000], "3", 1850),  # FS7
    ([1500, 1450, 1600, 1550, 1400], "4.5", 1816),  # FS8
    ([2300, 2400, 2350, 2250, 2450], "4", 2200),  # FS9: 2351 capped at 2200
], ids=["FS7", "FS8", "FS9"])
def test_first_rating(opps, w, published):
    res = fide_update(None, opps, w)
    assert res.first_rating and res.new_rating == published


def test_FS9_maximum_initial_rating():
    res = fide_update(None, [2300, 2400, 2350, 2250, 2450], 4)
    assert res.raw_rating > 2200 and res.new_rating == 2200


def test_FS10_initial_rating_below_1400_not_published():
    res = fide_update(None, [1400, 1450, 1500, 1420, 1480], 1)
    assert res.new_rating is None and not res.published
    assert res.raw_rating == 1392  # Ra 1550 + dp(.29) = -158


def test_first_rating_needs_five_rated_games_and_a_point():
    assert fide_update(None, [1600, 1700, 1800, 1900], 3).new_rating is None
    assert fide_update(None, [1600, 1700, 1800, 1900, None], 3).new_rating is None
    assert fide_update(None, [1600, 1700, 1800, 1900, 2000], 0).new_rating is None


def test_floor_1400_for_rated_players():
    res = fide_update(1405, [1405] * 5, 0, k=20)  # falls 50 points, below 1400
    assert res.raw_rating < 1400 and res.new_rating is None and not res.published
    # before the 2024 regulations there was no 1400 floor
    assert fide_update(1405, [1405] * 5, 0, k=20, period="2023-12").new_rating == res.raw_rating


@pytest.mark.parametrize("before, after", [(1000, 1400), (1200, 1520), (1500, 1700),
                                           (1600, 1760), (2000, 2000)])
def test_FS11_uplift_2024(before, after):
    assert fide_uplift_2024(before) == after


def test_FS12_performance():
    opps = [2400, 2450, 2500, 2550, 2600, 2350, 2500, 2450, 2500]
    assert fide_performance(opps, 6) == 2603
    assert fide_update(2500, opps, 6).performance == 2603


# --- K factor (8.3.3) -----------------------------------------------------------------------

def test_k_new_player_until_30_games():
    assert fide_k(1800, games_before=29)[0] == 40
    assert fide_k(1800, games_before=30)[0] == 20


def test_k_junior_until_year_of_18th_birthday_below_2300():
    assert fide_k(2000, birth_year=2007, year=2025)[0] == 40  # 18 this year
    assert fide_k(2000, birth_year=2006, year=2025)[0] == 20  # 19
    assert fide_k(2300, birth_year=2010, year=2025)[0] == 20  # not below 2300


def test_k_10_once_2400_reached():
    assert fide_k(2400)[0] == 10
    assert fide_k(2399)[0] == 20
    assert fide_k(2350, reached_2400=True)[0] == 10  # permanent


def test_k_from_period_year():
    opps, w = [2000] * 3, 2
    junior = fide_update(2000, opps, w, birth_year=2007, period="2025-06")
    adult = fide_update(2000, opps, w, birth_year=2007, period="2026-06")
    assert junior.coefficient == 40 and adult.coefficient == 20


def test_unrated_opponents_excluded_for_rated_players():
    plain = fide_update(2000, [1900, 2100, 2000, 1850, 2200], 3, k=20)
    pairs = [(1900, 1), (2100, "½"), (2000, "½"), (1850, 1), (2200, 0), (None, 1)]
    res = fide_update(2000, pairs, 4, k=20)
    assert res.new_rating == plain.new_rating and res.games == 5
    assert fide_update(2000, [None], 0).new_rating is None


def test_steps_show_every_quantity():
    res = fide_update(1600, [1500] * 18, 9, k=40)
    text = "\n".join(res.steps)
    for part in ("Ro = 1600", "We = 11.52", "K = 38", "-95.76", "1504"):
        assert part in text


# --- properties -----------------------------------------------------------------------------

ratings = st.integers(1000, 2900)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), ratings), st.lists(st.one_of(ratings, st.none()), min_size=1,
                                              max_size=25),
       st.data(), st.one_of(st.none(), st.integers(1960, 2020)),
       st.one_of(st.none(), st.integers(0, 100)), st.booleans(),
       st.sampled_from([None, "2024-06", "2025-11-01", dt.date(2023, 1, 1)]))
def test_monotone_and_never_raises(r0, opps, data, birth, before, reached, period):
    n = sum(o is not None for o in opps)
    halves = data.draw(st.integers(0, max(2 * n - 1, 0)))
    lo = fide_update(r0, opps, Fraction(halves, 2), birth_year=birth, games_before=before,
                     reached_2400=reached, period=period)
    hi = fide_update(r0, opps, Fraction(halves + 1, 2) if n else 0, birth_year=birth,
                     games_before=before, reached_2400=reached, period=period)
    assert isinstance(lo, FideResult)
    if lo.new_rating is not None and hi.new_rating is not None:
        assert hi.new_rating >= lo.new_rating
    if r0 is not None and lo.coefficient is not None:
        assert lo.coefficient * lo.games <= 700
    if r0 is None and lo.new_rating is not None:
        assert 1400 <= lo.new_rating <= 2200


# --- rate_tournament, system="fide" ---------------------------------------------------------

def _event():
    """Player 1 (born 2008) meets five rated players, an unrated one, a forfeit and a bye."""
    opps = {2: 1900, 3: 2100, 4: 2000, 5: 1850, 6: 2200, 7: None, 8: 2000}
    results = {2: ("1", Kind.WIN), 3: ("=", Kind.DRAW), 4: ("=", Kind.DRAW),
               5: ("1", Kind.WIN), 6: ("0", Kind.LOSS), 7: ("1", Kind.WIN),
               8: ("+", Kind.FORFEIT_WIN)}
    back = {Kind.WIN: ("0", Kind.LOSS), Kind.LOSS: ("1", Kind.WIN), Kind.DRAW: ("=", Kind.DRAW),
            Kind.FORFEIT_WIN: ("-", Kind.FORFEIT_LOSS)}
    p1 = Player(start_rank=1, rating=2000, birth="2008/03/04", fide_id="4100018")
    others = {k: Player(start_rank=k, rating=r) for k, r in opps.items()}
    for rnd, (k, (code, kind)) in enumerate(results.items(), 1):
        p1.games.append(Game(rnd, k, "w", code, kind))
        bcode, bkind = back[kind]
        others[k].games.extend(Game(i, None, None, " ", Kind.ABSENT) for i in range(1, rnd))
        others[k].games.append(Game(rnd, 1, "b", bcode, bkind))
    p1.games.append(Game(8, None, None, "U", Kind.PAB))
    return Tournament(header=Header(end_date_iso="2026-05-01"), players=[p1, *others.values()])


def test_tournament_fide_uses_played_games_against_rated_players():
    out = rate_tournament(_event(), "fide")
    res = out[1]
    assert res.games == 5 and res.score == 3  # FS1's games; unrated, forfeit and bye dropped
    # born 2008: 18 in 2026, K = 40
    assert res.coefficient == 40
    assert res.new_rating == fide_update(2000, [1900, 2100, 2000, 1850, 2200], 3,
                                         k=40).new_rating
    assert out[8].new_rating is None  # only a forfeit
    assert out[7].new_rating is None  # unrated with one game


def test_tournament_fide_players_csv_overrides():
    players, msgs = parse_players_csv("fide_id,k\n4100018,20\n")
    assert not msgs
    res = rate_tournament(_event(), "fide", players)[1]
    assert res.coefficient == 20 and res.new_rating == 2011  # FS1


def test_rate_tournament_rejects_unknown_system():
    with pytest.raises(ValueError):
        rate_tournament(_event(), "ecf")  # type: ignore[arg-type]


# --- the tournament's column path equals fide_update per player --------------------------------

_RESULT = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2)}


@given(seed=st.integers(0, 10**6), players=st.integers(2, 40), rounds=st.integers(1, 9),
       unrated=st.sampled_from([0.0, 0.2, 0.6]), unrated_games=st.sampled_from([0.0, 0.3]),
       ended=st.sampled_from(["2026-05-01", "2025-06-30", "2023-01-01", ""]))
@settings(max_examples=40, deadline=None)
def test_tournament_columns_equal_fide_update_with_pairs(seed, players, rounds, unrated, unrated_games, ended):
    """rate_tournament reads the rated games from the packed round columns and evaluates them in
    integers; every result (steps included) equals fide_update given (rating, result) pairs read
    from the Game tuples, in a TRF read back (packed) and in the model built directly."""
    import random

    import trfscore
    from trfscore.testing.generate import swiss, to_trf

    t = swiss(players, rounds, seed=seed, forfeits=0.1, byes=0.1, withdrawals=0.1)
    rng = random.Random(seed)
    for p in t.players:
        if rng.random() < unrated:
            p.rating = None
        p.games = [g._replace(code={"1": "W", "=": "D", "0": "L"}[g.code])
                   if g.code in "1=0" and rng.random() < unrated_games else g for g in p.games]
    t.header.end_date_iso = ended or None
    loaded = trfscore.loads(to_trf(t).encode())
    loaded.header.end_date_iso = ended or None
    for event in (t, loaded):
        got = rate_tournament(event, "fide")
        end = dt.date.fromisoformat(ended) if ended else None
        for p in event.players:
            pairs = [(event.player(g.opponent).rating or None, _RESULT.get(g.kind, Fraction(0)))
                     for g in p.games if g.rated and g.opponent is not None and event.player(g.opponent)]
            assert got[p.start_rank] == fide_update(p.rating or None, pairs, None, period=end)


def test_results_made_without_the_frozen_init_equal_constructed_ones():
    from dataclasses import asdict

    from trfscore.ratings.result import make_result

    res = fide_update(1600, [1500] * 18, 9, k=40)
    values = {**asdict(res)}
    assert FideResult(**values) == res and repr(FideResult(**values)) == repr(res)
    assert hash(FideResult(**values)) == hash(res)
    del values["games"]
    with pytest.raises(TypeError):
        make_result(FideResult, values)


def test_unknown_keywords_raise_type_error():
    # the keywords are FideOptions' (written once); any other is refused, as by any Python function
    with pytest.raises(TypeError, match="fide_update.*'kk'"):
        fide_update(2000, [1900], 1, kk=20)
    with pytest.raises(TypeError, match="fide_evaluate.*'year'"):
        fide_evaluate(2000, [1900], Fraction(1), [], year=2024)
    assert fide_update(2000, [1900], 1, birth_year=None, games_before=None, reached_2400=False, k=None,
                       period=None) == fide_update(2000, [1900], 1)
