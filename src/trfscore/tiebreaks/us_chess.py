"""US Chess tie-break systems (Official Rules, 7th ed., rule 34E), offered as named extras.

They have their own unplayed-game rules and do not depend on the FIDE edition:

* adjusted score of an opponent: every unplayed game of that opponent (byes, forfeits either
  way, rounds after a withdrawal) counts as a draw;
* a player's own unplayed game counts as an opponent with adjusted score 0.

* MMED Modified Median (34E1): the sum of the adjusted scores, dropping the lowest for a plus
  score, the highest and lowest for exactly 50 %, the highest for a minus score; two of each
  with 9 or more rounds.
* SOLK Solkoff (34E2): the same sum, nothing dropped.
* CUM  Cumulative (34E3): the sum of the running scores, minus the points of unplayed rounds
       (forfeit wins and byes).
* OCUM Cumulative of opposition (34E4): the sum of the opponents' cumulative scores.
* KASH Kashdan (34E7): 4 points a win, 2 a draw, 1 a loss, 0 an unplayed game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Kind
from . import unplayed as U
from .base import Column, Engine, TieBreak
from .context import Context
from .progressive import running_scores
from .terms import KIND_TEXT

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["compute_us", "explain_us"]


def _adjusted(ctx: Context) -> list[int]:
    got: list[int] | None = ctx.cache.get("us-adj")
    if got is None:
        D = ctx.D
        got = ctx.cache["us-adj"] = [sum(p if c == U.PLAYED else D for p, c in zip(prow, crow) if c != U.NOSCHED)
                                     for prow, crow in zip(ctx.pts, ctx.categories)]
    return got


def _terms(ctx: Context, i: int) -> list[tuple[int, int, int | None]]:
    """(round, value, opponent) with value the opponent's adjusted score or 0."""
    adj = _adjusted(ctx)
    out: list[tuple[int, int, int | None]] = []
    for r, c in enumerate(ctx.categories[i]):
        if c == U.PLAYED:
            o = ctx.opp[i][r]
            out.append((r, adj[o], o))
        elif c != U.NOSCHED:
            out.append((r, 0, None))
    return out


def _median_drops(ctx: Context, i: int) -> tuple[int, int]:
    """How many of the lowest and of the highest values MMED drops (34E1)."""
    rounds = sum(1 for c in ctx.categories[i] if c != U.NOSCHED)
    k = 2 if rounds >= 9 else 1
    twice, half_max = 2 * ctx.score[i], ctx.W * rounds
    return (k, 0) if twice > half_max else (k, k) if twice == half_max else (0, k)


def _unplayed_points(ctx: Context, i: int) -> int:
    """The points of ``i``'s unplayed rounds (forfeit wins and byes), which CUM subtracts (34E3)."""
    return sum(p for p, c in zip(ctx.pts[i], ctx.categories[i]) if c != U.PLAYED and c != U.NOSCHED)


def _cum(ctx: Context) -> list[int]:
    got: list[int] | None = ctx.cache.get("us-cum")
    if got is None:
        got = ctx.cache["us-cum"] = [sum(running_scores(ctx, i)) - _unplayed_points(ctx, i)
                                     for i in range(ctx.player_count)]
    return got


_KASH = {Kind.WIN: 4, Kind.DRAW: 2, Kind.LOSS: 1}


def compute_us(eng: Engine, tb: TieBreak) -> Column:
    ctx = eng.ctx
    base = tb.base
    if base in ("MMED", "SOLK"):
        out = []
        for i in range(ctx.player_count):
            vals = sorted(v for _, v, _ in _terms(ctx, i))
            if base == "MMED":
                lo, hi = _median_drops(ctx, i)
                vals = vals[lo:len(vals) - hi] if len(vals) > lo + hi else []
            out.append(sum(vals))
        return Column(out, scale=ctx.unit)
    if base == "CUM":
        return Column(_cum(ctx), scale=ctx.unit)
    if base == "OCUM":
        cum = _cum(ctx)
        out = [sum(cum[ctx.opp[i][r]] for r, c in enumerate(ctx.categories[i]) if c == U.PLAYED)
               for i in range(ctx.player_count)]
        return Column(out, scale=ctx.unit)
    if base == "KASH":
        out = [sum(_KASH.get(k, 0) for k, c in zip(ctx.kind[i], ctx.categories[i]) if c == U.PLAYED)
               for i in range(ctx.player_count)]
        return Column(out, integer=True)
    raise KeyError(base)  # pragma: no cover


def explain_us(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    from .explain import Explanation, Term, fmt_number  # on first use (start-up)

    ctx = eng.ctx
    base = tb.base
    value = eng.column(tb, compute_us).shown()[i]
    names = {"MMED": "Modified Median (US Chess 34E1)", "SOLK": "Solkoff (US Chess 34E2)",
             "CUM": "Cumulative (US Chess 34E3)", "OCUM": "Opposition cumulative (34E4)",
             "KASH": "Kashdan (US Chess 34E7)"}
    notes: list[str] = []
    if base in ("MMED", "SOLK"):
        terms = []
        for r, v, o in _terms(ctx, i):
            t = Term(r + 1, ctx.start_ranks[o] if o is not None else None, ctx.to_fraction(v))
            if o is None:
                t.unplayed = True
                t.category = KIND_TEXT.get(ctx.kind[i][r], "")
                t.rule = "US Chess 34E: own unplayed game counts as an opponent with 0"
            terms.append(t)
        if base == "MMED":
            lo, hi = _median_drops(ctx, i)
            order = sorted(range(len(terms)), key=lambda j: terms[j].value)
            drop = order[:lo] + (order[len(order) - hi:] if hi else [])
            for j in drop:
                terms[j].cut = True
                terms[j].cut_reason = "Modified Median drop"
        notes.append("opponents' unplayed games count as draws (US Chess 34E1)")
        return Explanation(ctx.start_ranks[i], names[base], tb.code, value, "us-chess", "", terms, "sum",
                           notes=notes)
    if base == "CUM":
        terms = [Term(r + 1, None, ctx.to_fraction(s), note="score after the round")
                 for r, s in enumerate(running_scores(ctx, i))]
        parts = " + ".join(fmt_number(t.value) for t in terms) or "0"
        formula = (f"{parts} - {fmt_number(ctx.to_fraction(_unplayed_points(ctx, i)))} (unplayed points) = "
                   f"{fmt_number(value)}")
        return Explanation(ctx.start_ranks[i], names[base], tb.code, value, "us-chess", "", terms,
                           "text", formula)
    if base == "OCUM":
        cum = _cum(ctx)
        terms = [Term(r + 1, ctx.start_ranks[ctx.opp[i][r]], ctx.to_fraction(cum[ctx.opp[i][r]]))
                 for r, c in enumerate(ctx.categories[i]) if c == U.PLAYED]
        return Explanation(ctx.start_ranks[i], names[base], tb.code, value, "us-chess", "", terms, "sum")
    terms = [Term(r + 1, ctx.start_ranks[ctx.opp[i][r]], _KASH.get(k, 0), note=KIND_TEXT.get(k, k))
             for r, (k, c) in enumerate(zip(ctx.kind[i], ctx.categories[i])) if c == U.PLAYED]
    return Explanation(ctx.start_ranks[i], names[base], tb.code, value, "us-chess", "", terms, "sum",
                       integer=True)
