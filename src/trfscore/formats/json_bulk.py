"""A schema-valid JSON document's players and games as columns, what the tournament is built from.

The players are made with ``map(Player, ...)`` over one column per key, and their games go into
the one cell store (:func:`~trfscore.cells.pack`, as every reader keeps them) instead of one
``Game`` tuple per cell.  The document is checked before, by
the published schema (:mod:`trfscore.formats.json_schema`): nothing here judges a value.
"""
from __future__ import annotations

from bisect import bisect_right
from functools import cache
from itertools import accumulate, chain, repeat
from operator import itemgetter
from typing import Any, NamedTuple

from ..cells import CHAR_OF_COLOUR, PackedCells, pack
from ..model import Game

ABSENT = object()  # in a player column: the player does not have this key
#: One value per player or per game, as the decoded document holds it.
Column = list[Any]


class Games(NamedTuple):
    """Every player's games in turn, compact: the opponents, and one character per game for its
    colour (``w``, ``b``, ``-`` for none), its code and its kind (``chr`` of its place in the
    schema's ``kind`` enum); each game is read in its place in its player's list, and
    ``misplaced`` is the first whose ``round`` says otherwise (player index, place, round).
    (This and :class:`Columns` are NamedTuples: a dataclass costs ~2.5 M instructions to make.)"""

    opponents: list[int | None]
    colours: str
    codes: str
    kinds: str
    misplaced: tuple[int, int, Any] | None


class Columns(NamedTuple):
    """The players of a document as columns (key -> one value per player, :data:`ABSENT` where
    a player lacks the key; no ``games`` key), their games (:class:`Games`) and each player's
    number of games."""

    players: dict[str, Column]
    games: Games
    counts: list[int]
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
    return Games(opponents, "".join(map(CHAR_OF_COLOUR.__getitem__, colours)), "".join(codes),
                 "".join(map(_kind_chars().__getitem__, kinds)), misplaced)


@cache
def _kind_chars() -> dict[str, str]:
    """The schema's kinds of game -> their character in :attr:`Games.kinds` (``chr`` of the
    kind's place in the schema's enum)."""
    from .json_schema import published

    return {name: chr(i) for i, name in enumerate(published()["$defs"]["kind"]["enum"])}


@cache
def _kind_of_char() -> dict[str, str]:
    """A character of :attr:`Games.kinds` -> its kind."""
    return {char: name for name, char in _kind_chars().items()}


# -- building -------------------------------------------------------------------------------

def packed(cols: Columns) -> PackedCells:
    """The games as one store (:func:`~trfscore.cells.pack`), row ``i`` for player ``i``, each
    game in its place: ``games`` then reads back equal to the document's."""
    games = cols.games
    return pack(cols.counts, games.opponents, games.colours, games.codes, games.kinds, kind_of_token=_kind_of_char())
