"""Shared formatting of report values: exact scores as people write them."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..decimals import json_number

if TYPE_CHECKING:
    from ..ratings.result import RatingResult


def per_value(fn: Callable[[Any], str], values: list[Any]) -> list[str]:
    """``[fn(v) for v in values]``, ``fn`` called once per distinct value (a column of titles,
    federations or ratings holds few)."""
    text = {v: fn(v) for v in set(values)}
    return list(map(text.__getitem__, values))


def each_once(fn: Callable[[Any], str], values: list[Any]) -> list[str]:
    """``[fn(v) for v in values]``, ``fn`` called once per distinct object (a column of 10,000
    tie-break values holds a few hundred: the engine shares equal values).  ``values`` keeps every
    object alive meanwhile, so equal ids are the same object."""
    ids = list(map(id, values))
    texts = {k: fn(v) for k, v in dict(zip(ids, values)).items()}
    return list(map(texts.__getitem__, ids))


def rating_row(result: RatingResult) -> dict[str, Any]:
    """A rating calculation (:class:`trfscore.ratings.result.RatingResult`) for reports:
    Ro, We, W, K/E, Rn and the change, numbers JSON-ready."""
    return {
        "system": result.system, "ro": result.old_rating, "we": score_to_json_rounded(result.expected),
        "w": json_number(result.score), "games": result.games,
        "coefficient": score_to_json_rounded(result.coefficient), "rn": result.new_rating,
        "change": result.change, "performance": result.performance, "first_rating": result.first_rating,
        "notes": list(result.notes),
    }


def score_to_json_rounded(value: Any, places: int = 3) -> Any:
    """Expected scores and coefficients are shown to ``places`` decimals (half away from zero)."""
    from ..ratings.numbers import round_ratio

    if value is None:
        return None
    if not isinstance(value, Fraction):
        value = Fraction(value)
    scale = 10 ** places
    whole = round_ratio(value.numerator * scale, value.denominator)
    return whole / scale if whole % scale else whole // scale
