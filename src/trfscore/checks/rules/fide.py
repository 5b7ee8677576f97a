"""What FIDE's rating server needs from a rated tournament (profile ``fide``; TRF8xx).

The TRF spec marks the fields that are mandatory for rating (012, 022, 032, 042, 052, 102, 132,
FIDE id, rank, every round); the Qualification Commission returns reports without FIDE ids, or
without birth date and sex for new players; the rating regulations count an unrated player's
games only against rated opponents.  Numbers come from ``data/profiles.json`` (``thresholds``),
federation codes from ``data/federations.json``.  These rules are off in the ``basic`` profile.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from fractions import Fraction

from ...federations import federations
from ...findings import ERROR, INFO, WARNING, Finding, finding
from ...model import Kind, Player
from ..context import COL_BIRTH, COL_FEDERATION, COL_FIDE_ID, COL_RATING, COL_SEX, FIELDS, Context
from ..registry import rule

HEADER_NAMES = {"012": "tournament name", "022": "city", "032": "host federation", "042": "start date",
                "052": "end date", "092": "tournament type", "102": "chief arbiter", "122": "time control",
                "132": "round dates", "142": "number of rounds", "192": "tournament type code"}
BIRTH = r"^\d{4}(?:[/.\-]\d{2}[/.\-]\d{2})?$"  # compiled on first use (re's cache): profile fide only


def _header_value(ctx: Context, code: str) -> str:
    rec = ctx.record(code)
    if rec is None:
        return ""
    if code == "132":
        return "x" if ctx.header.round_dates and any(d.strip() for d in ctx.header.round_dates) else ""
    return rec.text[4:].strip()


@rule("TRF801", ERROR, "the header records FIDE needs are present and filled", spec="FIDE", why=(
    "error: the rating server refuses a report without the records TRF16 marks mandatory for rating"))
def mandatory_header(ctx: Context) -> Iterator[Finding]:
    """A rated tournament report has the records marked mandatory for rating: 012 name, 022
    city, 032 federation, 042 start and 052 end date, 102 chief arbiter and 132 round dates
    (the list is ``mandatory_header`` in ``profiles.json``).

    Passing: all seven records, each with a value.

    Failing: no 102 line; ``022`` with nothing after it.
    """
    if not ctx.t.source.records:  # header records: only a TRF (or the JSON of one) has them
        return
    for code in ctx.threshold("mandatory_header", []) or []:
        rec = ctx.record(code)
        name = HEADER_NAMES.get(code, "record")
        if rec is None:
            yield finding("TRF801", f"record {code} ({name}) is missing", 1, 1,  # where the header goes
                          f"add a {code} line: FIDE needs the {name} to rate the tournament", "")
        elif not _header_value(ctx, code):
            yield finding("TRF801", f"record {code} ({name}) is empty", rec.line, 5,
                          f"fill in the {name}", rec.text[:40])


def _registered(p: Player) -> bool:
    """The player has a FIDE id: FIDE already holds their birth date and sex."""
    return p.fide_id.isdecimal() and int(p.fide_id) > 0


def _new_players(ctx: Context) -> list[Player]:
    """The players FIDE must register from this report: unrated and without a FIDE id."""
    return [p for p in ctx.players if not p.rating and not _registered(p)]


@rule("TRF802", ERROR, "every rated player has a FIDE id", spec="FIDE", why=(
    "error: a rated player without a FIDE id cannot be matched by the rating server"))
def rated_has_id(ctx: Context) -> Iterator[Finding]:
    """A player with a FIDE rating has a FIDE id in columns 58-68; reports without ids are
    returned.

    Passing: ``… 2450 GER     4611314 …``.

    Failing: ``… 2450 GER             …`` (rating but no id).
    """
    for p in ctx.players:
        if p.rating and not _registered(p):
            yield finding("TRF802", f"player {p.start_rank} ({p.name}) is rated {p.rating} but has no FIDE id",
                          p.line, COL_FIDE_ID, f"write the player's FIDE id in columns {FIELDS['fide_id'].columns}", p.fide_id)


@rule("TRF803", WARNING, "every unrated player has a FIDE id (register new players first)", spec="FIDE", why=(
    "warning: new players must be registered by their federation first (B.02), which a person arranges"))
def unrated_has_id(ctx: Context) -> Iterator[Finding]:
    """Players without a FIDE id must be registered by their federation before the report is
    uploaded; the rating server matches players by id.

    Passing: an unrated player with ``  25034565`` in columns 58-68.

    Failing (warning): an unrated player with blank columns 58-68.
    """
    for p in _new_players(ctx):
        yield finding("TRF803", f"player {p.start_rank} ({p.name}) has no FIDE id",
                      p.line, COL_FIDE_ID, "ask the player's federation to register them and write the id",
                      p.fide_id)


@rule("TRF804", ERROR, "every new player (unrated, no FIDE id) has a birth date", spec="FIDE", why=(
    "error: FIDE registers a new player from the report, and reports whose new players lack a birth "
    "date are returned (B.02, registration of new players); a player with a FIDE id is registered "
    "already, so a missing rating alone never fires it"))
def new_player_birth(ctx: Context) -> Iterator[Finding]:
    """A new player (no rating and no FIDE id) needs a birth date (columns 70-79,
    ``YYYY/MM/DD`` or at least the year) to be registered.  A player with a FIDE id is not
    new, even when unrated: FIDE holds their birth date.

    Passing: an unrated player with ``2010/05/17``; an unrated player with a FIDE id and no
    birth date.

    Failing: an unrated player without FIDE id and with blank columns 70-79, or ``    .  .  ``.
    """
    if "birth" not in (ctx.threshold("new_player_needs", ["birth", "sex"]) or []):
        return
    for p in _new_players(ctx):
        if not re.match(BIRTH, p.birth.strip()):
            yield finding("TRF804", f"new player {p.start_rank} ({p.name}) has no birth date", p.line,
                          COL_BIRTH, f"write the birth date in columns {FIELDS['birth'].columns} (YYYY/MM/DD)", p.birth)


WOMEN = frozenset("wWfF")


@rule("TRF805", ERROR, "every new player (unrated, no FIDE id) has a sex", spec="FIDE", lesser=INFO, why=(
    "error: a new player cannot be registered without their sex (B.02 registration); info, once per "
    "file, when the file marks only women and leaves men blank, as FIDE's own example1.txt does: "
    "blank then reads as m"))
def new_player_sex(ctx: Context) -> Iterator[Finding]:
    """New players (no rating and no FIDE id) need their sex in column 10 (``m`` or ``w``) to
    be registered.  A file that marks women only (``w`` or ``f``) and leaves every man blank,
    as FIDE's example1.txt does, gets one info finding: blank reads as ``m`` there.

    Passing: ``001   12 w    Smith, Ann …`` (unrated); an unrated player with a FIDE id.

    Failing: ``001   12      Smith, Ann …`` (unrated, no FIDE id, column 10 blank, and some
    player of the file marked ``m``, or none marked at all).
    """
    if "sex" not in (ctx.threshold("new_player_needs", ["birth", "sex"]) or []):
        return
    blank = [p for p in _new_players(ctx) if p.sex.lower() not in ("m", "w", "f")]
    if not blank:
        return
    marked = {p.sex for p in ctx.players if p.sex.strip()}
    if marked and marked <= WOMEN:
        first = blank[0]
        yield finding("TRF805", f"{len(blank)} new player(s) have column {FIELDS['sex'].columns} blank; the "
                      f"file marks only women ({', '.join(sorted(marked))}), so blank is read as m", first.line,
                      COL_SEX, "write m for men to make it explicit", first.sex, lesser=True)
        return
    for p in blank:
        yield finding("TRF805", f"new player {p.start_rank} ({p.name}) has no sex in column "
                      f"{FIELDS['sex'].columns}", p.line, COL_SEX, f"write m or w in column {FIELDS['sex'].columns}",
                      p.sex)


def _rated_games(ctx: Context, p: Player) -> tuple[int, Fraction]:
    """(rated games against rated opponents, points scored in them)."""
    count, score = 0, Fraction(0)
    points = ctx.t.scoring.points
    for g in p.games:
        if g.rated and g.opponent is not None:
            q = ctx.by_rank.get(g.opponent)
            if q is not None and q.rating:
                count += 1
                score += points(g)
    return count, score


@rule("TRF806", INFO, "an unrated player meets enough rated opponents to count", spec="FIDE", why=(
    "info: nothing in the file is wrong and nothing can be fixed; it tells what B.02 will count "
    "towards a first rating (games against rated opponents only)"))
def unrated_opponents(ctx: Context) -> Iterator[Finding]:
    """An unrated player's results count towards a first rating only against rated opponents;
    with fewer than ``unrated_min_rated_opponents`` (3) rated opponents in the event the games
    may not count.

    Passing: an unrated player who met three rated players.

    Failing (info): an unrated player whose only rated game was round 1.
    """
    need = int(ctx.threshold("unrated_min_rated_opponents", 3) or 0)
    if not need:
        return
    for p in ctx.players:
        if p.rating or not any(g.kind in Kind.PLAYED for g in p.games):
            continue
        count, _ = _rated_games(ctx, p)
        if count < need:
            yield finding("TRF806", f"unrated player {p.start_rank} ({p.name}) played {count} rated "
                          f"opponent(s); at least {need} are needed for the games to count", p.line, COL_RATING,
                          "nothing to fix in the file; the games may not count towards a first rating", "")


@rule("TRF807", INFO, "an unrated player scored nothing against rated opponents", spec="FIDE", why=(
    "info: B.02 disregards those results; nothing in the file is wrong"))
def unrated_zero(ctx: Context) -> Iterator[Finding]:
    """An unrated player who scores zero against rated opponents is disregarded for rating.

    Passing: an unrated player with a draw against a rated player.

    Failing (info): an unrated player who lost every game against rated players.
    """
    for p in ctx.players:
        if p.rating:
            continue
        count, score = _rated_games(ctx, p)
        if count and not score:
            yield finding("TRF807", f"unrated player {p.start_rank} ({p.name}) scored 0 in {count} game(s) "
                          "against rated opponents; the results will be disregarded", p.line, COL_RATING, "", "")


@rule("TRF808", WARNING, "a round robin has enough rated players", spec="FIDE", why=(
    "warning: B.02's round-robin quota may make the event unratable; the organiser should know before submitting"))
def round_robin_quota(ctx: Context) -> Iterator[Finding]:
    """A rated round robin needs at least a third of its players rated, and at least 4 when it
    has fewer than 10 players (``round_robin_*`` thresholds in ``profiles.json``).

    Passing: 10 players, 4 rated.

    Failing (warning): 8 players, 2 rated.
    """
    if not ctx.round_robin or ctx.team_event:
        return
    n = len(ctx.players)
    rated = sum(1 for p in ctx.players if p.rating)
    fraction = Fraction(str(ctx.threshold("round_robin_min_rated_fraction", "1/3")))
    need = math.ceil(n * fraction)
    if n < int(ctx.threshold("round_robin_small_event_players", 10)):
        need = max(need, int(ctx.threshold("round_robin_small_event_min_rated", 4)))
    need = min(need, n)
    if rated < need:
        yield finding("TRF808", f"round robin with {n} players of whom {rated} are rated; at least {need} "
                      "must be rated", ctx.record_line("072", "012"), 5,
                      "the tournament may not be rated as a round robin", str(rated))


@rule("TRF810", WARNING, "player federations are FIDE federation codes", spec="C7", why=(
    "warning: an unknown federation code may be a club code or a typo; the server matches players by id"))
def federation_codes(ctx: Context) -> Iterator[Finding]:
    """Columns 54-56 hold a FIDE federation code (``GER``, ``ENG``, ``IRI`` …: FIDE's codes, not
    ISO's).  Club or county codes are reported.  A blank federation is not.

    Passing: ``GER``, ``FID``.

    Failing (warning): ``KIL`` (a club), ``DEU`` (ISO, not FIDE).
    """
    current, historic = federations()
    for p in ctx.players:
        fed = p.federation.strip().upper()
        if fed and fed not in current:
            why = "a former federation code" if fed in historic else "not a FIDE federation code"
            yield finding("TRF810", f"player {p.start_rank}: federation {p.federation!r} is {why}", p.line,
                          COL_FEDERATION, "write the player's FIDE federation (three letters, e.g. GER, ENG)",
                          p.federation)


@rule("TRF811", WARNING, "no FIDE id is used by two players", spec="C8", why=(
    "warning (error in the fide profile): one id on two players makes one of them rated with the other's games"))
def fide_id_unique(ctx: Context) -> Iterator[Finding]:
    """Each FIDE id names one player.

    Passing: ids 4611314 and 4611322.

    Failing: two players with id 4611314.
    """
    seen: dict[str, int] = {}
    for p in ctx.players:
        fid = p.fide_id.strip().lstrip("0")
        if not fid or not fid.isdecimal():
            continue
        first = seen.get(fid)
        if first is not None:
            q = ctx.by_rank[first]
            yield finding("TRF811", f"player {p.start_rank} has FIDE id {p.fide_id}, already used by player "
                          f"{first}" + (f" (line {q.line})" if q.line else ""), p.line, COL_FIDE_ID,
                          "each player has their own FIDE id", p.fide_id)
        else:
            seen[fid] = p.start_rank


@rule("TRF812", WARNING, "the host federation (032) is a FIDE federation code", spec="C7", why=(
    "warning: the host federation is informative for the server; a person should look"))
def host_federation(ctx: Context) -> Iterator[Finding]:
    """032 names the federation that organises the event, as a FIDE code.

    Passing: ``032 ESP``.

    Failing (warning): ``032 Lichess``; ``032 Spain``.
    """
    rec = ctx.record("032")
    if rec is None:
        return
    value = rec.text[4:].strip()
    current, _ = federations()
    if value and value.upper() not in current:
        yield finding("TRF812", f"032 holds {value!r}, not a FIDE federation code", rec.line, 5,
                      "write the host federation's three-letter FIDE code", value)


@rule("TRF813", WARNING, "FIDE ratings are not below the rating floor", spec="FIDE", why=(
    "warning: a rating below B.02's floor is likely a national rating in the FIDE column"))
def rating_floor(ctx: Context) -> Iterator[Finding]:
    """Since 1 March 2024 no FIDE rating is below 1400 (``rating_floor`` and
    ``rating_floor_since`` in ``profiles.json``); a lower number in columns 49-52 is likely a
    national rating.

    Passing: an event of 2025 with ratings 1400 and up.

    Failing (warning): an event of 2025 with a player rated 1180.
    """
    floor = int(ctx.threshold("rating_floor", 0) or 0)
    since = str(ctx.threshold("rating_floor_since", "") or "")
    start = ctx.header.start_date_iso or ctx.header.end_date_iso
    if not floor or not start or (since and start < since):
        return
    for p in ctx.players:
        if p.rating and p.rating < floor:
            yield finding("TRF813", f"player {p.start_rank} is rated {p.rating}, below the FIDE floor of "
                          f"{floor}", p.line, COL_RATING, f"columns {FIELDS['rating'].columns} hold the FIDE rating; national ratings go "
                          "in NRS records", str(p.rating))
