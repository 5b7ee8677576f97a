"""The parsed TRF records: one typed class per record described in formats/trf/layout.py.

GENERATED from trfscore/formats/trf/layout.py (python -m trfscore.formats.trf.generate); do not edit.
Each field is a field of the record's description: text as read (stripped), numbers as int, scores
as exact Fraction (None when blank), repeated fields as lists.  ``line`` is the source line (None
for a record built in code).
"""
from __future__ import annotations

from dataclasses import Field, dataclass, field
from fractions import Fraction
from typing import Any, ClassVar


class TrfRecord:
    """A record of a TRF other than its players, header and teams (see ``Tournament.records``)."""

    code: ClassVar[str] = ""
    line: int | None
    # every record class is a dataclass (this says so to type checkers: asdict, fields)
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


@dataclass
class Bye(TrfRecord):
    """240: byes (TRF26)."""

    code: ClassVar[str] = "240"
    type: str = ""
    round: int | None = None
    ids: list[int] = field(default_factory=list)
    line: int | None = None

@dataclass
class Acceleration(TrfRecord):
    """250: accelerated rounds (TRF26)."""

    code: ClassVar[str] = "250"
    match_points: Fraction | None = None
    points: Fraction | None = None
    first_round: int | None = None
    last_round: int | None = None
    first_id: int | None = None
    last_id: int | None = None
    line: int | None = None

@dataclass
class ProhibitedPairing(TrfRecord):
    """260: prohibited pairings (TRF26)."""

    code: ClassVar[str] = "260"
    first_round: int | None = None
    last_round: int | None = None
    ids: list[int] = field(default_factory=list)
    line: int | None = None

@dataclass
class PointAssignment(TrfRecord):
    """299: point adjustments (TRF26)."""

    code: ClassVar[str] = "299"
    type: str = ""
    match_points: Fraction | None = None
    points: Fraction | None = None
    round: int | None = None
    ids: list[int] = field(default_factory=list)
    line: int | None = None

@dataclass
class Lineup(TrfRecord):
    """300: team line-up of a round (TRF26)."""

    code: ClassVar[str] = "300"
    round: int | None = None
    team: int | None = None
    opponent: int | None = None
    players: list[int] = field(default_factory=list)
    line: int | None = None

@dataclass
class TeamPairingByes(TrfRecord):
    """320: pairing-allocated team byes (TRF26)."""

    code: ClassVar[str] = "320"
    match_points: Fraction | None = None
    points: Fraction | None = None
    teams: list[int | None] = field(default_factory=list)
    line: int | None = None

@dataclass
class TeamForfeit(TrfRecord):
    """330: forfeited team matches (TRF26)."""

    code: ClassVar[str] = "330"
    type: str = ""
    round: int | None = None
    white: int | None = None
    black: int | None = None
    line: int | None = None

@dataclass
class TeamCrosstable(TrfRecord):
    """802: team crosstable by boards (informative) (TRF26)."""

    code: ClassVar[str] = "802"
    team: int | None = None
    nickname: str = ""
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    opponents: list[str | None] = field(default_factory=list)
    colours: list[str | None] = field(default_factory=list)
    round_points: list[Fraction | None] = field(default_factory=list)
    forfeits: list[str | None] = field(default_factory=list)
    line: int | None = None

@dataclass
class JavafoAcceleration(TrfRecord):
    """XXA: acceleration of a player (TRF(x))."""

    code: ClassVar[str] = "XXA"
    start_rank: int | None = None
    points: list[Fraction | None] = field(default_factory=list)
    line: int | None = None

@dataclass
class JavafoProhibited(TrfRecord):
    """XXP: prohibited pairings (start ranks) (TRF(x))."""

    code: ClassVar[str] = "XXP"
    ids: list[int] = field(default_factory=list)
    line: int | None = None

@dataclass
class JavafoAbsent(TrfRecord):
    """XXZ: absent players (start ranks) (TRF(x))."""

    code: ClassVar[str] = "XXZ"
    ids: list[int] = field(default_factory=list)
    line: int | None = None

@dataclass
class NationalRecord(TrfRecord):
    """NRS: national rating of a player (the federation of 172) (TRF26)."""

    code: ClassVar[str] = "NRS"
    federation: str = ""
    start_rank: int | None = None
    sex: str = ""
    title: str = ""
    name: str = ""
    rating: int | None = None
    origin: str = ""
    national_id: str = ""
    birth: str = ""
    line: int | None = None


#: The class of each record code kept in ``Tournament.records``.
CLASSES: dict[str, type[TrfRecord]] = {
    "240": Bye,
    "250": Acceleration,
    "260": ProhibitedPairing,
    "299": PointAssignment,
    "300": Lineup,
    "320": TeamPairingByes,
    "330": TeamForfeit,
    "802": TeamCrosstable,
    "XXA": JavafoAcceleration,
    "XXP": JavafoProhibited,
    "XXZ": JavafoAbsent,
}
