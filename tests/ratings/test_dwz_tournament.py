"""DWZ of a whole tournament (ratings/tournament.py, WO 3.4-3.6, 4.1): the explanation lines of
first and missing ratings, where each starting value comes from, the WO 4.1.3 FIDE-rating option,
the 2026 first rating at 100 % and the Ausnahmespieler rule's skips.  Expected values are computed
in the tests from the WO's building blocks (dwz.solve_performances, first_value, dwz_update) or
by hand (averages, sums)."""
from __future__ import annotations

from fractions import Fraction

from test_dwz import DRAW, LOSS, WIN, _newcomer_event, _tournament

from trfscore.ratings import dwz_update, rate_tournament
from trfscore.ratings.dwz import first_value, solve_performances
from trfscore.ratings.numbers import fmt, round_half_away
from trfscore.ratings.players_csv import parse_players_csv
from trfscore.records import NationalRecord

UNRATED_TAIL = "WO 3.4.1); the games against rated players are Restpartien for the next evaluation"


def test_a_first_dwz_explains_stage_games_score_and_average():
    # a newcomer against five established players: W, W, D, L, L = 2.5 of 5;
    # Rc = (1500 + 1600 + 1700 + 1800 + 1900) / 5 = 1700
    table = {(6, 1): WIN, (6, 2): WIN, (6, 3): DRAW, (6, 4): LOSS, (6, 5): LOSS}
    t = _tournament(table, {1: 1500, 2: 1600, 3: 1700, 4: 1800, 5: 1900, 6: None})
    six = rate_tournament(t, "dwz")[6]
    assert six.steps[:5] == ("starting value: unrated", "edition classic", "Ro = unrated",
                             "first DWZ, stage 1 (WO 3.4.1)", "n = 5, W = 2.5, Rc = 1700")
    assert (six.games, six.score, six.opponent_average) == (5, Fraction(5, 2), 1700)
    assert (six.index_before, six.index_after, six.first_rating) == (None, 1, True)
    solved, ok = solve_performances({6: [1500, 1600, 1700, 1800, 1900]}, {6: []}, {6: Fraction(5, 2)})
    assert ok and six.steps[5] == f"Ri = {fmt(solved[6], 2)} (Gesamtiteration)"
    assert six.performance == round_half_away(solved[6])
    assert six.new_rating == first_value(solved[6])[0]
    # _newcomer_event: 8 met 1, 2, 3, 6 and the newcomer 7 (stage 2), who counts with his first
    # DWZ: W = ½ + 1 + 0 + ½ + 1 = 3, Rc = (1500 + 1600 + 1700 + 1650 + DWZ of 7) / 5
    out = rate_tournament(_newcomer_event()[0], "dwz")
    rc8 = Fraction(1500 + 1600 + 1700 + 1650 + out[7].new_rating, 5)
    assert rc8.denominator != 1  # shown with two decimals
    assert out[8].steps[3:5] == ("first DWZ, stage 2 (WO 3.4.1)", f"n = 5, W = 3, Rc = {fmt(rc8, 2)}")
    assert (out[8].score, out[8].opponent_average) == (3, rc8)


def test_who_stays_unrated_is_told_why():
    t, _ = _newcomer_event()
    out = rate_tournament(t, "dwz")
    # 9 won all five games against rated players: no first DWZ in the classic WO
    assert out[9].notes == (f"remains unrated (0 % or 100 % against rated players, {UNRATED_TAIL}",)
    assert out[9].steps == ("starting value: unrated", out[9].notes[0])
    assert (out[9].score, out[9].games, out[9].new_rating) == (5, 5, None)
    # four games only (9 is no rated player for him): "4 game(s) ..., 5 needed"
    table = {(10, 1): WIN, (10, 2): DRAW, (10, 3): LOSS, (10, 4): WIN, (10, 9): WIN}
    t2 = _tournament(table, {1: 1500, 2: 1600, 3: 1700, 4: 1800, 9: None, 10: None})
    got = rate_tournament(t2, "dwz")[10]
    assert got.notes == (f"remains unrated (4 game(s) against rated players, 5 needed, {UNRATED_TAIL}",)
    assert (got.score, got.games) == (Fraction(5, 2), 4)
    # five games lost: 0 % is no first DWZ either (WO 3.4.1), in both editions
    lost = {(10, k): LOSS for k in (1, 2, 3, 4, 5)}
    t3 = _tournament(lost, {1: 1500, 2: 1600, 3: 1700, 4: 1800, 5: 1900, 10: None})
    for edition in ("classic", "2026"):
        got = rate_tournament(t3, "dwz", edition=edition)[10]
        assert got.notes == (f"remains unrated (0 % or 100 % against rated players, {UNRATED_TAIL}",)
        assert (got.score, got.games, got.new_rating) == (0, 5, None)


def test_where_the_starting_value_comes_from():
    table = {(1, k): DRAW for k in (2, 3, 4, 5, 6)}
    t = _tournament(table, {1: 2000, 2: 1500, 3: 1500, 4: 1500, 5: 1500, 6: None})
    csv, _ = parse_players_csv("start_rank,dwz\n2,1400\n")
    t.players[2].national["GER"] = NationalRecord("GER", 3, rating=1450)
    out = rate_tournament(t, "dwz", csv)
    assert out[2].steps[0] == "starting value: players CSV" and out[2].old_rating == 1400
    assert out[3].steps[0] == "starting value: TRF26 national rating" and out[3].old_rating == 1450
    assert out[1].steps[0] == "starting value: FIDE rating, index 6 (WO 4.1.2)" and out[1].index_before == 6
    assert out[6].steps[0] == "starting value: unrated"


def test_wo_4_1_3_enters_a_2400_player_with_his_fide_rating_when_asked():
    # player 1: DWZ 2400 (CSV), FIDE 2500; player 2 (DWZ 2000 as FIDE, index 6) drew him
    for dwz, counted in ((2400, 2500), (2399, 2399)):
        t = _tournament({(1, 2): DRAW}, {1: 2500, 2: 2000})
        csv, _ = parse_players_csv(f"start_rank,dwz,index\n1,{dwz},20\n")
        on = rate_tournament(t, "dwz", csv, fide_from_2400=True)[2]
        assert on.new_rating == dwz_update(2000, 6, None, [counted], "0.5").new_rating, dwz
        off = rate_tournament(t, "dwz", csv)[2]
        assert off.new_rating == dwz_update(2000, 6, None, [dwz], "0.5").new_rating
    assert rate_tournament(t, "dwz", csv, fide_from_2400=True)[2].new_rating != \
        rate_tournament(_tournament({(1, 2): DRAW}, {1: 2500, 2: 2000}), "dwz",
                        parse_players_csv("start_rank,dwz,index\n1,2400,20\n")[0], fide_from_2400=True)[2].new_rating


def test_2026_first_dwz_at_100_percent_adds_a_draw_against_the_average():
    t, _ = _newcomer_event()
    out = rate_tournament(t, "dwz", edition="2026")
    nine = out[9]  # 5 of 5 against 1500, 1600, 1700, 1800, 1900: average 1700
    assert nine.notes == ("100 % score: a fictitious draw against the average opponent added",)
    assert "fictitious draw against Rc = 1700" in nine.steps
    # the draw is one more game against 1700: 5.5 of 6
    fixed = [Fraction(r) for r in (1500, 1600, 1700, 1800, 1900, 1700)]
    solved, ok = solve_performances({9: fixed}, {9: []}, {9: Fraction(11, 2)})
    assert ok and nine.new_rating == first_value(solved[9], edition="2026")[0]
    # 7 (2 of 5) gets no fictitious game: his value is solved with 8's as in the classic WO
    assert not any("fictitious" in s for s in out[7].steps)
    est = {1: 1500, 2: 1600, 3: 1700, 4: 1800, 5: 1900, 6: 1650}
    values, ok = solve_performances({7: [est[k] for k in (1, 2, 3, 4, 5)], 8: [est[k] for k in (1, 2, 3, 6)],
                                     9: fixed}, {7: [8], 8: [7], 9: []}, {7: 2, 8: 3, 9: Fraction(11, 2)})
    assert ok and out[7].performance == round_half_away(values[7])


def test_ausnahmespieler_skips_players_at_0_or_100_percent_or_with_few_games():
    # players 1-3 come first: 1 lost all five, 2 won all five, 3 played four games; 4 (DWZ 1200)
    # scores 4½ of 5 against 1800s, a performance far above 1200 + 300 (WO 3.6)
    opps = {5: 1800, 6: 1850, 7: 1750, 8: 1800, 9: 1820}
    table = {**{(1, k): LOSS for k in opps}, **{(2, k): WIN for k in opps},
             **{(3, k): DRAW for k in list(opps)[:4]},
             **{(4, k): r for k, r in zip(opps, [WIN, WIN, WIN, WIN, DRAW])}}
    t = _tournament(table, {1: 1500, 2: 1500, 3: 1000, 4: 1200, **opps})
    out = rate_tournament(t, "dwz")
    told = [k for k, r in out.items() if any(s.startswith("Ausnahmespieler") for s in r.steps)]
    assert told == [4]
    line = next(s for s in out[4].steps if s.startswith("Ausnahmespieler"))
    assert line == (f"Ausnahmespieler: performance {out[4].performance} > Ro + 300; his opponents count him "
                    "with it (WO 3.6)")


def test_one_point_in_five_games_is_enough_for_a_first_dwz():
    # WO 3.4.1 excludes only 0 % and (classic) 100 %: 1 of 5 qualifies, as does ½ of 5
    for first in (WIN, DRAW):
        table = {(6, 1): first, (6, 2): LOSS, (6, 3): LOSS, (6, 4): LOSS, (6, 5): LOSS}
        t = _tournament(table, {1: 1500, 2: 1600, 3: 1700, 4: 1800, 5: 1900, 6: None})
        six = rate_tournament(t, "dwz")[6]
        assert six.first_rating and six.new_rating is not None and six.games == 5
