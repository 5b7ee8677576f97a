"""FIDE Elo after one tournament or rating period: FIDE Rating Regulations, Handbook B.02.

Follows the text in force from 1 March 2024 (8.2 first rating with two hypothetical draws
against 1800, floor 1400, 400-point rule any number of times) with the amendment of
1 October 2025 (the 400-point rule only for players rated below 2650),.  Expected scores and dp come from tables 8.1.2 and
8.1.1 (:mod:`.tables`); the rating change is rounded half away from zero (8.3.4).
"""
from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypedDict, Unpack

from .event import as_date
from .numbers import Number, as_fraction, fmt, round_half_away, round_ratio
from .result import OpponentEntry, RatingResult, make_result, parse_games
from .tables import fide_dp, fide_dp_hundredths, fide_pd_hundredths, round_percentage

__all__ = [
    "FideResult", "FideOptions", "fide_update", "fide_evaluate", "fide_k", "fide_performance", "fide_uplift_2024",
    "RATING_FLOOR", "FIRST_RATING_MAX", "EXEMPTION_2650_FROM", "REFORM_2024_FROM",
]

RATING_FLOOR = 1400  # 2024 text: ratings below 1400 are not published
FIRST_RATING_MAX = 2200  # 8.2: highest initial rating
MIN_FIRST_GAMES = 5  # 8.2: at least 5 games against rated opponents
HYPOTHETICAL = 1800  # 8.2 (2024): two draws against hypothetical 1800 opponents
EXEMPTION_2650_FROM = _dt.date(2025, 10, 1)  # 8.3.1 amended: no 400 cap from 2650
REFORM_2024_FROM = _dt.date(2024, 3, 1)
CAP = 400  # 8.3.1: a difference of more than 400 counts as 400
K_TIMES_N_MAX = 700  # 8.3.3: K * n may not exceed 700 in one period

Period = _dt.date | str | int | None


class FideOptions(TypedDict, total=False):
    """The keywords of :func:`fide_update` and :func:`fide_evaluate`, written once: what B.02
    needs to know of the player besides the games; each may be left out."""

    birth_year: int | None  # the junior K (8.3.3): K 40 up to the year of the 18th birthday
    games_before: int | None  # games rated before: K 40 while fewer than 30 (None: unknown)
    reached_2400: bool  # the published rating has reached 2400 once: K 10 for good (default False)
    k: int | None  # K given instead of the one of 8.3.3 (the 700 rule still applies)
    period: Period  # the event's date, year or "YYYY-MM[-DD]": the 2650 exemption, the junior year


def _checked(options: FideOptions, function: str) -> FideOptions:
    """``options``, once no keyword in it is unknown (a TypeError, as for any Python function)."""
    if not options.keys() <= _OPTION_NAMES:
        unknown = min(options.keys() - _OPTION_NAMES)
        raise TypeError(f"{function}() got an unexpected keyword argument {unknown!r}")
    return options


_OPTION_NAMES = frozenset(FideOptions.__annotations__)


@dataclass(frozen=True, kw_only=True)
class FideResult(RatingResult):
    """One FIDE evaluation.  ``coefficient`` is K (after the 700 rule); ``k_reason`` says why."""

    system: str = "fide"
    k_reason: str = ""
    capped_games: int = 0
    published: bool = True


def fide_k(rating: int, *, birth_year: int | None = None, games_before: int | None = None,
           reached_2400: bool = False, year: int | None = None) -> tuple[int, str]:
    """K by 8.3.3 (before the 700 rule) and the reason for it.

    40 while fewer than 30 games are rated (``games_before``); 40 up to the end of the year of
    the 18th birthday while the rating is below 2300; 10 once 2400 has been reached; else 20.
    """
    if games_before is not None and games_before < 30:
        return 40, f"K = 40: {games_before} games rated before, fewer than 30"
    if birth_year is not None:
        y = year if year is not None else _dt.date.today().year
        if y - birth_year <= 18 and rating < 2300:
            return 40, f"K = 40: junior (year {y} - birth {birth_year} <= 18) below 2300"
    if reached_2400 or rating >= 2400:
        return 10, "K = 10: 2400 reached"
    return 20, "K = 20: below 2400"


def fide_performance(opponents: Sequence[Number], score: Number) -> int | None:
    """Rp = Ra + dp(p) (8.1.1): Ra the plain average, p = W/n to two decimals; rounded."""
    ratings = [as_fraction(r) for r in opponents]
    if not ratings:
        return None
    return _performance(sum(ratings, Fraction(0)), len(ratings), as_fraction(score))


def _performance(total: int | Fraction, n: int, w: Fraction) -> int:
    """Rp = total/n + dp(W/n) rounded half away from zero (8.1.1), in integers: p is taken to
    two decimals the same way (:func:`.tables.round_percentage`)."""
    p100 = round_ratio(100 * w.numerator, w.denominator * n)
    if p100 < 0 or p100 > 100:
        raise ValueError(f"fractional score out of range: {w / n!r}")
    dp = fide_dp_hundredths(p100)
    return round_ratio(total.numerator + dp * n * total.denominator, n * total.denominator)


def fide_uplift_2024(rating: Number) -> int:
    """The one-time 1 March 2024 adjustment: R + 0.4 (2000 - R) below 2000, rounded."""
    r = as_fraction(rating)
    return round_half_away(r if r >= 2000 else r + Fraction(2, 5) * (2000 - r))


def _first_rating(ratings: list[Fraction], w: Fraction, when: _dt.date | None,
                  steps: list[str], notes: list[str]) -> dict[str, Any]:
    n = len(ratings)
    base = dict(new_rating=None, change=None, expected=None, coefficient=None,
                performance=fide_performance(ratings, w) if n else None)
    if n < MIN_FIRST_GAMES:
        notes.append(f"no first rating: {n} game(s) against rated opponents, 5 needed (8.2)")
        return base
    if w <= 0:
        notes.append("no first rating: a zero score is disregarded (8.2)")
        return base
    if when is not None and when < REFORM_2024_FROM:
        notes.append("period before 1 March 2024: the 2024 first-rating rule was applied")
    # 8.2 (2024): add two hypothetical draws against opponents rated 1800.
    total = sum(ratings, Fraction(0)) + 2 * HYPOTHETICAL
    ra = total / (n + 2)
    p = (w + 1) / (n + 2)
    dp = fide_dp(p)
    raw = ra + dp
    ru = round_half_away(raw)
    steps.append(f"with 2 draws vs {HYPOTHETICAL}: Ra = {fmt(ra, 2)}, p = {fmt(w + 1, 1)}/{n + 2}"
                 f" = {fmt(p, 4)} -> {fmt(round_percentage(p), 2)}, dp = {dp},"
                 f" Ru = {fmt(raw, 2)} -> {ru}")
    value = min(ru, FIRST_RATING_MAX)
    if ru > FIRST_RATING_MAX:
        steps.append(f"capped at the maximum initial rating {FIRST_RATING_MAX}")
    published = value >= RATING_FLOOR
    if not published:
        notes.append(f"initial rating {value} below {RATING_FLOOR}: not published")
    return dict(base, new_rating=value if published else None, raw_rating=raw,
                published=published, k_reason="first rating")


def fide_update(
    rating: Number | None,
    opponents: Sequence[OpponentEntry],
    score: Number | None,
    **options: Unpack[FideOptions],
) -> FideResult:
    """The FIDE rating after the games of one event or period (B.02 8.2, 8.3).

    ``rating``: the published rating (None: unrated, a first rating is tried); ``opponents``:
    opponents' ratings in the played games (None = unrated, excluded: 8.3.1 rates games against
    rated players only) or (rating, result) pairs; ``score``: the score against the rated
    opponents (or the total of the pairs).  ``options`` (:class:`FideOptions`): ``birth_year``,
    ``games_before``, ``reached_2400`` and ``k`` decide K (8.3.3, unless ``k`` is given; the
    700 rule applies in both cases); ``period`` (date, year, "YYYY-MM[-DD]") selects the 2650
    exemption (from 2025-10-01) and the junior year; None means the current rules and this
    year.  Pass all games of a rating period in one call for the 700 rule.
    """
    ratings, w, notes = parse_games(opponents, score)
    return fide_evaluate(rating, ratings, w, notes, **_checked(options, "fide_update"))


def fide_evaluate(
    rating: Number | None,
    ratings: Sequence[int | Fraction],
    w: Fraction,
    notes: list[str],
    **options: Unpack[FideOptions],
) -> FideResult:
    """:func:`fide_update` after its input is read: ``ratings`` the rated opponents' ratings
    (exact: ints or Fractions), ``w`` the score against them, ``notes`` the notes so far;
    ``options`` as for :func:`fide_update`.

    The games are summed in integers (PD in hundredths, table 8.1.2) and the steps are written
    only when someone reads them.
    """
    k = _checked(options, "fide_evaluate").get("k")
    n = len(ratings)
    period = options.get("period")
    when = None if period is None else as_date(period)
    total = sum(ratings)
    ra = Fraction(total, n) if n else None
    performance = _performance(total, n, w) if n else None
    common: dict[str, Any] = dict(score=w, games=n, opponent_average=ra)
    if rating is None:
        steps = _head_steps(rating, n, w, ra)
        out = _first_rating([as_fraction(r) for r in ratings], w, when, steps, notes)
        out["performance"] = performance
        return FideResult(old_rating=None, first_rating=out.get("raw_rating") is not None,
                          steps=tuple(steps), notes=tuple(notes), **out, **common)
    r0 = round_half_away(rating if type(rating) is int else as_fraction(rating))
    if n == 0:
        notes.append("no rated game: rating unchanged")
        return FideResult(old_rating=r0, new_rating=None, change=None, expected=None,
                          coefficient=None, performance=None, steps=tuple(_head_steps(rating, n, w, ra)),
                          notes=tuple(notes), **common)
    # 8.3.1: a difference over 400 counts as 400, unless (from 1 Oct 2025) the player is
    # rated 2650 or more.
    exempt = r0 >= 2650 and (when is None or when >= EXEMPTION_2650_FROM)
    diffs = [r0 - (opp if type(opp) is int else round_half_away(opp)) for opp in ratings]
    capped = 0
    if not exempt and (min(diffs) < -CAP or max(diffs) > CAP):
        capped = sum(1 for d in diffs if d < -CAP or d > CAP)
        diffs = [CAP if d > CAP else -CAP if d < -CAP else d for d in diffs]
    hundredths = sum(map(fide_pd_hundredths, diffs))
    expected = Fraction(hundredths, 100)
    if k is None:
        year = when.year if when is not None else None
        k_base, reason = fide_k(r0, birth_year=options.get("birth_year"), games_before=options.get("games_before"),
                                reached_2400=options.get("reached_2400", False), year=year)
    else:
        k_base, reason = int(k), f"K = {int(k)} (given)"
    k_used = k_base
    if k_base * n > K_TIMES_N_MAX:  # 8.3.3: the largest K with K * n <= 700
        k_used = K_TIMES_N_MAX // n
        reason += f"; K*n = {k_base}*{n} > 700 -> K = {k_used}"
    # change = K * (W - We), rounded .5 away from zero (8.3.4), with We = hundredths / 100
    change = round_ratio(k_used * (100 * w.numerator - hundredths * w.denominator), 100 * w.denominator)
    raw = r0 + change
    published = raw >= RATING_FLOOR or (when is not None and when < REFORM_2024_FROM)
    if not published:
        notes.append(f"new rating {raw} below the floor {RATING_FLOOR}: listed as unrated")

    def steps_made() -> list[str]:
        return [*_head_steps(rating, n, w, ra),
                f"We = {fmt(expected, 2)}" + (f" ({capped} difference(s) capped at 400)" if capped else "")
                + (" (rated 2650+: no 400 cap)" if exempt else ""), reason,
                f"change = K*(W - We) = {k_used}*({fmt(w, 1)} - {fmt(expected, 2)}) = "
                f"{fmt(k_used * (w - expected), 2)} -> {change:+d}; Rn = {raw}"]

    return make_result(FideResult, dict(
        old_rating=r0, new_rating=raw if published else None, change=change if published else None,
        expected=expected, coefficient=Fraction(k_used), performance=performance, raw_rating=Fraction(raw),
        k_reason=reason, capped_games=capped, published=published, steps=steps_made, notes=tuple(notes),
        score=w, games=n, opponent_average=ra))


def _head_steps(rating: Number | None, n: int, w: Fraction, ra: Fraction | None) -> list[str]:
    """The first two steps: Ro, then n, W and Ra."""
    return [f"Ro = {fmt(rating) if rating is not None else 'unrated'}",
            f"n = {n}, W = {fmt(w, 1)}" + (f", Ra = {fmt(ra, 2)}" if ra is not None else "")]
