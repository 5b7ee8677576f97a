"""Shared formatting of report values: exact scores as people write them."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..decimals import exact_decimal
from ..formats.trf.player import TITLE_LETTERS


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


def title_label(title: str | None) -> str:
    """A title as people write it whatever the dialect: TRF16's letters spelt out (``g`` -> GM)."""
    text = (title or "").strip()
    return TITLE_LETTERS.get(text.lower(), text)


def each_once(fn: Callable[[Any], str], values: list) -> list[str]:
    """``[fn(v) for v in values]``, ``fn`` called once per distinct object (a column of 10,000
    tie-break values holds a few hundred: the engine shares equal values).  ``values`` keeps every
    object alive meanwhile, so equal ids are the same object."""
    distinct = dict(zip(map(id, values), values))
    texts = {k: fn(v) for k, v in distinct.items()}
    return list(map(texts.__getitem__, map(id, values)))


def rank_labels(ranks: list[int], ranks_to: list[int]) -> list[str]:
    """:func:`rank_label` of each place: ``3`` or a shared ``3-4``."""
    return [str(rank) if rank == rank_to else f"{rank}-{rank_to}" for rank, rank_to in zip(ranks, ranks_to)]


def rank_label(row) -> str:
    return f"{row.rank}-{row.rank_to}" if getattr(row, "rank_to", row.rank) != row.rank else str(row.rank)


def rating_row(result) -> dict[str, Any]:
    """A rating calculation (:class:`trfscore.ratings.result.RatingResult`) for reports:
    Ro, We, W, K/E, Rn and the change, numbers JSON-ready."""
    from ..formats.json_model import score_to_json

    return {
        "system": result.system, "ro": result.old_rating, "we": score_to_json_rounded(result.expected),
        "w": score_to_json(result.score), "games": result.games,
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
