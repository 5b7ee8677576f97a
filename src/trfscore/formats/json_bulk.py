"""A schema-valid JSON document's players and games as columns, what the tournament is built from.

The players are made with ``map(Player, ...)`` over one column per key, and the games of a
document whose every cell is clean are packed (:class:`~trfscore.model.PackedCells`, as the TRF
reader keeps them) instead of one ``Game`` tuple per cell.  The document is checked before, by
the published schema (:mod:`trfscore.formats.json_schema`): nothing here judges a value.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, chain, repeat
from operator import eq, is_, itemgetter
from typing import Any, NamedTuple

from ..model import Game, PackedCells

ABSENT = object()  # in a player column: the player does not have this key
#: One value per player or per game, as the decoded document holds it.
Column = list[Any]


@dataclass
class Games:
    """Every player's games in turn, compact: the opponents, and one character per game for its
    colour (``w``, ``b``, ``-`` for none), its code and its kind (``chr`` of its place in the
    schema's ``kind`` enum); each game is read in its place in its player's list, and
    ``misplaced`` is the first whose ``round`` says otherwise (player index, place, round)."""

    opponents: list[int | None]
    colours: str
    codes: str
    kinds: str
    misplaced: tuple[int, int, Any] | None


@dataclass
class Columns:
    """The players of a document as columns (key -> one value per player, :data:`ABSENT` where
    a player lacks the key; no ``games`` key), their games (:class:`Games`) and each player's
    number of games."""

    players: dict[str, Column]
    games: Games
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
    lists = by_key.pop("games")  # (the game objects themselves are not kept)
    counts = list(map(len, lists))
    return Columns(by_key, _games(list(chain.from_iterable(lists)), counts), counts, complete=complete)


def joined(parts: list[Columns], keys: list[str]) -> Columns:
    """The columns of blocks of players read in turn, as one."""
    if len(parts) == 1:
        return parts[0]
    players: dict[str, Column] = {key: [] for key in keys if key != "games"}
    opponents: list[int | None] = []
    counts: list[int] = []
    misplaced = None
    for part in parts:
        for key, column in players.items():
            column += part.players[key]
        if misplaced is None and part.games.misplaced is not None:
            i, place, said = part.games.misplaced
            misplaced = (i + len(counts), place, said)
        opponents += part.games.opponents
        counts += part.counts
    games = Games(opponents, "".join(part.games.colours for part in parts), "".join(part.games.codes for part in parts),
                  "".join(part.games.kinds for part in parts), misplaced)
    return Columns(players, games, counts, complete=all(part.complete for part in parts))


_GAME_KEYS = list(Game._fields)


def _own_keys(first: Any, keys: list[str]) -> list[str]:
    """``keys``, as the key objects of ``first`` when it is an object of those keys in that
    order: a decoded document shares one object per key text, so looking them up in its
    objects finds the same object instead of comparing strings."""
    own = list(first) if isinstance(first, dict) else keys
    return own if own == keys else keys


def _games(games: list[dict[str, Any]], counts: list[int]) -> Games:
    """The games as :class:`Games` (``counts``: each player's number of games)."""
    keys = _own_keys(games[0], _GAME_KEYS) if games else _GAME_KEYS
    rounds, opponents, colours, codes, kinds = (list(map(itemgetter(key), games)) for key in keys)
    places = list(chain.from_iterable(map(range, repeat(1), [c + 1 for c in counts])))
    misplaced = None
    if rounds != places:
        at = next(at for at, (said, place) in enumerate(zip(rounds, places)) if said != place)
        misplaced = (bisect_right(list(accumulate(counts)), at), places[at], rounds[at])
    return Games(opponents, "".join(map(_CHAR_OF_COLOUR.__getitem__, colours)), "".join(codes),
                 "".join(map(_kind_chars().__getitem__, kinds)), misplaced)


@cache
def _kind_names() -> tuple[str, ...]:
    """The schema's kinds of game, in its order (:attr:`Games.kinds` holds ``chr`` of a place)."""
    from .json_schema import published

    return tuple(published()["$defs"]["kind"]["enum"])


@cache
def _kind_chars() -> dict[str, str]:
    return {name: chr(i) for i, name in enumerate(_kind_names())}


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

    games = cols.games
    opponents, chars, result = games.opponents, games.colours, games.codes
    counts = cols.counts
    unpaired_of_code = _unpaired_of_code()
    if not set(result) <= KIND_BY_CODE.keys() or unpaired_of_code is None:
        return None
    unpaired = result.translate(unpaired_of_code).encode("latin-1")
    if bytes(map(is_, opponents, repeat(None))) != unpaired or chars.translate(_NO_COLOUR).encode() != unpaired:
        return None
    if result.translate(_kind_of_code()) != games.kinds:
        return None
    if max(counts, default=0) > 256 or games.misplaced is not None:
        return None
    if any(map(eq, opponents, chain.from_iterable(map(repeat, cols.players["start_rank"], counts)))):
        return None
    return CleanCells(counts, opponents, chars, result)


_CHAR_OF_COLOUR = {"w": "w", "b": "b", None: "-"}  # a cell's colour as a packed block keeps it
_COLOUR_OF_CHAR = {"w": "w", "b": "b", "-": None}
_NO_COLOUR = {ord("w"): 0, ord("b"): 0, ord("-"): 1}


@cache
def _kind_of_code() -> dict[int, str]:
    """Each code's kind (:data:`~trfscore.formats.trf.bulk.KIND_BY_CODE`) as its character in
    :attr:`Games.kinds`, for ``str.translate``; a kind the schema does not name maps to none."""
    from .trf.bulk import KIND_BY_CODE

    return {ord(code): _kind_chars().get(kind, "?") for code, kind in KIND_BY_CODE.items()}


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
    """Each player's games as ``Game`` tuples, each in its place (its round)."""
    g = cols.games
    places = chain.from_iterable(map(range, repeat(1), [c + 1 for c in cols.counts]))
    colours = map(_COLOUR_OF_CHAR.__getitem__, g.colours)
    kinds = map(_kind_names().__getitem__, map(ord, g.kinds))
    games = list(map(_tuple_new, repeat(Game), zip(places, g.opponents, colours, g.codes, kinds)))
    out = []
    begin = 0
    for count in cols.counts:
        out.append(games[begin:begin + count])
        begin += count
    return out
