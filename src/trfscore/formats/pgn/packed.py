"""The fast path of :mod:`.table`: every game placed straight into packed columns.

When every game has a round and a known result (no ``*``), and the event is no round robin with
a free player each round, the cells go into one :class:`~trfscore.model.PackedCells` block (a
list of opponents and a string each of colours and result codes, row ``start rank - 1``)
instead of one ``Game`` tuple per cell: 100,000 games are 200,000 cells, 25 MB as tuples and
2 MB packed.  ``Game`` tuples are made when something asks for a player's games; the standings
read the columns.  The cells, the clashes reported (PGN108) and their order are those of the
general path, which a test holds them to.
"""
from __future__ import annotations

from typing import cast

from ...model import Kind, PackedCells, Player
from ..limits import too_sparse
from .conventions import KIND_OF
from .games import Entry, NumberedEntry
from .records import GameRecord
from .rules import Sink

#: Every code a packed PGN cell holds, and its kind (a blank cell is a round without an entry).
KIND_OF_CODE = {**{code: kind for code, kind in KIND_OF.items() if code != "X"}, " ": Kind.ABSENT}

_BLANK = ord(" ")


def packable(entries: list[Entry]) -> int | None:
    """The number of rounds when every entry has a round and a known result, else None."""
    rounds = 0
    for rnd, _, _, codes, _ in entries:
        if rnd is None or codes[0] in "X WLD":  # unknown, pending, not rated: the general path
            return None
        if rnd > rounds:
            rounds = rnd
    return rounds


def place_packed(entries: list[Entry], players: list[Player], sr_of: dict[str, int], rounds: int,
                 sink: Sink) -> PackedCells | None:
    """The cells of every player in one packed block (rows in start-rank order), clashes reported
    as :func:`.table.place_games` reports them; None when the cells would be mostly padding
    (then the general path reports it)."""
    n = len(players)
    if too_sparse(n, rounds, 2 * len(entries)):
        return None
    size = n * rounds
    opponents: list[int | None] = [None] * size
    colours = bytearray(b" ") * size
    codes = bytearray(b" ") * size
    names = [p.name for p in players]

    def clash(sr: int, rnd: int, rec: GameRecord) -> None:
        sink.add("PGN108", f"{names[sr - 1]!r} has a second game in round {rnd} (line {rec.line}); "
                 "only the first is kept", rec.line, 1,
                 'if Round "3.1", "3.2" are games of a match, read with --round-mode round.game '
                 '(round_mode="round.game")', rec.round_text)

    # every entry has a round: the caller asked :func:`packable` first
    for rnd, wk, bk, (c0, c1), rec in cast("list[NumberedEntry]", entries):
        w = sr_of[wk]
        i = (w - 1) * rounds + rnd - 1
        if bk is None:  # a bye
            if codes[i] != _BLANK:
                clash(w, rnd, rec)
            else:
                codes[i] = ord(c0)
            continue
        b = sr_of[bk]
        if w == b:
            continue
        j = (b - 1) * rounds + rnd - 1
        if codes[i] != _BLANK:
            clash(w, rnd, rec)
        else:
            opponents[i], colours[i], codes[i] = b, 119, ord(c0)  # 119: "w"
        if codes[j] != _BLANK:
            clash(b, rnd, rec)
        else:
            opponents[j], colours[j], codes[j] = w, 98, ord(c1)  # 98: "b"
    return PackedCells(rounds, opponents, colours.decode("ascii"), codes.decode("ascii"), KIND_OF_CODE)


def filled(cells: PackedCells) -> int:
    """How many cells hold a game or a bye."""
    return len(cells.codes) - cells.codes.count(" ")


def last_round(cells: PackedCells) -> int:
    """The last round in which some player has a game or a bye."""
    n = cells.n
    rows = len(cells.codes) // n if n else 0
    for rnd in range(n, 0, -1):
        if any(cells.codes[r * n + rnd - 1] != " " for r in range(rows)):
            return rnd
    return 0
