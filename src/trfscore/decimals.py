"""Numbers as text, in one module: exact scores and tie-break values without float noise.

* :func:`exact_decimal` -- the exact decimal of a value (None when it does not end); the others
  build on it.
* :func:`format_score` -- reports: ``6.5``, ``66.75``, ``7``; :func:`format_points` -- ``7.0``.
* :func:`format_value` -- crosstables: ``11``, ``10½`` or ``69.5``; :func:`half_glyph_points` --
  crosstable cells read back: ``5½``, ``½``.
* :func:`fmt_points` -- check messages: ``5.5``, or ``21/4`` for a value that is not tenths.
* :func:`fmt_number` -- explanations: at least one decimal, ``~13.3333`` for a non-ending value.
* :func:`fixed_places` -- rating steps: integers as such, others to a fixed number of places.
* :func:`code_number` -- a number inside a tie-break code (``KS/L7.5``).
* :func:`rank_label` / :func:`rank_labels` -- a place: ``3`` or a shared ``3-4``.
* :func:`plain_number` -- CSV and reports: ``69.5``, ``1/3`` to a few places; :func:`sort_value`
  -- the sort key of an HTML cell.
* :func:`trf_points`, :func:`trf_value` -- TRF records: ``5.5``, ``7.0``.
* :func:`json_number` -- JSON: the one number type of every score field.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=4096, typed=True)  # reports write the same few scores thousands of times
def exact_decimal(value: Fraction | int, min_places: int = 0) -> str | None:
    """``value`` written out exactly with at least ``min_places`` decimals (``66.75``, ``7.0``),
    or None when its decimal expansion does not end (40/3)."""
    if type(value) is int:
        num, den = value, 1
    else:
        f = value if type(value) is Fraction else Fraction(value)
        num, den = f.numerator, f.denominator
    rest = den
    twos = fives = 0
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        return None
    places = max(twos, fives, min_places)
    scale = 10 ** places
    # in integers: den divides scale, so |num| * scale // den is |value| * scale exactly
    whole, frac = divmod(abs(num) * scale // den, scale)
    sign = "-" if num < 0 else ""
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


def format_score(value: Any) -> str:
    """An exact value as people write it: ``6.5``, ``66.75``, ``7``; two decimals when its decimal
    expansion does not end (40/3 -> ``13.33``)."""
    if value is None:
        return ""
    if isinstance(value, float):
        value = Fraction(repr(value))
    if isinstance(value, (int, Fraction)):
        text = exact_decimal(value)
        return text if text is not None else f"{float(value):.2f}"
    return str(value)


def format_points(value: Fraction) -> str:
    """Points with at least one decimal, as crosstables print them (``6.5``, ``7.0``)."""
    text = exact_decimal(value, 1)
    return text if text is not None else format_score(value)


def format_value(value: Any, half_glyph: bool = False) -> str:
    """A score or tie-break value as a crosstable prints it: ``11``, ``10½`` (points, with
    ``half_glyph``) or ``69.5``, ``66.75``."""
    if value is None:
        return ""
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(10_000)
    if not isinstance(value, Fraction):
        try:
            value = Fraction(value)
        except (TypeError, ValueError):
            return str(value)
    if value.denominator == 1:
        return str(value.numerator)
    if half_glyph and value.denominator == 2 and value >= 0:
        whole = value.numerator // 2
        return f"{whole if whole else ''}½"
    text = exact_decimal(value)
    return text if text is not None else f"{float(value):.2f}"


def half_glyph_points(value: Fraction) -> str:
    """``5``, ``5½``, ``½`` (no float ever); other fractions as ``p/q``."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole) if whole else ''}½"
    return str(value)


def fmt_points(value: Fraction | int | None) -> str:
    """``Fraction(11, 2)`` -> ``"5.5"``; exact values that are not tenths keep their fraction."""
    if value is None:
        return "?"
    value = Fraction(value)
    if (value * 10).denominator == 1:
        return f"{float(value):.1f}"
    return f"{value.numerator}/{value.denominator}"


def fmt_number(x: Any, min_decimals: int = 1) -> str:
    """Exact decimal text of a Fraction/int: at least ``min_decimals`` decimals, no float noise.

    A value whose decimal expansion does not end (an average such as 40/3) is shown with four
    decimals and a leading ``~``.
    """
    if x is None:
        return "-"
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        return f"{x}.{'0' * min_decimals}" if min_decimals else str(x)
    text = exact_decimal(x, min_decimals)
    return text if text is not None else f"~{float(Fraction(x)):.4f}"


def fixed_places(x: int | float | Fraction | Decimal | str | None, places: int = 2) -> str:
    """Integers as such, other values rounded to ``places`` decimals, half away from zero as the
    rating regulations round (``-`` for None)."""
    if x is None:
        return "-"
    q = Fraction(repr(x)) if isinstance(x, float) else Fraction(x)
    if q.denominator == 1:
        return str(q.numerator)
    scale = 10 ** places
    num, den = abs(q.numerator) * scale, q.denominator
    scaled = (2 * num + den) // (2 * den)  # half away from zero, on the absolute value
    sign = "-" if q < 0 and scaled else ""
    return f"{sign}{scaled // scale}.{scaled % scale:0{places}d}"


def code_number(f: Fraction) -> str:
    """A number inside a tie-break code: ``7`` or ``7.5``."""
    return str(f.numerator) if f.denominator == 1 else str(float(f))


def rank_label(row: Any) -> str:
    """``"3"`` or, for a shared place, ``"3-4"`` (a row without ``rank_to`` has its own place)."""
    rank = row.rank
    rank_to = getattr(row, "rank_to", rank)
    return str(rank) if rank_to == rank else f"{rank}-{rank_to}"


def rank_labels(ranks: list[int], ranks_to: list[int]) -> list[str]:
    """:func:`rank_label` of each place: ``3`` or a shared ``3-4``."""
    return [str(rank) if rank == rank_to else f"{rank}-{rank_to}" for rank, rank_to in zip(ranks, ranks_to)]


def plain_number(value: Any, places: int = 4) -> str:
    """A number with a dot: ints as ints, finite decimals exactly (``69.5``, ``0.125``), other
    fractions (``1/3``) to ``places`` decimals; ``"p/q"`` strings (JSON) are accepted."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return str(int(value))
    value = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    text = exact_decimal(value)
    if text is None:
        text = f"{float(value):.{places}f}".rstrip("0").rstrip(".")
    return text


def sort_value(value: Any) -> str:
    """A sort key for ``data-v``: a plain decimal, empty when missing."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            value = Fraction(value)
        except ValueError:
            return ""
    return repr(float(value))


def trf_points(value: Fraction) -> str:
    """Points as a TRF ``001`` record writes them: ``5.5``, ``7.0``; two decimals otherwise."""
    if value.denominator in (1, 2, 5, 10):
        return f"{float(value):.1f}"
    return f"{float(value):.2f}"


def trf_value(value: Fraction) -> str:
    """A scoring value or team total as the TRF header and team records write it: ``1.0``, ``2.5``;
    two decimals otherwise."""
    return f"{float(value):.1f}" if (value * 2).denominator == 1 else f"{float(value):.2f}"
