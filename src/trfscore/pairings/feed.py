"""The checker's input: trfscore's reading of a file, written as the plain TRF26 the checker reads.

The checker (gacrux) reads TRF26 but misreads or refuses much of what real files hold
(docs/pairings.md, "What the checker is given").  It is given instead a TRF26 written from
trfscore's model, with only what pairing depends on:

* every round cell by what it means (:class:`~trfscore.model.Kind`), not as spelled: a legacy
  bye cell (``0000 - =``, a blank result counted in the points) becomes ``H``/``F``/``Z``/``U``;
  a forfeit without a colour gets a nominal one (colour differences count played games only,
  C.04.3 A.6);
* the Points column left blank (the checker adds up the results itself; a file's Points that
  disagree with its results would make it refuse the file) and the point values as ``162``;
* ``XXC white1|black1`` as ``152``, ``XXA`` as ``250``, ``XXP`` as ``260`` (TRF(x), JaVaFo AUM);
* the system as a ``192`` code the checker maps to its engine (:attr:`.system.System.code`);
* for the team system, the team records as trfscore reads the event (:mod:`.teamfeed`);
* every line on the columns of the TRF writers (:func:`.versions.format_player`,
  :func:`.versions.header_line`, :func:`.versions.scoring_record`, :func:`.layout.format_record`),
  measured by their check (rule TRF960): a number too wide for its field (a rating of 12345 from
  JSON) refuses the file instead of shifting the later columns.

What the file cannot tell (an initial colour, the acceleration a Baku code asks for, results of
a round) is collected as notes: which rounds cannot be judged, and why.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..event_reading import reading
from ..formats.trf.fits import player_misfits, record_misfits
from ..formats.trf.layout import BY_CODE, format_record
from ..formats.trf.versions import format_player, header_line, nominal_colour, one_line, one_line_texts, scoring_record
from ..model import Game, Kind, Player, Tournament
from ..records import Acceleration, JavafoAcceleration, JavafoProhibited, ProhibitedPairing, TrfRecord
from .system import System
from .teamfeed import TeamFeed, team_feed

#: The cell letter of each bye kind (TRF26 001 result codes).
BYE_CODES = {Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.PAB: "U", Kind.ZERO_BYE: "Z"}
#: The result letter of each game kind, where the file's letter is not one the checker reads.
GAME_CODES = {Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-"}


@dataclass
class Feed:
    """The text for the checker and what it cannot judge."""

    text: str
    initial_colour: str  # "w" or "b": given to the checker so that it never draws one by lot
    refused: str = ""  # nothing can be judged: why
    unjudged: dict[int, str] = field(default_factory=dict)  # round -> why it cannot be judged
    caution: str = ""  # what the verdicts rest on beyond the file (an inferred initial colour)


def feed(t: Tournament, system: System) -> Feed:
    """The checker's input for ``t`` judged by ``system``."""
    rounds = reading(t).rounds
    unjudged: dict[int, str] = {}
    refused = ""
    caution = ""
    if any(item.strip().lower() == "rank" for item in t.header.xxc):
        refused = ("XXC rank: the file was paired by its rank field, not by the starting ranks the checker "
                   "pairs by")
    teams = team_feed(t, rounds) if system.teams else TeamFeed([])
    refused = refused or teams.problem
    players = [_cells(p, t, rounds, unjudged, teams) for p in sorted(t.players, key=lambda p: p.start_rank)]
    accelerations = _accelerations(t, system.teams)
    prohibited = _prohibited(t, rounds)
    misfit = _misfit(players, [*accelerations, *prohibited])
    if misfit:  # written, its lines would shift columns: the checker would misread every later field
        return Feed("", "w", refused or misfit)
    colour = (t.header.initial_colour or "").lower()
    if colour not in ("w", "b"):
        colour = _first_colour(list(t.players))  # the colours as read, not as fed
        if colour:
            caution = ("the file gives no initial colour (152 or XXC white1/black1): it is taken from the first "
                       "round's top game, so that game's colours are not judged on their own")
        elif not refused:
            refused = ("the file gives no initial colour (152 or XXC white1/black1) and no game shows one: "
                       "colours cannot be judged")
    if system.baku and not accelerations:
        for r in range(1, rounds + 1):
            unjudged.setdefault(r, "192 names Baku acceleration but the file gives no 250 or XXA records of it")
    lines = [header_line("012", one_line(t.header.name).strip() or "trfscore pairing check"),
             header_line("062", len(players)),
             header_line("142", max(t.header.rounds_declared or 0, rounds)),
             header_line("152", (colour or "w").upper()),
             scoring_record(t.scoring.values),
             header_line("192", system.code)]
    lines.extend(format_player(p) for p in players)
    lines.extend(teams.records)
    lines.extend(format_record(BY_CODE[r.code], vars(r)) for r in [*accelerations, *prohibited])
    return Feed("\n".join(lines) + "\n", colour or "w", refused, unjudged, caution)


def _misfit(players: list[Player], records: list[TrfRecord]) -> str:
    """Why the checker cannot be given these players and records: a number that does not fit its
    field and would shift every later column (the TRF writers' own measure, rule TRF960; a text
    too long is cut to its field, which the checker does not read); empty when every number fits."""
    found = player_misfits(players, texts=False) + record_misfits(records)
    if not found:
        return ""
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return f"the checker's TRF input cannot hold this file's values (TRF960): {found[0].message}{more}"


def _cells(p: Player, t: Tournament, rounds: int, unjudged: dict[int, str],
           teams: TeamFeed) -> Player:
    """``p`` with its cells as the checker reads them, no points and no rank; a team member's
    cell without an opponent as :meth:`.TeamFeed.code` says."""
    games = []
    for r in range(1, rounds + 1):
        g = p.game(r) or Game.absent(r)
        code = teams.code(p.start_rank, r, g) if g.opponent is None else None
        games.append(Game(r, None, None, code, g.kind) if code else _cell(p, g, t, unjudged))
    return replace(p, games=games, points=None, rank=None, **one_line_texts(p))


def _cell(p: Player, g: Game, t: Tournament, unjudged: dict[int, str]) -> Game:
    r = g.round
    if g.opponent is None or g.opponent == p.start_rank:
        code = BYE_CODES.get(g.kind)
        return Game(r, None, None, code, g.kind) if code else Game.absent(r)
    colour = g.colour
    if g.kind in (Kind.UNKNOWN, Kind.ABSENT):  # paired, result unknown or not in yet: the rounds after cannot be judged
        for later in range(r + 1, max(t.rounds, r) + 1):
            unjudged.setdefault(later, f"a result of round {r} is not known (player {p.start_rank})")
        return Game(r, g.opponent, colour or nominal_colour(t, p, g), "=", Kind.DRAW)
    if colour is None:
        if g.kind in Kind.PLAYED:
            unjudged.setdefault(r, f"a game of round {r} has no colour (player {p.start_rank})")
        colour = nominal_colour(t, p, g)  # colour differences count played games only (C.04.3 A.6)
    code = g.code if g.code in "10=+-WDL" and g.code.strip() else GAME_CODES.get(g.kind, "=")
    return Game(r, g.opponent, colour, code, g.kind)


def _first_colour(players: list[Player]) -> str:
    """The initial colour as the checkers infer it: in the first round with a game (forfeits
    included), the colour of the lowest-numbered player who has one (in round 1 of the Dutch
    system he is on board 1, and board 1's higher-ranked player has the initial colour)."""
    first: tuple[int, int, str] | None = None
    for p in players:
        for g in p.games:
            if g.opponent is not None and g.colour in ("w", "b"):
                if first is None or (g.round, p.start_rank) < first[:2]:
                    first = (g.round, p.start_rank, g.colour)
                break
    return first[2] if first else ""


def _accelerations(t: Tournament, teams: bool) -> list[Acceleration]:
    """``250`` records: those of the file, and each ``XXA`` player's virtual points per round; the
    virtual match points only for teams (the checker refuses them for players)."""
    out = [_acceleration(a.match_points if teams else None, a.points or Fraction(0), a.first_round, a.last_round,
                         a.first_id, a.last_id)
           for a in t.records_of(Acceleration) if a.points or (teams and a.match_points)]
    for a in t.records_of(JavafoAcceleration):
        if a.start_rank is None:
            continue
        for r, points in enumerate(a.points, start=1):
            if points:
                out.append(_acceleration(None, points, r, r, a.start_rank, a.start_rank))
    return out


def _acceleration(match_points: Fraction | None, points: Fraction, first_round: int | None, last_round: int | None,
                  first_id: int | None, last_id: int | None) -> Acceleration:
    """A ``250`` record (written on the columns of its description, :func:`.layout.format_record`)."""
    return Acceleration(match_points or None, points, first_round, last_round, first_id, last_id)


def _prohibited(t: Tournament, rounds: int) -> list[ProhibitedPairing]:
    """``260`` records: those of the file, and each ``XXP`` line (every round)."""
    out = []
    groups = [(x.first_round or 1, x.last_round or rounds, x.ids) for x in t.records_of(ProhibitedPairing)]
    groups += [(1, rounds, x.ids) for x in t.records_of(JavafoProhibited)]
    for first, last, ids in groups:
        if len(ids) >= 2:
            out.append(ProhibitedPairing(first, last, ids))
    return out
