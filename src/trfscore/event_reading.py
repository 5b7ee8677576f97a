"""One reading of the event: how far it has got and what kind of event it is.

Every command reads a tournament through this one view, made once per file (cached on the
:class:`~trfscore.model.Tournament`): ``report`` takes its default "after round N" from it,
``check`` tells a paired round still waiting for its results from broken cells with it, and the
ratings and crosstables cut at the same round.

* **Rounds played** are the rounds up to the last one whose cells hold results (a played game,
  a forfeit or an unknown ``X``) and no paired game still waiting for one.
* **Pending rounds** come after it: a round paired but without results (cells with an opponent
  and a blank result), a round partly played, or a round holding only the byes a pairing program
  marks before pairing it (JaVaFo's ``0000 - Z``/``H``/``F``, TRF26 ``240`` in the ``001``
  columns; a ``U`` there is the bye of the round being paired).
* **The system**: a match (two players, every game between them), a round robin (192/092 say
  so, or everybody met everybody) or a Swiss; and whether it is a team event (``013``/``310``
  records, or 192/092 say so), whose players' games follow the same system.
* **Unknown results** (``X``/``?``): scored as record 162's ``X`` says (a draw by default) and
  listed, so every command can say so.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count, repeat
from operator import attrgetter, is_
from typing import TYPE_CHECKING, NamedTuple, cast

from .cells import Columns, columns, packed_rows, round_counts

if TYPE_CHECKING:  # pragma: no cover
    from .model import Player, Tournament

#: A cell holding one of these has a result: a game (rated or not), a forfeit, an unknown result.
RESULT_CODES = frozenset("1=0WDL+-X?")
#: Byes a pairing program may write in the round it is about to pair (TRF(x) AUM, TRF26 240).
PREMARK_CODES = frozenset("ZHFU")
#: Unknown or pending results (TRF26 record 162 symbol ``X``; ``?`` as Gacrux reads it).
UNKNOWN_CODES = frozenset("X?")

SWISS, ROUND_ROBIN, MATCH = "swiss", "round-robin", "match"


class PendingRound(NamedTuple):
    """A round after the last played one that holds pairings or pre-marked byes."""

    number: int
    #: start ranks whose cell has an opponent but no result yet
    waiting: frozenset[int] = frozenset()
    #: start ranks with a bye written before the round was played (``0000 - Z`` ...)
    premarked: tuple[int, ...] = ()
    #: how many cells of the round already hold a result (0: the round is only paired)
    results: int = 0

    @property
    def state(self) -> str:
        """``paired``, ``in progress`` (some results) or ``pre-marked`` (only byes)."""
        if self.results:
            return "in progress"
        return "paired" if self.waiting else "pre-marked"


class EventReading(NamedTuple):
    """What the file says about the event as a whole (see the module text)."""

    #: rounds with data in the cells (``Tournament.rounds``)
    rounds: int
    #: rounds the file declares (142/XXR), if it does
    declared: int | None
    #: the last round with results and no game waiting for one: the default "after round N"
    played: int
    #: rounds after ``played`` with pairings or pre-marked byes
    pending: tuple[PendingRound, ...] = ()
    #: ``swiss``, ``round-robin`` or ``match``
    system: str = SWISS
    #: where the system comes from: ``file`` (192/092) or ``pairings``
    system_source: str = "pairings"
    #: a team event (013/310 records, or 192/092 say so)
    team: bool = False
    #: (start rank, round) of each cell with an unknown result (``X``/``?``)
    unknown: tuple[tuple[int, int], ...] = ()
    #: a round robin (or match) of two cycles: 192/092 say DOUBLE, or more rounds than one cycle
    double: bool = False

    @property
    def in_progress(self) -> bool:
        """True when the event is not over: a round waits for results, or fewer rounds were
        played than the file declares."""
        return bool(self.pending) or (self.declared is not None and self.played < self.declared)

    @property
    def round_robin(self) -> bool:
        """Round-robin tie-breaks and checks apply (a match is a round robin of two players)."""
        return self.system in (ROUND_ROBIN, MATCH)

    def pending_round(self, rnd: int) -> PendingRound | None:
        """The pending round ``rnd``, or None when it is played (or holds nothing)."""
        for p in self.pending:
            if p.number == rnd:
                return p
        return None

    def is_waiting(self, start_rank: int, rnd: int) -> bool:
        """True when the cell of ``start_rank`` in round ``rnd`` is paired and waits for its
        result (or is a bye marked before the round was played)."""
        p = self.pending_round(rnd)
        return p is not None and (start_rank in p.waiting or start_rank in p.premarked)

    def view(self, after: int | None = None) -> int:
        """The round the standings are after: ``after`` when given (capped at the data), else
        the last played round."""
        if after is None:
            return self.played
        return max(0, min(after, self.rounds))

    def describe(self, after: int | None = None) -> str:
        """The sentence every format prints: ``standings after round 4 of 9; round 5 paired``,
        or ``7 rounds`` for a finished event shown whole."""
        n = self.view(after)
        total = max(self.declared or 0, self.rounds)
        if n == total and not self.pending:
            text = f"{n} round{'s' if n != 1 else ''}"
        else:
            text = f"standings after round {n} of {total}"
        notes = [f"results through round {self.played}"] if n < self.played else []
        notes += [f"round {p.number} {p.state}" for p in self.pending if p.number > n]
        return "; ".join([text, *notes])

    def to_dict(self, after: int | None = None) -> dict[str, object]:
        """The reading as JSON-ready data (the JSON report's ``event``)."""
        return {"after_round": self.view(after), "rounds_played": self.played,
                "rounds_declared": self.declared, "system": self.system, "team": self.team,
                "pending": [{"round": p.number, "state": p.state, "waiting": sorted(p.waiting),
                             "premarked": list(p.premarked)} for p in self.pending],
                "unknown_results": [{"player": sr, "round": r} for sr, r in self.unknown],
                "summary": self.describe(after)}


def change_key(t: Tournament) -> tuple[object, ...]:
    """What the reading of ``t`` depends on, as far as a change can be seen cheaply."""
    players = t.players
    return (id(players), getattr(players, "version", None), len(players), t.rounds, t.header.rounds_declared,
            t.header.system, t.header.type, len(t.teams))


def reading(t: Tournament) -> EventReading:
    """The reading of ``t``, made on first use and kept until the players or rounds change."""
    key = change_key(t)
    cached = t.__dict__.get("_event_reading")
    if cached is not None and cached[0] == key:
        reading_: EventReading = cached[1]
        return reading_
    made = read_event(t)
    t.__dict__["_event_reading"] = (key, made)
    return made


def through(t: Tournament, rounds: int) -> Tournament:
    """``t`` as it stood after round ``rounds``: the same event with every player's cells cut
    there, for the parts of a report that read the cells themselves (crosstables, rating
    changes).  Its reading stays the whole file's, so that every format still says which rounds
    are pending.  The standings of a view are after its last round (the one cut, made here).
    ``t`` itself when nothing is cut and its default view is the whole file."""
    from dataclasses import replace

    if rounds >= t.rounds:
        if reading(t).played >= t.rounds:
            return t
        view = replace(t)  # the cells whole, the standings after the round in progress as asked
    else:
        view = replace(t, players=[replace(p, games=p.first_cells(rounds)) for p in t.players], rounds=rounds)
    view.__dict__["_event_reading"] = (change_key(view), reading(t))
    view.__dict__["_whole"] = whole(t)
    return view


def whole(t: Tournament) -> Tournament:
    """The whole event a view of :func:`through` was cut from (``t`` itself when not a view):
    what the file declares (points, ranks) is judged against it."""
    found: Tournament = t.__dict__.get("_whole", t)
    return found


def read_event(t: Tournament) -> EventReading:
    """Read the event afresh (:func:`reading` keeps the answer)."""
    players = list(t.players)
    held = max(round_counts(players), default=0)
    rounds = t.rounds or held
    # Rounds past every player's last cell hold nothing to read: the cells are read up to the
    # last one a player has (a built tournament may claim far more rounds than any file holds).
    width = min(rounds, held)
    cells = event_columns(t, width)
    opponents, codes = cells.opponents, cells.codes
    played, pending = _progress(players, opponents, codes, width)
    system, source = _system(t, players)
    unknown: tuple[tuple[int, int], ...] = ()
    if "X" in codes or "?" in codes:
        unknown = tuple((players[k // width].start_rank, k % width + 1)
                        for k, code in enumerate(codes) if code in UNKNOWN_CODES)
    double = system in (ROUND_ROBIN, MATCH) and _two_cycles(t, rounds, len(players))
    return EventReading(rounds, t.header.rounds_declared, played, pending, system, source, is_team_event(t), unknown,
                        double)


def _two_cycles(t: Tournament, rounds: int, n: int) -> bool:
    """192/092 say DOUBLE, or the file has more rounds than one cycle of ``n`` players (n - 1
    rounds, n when n is odd: C.05 Annex 1)."""
    return "DOUBLE" in (t.header.system + t.header.type).upper() or rounds > (n if n % 2 else n - 1)


def event_columns(t: Tournament, n: int) -> Columns:
    """The cells of ``t``'s players in their order, ``n`` a player (:func:`~trfscore.cells.columns`):
    the event reading, the consistency verdict and the tie-break context read the same columns.
    The columns are made once and kept for the same :func:`change_key` and the same rows of the
    store (a changed game gives its player another row, so it is seen)."""
    key = (change_key(t), n)
    rows = packed_rows(t.players)
    cached = t.__dict__.get("_columns")
    if cached is not None and cached[0] == key and all(map(is_, cached[1], rows)):
        kept: Columns = cached[2]
        return kept
    made = columns(t.players, n)
    t.__dict__["_columns"] = (key, rows, made)
    return made


def keep_columns(t: Tournament, cells: Columns) -> None:
    """Let ``cells``, just made from ``t``'s players as they are (a reader's
    :func:`~trfscore.cells.hand_over`), be what :func:`event_columns` gives for ``cells.n``
    while nothing changes (a player's cells changed since give it another row: then they are
    made again)."""
    t.__dict__["_columns"] = ((change_key(t), cells.n), packed_rows(t.players), cells)


#: A cell's opponent as a position (:func:`opponent_positions`) when it has none.
NOBODY = -1


def event_positions(t: Tournament, cells: Columns, index: dict[int, int] | None = None) -> tuple[list[int], bool]:
    """:func:`opponent_positions` of ``cells`` (:func:`event_columns` of ``t``), a player's
    position its place in ``t.players`` (``index``: each start rank's place, when the caller
    has made it): the consistency verdict and the tie-break context read the same column, made
    once while the columns are kept."""
    cached = t.__dict__.get("_positions")
    if cached is not None and cached[0] is cells:
        kept: tuple[list[int], bool] = cached[1]
        return kept
    made = opponent_positions(cells, {p.start_rank: i for i, p in enumerate(t.players)} if index is None else index)
    if t.__dict__.get("_columns", (None, None, None))[2] is cells:
        t.__dict__["_positions"] = (cells, made)
    return made


def opponent_positions(cells: Columns, index: dict[int, int]) -> tuple[list[int], bool]:
    """Every cell's opponent as its row in ``cells`` (``index``: a start rank's row), and
    whether every opponent named is another player: :data:`NOBODY` stands for no opponent, one
    who is no player, and the player itself."""
    position = cast("dict[int | None, int]", dict(index))  # cast: dict keys are invariant
    position[None] = NOBODY
    try:
        opp = list(map(position.__getitem__, cells.opponents))
        faithful = True
    except KeyError:  # an opponent who is no player
        opp, faithful = list(map(position.get, cells.opponents, repeat(NOBODY))), False
    rows = cells.rows()
    for i in compress(count(), map(list.__contains__, map(opp.__getitem__, rows), count())):
        for k in range(rows[i].start, rows[i].stop):
            if opp[k] == i:
                opp[k], faithful = NOBODY, False  # paired with themself
    return opp, faithful


def _progress(players: Sequence[Player], opponents: list[int | None], codes: str,
              rounds: int) -> tuple[int, tuple[PendingRound, ...]]:
    """The last played round and the pending rounds after it, read from the last round back:
    a finished file decides on its last round."""
    pending: list[PendingRound] = []
    rnd = rounds
    while rnd > 0:
        column = codes[rnd - 1::rounds]
        results = sum(map(column.count, RESULT_CODES))
        waiting: frozenset[int] = frozenset()
        if " " in column:
            waiting = _waiting(players, opponents[rnd - 1::rounds], column)
        if (results or ("U" in column and " " not in column)) and not waiting:
            # the last played round; a round of byes alone is complete when one of them is the
            # pairing-allocated bye and nobody is left to pair (a pre-marked round leaves the
            # players still to be paired blank, as JaVaFo's convention for the round to pair has it)
            break
        premarked: tuple[int, ...] = ()
        if any(code in column for code in PREMARK_CODES):
            premarked = tuple(p.start_rank for p, code in zip(players, column) if code in PREMARK_CODES)
        if results or waiting or premarked:
            pending.append(PendingRound(rnd, waiting, premarked, results))
        rnd -= 1
    return rnd, tuple(reversed(pending))


def _waiting(players: Sequence[Player], opponents: list[int | None], column: str) -> frozenset[int]:
    """The start ranks paired in a round (``opponents`` and ``column`` its cells) whose game has
    no result on either side, both cells naming each other (a blank cell against a result, or
    against an opponent who does not name the player, is a broken game for ``check`` to report,
    not a wait)."""
    opponent_of = dict(compress(zip(map(attrgetter("start_rank"), players), opponents), map(" ".__eq__, column)))
    return frozenset(sr for sr, q in opponent_of.items() if q is not None and opponent_of.get(q) == sr)


def is_team_event(t: Tournament) -> bool:
    """The file has team records (013/310) or says it is a team event (192/092)."""
    text = (t.header.system + " " + t.header.type).upper()
    return bool(t.teams) or "TEAM" in text


def _system(t: Tournament, players: Sequence[Player]) -> tuple[str, str]:
    """The system and where it comes from (see :class:`EventReading`)."""
    declared = t.is_round_robin
    if declared is not None:
        return (ROUND_ROBIN if declared else SWISS), "file"
    active: list[Player] = []
    for p in players:  # stops at the third player with an opponent: a Swiss of 10,000 reads three
        if any(r is not None for r in p.opponent_ranks()):
            active.append(p)
            if len(active) > 2:
                break
    if len(active) == 2 and all(r in (None, active[1 - i].start_rank)
                                for i, p in enumerate(active) for r in p.opponent_ranks()):
        return MATCH, "pairings"  # two players, every game between them (C.07 round-robin rules)
    return (ROUND_ROBIN if detect_round_robin(t) else SWISS), "pairings"


def detect_round_robin(t: Tournament) -> bool:
    """True when the pairing pattern says everybody met everybody (players who never played
    are ignored).  Cheap for Swiss events: fewer rounds than players-1 is decided at once."""
    rounds = max(round_counts(t.players), default=0)
    active = []
    for p in t.players:
        if any(p.opponent_ranks()):
            active.append(p)
            if len(active) > rounds + 1:  # more players than a round-robin of this length
                return False
    n_active = len(active)
    if n_active < 2 or rounds < n_active - 1:
        return False
    ranks = {p.start_rank for p in active}
    for p in active:
        met = {g.opponent for g in p.games if g.opponent in ranks and g.opponent != p.start_rank}
        if len(met) != n_active - 1:
            return False
    return True
