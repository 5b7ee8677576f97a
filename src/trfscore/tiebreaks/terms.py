"""Opponent-score terms shared by the Buchholz and Sonneborn-Berger families.

For every player and every scheduled round there is one term: the opponent's (adjusted) score
for a game, or the edition's value for the player's own unplayed round (``unplayed.own_value``).
The lists are built once per context, edition and forfeit mode and shared by BH, BH-Cn, SB...;
:func:`term_sums` adds them up after the cuts (Art. 14, 16.5).
"""
from __future__ import annotations

from itertools import compress, count, repeat
from operator import is_not, mul, not_, sub
from typing import TYPE_CHECKING

from ..decimals import fmt_number
from ..model import Kind
from . import unplayed as U
from .context import Context
from .editions import Edition

if TYPE_CHECKING:
    from .explain import Term

__all__ = ["layout", "opponent_terms", "term_values", "term_sums", "explain_opponent_terms", "KIND_TEXT",
           "mark_cuts", "category_text", "adjusted_remark", "cut_reason"]

#: Per player: the flags of its voluntarily unplayed rounds, or None when it has none.
_VurFlags = list[list[bool] | None]
#: ``(rows, weights, vur, slots)`` of :func:`layout`.
_Layout = tuple[list[list[int]], list[list[int]], _VurFlags, list[tuple[int, int]]]
#: ``(ext, rows, weights, vur_flags)`` of :func:`opponent_terms`.
_OpponentTerms = tuple[list[int], list[list[int]], list[list[int]], _VurFlags | None]

KIND_TEXT = {
    Kind.WIN: "win", Kind.DRAW: "draw", Kind.LOSS: "loss", Kind.FORFEIT_WIN: "forfeit win",
    Kind.FORFEIT_LOSS: "forfeit loss", Kind.FULL_BYE: "full-point bye",
    Kind.HALF_BYE: "half-point bye", Kind.PAB: "pairing-allocated bye",
    Kind.ZERO_BYE: "zero-point bye", Kind.ABSENT: "absent / not paired",
    Kind.NOT_SCHEDULED: "not scheduled", Kind.UNKNOWN: "result unknown",
}


def layout(ctx: Context, forfeit_games: bool) -> _Layout:
    """Edition-independent shape of the opponent terms, built once per context.

    Returns ``(rows, weights, vur, slots)``: ``rows[i]`` lists, per scheduled round of player
    ``i``, an index into the "extended score" list of :func:`opponent_terms` (an opponent index
    below ``player_count`` for a game, ``player_count + k`` for the k-th unplayed round in
    ``slots``); ``weights[i]`` the points scored in the same rounds; ``vur[i]`` None or flags marking voluntarily unplayed
    rounds; ``slots`` the ``(player, round)`` of every unplayed round.  Forfeits are games when
    ``forfeit_games`` (round-robins, ``/P``).
    """
    key = ("layout", forfeit_games)
    got: _Layout | None = ctx.cache.get(key)
    if got is not None:
        return got
    nxt = count(ctx.player_count).__next__
    slots: list[tuple[int, int]] = []
    rows: list[list[int]] = []
    weights: list[list[int]] = []
    flags: _VurFlags = []
    NOSCHED, FWIN, FLOSS = U.NOSCHED, U.FWIN, U.FLOSS
    for i, (orow, crow, prow, clean) in enumerate(zip(ctx.opp, ctx.categories, ctx.pts, ctx.clean)):
        if clean:
            rows.append(orow)
            weights.append(prow)
            flags.append(None)
            continue
        if not forfeit_games and NOSCHED not in crow:  # the common case, in C-speed passes
            rows.append([o if c == 0 else nxt() for o, c in zip(orow, crow)])
            slots.extend([(i, r) for r, c in enumerate(crow) if c])
            weights.append(prow)
            flags.append([c >= FLOSS for c in crow] if max(crow) >= FLOSS else None)
            continue
        tr: list[int] = []
        wr: list[int] = []
        fr: list[bool] = []
        for r, c in enumerate(crow):
            if c == NOSCHED:
                continue
            if c == 0 or (forfeit_games and (c == FWIN or c == FLOSS)):
                tr.append(orow[r])
                fr.append(False)
            else:
                tr.append(nxt())
                slots.append((i, r))
                fr.append(c >= FLOSS)
            wr.append(prow[r])
        rows.append(tr)
        weights.append(wr)
        flags.append(fr if True in fr else None)
    made = (rows, weights, flags, slots)
    ctx.cache[key] = made
    return made


def opponent_terms(ctx: Context, ed: Edition, fp: bool = False) -> _OpponentTerms:
    """``(ext, rows, weights, vur_flags)`` for the edition.

    ``ext`` holds every player's adjusted score (Art. 16.3) followed by the value of every
    unplayed round (``unplayed.own_value``), so that the terms of player ``i`` are
    ``[ext[k] for k in rows[i]]`` (scaled by ``ctx.unit``).  ``vur_flags`` is None unless the
    edition cuts voluntarily unplayed rounds first (Art. 16.5).
    """
    key = ("oterms", ed.name, fp)
    got: _OpponentTerms | None = ctx.cache.get(key)
    if got is not None:
        return got
    rows, weights, flags, slots = layout(ctx, fp or ctx.rr)
    adj = U.adjusted_scores(ctx, ed)
    n = ctx.round_count
    ext = adj + [value for value, _ in U.own_values(ctx, ed, [i * n + r for i, r in slots], adj)]
    made = (ext, rows, weights, flags if ed.vur_cut_first else None)
    ctx.cache[key] = made
    return made


def one_term_per_cell(ctx: Context, fp: bool) -> bool:
    """True when the terms are the cells one for one, in the same order: a Swiss where forfeits
    are unplayed rounds (no ``/P``) and every round is scheduled.  Then the terms are computed
    over the flat cell lists at once instead of through :func:`layout`."""
    if fp or ctx.rr:
        return False
    got: bool | None = ctx.cache.get("no_sit_outs")
    if got is None:
        categories, ns = ctx.flat_categories, U.NOSCHED
        got = ctx.cache["no_sit_outs"] = not any(categories[k] == ns for k in ctx.unplayed)
    return got


def _flat_term_values(ctx: Context, ed: Edition) -> list[int]:
    """The terms of every cell, flat (see :func:`one_term_per_cell`): the opponent's adjusted
    score for a game, ``unplayed.own_value`` for an unplayed round."""
    adj = U.adjusted_scores(ctx, ed)
    flat = list(map(adj.__getitem__, ctx.flat_opp))  # unplayed cells are overwritten below
    cells = ctx.unplayed
    for k, (value, _) in zip(cells, U.own_values(ctx, ed, cells, adj)):
        flat[k] = value
    return flat


def term_values(ctx: Context, ed: Edition, fp: bool) -> list[list[int]]:
    """Per player, the opponent-score terms themselves (scale ``ctx.unit``), cached: every
    Buchholz and Sonneborn-Berger variant of one edition reads the same lists."""
    key = ("values", ed.name, fp)
    got: list[list[int]] | None = ctx.cache.get(key)
    if got is None:
        flat = _flat_cells(ctx, ed, fp, False)
        if flat is not None:
            got = list(map(flat.__getitem__, ctx.slices))
        else:
            ext, rows, _, _ = opponent_terms(ctx, ed, fp)
            got = list(map(list, map(map, repeat(ext.__getitem__), rows)))
        ctx.cache[key] = got
    return got


def _flat_cells(ctx: Context, ed: Edition, fp: bool, weighted: bool) -> list[int] | None:
    """When :func:`one_term_per_cell`: the terms of every cell, flat, or with ``weighted`` the
    Sonneborn-Berger contributions (points scored x term), cached; else None."""
    if not one_term_per_cell(ctx, fp):
        return None
    key = ("flat_products" if weighted else "flat_values", ed.name)
    got: list[int] | None = ctx.cache.get(key)
    if got is None:
        got = (list(map(mul, _flat_cells(ctx, ed, fp, False) or (), ctx.flat_pts)) if weighted
               else _flat_term_values(ctx, ed))
        ctx.cache[key] = got
    return got


def _products(ctx: Context, ed: Edition, fp: bool) -> list[list[int]]:
    """Per player, points scored x term (the Sonneborn-Berger contributions), cached."""
    key = ("products", ed.name, fp)
    got: list[list[int]] | None = ctx.cache.get(key)
    if got is None:
        flat = _flat_cells(ctx, ed, fp, True)
        if flat is not None:
            got = list(map(flat.__getitem__, ctx.slices))
        else:
            weights = opponent_terms(ctx, ed, fp)[2]
            got = list(map(list, map(map, repeat(mul), term_values(ctx, ed, fp), weights)))
        ctx.cache[key] = got
    return got


def _vur_flags(ctx: Context, ed: Edition, fp: bool) -> _VurFlags | None:
    """Per player, None or flags marking the terms of voluntarily unplayed rounds; None
    altogether when the edition does not cut them first (Art. 16.5)."""
    if not ed.vur_cut_first:
        return None
    if not one_term_per_cell(ctx, fp):
        return opponent_terms(ctx, ed, fp)[3]
    got: _VurFlags | None = ctx.cache.get("vur_flags")
    if got is None:
        categories, n, floss = ctx.flat_categories, ctx.round_count, U.FLOSS
        got = [None] * ctx.player_count
        for i in dict.fromkeys(k // n for k in ctx.unplayed if categories[k] >= floss):
            got[i] = [c >= floss for c in categories[i * n:i * n + n]]
        ctx.cache["vur_flags"] = got
    return got


def term_sums(ctx: Context, ed: Edition, low: int, high: int, fp: bool, weighted: bool) -> list[int]:
    """Per player, the sum of the terms left after cutting ``low``/``high`` values.

    ``weighted=False``: Buchholz, the opponents' scores (scale ``ctx.unit``);
    ``weighted=True``: Sonneborn-Berger, points scored x opponent's score (scale ``unit**2``).
    Cached per context, edition, cuts and forfeit mode.  Sums, products and minima run as
    C-level passes over all players at once.
    """
    key = ("sums", weighted, ed.name, low, high, fp)
    got: list[int] | None = ctx.cache.get(key)
    if got is not None:
        return got
    flags = _vur_flags(ctx, ed, fp)
    flat = _flat_cells(ctx, ed, fp, weighted)
    if low == 1 and not (high or weighted):  # the common BH-C1: take off the smallest term,
        # (one player's terms at a time when they are the cells: no list per player is kept)
        values = map(flat.__getitem__, ctx.slices) if flat is not None else term_values(ctx, ed, fp)
        least = list(map(min, [v if v else (0,) for v in values]))
        if flags is not None:  # or the smallest VUR term (Art. 16.5, see _cut_total), of the players with VURs
            slices = ctx.slices
            for i, f in compress(enumerate(flags), map(is_not, flags, repeat(None))):
                least[i] = min(compress(flat[slices[i]] if flat is not None else term_values(ctx, ed, fp)[i], f or ()))
        out = list(map(sub, term_sums(ctx, ed, 0, 0, fp, weighted), least))
    elif low or high:
        values = term_values(ctx, ed, fp)
        products = _products(ctx, ed, fp) if weighted else None
        base = term_sums(ctx, ed, 0, 0, fp, weighted)
        out = base[:]
        for i, v in enumerate(values):
            if v:
                out[i] = base[i] - _cut_total(v, products[i] if products is not None else None,
                                              flags[i] if flags is not None else None, low, high, ed)
    elif flat is not None:
        out = list(map(sum, map(flat.__getitem__, ctx.slices)))
    else:
        out = list(map(sum, _products(ctx, ed, fp) if weighted else term_values(ctx, ed, fp)))
    ctx.cache[key] = out
    return out


def _cut_total(v: list[int], c: list[int] | None, vur: list[bool] | None, low: int, high: int,
               ed: Edition) -> int:
    """What the cuts remove from one player's terms: ``v`` the opponents' scores, ``c`` the SB
    contributions (None for Buchholz), ``vur`` the VUR flags (None: no VUR, or the edition does
    not cut them first).  The low-cut-only cases are short forms of ``unplayed.choose_cuts``."""
    if not high:
        if vur is None:  # the least significant values: lowest score, smaller contribution
            if c is None:
                return sum(sorted(v)[:low])
            return sum(x for _, x in sorted(zip(v, c))[:low])
        if c is None:  # Buchholz: a VUR value is never below the least significant (smallest)
            # value, so VURs go first (16.5), smallest first, then the smallest others
            cut = sorted(compress(v, vur))[:low]
            if len(cut) < low:
                cut += sorted(compress(v, map(not_, vur)))[:low - len(cut)]
            return sum(cut)
    values = v if c is None else c
    return sum(values[j] for j in U.choose_cuts(values, None if c is None else v, vur, low, high,
                                                 ed))


def explain_opponent_terms(ctx: Context, ed: Edition, i: int, fp: bool, weighted: bool) -> list[Term]:
    """The terms of player ``i`` as :class:`Term` objects, in the order of ``opponent_terms``."""
    from .explain import Term  # on first use (start-up)

    adj = U.adjusted_scores(ctx, ed)
    forfeit_games = fp or ctx.rr
    terms: list[Term] = []
    frac = ctx.to_fraction
    for r, c in enumerate(ctx.categories[i]):
        if c == U.NOSCHED:
            continue
        o = ctx.opp[i][r]
        kind = ctx.kind[i][r]
        weight = frac(ctx.pts[i][r]) if weighted else None
        opponent_rank = ctx.start_ranks[o] if o >= 0 else None
        if c == U.PLAYED or (forfeit_games and (c == U.FWIN or c == U.FLOSS)):
            t = Term(r + 1, opponent_rank, frac(adj[o]), weight)
            if c != U.PLAYED:
                t.remark = f"{KIND_TEXT.get(kind, kind)} against #{opponent_rank} counted as a game"
            if adj[o] != ctx.score[o]:
                t.remark = adjusted_remark(ctx, ed, o, adj)
            terms.append(t)
        else:
            value, rule = U.own_value(ctx, ed, i, r, adj)
            t = Term(r + 1, opponent_rank, frac(value), weight, unplayed=True,
                     category=category_text(kind, c),
                     rule=U.rule_text(rule, ed),
                     vur=ed.vur_cut_first and c in U.VUR)
            terms.append(t)
    if ctx.rr:  # a round-robin is read off the crosstable: opponents in start-rank order
        terms.sort(key=lambda t: (t.opponent or 0, t.round or 0))
    return terms


def mark_cuts(terms: list[Term], cuts: list[int], low: int, ed: Edition) -> None:
    """Flag the terms a cut removed (``cuts`` from ``unplayed.choose_cuts``, low cuts first)."""
    for n, j in enumerate(cuts):
        t = terms[j]
        t.cut = True
        t.cut_reason = cut_reason(n < low, t.vur, ed)


def cut_reason(low_side: bool, vur: bool, ed: Edition) -> str:
    """Why a cut removed a term: a low cut (of a voluntarily unplayed round, Art. 16.5, or the
    least significant value) or a high cut."""
    if not low_side:
        return "most significant value (Median / best-result cut)"
    if vur and ed.vur_cut_first:
        return ("C.07 Art. 16.5: a voluntarily unplayed round is cut first "
                "unless its value is below the least significant one")
    return "least significant value (C.07 Art. 14.1.1)"


def category_text(kind: str, c: int) -> str:
    """How an unplayed round is named in an explanation: its kind and its Art. 16.2 category."""
    return f"{KIND_TEXT.get(kind, kind)} ({U.CATEGORY_NAMES[c]})"


def adjusted_remark(ctx: Context, ed: Edition, o: int, adj: list[int]) -> str:
    """The remark on a game against opponent ``o`` whose adjusted score (Art. 16.3) differs
    from its face value."""
    rule = "late-draw" if ed.opponent_view == "late_requested_draw" else "all-draw"
    return (f"#{ctx.start_ranks[o]} scored {fmt_number(ctx.to_fraction(ctx.score[o]))}, counted "
            f"{fmt_number(ctx.to_fraction(adj[o]))} ({U.rule_text(rule, ed)})")
