"""Who met whom over the whole event (rule E5 of docs/rules.md).

In a round robin every pair meets exactly once (twice, once with each colour, in a double round
robin).  In a Swiss a pair meets at most once over the board.  The system comes from 192/092;
without them a file in which every pair met is taken for a round robin.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...findings import ERROR, WARNING, Finding, finding
from ...model import Kind, Player
from ..context import Context, round_col
from ..registry import rule


def _unpaired_rounds(p: Player) -> int:
    return sum(1 for g in p.games if g.opponent is None and g.kind != Kind.NOT_SCHEDULED)


@rule("TRF550", ERROR, "a finished round robin has every pair meet", spec="E5", lesser=WARNING, why=(
    "error: a round robin where a pair never met is not finished or misread; warning when rounds are still pending"))
def round_robin_complete(ctx: Context) -> Iterator[Finding]:
    """Once all rounds of a round robin are in the file, every two players have met (forfeits
    count).  When one of the two has unplayed rounds (a withdrawal) it is a warning.

    Passing: ``192 FIDE_ROUNDROBIN``, 4 players, 3 rounds, all 6 pairs met.

    Failing: ``192 FIDE_ROUNDROBIN``, 4 players, 3 rounds, players 1 and 4 never met (and 1
    met 2 twice).
    """
    if not ctx.round_robin or ctx.team_event:
        return
    players = sorted(ctx.players, key=lambda p: p.start_rank)
    n = len(players)
    if n < 2:
        return
    double = ctx.event.double
    expected = (n - 1 if n % 2 == 0 else n) * (2 if double else 1)
    declared = ctx.declared_rounds
    if ctx.rounds < expected or (declared is not None and ctx.rounds < declared):
        return  # still running
    meetings = ctx.meetings
    sit_out = 0 if n % 2 == 0 else (2 if double else 1)
    for i, p in enumerate(players):
        for q in players[i + 1:]:
            if (p.start_rank, q.start_rank) in meetings:
                continue
            gaps = max(_unpaired_rounds(p), _unpaired_rounds(q)) > sit_out
            yield finding("TRF550",
                          f"players {p.start_rank} and {q.start_rank} never meet in this round robin"
                          + (" (one of them has unplayed rounds: a withdrawal?)" if gaps else ""),
                          p.line, round_col(1), "every pair of a round robin meets; check the opponents",
                          str(q.start_rank), lesser=bool(gaps))


@rule("TRF551", ERROR, "in a round robin no pair meets more often than the system allows", spec="E5", why=(
    "error: more meetings than the cycles allow make the round-robin tables wrong"))
def round_robin_repeats(ctx: Context) -> Iterator[Finding]:
    """A pair meets once in a round robin, twice in a double round robin, and then once with
    each colour.

    Passing: ``192 FIDE_DOUBLEROUNDROBIN``; 1 and 2 meet in round 1 (1 white) and round 4
    (1 black).

    Failing: ``192 FIDE_ROUNDROBIN``; 1 and 2 meet in rounds 1 and 3.
    """
    if not ctx.round_robin or ctx.team_event:
        return
    allowed = 2 if ctx.event.double else 1
    for (a, b), games in ctx.meetings.items():
        p = ctx.by_rank[a]
        if len(games) > allowed:
            for g in games[allowed:]:
                yield finding("TRF551", f"round {g.round}: players {a} and {b} meet again (also in round "
                              f"{games[0].round}); a round robin pairs them {'twice' if allowed == 2 else 'once'}",
                              p.line, round_col(g.round), "correct the opponents of this round", ctx.cell(p, g.round))
        elif allowed == 2 and len(games) == 2:
            c1, c2 = games[0].colour, games[1].colour
            if c1 is not None and c1 == c2:
                g = games[1]
                yield finding("TRF551", f"round {g.round}: players {a} and {b} meet twice with the same colours "
                              "(a double round robin gives each player each colour once)", p.line,
                              round_col(g.round) + 5, "swap the colours of the second game", ctx.cell(p, g.round))


@rule("TRF552", WARNING, "in a Swiss a pair meets at most once over the board", spec="E5", why=(
    "warning: C.04 forbids a repeat pairing, but the points are still right; an arbiter should look"))
def swiss_repeats(ctx: Context) -> Iterator[Finding]:
    """Swiss pairing rules forbid a second game between the same two players (forfeits do not
    count as a game).  Double-Swiss systems are not checked.

    Passing: 3 plays 7 in round 1 and never again.

    Failing: 3 plays 7 in round 1 and again in round 4.
    """
    if ctx.round_robin or ctx.team_event or "DOUBLESWISS" in ctx.header.system.upper():
        return  # (a match of two players is a round robin of many cycles: ctx.event.system)
    played = Kind.PLAYED
    game = ctx.flat.game
    for (a, b), cells in ctx.flat.lanes.repeated_meetings().items():  # only the pairs that meet more than once
        real = [g for g in map(game, cells) if g.kind in played]
        if len(real) < 2:
            continue
        p = ctx.by_rank[a]
        for g in real[1:]:
            yield finding("TRF552", f"round {g.round}: players {a} and {b} play each other again (first in "
                          f"round {real[0].round})", p.line, round_col(g.round),
                          "a Swiss pairs two players at most once", ctx.cell(p, g.round))
