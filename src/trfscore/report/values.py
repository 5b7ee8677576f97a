"""Shared formatting of report values: exact scores as people write them."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..decimals import format_points, format_score, rank_label, rank_labels  # noqa: F401  (the report modules' names)
from ..formats.trf.player import TITLE_LETTERS


def per_value(fn: Callable[[Any], str], values: list) -> list[str]:
    """``[fn(v) for v in values]``, ``fn`` called once per distinct value (a column of titles,
    federations or ratings holds few)."""
    text = {v: fn(v) for v in set(values)}
    return list(map(text.__getitem__, values))


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


def rating_row(result) -> dict[str, Any]:
    """A rating calculation (:class:`trfscore.ratings.result.RatingResult`) for reports:
    Ro, We, W, K/E, Rn and the change, numbers JSON-ready."""
    from ..formats.json_text import score_to_json

    return {
        "system": result.system, "ro": result.old_rating, "we": score_to_json_rounded(result.expected),
        "w": score_to_json(result.score), "games": result.games,
        "coefficient": score_to_json_rounded(result.coefficient), "rn": result.new_rating,
        "change": result.change, "performance": result.performance, "first_rating": result.first_rating,
        "notes": list(result.notes),
    }


def rating_rows(evaluations: dict[int, Any]) -> dict[int, dict[str, Any]]:
    """:func:`rating_row` of each evaluation by start rank; the whole-number figures of a plain
    FIDE evaluation (:class:`trfscore.ratings.fide_figures.FideFigures`) give the same row."""
    from ..ratings.fide_figures import FideFigures

    return {sno: _figures_row(e) if type(e) is FideFigures else rating_row(e) for sno, e in evaluations.items()}


def _figures_row(f) -> dict[str, Any]:
    """The :func:`rating_row` of a plain FIDE evaluation: We in hundredths and W in half points
    shown as :func:`score_to_json_rounded` and ``score_to_json`` show their Fractions."""
    ro, expected, won, games, k, change, performance = f
    return {
        "system": "fide", "ro": ro, "we": expected / 100 if expected % 100 else expected // 100,
        "w": won / 2 if won % 2 else won // 2, "games": games, "coefficient": k, "rn": ro + change,
        "change": change, "performance": performance, "first_rating": False, "notes": [],
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
