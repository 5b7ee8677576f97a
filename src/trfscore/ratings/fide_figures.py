"""The FIDE rating change of every player of a tournament as whole numbers, for reports.

:func:`.tournament.rate_tournament` makes one :class:`.fide.FideResult` per player (exact
Fractions, the reason for K, the steps); a report shows only Ro, We, W, n, K, Rn, the change and
the performance.  :func:`fide_figures` computes those as integers for every player whose
evaluation is the plain one of B.02 8.3 (rated, at least one rated game, every opponent of a
rated game rated, the new rating published); for any other player it hands back the
:func:`.fide.fide_evaluate` result itself, so every note and rule decision is made in one place.
A test holds the figures to ``fide_evaluate`` over generated tournaments.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from itertools import accumulate, compress, repeat
from operator import add, mul
from typing import TYPE_CHECKING, NamedTuple, cast

from ..cells import columns
from ..gcpause import gc_paused
from ..model import Kind, is_rated
from .event import NO_INFO, end_date, player_info, year_of_birth
from .fide import CAP, EXEMPTION_2650_FROM, K_TIMES_N_MAX, RATING_FLOOR, REFORM_2024_FROM, fide_evaluate, fide_k
from .numbers import round_ratio
from .players_csv import PlayerInfo, PlayerKey
from .result import RatingResult
from .tables import fide_dp_hundredths, fide_pd_hundredths

if TYPE_CHECKING:  # pragma: no cover
    import datetime as _dt

    from ..model import Player, Tournament

__all__ = ["FideFigures", "fide_figures", "evaluate_player"]


class FideFigures(NamedTuple):
    """One player's plain FIDE evaluation (B.02 8.3) in whole numbers."""

    old_rating: int  # Ro
    expected: int  # We in hundredths (the sum of table 8.1.2's PD)
    won: int  # W in half points, rated games only
    games: int  # n, the rated games
    coefficient: int  # K after the 700 rule (8.3.3)
    change: int  # K (W - We) rounded half away from zero (8.3.4)
    performance: int  # Ra + dp(W/n), rounded (8.1.1)


_SPAN_MAX = 9999  # the widest difference of two ratings a TRF can hold (four digits)
_make = tuple.__new__  # a FideFigures without the NamedTuple constructor's Python-level call
_DP = list(map(fide_dp_hundredths, range(101)))  # dp by p in hundredths (table 8.1.1)

# Half points of a game at the board (B.02 8.3.1 rates games played at the board only).
_HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}


def fide_figures(tournament: Tournament, players: Mapping[PlayerKey, PlayerInfo] | None = None
                 ) -> dict[int, FideFigures | RatingResult]:
    """Every player's FIDE evaluation by start rank, in the tournament's order: the figures of a
    plain one, else the :func:`.fide.fide_evaluate` result (as
    :func:`.tournament.rate_tournament` makes it)."""
    with gc_paused():  # 10,000 small tuples with no cycles: no collection walks the tournament
        return _figures(tournament, players)


def _figures(tournament: Tournament, players: Mapping[PlayerKey, PlayerInfo] | None
             ) -> dict[int, FideFigures | RatingResult]:
    end = end_date(tournament)
    year = end.year if end is not None else None
    floor_applies = end is None or end >= REFORM_2024_FROM  # the 1400 floor: 2024 text
    exemption_applies = end is None or end >= EXEMPTION_2650_FROM  # 8.3.1 amended 1 Oct 2025
    people = tournament.players
    # The start ranks of the players and their ratings (0: unrated, as the TRF writes it).
    rating_of = {p.start_rank: p.rating or 0 for p in people}
    rated = [r for r in rating_of.values() if r]
    # Whole ratings of a TRF's four digits (others, set through JSON or the API, are rated by
    # fide_evaluate: the tables hold one entry per difference)
    whole = set(map(type, rating_of.values())) <= {int} and (not rated or max(rated) - min(rated) <= _SPAN_MAX)
    tables = _PdTables(max(rated) - min(rated) if rated and whole else 0)
    k_of: dict[tuple[object, ...], int] = {}  # fide_k per distinct input
    year_of: dict[str, int | None] = {}  # the birth year per distinct birth text
    out: dict[int, FideFigures | RatingResult] = {}
    for p, (found, won) in zip(people, _rated_games(people, rating_of)):
        info = player_info(players, p) if players else NO_INFO
        birth_year = info.birth_year
        if birth_year is None and p.birth:
            birth = p.birth
            birth_year = year_of[birth] if birth in year_of else year_of.setdefault(birth, year_of_birth(birth))
        r0 = p.rating
        n = len(found)
        # unrated, no rated game, an unrated opponent (0) or one not in the tournament (None)
        if not r0 or not n or not whole or not all(found):
            out[p.start_rank] = evaluate_player(p, rating_of, info, birth_year, end)
            continue
        ratings = cast("list[int]", found)  # (every one a rating, as just seen)
        table = tables.uncapped if r0 >= 2650 and exemption_applies else tables.capped
        expected = sum([table[r0 - rating] for rating in ratings])
        if info.k is None:
            key = (r0, birth_year, info.games_before, info.reached_2400)
            k = k_of.get(key)
            if k is None:
                k = k_of[key] = fide_k(r0, birth_year=birth_year, games_before=info.games_before,
                                       reached_2400=bool(info.reached_2400), year=year)[0]
        else:
            k = int(info.k)
        if k * n > K_TIMES_N_MAX:  # 8.3.3: the largest K with K * n <= 700
            k = K_TIMES_N_MAX // n
        # change = K (W - We) with W = won / 2 and We = expected / 100 (8.3.2), rounded (8.3.4)
        change = round_ratio(k * (50 * won - expected), 100)
        if r0 + change < RATING_FLOOR and floor_applies:  # not published: fide_evaluate notes it
            out[p.start_rank] = evaluate_player(p, rating_of, info, birth_year, end)
            continue
        # Rp = Ra + dp(p), p = W / n to two decimals (8.1.1), in integers as fide._performance does
        dp = _DP[round_ratio(50 * won, n)]
        out[p.start_rank] = _make(FideFigures, (r0, expected, won, n, k, change, round_ratio(sum(ratings) + dp * n, n)))
    return out


def _rated(p: Player, rating_of: dict[int, int]) -> list[tuple[int, str]]:
    """(opponent, kind) of the player's rated games (``Game.rated``: played at the board, not a
    TRF W/D/L game, B.02 8.3.1) against a player of the tournament."""
    return [(opponent, kind) for opponent, kind, code in zip(p.opponent_ranks(), p.kinds(), p.codes())
            if is_rated(kind, code) and opponent in rating_of]


def _rated_games(people: Sequence[Player], rating_of: dict[int, int]) -> Iterable[tuple[list[int | None], int]]:
    """Per player, the ratings of the opponents of the rated games (0: unrated; None: not a
    player of the tournament, the player then goes to ``fide_evaluate``) and the half points
    won in them, read from the round columns (:func:`~trfscore.cells.columns`) a column at a time."""
    cells = columns(people)
    keys, n = cells.keys, cells.n
    if not n:
        return repeat(([], 0), len(people))
    halves = {key: _HALVES[kind] if is_rated(kind, cells.code(key)) else None for key, kind in cells.kind_of_key.items()}
    # the keys as bytes 1 (a rated game) and 0, and as the half points of a rated game ("-": none)
    rated = keys.translate({ord(key): "\x00" if h is None else "\x01" for key, h in halves.items()}).encode("latin-1")
    points = keys.translate({ord(key): "-" if h is None else str(h) for key, h in halves.items()})
    rating_or_none = cast("dict[int | None, int]", rating_of)  # (None: no opponent; cast: dict keys are invariant)
    ratings = list(map(rating_or_none.get, compress(cells.opponents, rated)))  # the rated cells' opponents'
    # row i holds cells i*n .. i*n+n-1, its rated cells' opponents ratings[ends[i-1]:ends[i]]
    firsts, lasts = range(0, len(keys), n), range(n, len(keys) + 1, n)
    ends = list(accumulate(map(rated.count, repeat(1), firsts, lasts)))
    wins = map(mul, map(points.count, repeat("2"), firsts, lasts), repeat(2))
    draws = map(points.count, repeat("1"), firsts, lasts)
    return zip(map(ratings.__getitem__, map(slice, [0, *ends[:-1]], ends)), map(add, wins, draws))


def evaluate_player(p: Player, rating_of: dict[int, int], info: PlayerInfo, birth_year: int | None,
                    end: _dt.date | None) -> RatingResult:
    """The player's :func:`.fide.fide_evaluate` (what :func:`.tournament.rate_tournament` gives
    every player): his rated games against the players of ``rating_of`` (start rank to rating,
    0: unrated; the games against unrated ones dropped with a note), K from ``info`` and the
    birth year, the rules of the date ``end``."""
    games = _rated(p, rating_of)
    ratings = [rating_of[opponent] for opponent, _ in games if rating_of[opponent]]
    won = sum([_HALVES[kind] for opponent, kind in games if rating_of[opponent]])
    dropped = len(games) - len(ratings)
    notes = [f"{dropped} game(s) against unrated opponents excluded"] if dropped else []
    return fide_evaluate(p.rating or None, ratings, Fraction(won, 2), notes, birth_year=birth_year,
                         games_before=info.games_before, reached_2400=bool(info.reached_2400), k=info.k, period=end)


class _PdTables:
    """Table 8.1.2's PD in hundredths indexed by the rating difference itself (own minus the
    opponent's, ``-span`` to ``span``; a negative one counts from the end of the list): with the
    400-point rule of 8.3.1 (``capped``) and without it (``uncapped``, made when first asked)."""

    def __init__(self, span: int) -> None:
        self.differences = list(range(span + 1)) + list(range(-span, 0))
        self.capped = list(map(fide_pd_hundredths, [CAP if d > CAP else -CAP if d < -CAP else d
                                                    for d in self.differences]))

    @cached_property
    def uncapped(self) -> list[int]:
        return list(map(fide_pd_hundredths, self.differences))
