"""Unplayed rounds: the one place where the editions of C.07 differ.

This module owns

* the categories of an unplayed round (C.07 2023+ Art. 16.2), derived once per call;
* the score an opponent is seen with (``adjusted_scores``: Art. 16.3, or the 2009 rule that every
  unplayed round of an opponent counts as a draw);
* the value a player's *own* unplayed round takes in opponent-based tie-breaks
  (``own_value``: the 2023+ dummy of Art. 16.4 with the 2026 caps 16.4.1/16.4.2, the 2009
  virtual opponent, or 0 without adjustment);
* which rounds count as games for the round-robin rule of Art. 15.2 (2026 carve-outs);
* which values a cut removes (``choose_cuts``: Art. 14.1.1 least significant value, Art. 16.5
  voluntary unplayed rounds first).

The tie-break families call these functions and never test an edition's name.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..model import Kind
from .cells import Cells, Points
from .editions import Edition

__all__ = [
    "PLAYED", "FWIN", "BYE", "FLOSS", "REQ", "REQ_LATE", "NOSCHED", "AVAILABLE", "VUR",
    "CATEGORY_NAMES", "category", "split_requested", "mark_late", "adjusted_scores", "own_value", "own_values",
    "is_game", "choose_cuts", "rule_text",
]

# Categories (C.07 2023+ Art. 16.2).  An int per cell keeps the arrays small.
PLAYED = 0  # over the board (also an unknown result against a real opponent)
FWIN = 1  # 16.2.2 forfeit win against a scheduled opponent
BYE = 2  # 16.2.1 pairing-allocated bye, full-point bye (a forfeit win with no opponent too)
FLOSS = 3  # 16.2.4 forfeit loss against a scheduled opponent (also a double forfeit); VUR
REQ = 4  # 16.2.3 requested bye / absence followed by a round the player was available for; VUR
REQ_LATE = 5  # 16.2.5 requested bye / absence / withdrawal not followed by such a round; VUR
NOSCHED = 6  # not scheduled: a round-robin round the player sits out; no value anywhere

AVAILABLE = frozenset({PLAYED, FWIN, BYE})  # Art. 16.1.2: rounds that are not VUR
VUR = frozenset({FLOSS, REQ, REQ_LATE})  # voluntarily unplayed rounds
UNPLAYED = frozenset({FWIN, BYE, FLOSS, REQ, REQ_LATE})

CATEGORY_NAMES = {
    PLAYED: "played", FWIN: "C.07 16.2.2", BYE: "C.07 16.2.1",
    FLOSS: "C.07 16.2.4, voluntarily unplayed",
    REQ: "C.07 16.2.3, voluntarily unplayed, followed by play",
    REQ_LATE: "C.07 16.2.5, voluntarily unplayed, not followed by play",
    NOSCHED: "not scheduled",
}

_PLAYED_KINDS = Kind.PLAYED | {Kind.UNKNOWN}


def category(kind: str, has_opponent: bool, rr: bool) -> int:
    """The Art. 16.2 category of one cell (REQ is split into REQ/REQ_LATE afterwards).

    In a round-robin every cell without an opponent is the round the player sits out (or a
    game that was never scheduled): it counts for nothing.
    """
    if kind == Kind.NOT_SCHEDULED or (rr and not has_opponent):
        return NOSCHED
    if kind in _PLAYED_KINDS:
        if has_opponent:
            return PLAYED
        return BYE if kind == Kind.WIN else REQ  # a result without an opponent: data error
    if kind == Kind.FORFEIT_WIN:
        return FWIN if has_opponent else BYE
    if kind == Kind.FORFEIT_LOSS:
        return FLOSS if has_opponent else REQ  # TRF "-" against 0000: an absence
    if kind == Kind.PAB or kind == Kind.FULL_BYE:
        return BYE
    return REQ  # HALF_BYE, ZERO_BYE, ABSENT


def split_requested(cats: list[list[int]]) -> None:
    """Mark requested byes / absences after the last available round as 16.2.5 (in place)."""
    for row in cats:
        if REQ in row or REQ_LATE in row:
            mark_late(row, 0, len(row))


def mark_late(categories: list[int], start: int, end: int) -> None:
    """:func:`split_requested` for the one player whose rounds are ``categories[start:end]``:
    walked back from the last round only as far as the last available one (usually the last
    round itself); before it a requested round is 16.2.3, looked for in C."""
    avail = AVAILABLE
    k = end - 1
    while k >= start and categories[k] not in avail:  # after every available round: 16.2.5
        if categories[k] == REQ:
            categories[k] = REQ_LATE
        k -= 1
    if REQ_LATE in categories[start:k]:  # (k: the last available round, or start - 1)
        for j in range(start, k):
            if categories[j] == REQ_LATE:
                categories[j] = REQ


# -- the opponents' view ----------------------------------------------------------------------
def adjusted_scores(ctx: Cells[Points], ed: Edition) -> list[Points]:
    """The score each player is seen with as somebody's opponent (in the context's points).

    * 2023+ (Art. 16.3): face value, except 16.2.5 rounds count as draws (16.3.2).
    * 2009: every unplayed round (forfeits either way, byes, absences) counts as a draw.
    * none, and every round-robin (Art. 16 is for Swiss events only): face value.
    Cached per context and edition.
    """
    key = ("adj", ed.opponent_view)
    got: list[Points] | None = ctx.cache.get(key)
    if got is not None:
        return got
    score = ctx.score
    view = ed.opponent_view
    if ctx.rr or view == "face":
        adj = score
    else:
        adj = score[:]
        D, n = ctx.D, ctx.round_count
        wanted = {REQ_LATE} if view == "late_requested_draw" else UNPLAYED
        categories, pts = ctx.flat_categories, ctx.flat_pts
        for k in ctx.unplayed:  # the flat positions of the unplayed cells
            if categories[k] in wanted:
                adj[k // n] += D - pts[k]
    ctx.cache[key] = adj
    return adj


# -- the player's own unplayed rounds ----------------------------------------------------------
def own_value(ctx: Cells[Points], ed: Edition, i: int, r: int, adj: list[Points]) -> tuple[Points | int, str]:
    """Value (opponent score) of player ``i``'s unplayed round ``r`` and the rule used (an int
    0 where a rule gives nothing, or where the 2009 virtual opponent starts from nothing).

    Rule codes (see :func:`rule_text`): ``dummy``, ``cap-opponent``, ``cap-draws``, ``virtual``,
    ``zero``.
    """
    return own_values(ctx, ed, [i * ctx.round_count + r], adj)[0]


def own_values(ctx: Cells[Points], ed: Edition, cells: list[int],
               adj: list[Points]) -> list[tuple[Points | int, str]]:
    """:func:`own_value` for many cells at once, given by their flat positions
    ``i * round_count + r``."""
    mode = ed.own_unplayed
    n = ctx.round_count
    score = ctx.score
    if mode == "dummy":  # 2023+ Art. 16.4: a dummy that ends with the player's own score
        owns = [score[k // n] for k in cells]
        if not ed.dummy_caps:
            return [(own, "dummy") for own in owns]
        # 2026: 16.4.1 (a forfeit: at most the scheduled opponent's adjusted score), 16.4.2
        # (anything else: at most a draw in every round)
        categories, opp, draws = ctx.flat_categories, ctx.flat_opp, ctx.D * n
        out: list[tuple[Points | int, str]] = []
        for k, own in zip(cells, owns):
            c, o = categories[k], opp[k]
            if (c == FWIN or c == FLOSS) and o >= 0:
                out.append((adj[o], "cap-opponent") if adj[o] < own else (own, "dummy"))
            else:
                out.append((draws, "cap-draws") if draws < own else (own, "dummy"))
        return out
    if mode == "virtual":
        # 2009: the virtual opponent starts round r with the player's score before it, gets the
        # complement of the player's result, then draws every later round.  The scores before
        # each round and the scheduled rounds after it are running sums over the player's row,
        # made once per player (not once per unplayed round: that was rounds^2 per player).
        out = []
        sums: dict[int, tuple[list[Points | int], list[int]]] = {}
        W, L, D = ctx.W, ctx.L, ctx.D
        for k in cells:
            i, r = divmod(k, n)
            got_sums = sums.get(i)
            if got_sums is None:
                got_sums = sums[i] = _running_sums(ctx.flat_pts[ctx.slices[i]], ctx.flat_categories[ctx.slices[i]])
            before, later = got_sums[0][r], got_sums[1][r]
            got = ctx.flat_pts[k]
            comp = L if got >= W else W if got <= L else D
            out.append((before + comp + D * later, "virtual"))
        return out
    return [(0, "zero")] * len(cells)


def _running_sums(pts: list[Points], cats: list[int]) -> tuple[list[Points | int], list[int]]:
    """Per round r of one player: the points of the scheduled rounds before r (an int 0 before
    the first), and how many scheduled rounds come after r (NOSCHED rounds count in neither)."""
    before: list[Points | int] = []
    total: Points | int = 0
    for p, c in zip(pts, cats):
        before.append(total)
        if c != NOSCHED:
            total += p
    later, count = [0] * len(cats), 0
    for r in range(len(cats) - 1, -1, -1):
        later[r] = count
        if cats[r] != NOSCHED:
            count += 1
    return before, later


def rule_text(code: str, ed: Edition) -> str:
    """A sentence naming the rule that valued an unplayed round (for explanations)."""
    return {
        "dummy": f"{ed.name}: C.07 Art. 16.4, dummy opponent with the player's own final score",
        "cap-opponent": f"{ed.name}: C.07 Art. 16.4.1, dummy capped at the scheduled opponent's "
                        "adjusted score",
        "cap-draws": f"{ed.name}: C.07 Art. 16.4.2, dummy capped at draw points x rounds",
        "virtual": f"{ed.name}: virtual opponent (score before the round + the complement of the "
                   "result + a draw in every later round)",
        "zero": f"{ed.name}: no adjustment, the unplayed round counts 0",
        "late-draw": f"{ed.name}: C.07 Art. 16.3.2, counted as a draw for opponents",
        "all-draw": f"{ed.name}: every unplayed round of an opponent counts as a draw",
    }.get(code, code)


# -- round-robins (Art. 15.2) ------------------------------------------------------------------
def is_game(ctx: Cells[Points], ed: Edition, c: int, purpose: str, forfeits_played: bool = False) -> bool:
    """Whether a cell of category ``c`` counts as a game for ``purpose``.

    ``purpose``: ``"opponent"`` (BH/SB/KS/DE), ``"rating"`` (Art. 10) or ``"count"`` (Art. 7).
    Over-the-board games always count.  Forfeits count when the modifier ``/P`` asks for it, and
    in round-robins (Art. 15.2: regular games), except that from 2026 forfeits stay unplayed for
    rating-based tie-breaks and forfeit losses for Type-B counts.
    """
    if c == PLAYED:
        return True
    if c != FWIN and c != FLOSS:
        return False
    if forfeits_played:
        return True
    if not ctx.rr:
        return False
    if purpose == "rating":
        return not ed.rr_forfeits_unplayed_for_ratings
    if purpose == "count" and c == FLOSS:
        return not ed.rr_forfeit_losses_unplayed_for_counts
    return True


# -- cuts -------------------------------------------------------------------------------------
def choose_cuts(values: Sequence[int | Fraction], keys: Sequence[int | Fraction] | None,
                vur: Sequence[bool] | None, low: int, high: int, ed: Edition) -> list[int]:
    """Positions of the values a cut removes, low cuts first.

    ``keys`` order the values by significance (C.07 14.1.1: the opponent's score; for SB the
    least significant value is the contribution of the lowest-scored opponent, ties broken by
    the smaller contribution).  ``keys=None`` means the values are their own keys.

    Low cuts (Cut-n and the low side of Median-n) follow Art. 16.5 when the edition says so:
    while the player still has a voluntarily unplayed round, its smallest value is cut when it
    is not below the least significant value (16.5.2: again for every value cut).  For
    Buchholz that means VURs always go first.  High cuts ignore VUR status.  When there are
    fewer values than cuts, everything is cut (the sum of nothing is 0).
    """
    if keys is None:
        keys = values
    significance = list(zip(keys, values)).__getitem__  # 14.1.1: least significant first
    smallest = list(zip(values, keys)).__getitem__
    alive = list(range(len(values)))
    vur_first = vur if ed.vur_cut_first and vur is not None and True in vur else None  # 16.5 applies
    cut: list[int] = []
    for _ in range(min(low, len(alive))):
        choice = min(alive, key=significance)
        if vur_first is not None:
            vurs = [j for j in alive if vur_first[j]]
            if vurs:
                v = min(vurs, key=smallest)
                if values[v] >= values[choice]:
                    choice = v
        alive.remove(choice)
        cut.append(choice)
    for _ in range(min(high, len(alive))):
        most = max(alive, key=significance)
        alive.remove(most)
        cut.append(most)
    return cut
