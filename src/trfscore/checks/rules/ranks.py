"""Ranks and starting ranks (rules C2, C11, E7 of docs/rules.md).

The rank column (86-89) is the final or current standing: a better rank never has fewer points,
and when 202/212 name the tie-breaks, the order of tied players follows them.  Starting ranks
(5-8) are 1..N without gaps (bbpPairings refuses anything else unless ``XXC rank`` is given).
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import compress
from operator import attrgetter, ge, itemgetter
from typing import cast

from ...findings import INFO, WARNING, Finding, finding
from ...formats import registry as formats
from ...model import Kind, Player, in_units
from ..context import COL_RANK, COL_START_RANK, FIELDS, Context, fmt_points
from ..registry import rule


def _finished(ctx: Context) -> bool:
    """No round waits for pairings or results, and the declared rounds (142/XXR) are played: the
    event reading's ``in_progress`` already compares them."""
    return not ctx.pending_rounds and not ctx.event.in_progress


def _in_order(ranks: list[int], totals: list[int | None] | None) -> bool:
    """True when, sorted by ``ranks``, the ``totals`` (whole numbers of one unit; None: no
    such number) never go up and equal ranks have equal totals: exactly when
    :func:`rank_order` has nothing to report.  Sorted by rank and then total, equal ranks'
    totals go up wherever they differ, so both hold exactly when the totals never go up."""
    if totals is None or None in totals:
        return False
    units = list(map(_SECOND, sorted(zip(ranks, cast("list[int]", totals)))))  # no None left: checked above
    return all(map(ge, units, units[1:]))


def _totals(ctx: Context, ranked: list[Player], declared: bool) -> list[int | None] | None:
    """The totals :func:`rank_order` compares, of the ``ranked`` players (those of
    ``ctx.players`` with a rank), as whole numbers of one unit, by start rank (as the points it
    reports are): the declared points when all of them are ``declared`` (the context's, made
    once for TRF510 too), else the computed ones."""
    start_ranks = list(map(_START_RANK, ranked))
    if not declared:
        return list(map(ctx.score_units[1].__getitem__, start_ranks))
    units = ctx.declared_units
    own = in_units(list(map(_POINTS, ranked))) if units is None else list(compress(units, map(_RANK, ctx.players)))
    if own is None:  # a declared value in_units cannot scale
        return None
    by_rank = dict(zip(start_ranks, own))  # a start rank held twice: its last ranked player's
    return list(map(by_rank.__getitem__, start_ranks))


_START_RANK, _RANK, _POINTS, _SECOND = attrgetter("start_rank"), attrgetter("rank"), attrgetter("points"), itemgetter(1)


@rule("TRF511", WARNING, "rank order agrees with points: a better rank never has fewer points", spec="E7", why=(
    "warning: the ranks are the organiser's; trfscore's standings come from the results, but a person should look"))
def rank_order(ctx: Context) -> Iterator[Finding]:
    """Sorted by the rank column, the points never go up; players sharing a rank have the
    same points.  The declared points are used (the computed ones when some are missing).

    Passing::

        001    1 … 6.0    2 …
        001    2 … 6.5    1 …

    Failing::

        001    1 … 6.0    1 …
        001    2 … 6.5    2 …      <- rank 2 with more points than rank 1
    """
    if ctx.team_event:
        return  # a player's points and rank in a team event are informative only
    ranked = [p for p in ctx.players if p.rank]
    if len(ranked) < 2:
        return
    if ctx.event.in_progress and all(p.rank == p.start_rank for p in ranked):
        return  # a file saved between rounds: pairing programs fill the rank column with start ranks
    declared = all(p.points is not None for p in ranked)
    if not _in_order(list(map(_RANK, ranked)), _totals(ctx, ranked, declared)):
        points = {p.start_rank: p.points for p in ranked if p.points is not None} if declared else ctx.scores
        yield from _misordered(ranked, points)


def _misordered(ranked: list[Player], points: dict[int, Fraction]) -> Iterator[Finding]:
    """TRF511 for each neighbour pair, in rank order, whose points disagree with their ranks."""
    # each distinct total by its place among them: the sort and the comparisons below then
    # compare small integers instead of Fractions (the same order)
    # (Fraction hashing is slow: the totals are told apart by numerator and denominator)
    exact = {p.start_rank: (points[p.start_rank].numerator, points[p.start_rank].denominator) for p in ranked}
    place = {nd: i for i, nd in enumerate(sorted(set(exact.values()), key=lambda nd: Fraction(*nd)))}
    order = {sr: place[nd] for sr, nd in exact.items()}
    ranked.sort(key=lambda p: (p.rank, -order[p.start_rank], p.start_rank))
    for a, b in zip(ranked, ranked[1:]):
        oa, ob = order[a.start_rank], order[b.start_rank]
        ra, rb = a.rank or 0, b.rank or 0  # every player here has a rank (rank_order keeps only those)
        if ra == rb and oa != ob:
            pa, pb = points[a.start_rank], points[b.start_rank]
            yield finding("TRF511", f"players {a.start_rank} and {b.start_rank} share rank {b.rank} but have "
                          f"{fmt_points(pa)} and {fmt_points(pb)} points", b.line, COL_RANK,
                          "only players with equal points can share a rank", str(b.rank))
        elif ra < rb and oa < ob:
            pa, pb = points[a.start_rank], points[b.start_rank]
            yield finding("TRF511", f"player {b.start_rank} is ranked {b.rank} with {fmt_points(pb)} points, "
                          f"behind player {a.start_rank} (rank {a.rank}) with only {fmt_points(pa)}", b.line, COL_RANK,
                          "re-rank the players by points, then tie-breaks", str(b.rank))


@rule("TRF512", WARNING, "every player of a finished tournament has a rank from 1 to N", spec="C11", lesser=INFO, why=(
    "warning: the rank is a mandatory field for rating (TRF16 columns 86-89) and a person should fill it; "
    "info, once per file, for rank 0 given to players whose record stops early: FIDE's own example1.txt "
    "does this for its withdrawn players"))
def rank_present(ctx: Context) -> Iterator[Finding]:
    """In a finished tournament the rank column holds 1..N for everyone (ties allowed, TRF26).
    A file where no player has a rank gets one finding; a file where some do gets one per
    player without.

    Passing::

        001    1 … 6.0    1 …
        001    2 … 6.0    1 …

    Failing::

        001    1 … 6.0    1 …
        001    2 … 5.0    0 …      <- rank 0 for a player who played every round

    Failing (info, once per file): rank 0 for players whose record stops before the last
    round (withdrawn), as FIDE's own example1.txt writes them.
    """
    players = ctx.players
    source = formats.find(ctx.t.source.format)
    if not players or not _finished(ctx) or (source is not None and not source.holds.ranks):
        return  # PGN has no ranks to declare; a crosstable's rank column is optional
    n = len(players)
    ranks = list(map(attrgetter("rank"), players))
    if all(ranks) and max(ranks) <= n:
        return  # every player has a rank, none past N (the usual finished file)
    if not any(ranks):
        first = min(players, key=lambda p: p.line or 0)
        yield finding("TRF512", "no player has a rank" + (f" (columns {FIELDS['rank'].columns} are blank or 0 everywhere)"
                                                                   if ctx.trf_like else ""),
                      first.line, COL_RANK, "write the final rank of every player; consumers need it to "
                      "rebuild the standings", "")
        return
    withdrawn = [p for p in players if p.rank == 0 and _stopped_early(p, ctx.rounds)]
    if withdrawn:
        yield finding("TRF512", f"{len(withdrawn)} player(s) whose record stops early have rank 0 (read as "
                      "withdrawn, unranked)", withdrawn[0].line, COL_RANK,
                      "rank them after the others if the rating officer asks for it", "0", lesser=True)
    for p in players:
        if not p.rank and p not in withdrawn:
            yield finding("TRF512", f"player {p.start_rank} has no rank", p.line, COL_RANK,
                          f"write the player's final rank in columns {FIELDS['rank'].columns}",
                          ctx.field(p, COL_RANK, FIELDS["rank"].width))
        elif p.rank is not None and p.rank > n:
            yield finding("TRF512", f"player {p.start_rank} has rank {p.rank}, but there are only {n} players",
                          p.line, COL_RANK, "ranks run from 1 to the number of players", str(p.rank))


def _stopped_early(p: Player, rounds: int) -> bool:
    """The player's record holds fewer rounds than the event, or an absence in its last one."""
    games = p.games
    return len(games) < rounds or (bool(games) and games[-1].kind in (Kind.ABSENT, Kind.ZERO_BYE))


@rule("TRF513", INFO, "ranks of tied players follow the tie-breaks the file declares (202/212)", spec="E7", why=(
    "info: tie-break order is the organiser's choice within the file's 202/212; shown for a person to compare"))
def rank_tiebreaks(ctx: Context) -> Iterator[Finding]:
    """When 202 or 212 name the tie-breaks, trfscore recomputes the standings with them and
    reports each player whose declared rank differs.  Nothing is reported when the tie-breaks
    cannot be computed.

    Passing: ``202 BH/C1,SB`` and ranks in that order.

    Failing (info): two players on 6.0 points where the one with the lower Buchholz cut-1 is
    ranked first.
    """
    h = ctx.header
    if ctx.team_event or not (h.tiebreaks or h.standings_tiebreaks) or not _finished(ctx):
        return
    if not any(p.rank for p in ctx.players):
        return
    from ...standings import compute_standings

    try:
        standings = compute_standings(ctx.t)
        rows = list(standings.rows)
    except ValueError:  # tie-breaks not computable: an unknown code, edition or system
        return
    codes = ", ".join(standings.tiebreaks or h.standings_tiebreaks or h.tiebreaks)
    for row in rows:
        p = row.player
        low, high = row.rank, row.rank_to
        if not p.rank or low <= p.rank <= high:
            continue
        place = f"{low}" if high == low else f"{low}-{high}"
        yield finding("TRF513", f"player {p.start_rank} is ranked {p.rank}, but points and the declared "
                      f"tie-breaks ({codes}) give rank {place}", p.line, COL_RANK,
                      "check the tie-break order or the ranks", str(p.rank))


@rule("TRF520", WARNING, "starting ranks run from 1 to N without gaps", spec="C2", why=(
    "warning: gaps in start ranks read, but bbpPairings refuses them and pairing checks need 1..N"))
def start_ranks_contiguous(ctx: Context) -> Iterator[Finding]:
    """Starting ranks are 1..N.  Pairing programs refuse gaps unless ``XXC rank`` says to use
    the order of the lines instead.  (Duplicates are ``TRF302``.)

    Passing: starting ranks 1, 2, 3, 4.

    Failing: starting ranks 1, 2, 4, 5 (3 is missing).
    """
    if not ctx.players or any(tok.lower() == "rank" for tok in ctx.header.xxc):
        return
    ranks = sorted(ctx.by_rank)
    if ranks[-1] == len(ranks):
        return
    missing, count = _gaps(ranks, 10)
    after = next(r for r in ranks if r > missing[0])
    p = ctx.by_rank[after]
    shown = ", ".join(map(str, missing)) + (f" and {count - len(missing)} more" if count > len(missing) else "")
    yield finding("TRF520", f"starting ranks are not 1..{len(ranks)}: {shown} missing", p.line,
                  COL_START_RANK, "renumber the players 1..N (and their opponents), or add 'XXC rank'",
                  str(p.start_rank))


def _gaps(ranks: list[int], shown: int) -> tuple[list[int], int]:
    """The first ``shown`` numbers from 1 up to ``ranks[-1]`` missing from the sorted, distinct
    ``ranks``, and how many are missing: counted gap by gap, never listed one by one (a single
    start rank 99999999 would otherwise make a hundred million numbers)."""
    first: list[int] = []
    count = 0
    previous = 0
    for r in ranks:
        if r <= previous:  # ranks below 1 leave no gap among 1..N
            continue
        if r > previous + 1:
            first.extend(range(previous + 1, min(r, previous + 1 + shown - len(first))))
            count += r - previous - 1
        previous = r
    return first, count
