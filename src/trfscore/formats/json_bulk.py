"""A JSON document's players and games checked and built column by column: the reader's hot path.

:func:`trfscore.formats.json_model.validate` checks a large document's players and games one
field at a time in Python (``_player_problems``, ``_game_problems``), which costs more than
decoding the JSON.  Here the same constraints, read from the same schema, are checked per column
over all players or all games at once (distinct types and values, C-level ``map``).  A document
these checks pass is one the per-field checks pass; anything irregular is left to the per-field
checks, so the findings for a bad document come from them alone.  Tests hold both to the same
verdicts.

The columns are then what the tournament is built from: players with ``map(Player, ...)``, and
the games of a clean document packed (:class:`~trfscore.model.PackedCells`, as the TRF bulk
reader keeps them) instead of one ``Game`` tuple per cell.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import chain, repeat
from operator import eq, is_, itemgetter
from typing import Any, NamedTuple

from ..model import Game, PackedCells

ABSENT = object()  # in a player column: the player does not have this key
#: One value per player or per game, as the decoded document holds it: any JSON value until checked.
Column = list[Any]
_NONE = type(None)
_HASHABLE: set[type] = {str, int, float, bool, _NONE}  # the JSON types a set can hold
_JSON_TYPES: dict[str, set[type]] = {"string": {str}, "integer": {int}, "number": {int, float}, "null": {_NONE}, "object": {dict},
               "array": {list}, "boolean": {bool}}


@dataclass
class Columns:
    """The players of a document as columns (key -> one value per player, :data:`ABSENT` where
    a player lacks the key), their games as five columns in ``Game`` field order, and each
    player's number of games."""

    players: dict[str, Column]
    games: tuple[Column, ...]
    counts: list[int]
    packed: PackedCells | None = None  # set by games_fine when the games are clean
    complete: bool = False  # every player has every key: no column holds ABSENT


def columns(players: Any, keys: list[str]) -> Columns | None:
    """``players`` as :class:`Columns` (``keys``: the player schema's properties); None unless
    every player is an object of those keys whose ``games`` is a list of objects holding the
    five game keys and nothing else."""
    if not isinstance(players, list):
        return None
    try:
        if not set(map(type, players)) <= {dict}:
            return None
        count = len(players)
        complete = set(map(len, players)) == {len(keys)}
        if complete:  # every player has every key (the usual document)
            own = _own_keys(players[0], keys) if players else keys
            values = list(zip(*map(itemgetter(*own), players))) if players else [()] * len(keys)
            by_key = dict(zip(keys, map(list, values)))
        else:
            by_key = {key: list(map(dict.get, players, repeat(key), repeat(ABSENT))) for key in keys}
            present = sum(count - column.count(ABSENT) for column in by_key.values())
            if present != sum(map(len, players)):  # a key the schema does not know
                return None
        lists = by_key["games"]
        if not set(map(type, lists)) <= {list}:
            return None
        games = list(chain.from_iterable(lists))
        game_columns = _game_columns(games)
        if game_columns is None:
            return None
        return Columns(by_key, game_columns, list(map(len, lists)), complete=complete)
    except (KeyError, TypeError):  # a game without one of the keys, or not an object
        return None


_GAME_KEYS = list(Game._fields)


def _own_keys(first: Any, keys: list[str]) -> list[str]:
    """``keys``, as the key objects of ``first`` when it is an object of those keys in that
    order: a decoded document shares one object per key text, so looking them up in its
    objects finds the same object instead of comparing strings."""
    own = list(first) if isinstance(first, dict) else keys
    return own if own == keys else keys


def _game_columns(games: list[Any]) -> tuple[Column, ...] | None:
    """The five game columns, in ``Game`` field order, when every game is an object of exactly
    the five keys (in any order), else None: every key looked up in every game (a game without
    one: KeyError; a game that is no object: TypeError, which the caller takes as "not
    columns"), so five keys per game on average are exactly those five in each."""
    keys = _own_keys(games[0], _GAME_KEYS) if games else _GAME_KEYS
    if sum(map(len, games)) != len(keys) * len(games):
        return None
    return tuple(list(map(itemgetter(key), games)) for key in keys)  # no tuple per game


def games_fine(cols: Columns, game: dict[str, Any], kinds: set[str]) -> bool:
    """Whether every game meets the ``game`` schema (``_game_problems`` finds nothing): integer
    round >= 1, opponent an integer >= 1 or null, colour and kind from their enums, a
    one-character code.  False means "ask the per-game checks"."""
    rounds, opponents, colours, codes, kinds_seen = cols.games
    if not rounds:
        return True
    cells = clean_cells(cols)
    if cells is not None:  # clean cells: only the opponents' types are left to check
        cols.packed = pack(cells)
        return opponents_fine(opponents)
    colour_enum = game["properties"]["colour"]["enum"]
    try:
        combos = set(zip(map(type, opponents), colours, codes, kinds_seen))
        if not all(kind in (int, _NONE) and colour in colour_enum and kind_name in kinds and type(code) is str
                   and len(code) == 1 for kind, colour, code, kind_name in combos):
            return False
        return set(map(type, rounds)) <= {int} and min(rounds) >= 1 and opponents_fine(opponents)
    except TypeError:  # an unhashable value (a list or an object where a scalar belongs)
        return False


def opponents_fine(opponents: Column) -> bool:
    """Integers >= 1 or null (types per value: in a set, ``True`` would pass for ``1``)."""
    return set(map(type, opponents)) <= {int, _NONE} and min(set(opponents) - {None}, default=1) >= 1


def players_fine(cols: Columns, start: int, full: dict[str, Any]) -> bool:
    """Whether the players from index ``start`` on meet the ``player`` schema in everything
    but their games and the content of their national records (``_player_problems`` finds
    nothing there): required keys, each property's JSON type and bounds, scores.
    False means "ask the per-player checks"."""
    defs = full["$defs"]
    player = defs["player"]
    props = player["properties"]
    if any(ABSENT in cols.players[key][start:] for key in player["required"]):
        return False
    for key, rule in props.items():
        if key == "games":  # see games_fine
            continue
        column = cols.players[key][start:]
        if key == "national":  # the type here; a non-empty one goes to jsonschema
            if not set(map(type, column)) <= {dict, object}:
                return False
            continue
        types = set(map(type, column))  # per value: in a set, False would stand for 0
        types.discard(object)  # ABSENT
        if "$ref" in rule:  # a score: the referenced definition's type (a JSON number, or null)
            ref = rule["$ref"].rsplit("/", 1)[-1]
            rule = defs[ref]
            if ref not in ("score", "nullableScore") or "type" not in rule:
                return False
        kinds = rule.get("type")
        if kinds is None:
            if not types <= _HASHABLE:
                return False
            continue
        allowed: set[type] = set().union(*(_JSON_TYPES[k] for k in ([kinds] if isinstance(kinds, str) else kinds)))
        if not types <= allowed:  # a bool or a whole float where an integer belongs: per player
            return False
        if "minimum" in rule or "maximum" in rule:
            try:
                values = set(column)
            except TypeError:  # an object or an array where the schema allows one
                return False
            values.discard(ABSENT)
            numbers = [v for v in values if type(v) in (int, float)]
            if numbers and (min(numbers) < rule.get("minimum", min(numbers))
                            or max(numbers) > rule.get("maximum", max(numbers))):
                return False
    return True


def with_national(cols: Columns, start: int) -> list[int]:
    """Positions (from ``start``) of the players with national records."""
    return [i for i, value in enumerate(cols.players["national"][start:], start) if value and value is not ABSENT]


def records_fine(records: Any, record: dict[str, Any]) -> bool:
    """Whether every source record meets the ``record`` schema and holds no line break, checked
    column by column: what ``_record_problems`` and ``_line_break_problems`` would find nothing
    in (kind and text strings, an end of line from the enum, an integer line, no other key).
    False means "ask the per-record checks"."""
    props = record["properties"]
    if not isinstance(records, list):
        return False
    try:
        if not set(map(type, records)) <= {dict} or not set(chain.from_iterable(records)) <= props.keys():
            return False
        kinds = list(map(dict.get, records, repeat("kind")))
        texts: list[Any] = list(map(dict.get, records, repeat("text")))
        if not set(map(type, kinds)) <= {str} or not set(kinds) <= set(props["kind"]["enum"]) \
                or not set(map(type, texts)) <= {str}:
            return False
        joined = "".join(texts)
        return ("\n" not in joined and "\r" not in joined
                and set(map(dict.get, records, repeat("eol"))) <= set(props["eol"]["enum"])
                and set(map(type, map(dict.get, records, repeat("line"), repeat(0)))) <= {int})
    except TypeError:  # an unhashable end of line
        return False


def clean_block(cols: Columns, full: dict[str, Any]) -> CleanCells | None:
    """The games of a block of players, unpadded, when every player (none with national
    records) passes :func:`players_fine` and every cell is clean (:func:`clean_cells`) with an
    opponent of the schema's type: what makes ``games_fine`` pack them.  Else None."""
    if not players_fine(cols, 0, full) or with_national(cols, 0):
        return None
    cells = clean_cells(cols)
    return cells if cells is not None and opponents_fine(cols.games[1]) else None


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
