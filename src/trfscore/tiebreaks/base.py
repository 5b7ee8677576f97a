"""Shared types of the tie-break engine: a parsed tie-break, a computed column, the engine.

* :class:`TieBreak` is one entry of a tie-break list after parsing (``registry.parse_tiebreak``).
* :class:`Column` holds one tie-break's values for every player, as scaled integers where the
  value is a multiple of ``1/scale`` (fast to compare), ``None`` where undefined.
* :class:`Engine` bundles the precomputed :class:`~trfscore.tiebreaks.context.Context`, the rules
  edition and the options of one standings call, and caches what several tie-breaks share.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, NamedTuple

from .context import Context
from .editions import EDITIONS, Edition

__all__ = ["TieBreak", "Column", "Engine"]


class TieBreak(NamedTuple):
    """A parsed tie-break code (see ``registry.parse_tiebreak`` for the syntax)."""

    code: str  # normalised, e.g. "BH-C1", "KS-L40", "DE/P"
    base: str  # "BH", "SB", ...
    low: int = 0  # values cut from the bottom (Cut-n, low side of Median-n, worst-n)
    high: int = 0  # values cut from the top (high side of Median-n, best-n)
    limit_pct: Fraction | None = None  # Koya: threshold in percent of the maximum
    limit_delta: Fraction = Fraction(0)  # Koya: threshold moved by this many points
    forfeits_played: bool = False  # /P
    fore: bool = False  # /F
    unrated: int | None = None  # /Unnnn
    edition: str | None = None  # /Vyyyy
    points: str | None = None  # :MP / :GP (accepted for compatibility; individual events)
    reverse: bool = False  # /R: reverse the default order


class Column:
    """One tie-break's values, indexed like ``Context.players``."""

    __slots__ = ("values", "scale", "ascending", "integer")

    def __init__(self, values: list[Any], scale: int = 1, ascending: bool = False, integer: bool = False) -> None:
        self.values = values  # int (scaled by ``scale``), Fraction, or None (undefined)
        self.scale = scale
        self.ascending = ascending  # True when lower is better (TPN, DE place)
        self.integer = integer  # counts, ratings, places: shown as int (scale 1)

    def shown(self) -> list[int | Fraction | None]:
        """Every value as shown in the standings (int / Fraction / None), memoised."""
        if self.integer:
            return list(self.values)
        scale = self.scale
        memo: dict[int | Fraction | None, int | Fraction | None] = {v: (v if isinstance(v, Fraction) else Fraction(v, scale))
                      for v in set(self.values) if v is not None}
        memo[None] = None
        return list(map(memo.__getitem__, self.values))

    def sort_keys(self) -> list[int | Fraction | float]:
        """Scalar keys that sort best first; undefined values last."""
        inf = _INF
        if self.ascending:
            return [inf if v is None else v for v in self.values]
        return [inf if v is None else -v for v in self.values]


_INF = float("inf")


class Engine:
    """One standings call: context, edition, options and shared caches."""

    def __init__(self, ctx: Context, edition: Edition, options: dict[str, Any] | None = None):
        self.ctx = ctx
        self.edition = edition
        self.options = dict(options or {})
        self.notes: list[str] = []
        self.cache: dict[Hashable, Any] = {}

    def column(self, tb: TieBreak, compute: Callable[[Engine, TieBreak], Column]) -> Column:
        """``compute(engine, tb)``, once per standings call (explanations reuse the column)."""
        key = ("col", tb.code)
        col: Column | None = self.cache.get(key)
        if col is None:
            col = self.cache[key] = compute(self, tb)
        return col

    def edition_for(self, tb: TieBreak) -> Edition:
        if tb.edition:
            return EDITIONS[tb.edition]
        return self.edition

    def unrated_rating(self, tb: TieBreak) -> int | None:
        if tb.unrated is not None:
            return tb.unrated
        u = self.options.get("unrated")
        return int(u) if u is not None else None

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
