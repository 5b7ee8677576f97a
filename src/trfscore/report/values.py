"""Shared formatting of report values: exact scores as people write them."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..formats.json_model import score_to_json


def format_score(value: Any) -> str:
    """``6.5`` for 13/2, ``7`` stays ``7`` for ints, ``1/3`` only when not a finite decimal."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        out = score_to_json(value)
        if isinstance(out, float):
            text = f"{out:.4f}".rstrip("0").rstrip(".")
            return text
        return f"{float(value):.2f}"
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".")
    return str(value)


def format_points(value: Fraction) -> str:
    """Points always with one decimal as crosstables print them (``6.5``, ``7.0``)."""
    if value.denominator in (1, 2):
        return f"{float(value):.1f}"
    return format_score(value)


def rank_label(row) -> str:
    return f"{row.rank}-{row.rank_to}" if getattr(row, "rank_to", row.rank) != row.rank else str(row.rank)


def rating_row(result) -> dict[str, Any]:
    """A rating calculation (:class:`trfscore.ratings.result.RatingResult`) for reports:
    Ro, We, W, K/E, Rn and the change, numbers JSON-ready."""
    return {
        "system": result.system, "ro": result.old_rating, "we": score_to_json_rounded(result.expected),
        "w": score_to_json(result.score), "games": result.games,
        "coefficient": score_to_json_rounded(result.coefficient), "rn": result.new_rating,
        "change": result.change, "performance": result.performance, "first_rating": result.first_rating,
        "notes": list(result.notes),
    }


def score_to_json_rounded(value: Any, places: int = 3) -> Any:
    """Expected scores and coefficients are shown to ``places`` decimals (half away from zero)."""
    from ..ratings.numbers import round_half_away

    if value is None:
        return None
    scale = 10 ** places
    whole = round_half_away(Fraction(value) * scale)
    return whole / scale if whole % scale else whole // scale
