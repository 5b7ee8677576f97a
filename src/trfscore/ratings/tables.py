"""Probability tables of the two rating systems.

* FIDE Rating Regulations (Handbook B.02, 2024 text) table 8.1.2: rating difference D ->
  expected score PD, and table 8.1.1: fractional score p -> rating difference dp.
* DSB Wertungsordnung 3.3 / Anhang 2: the expected score of a game is read off a normal
  distribution with sigma = 200*sqrt(2), i.e. P(D) = 0.5 * (1 + erf(D / 400)); D(P) is its
  inverse.  The logistic curve ``1 / (1 + 10 ** (-D / 400))`` is not the
  DSB's and is offered only as the named option ``curve="logistic"``.

Values are those of the DSB Wertungsordnung (Anhang 2) and the FIDE Rating Regulations (B.02
tables 8.1.1 and 8.1.2).
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Literal

from .numbers import Number, as_fraction, round_half_away, round_to

if TYPE_CHECKING:  # pragma: no cover
    from statistics import NormalDist

__all__ = [
    "FIDE_PD_UPPER", "FIDE_DP", "fide_expected", "fide_dp", "fide_pd_hundredths",
    "fide_dp_hundredths", "round_percentage",
    "DSB_SIGMA", "dsb_expected", "dsb_difference", "dsb_difference_table", "Curve",
    "round_half_away", "round_to",
]

# --- FIDE B.02 table 8.1.2 ------------------------------------------------------------------
# (highest |D| of the range, PD of the higher-rated player).  |D| > 735 gives 1.00.
FIDE_PD_UPPER: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72),
    (179, 73), (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79),
    (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
    (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93),
    (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)


# _PD_HIGH[d]: PD of the higher-rated player in hundredths for |D| = d <= 735.
_PD_HIGH: list[int] = [next(pd for upper, pd in FIDE_PD_UPPER if d <= upper)
                       for d in range(FIDE_PD_UPPER[-1][0] + 1)]


def fide_pd_hundredths(diff: int) -> int:
    """PD in hundredths for a rating difference ``diff`` (own minus opponent's), table 8.1.2,
    no cap applied: the lower-rated player gets 100 - PD(|D|)."""
    d = diff if diff >= 0 else -diff
    high = _PD_HIGH[d] if d < len(_PD_HIGH) else 100
    return high if diff >= 0 else 100 - high


def fide_expected(diff: int) -> Fraction:
    """PD for a rating difference ``diff`` (own minus opponent's) as a Fraction (table 8.1.2).

    Callers apply the 400-point rule of 8.3.1 before calling.
    """
    return Fraction(fide_pd_hundredths(int(diff)), 100)


# --- FIDE B.02 table 8.1.1 ------------------------------------------------------------------
# p in hundredths (50..100) -> dp.  p = 1.00 -> 800 (and 0.00 -> -800) as in the 2024 text.
FIDE_DP: dict[int, int] = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401,
    91: 383, 90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273,
    82: 262, 81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184,
    73: 175, 72: 166, 71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110,
    64: 102, 63: 95, 62: 87, 61: 80, 60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36,
    54: 29, 53: 21, 52: 14, 51: 7, 50: 0,
}


def round_percentage(p: Number) -> Fraction:
    """p rounded to two decimals (half away from zero), the resolution of table 8.1.1."""
    return round_to(p, 2)


def fide_dp_hundredths(p: int) -> int:
    """dp for p given in hundredths (0..100); dp(p) = -dp(1 - p) below 0.50 (8.1.1 lists the
    upper half only)."""
    return FIDE_DP[p] if p >= 50 else -FIDE_DP[100 - p]


def fide_dp(p: Number) -> int:
    """dp for a fractional score p (0 <= p <= 1); p is first rounded to two decimals."""
    q = round_percentage(p)
    if q < 0 or q > 1:
        raise ValueError(f"fractional score out of range: {p!r}")
    return fide_dp_hundredths(int(q * 100))


# --- DSB Wertungsordnung 3.3 / Anhang 2 -------------------------------------------------------
Curve = Literal["normal", "logistic"]
DSB_SIGMA = 200 * math.sqrt(2)  # WO 3.3.1: each performance varies with sigma 200


@cache
def _normal() -> NormalDist:
    """The normal distribution of WO 3.3.1 (:mod:`statistics` imported when first needed)."""
    from statistics import NormalDist

    return NormalDist(0.0, DSB_SIGMA)


def dsb_expected(diff: Number, *, curve: Curve = "normal", decimals: int | None = None) -> Fraction:
    """The DSB winning probability P(D) for a difference D = own - opponent's rating.

    ``curve="normal"`` is the WO 3.3 normal distribution; ``"logistic"`` is the popular
    approximation 1/(1 + 10^(-D/400)).  ``decimals=3`` rounds each game's probability to three
    places as the Anhang 2 table does (default: unrounded double precision, held as an exact Fraction).
    There is no 400-point cap in the DWZ.
    """
    d = as_fraction(diff)
    if d < 0:
        return 1 - dsb_expected(-d, curve=curve, decimals=decimals)
    x = float(d)
    if curve == "normal":  # P(D) for D >= 0: computed on this side, P(-D) = 1 - P(D) holds exactly
        value = 0.5 * (1.0 + math.erf(x / 400.0))
    elif curve == "logistic":
        value = 1.0 / (1.0 + 10.0 ** (-x / 400.0))
    else:
        raise ValueError(f"unknown curve {curve!r}")
    p = Fraction(value)
    return round_to(p, decimals) if decimals is not None else p


def dsb_difference(p: Number, *, curve: Curve = "normal") -> float:
    """D(P): the rating difference whose expected score is ``p`` (0 < p < 1), unrounded."""
    q = float(as_fraction(p))
    if not 0.0 < q < 1.0:
        raise ValueError(f"probability must lie strictly between 0 and 1: {p!r}")
    if curve == "normal":
        return _normal().inv_cdf(q)
    if curve == "logistic":
        return -400.0 * math.log10(1.0 / q - 1.0)
    raise ValueError(f"unknown curve {curve!r}")


def dsb_difference_table(p: Number, *, curve: Curve = "normal") -> int:
    """D(P) as the WO Anhang 2.2 table gives it: p to three decimals, D in whole points.

    p is rounded to three decimals and clamped to 0.001..0.999 (the ends of the table).
    """
    q = round_to(p, 3)
    q = min(max(q, Fraction(1, 1000)), Fraction(999, 1000))
    if q == Fraction(1, 2):
        return 0
    return round_half_away(Fraction(dsb_difference(q, curve=curve)))
