"""The normalised tournament model every reader fills and every writer, check and report reads.

Readers turn their format into these dataclasses once; nothing downstream re-parses result
codes.  Each game cell carries a ``kind`` (played win/draw/loss, forfeit, the four bye kinds,
absence, not scheduled) so tie-break and rating code can apply the FIDE rules directly.

Scores are exact: :class:`Scoring` holds :class:`fractions.Fraction` values (TRF26 record 162,
JaVaFo ``XXS``, bbpPairings ``BB?``) and :meth:`Tournament.score` sums them per player.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import repeat
from math import lcm
from typing import TYPE_CHECKING, Any, TypeVar, overload

from .cells import Columns
from .cells import Kind as Kind
from .cells import PackedCells as PackedCells
from .round_cells import COLOUR_OF_CODE as COLOUR_OF_CODE
from .round_cells import NO_CELLS, RoundCellsField, _tuple_new
from .round_cells import Game as Game
from .round_cells import PackedRow as PackedRow
from .round_cells import is_rated as is_rated

if TYPE_CHECKING:  # pragma: no cover
    from .event_reading import EventReading
    from .findings import Finding
    from .records import NationalRecord, TrfRecord


R = TypeVar("R", bound="TrfRecord")


# Points a code earns under the FIDE default (TRF16 §3.2; TRF26 record 162 defaults).
DEFAULT_POINTS: dict[str, Fraction] = {
    "W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0), "A": Fraction(0),
    "P": Fraction(1), "X": Fraction(1, 2),
}


#: kind -> the JaVaFo ``XXS`` code of such a cell for White and for Black, and the TRF26 162
#: symbol that scores it when ``detail`` has no such code
_SCORED_AS: dict[str, tuple[str, str, str]] = {
    Kind.WIN: ("WW", "BW", "W"), Kind.DRAW: ("WD", "BD", "D"), Kind.LOSS: ("WL", "BL", "L"),
    Kind.FORFEIT_WIN: ("FW", "FW", "W"), Kind.FORFEIT_LOSS: ("FL", "FL", "A"), Kind.PAB: ("PAB", "PAB", "P"),
    Kind.FULL_BYE: ("FPB", "FPB", "W"), Kind.HALF_BYE: ("HPB", "HPB", "D"),
    Kind.ZERO_BYE: ("ZPB", "ZPB", "A"), Kind.ABSENT: ("ZPB", "ZPB", "A"),
}


@dataclass
class Scoring:
    """Points per outcome.

    ``values`` maps the TRF26 162 symbols ``W D L A P X`` to points; ``detail`` holds the finer
    JaVaFo ``XXS`` codes (``WW BW WD BD WL BL ZPB HPB FPB PAB FW FL``) when a file gives them.
    """

    values: dict[str, Fraction] = field(default_factory=lambda: dict(DEFAULT_POINTS))
    detail: dict[str, Fraction] = field(default_factory=dict)
    source: str = "default"  # "default", "162", "XXS", "BB"
    #: how games not finished and unknown results are scored: ``auto`` (the file's way) or the
    #: user's choice (``pending``, ``draw``, ``zero``: :mod:`trfscore.unfinished`)
    unfinished: str = "auto"

    def points(self, game: Game) -> Fraction:
        """Points this cell earns under this scoring system."""
        if game.kind == Kind.UNKNOWN:
            return self.values["X"]
        codes = _SCORED_AS.get(game.kind)
        if codes is None:
            return Fraction(0)  # NOT_SCHEDULED
        white, black, symbol = codes
        return self.detail.get(black if game.colour == "b" else white, self.values[symbol])

    @property
    def is_default(self) -> bool:
        return not self.detail and self.values == DEFAULT_POINTS

    def table(self) -> ScoreTable:
        """This system as integer look-up tables (built once per set of values)."""
        # values as integer ratios: equal values give equal keys, as their hashes did, and a
        # Fraction's hash is a modular power (six of them in every file read)
        key = (_ratios(self.values), _ratios(self.detail))
        cached = self.__dict__.get("_table")
        if cached is None or cached[0] != key:
            table = _TABLES.get(key)
            if table is None:  # (files of one series share their system: built once per process)
                if len(_TABLES) >= 64:
                    _TABLES.clear()
                # from a copy: the table fills itself on first use, and this system may change later
                table = _TABLES[key] = ScoreTable(Scoring(dict(self.values), dict(self.detail), self.source))
            cached = self.__dict__["_table"] = (key, table)
        return cached[1]

    def totaller(self) -> Callable[[Player], Fraction]:
        """A function giving a player's total under this system (:meth:`ScoreTable.total`)."""
        return self.table().total


_Ratios = tuple[tuple[str, tuple[int, int]], ...]
#: :meth:`Scoring.table` by the system's values and detail.
_TABLES: dict[tuple[_Ratios, _Ratios], ScoreTable] = {}


def _ratios(values: dict[str, Fraction]) -> _Ratios:
    """``values`` as (name, integer ratio) pairs, a key for :data:`_TABLES`."""
    return tuple([(name, value.as_integer_ratio()) for name, value in values.items()])


class _ScaledCells(dict[tuple[str, str | None], int]):
    """(kind, colour) -> the points of such a cell in units of ``1/unit``, made on first use."""

    def __init__(self, points: Callable[[Game], Fraction], unit: int) -> None:
        super().__init__()
        self.points, self.unit = points, unit

    def __missing__(self, cell: tuple[str, str | None]) -> int:
        value = self[cell] = int(self.points(Game(0, None, cell[1], " ", cell[0])) * self.unit)
        return value


class _ScaledKinds(dict[str, int]):
    """kind -> the points of such a cell in units, when colour does not count."""

    def __init__(self, cells: _ScaledCells) -> None:
        super().__init__()
        self.cells = cells

    def __missing__(self, kind: str) -> int:
        value = self[kind] = self.cells[kind, None]
        return value


class ScoreTable:
    """The scoring kernel: a player's points and per-round values under one :class:`Scoring`.

    Every value :meth:`Scoring.points` can give comes from ``values`` or ``detail``, so each is a
    whole number of ``1/unit`` (their common denominator): cells are looked up per kind (and
    colour, when ``detail`` makes colour count) and added as integers, which is exact and much
    faster than adding Fractions.  The model (:meth:`Tournament.score`), the checks, the readers
    and writers, the tie-break context and the team boards (:mod:`trfscore.teams.boards`) all score
    through it.
    """

    def __init__(self, scoring: Scoring) -> None:
        values = scoring.values
        wdl = (values.get("W", Fraction(1)), values.get("D", Fraction(1, 2)), values.get("L", Fraction(0)))
        self.unit = unit = lcm(*(Fraction(v).denominator for v in (*values.values(), *scoring.detail.values(), *wdl)))
        #: points of a win, a draw and a loss, in units
        self.W, self.D, self.L = (int(Fraction(v) * unit) for v in wdl)
        points = scoring.points
        self.colour_counts = bool(scoring.detail)
        #: (kind, colour) -> points in units
        self.by_cell: dict[tuple[str, str | None], int] = _ScaledCells(points, unit)
        #: kind -> points in units, when colour does not count (no ``detail``); else None
        self.by_kind: dict[str, int] | None = None if self.colour_counts else _ScaledKinds(self.by_cell)
        #: the points of a ``(kind, colour)`` cell, in units
        self.scaled: Callable[[tuple[str, str | None]], int] = self.by_cell.__getitem__

    def row(self, player: Player) -> list[int]:
        """The player's points in each round, in units."""
        if self.by_kind is not None:
            return list(map(self.by_kind.__getitem__, player.kinds()))
        return list(map(self.scaled, zip(player.kinds(), player.colours())))

    def totals(self, cells: Columns) -> list[int]:
        """Each player's points in units (``sum(row(p))``) of the players whose round columns
        ``cells`` are (:func:`trfscore.cells.columns`), read at once."""
        absent = self.by_cell[Kind.ABSENT, None]
        if self.by_kind is not None:
            by_kind = self.by_kind
            return cells.totals({key: by_kind[kind] for key, kind in cells.kind_of_key.items()}, absent)
        return cells.totals(list(map(self.scaled, zip(cells.kinds, map(COLOUR_OF_CODE.__getitem__, cells.colours)))),
                            absent)

    def total(self, player: Player) -> Fraction:
        """The player's total (exact)."""
        if self.by_kind is not None:
            return Fraction(sum(map(self.by_kind.__getitem__, player.kinds())), self.unit)
        return Fraction(sum(map(self.scaled, zip(player.kinds(), player.colours()))), self.unit)


@dataclass
class Player:
    """A ``001`` record (or the same facts from PGN or a crosstable)."""

    start_rank: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Fraction | None = None  # as declared by the file (columns 81-84)
    rank: int | None = None  # as declared by the file (columns 86-89)
    games: RoundCellsField = RoundCellsField()  # the round cells, one Game per round (a list-like view)
    national: dict[str, NationalRecord] = field(default_factory=dict)
    line: int | None = None  # 1-based source line, for findings

    # Behind ``games``: a plain attribute with a class default, left unannotated so that it is no
    # dataclass field (neither a constructor argument nor compared, shown or copied by itself).
    _packed = NO_CELLS  # the player's row of the cell store (round_cells.PackedRow)

    def game(self, rnd: int) -> Game:
        """The cell for round ``rnd`` (1-based); rounds past the player's data are absences."""
        if 0 < rnd <= self._packed[2]:
            return self.games[rnd - 1]
        return Game.absent(rnd)

    def pad(self, rounds: int) -> None:
        """Give the player a cell for every round up to ``rounds``: absences past their data
        (the row's own cells when they are "no entry" cells already, else a store of its own)."""
        cells, row, count = self._packed
        if rounds <= count:
            return
        if rounds <= cells.n and cells.blank(row * cells.n + count, row * cells.n + rounds):
            self._packed = _tuple_new(PackedRow, (cells, row, rounds))
            return
        self.games.extend(Game.absent(r) for r in range(count + 1, rounds + 1))

    # -- where the cells sit in the store (see cells.PackedCells) --------------------------
    def defer_games(self, cells: PackedCells, row: int, count: int) -> None:
        """Let ``games`` be row ``row`` of ``cells``, its first ``count`` cells."""
        self._packed = _tuple_new(PackedRow, (cells, row, count))

    @staticmethod
    def defer_all(players: Iterable[Player], cells: PackedCells, rows: Iterable[int], counts: Iterable[int]) -> None:
        """:meth:`defer_games` for each player, row and count (in one C-level pass)."""
        deque(map(setattr, players, repeat("_packed"),
                  map(_tuple_new, repeat(PackedRow), zip(repeat(cells), rows, counts))), 0)

    @property
    def packed(self) -> PackedRow:
        """Where the cells sit in the store.  For the readers that pack cells and the tie-break
        context; other code asks :func:`trfscore.cells.packed_rows`."""
        return self._packed

    def first_cells(self, rounds: int) -> PackedRow:
        """The player's first ``rounds`` cells: the same row, cut (for ``replace(p, games=...)``)."""
        cells, row, count = self._packed
        return self._packed if count <= rounds else _tuple_new(PackedRow, (cells, row, rounds))

    @property
    def round_count(self) -> int:
        """How many round cells the player has (``len(games)``)."""
        return self._packed[2]

    def opponent_ranks(self) -> list[int | None]:
        """The opponent's start rank per round (None: no opponent)."""
        cells, row, count = self._packed
        b = row * cells.n
        return cells.opponents[b:b + count]

    def kinds(self) -> list[str]:
        """The :class:`Kind` per round."""
        cells, row, count = self._packed
        return cells.kinds(row * cells.n, row * cells.n + count)

    def codes(self) -> str:
        """The result code per round (``Game.code``, a character each)."""
        cells, row, count = self._packed
        b = row * cells.n
        return cells.codes[b:b + count]

    def colours(self) -> list[str | None]:
        """The colour per round (``"w"``, ``"b"`` or None)."""
        cells, row, count = self._packed
        b = row * cells.n
        return list(map(COLOUR_OF_CODE.__getitem__, cells.colours[b:b + count]))


def in_units(values: Sequence[Fraction | int | None], unit: int | None = None) -> list[int | None] | None:
    """``values`` as whole numbers of ``1/unit`` (``unit`` None: the least common denominator),
    None entries kept; None when a value is no Fraction or int, or no whole number of ``1/unit``.
    Each distinct value object is scaled once: the readers share one object per distinct text,
    so a 10,000-player column has a handful."""
    ids = list(map(id, values))
    distinct = dict(zip(ids, values))
    numbers = [v for v in distinct.values() if v is not None]
    if any(type(v) not in (Fraction, int) for v in numbers):
        return None
    if unit is None:
        unit = lcm(*(v.denominator for v in numbers))
    scaled: dict[int, int | None] = {}
    for key, v in distinct.items():
        if v is not None and (v.numerator * unit) % v.denominator:
            return None
        scaled[key] = None if v is None else v.numerator * unit // v.denominator
    return list(map(scaled.__getitem__, ids))


@dataclass
class Team:
    """A team (TRF16 ``013`` or TRF26 ``310``)."""

    number: int
    name: str = ""
    members: list[int] = field(default_factory=list)
    nickname: str = ""
    strength: str = ""
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None
    record: str = "013"
    line: int | None = None


@dataclass(slots=True)
class Record:
    """One source line as read: the text without its line ending, and that ending.

    Kept for every line so that writing an unchanged tournament gives back the same bytes.
    """

    kind: str  # the grammar's record kind: PLAYER, HEADER, JAVAFO, COMMENT, OTHER, "" (empty line)
    text: str
    eol: str = "\n"
    line: int = 0

    @property
    def code(self) -> str:
        """The record code in columns 1-3 (``001``, ``012``, ``XXR`` ...)."""
        return self.text[:3]


@dataclass
class Source:
    """Where a tournament came from and how its bytes were decoded."""

    path: str | None = None
    format: str = "trf"  # a name in trfscore.formats.registry: "trf", "json", "pgn", "crosstable"
    dialect: str = ""  # "TRF16", "TRF26", "TRF(x)" ...
    encoding: str = "utf-8"
    bom: bool = False
    records: list[Record] = field(default_factory=list)


@dataclass
class Header:
    """Tournament header data (TRF 012-362 and the JaVaFo XX records), as text plus parsed values."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""  # as written
    end_date: str = ""
    start_date_iso: str | None = None  # parsed, YYYY-MM-DD
    end_date_iso: str | None = None
    players_declared: int | None = None  # 062
    rated_declared: int | None = None  # 072
    teams_declared: int | None = None  # 082
    type: str = ""  # 092 free text
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = field(default_factory=list)
    time_control: str = ""
    round_dates: list[str] = field(default_factory=list)  # 132, as written, per round
    rounds_declared: int | None = None  # 142 or XXR
    initial_colour: str | None = None  # 152 or XXC white1/black1: "w"/"b"
    starting_rank_method: str = ""  # 172
    pairing_controller: str = ""  # 182
    system: str = ""  # 192 (ETT26 code)
    tiebreaks: list[str] = field(default_factory=list)  # 202
    standings_tiebreaks: list[str] = field(default_factory=list)  # 212
    time_control_code: str = ""  # 222
    board_colours: str = ""  # 352
    team_scoring: dict[str, Fraction] = field(default_factory=dict)  # 362
    xxc: list[str] = field(default_factory=list)


class PlayerList(list[Player]):
    """The players of a :class:`Tournament`: a list that counts its own changes, so that the
    start-rank index of :meth:`Tournament.player` is rebuilt exactly when it must be."""

    __slots__ = ("version",)

    def __init__(self, players: Iterable[Player] = ()) -> None:
        super().__init__(players)
        self.version = 0

    def __reduce__(self) -> tuple[type[PlayerList], tuple[list[Player]]]:
        """Copied and pickled as a new list of the same players (pickle would add the items
        before setting ``version``)."""
        return PlayerList, (list(self),)


def _counting(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def changed(self: PlayerList, *args: Any) -> Any:
        self.version += 1
        return method(self, *args)

    changed.__name__ = name
    changed.__doc__ = method.__doc__
    return changed


for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "pop",
              "remove", "clear", "sort", "reverse"):
    setattr(PlayerList, _name, _counting(_name))
del _name


class _PlayerListField:
    """``Tournament.players``: a dataclass field whose value is always a :class:`PlayerList`;
    whatever iterable is given (to the constructor or assigned later) becomes one, so that the
    start-rank index of :meth:`Tournament.player` sees every change.  Read on the class, it gives
    the field's default, no players (a descriptor-typed field, see
    :class:`~trfscore.round_cells.RoundCellsField`)."""

    __slots__ = ()

    @overload
    def __get__(self, t: None, owner: type | None = None) -> tuple[()]: ...
    @overload
    def __get__(self, t: Tournament, owner: type | None = None) -> PlayerList: ...

    def __get__(self, t: Tournament | None, owner: type | None = None) -> PlayerList | tuple[()]:
        if t is None:
            return ()
        players: PlayerList = t.__dict__["players"]
        return players

    def __set__(self, t: Tournament, players: Iterable[Player]) -> None:
        t.__dict__["players"] = players if isinstance(players, PlayerList) else PlayerList(players)


@dataclass
class Tournament:
    """A whole event: header, players with their round cells, teams, scoring and raw records.

    The data alone: the readers build :class:`trfscore.tournament.Tournament`, this class with
    the methods that ask the services above the model (``standings()``, ``norms()`` ...)."""

    header: Header = field(default_factory=Header)
    players: _PlayerListField = _PlayerListField()  # in start-rank order as read (a PlayerList)
    teams: list[Team] = field(default_factory=list)
    scoring: Scoring = field(default_factory=Scoring)
    rounds: int = 0
    extras: dict[str, Any] = field(default_factory=dict)  # reader-specific data (crosstable columns, PGN boards)
    source: Source = field(default_factory=Source)
    findings: list[Finding] = field(default_factory=list)
    #: the parsed TRF records other than players, header and teams (240-330, XXA/XXP/XXZ), in file
    #: order: typed objects of :mod:`trfscore.records`, from the record description
    records: list[TrfRecord] = field(default_factory=list)

    # -- look-ups -------------------------------------------------------------------------
    def records_of(self, kind: type[R]) -> list[R]:
        """The records of one class (``t.records_of(Bye)``), in file order."""
        return [r for r in self.records if isinstance(r, kind)]

    def player(self, start_rank: int) -> Player | None:
        """The player with this start rank, or None (the last one listed when several share it).

        The index behind it follows the list: any change to ``players`` (an item set, added or
        removed, the list replaced) is seen, and so is a found player renumbered since."""
        players: PlayerList = self.__dict__["players"]
        cached = self.__dict__.get("_index")
        if cached is None or cached[0] is not players or cached[1] != players.version:
            cached = self._reindex(players)
        i = cached[2].get(start_rank)
        if i is not None:
            found = players[i]
            if found.start_rank == start_rank:
                return found
            i = self._reindex(players)[2].get(start_rank)  # renumbered in place since
            return None if i is None else players[i]
        return None

    def _reindex(self, players: PlayerList) -> tuple[PlayerList, int, dict[int, int]]:
        cached = (players, players.version, {p.start_rank: i for i, p in enumerate(players)})
        self.__dict__["_index"] = cached
        return cached

    def score(self, player: Player) -> Fraction:
        """The player's total under the tournament's scoring system (computed, not declared)."""
        return self.scoring.table().total(player)

    @property
    def event(self) -> EventReading:
        """One reading of the event (rounds played and pending, system, unknown results), made
        on first use: :mod:`trfscore.event_reading`."""
        from .event_reading import reading

        return reading(self)

    @property
    def is_round_robin(self) -> bool | None:
        """True/False when the file says so (192/092), None when it does not."""
        text = (self.header.system or self.header.type).upper().replace(" ", "")
        if not text:
            return None
        if "ROUNDROBIN" in text or "ROUND-ROBIN" in text or "BERGER" in text or "SCHEVENINGEN" in text:
            return True
        if "SWISS" in text or "DUTCH" in text or "DUBOV" in text or "BURSTEIN" in text:
            return False
        return None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]
