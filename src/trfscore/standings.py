"""Standings: players ordered by points, then by a list of tie-breaks (FIDE C.07 Art. 4).

:func:`compute_standings` is what ``Tournament.standings`` and the CLI call.  It

1. picks the rules edition (``rules="auto"`` uses the start date, record 042),
2. decides round-robin or Swiss (``system=``, else records 192/092, else the pairing pattern),
3. precomputes the per-player arrays once (:mod:`trfscore.tiebreaks.context`),
4. computes every tie-break column, and
5. ranks: points first, then each tie-break in turn applied to every group still tied
   (Art. 4.2; direct encounter is computed on that group).  Players still equal share the rank
   (``rank``..``rank_to``, shown "3-4").

Default tie-breaks: the file's own list (212, else 202), else BH-C1, BH, SB for a Swiss and
SB, DE, WIN for a round-robin (from 2026 C.07 bars the Buchholz family from round-robins).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain, compress, count, groupby, repeat
from operator import ne, sub
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, cast, overload

from .decimals import json_number, rank_label
from .event_reading import whole
from .findings import Finding
from .gcpause import gc_paused
from .model import Player, Tournament
from .tiebreaks.base import Column, Engine, TieBreak
from .tiebreaks.context import Context as TiebreakContext
from .tiebreaks.context import build_context
from .tiebreaks.editions import EDITIONS, chosen_edition
from .tiebreaks.encounter import explain_de, order_group
from .tiebreaks.registry import TIEBREAKS, compute, explain, parse_tiebreak, parse_tiebreaks

if TYPE_CHECKING:
    from .norms import Norms
    from .tiebreaks.explain import Explanation

__all__ = ["BaseStandings", "Standings", "StandingRow", "RankColumns", "compute_standings", "rank_label", "DEFAULT_SWISS",
           "DEFAULT_ROUND_ROBIN", "SYSTEMS", "EDITIONS"]

DEFAULT_SWISS = ["BH-C1", "BH", "SB"]
DEFAULT_ROUND_ROBIN = ["SB", "DE", "WIN"]
SYSTEMS = ("auto", "swiss", "round-robin")
_SYSTEM_ALIASES = {
    "auto": None, "": None, "swiss": False, "round-robin": True, "roundrobin": True, "rr": True,
    "berger": True, "schev": True, "scheveningen": True, "round_robin": True,
}


@dataclass(slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    rank_to: int  # == rank unless shared
    start_rank: int
    player: Player
    points: Fraction
    values: tuple[Any, ...]  # the tie-break values (Fraction | int | None: undefined), in ``codes`` order
    codes: tuple[str, ...] = ()
    _tiebreaks: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def tiebreaks(self) -> dict[str, Any]:
        """Code -> value (a read-only view: built on first use, 10,000 rows need not build it)."""
        got = self._tiebreaks
        if got is None:
            got = self._tiebreaks = dict(zip(self.codes, self.values))
        return got

    @property
    def label(self) -> str:
        return rank_label(self)

    @property
    def number(self) -> int:
        """The start rank (a team row's ``number`` is the team's)."""
        return self.start_rank

    @property
    def name(self) -> str:
        return self.player.name

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank, "rank_to": self.rank_to, "rank_label": rank_label(self),
            "start_rank": self.start_rank, "name": self.player.name,
            "points": json_number(self.points),
            "tiebreaks": {k: json_number(v) for k, v in self.tiebreaks.items()},
        }


class RankColumns(NamedTuple):
    """The standings as columns in rank order: what the rows are made of.  Reports of 10,000
    players read these instead of building a :class:`StandingRow` each."""

    ranks: list[int]
    ranks_to: list[int]
    start_ranks: list[int]
    players: list[Player]
    points: list[Fraction]
    codes: tuple[str, ...]
    values: list[list[Any]]  # per code, the shown values in rank order
    # the players in start-rank order (the order they were read in) and, per place, the index
    # into it; reading many players' fields is faster in that order (None: not known)
    by_start_rank: list[Player] | None = None
    order: list[int] | None = None

    def rows(self) -> list[StandingRow]:
        values = zip(*self.values) if self.codes else repeat((), len(self.players))
        return list(map(StandingRow, self.ranks, self.ranks_to, self.start_ranks, self.players, self.points,
                        values, repeat(self.codes)))

    @classmethod
    def of_rows(cls, rows: list[StandingRow]) -> RankColumns:
        codes = rows[0].codes if rows else ()
        values = [[row.tiebreaks.get(code) for row in rows] for code in codes]
        return cls([r.rank for r in rows], [r.rank_to for r in rows], [r.start_rank for r in rows],
                   [r.player for r in rows], [r.points for r in rows], tuple(codes), values)


class BaseStandings:
    """What standings of players (:class:`Standings`) and of teams
    (:class:`trfscore.teams.standings.TeamStandings`) share: the reports (one writer per format,
    its columns from ``report/columns.py`` by :attr:`kind`), ``trfscore explain`` and library
    users read either kind through these names.

    Each row has ``rank``, ``rank_to``, ``label`` (``3-4`` when shared), ``number`` (a player's
    start rank, a team's number), ``name`` and ``tiebreaks`` (code -> value)."""

    #: "players" or "teams": which column descriptions and page parts the reports use
    kind: ClassVar[str] = "players"
    rules: str  # the edition used, e.g. "fide-2026"
    system: str  # "swiss" | "round-robin"
    tiebreaks: list[str]  # the codes ranked by, in order
    notes: list[str]  # what the computation wants the reader to know
    rounds: int  # the standings are after this many rounds

    @property
    def findings(self) -> list[Finding]:
        """Problems in the data found while ranking (beside the tournament's own findings)."""
        return []

    def explain(self, number: int, code: str) -> Explanation:
        """How ``code`` is made for the player with start rank ``number`` (or team ``number``)."""
        raise NotImplementedError

    def release(self) -> None:
        """Free the working lists kept for explanations (a writer that explains nothing calls
        it before writing); :meth:`explain` still works, remaking them on first use."""

    def explanation_columns(self) -> dict[str, Any] | None:
        """The number columns the HTML page writes the listed tie-breaks' explanations from
        (:func:`trfscore.tiebreaks.explain_columns.columns`; None for a tie-break it explains one
        entry at a time); None when every explanation comes from :meth:`explain`."""
        return None

    def to_dict(self) -> dict[str, Any]:
        """The standings as JSON-ready data (rules, system, tie-breaks, rows)."""
        raise NotImplementedError


class _Rows:
    """``Standings.rows``: a dataclass field (constructor argument, equality, repr) whose rows, when
    None is given, are built on first read from the columns the engine ranked (``_columns``): a
    report of 10,000 players reads the columns and need not build them.  A descriptor-typed field
    without a default (read on the class, it raises AttributeError), as the :mod:`dataclasses`
    documentation describes them."""

    __slots__ = ()

    @overload
    def __get__(self, standings: None, owner: type | None = None) -> _Rows: ...
    @overload
    def __get__(self, standings: Standings, owner: type | None = None) -> list[StandingRow]: ...

    def __get__(self, standings: Standings | None, owner: type | None = None) -> list[StandingRow] | _Rows:
        if standings is None:
            raise AttributeError("rows")  # no default: the rows are a required argument
        rows = standings._rows
        if rows is None:
            columns = standings._columns
            rows = standings._rows = columns.rows() if columns is not None else []
        return rows

    def __set__(self, standings: Standings, rows: list[StandingRow] | None) -> None:
        standings._rows = rows


@dataclass
class Standings(BaseStandings):
    """Ranked players with their tie-break values.

    ``rows`` are built on first use from the columns the engine ranked (:meth:`columns`)."""

    kind: ClassVar[Literal["players"]] = "players"
    rules: str  # edition actually used, e.g. "fide-2026"
    system: str  # "swiss" | "round-robin"
    tiebreaks: list[str]  # normalised codes
    rows: _Rows = _Rows()  # in rank order; None given to the constructor: built on first use
    notes: list[str] = field(default_factory=list)
    rounds: int = 0
    _engine: Engine | None = field(default=None, repr=False, compare=False)
    _specs: dict[str, TieBreak] = field(default_factory=dict, repr=False, compare=False)
    _groups: dict[str, dict[int, list[int]]] = field(default_factory=dict, repr=False,
                                                     compare=False)
    _columns: RankColumns | None = field(default=None, repr=False, compare=False)
    #: the title norms the report shows beside the standings (``report --norms``), else None
    norms: Norms | None = field(default=None, repr=False, compare=False)
    # behind ``rows`` (unannotated: no dataclass field): the rows once given or built
    _rows = cast("list[StandingRow] | None", None)

    def columns(self) -> RankColumns:
        """The standings as columns; from the rows once they have been built (they may have been
        changed since), else the engine's own columns."""
        rows = self._rows
        if rows is None and self._columns is not None:
            return self._columns
        return RankColumns.of_rows(rows or [])

    def row(self, start_rank: int) -> StandingRow:
        for r in self.rows:
            if r.start_rank == start_rank:
                return r
        raise KeyError(f"no player with start rank {start_rank}")

    def explain(self, start_rank: int, code: str) -> Explanation:
        """How ``code`` (any tie-break, listed or not) is made for player ``start_rank``."""
        eng = self._engine
        if eng is None:
            raise ValueError("these standings carry no engine to explain with")
        i = eng.ctx.index.get(int(start_rank))
        if i is None:
            raise KeyError(f"no player with start rank {start_rank}")
        tb = parse_tiebreak(code)
        tb = self._specs.get(tb.code, tb)
        if TIEBREAKS[tb.base].group:
            groups = self._groups.get(tb.code)
            if groups is not None:
                members = groups.get(i)
            else:  # not in the list: the players tied with him on points
                s = eng.ctx.score[i]
                members = [j for j, x in enumerate(eng.ctx.score) if x == s]
            value = order_group(eng, tb, members)[i] if members and len(members) > 1 else None
            e = explain_de(eng, tb, i, members, value)
        else:
            e = explain(eng, tb, i)
        e.rules = eng.edition_for(tb).name
        e.system = self.system
        e.code = tb.code
        return e

    def release(self) -> None:
        if self._engine is not None:
            self._engine.ctx.release()

    def explanation_columns(self) -> dict[str, Any] | None:
        eng, specs = self._engine, self._specs
        if eng is None or not specs or not all(c in specs for c in self.tiebreaks):
            return None
        from .tiebreaks import explain_columns

        return explain_columns.columns(eng, [specs[c] for c in self.tiebreaks])

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules, "system": self.system, "tiebreaks": list(self.tiebreaks),
                "rounds": self.rounds, "notes": list(self.notes),
                "rows": [r.to_dict() for r in self.rows]}


def system_choice(system: Any) -> bool | None:
    """A ``system`` argument of ``Tournament.standings`` (``auto``, ``swiss``, ``round-robin``, an
    alias, a bool or None): True for a round-robin, False for a Swiss, None to detect it."""
    if isinstance(system, bool):
        return system
    key = (system or "auto").strip().lower() if isinstance(system, str) or system is None \
        else system
    if key not in _SYSTEM_ALIASES:
        raise ValueError(f"unknown system {system!r}; choose one of: {', '.join(SYSTEMS)}")
    return _SYSTEM_ALIASES[key]


def _resolve_system(t: Tournament, system: Any) -> bool:
    rr = system_choice(system)  # None: the file's 192/092, else a match of two, else the pairings
    return bool(t.event.round_robin if rr is None else rr)


def _file_list(t: Tournament, notes: list[str]) -> list[TieBreak]:
    out = []
    for c in t.header.standings_tiebreaks or t.header.tiebreaks or []:
        try:
            out.extend(parse_tiebreaks([c]))
        except ValueError as exc:
            notes.append(f"tie-break {c!r} from the file ignored: {exc}")
    return out


def _rank_by_groups(eng: Engine, specs: list[TieBreak], columns: dict[str, Column],
                    group_values: dict[str, list[int | None]],
                    group_members: dict[str, dict[int, list[int]]]) -> list[list[int]]:
    """Points first, then each tie-break applied to every group still tied (Art. 4.2); a group
    tie-break (DE) is computed on the group itself."""
    ctx = eng.ctx
    score = ctx.score
    sr = ctx.start_ranks
    groups = _runs(sorted(range(ctx.player_count), key=lambda i: (-score[i], sr[i])), score.__getitem__)
    for tb in specs:
        is_group = TIEBREAKS[tb.base].group
        if is_group:
            vals = group_values.setdefault(tb.code, [None] * ctx.player_count)  # blank: not tied when DE came
            members_of = group_members.setdefault(tb.code, {})
        if all(len(g) == 1 for g in groups):
            continue
        keys = None if is_group else columns[tb.code].sort_keys()
        new_groups: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                new_groups.append(g)
                continue
            gkey: Any
            if is_group:
                places = order_group(eng, tb, g)
                for a in g:
                    vals[a] = places[a]
                    members_of[a] = g
                gkey = places
            else:
                gkey = keys
            g.sort(key=lambda a: (gkey[a], sr[a]))
            new_groups.extend(_runs(g, gkey.__getitem__))
        groups = new_groups
    return groups


def _runs(order: list[int], key: Callable[[int], Any]) -> list[list[int]]:
    """``order`` cut into runs of players with equal ``key``."""
    return [list(run) for _, run in groupby(order, key)]


def _run_lengths(values: list[Any]) -> list[int]:
    """The lengths of the runs of equal neighbours in ``values``."""
    if not values:
        return []
    starts = list(compress(count(), chain((True,), map(ne, values[1:], values[:-1]))))
    return list(map(sub, starts[1:] + [len(values)], starts))


def _places(sizes: list[int]) -> tuple[list[int], list[int]]:
    """The first and the last place of each player in rank order, the players cut into groups of
    ``sizes`` that share their places: every player's own place, then each shared group's put
    right (a Swiss of 10,000 has a few dozen)."""
    firsts = list(range(1, sum(sizes) + 1))
    lasts = firsts[:]
    start = 0
    for size in sizes:
        if size > 1:
            firsts[start:start + size] = [start + 1] * size
            lasts[start:start + size] = [start + size] * size
        start += size
    return firsts, lasts


def _rank_columns(ctx: TiebreakContext, order: list[int], sizes: list[int], codes: list[str], columns: list[list[Any]]) -> RankColumns:
    """The columns for the players in rank ``order``, cut into groups of ``sizes`` players still
    tied, who share the group's places (each group lists its players in start-rank order: every
    sort above is stable or ends on the start rank, and players are indexed in that order)."""
    sr = ctx.start_ranks
    firsts, lasts = _places(sizes)
    score = ctx.score
    points = {s: ctx.to_fraction(s) for s in set(score)}
    return RankColumns(firsts, lasts, list(map(sr.__getitem__, order)),
                       list(map(ctx.players.__getitem__, order)),
                       list(map(points.__getitem__, map(score.__getitem__, order))),
                       tuple(codes), [list(map(column.__getitem__, order)) for column in columns], ctx.players, order)


def _unknown_notes(t: Tournament, unknown: list[tuple[int, int]]) -> list[str]:
    """What the standings say about unknown results and games not finished: how the unknown
    results ``unknown`` ((start rank, round) of each, in the rounds shown) score and why (record
    162, or the user's choice: :mod:`trfscore.unfinished`), and the choice ``pending``."""
    from .decimals import fmt_points

    mode = t.scoring.unfinished
    out: list[str] = []
    if unknown:
        shown = ", ".join(str(sr) for sr, _ in unknown[:8]) + (" ..." if len(unknown) > 8 else "")
        why = (f"as asked (unfinished: {mode})" if mode in ("draw", "zero")
               else "as record 162's X says" if t.scoring.source == "162" else "a draw, X's default (no record 162)")
        out.append(f"{len(unknown)} result(s) unknown (X, players {shown}): each scored "
                   f"{fmt_points(t.scoring.values['X'])}, {why}")
    if mode == "pending":
        out.append("games not finished (PGN '*') and unknown results (X) are not scored, pending, as asked "
                   "(unfinished: pending)")
    return out


def compute_standings(t: Tournament, tiebreaks: Any = None, rules: str = "auto", system: Any = None, *,
                      rounds: int | None = None, unrated: int | None = None) -> Standings:
    """Rank the players of ``t``.

    ``tiebreaks``: list of codes or a comma-separated string (None: the file's list or the
    defaults).  ``rules``: ``auto`` or an edition name (``EDITIONS``).  ``system``: ``auto``,
    ``swiss`` or ``round-robin``.  ``rounds``: compute after this many rounds; ``unrated``:
    the rating for unrated players in rating-based tie-breaks.
    Raises ValueError for an unknown code, edition or system.
    """
    options: dict[str, Any] = {}
    if rounds is not None:
        options["rounds"] = rounds
    if unrated is not None:
        options["unrated"] = unrated
    with gc_paused():
        return _standings(t, tiebreaks, rules, system, options)


def _standings(t: Tournament, tiebreaks: Any, rules: str, system: Any,
               options: dict[str, Any]) -> Standings:
    notes: list[str] = []
    edition = chosen_edition(rules, t.header.start_date_iso, notes)
    rr = _resolve_system(t, system)
    rounds = options.get("rounds")
    event = t.event
    if rounds is not None:
        rounds = max(0, min(int(rounds), t.rounds))  # "after round N" past the last round is the end
    elif whole(t) is not t:  # already a view after round N (event_reading.through): cut there, once
        rounds = t.rounds
    elif event.played < t.rounds:  # a round paired but not played: the default view is after the last played
        rounds = event.played
    if event.in_progress or (rounds is not None and rounds < event.played):
        notes.append(event.describe(rounds))
    unknown = [u for u in event.unknown if rounds is None or u[1] <= rounds]
    notes += _unknown_notes(t, unknown)  # how unknown results score, and why (record 162, --unfinished)
    ctx = build_context(t, rr=rr, rounds=rounds)
    eng = Engine(ctx, edition, options)

    if tiebreaks is None:
        specs = (_file_list(t, notes)
                 or parse_tiebreaks(DEFAULT_ROUND_ROBIN if rr else DEFAULT_SWISS))
    else:
        specs = parse_tiebreaks(tiebreaks)
    if rr and edition.name == "fide-2026":
        barred = [tb.code for tb in specs if TIEBREAKS[tb.base].buchholz_family]
        if barred:
            notes.append(f"{', '.join(barred)}: C.07 (2026) Art. 8 says the Buchholz family must "
                         "not be used in round-robins")

    columns: dict[str, Column] = {}
    for tb in specs:
        if not TIEBREAKS[tb.base].group and tb.code not in columns:
            columns[tb.code] = compute(eng, tb)

    # ranking: points, then each tie-break on every group still tied (Art. 4.2)
    score = ctx.score
    group_values: dict[str, list[int | None]] = {}
    group_members: dict[str, dict[int, list[int]]] = {}
    if not any(TIEBREAKS[tb.base].group for tb in specs):
        # one sort on (points, tb1, tb2, ...): players come in start-rank order already; equal
        # points as one object each, so that a comparison of two players on equal points (most
        # of them) finds the points equal by identity before comparing the tie-breaks
        negated = {x: -x for x in set(score)}
        keys = list(zip(map(negated.__getitem__, score), *[columns[tb.code].sort_keys() for tb in specs]))
        order = sorted(range(ctx.player_count), key=keys.__getitem__)
        sizes = _run_lengths(list(map(keys.__getitem__, order)))
    else:
        groups = _rank_by_groups(eng, specs, columns, group_values, group_members)
        order = list(chain.from_iterable(groups))
        sizes = list(map(len, groups))

    shown: dict[str, list[Any]] = {code: col.shown() for code, col in columns.items()}
    shown.update(group_values)
    codes = [tb.code for tb in specs]
    table = _rank_columns(ctx, order, sizes, codes, [shown[code] for code in codes])
    notes.extend(eng.notes)
    return Standings(edition.name, "round-robin" if rr else "swiss", [tb.code for tb in specs],
                     None, notes, ctx.round_count, eng, {tb.code: tb for tb in specs},  # rows (None): on first use
                     group_members, table)
