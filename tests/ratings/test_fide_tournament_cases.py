"""A tournament's FIDE ratings (ratings/tournament.py: rate_tournament) on hand-made cases of B.02 8.1-8.3.

Every expected figure is computed in the test from FIDE Handbook B.02 table 8.1.2 (PD) and
8.1.1 (dp), 8.3.1-8.3.4 (the 400-point rule, K, rounding); FS1-FS12 are the synthetic vectors of
tests/ratings/test_fide.py, here through a whole tournament.  A PD in hundredths is written
``PD(D)`` with D the own rating minus the opponent's; a plain evaluation (rated, no note) is
compared as :class:`Figures`, its We in hundredths and W in half points.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import pytest

import trfscore
from trfscore.model import Game, Header, Kind, Player
from trfscore.ratings.players_csv import parse_players_csv
from trfscore.ratings.result import RatingResult
from trfscore.ratings.tournament import rate_tournament
from trfscore.report.values import rating_row
from trfscore.testing.generate import to_trf
from trfscore.tournament import Tournament

# a result code of the first player -> (his kind, the opponent's code, the opponent's kind)
_CELL = {"1": (Kind.WIN, "0", Kind.LOSS), "=": (Kind.DRAW, "=", Kind.DRAW), "0": (Kind.LOSS, "1", Kind.WIN),
         "W": (Kind.WIN, "L", Kind.LOSS), "D": (Kind.DRAW, "D", Kind.DRAW), "L": (Kind.LOSS, "W", Kind.WIN),
         "+": (Kind.FORFEIT_WIN, "-", Kind.FORFEIT_LOSS), "-": (Kind.FORFEIT_LOSS, "+", Kind.FORFEIT_WIN)}


def star(rating: int | None, games: list[tuple[int | None, str]], *, end: str | None = "2026-04-30",
         birth: str = "") -> Tournament:
    """Player 1 (``rating``, ``birth``) meets opponent i + 2 (``games[i]``: rating, player 1's
    result code) in round i + 1; each opponent plays that one game and is absent otherwise."""
    rounds = len(games)
    first = Player(start_rank=1, name="Star, Player", rating=rating, fide_id="100001", birth=birth)
    people = [first]
    for i, (opp_rating, code) in enumerate(games):
        kind, their_code, their_kind = _CELL[code]
        first.games.append(Game(i + 1, i + 2, "w", code, kind))
        opp = Player(start_rank=i + 2, name=f"Opponent{i + 2:04d}, Test", rating=opp_rating,
                     fide_id=str(100002 + i))
        opp.games = [Game.absent(r) for r in range(1, rounds + 1)]
        opp.games[i] = Game(i + 1, 1, "b", their_code, their_kind)
        people.append(opp)
    header = Header(name="Star", city="Nowhere", federation="FID", start_date="2026/04/01",
                    end_date=(end or "").replace("-", "/"), end_date_iso=end, chief_arbiter="Arbiter, Chief",
                    round_dates=["26/04/01"] * rounds, rounds_declared=rounds)
    for p in people:
        p.points = Fraction(0)
    return Tournament(header=header, players=people, rounds=rounds)


class Figures(NamedTuple):
    """A plain FIDE evaluation (B.02 8.3) in whole numbers."""

    old_rating: int  # Ro
    expected: int  # We in hundredths
    won: int  # W in half points
    games: int  # n
    coefficient: int  # K after the 700 rule (8.3.3)
    change: int
    performance: int


def plain(result: RatingResult) -> Figures | RatingResult:
    """The result as :class:`Figures` when it is plain (rated before and after, no note), else itself."""
    if not (result.old_rating and result.rated and not result.notes):
        return result
    we, won, k = result.expected * 100, result.score * 2, result.coefficient
    assert we.denominator == won.denominator == k.denominator == 1  # (B.02 table 8.1.2: PD to two places)
    return Figures(result.old_rating, int(we), int(won), result.games, int(k), result.change, result.performance)


def results(t: Tournament, players=None) -> dict[int, Figures | RatingResult]:
    """``rate_tournament``'s FIDE results by start rank, each :func:`plain` where it can be."""
    return {sno: plain(result) for sno, result in rate_tournament(t, "fide", players).items()}


def figures(t: Tournament, players=None) -> dict[int, Figures | RatingResult]:
    """:func:`results` of the model, whose rows must be those of its TRF read back."""
    loaded = trfscore.loads(to_trf(t).encode())
    loaded.header.end_date_iso = t.header.end_date_iso
    rows = [{sno: rating_row(r) for sno, r in rate_tournament(event, "fide", players).items()} for event in (t, loaded)]
    assert rows[0] == rows[1]
    return results(t, players)


def test_fs1_plain_evaluation_and_the_opponents_single_games():
    """FS1: R 2000, K 20 (below 2400, nothing else known); vs 1900 (1), 2100 (1/2), 2000 (1/2),
    1850 (1), 2200 (0)."""
    got = figures(star(2000, [(1900, "1"), (2100, "="), (2000, "="), (1850, "1"), (2200, "0")]))
    we = 64 + 36 + 50 + 70 + 24  # PD(100) + PD(-100) + PD(0) + PD(150) + PD(-200) = 2.44
    won = 2 + 1 + 1 + 2 + 0  # half points: W = 3
    change = 11  # 20 * (3 - 2.44) = 11.2
    ra = (1900 + 2100 + 2000 + 1850 + 2200) // 5  # 2010 exactly
    performance = ra + 72  # p = 3/5 = .60: dp 72
    assert got[1] == Figures(2000, we, won, 5, 20, change, performance)
    assert isinstance(got[1], Figures) and list(got) == [1, 2, 3, 4, 5, 6]
    # the 1900 player lost to 2000: We = PD(-100) = .36, 20 * (0 - .36) = -7.2; p = 0: dp -800
    assert got[2] == Figures(1900, 36, 0, 1, 20, -7, 2000 - 800)
    # the 2100 player drew with 2000: We = .64, 20 * (.5 - .64) = -2.8; p = .50: dp 0
    assert got[3] == Figures(2100, 64, 1, 1, 20, -3, 2000)
    # the 2200 player beat 2000: We = .76, 20 * (1 - .76) = 4.8; p = 1: dp 800
    assert got[6] == Figures(2200, 76, 2, 1, 20, 5, 2800)


def test_fs2_the_400_point_rule_below_2650():
    """FS2: R 2200, K 20; vs 1700 (1) and 2700 (0): each difference of 500 counts as 400,
    PD .92 + .08 = 1.00, W = 1: no change."""
    got = figures(star(2200, [(1700, "1"), (2700, "0")]))
    assert got[1] == Figures(2200, 92 + 8, 2, 2, 20, 0, (1700 + 2700) // 2 + 0)
    # the 1700 player: PD(-400) = .08 after the cap (.04 without): 20 * (0 - .08) = -1.6
    assert got[2] == Figures(1700, 8, 0, 1, 20, -2, 2200 - 800)


@pytest.mark.parametrize(("end", "we", "change"), [
    ("2026-04-30", 96 + 94, -4),  # from 1 Oct 2025: PD(500) + PD(450) uncapped; 10 * (1.5 - 1.90) = -4
    (None, 96 + 94, -4),  # no end date: today's rules
    ("2025-10-01", 96 + 94, -4),  # the first day of the amended 8.3.1
    ("2025-09-30", 92 + 92, -3),  # before it: both capped at 400; 10 * (1.5 - 1.84) = -3.4
])
def test_fs3_no_400_point_rule_from_2650_after_october_2025(end, we, change):
    """FS3: R 2700, K 10 (2400 reached); vs 2200 (1), 2250 (1/2); Ra 2225, p = .75: dp 193."""
    got = figures(star(2700, [(2200, "1"), (2250, "=")], end=end))
    assert got[1] == Figures(2700, we, 3, 2, 10, change, 2225 + 193)


@pytest.mark.parametrize(("rating", "we"), [(2650, 96), (2649, 92)])
def test_the_2650_threshold_of_the_400_point_rule(rating, we):
    """A difference of 500 from 2650 is used as it is (PD .96), from 2649 capped (PD .92);
    W = 1/2, K = 10: 10 * (.5 - .96) = -4.6, 10 * (.5 - .92) = -4.2."""
    got = figures(star(rating, [(rating - 500, "=")]))
    assert got[1] == Figures(rating, we, 1, 1, 10, -5 if we == 96 else -4, rating - 500)


def test_fs5_the_700_rule_for_a_junior():
    """FS5: R 1600, born 2010 (2026 - 2010 = 16 <= 18, below 2300: K 40); 18 games vs 1500, 9
    wins and 9 losses.  K * n = 720 > 700: K = 700 // 18 = 38.  We = 18 * PD(100) = 11.52;
    38 * (9 - 11.52) = -95.76: -96.  Ra 1500, p = .50: dp 0."""
    games = [(1500, "1")] * 9 + [(1500, "0")] * 9
    got = figures(star(1600, games, birth="2010/03/04"))
    assert got[1] == Figures(1600, 18 * 64, 18, 18, 38, -96, 1500)


def test_the_700_rule_leaves_k_when_k_times_n_is_700():
    """K 35 from the players CSV and 20 games: K * n = 700 is allowed (8.3.3), K stays 35;
    K 36 makes 720 and becomes 35.  W = 10, We = 20 * PD(0) = 10: no change."""
    games = [(1600, "1")] * 10 + [(1600, "0")] * 10
    for k in (35, 36):
        players, problems = parse_players_csv(f"fide_id,k\n100001,{k}\n")
        assert not problems
        got = figures(star(1600, games), players)
        assert got[1] == Figures(1600, 1000, 20, 20, 35, 0, 1600)


def test_k_from_the_players_csv_and_from_the_games_before():
    """K 10 given in the players CSV replaces the 20 of a 2000 player; fewer than 30 games rated
    before give 40.  One win against 2000: We .50, change K * .5."""
    for text, k in [("fide_id,k\n100001,10\n", 10), ("fide_id,games_before\n100001,29\n", 40),
                    ("fide_id,games_before\n100001,30\n", 20), ("fide_id,reached_2400\n100001,yes\n", 10)]:
        players, problems = parse_players_csv(text)
        assert not problems
        assert figures(star(2000, [(2000, "1")]), players)[1] == Figures(2000, 50, 2, 1, k, k // 2, 2800)


def test_the_junior_k_depends_on_the_year_the_tournament_ends():
    """Born 2008: 18 in 2026 (K 40), 19 in 2027 (K 20); one draw against 1800, We .50."""
    assert figures(star(1800, [(1800, "=")], birth="2008/12/31"))[1].coefficient == 40
    assert figures(star(1800, [(1800, "=")], birth="2008/12/31", end="2027-01-02"))[1].coefficient == 20


def test_fs6_half_points_rounded_away_from_zero():
    """FS6: R 2450, K 10; vs 2450 (1), 2640 (0): We = PD(0) + PD(-190) = .50 + .25, 10 * (1 -
    .75) = +2.5: +3.  With a draw instead of the win: 10 * (.5 - .75) = -2.5: -3."""
    assert figures(star(2450, [(2450, "1"), (2640, "0")]))[1].change == 3
    assert figures(star(2450, [(2450, "="), (2640, "0")]))[1].change == -3


def test_fs12_performance():
    """FS12: vs 2400, 2450, 2500, 2550, 2600, 2350, 2500, 2450, 2500, W 6: Ra = 22300 / 9 =
    2477.78, p = 6/9 = .67: dp 125, Rp 2602.78: 2603."""
    ratings = [2400, 2450, 2500, 2550, 2600, 2350, 2500, 2450, 2500]
    codes = ["1"] * 6 + ["0"] * 3
    assert figures(star(2500, list(zip(ratings, codes))))[1].performance == 2603


def test_games_not_rated_are_left_out():
    """TRF W/D/L (played, not rated: 8.3.1) and forfeits count for no rating: only the win
    against 1900 is rated (n 1, We PD(100) = .64, 20 * .36 = 7.2)."""
    got = figures(star(2000, [(1900, "1"), (2300, "W"), (2300, "D"), (2300, "L"), (2300, "+"), (2300, "-")]))
    assert got[1] == Figures(2000, 64, 2, 1, 20, 7, 1900 + 800)
    assert isinstance(got[3], RatingResult) and not got[3].rated  # the W/L game: no rated game


def test_unrated_players_and_opponents():
    """A game against an unrated opponent is dropped with a note (8.3.1 rates games between
    rated players); the unrated player himself gets no rating, and a player without a rated
    game keeps his."""
    got = figures(star(2000, [(1900, "1"), (None, "=")]))
    mine = got[1]
    assert isinstance(mine, RatingResult)
    assert mine.notes == ("1 game(s) against unrated opponents excluded",)
    # the one rated game: 20 * (1 - .64) = 7.2
    assert (mine.games, mine.score, mine.change, mine.new_rating) == (1, 1, 7, 2007)
    assert isinstance(got[3], RatingResult) and got[3].old_rating is None
    assert isinstance(got[2], Figures)
    lone = figures(star(2000, [(1900, "+")]))
    assert isinstance(lone[1], RatingResult) and lone[1].games == 0 and not lone[1].rated


@pytest.mark.parametrize(("end", "rating", "plain"), [
    ("2026-04-30", 1409, False),  # 20 * (0 - .50) = -10: 1399 is below the floor: not published
    ("2026-04-30", 1410, True),  # 1400 is the floor itself: published
    ("2024-02-29", 1409, True),  # before the 2024 reform: no floor
    ("2024-03-01", 1409, False),  # the reform's first day
])
def test_the_1400_floor(end, rating, plain):
    """A loss against an equal opponent: K 20, We .50, change -10 (B.02 2024: no rating below
    1400 is published; fide_evaluate notes it)."""
    got = figures(star(rating, [(rating, "0")], end=end))[1]
    if plain:
        assert got == Figures(rating, 50, 0, 1, 20, -10, rating - 800)
    else:
        assert isinstance(got, RatingResult) and got.new_rating is None and got.notes


def test_an_opponent_outside_the_tournament():
    """A cell naming a start rank no player has: the player is rated without that game (the
    game against 1900 only: 20 * (1 - .64) = 7.2; p = 1: dp 800)."""
    t = star(2000, [(1900, "1"), (1800, "1")])
    t.players.pop()  # start rank 3 is gone, player 1's round 2 still names it
    got = results(t)
    assert got[1] == Figures(2000, 64, 2, 1, 20, 7, 1900 + 800)
    assert isinstance(got[2], Figures)


def test_a_birth_year_from_the_players_csv_comes_before_the_trf_one():
    """The CSV's birth year 2010 (16 in 2026: K 40) is used, not the TRF's 1980 (K 20); one
    draw against 1800."""
    players, problems = parse_players_csv("fide_id,birth_year\n100001,2010\n")
    assert not problems
    assert figures(star(1800, [(1800, "=")], birth="1980/01/01"), players)[1].coefficient == 40
    assert figures(star(1800, [(1800, "=")], birth="1980/01/01"))[1].coefficient == 20


@pytest.mark.parametrize(("low", "high"), [(1, 10000), (1, 10001), (1400, 9000)])
def test_ratings_wider_apart_than_a_trf_holds(low, high):
    """Ratings set through the API more than 9999 apart (the widest a TRF's four digits hold)
    are rated alike.  The lower player loses (in 2023: no floor): We = PD(-400 capped) = .08,
    20 * (0 - .08) = -1.6: -2; p = 0: dp -800."""
    got = results(star(low, [(high, "0")], end="2023-01-01"))
    assert got[1] == Figures(low, 8, 0, 1, 20, -2, high - 800)


def test_a_tournament_without_rounds():
    """No round cells: no player has a rated game, each keeps his rating."""
    t = star(2000, [])
    t.players.append(Player(start_rank=2, name="Other, Player", rating=1900, fide_id="100002"))
    got = results(t)
    assert list(got) == [1, 2]
    assert all(isinstance(r, RatingResult) and r.games == 0 and not r.rated for r in got.values())
