"""DWZ (Deutsche Wertungszahl) of the Deutscher Schachbund, two editions.

* ``edition="classic"``: the Wertungsordnung (WO) in force for tournaments ending before
  8 June 2026: Rn = R0 + 800 (W - We) / (E + n), development coefficient E = fB * E0 + SBr
  (WO 3.5, Anhang 2.4), first DWZ by the Gesamtiteration with compression below 800 (WO 3.4),
  performance Rh (WO 3.6).
* ``edition="2026"``: the reformed WO for tournaments ending on or after 8 June 2026:
  Rn = R0 + K (W - We), K = K0 * b + a (one decimal, K <= 80), floor 1100, new first DWZ.
  The official text was not available; this follows the published implementations, with every
  constant in :class:`Reform2026`.

Both use the normal-curve expected score of WO 3.3 (:func:`tables.dsb_expected`).  Only games
against rated opponents count; the caller drops forfeits (WO 2.2.5).
"""
from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, TypeVar

from .event import as_date
from .numbers import Number, as_fraction, fmt, round_half_away, round_to
from .result import OpponentEntry, RatingResult, parse_games
from .tables import Curve, dsb_difference_table, dsb_expected

__all__ = [
    "Edition", "FirstMethod", "REFORM_DATE", "Reform2026", "REFORM_2026", "DwzResult",
    "dwz_update", "dwz_edition_for", "age_constant", "dwz_first_2026_from_performance",
    "dwz_upgrade_2026", "expected_score", "solve_performances", "first_value",
    "first_rating_inputs", "MIN_FIRST_GAMES",
]

Edition = Literal["classic", "2026"]
FirstMethod = Literal["iteration", "exact"]
REFORM_DATE = _dt.date(2026, 6, 8)  # first tournament end date rated by the 2026 WO

MIN_FIRST_GAMES = 5  # WO 3.4.1: at least 5 games against rated opponents
MIN_PERFORMANCE_GAMES = 5  # WO 3.6: Rh for players with at least 5 rated games


@dataclass(frozen=True)
class Reform2026:
    """The "Stellgrößen" of the 2026 WO (docs/ratings.md): r, t, u, a1, a2, Kmax, K >= 5, floor."""

    r: Fraction = Fraction(8, 100)
    t: int = 30
    u: int = 800
    a1: Fraction = Fraction(4)
    a2: Fraction = Fraction(4)
    k_max: Fraction = Fraction(80)
    k_min: Fraction = Fraction(5)
    floor: int = 1100
    # K0 by index 1..10 and ">10" (index 0 counts as 1), one row per group.
    k0_youth: tuple[int, ...] = (60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32)
    k0_adult: tuple[int, ...] = (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28)
    k0_high: tuple[int, ...] = (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25)


REFORM_2026 = Reform2026()


@dataclass(frozen=True, kw_only=True)
class DwzResult(RatingResult):
    """One DWZ evaluation.  ``coefficient`` is E (classic, an int) or K (2026, one decimal)."""

    system: str = "dwz"
    edition: str = "classic"
    index_before: int | None = None
    index_after: int | None = None
    age: int | None = None
    # classic: E0, fB, SBr, E before rounding
    e0: Fraction | None = None
    acceleration: Fraction | None = None
    braking: Fraction | None = None
    coefficient_raw: Fraction | None = None
    # 2026: K0, braking factor b, success bonus a
    k0: int | None = None
    brake_factor: Fraction | None = None
    bonus: Fraction | None = None


# --- editions -------------------------------------------------------------------------------

def dwz_edition_for(end_date: _dt.date | str | None) -> Edition:
    """The WO edition for a tournament ending on ``end_date``: "2026" from 2026-06-08.

    Accepts a date or text (:func:`.event.as_date`); None means today.
    Raises ValueError for text that is not a date.
    """
    day = _dt.date.today() if end_date is None else as_date(end_date)
    return "2026" if day >= REFORM_DATE else "classic"


# --- expected score and performance ---------------------------------------------------------

def expected_score(rating: Number, opponents: Sequence[Number], *, curve: Curve = "normal",
                   p_decimals: int | None = None) -> Fraction:
    """We = sum of P(R - Rj) over the opponents (WO 3.3.2)."""
    r = as_fraction(rating)
    return sum((dsb_expected(r - as_fraction(o), curve=curve, decimals=p_decimals)
                for o in opponents), Fraction(0))


def _root(opponents: Sequence[Fraction], score: Fraction, curve: Curve,
          p_decimals: int | None) -> Fraction:
    """The rating R with We(R) = W, by bisection (We rises with R)."""
    lo = float(min(opponents)) - 4000.0
    hi = float(max(opponents)) + 4000.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if expected_score(Fraction(mid), opponents, curve=curve, p_decimals=p_decimals) < score:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-9:
            break
    return Fraction((lo + hi) / 2.0)


#: A player's key in :func:`solve_performances` (the caller's: a start rank, a name...).
Key = TypeVar("Key", bound=Hashable)


def solve_performances(
    fixed: Mapping[Key, Sequence[Number]],
    linked: Mapping[Key, Sequence[Key]],
    scores: Mapping[Key, Number],
    *,
    method: FirstMethod = "iteration",
    curve: Curve = "normal",
    p_decimals: int | None = None,
    max_rounds: int = 2000,
) -> tuple[dict[Key, Fraction], bool]:
    """The Gesamtiteration of WO 3.4.4: ratings Ri with We(Ri) = W for several players at once.

    ``fixed[k]`` are player k's opponents with a known rating, ``linked[k]`` the keys of his
    opponents whose value is being solved in the same run, ``scores[k]`` his score in all these
    games.  With ``method="iteration"`` the WO's procedure is emulated: start from
    Rc + D(W/n), then repeat Ri <- Ri + D(0.5 + (W - We)/n) with D from the 3-decimal table in
    whole points, all players at once, until no value changes (should the steps alternate,
    each player keeps the value of the cycle with the smallest |W - We|).  ``method="exact"``
    solves the equations to within 1e-7.  Returns the values and whether the run converged.
    """
    keys = list(scores)
    fixed_r = {k: [as_fraction(x) for x in fixed.get(k, ())] for k in keys}
    linked_k = {k: list(linked.get(k, ())) for k in keys}
    w = {k: as_fraction(scores[k]) for k in keys}
    every = [x for k in keys for x in fixed_r[k]]
    overall = sum(every, Fraction(0)) / len(every) if every else Fraction(1500)
    # First guess of every value: the average of his fixed opponents.
    guess = {k: (sum(fixed_r[k], Fraction(0)) / len(fixed_r[k]) if fixed_r[k] else overall)
             for k in keys}

    def opponents_of(k: Key, values: Mapping[Key, Fraction]) -> list[Fraction]:
        return fixed_r[k] + [values[o] for o in linked_k[k]]

    values: dict[Key, Fraction] = {}
    for k in keys:  # start value Rc + D(W/n)
        opp = opponents_of(k, guess)
        rc = sum(opp, Fraction(0)) / len(opp)
        values[k] = rc + dsb_difference_table(w[k] / len(opp), curve=curve)
    def misfit(k: Key, state: Mapping[Key, Fraction]) -> Fraction:
        return abs(w[k] - expected_score(state[k], opponents_of(k, state), curve=curve,
                                         p_decimals=p_decimals))

    seen: dict[tuple[Fraction, ...], int] = {}
    history: list[dict[Key, Fraction]] = []
    for _ in range(max_rounds):
        state = tuple(values[k] for k in keys)
        if state in seen:
            # The 3-decimal table can make the whole-point steps alternate (e.g. +1, -1) near
            # the solution; then each player keeps the value of the cycle closest to We = W.
            cycle = history[seen[state]:]
            return {k: min(cycle, key=lambda st: misfit(k, st))[k] for k in keys}, True
        seen[state] = len(history)
        history.append(values)
        new: dict[Key, Fraction] = {}
        moved = False
        for k in keys:
            opp = opponents_of(k, values)
            if method == "exact":
                new[k] = _root(opp, w[k], curve, p_decimals)
                moved = moved or abs(new[k] - values[k]) > Fraction(1, 10 ** 7)
            else:
                we = expected_score(values[k], opp, curve=curve, p_decimals=p_decimals)
                step = dsb_difference_table(Fraction(1, 2) + (w[k] - we) / len(opp), curve=curve)
                new[k] = values[k] + step
                moved = moved or step != 0
        values = new
        if not moved:
            return values, True
    return values, False


def _performance(opponents: list[Fraction], score: Fraction, method: FirstMethod, curve: Curve,
                 p_decimals: int | None) -> tuple[Fraction | None, str | None]:
    """Rh of WO 3.6 for one player (None for fewer than 5 games or a 0 % / 100 % score)."""
    n = len(opponents)
    if n < MIN_PERFORMANCE_GAMES:
        return None, None
    if score <= 0 or score >= n:
        return None, "performance undefined for a 0 % or 100 % score"
    values, ok = solve_performances({0: opponents}, {}, {0: score}, method=method, curve=curve,
                                    p_decimals=p_decimals)
    return values[0], None if ok else "performance iteration did not settle"


# --- classic edition ------------------------------------------------------------------------

def age_constant(age: int | None) -> int:
    """J of WO 3.5.1: 5 up to age 20, 10 for 21-25, 15 from 26 (and when the age is unknown)."""
    return 15 if age is None or age > 25 else 5 if age <= 20 else 10


def _classic(r0: Fraction, index: int | None, age: int | None, n: int, w: Fraction,
             we: Fraction, steps: list[str], notes: list[str]) -> dict[str, Any]:
    """E and Rn of WO 3.5 for an established player with ``n`` rated games."""
    j = age_constant(age)
    e0 = (r0 / 1000) ** 4 + j
    steps.append(f"E0 = (Ro/1000)^4 + J = {fmt((r0 / 1000) ** 4, 4)} + {j} = {fmt(e0, 4)}"
                 + ("" if age is not None else " (age unknown: J = 15)"))
    # WO 3.5.1: acceleration fB = Ro/2000 in [0.5, 1] only for J = 5 (age <= 20) and W >= We.
    f_b = min(max(r0 / 2000, Fraction(1, 2)), Fraction(1)) if j == 5 and w >= we else Fraction(1)
    # Braking surcharge SBr = e^((1300 - R0) / 150) - 1 (WO 3.5.1), only for Ro < 1300 and W <= We
    # (both may apply when W = We).
    s_br = Fraction(math.expm1(float((1300 - r0) / 150))) if (r0 < 1300 and w <= we) else Fraction(0)
    e_raw = f_b * e0 + s_br
    e = round_half_away(e_raw)  # WO: E is always used as a whole number
    if s_br > 0:
        upper, why = 150, "150 with braking"
    elif index is None:
        upper, why = 30, "30 (index unknown, no index cap)"
        notes.append("index unknown: the cap 5*i was not applied")
    else:
        i_eff = max(index, 1)  # index 0 (imported national rating) counts as 1
        upper = min(30, 5 * i_eff)
        why = f"min(30, 5*{i_eff})"
    e_final = max(5, min(e, upper))
    steps.append(f"fB = {fmt(f_b, 4)}, SBr = {fmt(s_br, 4)}, E = fB*E0 + SBr = {fmt(e_raw, 4)}"
                 f" -> {e} -> bounds 5..{upper} ({why}) -> E = {e_final}")
    raw = r0 + Fraction(800) * (w - we) / (e_final + n)
    rn = round_half_away(raw)
    steps.append(f"Rn = Ro + 800*(W - We)/(E + n) = {fmt(r0)} + 800*({fmt(w, 1)} - {fmt(we, 4)})"
                 f"/({e_final} + {n}) = {fmt(raw, 2)} -> {rn}")
    return dict(new_rating=rn, raw_rating=raw, coefficient=Fraction(e_final),
                coefficient_raw=e_raw, e0=e0, acceleration=f_b, braking=s_br)


def first_value(ri: Fraction, *, edition: Edition = "classic",
                constants: Reform2026 = REFORM_2026,
                steps: list[str] | None = None) -> tuple[int, Fraction]:
    """The first DWZ from the solved value Ri: (rounded first DWZ, value before rounding).

    classic (WO 3.4.4): Ri below 800 is compressed to 700 + Ri/8; 2026: the r-correction of
    :func:`dwz_first_2026_from_performance`, never below the floor.
    """
    log = steps if steps is not None else []
    if edition == "classic":
        value = ri
        if ri < 800:  # WO 3.4.4: values below 800 are compressed (continuous at 800)
            value = 700 + ri / 8
            log.append(f"Ri < 800: 700 + Ri/8 = {fmt(value, 2)}")
        rn = round_half_away(value)
    else:
        value = dwz_first_2026_from_performance(ri, constants)
        rn = max(round_half_away(value), constants.floor)
        log.append(f"Rp = {fmt(ri, 2)} -> first DWZ (r = {fmt(constants.r, 2)}) = {fmt(value, 2)}")
    log.append(f"first DWZ = {rn}")
    return rn, value


def first_rating_inputs(ratings: list[Fraction], w: Fraction, edition: Edition,
                        notes: list[str], steps: list[str]) -> tuple[list[Fraction], Fraction]:
    """2026 only: at 100 % a fictitious draw against the opponents' average is added (har64,
    "nach 3.6.2"); the classic WO gives no first DWZ for 0 % or 100 % (WO 3.4.1)."""
    n = len(ratings)
    if edition == "2026" and n and w >= n:
        rc = sum(ratings, Fraction(0)) / n
        notes.append("100 % score: a fictitious draw against the average opponent added")
        steps.append(f"fictitious draw against Rc = {fmt(rc, 2)}")
        return ratings + [rc], w + Fraction(1, 2)
    return ratings, w


# --- 2026 edition ---------------------------------------------------------------------------

def _k0(r0: Fraction, age: int | None, index: int | None, c: Reform2026,
        notes: list[str]) -> tuple[int, str]:
    young = age is not None and age <= 25
    if young and r0 < 2200:
        row, name = c.k0_youth, "youth/junior < 2200"
    elif not young and r0 < 2000:
        row, name = c.k0_adult, "adult < 2000"
    else:
        row, name = c.k0_high, "high"
    if index is None:
        notes.append("index unknown: K0 taken from the column '>10'")
        col = len(row) - 1
    else:
        col = min(max(index, 1), len(row)) - 1
    return row[col], name


def _reform(r0: Fraction, index: int | None, age: int | None, w: Fraction, we: Fraction,
            c: Reform2026, steps: list[str], notes: list[str]) -> dict[str, Any]:
    """K and Rn of the 2026 WO (docs/ratings.md) for an established player."""
    k0, group = _k0(r0, age, index, c, notes)
    b = (r0 + c.u) / (1600 + c.u) if w < we and r0 < 1600 else Fraction(1)  # braking factor b = (R0 + u) / (1600 + u)
    a = Fraction(0)
    if w >= we:  # success bonus a
        if age is not None and age <= 20 and r0 < 2000:
            a = (2000 - r0) / c.t
        elif age is not None and 21 <= age <= 25 and r0 < 1600:
            a = c.a1
        elif (age is None or age >= 26) and r0 < 1600:
            a = c.a2
    k_raw = k0 * b + a
    k = min(max(round_to(k_raw, 1), c.k_min), c.k_max)
    steps.append(f"K0 = {k0} ({group}), b = {fmt(b, 4)}, a = {fmt(a, 2)}, "
                 f"K = K0*b + a = {fmt(k_raw, 2)} -> {fmt(k, 1)}"
                 + (f" (bounds {c.k_min}..{c.k_max})" if k != round_to(k_raw, 1) else ""))
    raw = r0 + k * (w - we)
    rn = round_half_away(raw)
    steps.append(f"Rn = Ro + K*(W - We) = {fmt(r0)} + {fmt(k, 1)}*({fmt(w, 1)} - {fmt(we, 4)})"
                 f" = {fmt(raw, 2)} -> {rn}")
    if rn < c.floor:
        steps.append(f"Rn below the floor {c.floor} -> {c.floor}")
        rn = c.floor
    return dict(new_rating=rn, raw_rating=raw, coefficient=k, coefficient_raw=k_raw, k0=k0,
                brake_factor=b, bonus=a)


def dwz_first_2026_from_performance(rp: Number, constants: Reform2026 = REFORM_2026) -> Fraction:
    """The 2026 first DWZ from the performance Rp, before rounding (docs/ratings.md, r = 0.08).

    Rp >= 2000: Rp; 1100 <= Rp < 2000: Rp + r(2000 - Rp); below: 1100 + r*900/1100 * Rp.
    """
    r = as_fraction(rp)
    c = constants
    if r >= 2000:
        return r
    if r >= c.floor:
        return r + c.r * (2000 - r)
    return max(Fraction(c.floor) + c.r * (2000 - c.floor) / c.floor * r, Fraction(c.floor))


def dwz_upgrade_2026(rating: Number) -> Fraction:
    """The one-time DWZ upgrade announced with the 2026 WO (docs/ratings.md), unrounded:
    R<1000: R+400; 1000 <= R < 2110: 0.64 R + 760; otherwise unchanged.  Its rounding was not
    published."""
    r = as_fraction(rating)
    if r < 1000:
        return r + 400
    if r < 2110:
        return Fraction(64, 100) * r + 760
    return r


# --- public entry point ---------------------------------------------------------------------

def dwz_update(
    rating: Number | None,
    index: int | None,
    age: int | None,
    opponents: Sequence[OpponentEntry],
    score: Number | None,
    *,
    edition: Edition = "classic",
    curve: Curve = "normal",
    p_decimals: int | None = None,
    first_method: FirstMethod = "iteration",
    constants: Reform2026 = REFORM_2026,
) -> DwzResult:
    """The DWZ after one tournament.

    ``rating``: the DWZ before the tournament (None: unrated, a first DWZ is tried);
    ``index``: the index before it (None: unknown); ``age``: year of the tournament's end minus
    birth year (None: unknown, counted as over 25); ``opponents``: ratings of the opponents in
    the games played (None = unrated, excluded) or (rating, result) pairs; ``score``: the score
    against the rated opponents (or the total of the pairs).

    Options: ``edition`` "classic" or "2026" (see :func:`dwz_edition_for`); ``curve`` "normal"
    (WO 3.3) or "logistic" (the popular approximation 1/(1 + 10^(-D/400))); ``p_decimals=3`` rounds each game's
    probability like the Anhang 2 table; ``first_method`` "iteration" (the WO procedure) or
    "exact" (exact root) for first ratings and Rh; ``constants`` for the 2026 edition.
    """
    if edition not in ("classic", "2026"):
        raise ValueError(f"unknown DWZ edition {edition!r}")
    ratings, w, notes = parse_games(opponents, score)
    n = len(ratings)
    r0 = None if rating is None else as_fraction(rating)
    old = None if r0 is None else round_half_away(r0)
    rc = sum(ratings, Fraction(0)) / n if n else None
    steps = [f"edition {edition}", f"Ro = {fmt(r0)}" if r0 is not None else "Ro = unrated",
             f"n = {n}, W = {fmt(w, 1)}" + (f", Rc = {fmt(rc, 2)}" if rc is not None else "")]
    common: dict[str, Any] = dict(edition=edition, old_rating=old, score=w, games=n, opponent_average=rc,
                  index_before=index, age=age)
    if r0 is None:
        reason = None
        if n < MIN_FIRST_GAMES:
            reason = f"no first DWZ: {n} game(s) against rated opponents, 5 needed (WO 3.4.1)"
        elif w <= 0 or (w >= n and edition == "classic"):
            reason = "no first DWZ: 0 % or 100 % score (WO 3.4.1)"
        if reason:
            notes.append(reason)
            steps.append(reason)
            return DwzResult(new_rating=None, change=None, expected=None, coefficient=None,
                             performance=None, steps=tuple(steps), notes=tuple(notes), **common)
        ratings_f, w_f = first_rating_inputs(ratings, w, edition, notes, steps)
        values, ok = solve_performances({0: ratings_f}, {}, {0: w_f}, method=first_method,
                                        curve=curve, p_decimals=p_decimals)
        ri = values[0]
        if not ok:
            notes.append("first-rating iteration did not settle")
        steps.append(f"Ri = {fmt(ri, 2)} ("
                     + ("WO 3.4.4 iteration" if first_method == "iteration" else "exact root") + ")")
        rn, value = first_value(ri, edition=edition, constants=constants, steps=steps)
        first: dict[str, Any] = dict(new_rating=rn, raw_rating=value, performance=round_half_away(ri))
        return DwzResult(change=None, expected=None, coefficient=None, first_rating=True,
                         index_after=1, steps=tuple(steps), notes=tuple(notes), **first, **common)
    if n == 0:
        notes.append("no rateable game: DWZ unchanged")
        return DwzResult(new_rating=None, change=None, expected=None, coefficient=None,
                         performance=None, index_after=index, steps=tuple(steps),
                         notes=tuple(notes), **common)
    we = expected_score(r0, ratings, curve=curve, p_decimals=p_decimals)
    steps.append(f"We = {fmt(we, 4)}")
    if edition == "classic":
        out = _classic(r0, index, age, n, w, we, steps, notes)
    else:
        out = _reform(r0, index, age, w, we, constants, steps, notes)
    perf, why_none = _performance(ratings, w, first_method, curve, p_decimals)
    if why_none:
        notes.append(why_none)
    return DwzResult(change=out["new_rating"] - old, expected=we,
                     performance=None if perf is None else round_half_away(perf),
                     index_after=None if index is None else index + 1,
                     steps=tuple(steps), notes=tuple(notes), **out, **common)
