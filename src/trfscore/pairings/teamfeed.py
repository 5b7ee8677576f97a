"""The team records of the checker's input for the FIDE team system (C.04.6).

The checker pairs teams from the player cells grouped by team, with the records of what the
cells cannot say.  They are written from trfscore's reading of the event
(:func:`trfscore.teams.build.build_team_event`), not copied, so a TRF16 team file (``013``, a
pairing-allocated bye written ``0000 - -`` on every board) is given in the TRF26 form the
checker reads:

* ``310`` per team: its number and members (013 teams numbered in file order); no totals (the
  checker adds the results up itself);
* ``352`` (board colours) and ``362`` (match points) as the event scores them;
* ``320`` the pairing-allocated byes with their points, ``240`` the requested byes (team
  numbers), ``330`` the forfeited matches, each from the round as read;
* ``300`` the line-up of every match whose boards are not the team's members in order;
* ``299`` as the file gives them (they change the scores the brackets are made of).

A member's cell without an opponent is written ``0000 - +`` (a win by forfeit) or ``0000 - -``:
in a match played over the boards as the cell says (a board won against an empty board, or
not played), otherwise as the team's round (a match won by forfeit, or a bye, a lost or no
match: the records say which).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ..formats.trf.fits import record_misfits, team_misfits
from ..formats.trf.layout import BY_CODE, format_record
from ..model import Game, Kind, Team, Tournament
from ..records import PointAssignment

if TYPE_CHECKING:
    from ..teams.model import TeamEvent, TeamLine

#: 240 type letter of each requested team bye.
BYE_TYPES = {Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z"}
#: The team model's findings that leave a round's matches unknown: the checker would pair from a
#: misreading of them (or refuse the file without saying why).
MUDDLED = ("TRF606", "TRF608", "TRF609")
#: 330 type of a forfeited match from the white team's side.
FORFEIT_TYPES = {Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+"}


@dataclass
class TeamFeed:
    """The team records, and the code of each member's cell that has no opponent."""

    records: list[str]
    #: why the matches cannot be given to the checker ("" when they can): boards facing several
    #: teams (TRF606), or no team (TRF608), teams whose boards do not name each other (TRF609)
    problem: str = ""
    #: (start rank, round) -> the result code of a member's cell without an opponent ("" in a
    #: match played over the boards: the cell's own, ``+`` or ``-``)
    codes: dict[tuple[int, int], str] = field(default_factory=dict)

    def code(self, rank: int, rnd: int, game: Game) -> str | None:
        """The result code of player ``rank``'s cell ``game`` without an opponent, or None when
        the player is no team member."""
        code = self.codes.get((rank, rnd))
        if code is None or code:
            return code
        return "+" if game.code == "+" or game.kind in (Kind.FORFEIT_WIN, Kind.PAB) else "-"


def team_feed(t: Tournament, rounds: int) -> TeamFeed:
    """The team records of ``t``'s team event over ``rounds`` rounds, and its members' empty cells."""
    from ..teams.build import build_team_event  # (the team model imports the check rules, which import this package)

    event = build_team_event(t, rounds)
    codes = {(rank, r.round): "" if r.played else "+" if r.kind == Kind.FORFEIT_WIN else "-"
             for line in event.teams for rank in _members(t, line) for r in line.rounds}
    muddled = [f"{f.rule}: {f.message}" for f in event.findings if f.rule in MUDDLED] + _one_sided(t, event)
    problem = ""
    if muddled:
        more = f" ({len(muddled) - 1} more like it)" if len(muddled) > 1 else ""
        problem = f"the team matches cannot be read consistently ({muddled[0]}{more})"
    wide = [found.message for line in event.teams  # (the TRF writers' measure of a 310 record, and of a 299)
            for found in team_misfits(Team(line.number, members=_members(t, line)), BY_CODE["310"])]
    wide += [found.message for found in record_misfits(t.records_of(PointAssignment))]
    if wide and not problem:  # written, a 310 line would shift its columns: none is written
        return TeamFeed([], f"the checker's TRF input cannot hold this file's values (TRF960): {wide[0]}", codes)
    return TeamFeed(_records(t, event), problem, codes)


def _one_sided(t: Tournament, event: TeamEvent) -> list[str]:
    """The games of team members whose opponent's cell does not name them back (TRF501): the
    checker groups the boards into matches from both sides."""
    out = []
    for line in event.teams:
        for rank in _members(t, line):
            player = t.player(rank)
            for g in player.games if player is not None else ():
                other = t.player(g.opponent) if g.opponent is not None else None
                back = other.game(g.round) if other is not None else None
                if g.opponent is not None and g.opponent != rank and (back is None or back.opponent != rank):
                    out.append(f"TRF501: round {g.round}: player {rank} names player {g.opponent} as the opponent, "
                               "whose cell does not name him back")
    return out


def _records(t: Tournament, event: TeamEvent) -> list[str]:
    """The 352, 362, 310, 320, 240, 330, 300 and 299 lines of the team event."""
    scoring = event.scoring
    lines = [f"352 {_sequence(t, event)}",
             format_record(BY_CODE["362"], {"symbol": ["TW", "TD", "TL"],
                                            "points": [scoring.win, scoring.draw, scoring.loss]})]
    lines.extend(format_record(BY_CODE["310"], {"number": line.number, "name": " ".join(line.name.split()),
                                                "members": _members(t, line)})
                 for line in event.teams)
    lines.extend(_byes(event))
    lines.extend(_forfeits(event))
    lines.extend(_lineups(t, event))
    lines.extend(format_record(BY_CODE["299"], asdict(record)) for record in t.records_of(PointAssignment))
    return lines


def _sequence(t: Tournament, event: TeamEvent) -> str:
    """The board colours (352): the file's, else the usual alternation starting with White."""
    given = "".join(t.header.board_colours.split()).upper()
    return given or ("WB" * event.boards)[:event.boards]


def _members(t: Tournament, line: TeamLine) -> list[int]:
    return [rank for rank in line.team.members if rank and t.player(rank) is not None]


def _byes(event: TeamEvent) -> list[str]:
    """One 320 line of the pairing-allocated byes, one 240 line per bye type and round."""
    out = []
    pab: dict[int, tuple[int, Fraction, Fraction]] = {}
    requested: dict[tuple[str, int], list[int]] = {}
    for line in event.teams:
        for r in line.rounds:
            if r.kind == Kind.PAB:
                pab.setdefault(r.round, (line.number, r.match_points, r.game_points))
            elif r.kind in BYE_TYPES:
                requested.setdefault((BYE_TYPES[r.kind], r.round), []).append(line.number)
    if pab:
        _, match_points, game_points = next(iter(pab.values()))
        out.append(format_record(BY_CODE["320"], {"match_points": match_points, "points": game_points,
                                                  "teams": [pab[r][0] if r in pab else None
                                                            for r in range(1, max(pab) + 1)]}))
    for (kind, rnd), teams in sorted(requested.items(), key=lambda item: (item[0][1], item[0][0])):
        out.append(format_record(BY_CODE["240"], {"type": kind, "round": rnd, "ids": teams}))
    return out


def _forfeits(event: TeamEvent) -> list[str]:
    """330 lines: each forfeited match between two teams once, white team first (a double forfeit ``--``)."""
    out = []
    for line in event.teams:
        for r in line.rounds:
            if r.kind not in FORFEIT_TYPES or r.opponent is None or r.colour == "b":
                continue
            other = event.team(r.opponent)
            theirs = other.round(r.round) if other is not None else None
            if r.colour is None and theirs is not None and theirs.colour != "b" and r.opponent < line.number:
                continue  # no colours: written once, from the lower-numbered team
            double = r.kind == Kind.FORFEIT_LOSS and theirs is not None and theirs.kind == Kind.FORFEIT_LOSS
            out.append(format_record(BY_CODE["330"], {"type": "--" if double else FORFEIT_TYPES[r.kind],
                                                      "round": r.round, "white": line.number,
                                                      "black": r.opponent}))
    return out


def _lineups(t: Tournament, event: TeamEvent) -> list[str]:
    """300 lines: the boards of every played match that are not the team's first members in order
    (an empty board, the last ones included, written 0)."""
    out = []
    for line in event.teams:
        members = _members(t, line)
        for r in line.rounds:
            if r.opponent is None or not r.boards:
                continue
            boards = [rank or 0 for rank in r.boards] + [0] * (event.boards - len(r.boards))
            if boards != members[:event.boards]:
                out.append(format_record(BY_CODE["300"], {"round": r.round, "team": line.number,
                                                          "opponent": r.opponent, "players": boards}))
    return out
