"""A small random generator of team Swiss events paired by the FIDE team system (C.04.6) with
gacrux's own team pairing engine: round by round, the checker's pairing mode (``-p -n r``) pairs
the teams present, and random board results are played (seeded: the same arguments give the
same text).  The event is a TRF26 team file: 001 players, 310 teams, 352 board colours, 362
match points, 320 pairing-allocated byes, 240 requested byes; every match on all boards.

gacrux's own random tournament generator does not pair team events (its ``fideteam`` method is
commented out in ``gacrux/tournamentgenerator.py``), hence this one.
"""
from __future__ import annotations

import copy
import random
import sys
from dataclasses import dataclass, field

RESULTS = ("1", "=", "0")
BLACK_RESULT = {"1": "0", "=": "=", "0": "1"}


@dataclass
class TeamEvent:
    teams: int
    boards: int
    rounds: int
    top: str = "W"  # 152: the colour of team 1's board 1 in round 1 (C.04.6 art. 4.3.1)
    system: str = "FIDE_TEAM_TYPEA_MP_GP"
    sequence: str = ""  # 352, by default WBWB...
    kind: str = "Team Swiss"  # 092
    #: round -> list of (white team, black team); black 0: the pairing-allocated bye
    pairs: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    #: (round, player) -> result of the player's game ("1", "=", "0")
    results: dict[tuple[int, int], str] = field(default_factory=dict)
    #: round -> {team: "H"/"Z"/"F"} requested byes (record 240)
    byes: dict[int, dict[int, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sequence = self.sequence or ("WB" * self.boards)[: self.boards]

    def members(self, team: int) -> list[int]:
        return list(range((team - 1) * self.boards + 1, team * self.boards + 1))

    def cell(self, rnd: int, player: int) -> str:
        team = (player - 1) // self.boards + 1
        board = (player - 1) % self.boards
        for white, black in self.pairs.get(rnd, []):
            if team == white and black == 0:
                return "0000 - U"
            if team in (white, black) and black:
                other = black if team == white else white
                own_white = (self.sequence[board] == "W") == (team == white)
                opponent = self.members(other)[board]
                return f"{opponent:>4} {'w' if own_white else 'b'} {self.results[(rnd, player)]}"
        return "0000 - -"

    def text(self, upto: int | None = None) -> str:
        """The TRF26 text of rounds 1..``upto`` (all rounds played when None)."""
        upto = max(self.pairs, default=0) if upto is None else upto
        lines = ["012 Team Swiss generated with gacrux's team pairing", "042 2026/03/01", "052 2026/03/09",
                 f"062 {self.teams * self.boards}", f"082 {self.teams}", f"092 {self.kind}", f"142 {self.rounds}",
                 f"152 {self.top}", f"192 {self.system}", f"352 {self.sequence}", "362 TW 2     TD 1     TL 0"]
        for team in range(1, self.teams + 1):
            for player in self.members(team):
                rating = 2600 - 5 * player
                cells = "  ".join(self.cell(r, player) for r in range(1, upto + 1))
                lines.append(f"001 {player:>4}      Player {player:<26} {rating:>4} FID {player:>11} 2000/01/01"
                             f"      {player:>4}  {cells}".rstrip())
        for team in range(1, self.teams + 1):
            members = "".join(f"{m:>4} " for m in self.members(team)).rstrip()
            lines.append(f"310 {team:>3} {'Team ' + str(team):<32} {'T' + str(team):<5} {'':>6} {'':>6} {'':>6} "
                         f"{'':>3}  {members}")
        pab = [next((w for w, b in self.pairs.get(r, []) if b == 0), 0) for r in range(1, upto + 1)]
        if any(pab):
            lines.append(f"320  2.0 {self.boards / 2:>4.1f} " + "".join(f"{t or '':>3} " for t in pab).rstrip())
        for r in range(1, upto + 1):
            for kind in "FHZ":
                teams = [t for t, k in sorted(self.byes.get(r, {}).items()) if k == kind]
                if teams:
                    lines.append(f"240 {kind} {r:>3} " + "".join(f"{t:>4} " for t in teams).rstrip())
        return "\n".join(lines) + "\n"


def pair_round(event: TeamEvent, rnd: int) -> list[tuple[int, int]]:
    """The pairing of round ``rnd`` gacrux's team engine makes from the rounds before it."""
    from gacrux.pairingchecker import pairingchecker

    pc = pairingchecker()
    absent = [str(t) for t in sorted(event.byes.get(rnd, {}))]
    argv = ["-p", "-n", str(rnd), "-i", "-", "-b", "utf-8", "-t", event.top.lower()] + (["-u", *absent] if absent else [])
    parse = pc.parser.parse_args
    pc.parser.parse_args = lambda *_: parse(argv)
    saved = sys.argv
    try:
        pc.do_command(pc.read_command_line, 500, "options")
    finally:
        sys.argv = saved
    pc.params.update(jch=event.text(rnd - 1))
    pc.do_command(pc.read_input_file, 502, "read")
    pc.do_command(pc.prepare_tournament, 501, "prepare")
    pc.do_command(pc.do_checker, 481, "pair")
    pc.do_command(pc.apply_result, 482, "result")
    status = pc.resultjson["status"]
    assert not status["code"], (rnd, status)
    return [(int(w), int(b)) for w, b in pc.chessfile.result["pairs"]]


def generate(teams: int, boards: int, rounds: int, seed: int, *, bye_rate: float = 0.0,
             system: str = "FIDE_TEAM_TYPEA_MP_GP") -> TeamEvent:
    """A team Swiss of ``teams`` teams of ``boards`` boards over ``rounds`` rounds, paired by gacrux
    round by round; ``bye_rate``: the chance that a team asks for a (half- or zero-point) bye in a
    round (never in the last two, where C.04.6 switches criteria off)."""
    rng = random.Random(seed)
    event = TeamEvent(teams, boards, rounds, top="W" if seed % 2 == 0 else "B", system=system)
    for rnd in range(1, rounds + 1):
        if bye_rate and rnd <= rounds - 2:
            event.byes[rnd] = {t: rng.choice("HZ") for t in range(1, teams + 1) if rng.random() < bye_rate}
        event.pairs[rnd] = pair_round(event, rnd)
        _play(event, rnd, rng)
    return event


def scheduled(teams: int, boards: int, schedule: dict[int, list[tuple[int, int]]], seed: int,
              system: str) -> TeamEvent:
    """A team event played to a fixed ``schedule`` (round -> (white team, black team) matches; a
    team round robin by the Berger tables), with random board results (seeded)."""
    rng = random.Random(seed)
    event = TeamEvent(teams, boards, len(schedule), system=system, kind="Team round robin")
    for rnd in sorted(schedule):
        event.pairs[rnd] = list(schedule[rnd])
        _play(event, rnd, rng)
    return event


def _play(event: TeamEvent, rnd: int, rng: random.Random) -> None:
    """Random board results of every match of round ``rnd``."""
    for white, black in event.pairs[rnd]:
        if not black:
            continue
        for w_player, b_player in zip(event.members(white), event.members(black)):
            result = rng.choices(RESULTS, weights=(4, 3, 3))[0]
            event.results[(rnd, w_player)] = result
            event.results[(rnd, b_player)] = BLACK_RESULT[result]


def trf16(text: str) -> str:
    """The TRF16 form of a team event's text: 013 records for 310, no 192, 352, 362, 320 or 240
    (TRF26 records), a pairing-allocated bye as ``0000 - -`` on every board."""
    lines = []
    for line in text.split("\n"):
        if line.startswith(("310", "320", "192", "352", "362", "240")):
            if line.startswith("310"):
                lines.append(f"013 {line[8:40]}" + line[73:])
            continue
        lines.append(line.replace("0000 - U", "0000 - -"))
    return "\n".join(lines)


def _complement(event: TeamEvent, rnd: int) -> None:
    """Every black team's results of round ``rnd`` as the complement of its white opponent's (after a change of pairs)."""
    for white, black in event.pairs[rnd]:
        if black:
            for w_player, b_player in zip(event.members(white), event.members(black)):
                event.results.setdefault((rnd, w_player), "=")
                event.results[(rnd, b_player)] = BLACK_RESULT[event.results[(rnd, w_player)]]


def _met(event: TeamEvent) -> set[frozenset[int]]:
    return {frozenset(pair) for pairs in event.pairs.values() for pair in pairs if pair[1]}


def swap_teams(event: TeamEvent, rnd: int) -> TeamEvent | None:
    """Two matches W1-B1 and W2-B2 of round ``rnd`` played as W1-B2 and W2-B1 (pairs that never met)."""
    met = _met(event)
    matches = [pair for pair in event.pairs[rnd] if pair[1]]
    for i, (w1, b1) in enumerate(matches):
        for w2, b2 in matches[i + 1:]:
            if frozenset((w1, b2)) not in met and frozenset((w2, b1)) not in met:
                bad = copy.deepcopy(event)
                bad.pairs[rnd] = [(w1, b2) if p == (w1, b1) else (w2, b1) if p == (w2, b2) else p
                                  for p in event.pairs[rnd]]
                _complement(bad, rnd)
                return bad
    return None


def flip_colours(event: TeamEvent, rnd: int) -> TeamEvent | None:
    """The first match of round ``rnd`` played with the teams' colours reversed."""
    first = next((pair for pair in event.pairs[rnd] if pair[1]), None)
    if first is None:
        return None
    bad = copy.deepcopy(event)
    bad.pairs[rnd] = [(first[1], first[0]) if p == first else p for p in event.pairs[rnd]]
    return bad


def move_bye(event: TeamEvent, rnd: int) -> TeamEvent | None:
    """The pairing-allocated bye of round ``rnd`` given to the white team of the last match instead,
    whose opponent meets the former bye receiver (who never met it) in its place."""
    receiver = next((w for w, b in event.pairs[rnd] if not b), None)
    if receiver is None:
        return None
    met = _met(event)
    for white, black in reversed([pair for pair in event.pairs[rnd] if pair[1]]):
        if frozenset((receiver, black)) in met:
            continue
        bad = copy.deepcopy(event)
        bad.pairs[rnd] = [(white, 0) if p == (receiver, 0) else (receiver, black) if p == (white, black) else p
                          for p in event.pairs[rnd]]
        for player in bad.members(receiver):
            bad.results[(rnd, player)] = bad.results.pop((rnd, bad.members(white)[bad.members(receiver).index(player)]))
        _complement(bad, rnd)
        return bad
    return None
