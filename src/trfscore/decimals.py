"""Exact decimal text for exact numbers (scores, tie-break values), without float noise."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache


@lru_cache(maxsize=4096, typed=True)  # reports write the same few scores thousands of times
def exact_decimal(value: Fraction | int, min_places: int = 0) -> str | None:
    """``value`` written out exactly with at least ``min_places`` decimals (``66.75``, ``7.0``),
    or None when its decimal expansion does not end (40/3)."""
    f = Fraction(value)
    den = f.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return None
    places = max(twos, fives, min_places)
    sign = "-" if f < 0 else ""
    whole, frac = divmod(int(abs(f) * 10 ** places), 10 ** places)
    return sign + (f"{whole}.{frac:0{places}d}" if places else str(whole))


_DECIMAL_DENOMINATORS = frozenset({2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 100})  # the usual, answered at once

#: A number whose decimal expansion does not end is written to JSON rounded to this many places.
JSON_PLACES = 6


def json_number(value: Fraction | int | float | None) -> int | float | None:
    """An exact value as a JSON number (the one JSON type of every score and tie-break field):
    an ``int`` when whole, else the decimal itself when its expansion ends (``6.5``, ``66.75``),
    else that decimal rounded to :data:`JSON_PLACES` places (``73/6`` -> ``12.166667``).
    None (a value that is missing or not defined) stays None, written ``null``."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError("a bool is not a number")
    if isinstance(value, float):
        return value
    f = value if isinstance(value, Fraction) else Fraction(value)
    n, d = f.numerator, f.denominator
    if d == 1:
        return n
    if d not in _DECIMAL_DENOMINATORS and exact_decimal(f) is None:
        f = round(f, JSON_PLACES)
        n, d = f.numerator, f.denominator
        if d == 1:
            return n
    return n / d  # the nearest double to a decimal; its repr is that decimal


def is_rounded_in_json(value: Fraction | int | None) -> bool:
    """Whether :func:`json_number` rounds ``value`` (its decimal expansion does not end)."""
    return isinstance(value, Fraction) and value.denominator != 1 and exact_decimal(value) is None
