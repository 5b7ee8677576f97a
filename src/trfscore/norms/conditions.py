"""The conditions of a norm, one function per article of B.01 (1.4.1, 1.4.3, 1.4.4, 1.4.5,
1.4.6-1.4.8), each judged on one set of counted games (a :class:`Case`) and returned as a
:class:`Condition` with its numbers.

Thresholds are computed on n, the games counted (8 under 1.4.1c).  Minima are rounded up and
maxima down (1.4.3-1.4.5, as the Annex of 1.7 tabulates them); Ra is rounded to the nearest
integer, .5 upwards (1.4.7), and p to the nearest whole percent, .5 % upwards (note to 1.4.9),
both by :func:`~trfscore.ratings.numbers.round_ratio`: integer arithmetic, never ``round()``.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, NamedTuple

from ..decimals import exact_decimal, half_glyph_points, json_number
from ..ratings.numbers import round_ratio
from ..ratings.tables import fide_dp_hundredths
from .editions import NORM_TITLES, TITLED, TITLEHOLDERS, Edition, NormType
from .event import FID
from .games import Opponent

__all__ = ["Case", "Condition", "Performance", "performance", "required_halves", "CONDITIONS", "MIX", "ceil_div", "json_score", "points"]


def ceil_div(a: int, b: int) -> int:
    """⌈a/b⌉ for integers, b > 0."""
    return -(-a // b)


class Case(NamedTuple):
    """One set of games judged for one norm."""

    norm: NormType
    edition: Edition
    applicant_federation: str
    games: tuple[Opponent, ...]
    min_games: int  # 1.4.1a/b: 9, or 7/8 for the events of 1.4.1b
    rule_141c: bool  # 8 games in a 9-round event, the ninth a forfeit win or a PAB
    exemption: str  # "" or the article waiving 1.4.3 and 1.4.4 (1.4.3a-d)
    double_round_robin: bool
    players: int  # in the event (1.4.5: a double round robin needs at least 6)

    @property
    def n(self) -> int:
        return len(self.games)


class Condition(NamedTuple):
    """One condition of the norm as judged: its key, article, verdict and the numbers behind it."""

    key: str
    article: str
    passed: bool
    text: str
    numbers: dict[str, Any] = {}  # noqa: RUF012 - a NamedTuple default, never changed


class Performance(NamedTuple):
    """1.4.6-1.4.8 worked out: the ratings after 1.4.6, Ra, p, dp and Rp."""

    ratings: tuple[int, ...]  # per counted game, after 1.4.6c/d
    floored: tuple[int, int, int] | None  # (index, rating before, the floor) for the one raised opponent
    total: int
    ra: int
    halves: int
    percent: int
    dp: int
    rp: int

    @property
    def ra_exact(self) -> Fraction:
        return Fraction(self.total, len(self.ratings))


def adjusted_ratings(case: Case) -> tuple[list[int], tuple[int, int, int] | None]:
    """1.4.6c/d: unrated opponents count ``edition.unrated``; then the single lowest opponent, if
    below the norm's floor, is raised to it (only one, however many are below)."""
    ratings = [o.rating if o.rating else case.edition.unrated for o in case.games]
    if not ratings:
        return ratings, None
    low = min(range(len(ratings)), key=ratings.__getitem__)
    if ratings[low] >= case.norm.floor:
        return ratings, None
    before = ratings[low]
    ratings[low] = case.norm.floor
    return ratings, (low, before, case.norm.floor)


def percent(halves: int, n: int) -> int:
    """p = score / n in whole percent, .5 % upwards (1.4.9 note)."""
    return round_ratio(100 * halves, 2 * n)


def performance(case: Case) -> Performance:
    ratings, floored = adjusted_ratings(case)
    n = len(ratings)
    total = sum(ratings)
    ra = round_ratio(total, n)  # 1.4.7: nearest integer, .5 upwards
    halves = sum(o.halves for o in case.games)
    pct = percent(halves, n)
    dp = fide_dp_hundredths(pct)
    return Performance(tuple(ratings), floored, total, ra, halves, pct, dp, ra + dp)


def own_federation_max(n: int) -> int:
    """1.4.4: at most 3/5 of n opponents from the applicant's federation, rounded down."""
    return 3 * n // 5


def titled_needed(n: int) -> int:
    """1.4.5a: at least half of n opponents titled, rounded up."""
    return ceil_div(n, 2)


def level_needed(n: int) -> int:
    """1.4.5b-e: at least a third of n opponents, rounded up, and at least 3, of the norm's level."""
    return max(3, ceil_div(n, 3))


def level_names(norm: NormType) -> str:
    """The titles of the norm's level as the texts name them: ``GM/IM``."""
    return "/".join(sorted(norm.level, key=NORM_TITLES.index))


def meets_35(halves: int, n: int) -> bool:
    """1.4.8b, exactly: score ≥ 35 % of n ⇔ 100·halves ≥ 70·n."""
    return 100 * halves >= 70 * n


def required_halves(ra: int, n: int, norm: NormType) -> int | None:
    """The least score (half-points) that meets 1.4.8 and 1.4.8b with this Ra over n games
    (1.4.1d's "score required"); None if even n points do not."""
    return next((h for h in range(2 * n + 1) if meets_35(h, n) and ra + fide_dp_hundredths(percent(h, n)) >= norm.min_rp),
                None)


def points(halves: int) -> str:
    """Half-points for people: ``6½``, ``½``, ``7``."""
    return half_glyph_points(Fraction(halves, 2))


# -- the conditions, in the order a report leads with (the first failing one) -------------------------

def games_condition(case: Case, perf: Performance) -> Condition:
    """1.4.1: at least 9 games (7 or 8 in the events of 1.4.1b), or 8 and a forfeit win or PAB in a
    9-round event (1.4.1c)."""
    n = case.n
    if case.rule_141c:
        return Condition("games", case.edition.article("1.4.1c"), True,
                         f"{n} games in a 9-round event, the ninth round a forfeit win or a pairing-allocated bye: "
                         "a 9-game norm if the rest holds", {"games": n, "needed": case.min_games})
    ok = n >= case.min_games
    article = "1.4.1a" if case.min_games == 9 else "1.4.1b"
    return Condition("games", case.edition.article(article), ok,
                     f"{n} games counted, {case.min_games} needed", {"games": n, "needed": case.min_games})


def foreign_condition(case: Case, perf: Performance) -> Condition:
    """1.4.3: opponents from at least two federations other than the applicant's (FID not counted)."""
    feds = sorted({o.federation for o in case.games if o.federation not in (case.applicant_federation, FID)})
    if case.exemption:
        return Condition("foreign_federations", case.edition.article(case.exemption), True,
                         f"waived ({case.edition.article(case.exemption)}); {len(feds)} foreign federation(s): "
                         f"{' '.join(feds) or 'none'}", {"federations": feds, "needed": 2, "waived": True})
    ok = len(feds) >= 2
    return Condition("foreign_federations", case.edition.article("1.4.3"), ok,
                     f"{len(feds)} federation(s) other than {case.applicant_federation or 'the applicant'}'s: "
                     f"{' '.join(feds) or 'none'}; 2 needed", {"federations": feds, "needed": 2, "waived": False})


def caps_condition(case: Case, perf: Performance) -> Condition:
    """1.4.4: at most 3/5 of the opponents from the applicant's federation and 2/3 from any one
    (maxima rounded down; FID players belong to no federation here)."""
    games = case.games
    n = len(games)
    counts = Counter(o.federation for o in games if o.federation != FID)
    own = counts.get(case.applicant_federation, 0) if case.applicant_federation else 0
    own_max, one_max = own_federation_max(n), 2 * n // 3
    largest, most = counts.most_common(1)[0] if counts else ("", 0)
    ok = own <= own_max and most <= one_max
    numbers = {"own": own, "own_max": own_max, "largest": largest, "largest_count": most, "one_max": one_max,
               "waived": bool(case.exemption)}
    text = (f"own federation {case.applicant_federation or '?'} {own} ≤ ⌊3·{n}/5⌋ = {own_max}"
            f"{'' if own <= own_max else ' FAILS'}; largest {largest or '-'} {most} ≤ ⌊2·{n}/3⌋ = {one_max}"
            f"{'' if most <= one_max else ' FAILS'}")
    if case.exemption:
        return Condition("federation_caps", case.edition.article(case.exemption), True,
                         f"waived with 1.4.3 ({case.edition.article(case.exemption)}); {text}", numbers)
    return Condition("federation_caps", case.edition.article("1.4.4"), ok, text, numbers)


def titled_condition(case: Case, perf: Performance) -> Condition:
    """1.4.5a: at least half the opponents hold GM, IM, WGM, WIM, FM or WFM (CM, WCM do not count)."""
    games = case.games
    titled = [o for o in games if o.title in TITLED]
    need = titled_needed(len(games))
    by_title = Counter(o.title for o in titled)
    return Condition("titled_half", case.edition.article("1.4.5a"), len(titled) >= need,
                     f"{len(titled)} titled opponents ({_counts(by_title)}), ⌈{len(games)}/2⌉ = {need} needed",
                     {"titled": len(titled), "needed": need, "by_title": dict(by_title)})


def level_condition(case: Case, perf: Performance) -> Condition:
    """1.4.5b-e: at least a third of the opponents, and at least 3, hold a title of the norm's
    level or higher; a double round robin (at least 6 players) needs half as many different
    players, rounded up (our reading: docs/norms.md)."""
    games = case.games
    level = [o for o in games if o.title in case.norm.level]
    need = level_needed(len(games))
    names = level_names(case.norm)
    if case.double_round_robin:
        players = len({o.start_rank for o in level})
        half = ceil_div(need, 2)
        ok = players >= half and case.players >= 6
        return Condition("norm_titles", case.edition.article(case.norm.article), ok,
                         f"double round robin: {players} different {names} opponent(s), ⌈max(3, ⌈{len(games)}/3⌉)/2⌉"
                         f" = {half} needed; {case.players} players (6 needed)",
                         {"count": players, "needed": half, "titles": names, "players": case.players})
    return Condition("norm_titles", case.edition.article(case.norm.article), len(level) >= need,
                     f"{len(level)} {names} opponent(s), max(3, ⌈{len(games)}/3⌉) = {need} needed",
                     {"count": len(level), "needed": need, "titles": names})


def min_ra_condition(case: Case, perf: Performance) -> Condition:
    """1.4.8a: the average rating of the opponents (after 1.4.6) at least the norm's minimum."""
    return Condition("min_ra", case.edition.article("1.4.8a"), perf.ra >= case.norm.min_ra,
                     f"Ra {perf.ra} ≥ {case.norm.min_ra}" + ("" if perf.ra >= case.norm.min_ra else " FAILS"),
                     {"ra": perf.ra, "min_ra": case.norm.min_ra})


def min_score_condition(case: Case, perf: Performance) -> Condition:
    """1.4.8b: a score of at least 35 %, compared exactly (score ≥ 0.35·n)."""
    n, h = len(perf.ratings), perf.halves
    ok = meets_35(h, n)
    exact = Fraction(35 * n, 100)
    text = f"score {points(h)}/{n} ≥ 35 % of {n} = {exact_decimal(exact)}" + ("" if ok else " FAILS")
    if ok != (perf.percent >= 35):
        text += f" (the rounded percentage, {perf.percent} %, would say otherwise: exact comparison used)"
    return Condition("min_score", case.edition.article("1.4.8b"), ok, text,
                     {"score": json_score(h), "games": n, "percent": perf.percent})


def performance_condition(case: Case, perf: Performance) -> Condition:
    """1.4.8: Rp = Ra + dp(p) at least the norm's minimum (2600, 2450, 2400, 2250)."""
    ok = perf.rp >= case.norm.min_rp
    return Condition("performance", case.edition.article("1.4.8"), ok,
                     f"p = {points(perf.halves)}/{len(perf.ratings)} → {perf.percent} %, dp {perf.dp:+d}; "
                     f"Rp = {perf.ra} {perf.dp:+d} = {perf.rp} ≥ {case.norm.min_rp}" + ("" if ok else " FAILS"),
                     {"percent": perf.percent, "dp": perf.dp, "rp": perf.rp, "min_rp": case.norm.min_rp})


#: the conditions on the opponent mix, which a round robin must also meet over all its games (1.4.1f)
MIX = (foreign_condition, caps_condition, titled_condition, level_condition)
CONDITIONS = (games_condition, foreign_condition, caps_condition, titled_condition, level_condition,
              min_ra_condition, min_score_condition, performance_condition)


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{counter[t]} {t}" for t in TITLEHOLDERS if counter.get(t)) or "none"


def json_score(h: int) -> int | float:
    """Half-points as the JSON documents write a score (:func:`~trfscore.decimals.json_number`): 7 or 6.5."""
    value = json_number(Fraction(h, 2))
    assert value is not None
    return value
