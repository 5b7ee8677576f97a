"""Per-call precomputation: the arrays every tie-break reads.

A :class:`Context` is built once per standings call from a :class:`~trfscore.model.Tournament`.
It holds, per player (index ``i`` in start-rank order) and per round (index ``r``, 0-based):

* ``opp[i][r]``  opponent index or -1,
* ``pts[i][r]``  points awarded, as integers in units of ``1/unit`` (``unit`` is the least
  common denominator of every value the scoring system hands out, 2 for 1-1/2-0),
* ``categories[i][r]``  the unplayed-round category of :mod:`trfscore.tiebreaks.unplayed`,
* ``col[i][r]``  colour (``"w"``/``"b"``/None), ``kind[i][r]`` the model's :class:`Kind`,

and ``score[i]``, the face-value total, for ``player_count`` players and ``round_count`` rounds.
Nothing here depends on the rules edition; values that do (adjusted scores, dummy values) are
computed by ``unplayed.py`` and cached on the context.

The cells are stored flat, player after player (``flat_opp``, ``flat_categories``, ``flat_pts``:
cell ``i * round_count + r``), so that whole-field passes run in C; the per-player rows ``opp``,
``categories`` and ``pts`` are slices of them, made on first use.  ``unplayed`` lists the flat
positions of every cell that is not an over-the-board game.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from itertools import compress, count, repeat
from operator import attrgetter, floordiv, lt
from typing import Any, TypeVar

from ..cells import Columns, columns, positions_of, round_counts
from ..event_reading import event_columns, event_positions, opponent_positions
from ..model import COLOUR_OF_CODE, Kind, Player, Scoring, Tournament
from .unplayed import FLOSS, FWIN, NOSCHED, PLAYED, REQ, REQ_LATE, category, mark_late

__all__ = ["Context", "build_context", "row_slices"]

_Cell = TypeVar("_Cell")
#: One player's ``(opp, categories, pts)`` cells, or every player's flat ones.
_Rows = tuple[list[int], list[int], list[int]]


def row_slices(count: int, n: int) -> list[slice]:
    """The slices of ``count`` rows of ``n`` cells each in a flat list."""
    if not n:
        return [slice(0, 0)] * count
    return list(map(slice, range(0, count * n, n), range(n, count * n + 1, n)))


_ROWS_OF = {"opp": "flat_opp", "categories": "flat_categories", "pts": "flat_pts"}


#: What the Fore view (:meth:`Context.fore`) shares with its context: all but the cells.
_FORE_SHARES = ("t", "players", "start_ranks", "index", "round_count", "player_count", "unit",
                "W", "D", "L", "rr", "_col", "_kind")


class Context:
    """Precomputed arrays for one tournament, system and round count (see module docstring)."""

    opp: list[list[int]]
    categories: list[list[int]]
    pts: list[list[int]]

    def __init__(self) -> None:
        self.t: Tournament | None = None
        self.players: list[Player] = []
        self.start_ranks: list[int] = []
        self.index: dict[int, int] = {}
        self.round_count = 0
        self.player_count = 0
        self.unit = 2
        self.W = 2
        self.D = 1
        self.L = 0
        self.flat_opp: list[int] = []
        self.flat_categories: list[int] = []
        self.flat_pts: list[int] = []
        self.unplayed: list[int] = []  # flat positions of the cells whose category is not PLAYED
        self._col: list[list[str | None]] | None = None
        self._kind: list[list[str]] | None = None
        self.score: list[int] = []
        self.clean: list[bool] = []  # every round an over-the-board game
        self.rr = False
        self.cache: dict[Hashable, Any] = {}
        self._fore: Context | None = None
        self._frac: dict[int, Fraction] = {}

    def release(self) -> None:
        """Free every list this context remade or cached (the per-player rows, the cache, the
        Fore view): each is made again on first use.  The flat cells and scores stay."""
        self.cache = {}
        self._fore = self._col = self._kind = None
        for rows in _ROWS_OF:
            self.__dict__.pop(rows, None)

    # -- lazily built rows --------------------------------------------------------------------
    @property
    def slices(self) -> list[slice]:
        """Per player, the slice of its cells in the flat lists."""
        got = self.cache.get("slices")
        if got is None:
            got = self.cache["slices"] = row_slices(self.player_count, self.round_count)
        return got

    def row_sums(self, flat: list[int]) -> list[int]:
        """Per player, the sum of its cells of a flat list."""
        return list(map(sum, map(flat.__getitem__, self.slices)))

    def __getattr__(self, name: str) -> list[list[int]]:
        """``opp``, ``categories`` and ``pts``: the flat lists cut into per-player rows on first use."""
        flat = _ROWS_OF.get(name)
        if flat is None:
            raise AttributeError(name)
        cells: list[int] = getattr(self, flat)
        rows = list(map(cells.__getitem__, self.slices))
        setattr(self, name, rows)
        return rows

    def _cells(self, column: Callable[[Player], list[_Cell]], empty: _Cell) -> list[list[_Cell]]:
        n = self.round_count
        out = []
        for p in self.players:
            row = column(p)[:n]
            if len(row) < n:
                row.extend([empty] * (n - len(row)))
            out.append(row)
        return out

    @property
    def kind(self) -> list[list[str]]:
        """``Kind`` per player and round."""
        if self._kind is None:
            self._kind = self._cells(Player.kinds, Kind.ABSENT)
        return self._kind

    @property
    def col(self) -> list[list[str | None]]:
        """Colour per player and round."""
        if self._col is None:
            self._col = self._cells(Player.colours, None)
        return self._col

    # -- numbers ---------------------------------------------------------------------------
    def to_fraction(self, value: int) -> Fraction:
        """A points-scaled integer as a Fraction, memoised (values repeat a lot)."""
        f = self._frac.get(value)
        if f is None:
            f = self._frac[value] = Fraction(value, self.unit)
        return f

    @property
    def scheduled_rounds(self) -> list[int]:
        """Per player, the number of rounds that are scheduled (not sit-outs)."""
        got = self.cache.get("scheduled")
        if got is None:
            ns = NOSCHED
            got = self.cache["scheduled"] = [len(row) - row.count(ns) for row in self.categories]
        return got

    # -- derived copies ----------------------------------------------------------------------
    def fore(self) -> Context:
        """The Fore-Buchholz view (C.07 8.3): every game paired in the last round is a draw.

        Forfeits paired in the last round become draws as well; unpaired last-round cells
        (byes, absences) keep their points.  Categories are re-derived, so a request for a bye
        in round n-1 followed by a last-round forfeit loss becomes a 16.2.3 round.
        """
        f = self._fore
        if f is not None:
            return f
        f = Context()
        for name in _FORE_SHARES:
            setattr(f, name, getattr(self, name))
        n = self.round_count
        categories = self.flat_categories[:]
        pts = self.flat_pts[:]
        if n:
            opp, D = self.flat_opp, self.D
            for k in range(n - 1, self.player_count * n, n):  # every player's last round
                if opp[k] >= 0 and categories[k] in (PLAYED, FWIN, FLOSS):
                    pts[k] = D
                    categories[k] = PLAYED
        _finish(f, self.flat_opp, categories, pts)
        self._fore = f
        return f


def _rounds_in_use(t: Tournament) -> int:
    n = 0
    empty = (Kind.ABSENT, Kind.NOT_SCHEDULED)
    for p, k in zip(t.players, round_counts(t.players)):
        if k <= n:
            continue
        kinds = p.kinds()
        opponents = p.opponent_ranks()
        while k > n and kinds[k - 1] in empty and opponents[k - 1] is None:
            k -= 1
        n = k
    return n


class _CellTables:
    """Look-up tables from a cell to its context values, for one scoring system and system."""

    def __init__(self, scoring: Scoring, rr: bool) -> None:
        # the scoring kernel: every cell's points as a whole number of 1/unit
        table = scoring.table()
        self.unit, self.W, self.D, self.L = table.unit, table.W, table.D, table.L
        self.scaled = table.scaled
        # without colour-dependent values (``detail``), points follow the kind alone
        self.by_kind = table.by_kind
        self.with_opponent = {k: category(k, True, rr) for k in Kind.ALL}
        self.without_opponent = {k: category(k, False, rr) for k in Kind.ALL}


def _without_sit_outs(prow: list[int], crow: list[int]) -> list[int]:
    """Points with the not-scheduled rounds (a round-robin's sit-outs) scoring nothing."""
    ns = NOSCHED
    return [0 if c == ns else x for x, c in zip(prow, crow)]


def _flat(cells: Columns, opp: list[int], tables: _CellTables) -> _Rows:
    """The flat ``(opp, categories, pts)`` of every cell (``opp``: :func:`.opponent_positions`
    of ``cells``).  An opponent that is no player, or the player itself, counts as none, and the
    cell takes the category of a cell without one."""
    kind_of, paired, alone = cells.kind_of_key, tables.with_opponent, tables.without_opponent
    category_of_key = {key: paired.get(kind, REQ) for key, kind in kind_of.items()}
    categories = cells.values(category_of_key)
    # not scheduled (a round-robin's sit-outs): looked for only when a key or a cell below can be
    sit_outs = NOSCHED in category_of_key.values() and NOSCHED in categories
    differs = {key for key, kind in kind_of.items() if alone.get(kind, REQ) != paired.get(kind, REQ)}
    if differs:
        keys = cells.keys
        for k in positions_of(opp, -1):
            if keys[k] in differs:
                categories[k] = c = alone.get(kind_of[keys[k]], REQ)
                sit_outs = sit_outs or c == NOSCHED
    if tables.by_kind is not None:
        pts = cells.values({key: tables.by_kind[kind] for key, kind in kind_of.items()})
    else:
        pts = list(map(tables.scaled, zip(cells.kinds, map(COLOUR_OF_CODE.__getitem__, cells.colours))))
    if sit_outs:  # no points
        pts = _without_sit_outs(pts, categories)
    return opp, categories, pts


def _finish(ctx: Context, opp: list[int], categories: list[int], pts: list[int]) -> None:
    """Set the flat lists and what follows from them: scores, clean players, the unplayed
    cells, and requested byes split into 16.2.3 / 16.2.5 (``unplayed.split_requested``)."""
    n = ctx.round_count
    unplayed = list(compress(count(), categories))  # PLAYED == 0
    requested = (REQ, REQ_LATE)
    for i in {k // n for k in unplayed if categories[k] in requested}:
        mark_late(categories, i * n, i * n + n)
    ctx.flat_opp, ctx.flat_categories, ctx.flat_pts, ctx.unplayed = opp, categories, pts, unplayed
    ctx.score = ctx.row_sums(pts)
    clean = [True] * ctx.player_count
    for i in dict.fromkeys(map(floordiv, unplayed, repeat(n))):
        clean[i] = False
    ctx.clean = clean


def build_context(t: Tournament, *, rr: bool, rounds: int | None = None) -> Context:
    """Precompute the per-player arrays (one pass over every cell)."""
    ctx = Context()
    ctx.t = t
    start_ranks = [p.start_rank for p in t.players]
    in_order = all(map(lt, start_ranks, start_ranks[1:]))
    if in_order:  # the usual file lists its players by start rank already
        players = list(t.players)
    else:
        players = sorted(t.players, key=attrgetter("start_rank"))
        start_ranks = [p.start_rank for p in players]
    ctx.players = players
    ctx.start_ranks = start_ranks
    ctx.index = index = dict(zip(start_ranks, range(len(players))))
    ctx.player_count = len(players)
    n = rounds if rounds is not None else _rounds_in_use(t)
    ctx.round_count = n
    ctx.rr = rr
    tables = _CellTables(t.scoring, rr)
    ctx.unit, ctx.W, ctx.D, ctx.L = tables.unit, tables.W, tables.D, tables.L
    # the players in the file's order: the columns the event reading and the verdict read too
    if in_order:
        cells = event_columns(t, n)
        opp = event_positions(t, cells, index)[0]  # (the players in t's order: the same index)
    else:
        cells = columns(players, n)
        opp = opponent_positions(cells, index)[0]
    _finish(ctx, *_flat(cells, opp, tables))
    return ctx
