"""Team standings: teams ordered by the primary score, then by a list of team tie-breaks (C.07 Art. 4.2:
each tie-break applied to every group still tied; EDE computed on that group).  Teams still equal
share the rank.

* Primary score: match points unless the call, or the file, says game points (212 starting with
  ``GPTS``; an ETT26 code in 192 naming ``GP`` before ``MP``, e.g. ``FIDE_TEAM_GP_MP``).  The other
  score is the secondary score (``MPvGP``, EDE 13.3.1).
* Tie-breaks: the call's list; else the file's 212/202 list when it holds team codes (codes
  trfscore does not compute are left out, with a note); else :data:`DEFAULT_SWISS` or
  :data:`DEFAULT_ROUND_ROBIN`.
* Rules edition: as for individual events (``auto`` by the start date, record 042).

Defaults.  C.07 gives no default list; these follow the FIDE TEC's own team sample (the TRF26
example file, record 202 ``EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP``) without the knock-out part of
EDET (13.3.2 leaves it to the regulations) and without ``/P`` (C.07 6.1.1: forfeits are left out
of a direct encounter unless the regulations say otherwise): first the teams' own matches (EDE, 13.3),
then the strength of the opposition weighted by the team's results (EMGSB-C1, close to the
Olympiad's Sonneborn-Berger), then Buchholz on match points, then the secondary score.  Round-robins
drop Buchholz (barred there from 2026, and equal for everybody when all met all): EDE, MPvGP,
EMGSB.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from typing import Any, ClassVar, Literal

from ..decimals import json_number, rank_label
from ..findings import Finding
from ..model import Tournament
from ..standings import BaseStandings
from ..tiebreaks.editions import chosen_edition
from ..tiebreaks.explain import Explanation
from .build import build_team_event
from .codes import TeamTieBreak, is_team_code, parse_team_tiebreak, parse_team_tiebreaks
from .encounter import group_places
from .explain import explain_team
from .model import TeamEvent, TeamLine
from .tiebreaks import TeamEngine, compute_column
from .views import views

__all__ = ["TeamStandings", "TeamStandingRow", "team_standings", "DEFAULT_SWISS", "DEFAULT_ROUND_ROBIN",
           "PRIMARY_SCORES"]

DEFAULT_SWISS = ["EDE", "EMGSB-C1", "BH:MP-C1", "MPvGP"]
DEFAULT_ROUND_ROBIN = ["EDE", "MPvGP", "EMGSB"]
PRIMARY_SCORES = ("auto", "MP", "GP")


@dataclass
class TeamStandingRow:
    """One line of the team standings."""

    rank: int
    rank_to: int  # == rank unless shared
    team: TeamLine
    match_points: Fraction
    game_points: Fraction
    tiebreaks: dict[str, Any]  # code -> Fraction | int (EDE place)

    @property
    def number(self) -> int:
        return self.team.number

    @property
    def name(self) -> str:
        return self.team.name

    @property
    def label(self) -> str:
        return rank_label(self)

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "rank_to": self.rank_to, "rank_label": self.label, "number": self.number,
                "name": self.name, "match_points": json_number(self.match_points),
                "game_points": json_number(self.game_points),
                "tiebreaks": {k: json_number(v) for k, v in self.tiebreaks.items()}}


@dataclass
class TeamStandings(BaseStandings):
    """Ranked teams with their tie-break values: the standings of :mod:`trfscore.standings`
    (:class:`~trfscore.standings.BaseStandings`) for teams, ranked by a primary score."""

    kind: ClassVar[Literal["teams"]] = "teams"

    rules: str
    system: str  # "swiss" | "round-robin"
    primary: str  # "MP" | "GP"
    tiebreaks: list[str]
    rows: list[TeamStandingRow]
    event: TeamEvent
    notes: list[str] = field(default_factory=list)
    engine: TeamEngine | None = field(default=None, repr=False, compare=False)
    # group tie-break code -> team index -> the group still tied when it was applied
    groups: dict[str, dict[int, list[int]]] = field(default_factory=dict, repr=False, compare=False)
    rounds: int = 0  # the rounds of ``event``

    @property
    def findings(self) -> list[Finding]:
        return self.event.findings

    def explain(self, number: int, code: str) -> Explanation:
        """How team ``number``'s value of ``code`` is made (a code not in the list: a group tie-break
        on the teams tied with it on the primary score, the others as computed on their own)."""
        eng = self.engine
        if eng is None:
            raise ValueError("these standings carry no engine to explain with")
        i = eng.view("MP").index.get(int(number))
        if i is None:
            raise KeyError(f"no team {number}")
        tb = parse_team_tiebreak(code)
        members = None
        if tb.group:
            seen = self.groups.get(tb.code)
            if seen is not None:
                members = seen.get(i)
            else:
                score = eng.view(eng.primary).score
                members = [j for j, x in enumerate(score) if x == score[i]]
        e = explain_team(eng, tb, i, members)
        e.system = self.system
        return e

    def row(self, number: int) -> TeamStandingRow:
        found = next((r for r in self.rows if r.number == number), None)
        if found is None:
            raise KeyError(f"no team {number}")
        return found

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules, "system": self.system, "primary": self.primary, "tiebreaks": list(self.tiebreaks),
                "rounds": self.rounds, "notes": list(self.notes), "rows": [r.to_dict() for r in self.rows]}


def _primary(t: Tournament, primary: str | None, notes: list[str]) -> str:
    key = (primary or "auto").strip().upper()
    if key in ("MP", "GP"):
        return key
    if key != "AUTO":
        raise ValueError(f"primary score must be one of {', '.join(PRIMARY_SCORES)}, not {primary!r}")
    first = next((c.strip().upper() for c in t.header.standings_tiebreaks if c.strip()), "")
    if first in ("GPTS", "GP"):
        notes.append("primary score: game points (record 212 starts with GPTS)")
        return "GP"
    system = t.header.system.upper()
    if "TEAM" in system and [p for p in system.split("_") if p in ("MP", "GP")][:1] == ["GP"]:
        notes.append(f"primary score: game points (record 192 {t.header.system.strip()})")
        return "GP"
    return "MP"


def _file_list(t: Tournament, notes: list[str]) -> list[TeamTieBreak] | None:
    codes = [c for c in (t.header.standings_tiebreaks or t.header.tiebreaks or []) if c.strip()]
    if not any(is_team_code(c) for c in codes):
        return None
    out = []
    for c in codes:
        if c.strip().upper() in ("PTS", "MPTS", "GPTS", "POINTS"):
            continue
        try:
            out.append(parse_team_tiebreak(c))
        except ValueError as exc:
            notes.append(f"tie-break {c!r} from the file left out: {exc}")
    return out or None


def _runs(order: list[int], key: Callable[[int], Fraction | int]) -> list[list[int]]:
    return [list(run) for _, run in groupby(order, key)]


def _signed(col: list[Fraction], sign: int) -> Callable[[int], Fraction]:
    """The sort key ``a -> sign * col[a]`` (sign -1: the larger value first)."""
    return lambda a: sign * col[a]


def team_standings(t: Tournament, tiebreaks: Any = None, rules: str = "auto", primary: str | None = "auto",
                   rounds: int | None = None, event: TeamEvent | None = None, system: str | None = None,
                   ) -> TeamStandings:
    """Rank the teams of ``t``.

    ``tiebreaks``: codes (list or comma-separated string; None: the file's team list or the
    defaults).  ``rules``: ``auto`` or an edition name.  ``primary``: ``auto``, ``MP`` or ``GP``.
    ``rounds``: standings after this many rounds.  ``system``: ``swiss`` or ``round-robin``
    instead of what the file says (None).  Raises ValueError for an unknown code, edition, system
    or primary score; data problems are findings in ``.findings``.
    """
    notes: list[str] = []
    edition = chosen_edition(rules, t.header.start_date_iso, notes)
    main = _primary(t, primary, notes)
    if event is None:
        event = build_team_event(t, rounds)
    if system is not None:
        if system not in ("swiss", "round-robin"):
            raise ValueError(f"system must be swiss or round-robin, not {system!r}")
        event.round_robin = system == "round-robin"
    if tiebreaks is None:
        specs = _file_list(t, notes)
        if specs is None:
            specs = parse_team_tiebreaks(DEFAULT_ROUND_ROBIN if event.round_robin else DEFAULT_SWISS)
    else:
        specs = parse_team_tiebreaks(tiebreaks)
    if event.round_robin and edition.name == "fide-2026":
        barred = [tb.code for tb in specs if tb.base == "BH"]
        if barred:
            notes.append(f"{', '.join(barred)}: C.07 (2026) Art. 8 says the Buchholz family must not be used in "
                         "round-robins")
    eng = TeamEngine(views(event), main, edition)
    score = eng.view(main).score
    numbers = eng.view(main).start_ranks
    n = len(numbers)
    columns = {tb.code: compute_column(eng, tb) for tb in specs if not tb.group}
    places: dict[str, list[int]] = {tb.code: [0] * n for tb in specs if tb.group}
    seen: dict[str, dict[int, list[int]]] = {tb.code: {} for tb in specs if tb.group}
    groups = _runs(sorted(range(n), key=lambda i: (-score[i], numbers[i])), score.__getitem__)
    key: Callable[[int], Fraction | int]
    for tb in specs:  # Art. 4.2: each tie-break on every group still tied
        if all(len(g) == 1 for g in groups):
            break
        new: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                new.append(g)
                continue
            if tb.group:
                got = group_places(eng, tb, g)
                for a in g:
                    places[tb.code][a] = got[a]
                    seen[tb.code][a] = list(g)
                key = got.__getitem__
            else:
                key = _signed(columns[tb.code], 1 if tb.ascending else -1)
            g.sort(key=lambda a: (key(a), numbers[a]))
            new.extend(_runs(g, key))
        groups = new
    codes = [tb.code for tb in specs]
    rows: list[TeamStandingRow] = []
    pos = 1
    mp, gp = eng.view("MP").score, eng.view("GP").score
    for g in groups:
        g.sort(key=numbers.__getitem__)
        last = pos + len(g) - 1
        rows += [TeamStandingRow(pos, last, event.teams[a], mp[a], gp[a],
                                 {tb.code: places[tb.code][a] if tb.group else columns[tb.code][a] for tb in specs})
                 for a in g]
        pos += len(g)
    system = "round-robin" if event.round_robin else "swiss"
    return TeamStandings(edition.name, system, main, codes, rows, event, notes, eng, seen, event.rounds)
