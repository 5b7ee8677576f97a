"""Team tie-breaks computed per team: Buchholz (``BH:MP``, ``BH:GP``), extended Sonneborn-Berger
(``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB``) with their cuts, the secondary score (``MPvGP``),
the totals (``MP``, ``GP``) and the board count (``BC``, :mod:`.boardresults`).

Each round of team ``i`` gives one term (C.07 Art. 8.1 and 13.2 with team scores):

* a match played (in round-robins, and with ``/P``, a forfeited match too: Art. 15.2, 6.1.1): the
  opponent's adjusted score (Art. 16.3: face value, a trailing requested bye or absence counted as
  a draw) in the opponent-score dimension;
* any other round: the dummy opponent of Art. 16.4, whose score is the team's own final score
  (2026: capped, 16.4.1/16.4.2), or the 2009 virtual opponent, or 0 without adjustment.

Buchholz adds the terms; extended SB multiplies each by the team's own points of that round (match
or game points) and adds the products.  Cuts drop the least significant values (Art. 14.1.1: the
lowest opponent score; for SB the contribution of the lowest-scored opponent, ties to the smaller
contribution) with voluntarily unplayed rounds cut first (Art. 16.5).  All of that is the
individual engine's :mod:`trfscore.tiebreaks.unplayed`, applied to a :class:`~.views.ScoreView`.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..tiebreaks import unplayed as U
from ..tiebreaks.editions import EDITIONS, Edition
from .boardresults import board_count_column
from .codes import TeamTieBreak
from .views import ScoreView

__all__ = ["TeamEngine", "Term", "terms", "compute_column"]


@dataclass
class Term:
    """One round's term of a team's Buchholz / extended SB."""

    round: int
    opponent: int | None  # opponent team number (None: no opponent)
    value: Fraction  # the opponent's (adjusted) score, or the dummy's value
    weight: Fraction  # the team's own points in the round (extended SB)
    unplayed: bool = False  # the value is the dummy's (Art. 16.4)
    vur: bool = False  # voluntarily unplayed round, cut first (Art. 16.5)
    cut: bool = False


class TeamEngine:
    """Both score views, the primary score and the edition of one standings call."""

    def __init__(self, views: dict[str, ScoreView], primary: str, edition: Edition) -> None:
        self.views = views
        self.primary = primary
        self.secondary = "GP" if primary == "MP" else "MP"
        self.edition = edition
        self.cache: dict[Hashable, Any] = {}  # a column per code, the board totals

    def edition_for(self, tb: TeamTieBreak) -> Edition:
        return EDITIONS[tb.edition] if tb.edition else self.edition

    def view(self, score: str | None) -> ScoreView:
        return self.views[score or self.primary]


def terms(eng: TeamEngine, tb: TeamTieBreak, i: int) -> list[Term]:
    """Team ``i``'s terms for ``tb`` (BH or ESB), cuts marked."""
    ed = eng.edition_for(tb)
    opp_view = eng.view(tb.opponent)
    own_view = eng.view(tb.own or tb.opponent)
    adj = U.adjusted_scores(opp_view, ed)
    out: list[Term] = []
    for r, c in enumerate(opp_view.categories[i]):
        if c == U.NOSCHED:
            continue
        o = opp_view.opp[i][r]
        number = opp_view.start_ranks[o] if o >= 0 else None
        weight = own_view.pts[i][r]
        if o >= 0 and U.is_game(opp_view, ed, c, "opponent", tb.forfeits_played):
            out.append(Term(r + 1, number, Fraction(adj[o]), weight))
        else:
            value, _ = U.own_value(opp_view, ed, i, r, adj)
            out.append(Term(r + 1, number, Fraction(value), weight, True, ed.vur_cut_first and c in U.VUR))
    if tb.low or tb.high:
        weighted = tb.base == "ESB"
        values = [t.weight * t.value for t in out] if weighted else [t.value for t in out]
        keys = [t.value for t in out] if weighted else None
        flags = [t.vur for t in out] if any(t.vur for t in out) else None
        for j in U.choose_cuts(values, keys, flags, tb.low, tb.high, ed):
            out[j].cut = True
    return out


def compute_column(eng: TeamEngine, tb: TeamTieBreak) -> list[Fraction]:
    """``tb``'s value for every team (indexed like the views), once per standings call."""
    got: list[Fraction] | None = eng.cache.get(tb.code)
    if got is not None:
        return got
    if tb.base in ("BH", "ESB"):  # the terms not cut: the opponents' values, for ESB each times the team's own points
        esb = tb.base == "ESB"
        got = [sum((t.weight * t.value if esb else t.value for t in terms(eng, tb, i) if not t.cut), Fraction(0))
               for i in range(eng.view("MP").player_count)]
    elif tb.base in ("SECONDARY", "MP", "GP"):
        got = list(eng.view(eng.secondary if tb.base == "SECONDARY" else tb.base).score)
    elif tb.base == "BC":  # C.07 Art. 12.1 on the whole event
        got = board_count_column(eng, tb)
    else:  # pragma: no cover - group tie-breaks are not columns
        raise ValueError(f"{tb.code} is not computed per team")
    eng.cache[tb.code] = got
    return got
