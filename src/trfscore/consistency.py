"""The consistency verdict: the findings of ``check`` that make a number of a report wrong.

A game only one side records, two results of one game that do not fit, a player in two pairings
of a round, declared points against the results and a start rank used twice all change what the
standings would be if the file were right.  ``report`` shows these findings in every format and
``--strict`` fails on them, so that ``report`` and ``check`` never disagree on whether a file
can be trusted.

Finding them exactly takes ``check``'s rules, which a clean file should not pay for: a cheap
screen (:func:`_screen`) over the cells first tells a consistent file (the usual case: a few
list passes, no check machinery imported) from one that needs the rules.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count
from operator import attrgetter, is_not, itemgetter, or_
from typing import TYPE_CHECKING

from .cells import positions_of
from .model import Player, Tournament, in_units

if TYPE_CHECKING:  # pragma: no cover
    from .findings import Finding
    from .standings import Standings

#: The check rules whose findings make a number of a report wrong.
VERDICT_RULES = ("TRF302", "TRF501", "TRF504", "TRF505", "TRF510")

#: Result pairs that can stand for one game (first player's code, second player's code): TRF16
#: result codes, ``X``/``?`` unknown on both sides.
COMPLEMENTARY = frozenset({("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"), ("D", "D"),
                           ("+", "-"), ("-", "+"), ("-", "-"),
                           ("X", "X"), ("?", "?"), ("X", "?"), ("?", "X")})


def verdict(t: Tournament, standings: Standings | None = None) -> list[Finding]:
    """The findings of :data:`VERDICT_RULES` for ``t`` (its whole file, not a view after round
    N), made once and kept on the tournament.  ``standings`` of the whole event, when the caller
    has them, spare the screen its own totals.  A view after round N (:func:`.event_reading.through`)
    gives the verdict of its whole event."""
    from .event_reading import change_key, whole

    t = whole(t)
    key = change_key(t)  # kept as long as the event reading is (the same changes seen)
    cached = t.__dict__.get("_verdict")
    if cached is not None and cached[0] == key:
        found: list[Finding] = cached[1]
        return found
    if _screen(t, standings):
        found = [f for f in t.findings if f.rule in VERDICT_RULES]
    else:
        from .checks import check

        found = [f for f in check(t, "basic", select=list(VERDICT_RULES)) if f.rule in VERDICT_RULES]
    t.__dict__["_verdict"] = (key, found)
    return found


def one_sided_note(found: Sequence[Finding]) -> str | None:
    """What the standings did with games only one side records (TRF501), or None."""
    # one finding per claim not returned ("player P lists Q as opponent, but ..."); a blank cell's
    # second finding ("no entry, but player P lists this player") is the same pairing again
    count = sum(1 for f in found if f.rule == "TRF501" and " as opponent, but " in f.message)
    if not count:
        return None
    return (f"{count} pairing(s) recorded by one player only (TRF501): the standings read each player's own "
            "cells, so such a game counts for the player who records it and not for the other")


def round_robin_bye_note(t: Tournament, standings: Standings) -> str | None:
    """In a round robin the standings score a round without an opponent as the round a player
    sits out: nothing, whatever the cell says (:func:`trfscore.tiebreaks.unplayed.category`),
    while the results under the file's scoring (what ``check`` adds up, TRF510) count a bye
    there (``U``/``H``/``F``).  The note naming the players whose points differ so, or None."""
    if not t.event.round_robin:
        return None
    table = standings.columns()
    total = t.scoring.table().total
    differ = [(p.start_rank, total(p) - pts) for p, pts in zip(table.players, table.points) if total(p) != pts]
    if not differ:
        return None
    from .decimals import fmt_points

    shown = ", ".join(f"{sr} ({fmt_points(d)})" for sr, d in sorted(differ)[:8]) + (" ..." if len(differ) > 8 else "")
    return (f"round robin: a round without an opponent scores nothing in these standings (the round a player "
            f"sits out), while the file's scoring counts the bye written there (U, H or F) for player(s) {shown}")


def _screen(t: Tournament, standings: Standings | None) -> bool:
    """True when no rule of :data:`VERDICT_RULES` can have anything to say: start ranks unique,
    every pairing named by both players with results that fit (or both blank in a round the
    event reading calls pending), every declared total equal to the computed one."""
    players = list(t.players)
    ranks = [p.start_rank for p in players]
    if len(set(ranks)) != len(ranks) or any(f.rule == "TRF302" for f in t.findings):
        return False
    return _mirrored(t, players, ranks) and _points_agree(t, players, standings)


#: A result code -> the code the opponent's cell must hold for the game to fit (COMPLEMENTARY
#: without its alternatives).
_OPPOSITE = str.maketrans("10=WLD+-", "01=LWD-+")
#: The codes of a cell with an opponent (a game, a forfeit, an unknown result).
_GAME_CODES = "10=WLD+-X?"
#: What a cell without an opponent reads as its opponent's code (never a result code).
_NO_CODE = "\0"


def _mirrored(t: Tournament, players: list[Player], ranks: list[int]) -> bool:
    """Every cell naming an opponent is named back in that round, with a result that fits
    (TRF501, TRF504, TRF505: when every claim is returned, nobody sits at two boards).

    Round by round, with each opponent as its position in ``players``
    (:func:`.event_reading.event_positions`, the column the tie-break context reads;
    ``NOBODY``, -1, reads the item appended last): looking each player's opponent up twice must
    give every paired player back, and the opponent's code must be the one opposite the
    player's own (:data:`_OPPOSITE`); only a round where it is not is compared pair by pair.
    The look-ups are one ``itemgetter`` a round, in C.  An opponent who is no player, a player
    paired with itself or a start rank below 1 leave it to the rules."""
    from .event_reading import NOBODY, event_columns, event_positions

    n = t.rounds
    if not n or not players:
        return True
    cells = event_columns(t, n)
    positions, faithful = event_positions(t, cells)
    if not faithful or min(ranks) < 1:
        return False  # an opponent who is not a player (TRF401), or the player itself
    if len(players) == 1:
        return True  # a lone player's cells name nobody else (and itemgetter of one item gives no tuple)
    codes = cells.codes
    me = list(range(len(players)))
    for r in range(n):
        theirs = positions[r::n]
        unpaired = positions_of(theirs, NOBODY)
        of_opponent = itemgetter(*theirs)  # a sequence's items at the opponents' positions, in C
        back = me[:]  # each paired player's own position; NOBODY for the others
        for i in unpaired:
            back[i] = NOBODY
        if list(of_opponent(theirs + [NOBODY])) != back:
            return False  # a claim not returned
        column = codes[r::n]  # each paired player's code; _NO_CODE for the others (cut at the unpaired)
        own = _NO_CODE.join([column[b + 1:e] for b, e in zip([-1, *unpaired], [*unpaired, len(column)])])
        if "".join(of_opponent(own + _NO_CODE)) != own.translate(_OPPOSITE) and not _pairs_fit(theirs, own):
            return False
        # a paired blank cell in a round that is not pending, counted against the results (TRF504)
        if " " in own and t.event.pending_round(r + 1) is None \
                and len(theirs) - len(unpaired) != sum(map(own.count, _GAME_CODES)):
            return False
    return True


def _pairs_fit(theirs: list[int], own: str) -> bool:
    """Pair by pair, for a round whose codes are not all plain opposites: every game's two
    results fit (double forfeits, unknown results mixed)."""
    return all((c, own[o]) in COMPLEMENTARY for o, c in zip(theirs, own) if o >= 0)


def _points_agree(t: Tournament, players: list[Player], standings: Standings | None) -> bool:
    """Every declared total equals the computed one: the standings' points when they cover the
    whole event (or the played rounds of an event in progress), else the scoring kernel's.

    The two columns are compared run by run, a run being neighbours that hold the same two
    objects (the readers share one object per distinct text, the standings one per total, so
    in rank order a 10,000-player field has a few dozen runs)."""
    declared = list(map(attrgetter("points"), players))
    kinds = set(map(type, declared))
    if kinds == {type(None)}:
        return True
    computed: list[object]
    # (a round robin's standings score its byes as rounds sat out: not what check adds up)
    if standings is not None and standings.rounds in (t.rounds, t.event.played) and not t.event.round_robin:
        table = standings.columns()
        if len(table.players) != len(players):
            return False  # standings of other players: the rules judge
        declared, computed = list(map(attrgetter("points"), table.players)), list(table.points)
    else:
        computed = list(map(t.scoring.table().total, players))
    if len(declared) > 1:
        changes = map(or_, map(is_not, declared[1:], declared[:-1]), map(is_not, computed[1:], computed[:-1]))
        starts = [0, *compress(count(1), changes)]
        declared, computed = list(map(declared.__getitem__, starts)), list(map(computed.__getitem__, starts))
    units = in_units([*declared, *computed])  # type: ignore[list-item]
    if units is None:
        return False
    half = len(declared)
    mine, theirs = units[:half], units[half:]
    if type(None) not in kinds:  # every total declared: one list comparison
        return mine == theirs
    return all(d is None or d == c for d, c in zip(mine, theirs))
