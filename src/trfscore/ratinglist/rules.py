"""The ``FID`` rules: a submission checked against the rating lists given with ``--rating-list``.

They run in the ``fide`` profile, and only when at least one list is given (the command line's
``--rating-list``, the library's ``check(..., rating_lists=[...])``).  Each finding points at the
player's 001 field and shows the file's value beside the list's.  Which list: see
:mod:`trfscore.ratinglist.compare` (the one in force on the ``042`` start date for ratings).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..checks.context import COL_BIRTH, COL_FEDERATION, COL_FIDE_ID, COL_NAME, COL_RATING, COL_SEX, COL_TITLE, Context
from ..checks.registry import rule
from ..findings import ERROR, INFO, WARNING, Finding, finding

if TYPE_CHECKING:
    from ..model import Player
    from .compare import Comparison
    from .entry import Entry

#: Candidates a finding lists for a player without an id who matches several list entries.
SHOWN_CANDIDATES = 5


def comparison(ctx: Context) -> Comparison | None:
    """The players beside the lists, computed once per check (None when no list is given)."""
    lists = getattr(ctx, "rating_lists", ())
    if not lists:
        return None
    cached = ctx.__dict__.get("_rating_comparison")
    if cached is None:
        from .compare import Comparison  # imported only when a list is given: a plain check stays light

        cached = ctx.__dict__["_rating_comparison"] = Comparison.of(ctx.t, lists)
    return cached


def _matched(ctx: Context) -> Iterator[tuple[Player, Entry]]:
    """(player, list entry) for every player whose FIDE id is on the identity list."""
    from .compare import player_id
    cmp = comparison(ctx)
    if cmp is None:
        return
    for p in ctx.players:
        pid = player_id(p)
        e = cmp.by_id.get(pid) if pid else None
        if e is not None:
            yield p, e


def _same_person(p: Player, e: Entry) -> bool:
    from .names import difference
    return difference(p.name, e.name) != "different" or not p.name.strip() or not e.name.strip()


def _label(ctx: Context) -> str:
    cmp = comparison(ctx)
    return cmp.choice.identity.label if cmp and cmp.choice.identity else "the list"


@rule("FID001", ERROR, "every FIDE id is on the rating list", spec="FIDE", why=(
    "error: the rating server refuses a player whose FIDE id it does not know"))
def unknown_id(ctx: Context) -> Iterator[Finding]:
    """A FIDE id in columns 58-68 that the rating list does not know is a typo or an invented
    number; the rating server rejects the player.

    Passing: ``1503014`` on a list that has it.

    Failing: ``1503041`` (two digits swapped) on a list without that id.
    """
    from .compare import player_id
    cmp = comparison(ctx)
    if cmp is None or cmp.choice.identity is None or cmp.choice.identity.kind == "national":
        return  # a national list lacks the foreign players: only FIDE's list knows every id
    for p in ctx.players:
        pid = player_id(p)
        if pid and pid not in cmp.by_id:
            yield finding("FID001", f"player {p.start_rank} ({p.name}): FIDE id {pid} is not on "
                          f"{cmp.choice.identity.label}", p.line, COL_FIDE_ID,
                          "check the id on the player's FIDE profile", p.fide_id.strip())


@rule("FID002", ERROR, "a FIDE id belongs to the player named", spec="FIDE", why=(
    "error: the id is somebody else's, so the games would be rated for the wrong person"))
def id_of_other(ctx: Context) -> Iterator[Finding]:
    """The name on the list for the player's FIDE id is not the name in the file (not even with
    a typo): the id belongs to somebody else.

    Passing: ``Carlsen, Magnus`` with id 1503014.

    Failing: ``Caruana, Fabiano`` with id 1503014 (the list says Carlsen, Magnus).
    """
    for p, e in _matched(ctx):
        if not _same_person(p, e):
            yield finding("FID002", f"player {p.start_rank}: FIDE id {e.fide_id} belongs to {e.name!r} "
                          f"on {_label(ctx)}, not to {p.name!r}", p.line, COL_FIDE_ID,
                          "write this player's own FIDE id (search the list by name)", p.fide_id.strip())


@rule("FID003", WARNING, "a player's name is spelt as on the rating list", spec="FIDE", why=(
    "warning: the id decides who is rated; a typo or another given name beside the same surname is for a "
    "person to correct, while accents, transliteration, case, word order and hyphens are no difference "
    "(FIDE's list is ASCII)"))
def name_spelling(ctx: Context) -> Iterator[Finding]:
    """The file writes the name of the id's owner differently from the list: a typo of a letter
    or two, or another given name beside the same surname.  Names are compared as FIDE writes
    them (:func:`trfscore.ratinglist.names.difference`): accents, transliteration (``Müller`` =
    ``Mueller``, ``Карякин`` = ``Karjakin``), case, word order and hyphens are no difference.

    Passing: ``Carlsen, Magnus`` as on the list; ``Müller, Hans`` for the list's ``Mueller,
    Hans``; ``Magnus Carlsen``.

    Failing (warning): ``Carlsen, Magnuss`` (a typo); ``Smith, John`` for the list's ``Smith,
    Jonathan`` (a different given name).
    """
    from .names import difference
    for p, e in _matched(ctx):
        how = difference(p.name, e.name)
        if how and how != "different" and e.name.strip() and p.name.strip():
            yield finding("FID003", f"player {p.start_rank}: name {p.name!r} is spelt {e.name!r} on "
                          f"{_label(ctx)} ({how})", p.line, COL_NAME, "write the name as the list does",
                          p.name)


@rule("FID004", WARNING, "a player's federation is the one on the rating list", spec="FIDE", why=(
    "warning: a federation transfer shows on the list first; the server takes the list's"))
def federation(ctx: Context) -> Iterator[Finding]:
    """Columns 54-56 hold the federation the list gives the player (a transfer shows on the list
    first).

    Passing: ``NOR`` for a player the list has under NOR.

    Failing (warning): ``GER`` for a player the list has under AUT.
    """
    for p, e in _matched(ctx):
        fed = p.federation.strip().upper()
        if fed and e.federation and fed != e.federation.upper() and _same_person(p, e):
            yield finding("FID004", f"player {p.start_rank} ({p.name}): federation {fed} in the file, "
                          f"{e.federation} on {_label(ctx)}", p.line, COL_FEDERATION,
                          f"write {e.federation}", p.federation)


@rule("FID005", WARNING, "a player's sex is the one on the rating list", spec="FIDE", why=(
    "warning: the list is right about sex; the file's value changes nothing computed"))
def sex(ctx: Context) -> Iterator[Finding]:
    """Column 10 (``m``/``w``) agrees with the list's sex (``M``/``F``).

    Passing: ``w`` for a player listed ``F``.

    Failing (warning): ``m`` for a player listed ``F``.
    """
    from .compare import trf_sex
    for p, e in _matched(ctx):
        mine = trf_sex(p)
        if mine and e.sex and mine != e.sex and _same_person(p, e):
            want = "w" if e.sex == "F" else "m"
            yield finding("FID005", f"player {p.start_rank} ({p.name}): sex {p.sex.strip()!r} in the file, "
                          f"{e.sex} on {_label(ctx)}", p.line, COL_SEX, f"write {want} in column 10", p.sex)


@rule("FID006", WARNING, "a player's birth year is the one on the rating list", spec="FIDE", why=(
    "warning: the birth year changes nothing computed but may show a wrong person"))
def birth_year(ctx: Context) -> Iterator[Finding]:
    """The year of columns 70-79 is the list's birth year (the list gives a year only).

    Passing: ``1990/11/30`` for a player born 1990 on the list.

    Failing (warning): ``1991/11/30`` for a player born 1990 on the list.
    """
    from .compare import trf_year
    for p, e in _matched(ctx):
        mine = trf_year(p)
        if mine and e.birth_year and mine != e.birth_year and _same_person(p, e):
            yield finding("FID006", f"player {p.start_rank} ({p.name}): born {mine} in the file, "
                          f"{e.birth_year} on {_label(ctx)}", p.line, COL_BIRTH,
                          f"check the birth date; the list says {e.birth_year}", p.birth.strip())


@rule("FID007", ERROR, "a player holds the title the file gives", spec="FIDE", why=(
    "error: a title the player does not hold makes norms and title-based figures wrong"))
def title_not_held(ctx: Context) -> Iterator[Finding]:
    """A title in columns 11-13 that the list does not give the player is a classic error (a
    national title, or a norm taken for the title).  A women's title held beside an open one
    (``w_title``) is fine.

    Passing: ``WGM`` for a player listed IM with the women's title WGM; ``GM`` for a GM.

    Failing: ``IM`` for a player listed FM; ``FM`` for an untitled player.
    """
    from .entry import canonical_title
    for p, e in _matched(ctx):
        mine = canonical_title(p.title)
        held = e.titles()
        if mine and mine not in held and _same_person(p, e):
            listed = " and ".join(sorted(held)) if held else "no title"
            yield finding("FID007", f"player {p.start_rank} ({p.name}): title {mine} in the file, but "
                          f"{_label(ctx)} shows {listed}", p.line, COL_TITLE,
                          "write only a title the player holds" + (f" ({listed})" if held else " (none)"),
                          p.title.strip())


@rule("FID008", WARNING, "a player's title is written when the list shows one", spec="FIDE", why=(
    "warning: a missing title changes no rating; a person should add it"))
def title_missing(ctx: Context) -> Iterator[Finding]:
    """The list gives the player a FIDE title that columns 11-13 leave blank.

    Passing: ``GM`` for a GM.

    Failing (warning): blank columns 11-13 for a player listed IM.
    """
    from .entry import canonical_title
    for p, e in _matched(ctx):
        if not p.title.strip() and e.titles() and _same_person(p, e):
            best = canonical_title(e.title) or canonical_title(e.w_title)
            yield finding("FID008", f"player {p.start_rank} ({p.name}): no title in the file, "
                          f"{best} on {_label(ctx)}", p.line, COL_TITLE, f"write {best} in columns 11-13", "")


@rule("FID009", ERROR, "a player's rating is the one on the list in force at the start", spec="FIDE",
      lesser=INFO, why=(
    "error: the rating change is computed from the list's rating, so another rating gives a wrong "
    "number; info when no list in force was given, so nothing could be compared"))
def rating(ctx: Context) -> Iterator[Finding]:
    """Columns 49-52 hold the rating of the list in force on the start date (042); lists come
    into force on the 1st of their month.  With several lists given, the latest one not after
    the start month is used; for rapid and blitz events (092/192/122 say so) that type's rating.

    Passing: 2830 for a player rated 2830 on the list of the start month.

    Failing: 2839 (last month's rating); 1850 for a player unrated on the list.
    """
    from .compare import list_rating, player_id
    cmp = comparison(ctx)
    if cmp is None:
        return
    lst = cmp.choice.in_force
    if lst is None:
        if cmp.choice.why and any(player_id(p) for p in ctx.players):
            yield finding("FID009", f"ratings not compared: {cmp.choice.why}", ctx.record_line("042"), 5,
                          "give the list in force on the start date with --rating-list", "", lesser=True)
        return
    kind = cmp.choice.kind
    for p in ctx.players:
        pid = player_id(p)
        e = cmp.in_force_by_id.get(pid) if pid else None
        if e is None or not _same_person(p, e):
            continue
        listed = list_rating(lst, e, kind)[0]
        mine = p.rating or None
        if mine != listed:
            want = str(listed) if listed else "no rating (blank)"
            yield finding("FID009", f"player {p.start_rank} ({p.name}): rating {mine or 'none'} in the "
                          f"file, {listed or 'unrated'} ({kind}) on {lst.label}, the list in force at the start",
                          p.line, COL_RATING, f"write {want} in columns 49-52", str(p.rating or ""))


@rule("FID010", WARNING, "a player without a FIDE id is not on the list under their name", spec="FIDE", why=(
    "warning: a player on the list under their name probably has an id to write"))
def missing_id_unique(ctx: Context) -> Iterator[Finding]:
    """A player written without a FIDE id whose name (with federation and birth year to narrow)
    matches exactly one list entry very likely has that id.

    Passing: a player without id whom the list does not know.

    Failing (warning): ``Carlsen, Magnus`` without id, the list holding one Carlsen, Magnus
    (hint: the id 1503014).
    """
    for p, found in _searched(ctx):
        if len(found) == 1:
            e = found[0]
            yield finding("FID010", f"player {p.start_rank} ({p.name}) has no FIDE id; {_label(ctx)} "
                          f"has {e.describe()}", p.line, COL_FIDE_ID, f"write the id {e.fide_id}", "")


@rule("FID011", INFO, "a player without a FIDE id matches several list entries", spec="FIDE", why=(
    "info: several candidates; a person picks one, nothing in the file is wrong"))
def missing_id_several(ctx: Context) -> Iterator[Finding]:
    """A player without an id whose name matches several list entries, even narrowed by
    federation and birth year: the candidates are listed for the arbiter to choose.

    Passing: a player without id whose name the list does not hold.

    Failing (info): ``Kumar, Rahul`` without id and without birth date, the list holding several.
    """
    for p, found in _searched(ctx):
        if len(found) > 1:
            shown = "; ".join(e.describe() for e in found[:SHOWN_CANDIDATES])
            more = f" and {len(found) - SHOWN_CANDIDATES} more" if len(found) > SHOWN_CANDIDATES else ""
            yield finding("FID011", f"player {p.start_rank} ({p.name}) has no FIDE id; {len(found)} list "
                          f"entries match: {shown}{more}", p.line, COL_FIDE_ID,
                          "find the player's id among these and write it", "")


def _searched(ctx: Context) -> Iterator[tuple[Player, list[Entry]]]:
    """(player, list entries matching their name) for the players without a FIDE id."""
    from .compare import player_id, trf_year
    cmp = comparison(ctx)
    if cmp is None or cmp.choice.identity is None:
        return
    cache = ctx.__dict__.setdefault("_rating_search", {})
    for p in ctx.players:
        if player_id(p) or not p.name.strip():
            continue
        found = cache.get(p.start_rank)
        if found is None:
            found = cache[p.start_rank] = [e for e in cmp.choice.identity.search(
                p.name, federation=p.federation.strip().upper() or None, birth_year=trf_year(p)) if e.fide_id]
        yield p, found


@rule("FID012", INFO, "an inactive player plays (still rated)", spec="FIDE", why=(
    "info: an inactive player is still rated (B.02); only informative"))
def inactive(ctx: Context) -> Iterator[Finding]:
    """The list flags the player inactive (``i``/``wi``).  Inactive players are rated when they
    play; this is information, not an error.

    Passing: an active player.

    Failing (info): a player whose list flag is ``wi``.
    """
    for p, e in _matched(ctx):
        if e.inactive and _same_person(p, e):
            yield finding("FID012", f"player {p.start_rank} ({p.name}) is flagged inactive ({e.flag}) on "
                          f"{_label(ctx)}; the games are rated and the player becomes active", p.line,
                          COL_FIDE_ID, "", "")


@rule("FID013", WARNING, "072 counts the players the list in force rates", spec="FIDE", why=(
    "warning: 072 is informative (TRF16), but a mismatch can mean a rating is missing"))
def rated_count(ctx: Context) -> Iterator[Finding]:
    """``072`` (number of rated players) recomputed from the list in force on the start date:
    players whose FIDE id has a rating of the event's type there.  (``082`` is the number of
    teams, which the list cannot tell; ``TRF541`` checks it.)

    Passing: ``072 8`` with 8 players rated on the list.

    Failing (warning): ``072 10`` when the list rates 9 of the players.
    """
    from .compare import list_rating, player_id
    cmp = comparison(ctx)
    declared = ctx.header.rated_declared
    if cmp is None or cmp.choice.in_force is None or declared is None:
        return
    lst, kind = cmp.choice.in_force, cmp.choice.kind
    rated = sum(1 for p in ctx.players if (e := cmp.in_force_by_id.get(player_id(p) or 0)) is not None
                and list_rating(lst, e, kind)[0])
    if rated != declared:
        yield finding("FID013", f"072 says {declared} rated players; {lst.label} rates {rated} of the "
                      f"{len(ctx.players)} players ({kind})", ctx.record_line("072"), 5, f"write 072 {rated}",
                      str(declared))


@rule("FID014", WARNING, "a national rating (NRS record) is the one on the national list", spec="FIDE", why=(
    "warning: the national rating is informative for FIDE; a person should look"))
def national_rating(ctx: Context) -> Iterator[Finding]:
    """With a national list given (the DSB export as CSV), the national rating of a TRF26
    national-rating record (``GER`` line, columns 49-52) is the list's (DWZ), found by the record's
    national id (columns 58-68, e.g. ``10101-1001`` for ZPS and member number) or the player's
    FIDE id.

    Passing: ``GER    1 …  1850 …  10101-1001`` for a member listed with DWZ 1850.

    Failing (warning): the same record with 1790.
    """
    from .compare import player_id

    national = [lst for lst in getattr(ctx, "rating_lists", ()) if lst.kind == "national"]
    if not national:
        return
    for p in ctx.players:
        for fed, rec in p.national.items():
            for lst in national:
                e = (lst.lookup(rec.national_id) if rec.national_id.strip() else None) or \
                    (lst.lookup(player_id(p) or 0) if player_id(p) else None)
                if e is None or e.national_rating is None:
                    continue
                if (rec.rating or None) != e.national_rating:
                    yield finding("FID014", f"player {p.start_rank} ({p.name}): national rating "
                                  f"{rec.rating or 'none'} in the {fed} record, {e.national_rating} on {lst.label}",
                                  rec.line, COL_RATING, f"write {e.national_rating} in columns 49-52 of the {fed} "
                                  "record", str(rec.rating or ""))
                break
