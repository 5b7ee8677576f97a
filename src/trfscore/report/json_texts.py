"""The JSON texts of one column of the report's rows, written a column at a time: what
``json.dumps`` writes for each value, each distinct value converted once.  :mod:`.columns` gives
its JSON columns these texts and :mod:`.json_report` joins them into rows."""
from __future__ import annotations

import json
import math
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any

from ..decimals import json_number
from ..standings import RankColumns
from .values import each_once

json_string = json.encoder.encode_basestring  # a JSON string, as json.dumps(..., ensure_ascii=False)
encode_value = json.JSONEncoder(ensure_ascii=False).encode  # a nested value, as dumps encodes its rows


def score_texts(values: list[Any]) -> list[str]:
    """JSON texts of exact scores, each distinct value converted once (:func:`.values.each_once`)."""
    return each_once(_score_json_text, values)


def _score_json_text(value: Any) -> str:
    return _score_text(json_number(value))


def _score_text(value: float | int | str | None) -> str:
    """What ``json.dumps`` writes for a :func:`~trfscore.decimals.json_number` value (finite numbers only),
    without building an encoder for each value."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return json_string(value)
    return repr(value)


def dict_texts(rows: list[Any]) -> list[str]:
    """JSON texts of dicts of one layout (the rating rows: :func:`.values.rating_row`), written a
    field at a time, each distinct value of a field once; rows of mixed layouts (or not dicts)
    through the general encoder, as before."""
    keys = tuple(rows[0]) if rows and type(rows[0]) is dict else None
    if keys is None or set(map(type, rows)) != {dict} or not all(map(keys.__eq__, map(tuple, rows))):
        return list(map(encode_value, rows))
    return object_texts(list(keys), [_field_texts(list(map(itemgetter(key), rows))) for key in keys], len(rows))


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _field_texts(values: list[Any]) -> list[str]:
    """JSON texts of one field's values: scalars each distinct value once, empty lists as
    ``[]``, anything else through the general encoder."""
    types = set(map(type, values))
    if not types <= _SCALARS:
        return [encode_value(v) if v != [] else "[]" for v in values]
    distinct = set(values)
    # 1, 1.0 and True are one key of a set: write them apart when a field mixes such types
    if len(types & {int, float, bool}) > 1 and len(set(zip(map(type, values), values))) != len(distinct):
        return list(map(encode_value, values))
    texts = {v: _scalar_text(v) for v in distinct}
    return list(map(texts.__getitem__, values))


def _scalar_text(value: Any) -> str:
    """What ``json.dumps`` writes for a str, int, float, bool or None."""
    if value is None or type(value) is bool or (type(value) is float and not math.isfinite(value)):
        return encode_value(value)
    return json_string(value) if type(value) is str else repr(value)


def string_texts(values: list[Any]) -> list[str]:
    """JSON texts of strings (a TypeError for anything else)."""
    return list(map(json_string, values))


class RowParts(tuple[Any, ...]):
    """The JSON texts of a column given as the parts of each row's text, in order: a ``str``
    is the same in every row, a list holds each row's text (the layout of
    :func:`.common.join_rows`).  The JSON report joins them into its rows as they are, so an
    object field (the tie-breaks, the declared values) makes no text of its own per row."""


def object_parts(keys: list[str], columns: list[list[str]]) -> RowParts:
    """JSON objects as :class:`RowParts`, ``keys[k]`` holding the texts of ``columns[k]``."""
    if not keys:
        return RowParts(("{}",))
    parts: list[str | list[str]] = []
    for n, (key, column) in enumerate(zip(keys, columns)):
        parts += [("{" if n == 0 else ", ") + json.dumps(key, ensure_ascii=False) + ": ", column]
    return RowParts((*parts, "}"))


def row_texts(parts: RowParts, count: int) -> list[str]:
    """The ``count`` rows' texts the parts make."""
    return list(map("".join, zip(*[repeat(part, count) if isinstance(part, str) else part for part in parts])))


def object_texts(keys: list[str], columns: list[list[str]], count: int) -> list[str]:
    """``count`` JSON objects as texts, ``keys[k]`` holding the texts of ``columns[k]``."""
    return row_texts(object_parts(keys, columns), count)


#: The ``Player`` attributes the JSON rows take as they are (the declared points and rank among them).
PLAYER_FIELDS = ("title", "name", "federation", "rating", "fide_id", "points", "rank")
_FIELDS = attrgetter(*PLAYER_FIELDS)


def player_fields(table: RankColumns) -> dict[str, list[Any]]:
    """The players' :data:`PLAYER_FIELDS` by name, each a column in rank order.  They are read in
    start-rank order when the table knows it: that is the order the players were made in, and
    reading 10,000 objects' fields in memory order takes half the time; their rows of fields are
    then put in rank order at once (not each column)."""
    if table.order is None or table.by_start_rank is None:
        rows = list(map(_FIELDS, table.players))
    else:
        rows = list(map(list(map(_FIELDS, table.by_start_rank)).__getitem__, table.order))
    columns = [list(column) for column in zip(*rows)]
    return dict(zip(PLAYER_FIELDS, columns or [[] for _ in PLAYER_FIELDS]))


def integer_texts(values: list[int | None]) -> list[str]:
    """JSON texts of optional integers, each distinct value converted once (a TypeError for
    anything else)."""
    distinct = set(values)
    if not set(map(type, distinct)) <= _OPTIONAL_INT:
        raise TypeError("not an integer")
    texts = dict(zip(distinct, map(str, distinct)))  # (in C: a column of 10,000 ranks holds 10,000)
    if None in texts:
        texts[None] = "null"
    return list(map(texts.__getitem__, values))


_OPTIONAL_INT = frozenset({int, type(None)})
