"""Rounds, dates and header counts (rules B2-B5, B8, D7, E8 of docs/rules.md).

The number of rounds appears up to three times: 142/XXR, the 132 round dates and the round blocks
of the ``001`` lines.  Dates must be in order: 042 <= every 132 date <= 052, round by round.
The informative counts 062/072/082 should match the records.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ...findings import ERROR, INFO, WARNING, Finding, finding
from ...formats.dates import parse_round_date
from ...model import Player
from ..context import Context, round_col
from ..registry import rule


def round_dates(ctx: Context) -> list[tuple[int, int, str]]:
    """(round, column, text) of every non-empty 132 date."""
    cached: list[tuple[int, int, str]] | None = ctx.__dict__.get("_round_dates")
    if cached is not None:
        return cached
    rec = ctx.record("132")
    out: list[tuple[int, int, str]] = []
    if rec is not None:
        text = rec.text
        end = len(text.rstrip())
        if end > 91:  # round r's date above its cells: columns 92+10(r-1), ten wide
            out = [(rnd, base + 1, chunk) for rnd, base in enumerate(range(91, end, 10), 1)
                   if (chunk := text[base:base + 10].strip())]
        else:  # a short line: dates separated by blanks
            out = [(rnd, m.start() + 4, m.group()) for rnd, m in enumerate(re.finditer(r"\S+", text[3:]), 1)]
    ctx.__dict__["_round_dates"] = out
    return out


#: What makes a date's year unmistakable: four digits, or a month written in letters.
_UNMISTAKABLE = re.compile(r"\d{4}|[A-Za-z]{3}")


def reliable(text: str) -> bool:
    """A 042/052 date whose year cannot be mistaken: it has four digits (``10.09.13`` may be
    2010-09-13 or 2013-09-10, so such dates are not compared)."""
    return bool(text) and _UNMISTAKABLE.search(text) is not None


@rule("TRF203", WARNING, "start date (042) not after end date (052)", spec="B2", why=(
    "warning: the dates are readable but contradict each other; a person must say which is right"))
def start_before_end(ctx: Context) -> Iterator[Finding]:
    """The tournament cannot end before it starts.

    Passing::

        042 2026/04/01
        052 2026/04/09

    Failing::

        042 2026/04/09
        052 2026/04/01
    """
    h = ctx.header
    if not (reliable(h.start_date) and reliable(h.end_date)):
        return
    if h.start_date_iso and h.end_date_iso and h.start_date_iso > h.end_date_iso:
        yield finding("TRF203", f"the end date {h.end_date} is before the start date {h.start_date}",
                      ctx.record_line("052"), 5, "swap or correct the 042/052 dates", h.end_date)


@rule("TRF204", WARNING, "132 round dates parse and do not go backwards", spec="B4", why=(
    "warning: round dates are informative for the standings, but FIDE rates by period; a person should look"))
def round_dates_order(ctx: Context) -> Iterator[Finding]:
    """Each 132 date parses (``YY/MM/DD`` at columns 92+10k) and is not earlier than the date
    of the round before.

    Passing::

        132 …  26/04/01  26/04/02  26/04/03

    Failing::

        132 …  26/04/02  26/04/01  26/04/03     <- round 2 before round 1
    """
    line = ctx.record_line("132")
    previous: tuple[int, str] | None = None
    for rnd, column, text in round_dates(ctx):
        iso = parse_round_date(text)
        if iso is None:
            yield finding("TRF204", f"round {rnd}: date {text!r} does not parse", line, column,
                          "write round dates as YY/MM/DD above the round's columns", text)
            continue
        if previous is not None and iso < previous[1]:
            yield finding("TRF204", f"round {rnd} is dated {text}, before round {previous[0]}", line, column,
                          "round dates never go backwards", text)
        previous = (rnd, iso)


@rule("TRF540", WARNING, "every 132 round date lies between the start (042) and end (052) dates", spec="B4", why=(
    "warning: a round date outside the event's dates is likely a typo; nothing is computed from it"))
def round_dates_in_event(ctx: Context) -> Iterator[Finding]:
    """Rounds are played between the start and the end of the tournament.

    Passing::

        042 2026/04/01
        052 2026/04/03
        132 …  26/04/01  26/04/02  26/04/03

    Failing::

        042 2026/04/01
        052 2026/04/03
        132 …  26/04/01  26/04/02  26/04/30
    """
    h = ctx.header
    start = h.start_date_iso if reliable(h.start_date) else None
    end = h.end_date_iso if reliable(h.end_date) else None
    if not (start or end):
        return
    line = ctx.record_line("132")
    for rnd, column, text in round_dates(ctx):
        iso = parse_round_date(text)
        if iso is None:
            continue
        if start and iso < start:
            yield finding("TRF540", f"round {rnd} is dated {text}, before the start date {h.start_date}",
                          line, column, "correct the round date or 042", text)
        elif end and iso > end:
            yield finding("TRF540", f"round {rnd} is dated {text}, after the end date {h.end_date}",
                          line, column, "correct the round date or 052", text)


@rule("TRF530", WARNING, "the number of 132 round dates matches the rounds", spec="E8", why=(
    "warning: round dates are informative for standings (error in the fide profile: TRF16 makes 132 "
    "mandatory for rating)"))
def round_date_count(ctx: Context) -> Iterator[Finding]:
    """132 gives one date per round: as many as the round blocks used, or up to 142/XXR for a
    tournament still running.

    Passing: ``XXR 3``, three round blocks and three 132 dates.

    Failing: seven round blocks and five 132 dates.
    """
    dates = round_dates(ctx)
    if not dates or not ctx.players:
        return
    count = len(dates)
    used = ctx.rounds
    low = used - ctx.pending_rounds.count
    high = max(used, ctx.declared_rounds or 0)
    if low <= count <= high:
        return
    wanted = f"{used}" if high == used else f"{low} to {high}"
    yield finding("TRF530", f"132 gives {count} round date(s) but the file has {used} round(s) of data"
                  + (f" and declares {ctx.declared_rounds}" if ctx.declared_rounds else ""),
                  ctx.record_line("132"), 92, f"give {wanted} dates, one above each round's columns", "")


@rule("TRF531", INFO, "the file declares more rounds (142/XXR) than it has data for", spec="B5", why=(
    "info: a file saved before its last rounds is normal (warning in the fide profile, where a rated "
    "report is complete)"))
def unfinished(ctx: Context) -> Iterator[Finding]:
    """A tournament still running has fewer round blocks than 142/XXR declare; a final report
    does not.  (More blocks than declared is ``TRF407``.)

    Passing: ``XXR 9`` and nine rounds of data.

    Failing (info): ``XXR 9`` and five rounds of data.
    """
    declared = ctx.declared_rounds
    played = ctx.event.played
    if declared and ctx.players and played < declared:
        data = "" if played == ctx.rounds else f" (round {', '.join(str(p.number) for p in ctx.event.pending)} paired)"
        yield finding("TRF531", f"the file declares {declared} rounds but has results for {played}{data}: "
                      "a tournament still running?", ctx.record_line("142", "XXR"), 5,
                      "a final report holds every round", str(declared))


@rule("TRF533", INFO, "a round is paired (or its byes marked) but waits for its results", spec="B5", why=(
    "info: a paired round waiting for results is a file saved between rounds, not a defect"))
def pending_round(ctx: Context) -> Iterator[Finding]:
    """A file saved during the event holds the next round's pairings with blank results, or only
    the byes marked before pairing it (``0000 - Z``, JaVaFo and TRF26 240 style).  Such a round
    is information, not broken cells: every command shows the event after the last played round
    (``--after-round`` picks another).

    Passing: every round of data holds results.

    Failing (info): rounds 1-4 hold results, round 5 holds ``  12 w  `` cells (paired, no result).
    """
    for p in ctx.event.pending:
        first = min(ctx.players, key=lambda q: q.line or 0)
        who = sorted(p.waiting)
        shown = ", ".join(map(str, who[:8])) + (" ..." if len(who) > 8 else "")
        games = f"{len(who) // 2 or len(who)} game(s) without a result (players {shown})" if who else "no game"
        marked = f", {len(p.premarked)} bye(s) marked in advance" if p.premarked else ""
        yield finding("TRF533", f"round {p.number} is {p.state}: {games}{marked}; results are read through "
                      f"round {ctx.event.played}", first.line, round_col(p.number),
                      "nothing to correct while the event runs; a final file holds every result", "")


@rule("TRF532", WARNING, "no round without any game or bye before the last round", spec="B5", why=(
    "warning: an empty round before the last is likely a lost round of results"))
def empty_round(ctx: Context) -> Iterator[Finding]:
    """A round in which no player has a game, a bye or a result, followed by rounds that do,
    means the round blocks are shifted or a round was lost.

    Passing: rounds 1-5 all hold games.

    Failing: round 3 is blank for every player, rounds 4 and 5 hold games.
    """
    if not ctx.players or ctx.rounds < 2:
        return
    busy = ctx.flat.busy_rounds()
    last = max(busy, default=0)
    first = min(ctx.players, key=lambda p: p.line or 0)
    for r in range(1, last):
        if r not in busy:
            yield finding("TRF532", f"round {r} holds no game, bye or result for any player, but later "
                          "rounds do", first.line, round_col(r), "check that the round blocks are not shifted",
                          ctx.cell(first, r))


@rule("TRF541", WARNING, "header counts 062/072/082 match the players, rated players and teams", spec="B3", why=(
    "warning: the counts are informative (TRF16 062/072/082) but a mismatch can mean a player is missing"))
def header_counts(ctx: Context) -> Iterator[Finding]:
    """062 is the number of players, 072 the number of FIDE-rated players (a FIDE ID and a
    rating > 0: national ratings in the rating column do not count; in a file without any FIDE ID,
    every player with a rating), 082 the number of teams.

    Passing: ``062 137`` and 137 ``001`` records.

    Failing: ``062 140`` and 137 ``001`` records.
    """
    h = ctx.header
    checks = [("062", h.players_declared, len(ctx.players), "players"),
              ("072", h.rated_declared, *_rated(ctx.players))]
    if h.teams_declared is not None:
        numbers = {team.number for team in ctx.t.teams if team.record == "310"} or \
            {team.number for team in ctx.t.teams}
        checks.append(("082", h.teams_declared, len(numbers), "teams"))
    for code, declared, actual, what in checks:
        if declared is not None and declared != actual:
            yield finding("TRF541", f"{code} says {declared} {what} but the file has {actual}",
                          ctx.record_line(code), 5, f"write {actual} in {code}", str(declared))


def _rated(players: Iterable[Player]) -> tuple[int, str]:
    """The count 072 should hold, and what it counts."""
    fide = [p for p in players if p.fide_id.strip("0 ")]
    if not fide:
        return sum(1 for p in players if p.rating), "rated players"
    return sum(1 for p in fide if p.rating), "FIDE-rated players (FIDE ID and rating)"


@rule("TRF572", WARNING, "the tournament type (192) fits the data", spec="B8", why=(
    "warning: the declared type and the pairings disagree; the pairings are used"))
def type_fits(ctx: Context) -> Iterator[Finding]:
    """A team type (``FIDE_TEAM…``) needs team records (013/310); an individual type should not
    come with 310 teams.

    Passing: ``192 FIDE_TEAM_BAKU`` with ``310`` records.

    Failing: ``192 FIDE_TEAM_BAKU`` without any team record.
    """
    system = ctx.header.system.upper()
    if not system:
        return
    line = ctx.record_line("192")
    has_310 = any(team.record == "310" for team in ctx.t.teams)
    if "TEAM" in system and not ctx.t.teams:
        yield finding("TRF572", f"192 says {ctx.header.system} but the file has no team records (013/310)",
                      line, 5, "add the 310 team records, or use an individual tournament type", ctx.header.system)
    elif "TEAM" not in system and has_310 and system.startswith(("FIDE_", "BERGER_", "CUSTOM_")):
        yield finding("TRF572", f"192 says {ctx.header.system}, an individual type, but the file has 310 "
                      "team records", line, 5, "use a FIDE_TEAM… type for a team tournament", ctx.header.system)


@rule("TRF500", ERROR, "the file holds at least one player", spec="C", why=(
    "error: a file without players has nothing to rate"))
def has_players(ctx: Context) -> Iterator[Finding]:
    """A tournament report lists its players (``001`` records); a file with header records only
    cannot be checked or rated.

    Passing: ``012 Spring Open`` followed by ``001`` lines.

    Failing: ``012 Spring Open``, ``042 2026/04/01`` and nothing else.
    """
    if not ctx.players:
        yield finding("TRF500", "the file has no players (no 001 records)", None, None,
                      "a TRF lists every player on a 001 line", "")
