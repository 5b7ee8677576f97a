"""The result type both rating systems share and the parsing of their opponents (ratings/result.py)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.ratings.fide import FideResult
from trfscore.ratings.result import RatingResult, make_result, parse_games


def test_plain_ratings_drop_unrated_opponents_with_a_note():
    ratings, score, notes = parse_games([1500, None, 1700, None], 1)
    assert (ratings, score) == ([1500, 1700], 1)
    assert notes == ["2 game(s) against unrated opponents excluded"]
    assert parse_games([1500], "0.5") == ([1500], Fraction(1, 2), [])
    assert parse_games([1500, 1600], None) == ([1500, 1600], 0, [])  # no score: 0


def test_plain_score_beyond_the_rated_games_is_refused():
    with pytest.raises(ValueError) as err:
        parse_games([1500, None], 2)  # 2 points in 1 rated game
    assert str(err.value) == ("score 2 impossible in 1 game(s) against rated opponents "
                              "(with unrated opponents, pass (rating, result) pairs)")
    with pytest.raises(ValueError, match="impossible"):
        parse_games([1500], -1)


def test_pairs_drop_the_unrated_games_from_the_score():
    ratings, won, notes = parse_games([(1500, 1), (None, 1), (1600, "0.5")], None)
    assert (ratings, won) == ([1500, 1600], Fraction(3, 2))
    assert notes == ["1 game(s) against unrated opponents excluded"]
    # a given total must be the total of all pairs (2.5 here), unrated games included
    assert parse_games([(1500, 1), (None, 1), (1600, "0.5")], "2.5")[1] == Fraction(3, 2)
    with pytest.raises(ValueError) as err:
        parse_games([(1500, 1), (None, 1)], 1)
    assert str(err.value) == "score 1 is not the total of the per-game results (2)"


@pytest.mark.parametrize("result", [Fraction(3, 2), 2, -1, Fraction(-1, 2)])
def test_a_game_result_lies_between_0_and_1(result):
    with pytest.raises(ValueError) as err:
        parse_games([(1500, result)], None)
    assert str(err.value) == f"a game result must lie between 0 and 1: {result!r}"
    assert parse_games([(1500, 0), (1500, 1)], None)[1] == 1  # both ends accepted


def test_plain_ratings_and_pairs_do_not_mix():
    for entries in ([1500, (1600, 1)], [(1600, 1), 1500]):
        with pytest.raises(ValueError) as err:
            parse_games(entries, None)
        assert str(err.value) == "opponents mixes plain ratings and (rating, result) pairs"


def _values(**over):
    values = dict(old_rating=1500, new_rating=1510, change=10, score=Fraction(3), games=5,
                  expected=Fraction(5, 2), coefficient=Fraction(20), performance=1600,
                  opponent_average=Fraction(1550), steps=())
    values.update(over)
    return values


def test_steps_made_on_first_read_and_only_once():
    calls = []

    def make():
        calls.append(1)
        return ["one", "two"]

    result = make_result(FideResult, _values(steps=make))
    assert calls == []
    assert result.steps == ("one", "two") and result.steps == ("one", "two")
    assert calls == [1]
    assert RatingResult.steps == ()  # read on the class: the field's default, no steps


def test_make_result_names_missing_or_unknown_fields():
    with pytest.raises(TypeError) as err:
        make_result(RatingResult, {"system": "X", "bogus": 1})
    assert str(err.value).startswith("RatingResult: fields missing or unknown: [")
    assert "'bogus'" in str(err.value) and "'old_rating'" in str(err.value)


def test_a_full_score_is_possible_and_rated_follows_the_new_rating():
    assert parse_games([1500, 1600], 2) == ([1500, 1600], 2, [])  # 100 % against rated opponents
    assert make_result(FideResult, _values()).rated is True
    assert make_result(FideResult, _values(new_rating=None)).rated is False
    built = FideResult(**_values(steps=("one",)))  # through the dataclass constructor
    assert built.steps == ("one",)
