"""Result types shared by the DWZ and FIDE calculations, and the parsing of their inputs.

A result is a frozen dataclass: the numbers a report shows (Ro, W, n, We, E or K, Rn, change,
performance) as exact values, plus ``steps``, human-readable lines showing each step of the
calculation, and ``notes`` for rule decisions (a game excluded, no rating because of ...).
The steps may be handed over as a function that makes them: they are then written on first
read, so a report that never shows them never formats them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import MISSING, dataclass, fields
from fractions import Fraction
from typing import Any, TypeVar, cast

from .numbers import Number, as_fraction

__all__ = ["RatingResult", "OpponentEntry", "parse_games"]

# An opponent is given by his rating (None: unrated) or as a (rating, result) pair.
OpponentEntry = Number | None | tuple[Number | None, Number]


StepsSource = tuple[str, ...] | Callable[[], Sequence[str]]


class _Steps:
    """``RatingResult.steps``: a dataclass field (constructor argument, equality, repr,
    ``replace``) that may be given as a function making the lines, called on first read.  Read
    on the class, it gives the field's default, no steps (a descriptor-typed field, as the
    :mod:`dataclasses` documentation describes them)."""

    __slots__ = ()

    def __get__(self, result: RatingResult | None, owner: type | None = None) -> tuple[str, ...]:
        if result is None:
            return ()
        steps: StepsSource = result.__dict__["_steps"]
        if callable(steps):
            made = result.__dict__["_steps"] = tuple(steps())
            return made
        return steps

    def __set__(self, result: RatingResult, steps: StepsSource) -> None:
        result.__dict__["_steps"] = steps


@dataclass(frozen=True, kw_only=True)
class RatingResult:
    """What both systems report for one player and one evaluation.

    ``new_rating`` is None when the evaluation gives no rating result (no rateable game, no
    first rating, rating below the publication floor).  ``coefficient`` is E (classic DWZ) or
    K (DWZ 2026, FIDE).  ``score`` and ``games`` count rated games only.
    """

    system: str
    old_rating: int | None
    new_rating: int | None
    change: int | None
    score: Fraction
    games: int
    expected: Fraction | None
    coefficient: Fraction | None
    performance: int | None
    opponent_average: Fraction | None
    first_rating: bool = False
    raw_rating: Fraction | None = None
    steps: _Steps = _Steps()  # the calculation step by step, one line each (a tuple of str)
    notes: tuple[str, ...] = ()

    @property
    def rated(self) -> bool:
        """True when the evaluation produced a (new or first) rating."""
        return self.new_rating is not None


ResultT = TypeVar("ResultT", bound=RatingResult)


def make_result(cls: type[ResultT], values: dict[str, Any]) -> ResultT:
    """``cls(**values)`` for a frozen result class, without the frozen ``__init__``'s call per
    field (the same object; a report makes 10,000 of them).  ``values`` holds every field
    without a default."""
    names, defaults = _layout(cls)
    obj: ResultT = object.__new__(cls)
    attrs = obj.__dict__
    attrs.update(defaults)
    attrs.update(values)
    if attrs.keys() != names:
        raise TypeError(f"{cls.__name__}: fields missing or unknown: {sorted(attrs.keys() ^ names)}")
    attrs["_steps"] = attrs.pop("steps")
    return obj


_LAYOUTS: dict[type, tuple[frozenset[str], dict[str, Any]]] = {}


def _layout(cls: type) -> tuple[frozenset[str], dict[str, Any]]:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = _LAYOUTS[cls] = (frozenset(f.name for f in fields(cls)),
                                  {f.name: f.default for f in fields(cls) if f.default is not MISSING})
    return layout


def parse_games(
    opponents: Sequence[OpponentEntry], score: Number | None
) -> tuple[list[Fraction], Fraction, list[str]]:
    """Split ``opponents`` into the rated opponents' ratings and the score against them.

    Plain entries are ratings (None = unrated opponent, excluded); ``score`` is then the score
    in the games against rated opponents.  Pairs ``(rating, result)`` give each game's result,
    so games against unrated opponents can be dropped from a total; ``score`` may then be None
    (if given, it must be the total of all pairs).  Raises ValueError for inconsistent input.
    """
    entries = list(opponents)
    pairs = [isinstance(e, (tuple, list)) and len(e) == 2 for e in entries]
    ratings: list[Fraction] = []
    if any(pairs):
        if not all(pairs):
            raise ValueError("opponents mixes plain ratings and (rating, result) pairs")
        w = total = Fraction(0)
        for entry in entries:
            rating, result = cast("tuple[Number | None, Number]", entry)
            r = as_fraction(result)
            if not 0 <= r <= 1:
                raise ValueError(f"a game result must lie between 0 and 1: {result!r}")
            total += r
            if rating is not None:
                ratings.append(as_fraction(rating))
                w += r
        if score is not None and as_fraction(score) != total:
            raise ValueError(f"score {score!r} is not the total of the per-game results ({total})")
    else:
        ratings = [as_fraction(cast(Number, r)) for r in entries if r is not None]
        w = as_fraction(score if score is not None else 0)
        if w < 0 or w > len(ratings):
            raise ValueError(
                f"score {w} impossible in {len(ratings)} game(s) against rated opponents "
                "(with unrated opponents, pass (rating, result) pairs)")
    return ratings, w, unrated_notes(len(entries) - len(ratings))


def unrated_notes(dropped: int) -> list[str]:
    """The note a rating calculation carries when ``dropped`` games against unrated opponents
    were left out (none when nothing was)."""
    return [f"{dropped} game(s) against unrated opponents excluded"] if dropped else []
