"""What every check reads, computed once per tournament.

A :class:`Context` wraps a :class:`~trfscore.model.Tournament` with the look-ups the rules share:
players by start rank, source lines by number, records by code, each player's computed score, the
tournament system (round robin or not, team event or not) and the profile's thresholds.  Values
are computed lazily and cached, so a rule that is switched off costs nothing, and each pass over
the players happens once however many rules use it.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..cells import Columns, round_counts
from ..decimals import fmt_points as fmt_points  # the check rules import it from here
from ..event_reading import EventReading, event_columns, is_team_event
from ..formats.trf.layout import PLAYER, round_column
from ..model import Game, Player, Record, Tournament, in_units

if TYPE_CHECKING:
    from ..ratinglist import RatingList
from .cells import BLANK_KINDS, FlatCells, flat_cells

#: 1-based columns of the 001 record (TRF16 = TRF26), from its description.
_COLUMN = {f.name: f.first for f in PLAYER.fields}
COL_START_RANK, COL_SEX, COL_TITLE, COL_NAME = (_COLUMN["start_rank"], _COLUMN["sex"], _COLUMN["title"],
                                                _COLUMN["name"])
COL_RATING, COL_FEDERATION, COL_FIDE_ID = _COLUMN["rating"], _COLUMN["federation"], _COLUMN["fide_id"]
COL_BIRTH, COL_POINTS, COL_RANK = _COLUMN["birth"], _COLUMN["points"], _COLUMN["rank"]
#: the 001 fields by name (``FIELDS["rank"].columns`` is ``"86-89"``, for messages)
FIELDS = {f.name: f for f in PLAYER.fields}


_POINTS = attrgetter("points")


def round_col(rnd: int) -> int:
    """Column of the opponent field of round ``rnd`` (1-based) in a 001 record."""
    return round_column(rnd)


def colour_col(rnd: int) -> int:
    return round_column(rnd, "colour")


def result_col(rnd: int) -> int:
    return round_column(rnd, "result")


def cell_text(g: Game) -> str:
    """A round cell as TRF writes it: ``"  12 w 1"``."""
    opp = f"{g.opponent:>4}" if g.opponent is not None else "0000"
    return f"{opp} {g.colour or '-'} {g.code}"


class Context:
    """Shared, lazily computed views of one tournament for the rules."""

    def __init__(self, t: Tournament, profile: Any = None) -> None:
        self.t = t
        self.profile = profile
        self.players: list[Player] = t.players
        self.by_rank: dict[int, Player] = {p.start_rank: p for p in t.players}
        self.rounds: int = t.rounds or max((p.round_count for p in t.players), default=0)
        self.header = t.header
        self.rating_lists: tuple[RatingList, ...] = ()  # the lists the FID rules look players up in
        self.pairings = False  # judge each round's pairing (the TRF9xx rules: check --pairings)
        self.pairing_progress: Any = None  # called with (round, rounds) while the pairings are judged

    @cached_property
    def trf_like(self) -> bool:
        """True when lines and columns are those of a TRF (a TRF, or JSON written from one)."""
        return any(r.kind == "PLAYER" for r in self.t.source.records)

    # -- thresholds ------------------------------------------------------------------------
    def threshold(self, key: str, default: Any = None) -> Any:
        return default if self.profile is None else self.profile.threshold(key, default)

    # -- source text -----------------------------------------------------------------------
    @cached_property
    def lines(self) -> dict[int, str]:
        return {r.line: r.text for r in self.t.source.records}

    @cached_property
    def records(self) -> dict[str, list[Record]]:
        """Source records by their code (``"132"``, ``"XXR"`` ...), in file order."""
        out: dict[str, list[Record]] = {}
        for r in self.t.source.records:
            if r.kind and r.kind not in ("PLAYER", "OTHER", "COMMENT"):
                out.setdefault(r.code, []).append(r)
        return out

    def record(self, code: str) -> Record | None:
        found = self.records.get(code)
        return found[0] if found else None

    def record_line(self, *codes: str) -> int | None:
        for code in codes:
            rec = self.record(code)
            if rec is not None:
                return rec.line
        return None

    def cell(self, p: Player, rnd: int) -> str:
        """The text of ``p``'s round ``rnd`` block as written (or as TRF would write it)."""
        text = self.lines.get(p.line) if p.line is not None else None
        if text is not None:
            start = round_col(rnd) - 1
            chunk = text[start:start + 8]
            if chunk.strip():
                return chunk.rstrip()
        return cell_text(p.game(rnd))

    def field(self, p: Player, column: int, width: int) -> str:
        text = self.lines.get(p.line) if p.line is not None else None
        return "" if text is None else text[column - 1:column - 1 + width].strip()

    # -- the tournament --------------------------------------------------------------------
    @cached_property
    def columns(self) -> Columns:
        """Every player's cells as columns, as many a player as the most any player records:
        made once per file, and the event reading's own when it read as many
        (:func:`~trfscore.event_reading.event_columns`)."""
        return event_columns(self.t, max(round_counts(self.players), default=0))

    @cached_property
    def flat(self) -> FlatCells:
        """Every cell in flat columns (:mod:`trfscore.checks.cells`)."""
        return flat_cells(self.players, self.columns)

    @cached_property
    def score_units(self) -> tuple[int, dict[int, int]]:
        """``(unit, totals)``: each player's total under the file's scoring system (computed,
        never declared) as a whole number of ``1/unit``, ``unit`` the common denominator of
        the system's values (Fraction additions would dominate a 10,000-player file), from the
        scoring kernel (:class:`trfscore.model.ScoreTable`)."""
        table = self.t.scoring.table()
        return table.unit, dict(zip([p.start_rank for p in self.players], table.totals(self.columns)))

    @cached_property
    def declared_units(self) -> list[int | None] | None:
        """Each player's declared points (columns 81-84; None where none is declared) as a whole
        number of ``1/unit``, ``unit`` that of :attr:`score_units`, in player order; None when a
        declared value is no such number.  TRF510 and TRF511 both read them (made once: ~0.13 M
        instructions for 60 players)."""
        return in_units(list(map(_POINTS, self.players)), self.score_units[0])

    @cached_property
    def scores(self) -> dict[int, Fraction]:
        """Each player's total under the file's scoring system (computed, never declared)."""
        unit, totals = self.score_units
        return {sr: Fraction(total, unit) for sr, total in totals.items()}

    @cached_property
    def team_event(self) -> bool:
        return is_team_event(self.t)

    @cached_property
    def team_ids_space(self) -> bool:
        """True when IDs in 240/250/260/299 name teams (a TRF26 team event), not players."""
        return "TEAM" in self.header.system.upper() or any(team.record == "310" for team in self.t.teams)

    @cached_property
    def meetings(self) -> dict[tuple[int, int], list[Game]]:
        """(low, high) start-rank pair -> the cells of the lower player against the higher one,
        for mutually confirmed pairings only."""
        out: dict[tuple[int, int], list[Game]] = {}
        flat = self.flat
        opp, sr, n, game = flat.opp, flat.start_ranks, flat.round_count, flat.game
        for k in flat.lanes.mutual():
            out.setdefault((sr[k // n], opp[k]), []).append(game(k))  # type: ignore[arg-type]
        return out

    @cached_property
    def event(self) -> EventReading:
        """The one reading of the event every command shares (:mod:`trfscore.event_reading`)."""
        return self.t.event

    @cached_property
    def round_robin(self) -> bool:
        """Round-robin rules apply: the system of the one event reading (the file's 192/092, a
        match of two players, or everybody met everybody), the same the standings use."""
        return self.event.round_robin

    @cached_property
    def rated(self) -> dict[int, bool]:
        return {p.start_rank: bool(p.rating) for p in self.players}

    @cached_property
    def declared_rounds(self) -> int | None:
        return self.header.rounds_declared

    @cached_property
    def pending_rounds(self) -> RoundsWithoutPairing:
        """Rounds with data but no pairing at all yet (only byes and blanks): the round a
        JaVaFo-style partial file pre-marks for the next pairing.  Rounds past every player's
        cells (a tournament built with more rounds than it has data for) are pending too; they
        are counted, never listed, so no claimed number of rounds is allocated."""
        flat = self.flat
        data = min(flat.data_rounds, self.rounds)
        paired = flat.paired_rounds()
        return RoundsWithoutPairing({r for r in range(1, data + 1) if r not in paired}, data, self.rounds)


class RoundsWithoutPairing:
    """A set of rounds: ``listed`` ones among the first ``data``, and every round from
    ``data + 1`` to ``last`` (held as a range, however many that is)."""

    __slots__ = ("listed", "data", "last")

    def __init__(self, listed: set[int], data: int, last: int) -> None:
        self.listed, self.data, self.last = listed, data, max(last, data)

    def __contains__(self, rnd: object) -> bool:
        return rnd in self.listed or (isinstance(rnd, int) and self.data < rnd <= self.last)

    @property
    def count(self) -> int:
        """How many rounds (``len`` cannot say more than ``sys.maxsize``)."""
        return len(self.listed) + self.last - self.data

    def __bool__(self) -> bool:
        return bool(self.listed) or self.last > self.data


def is_blank_cell(g: Game) -> bool:
    """A cell that holds nothing: no opponent, no result (withdrawn, not paired, not yet played)."""
    return g.opponent is None and g.code == " " and g.kind in BLANK_KINDS
