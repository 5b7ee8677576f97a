"""A schema-valid JSON document's players and games as columns, what the tournament is built from.

The players are made with ``map(Player, ...)`` over one column per key, and the games of a
document whose every cell is clean are packed (:class:`~trfscore.model.PackedCells`, as the TRF
reader keeps them) instead of one ``Game`` tuple per cell.  The document is checked before, by
the published schema (:mod:`trfscore.formats.json_schema`): nothing here judges a value.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import chain, repeat
from operator import eq, is_, itemgetter
from typing import Any, NamedTuple

from ..model import Game, PackedCells

ABSENT = object()  # in a player column: the player does not have this key
#: One value per player or per game, as the decoded document holds it.
Column = list[Any]


@dataclass
class Columns:
    """The players of a document as columns (key -> one value per player, :data:`ABSENT` where
    a player lacks the key; no ``games`` key), their games as five columns in ``Game`` field order, and each
    player's number of games."""

    players: dict[str, Column]
    games: tuple[Column, ...]
    counts: list[int]
    packed: PackedCells | None = None  # set when the games are clean (clean_cells)
    complete: bool = False  # every player has every key: no column holds ABSENT


def columns(players: list[dict[str, Any]], keys: list[str]) -> Columns:
    """The players of a schema-valid document as :class:`Columns` (``keys``: the player
    schema's properties)."""
    complete = set(map(len, players)) == {len(keys)}
    if complete:  # every player has every key (the usual document)
        own = _own_keys(players[0], keys) if players else keys
        values = list(zip(*map(itemgetter(*own), players))) if players else [()] * len(keys)
        by_key = dict(zip(keys, map(list, values)))
    else:
        by_key = {key: list(map(dict.get, players, repeat(key), repeat(ABSENT))) for key in keys}
    lists = by_key.pop("games")  # (the game objects themselves are not kept: a column each)
    return Columns(by_key, _game_columns(list(chain.from_iterable(lists))), list(map(len, lists)), complete=complete)


def extend(cols: Columns, more: Columns) -> None:
    """``cols`` followed by the players of ``more`` (a block of players read after them)."""
    for key, column in cols.players.items():
        column += more.players[key]
    for column, values in zip(cols.games, more.games):
        column += values
    cols.counts += more.counts
    cols.complete = cols.complete and more.complete


_GAME_KEYS = list(Game._fields)


def _own_keys(first: Any, keys: list[str]) -> list[str]:
    """``keys``, as the key objects of ``first`` when it is an object of those keys in that
    order: a decoded document shares one object per key text, so looking them up in its
    objects finds the same object instead of comparing strings."""
    own = list(first) if isinstance(first, dict) else keys
    return own if own == keys else keys


def _game_columns(games: list[dict[str, Any]]) -> tuple[Column, ...]:
    """The five game columns, in ``Game`` field order (no tuple per game)."""
    keys = _own_keys(games[0], _GAME_KEYS) if games else _GAME_KEYS
    rounds, opponents, colours, codes, kinds = (list(map(itemgetter(key), games)) for key in keys)
    # the decoder makes a string object per value: one object per distinct colour, code and kind
    # instead (a few instead of 390,000 for 10,000 players of 13 rounds)
    shared: dict[str | None, str | None] = {}
    return rounds, opponents, *(list(map(shared.setdefault, column, column)) for column in (colours, codes, kinds))


# -- building -------------------------------------------------------------------------------

class CleanCells(NamedTuple):
    """A block of players' games, every cell clean (see :func:`clean_cells`), unpadded: the
    opponents, colour letters (``-`` for none) and result codes of each player's games in turn."""

    counts: list[int]
    opponents: list[int | None]
    colours: str
    codes: str


def clean_cells(cols: Columns) -> CleanCells | None:
    """The games, unpadded, when every cell is one the TRF bulk reader would pack: a clean cell
    (:data:`~trfscore.formats.trf.player.CELLS`) whose kind is the one its code stands for
    (:data:`~trfscore.formats.trf.bulk.KIND_BY_CODE`), an opponent exactly when the code is a
    game's, a colour exactly when there is an opponent, rounds 1, 2, 3 ... (at most 256);
    nobody paired with themself.  Else None.  Each condition is one player's, so the cells of
    a document read a block of players at a time are clean when each block's are.  The
    opponents' types are left to the caller."""
    from .trf.bulk import KIND_BY_CODE

    rounds, opponents, colours, codes, kinds = cols.games
    counts = cols.counts
    unpaired_of_code = _unpaired_of_code()
    try:
        if not set(codes) <= KIND_BY_CODE.keys():
            return None
        chars = "".join(map(_CHAR_OF_COLOUR.__getitem__, colours))  # "w", "b" or null, each
    except (TypeError, KeyError):  # unhashable, or another colour
        return None
    if unpaired_of_code is None:  # pragma: no cover
        return None
    result = "".join(codes)
    unpaired = result.translate(unpaired_of_code).encode("latin-1")
    if bytes(map(is_, opponents, repeat(None))) != unpaired or chars.translate(_NO_COLOUR).encode() != unpaired:
        return None
    if list(map(KIND_BY_CODE.__getitem__, result)) != kinds:
        return None
    expected = list(chain.from_iterable(map(range, repeat(1), [c + 1 for c in counts])))
    if max(counts, default=0) > 256 or not all(map(is_, rounds, expected)):  # 1 .. 256: single int objects
        return None
    if any(map(eq, opponents, chain.from_iterable(map(repeat, cols.players["start_rank"], counts)))):
        return None
    return CleanCells(counts, opponents, chars, result)


_CHAR_OF_COLOUR = {"w": "w", "b": "b", None: "-"}  # a cell's colour as a packed block keeps it
_NO_COLOUR = {ord("w"): 0, ord("b"): 0, ord("-"): 1}


@cache
def _unpaired_of_code() -> dict[int, int] | None:
    """For each code of a clean cell (:data:`~trfscore.formats.trf.player.CELLS`), 1 when it is
    clean without an opponent, 0 when with one (as ``str.translate`` takes it); None if a code
    were clean both ways or had no kind."""
    from .trf.bulk import KIND_BY_CODE
    from .trf.player import CELLS

    with_opponent = {code for (has, colour, code), (_, problem) in CELLS.items() if has and problem is None}
    without = {code for (has, colour, code), (_, problem) in CELLS.items() if not has and problem is None}
    if with_opponent & without or not with_opponent | without <= KIND_BY_CODE.keys():
        return None
    return {ord(c): 1 if c in without else 0 for c in KIND_BY_CODE}


def pack(cells: CleanCells) -> PackedCells:
    """Clean cells as one packed block, row ``i`` for player ``i``: each player's ``games``
    then reads back equal to the document's."""
    from .trf.bulk import KIND_BY_CODE

    counts, opponents, chars, result = cells
    n = max(counts)
    if min(counts) == n:
        return PackedCells(n, opponents, chars, result, KIND_BY_CODE)
    flat: list[int | None] = []
    colour_rows: list[str] = []
    code_rows: list[str] = []
    begin = 0
    for count in counts:  # rows shorter than the longest get "no entry" cells
        end = begin + count
        short = n - count
        flat += opponents[begin:end]
        flat += [None] * short
        colour_rows.append(chars[begin:end] + " " * short)
        code_rows.append(result[begin:end] + " " * short)
        begin = end
    return PackedCells(n, flat, "".join(colour_rows), "".join(code_rows), KIND_BY_CODE)


_tuple_new = tuple.__new__


def games_of(cols: Columns) -> list[list[Game]]:
    """Each player's games as ``Game`` tuples, straight from the columns."""
    games = list(map(_tuple_new, repeat(Game), zip(*cols.games)))
    out = []
    begin = 0
    for count in cols.counts:
        out.append(games[begin:begin + count])
        begin += count
    return out
