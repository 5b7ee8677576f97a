"""Team rounds as the boards tell them: who played, against which team, for how many game points.

For each team and round the members' ``001`` cells are read in board order: the line-up of a 300
record when there is one, else the members in their 310/013 order, skipping members without a
game (reserves, absences).  A board counts when its cell names an opponent, or when it is a win
by forfeit against an empty board (``0000 - +``).  The board points use the tournament's game
scoring (162), through the scoring kernel (``Scoring.table``).  The opponent team is the team
most boards face (TRF606 when some face another); the team's colour is that of its board-1
player, derived through the 352 sequence when board 1 is empty.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from ..findings import Finding
from ..formats.trf.layout import round_column
from ..model import Game, Kind, Player, ScoreTable, Tournament
from .rules import finding

__all__ = ["BoardMatch", "read_boards", "points_against", "board_points"]

_FLIP = {"w": "b", "b": "w"}
_MIRROR = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS,
           Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN, Kind.UNKNOWN: Kind.UNKNOWN}
_OTB = Kind.PLAYED | {Kind.UNKNOWN}


@dataclass
class BoardMatch:
    """One team's boards in one round."""

    team: int
    round: int
    players: list[Player | None] = field(default_factory=list)  # board order; None = empty board
    cells: list[Game | None] = field(default_factory=list)
    board_points: list[Fraction | None] = field(default_factory=list)  # each cell's points; None = no cell
    opponent: int | None = None  # the team most boards face
    colour: str | None = None
    game_points: Fraction = Fraction(0)
    empty_wins: Fraction = Fraction(0)  # points of boards won by forfeit against an empty board
    over_the_board: bool = False  # some board was played over the board
    outside: int = 0  # boards facing players of no team

    @property
    def start_ranks(self) -> tuple[int | None, ...]:
        return tuple(p.start_rank if p is not None else None for p in self.players)


def board_points(table: ScoreTable, g: Game) -> Fraction:
    """A board's points under the game scoring (162) as the scoring kernel ``table`` gives them
    (``Tournament.scoring.table()``, fetched once by the caller); a forfeit win against an empty
    board is a forfeit win (not a PAB)."""
    kind = Kind.FORFEIT_WIN if g.opponent is None and g.code == "+" else g.kind
    return Fraction(table.scaled((kind, g.colour)), table.unit)


def _in_match(p: Player, g: Game) -> bool:
    """A board of a match: a game against somebody else, or a win by forfeit against an empty board."""
    return g.opponent != p.start_rank if g.opponent is not None else g.code == "+"


def read_boards(t: Tournament, members: dict[int, list[int]], member_team: dict[int, int], rounds: int,
                lineups: dict[tuple[int, int], list[int | None]], sequence: str,
                add: Callable[[Finding], None]) -> dict[tuple[int, int], BoardMatch]:
    """``(team, round) -> BoardMatch`` for every team round with at least one board."""
    out: dict[tuple[int, int], BoardMatch] = {}
    table = t.scoring.table()
    seq = sequence or "WB"
    for number, ranks in members.items():
        for rnd in range(1, rounds + 1):
            lineup = lineups.get((number, rnd))
            if lineup is not None:
                players = [t.player(rank) if rank else None for rank in lineup]
            else:
                players = [p for p in map(t.player, ranks) if p is not None and _in_match(p, p.game(rnd))]
            if not any(p is not None and _in_match(p, p.game(rnd)) for p in players):
                continue
            bm = BoardMatch(number, rnd, players)
            faced: Counter[int] = Counter()
            first: dict[int, Player] = {}
            for k, p in enumerate(players):
                if p is None or not _in_match(p, g := p.game(rnd)):
                    bm.cells.append(None)  # an empty board, or a line-up player without a game this round
                    bm.board_points.append(None)
                    continue
                bm.cells.append(g)
                points = board_points(table, g)
                bm.board_points.append(points)
                bm.game_points += points
                if g.opponent is None:
                    bm.empty_wins += points
                    continue
                if g.kind in _OTB:
                    bm.over_the_board = True
                other = member_team.get(g.opponent)
                if other is None or other == number:
                    bm.outside += 1
                else:
                    faced[other] += 1
                    first.setdefault(other, p)
                if bm.colour is None and g.colour in _FLIP:
                    same = seq[k % len(seq)] == seq[0]
                    bm.colour = g.colour if same else _FLIP[g.colour]
            if faced:
                bm.opponent = min(faced, key=lambda o: (-faced[o], o))
                for other in sorted(faced):
                    if other != bm.opponent:
                        p = first[other]
                        add(finding("TRF606", f"round {rnd}: player {p.start_rank} of team {number} plays a member "
                                    f"of team {other}, but the team's other boards face team {bm.opponent}; the "
                                    "team standings count the board against the match with "
                                    f"team {bm.opponent}", p.line, round_column(rnd),
                                    "all boards of a team match face the same team"))
            out[(number, rnd)] = bm
    return out


def points_against(t: Tournament, table: ScoreTable, bm: BoardMatch, opponent_members: set[int],
                   opponent_match: BoardMatch | None) -> Fraction:
    """The game points the opponent team scored against ``bm``'s team: the opponents' own cells
    on ``bm``'s boards (the mirror of ``bm``'s cell when theirs does not name ``bm``'s player), plus
    the opponent's boards won against an empty board when its boards face ``bm``'s team."""
    total = Fraction(0)
    rnd = bm.round
    for p, g in zip(bm.players, bm.cells):
        if g is None or p is None or g.opponent not in opponent_members:  # a cell has a player
            continue
        q = t.player(g.opponent)
        qg = q.game(rnd) if q is not None else None
        if qg is None or qg.opponent != p.start_rank:
            qg = Game(rnd, p.start_rank, _FLIP.get(g.colour or ""), g.code, _MIRROR.get(g.kind, g.kind))
        total += board_points(table, qg)
    if opponent_match is not None and opponent_match.opponent == bm.team:
        total += opponent_match.empty_wins
    return total
