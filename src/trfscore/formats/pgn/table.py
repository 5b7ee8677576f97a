"""The games in the players' rows: one cell a round, clashes reported, empty cells filled."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ...model import Game, Kind, Player, Tournament
from .conventions import KIND_OF
from .games import Entry
from .records import GameRecord
from .rules import Sink

Rows = dict[int, dict[int, Game]]  # start rank -> round -> game
Place = Callable[[int, Game, GameRecord], bool]
#: an entry without a round: (white key, black key or None, codes, record), as in :data:`.games.Entry`
Unplaced = tuple[str, str | None, tuple[str, str], GameRecord]

_new = tuple.__new__  # Game(...) without the NamedTuple keyword machinery (hot path)


def place_games(entries: list[Entry], players: list[Player], sr_of: dict[str, int], sink: Sink) -> Rows:
    """The row of every player: the entries in their rounds, each game without a round in the first
    round both players are free; a second game in one round is reported (PGN108) and left out."""
    table: Rows = {p.start_rank: {} for p in players}
    place = _placer(table, players, sink)
    unplaced = _place_numbered(entries, table, sr_of, place)
    _place_unnumbered(unplaced, table, sr_of, place)
    return table


def _placer(table: Rows, players: list[Player], sink: Sink) -> Place:
    """``place(start rank, game, record)``: puts a game in a free cell, else reports the clash."""
    by_sr = {p.start_rank: p for p in players}

    def place(sr: int, game: Game, rec: GameRecord) -> bool:
        cells = table[sr]
        if game.round in cells:
            sink.add("PGN108", f"{by_sr[sr].name!r} has a second game in round {game.round} (line {rec.line}); "
                     "only the first is kept", rec.line, 1,
                     'if Round "3.1", "3.2" are games of a match, read with --round-mode round.game (round_mode="round.game")',
                     rec.round_text)
            return False
        cells[game.round] = game
        return True

    return place


def _place_numbered(entries: list[Entry], table: Rows, sr_of: dict[str, int], place: Place) -> list[Unplaced]:
    """The entries with a round in their cells; returns those without a round."""
    unplaced: list[Unplaced] = []
    new = _new
    for rnd, wk, bk, codes, rec in entries:
        if rnd is None:
            unplaced.append((wk, bk, codes, rec))
            continue
        w = sr_of[wk]
        if bk is None:
            _put(rnd, wk, bk, codes, sr_of, place, rec)
            continue
        b = sr_of[bk]
        wcells, bcells = table[w], table[b]
        if w == b or rnd in wcells or rnd in bcells:
            _put(rnd, wk, bk, codes, sr_of, place, rec)  # the slow path reports the clash
            continue
        c0, c1 = codes
        wcells[rnd] = new(Game, (rnd, b, "w", c0, KIND_OF[c0]))
        bcells[rnd] = new(Game, (rnd, w, "b", c1, KIND_OF[c1]))
    return unplaced


def _place_unnumbered(unplaced: list[Unplaced], table: Rows, sr_of: dict[str, int], place: Place) -> None:
    """The games without a round, each in the first round both players are free."""
    low: dict[int, int] = {}  # per player, a round such that every round before it is taken

    def first_free(cells: dict[int, Game], sr: int) -> int:
        rnd = low.get(sr, 1)
        while rnd in cells:
            rnd += 1
        low[sr] = rnd
        return rnd

    for wk, bk, codes, rec in unplaced:  # the first round both players are free
        w_cells = table[sr_of[wk]]
        b_cells = table[sr_of[bk]] if bk is not None else {}
        rnd = max(first_free(w_cells, sr_of[wk]), first_free(b_cells, sr_of[bk]) if bk is not None else 1)
        while rnd in w_cells or rnd in b_cells:
            rnd += 1
        _put(rnd, wk, bk, codes, sr_of, place, rec)


def _put(rnd: int, wk: str, bk: str | None, codes: tuple[str, str], sr_of: dict[str, int], place: Place,
         rec: GameRecord) -> None:
    """Place a game (or a bye: ``bk`` None) in the rows of its players, clashes reported."""
    w = sr_of[wk]
    if bk is None:
        code = codes[0]
        place(w, Game(rnd, None, None, code, KIND_OF[code]), rec)
        return
    b = sr_of[bk]
    if w == b:
        return
    place(w, _new(Game, (rnd, b, "w", codes[0], KIND_OF[codes[0]])), rec)
    place(b, _new(Game, (rnd, w, "b", codes[1], KIND_OF[codes[1]])), rec)


def fill_games(t: Tournament, table: Rows, rounds: int) -> None:
    """Every player's games, round by round: an empty cell is absent, or not scheduled when it is the
    one free player of a round of a round robin with an odd number of players."""
    players = t.players
    odd_rr = t.is_round_robin and len(players) % 2 == 1
    free_count: Counter[int] = Counter()
    if odd_rr:
        free_count.update(r for r in range(1, rounds + 1) for p in players if r not in table[p.start_rank])
    absent = [_new(Game, (r, None, None, " ", Kind.ABSENT)) for r in range(rounds + 1)]
    for p in players:
        cells = table[p.start_rank]
        if len(cells) == rounds:
            p.games = [cells[r] for r in range(1, rounds + 1)]
            continue
        p.games = [cells.get(r) or (Game(r, None, None, " ", Kind.NOT_SCHEDULED) if odd_rr and free_count[r] == 1
                                    else absent[r]) for r in range(1, rounds + 1)]
