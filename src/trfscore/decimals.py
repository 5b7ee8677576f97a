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
