"""Every player's explanation of BH, FB, SB (with their cuts) and PS at once, as number columns.

The HTML report ships these columns instead of 10,000 x k texts; its script writes the text of
one explanation when it is opened, exactly as ``str(Standings.explain(...))`` would.
:func:`explanation` rebuilds the :class:`~.explain.Explanation` itself from the columns (the
tests hold it to ``Standings.explain``), and so documents what each column means.

Covered: a Swiss whose terms are its cells one for one (``terms.one_term_per_cell``: forfeits
unplayed, every round scheduled).  Anything else (``/P``, round-robins, other tie-breaks) is
``None`` here and explained one player at a time.

The JSON-ready layout (player ``i`` in start-rank order, ``start_ranks[i]``; cell ``k = i * n + r``):

* ``contexts``: per tie-break context (the plain one, the Fore-Buchholz view), ``n`` rounds,
  ``unit`` and ``pts``, the points of every cell (scaled by ``unit``);
* ``groups``: per context and edition, ``values`` (every cell's term, scaled by ``unit``),
  ``unplayed`` (runs of five: ``k``, category text, scheduled opponent's start rank or 0, rule
  text, 1 for a voluntarily unplayed round) and ``remarks`` (pairs: ``k``, remark text), texts
  as indices into ``strings``;
* ``tiebreaks``: per listed code, None or ``kind`` (``sum``: Buchholz over ``group``;
  ``product``: Sonneborn-Berger over ``group``, weighted by its context's points; ``progressive``:
  the running scores of ``context``), ``cuts`` (how many terms each player loses), ``cut`` and
  ``why`` (per player ``cuts`` term positions, low cuts first, and their reasons in
  ``strings``), ``name`` and ``notes``.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from typing import Any

from ..model import Kind
from . import unplayed as U
from .base import Engine, TieBreak
from .context import Context
from .editions import Edition
from .explain import Explanation, Term
from .terms import adjusted_remark, category_text, cut_reason, one_term_per_cell, term_values

__all__ = ["columns", "explanation"]

#: Tie-break bases the columns cover, and the kind of explanation each makes.
KINDS = {"BH": "sum", "FB": "sum", "SB": "product", "PS": "progressive"}
_PS_CUT = "Cut: the earliest rounds' terms are dropped (C.07 Art. 14.1.1 c)"
_FB_NOTE = "every game paired in the last round counted as a draw (C.07 Art. 8.3)"


class _Builder:
    def __init__(self, eng: Engine) -> None:
        self.eng = eng
        self.strings: list[str] = []
        self.index: dict[str, int] = {}
        self.contexts: list[dict[str, Any]] = []
        self.context_of: dict[int, int] = {}
        self.groups: list[dict[str, Any]] = []
        self.group_of: dict[tuple[int, str], int] = {}

    def text(self, s: str) -> int:
        k = self.index.get(s)
        if k is None:
            k = self.index[s] = len(self.strings)
            self.strings.append(s)
        return k

    def context(self, ctx: Context) -> int:
        k = self.context_of.get(id(ctx))
        if k is None:
            k = self.context_of[id(ctx)] = len(self.contexts)
            self.contexts.append({"n": ctx.round_count, "unit": ctx.unit, "pts": ctx.flat_pts})
        return k

    def group(self, ctx: Context, ed: Edition) -> int:
        key = (self.context(ctx), ed.name)
        g = self.group_of.get(key)
        if g is not None:
            return g
        term_values(ctx, ed, False)  # fills the flat values of a one-term-per-cell Swiss
        values: list[int] = ctx.cache["flat_values", ed.name]
        adj = U.adjusted_scores(ctx, ed)
        n, categories, opp, start_ranks = ctx.round_count, ctx.flat_categories, ctx.flat_opp, ctx.start_ranks
        cells = ctx.unplayed
        kinds: dict[int, list[str]] = {}
        unplayed: list[int] = []
        for k, (_, rule) in zip(cells, U.own_values(ctx, ed, cells, adj)):
            i, r = divmod(k, n)
            row = kinds.get(i)
            if row is None:
                row = kinds[i] = ctx.players[i].kinds()
            kind = row[r] if r < len(row) else Kind.ABSENT
            c, o = categories[k], opp[k]
            unplayed += [k, self.text(category_text(kind, c)), start_ranks[o] if o >= 0 else 0,
                         self.text(U.rule_text(rule, ed)), int(ed.vur_cut_first and c in U.VUR)]
        remarks: list[int] = []
        moved = [o for o, (a, s) in enumerate(zip(adj, ctx.score)) if a != s]
        if moved:
            flags = [False] * (ctx.player_count + 1)  # the last entry answers opponent -1
            for o in moved:
                flags[o] = True
            for k in [k for k, o in enumerate(opp) if flags[o] and categories[k] == U.PLAYED]:
                remarks += [k, self.text(adjusted_remark(ctx, ed, opp[k], adj))]
        g = self.group_of[key] = len(self.groups)
        self.groups.append({"context": key[0], "values": values, "unplayed": unplayed,
                            "remarks": remarks})
        return g


def _kind_for(eng: Engine, tb: TieBreak) -> str | None:
    kind = KINDS.get(tb.base)
    if kind is None or tb.forfeits_played or eng.ctx.round_count == 0:
        return None
    if kind != "progressive" and not one_term_per_cell(_context(eng, tb), False):
        return None
    return kind


def _context(eng: Engine, tb: TieBreak) -> Context:
    return eng.ctx.fore() if tb.fore or tb.base == "FB" else eng.ctx


def _cuts(values: list[list[int]], keys: list[list[int]] | None, flags: list[list[bool] | None] | None,
          tb: TieBreak, ed: Edition) -> list[int]:
    """Per player the positions ``unplayed.choose_cuts`` picks, flat."""
    low, high = tb.low, tb.high
    out: list[int] = []
    if keys is None and low == 1 and not high:  # BH-C1: the first smallest term, unless VURs
        for i, v in enumerate(values):
            f = flags[i] if flags is not None else None
            out += U.choose_cuts(v, None, f, 1, 0, ed) if f is not None else [v.index(min(v))]
        return out
    for i, v in enumerate(values):
        out += U.choose_cuts(v, keys[i] if keys is not None else None,
                             flags[i] if flags is not None else None, low, high, ed)
    return out


def _tiebreak(b: _Builder, tb: TieBreak, kind: str) -> dict[str, Any]:
    eng = b.eng
    ed = eng.edition_for(tb)
    ctx = _context(eng, tb) if kind != "progressive" else eng.ctx
    n = ctx.round_count
    out: dict[str, Any] = {"kind": kind, "notes": [_FB_NOTE] if tb.base == "FB" else []}
    if kind == "progressive":
        cuts = min(tb.low, n)
        out.update(context=b.context(ctx), name="Progressive score", cuts=cuts,
                   cut=list(range(cuts)) * ctx.player_count, why=[b.text(_PS_CUT)] * (cuts * ctx.player_count))
        return out
    cuts = min(tb.low, n) + min(tb.high, n - min(tb.low, n))
    out.update(group=b.group(ctx, ed),
               name=("Fore Buchholz" if tb.base == "FB" else "Buchholz") if kind == "sum" else "Sonneborn-Berger",
               cuts=cuts)
    if not cuts:
        out["cut"], out["why"] = [], []
        return out
    rows = term_values(ctx, ed, False)
    vur: list[list[bool] | None] | None = None
    if ed.vur_cut_first:
        categories, floss = ctx.flat_categories, U.FLOSS
        vur = [None] * ctx.player_count
        for i in dict.fromkeys(k // n for k in ctx.unplayed if categories[k] >= floss):
            vur[i] = [c in U.VUR for c in categories[i * n:i * n + n]]
    if kind == "product":
        pts = ctx.pts
        contributions = [[w * v for w, v in zip(p, r)] for p, r in zip(pts, rows)]
        cut = _cuts(contributions, rows, vur, tb, ed)
    else:
        cut = _cuts(rows, None, vur, tb, ed)
    flat_categories = ctx.flat_categories
    reasons = {(low, v): b.text(cut_reason(low, v, ed)) for low in (True, False) for v in (True, False)}
    why = []
    for m, j in enumerate(cut):
        i, nth = divmod(m, cuts)
        why.append(reasons[nth < tb.low, ed.vur_cut_first and flat_categories[i * n + j] in U.VUR])
    out["cut"], out["why"] = cut, why
    return out


def columns(eng: Engine, tiebreaks: list[TieBreak]) -> dict[str, Any]:
    """The columns of every listed tie-break (None for those explained one player at a time)."""
    b = _Builder(eng)
    tbs = [None if (kind := _kind_for(eng, tb)) is None else _tiebreak(b, tb, kind) for tb in tiebreaks]
    return {"start_ranks": eng.ctx.start_ranks, "strings": b.strings, "contexts": b.contexts, "groups": b.groups,
            "tiebreaks": tbs}


def explanation(data: dict[str, Any], j: int, i: int, *, start_rank: int = 0, code: str = "") -> Explanation:
    """The explanation of listed tie-break ``j`` for player ``i`` rebuilt from :func:`columns`
    (the page's script does the same to write its text)."""
    tb = data["tiebreaks"][j]
    strings = data["strings"]
    kind = tb["kind"]
    ctx = data["contexts"][tb["context"] if kind == "progressive" else data["groups"][tb["group"]]["context"]]
    n, unit = ctx["n"], ctx["unit"]
    pts = ctx["pts"][i * n:i * n + n]
    if kind == "progressive":
        terms = [Term(r + 1, None, Fraction(s, unit), note="score after the round")
                 for r, s in enumerate(accumulate(pts))]
    else:
        group = data["groups"][tb["group"]]
        values = group["values"][i * n:i * n + n]
        terms = [Term(r + 1, None, Fraction(v, unit), Fraction(w, unit) if kind == "product" else None)
                 for r, (v, w) in enumerate(zip(values, pts))]
        lo, hi = i * n, i * n + n
        run = group["unplayed"]
        for x in range(0, len(run), 5):
            k, category, opponent, rule, vur = run[x:x + 5]
            if lo <= k < hi:
                t = terms[k - lo]
                t.unplayed, t.category, t.rule, t.vur = True, strings[category], strings[rule], bool(vur)
                t.opponent = opponent or None
        pairs = group["remarks"]
        for x in range(0, len(pairs), 2):
            if lo <= pairs[x] < hi:
                terms[pairs[x] - lo].remark = strings[pairs[x + 1]]
    cuts = tb["cuts"]
    for nth in range(cuts):
        t = terms[tb["cut"][i * cuts + nth]]
        t.cut, t.cut_reason = True, strings[tb["why"][i * cuts + nth]]
    if kind == "product":
        value = sum((t.contribution for t in terms if not t.cut), Fraction(0))
    else:
        value = sum((t.value for t in terms if not t.cut), Fraction(0))
    style = "product" if kind == "product" else "sum"
    return Explanation(start_rank, tb["name"], code, value, terms=terms, style=style, notes=list(tb["notes"]))
