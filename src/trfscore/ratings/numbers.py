"""Exact-number helpers shared by the rating modules.

The rating regulations round at fixed places (FIDE B.02 8.3.4: the rating change to the
nearest whole number, .5 away from zero; DSB WO 3.5: E and Rn to whole numbers; the 2026
DWZ K factor to one decimal).  Python's built-in ``round`` rounds half to even, which the
regulations do not use, so every rounding here goes through :func:`round_half_away`.
"""
from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from ..decimals import fixed_places as fmt  # noqa: F401  (the rating modules' name for it)

Number = int | float | Fraction | Decimal | str

__all__ = ["Number", "as_fraction", "round_half_away", "round_ratio", "round_to", "fmt"]


def as_fraction(value: Number) -> Fraction:
    """Convert a score or rating to an exact :class:`Fraction`.

    Accepts int, Fraction, Decimal, float (read through its shortest decimal repr, so
    ``0.1`` is 1/10) and strings such as ``"4.5"``, ``"4,5"``, ``"9/2"`` or ``"4½"``.
    Raises ValueError for anything else (NaN, infinities, garbage, bool).
    """
    if isinstance(value, bool):
        raise ValueError(f"not a number: {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a finite number: {value!r}")
        return Fraction(repr(value))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"not a finite number: {value!r}")
        return Fraction(value)
    if isinstance(value, str):
        text = value.strip().replace(",", ".").replace(" ", "")
        half = text.endswith("½")
        if half:
            text = text[:-1] or "0"
        try:
            result = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"not a number: {value!r}") from None
        return result + Fraction(1, 2) if half else result
    raise ValueError(f"not a number: {value!r}")


def round_half_away(x: Number) -> int:
    """Round to the nearest integer, an exact half going away from zero (2.5 -> 3, -2.5 -> -3)."""
    if type(x) is int:
        return x
    q = as_fraction(x)
    whole = math.floor(abs(q) + Fraction(1, 2))
    return whole if q >= 0 else -whole


def round_ratio(num: int, den: int) -> int:
    """``round_half_away(Fraction(num, den))`` for a positive ``den``, in integers."""
    return (2 * num + den) // (2 * den) if num >= 0 else -((2 * -num + den) // (2 * den))


def round_to(x: Number, places: int) -> Fraction:
    """Round to ``places`` decimals, half away from zero, returning an exact Fraction."""
    scale = 10 ** places
    return Fraction(round_half_away(as_fraction(x) * scale), scale)
