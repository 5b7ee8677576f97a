"""Shared formatting of report values: exact scores as people write them."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

# the report modules' names for these
from ..decimals import format_points as format_points
from ..decimals import format_score as format_score
from ..decimals import rank_label as rank_label
from ..decimals import rank_labels as rank_labels
from ..formats.trf.player import title_label as title_label

if TYPE_CHECKING:
    from ..ratings.fide_figures import FideFigures
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
    distinct = dict(zip(map(id, values), values))
    texts = {k: fn(v) for k, v in distinct.items()}
    return list(map(texts.__getitem__, map(id, values)))


def rating_row(result: RatingResult) -> dict[str, Any]:
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


class RatingRows(Mapping[int, dict[str, Any]]):
    """The rating rows of a report by start rank: :func:`rating_row` of each evaluation, made
    when read.  The whole-number figures of a plain FIDE evaluation
    (:class:`trfscore.ratings.fide_figures.FideFigures`) give the same row, and its JSON text
    without the row (:meth:`json_texts`)."""

    __slots__ = ("evaluations",)

    def __init__(self, evaluations: Mapping[int, Any]) -> None:
        self.evaluations = evaluations

    def __getitem__(self, sno: int) -> dict[str, Any]:
        evaluation = self.evaluations[sno]
        return _figures_row(evaluation) if type(evaluation) is _figures_type() else rating_row(evaluation)

    def __iter__(self) -> Iterator[int]:
        return iter(self.evaluations)

    def __len__(self) -> int:
        return len(self.evaluations)

    def json_texts(self, snos: list[int], encode: Callable[[Any], str]) -> list[str]:
        """The JSON text of each start rank's row (``encode`` writes the rows of other
        evaluations, and ``null`` for a start rank without one)."""
        figures = _figures_type()
        get = self.evaluations.get
        hundredths: dict[int, str] = {}
        halves: dict[int, str] = {}
        return [_figures_text(e, hundredths, halves) if type(e) is figures else encode(None if e is None else rating_row(e))
                for e in map(get, snos)]


def rating_rows(evaluations: Mapping[int, Any]) -> RatingRows:
    """:func:`rating_row` of each evaluation by start rank (see :class:`RatingRows`)."""
    return RatingRows(evaluations)


def _figures_type() -> type[FideFigures]:
    from ..ratings.fide_figures import FideFigures

    return FideFigures


def _figures_row(f: FideFigures) -> dict[str, Any]:
    """The :func:`rating_row` of a plain FIDE evaluation: We in hundredths and W in half points
    shown as :func:`score_to_json_rounded` and ``score_to_json`` show their Fractions."""
    ro, expected, won, games, k, change, performance = f
    return {
        "system": "fide", "ro": ro, "we": expected / 100 if expected % 100 else expected // 100,
        "w": won / 2 if won % 2 else won // 2, "games": games, "coefficient": k, "rn": ro + change,
        "change": change, "performance": performance, "first_rating": False, "notes": [],
    }


def _figures_text(f: FideFigures, hundredths: dict[int, str], halves: dict[int, str]) -> str:
    """The JSON text of :func:`_figures_row` (``json.dumps``), written directly; ``hundredths``
    and ``halves`` remember the texts of We and W already written."""
    ro, expected, won, games, k, change, performance = f
    we = hundredths.get(expected) or hundredths.setdefault(expected, _json_ratio(expected, 100))
    w = halves.get(won) or halves.setdefault(won, _json_ratio(won, 2))
    return (f'{{"system": "fide", "ro": {ro}, "we": {we}, "w": {w}, "games": {games}, "coefficient": {k}, '
            f'"rn": {ro + change}, "change": {change}, "performance": {performance}, "first_rating": false, '
            f'"notes": []}}')


def _json_ratio(value: int, scale: int) -> str:
    """The JSON text of ``value / scale`` as :func:`_figures_row` writes it (an int when whole)."""
    return repr(value / scale) if value % scale else str(value // scale)


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
