"""Rating a whole :class:`trfscore.model.Tournament`: FIDE Elo or DWZ for every player.

Only games played at the board and rated count (``Game.rated``: kind in ``Kind.PLAYED`` and not
a TRF ``W``/``D``/``L`` game of less than one move); forfeits and byes are dropped (B.02 8.3.1;
WO 2.2.5).  Missing facts (DWZ, index, birth year, games before, K) come from the players CSV
(:mod:`.players_csv`).

DWZ follows the WO's tournament procedure (WO 3.4-3.6, 4.1): established players keep R0;
unrated players with at least 5 games against them and neither 0 % nor 100 % form stage 1;
the rest with at least 5 games against established or stage-1 players form stage 2; all their
first ratings are solved together (Gesamtiteration, WO 3.4.4); players whose performance
exceeds their DWZ by more than 300 count with it for their opponents (Ausnahmespieler,
WO 3.6) and the first ratings are solved again; finally every established player is rated
against the values so found.  Players who stay unrated are ignored in their opponents' rating.
"""
from __future__ import annotations

import datetime as _dt
from collections.abc import Container, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from ..gcpause import gc_paused
from ..model import Kind, is_rated
from .dwz import (
    MIN_FIRST_GAMES,
    REFORM_2026,
    DwzResult,
    Edition,
    FirstMethod,
    Reform2026,
    dwz_edition_for,
    dwz_update,
    first_rating_inputs,
    first_value,
    solve_performances,
)
from .event import end_date, player_info, year_of_birth
from .fide import fide_evaluate
from .numbers import fmt, round_half_away
from .players_csv import PlayerInfo, PlayerKey
from .result import RatingResult, unrated_notes
from .tables import Curve

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Player, Tournament

__all__ = ["rate_tournament"]

System = Literal["fide", "dwz"]
DSB_FEDERATION = "GER"
FIDE_START_INDEX = 6  # WO 4.1.2: a FIDE rating used as starting DWZ gets index 6
EXCEPTION_MARGIN = 300  # WO 3.6: performance more than 300 above the old DWZ


# Half points of a game at the board (B.02 8.3.1 and WO 2.2.5 rate games played at the board only).
_HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}


def _rated_games(p: Player, known: Container[int]) -> list[tuple[int, str]]:
    """(opponent start rank, kind) of the player's rated games (``Game.rated``, read from the
    round columns) against the players of ``known`` (no forfeits, no byes)."""
    return [(opponent, kind) for opponent, kind, code in zip(p.opponent_ranks(), p.kinds(), p.codes())
            if opponent is not None and is_rated(kind, code) and opponent in known]


def rate_tournament(
    tournament: Tournament,
    system: System = "fide",
    players: Mapping[PlayerKey, PlayerInfo] | None = None,
    edition: Edition | None = None,
    *,
    fide_as_dwz: bool = True,
    fide_from_2400: bool = False,
    exception_players: bool = True,
    curve: Curve = "normal",
    p_decimals: int | None = None,
    first_method: FirstMethod = "iteration",
    constants: Reform2026 = REFORM_2026,
) -> dict[int, RatingResult]:
    """The rating result of every player, by start rank.

    ``system`` "fide" uses the FIDE ratings of the file; "dwz" the DWZ from ``players`` (the
    CSV), else the TRF26 national rating of the German federation, else (``fide_as_dwz``) the
    FIDE rating with index 6 (WO 4.1.2).  ``edition`` overrides the DWZ edition chosen from the
    end date.  ``fide_from_2400`` enters players with DWZ >= 2400 and a FIDE rating with the
    FIDE rating in their opponents' calculations (WO 4.1.3 "as a rule"; off by default).
    ``exception_players`` applies the WO 3.6 Ausnahmespieler rule.  Never raises for bad data.
    """
    if system == "fide":
        with gc_paused():  # 10,000 results with no cycles: no collection walks the tournament
            return _rate_fide(tournament, players)
    if system == "dwz":
        return _DwzEvaluation(tournament, players, edition, fide_as_dwz, fide_from_2400, curve, p_decimals,
                              first_method, constants).run(exception_players)
    raise ValueError(f"unknown rating system {system!r}")


# --- FIDE -----------------------------------------------------------------------------------

def _rate_fide(tournament: Tournament,
               players: Mapping[PlayerKey, PlayerInfo] | None) -> dict[int, RatingResult]:
    """Every player's :func:`.fide.fide_evaluate`: his :func:`_rated_games` against rated
    players (those against unrated ones dropped with a note), K from the players CSV and the
    birth year, the rules of the end date."""
    end = end_date(tournament)
    rating_of = {p.start_rank: p.rating or 0 for p in tournament.players}  # 0: unrated
    out: dict[int, RatingResult] = {}
    for p in tournament.players:
        info = player_info(players, p)
        games = _rated_games(p, rating_of)
        ratings = [rating_of[opponent] for opponent, _ in games if rating_of[opponent]]
        won = sum([_HALVES[kind] for opponent, kind in games if rating_of[opponent]])
        notes = unrated_notes(len(games) - len(ratings))
        birth_year = info.birth_year if info.birth_year is not None else year_of_birth(p.birth)
        out[p.start_rank] = fide_evaluate(p.rating or None, ratings, Fraction(won, 2), notes, birth_year=birth_year,
                                          games_before=info.games_before, reached_2400=bool(info.reached_2400),
                                          k=info.k, period=end)
    return out


# --- DWZ ------------------------------------------------------------------------------------

class _Start:
    """A player's DWZ starting value and where it came from."""

    def __init__(self, rating: int | None, index: int | None, source: str):
        self.rating, self.index, self.source = rating, index, source


def _dwz_start(p: Player, info: PlayerInfo, fide_as_dwz: bool) -> _Start:
    if info.dwz:
        return _Start(info.dwz, info.index, "players CSV")
    national = p.national.get(DSB_FEDERATION) if p.national else None
    if national is not None and national.rating:
        return _Start(national.rating, info.index, "TRF26 national rating")
    if fide_as_dwz and p.rating:
        return _Start(p.rating, FIDE_START_INDEX, "FIDE rating, index 6 (WO 4.1.2)")
    return _Start(None, None, "unrated")


class _DwzEvaluation:
    """One DWZ evaluation of a tournament, in the WO's order (see the module docstring)."""

    def __init__(self, tournament: Tournament, players: Mapping[PlayerKey, PlayerInfo] | None,
                 edition: Edition | None, fide_as_dwz: bool, fide_from_2400: bool, curve: Curve,
                 p_decimals: int | None, first_method: FirstMethod, constants: Reform2026) -> None:
        end = end_date(tournament)
        year = end.year if end is not None else _dt.date.today().year
        self.ed: Edition = edition or dwz_edition_for(end)
        self.curve, self.p_decimals, self.first_method, self.constants = curve, p_decimals, first_method, constants
        self.start: dict[int, _Start] = {}
        self.ages: dict[int, int | None] = {}
        self.games: dict[int, list[tuple[int, Fraction]]] = {}
        known = {p.start_rank for p in tournament.players}
        for p in tournament.players:
            info = player_info(players, p)
            self.start[p.start_rank] = _dwz_start(p, info, fide_as_dwz)
            birth = info.birth_year if info.birth_year is not None else year_of_birth(p.birth)
            self.ages[p.start_rank] = None if birth is None else year - birth
            self.games[p.start_rank] = [(o, Fraction(_HALVES[kind], 2)) for o, kind in _rated_games(p, known)]
        self.established = {k for k, s in self.start.items() if s.rating is not None}
        #: The established players' starting DWZ (R0).
        self.dwz = {k: s.rating for k, s in self.start.items() if s.rating is not None}
        # The value each established player counts with for his opponents (WO 4.1.3: DWZ >= 2400
        # may be entered with the FIDE rating).
        self.shown: dict[int, Fraction] = {}
        for k in self.established:
            fide = getattr(tournament.player(k), "rating", None)
            self.shown[k] = Fraction(fide if fide_from_2400 and self.dwz[k] >= 2400 and fide else self.dwz[k])
        self.stage1 = {k for k in self.start if k not in self.established and self._qualifies(k, self.established)}
        self.auswahl1 = self.established | self.stage1
        self.stage2 = {k for k in self.start if k not in self.auswahl1 and self._qualifies(k, self.auswahl1)}
        self.auswahl2 = self.auswahl1 | self.stage2
        self.newcomers = self.stage1 | self.stage2

    def _qualifies(self, k: int, pool: set[int]) -> bool:
        """Enough games against ``pool`` for a first DWZ, and a score that allows one (WO 3.4.1)."""
        own = [r for o, r in self.games[k] if o in pool]
        score = sum(own, Fraction(0))
        if len(own) < MIN_FIRST_GAMES or score <= 0:
            return False
        return self.ed == "2026" or score < len(own)  # classic: no first DWZ at 100 % (WO 3.4.1)

    def _own(self, k: int) -> list[tuple[int, Fraction]]:
        """Player ``k``'s games against players who count (established or first-rated)."""
        return [(o, r) for o, r in self.games[k] if o in self.auswahl2]

    def run(self, exception_players: bool) -> dict[int, RatingResult]:
        solved, ok, extra = self._solve(self.shown)
        first = self._first_ratings(solved)
        exceptional: dict[int, int] = {}
        if exception_players and self.established:
            exceptional = self._exceptional(first)
            if exceptional:
                self.shown = {**self.shown, **{k: Fraction(v) for k, v in exceptional.items()}}
                solved, ok, extra = self._solve(self.shown)
                first = self._first_ratings(solved)
        values = {**self.shown, **{k: Fraction(v[0]) for k, v in first.items()}}
        out: dict[int, RatingResult] = {}
        for k, s in self.start.items():
            lead = [f"starting value: {s.source}"]
            if k in exceptional:
                lead.append(f"Ausnahmespieler: performance {exceptional[k]} > Ro + 300; his "
                            "opponents count him with it (WO 3.6)")
            if k in self.established:
                out[k] = self._established(k, values, lead)
            elif k in self.newcomers:
                out[k] = self._newcomer(k, values, lead, solved[k], ok, first[k], extra.get(k, ([], [])))
            else:
                out[k] = self._unrated(k, lead)
        return out

    def _solve(self, values: Mapping[int, Fraction]) -> tuple[dict[int, Fraction], bool, dict[int, tuple[list[str], list[str]]]]:
        """The newcomers' performances, solved together (Gesamtiteration, WO 3.4.4)."""
        fixed: dict[int, list[Fraction]] = {}
        linked: dict[int, list[int]] = {}
        scores: dict[int, Fraction] = {}
        extra: dict[int, tuple[list[str], list[str]]] = {}
        for k in self.newcomers:
            own = self._own(k)
            fixed[k] = [values[o] for o, _ in own if o in self.established]
            linked[k] = [o for o, _ in own if o in self.newcomers]
            scores[k] = sum((r for _, r in own), Fraction(0))
            notes: list[str] = []
            steps: list[str] = []
            if self.ed == "2026" and scores[k] >= len(own):
                basis = fixed[k] or list(values.values()) or [Fraction(1500)]
                added, scores[k] = first_rating_inputs(basis, scores[k], self.ed, notes, steps)
                fixed[k] = fixed[k] + [added[-1]]
            extra[k] = (notes, steps)
        if not self.newcomers:
            return {}, True, extra
        solved, ok = solve_performances(fixed, linked, scores, method=self.first_method, curve=self.curve,
                                        p_decimals=self.p_decimals)
        return solved, ok, extra

    def _first_ratings(self, solved: Mapping[int, Fraction]) -> dict[int, tuple[int, Fraction, list[str]]]:
        first = {}
        for k in self.newcomers:
            steps: list[str] = []
            rn, value = first_value(solved[k], edition=self.ed, constants=self.constants, steps=steps)
            first[k] = (rn, value, steps)
        return first

    def _exceptional(self, first: Mapping[int, tuple[int, Fraction, list[str]]]) -> dict[int, int]:
        """Established players whose performance beats their DWZ by more than 300 (WO 3.6)."""
        values = {**self.shown, **{k: Fraction(v[0]) for k, v in first.items()}}
        exceptional = {}
        for k in self.established:
            own = [(values[o], r) for o, r in self._own(k)]
            w = sum((r for _, r in own), Fraction(0))
            if len(own) < 5 or w <= 0 or w >= len(own):
                continue
            rh, _ = solve_performances({0: [v for v, _ in own]}, {}, {0: w}, method=self.first_method,
                                       curve=self.curve, p_decimals=self.p_decimals)
            rh_int = round_half_away(rh[0])
            if rh_int - self.dwz[k] > EXCEPTION_MARGIN:
                exceptional[k] = rh_int
        return exceptional

    def _established(self, k: int, values: Mapping[int, Fraction], lead: list[str]) -> RatingResult:
        s = self.start[k]
        pairs = [(values[o] if o in self.auswahl2 else None, r) for o, r in self.games[k]]
        res = dwz_update(s.rating, s.index, self.ages[k], pairs, None, edition=self.ed, curve=self.curve,
                         p_decimals=self.p_decimals, first_method=self.first_method, constants=self.constants)
        return _with(res, lead)

    def _newcomer(self, k: int, values: Mapping[int, Fraction], lead: list[str], performance: Fraction,
                  settled: bool, first: tuple[int, Fraction, list[str]],
                  extra: tuple[list[str], list[str]]) -> RatingResult:
        own = self._own(k)
        w = sum((r for _, r in own), Fraction(0))
        rn, value, steps = first
        notes, pre = extra
        stage = "stage 1" if k in self.stage1 else "stage 2"
        rc = sum((values[o] for o, _ in own), Fraction(0)) / len(own)
        body = [f"edition {self.ed}", "Ro = unrated", f"first DWZ, {stage} (WO 3.4.1)",
                f"n = {len(own)}, W = {fmt(w, 1)}, Rc = {fmt(rc, 2)}", *pre,
                f"Ri = {fmt(performance, 2)} (Gesamtiteration" + ("" if settled else ", did not settle") + ")",
                *steps]
        return DwzResult(
            edition=self.ed, old_rating=None, new_rating=rn, change=None, score=w,
            games=len(own), expected=None, coefficient=None,
            performance=round_half_away(performance), opponent_average=rc,
            first_rating=True, raw_rating=value, index_before=None, index_after=1,
            age=self.ages[k], steps=tuple(lead + body), notes=tuple(notes))

    def _unrated(self, k: int, lead: list[str]) -> RatingResult:
        own = [r for o, r in self.games[k] if o in self.auswahl1]
        w = sum(own, Fraction(0))
        why = (f"{len(own)} game(s) against rated players, 5 needed" if len(own) < MIN_FIRST_GAMES
               else "0 % or 100 % against rated players")
        note = (f"remains unrated ({why}, WO 3.4.1); the games against rated players "
                "are Restpartien for the next evaluation")
        return DwzResult(edition=self.ed, old_rating=None, new_rating=None, change=None,
                         score=w, games=len(own), expected=None, coefficient=None,
                         performance=None, opponent_average=None, age=self.ages[k],
                         steps=tuple(lead + [note]), notes=(note,))


def _with(res: DwzResult, lead: list[str]) -> DwzResult:
    base: RatingResult = res  # mypy types an inherited descriptor field of a subclass by its setter
    return replace(res, steps=tuple(lead) + base.steps)
