"""Pairing rules across player records (rules E1-E4, D5, D6 of docs/rules.md).

A TRF records every game twice, once in each player's ``001`` line.  These rules check that the
two halves agree: the same pairing (E1, E4), opposite colours (E2), complementary results (E3),
and that pairing-allocated byes are rare enough (D5).  Where it cannot be known which of the two
lines is wrong, both are reported.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from ...cells import positions_of
from ...consistency import COMPLEMENTARY
from ...findings import ERROR, INFO, WARNING, Finding, finding
from ...model import Game, Kind, Player
from ..context import Context, colour_col, is_blank_cell, result_col, round_col
from ..registry import rule


def _describe(g: Game) -> str:
    if g.opponent is not None:
        return f"lists {g.opponent}"
    if g.kind in Kind.BYES:
        return f"has a bye ('{g.code}')"
    if is_blank_cell(g):
        return "has no entry"
    return f"has '{g.code}' without an opponent"


def _unconfirmed(ctx: Context) -> list[tuple[Player, int, Player, bool]]:
    """Claims ``p`` -> ``q`` in a round that ``q`` does not return: (p, round, q, q_taken) where
    ``q_taken`` says that ``q`` is confirmed as paired with somebody else in that round."""
    cached = ctx.__dict__.get("_unconfirmed")
    if cached is not None:
        return cast("list[tuple[Player, int, Player, bool]]", cached)
    out = []
    by_rank, flat = ctx.by_rank, ctx.flat
    n, opp, players, index = flat.round_count, flat.opp, flat.players, flat.index
    for k in flat.lanes.unconfirmed():
        r, returned = k % n, opp[flat.partner(k)]  # the opponent the opponent names
        taken = returned is not None and returned in index and opp[index[returned] * n + r] == opp[k]
        out.append((players[k // n], r + 1, by_rank[opp[k]], taken))  # type: ignore[index]
    ctx.__dict__["_unconfirmed"] = out
    return out


@rule("TRF501", ERROR, "pairings are symmetric: A lists B in round r exactly when B lists A", spec="E1", why=(
    "error: a one-sided pairing is a game the opponent's line does not know; scores computed from it are wrong"))
def symmetry(ctx: Context) -> Iterator[Finding]:
    """If player A names B as the opponent of round r, B names A in round r.  This covers
    forfeits too.  When B has no entry at all for that round, B's line is reported as well.

    Passing::

        001    3 …     7 w 1
        001    7 …     3 b 0

    Failing::

        001    3 …     7 w 1
        001    7 …     9 b 0      <- 7 lists 9 in round 1, not 3
    """
    for p, r, q, taken in _unconfirmed(ctx):
        if taken:
            continue
        h = q.game(r)
        yield finding("TRF501", f"round {r}: player {p.start_rank} lists {q.start_rank} as opponent, but "
                      f"player {q.start_rank} {_describe(h)}" + (f" (line {q.line})" if q.line else ""),
                      p.line, round_col(r), "make the two players name each other in this round, or correct "
                      "the opponent number", ctx.cell(p, r))
        if is_blank_cell(h):
            yield finding("TRF501", f"round {r}: no entry, but player {p.start_rank}"
                          + (f" (line {p.line})" if p.line else "") + " lists this player as opponent",
                          q.line, round_col(r), "add the game to this line, or correct the other player's opponent",
                          ctx.cell(q, r))


@rule("TRF505", ERROR, "no player appears in two pairings of one round", spec="E4", why=(
    "error: a player in two pairings of one round makes the scores wrong"))
def single_pairing(ctx: Context) -> Iterator[Finding]:
    """Each player sits at one board per round.  Reported when A names B, but B and a third
    player C name each other in that round: B would play twice.

    Passing::

        001    3 …     7 w 1
        001    7 …     3 b 0
        001    9 …    12 w =
        001   12 …     9 b =

    Failing::

        001    3 …     7 w 1
        001    7 …     9 b 0      <- 7 plays 9 ...
        001    9 …     7 w 1      <- ... and 9 confirms, so 3's claim is a second pairing
    """
    for p, r, q, taken in _unconfirmed(ctx):
        if not taken:
            continue
        other = ctx.by_rank[q.game(r).opponent]  # type: ignore[index]
        yield finding("TRF505", f"round {r}: player {p.start_rank} lists {q.start_rank} as opponent, but "
                      f"{q.start_rank} plays {other.start_rank} in that round"
                      + (f" (lines {q.line} and {other.line})" if q.line else ""),
                      p.line, round_col(r), "a player has one opponent per round: correct this opponent number",
                      ctx.cell(p, r))


def _pairs(ctx: Context, cells: list[int]) -> Iterator[tuple[Player, Game, Player, Game]]:
    """Both cells of the confirmed games of ``cells`` (cells of ``lanes.mutual()``), pair by
    pair in the order of ``Context.meetings``: (player, game, opponent, opponent's game)."""
    flat = ctx.flat
    if not cells:
        return
    players, n, game = flat.players, flat.round_count, flat.game
    for k in flat.meeting_order(cells):
        j = flat.partner(k)
        yield players[k // n], game(k), players[j // n], game(j)


def _same_colour(mine: str, theirs: str) -> bool:
    """Both halves of a game have the same colour (TRF502)."""
    return mine == theirs and mine != "-"


def _one_side_bare(mine: str, theirs: str) -> bool:
    """One half of a game has a colour, the other none (TRF503)."""
    return (mine == "-") != (theirs == "-")


def _not_complementary(mine: str, theirs: str) -> bool:
    """The two results of a game do not fit (TRF504)."""
    return (mine, theirs) not in COMPLEMENTARY


@rule("TRF502", ERROR, "the two players of a game have opposite colours", spec="E2", why=(
    "error: both players with the same colour cannot be a game as played; colour histories are wrong"))
def colours(ctx: Context) -> Iterator[Finding]:
    """For a game with colours, one player has ``w`` and the other ``b``.  Both lines are
    reported, since either may be wrong.

    Passing::

        001    3 …     7 w 1
        001    7 …     3 b 0

    Failing::

        001    3 …     7 w 1
        001    7 …     3 w 0
    """
    for p, g, q, _h in _pairs(ctx, ctx.flat.lanes.mutual_where("col", _same_colour)):
        r = g.round
        colour = "white" if g.colour == "w" else "black"
        for x, y in ((p, q), (q, p)):
            yield finding("TRF502", f"round {r}: players {p.start_rank} and {q.start_rank} both have "
                          f"{colour}" + (f" (the other is on line {y.line})" if y.line else ""),
                          x.line, colour_col(r), "one player of a game has w and the other b",
                          ctx.cell(x, r))


@rule("TRF503", WARNING, "a forfeit has a colour on one side only", spec="E2", why=(
    "warning: the forfeit's points are clear; the colour is informative for pairing"))
def colour_one_side(ctx: Context) -> Iterator[Finding]:
    """Forfeits may be written without colours (``-``) on both sides, or with opposite colours;
    a colour on one side only contradicts the other side.

    Passing::

        001    3 …     7 w +
        001    7 …     3 b -

    Failing::

        001    3 …     7 w +
        001    7 …     3 - -
    """
    for p, g, q, h in _pairs(ctx, ctx.flat.lanes.mutual_where("col", _one_side_bare)):
        if g.kind in Kind.PLAYED or h.kind in Kind.PLAYED:
            continue  # a played game without colour is TRF405 already
        r = g.round
        bare, other = (p, q) if g.colour is None else (q, p)
        yield finding("TRF503", f"round {r}: player {other.start_rank} has a colour for this game but "
                      f"player {bare.start_rank} has none", bare.line, colour_col(r),
                      "write the colour on both sides, or '-' on both", ctx.cell(bare, r))


@rule("TRF504", ERROR, "the two results of a game are complementary (1/0, =/=, +/-, W/L, D/D, -/-)", spec="E3", why=(
    "error: results that do not complement (1/1) make the players' points wrong"))
def results(ctx: Context) -> Iterator[Finding]:
    """The two halves of a game agree on its result: ``1``/``0``, ``=``/``=``, ``W``/``L``,
    ``D``/``D``, ``+``/``-`` and ``-``/``-`` (double forfeit).  ``1``/``1``, ``+``/``+`` and a
    played result against a forfeit are errors.  Both lines are reported.

    Passing::

        001    3 …     7 w =
        001    7 …     3 b =

    Failing::

        001    3 …     7 w 1
        001    7 …     3 b 1
    """
    event = ctx.event
    for p, g, q, h in _pairs(ctx, ctx.flat.lanes.mutual_where("code", _not_complementary)):
        r = g.round
        if g.code == h.code == " " and event.is_waiting(p.start_rank, r):
            continue  # paired, the result still to come (TRF533)
        for x, mine, y, theirs in ((p, g, q, h), (q, h, p, g)):
            where = f" (line {y.line})" if y.line else ""
            if g.code == h.code == " ":  # paired, no result on either side, in a round that is not pending
                yield finding("TRF504", f"round {r}: the game of player {x.start_rank} against {y.start_rank}{where} "
                              "has no result on either side, though a later round is played: a game not finished?",
                              x.line, result_col(r), "write its result; or score games not finished with "
                              "--unfinished draw or zero", ctx.cell(x, r))
                continue
            yield finding("TRF504", f"round {r}: result '{mine.code}' of player {x.start_rank} does not fit "
                          f"'{theirs.code}' of player {y.start_rank}{where}",
                          x.line, result_col(r), "the results of one game are 1/0, =/=, W/L, D/D, +/- or -/-",
                          ctx.cell(x, r))


def _pab_cells(ctx: Context) -> list[int]:
    """The cells holding a pairing-allocated bye ``U``, in order."""
    kind_at = ctx.flat.kind_at
    return [k for k in positions_of(ctx.flat.code, "U") if kind_at(k) == Kind.PAB]


@rule("TRF506", ERROR, "at most one pairing-allocated bye (U) per round", spec="D5", why=(
    "error: FIDE's Swiss rules (C.04) give at most one pairing-allocated bye per round"))
def one_pab_per_round(ctx: Context) -> Iterator[Finding]:
    """Only the one player left over by the pairing gets the pairing-allocated bye ``U`` in a
    round.  Requested byes are ``H`` or ``F``.  Team events are not checked (a team's bye is
    written on every member).

    Passing::

        001   37 …  0000 - U
        001   40 …  0000 - H

    Failing::

        001   37 …  0000 - U
        001   40 …  0000 - U      <- a second U in round 1
    """
    if ctx.team_event:
        return
    n, everyone = ctx.flat.round_count, ctx.flat.players
    rounds: dict[int, list[Player]] = {}
    for k in _pab_cells(ctx):
        rounds.setdefault(k % n + 1, []).append(everyone[k // n])
    for r, players in sorted(rounds.items()):
        if len(players) < 2:
            continue
        ranks = ", ".join(str(p.start_rank) for p in players[:10]) + (" …" if len(players) > 10 else "")
        for p in players:
            yield finding("TRF506", f"round {r}: {len(players)} pairing-allocated byes (U) in one round "
                          f"(players {ranks})", p.line, result_col(r),
                          "one player per round gets U; write requested byes as H or F", ctx.cell(p, r))


@rule("TRF507", WARNING, "in a Swiss, no player gets the pairing-allocated bye twice", spec="D5", why=(
    "warning: C.04 forbids a second PAB for one player, but the points are still right; an arbiter should look"))
def one_pab_per_player(ctx: Context) -> Iterator[Finding]:
    """FIDE's Swiss rules give a player the pairing-allocated bye at most once (a full-point
    bye exported as ``U`` makes pairing programs repeat it).  Round robins and team events are
    not checked.

    Passing::

        001   37 …  0000 - U     12 w 1     5 b 0

    Failing::

        001   37 …  0000 - U     12 w 1  0000 - U
    """
    if ctx.team_event or ctx.round_robin:
        return
    n, players = ctx.flat.round_count, ctx.flat.players
    by_player: dict[int, list[int]] = {}
    for k in _pab_cells(ctx):
        by_player.setdefault(k // n, []).append(k % n + 1)
    for i, rounds in by_player.items():
        p = players[i]
        for r in rounds[1:]:
            yield finding("TRF507", f"round {r}: player {p.start_rank} gets the pairing-allocated bye again "
                          f"(first in round {rounds[0]})", p.line, result_col(r),
                          "a requested bye is F or H; U is the pairing-allocated bye", ctx.cell(p, r))


@rule("TRF508", INFO, "a blank round before later games (read as an unexplained zero-point bye)", spec="D6", why=(
    "info: read as a zero-point absence, as TRF16 reads a blank cell; usually a late entry"))
def interior_gap(ctx: Context) -> Iterator[Finding]:
    """A blank round block followed by later games reads as a zero-point absence.  It is often
    a half-point bye written with a blank result (Irish Chess Union files), so it is worth a
    look when the points disagree.  A 240 record for the round explains it.

    Passing::

        001   12 …     3 w 1  0000 - Z     8 b =

    Failing (info)::

        001   12 …     3 w 1  0000 -       8 b =
    """
    if ctx.team_event or (ctx.round_robin and len(ctx.players) % 2):
        return  # team members skip rounds; in an odd round robin everyone sits out one round
    explained: set[tuple[int, int]] = set()
    if ctx.t.records:  # (typed records: their module is imported for a file that has some)
        from ...records import Bye

        for entry in ctx.t.records_of(Bye):
            if entry.round:
                for i in entry.ids:
                    explained.add((entry.round, i))
    for p, r in _interior_blanks(ctx):
        if (r, p.start_rank) not in explained:
            yield finding("TRF508", f"round {r}: blank, but player {p.start_rank} plays later; "
                          "read as a zero-point absence", p.line, round_col(r),
                          "write Z for an absence, H or F for a requested bye", ctx.cell(p, r))


def _interior_blanks(ctx: Context) -> Iterator[tuple[Player, int]]:
    """(player, round) of every blank cell followed by a cell that is not blank."""
    flat = ctx.flat
    n, blank = flat.round_count, flat.blank
    by_row: dict[int, list[int]] = {}
    for k in flat.blanks():
        by_row.setdefault(k // n, []).append(k)
    for i, cells in by_row.items():
        row = flat.row(i)
        last = next((k for k in reversed(row) if not blank(k)), None)
        if last is None:
            continue
        for k in cells:
            if k < last:
                yield flat.players[i], k % n + 1
