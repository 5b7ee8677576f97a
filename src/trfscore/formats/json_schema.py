"""The published JSON Schema (``schema/tournament.schema.json``) and every document checked by it.

One validator for every document of every size: jsonschema-rs (a compiled draft 2020-12
validator, PyPI ``jsonschema-rs``) on the schema file itself, compiled once per document kind and
process.  The pure-Python ``jsonschema`` took 55-164 ms for a document of 100-300 players and
seconds for 10,000, which had made the reader validate large documents on a sample plus a hand
copy of the schema's constraints; jsonschema-rs checks the 130,000 games of a 10,000-player
document in about 40 ms, a fraction of decoding its JSON (docs/performance.md).
"""
from __future__ import annotations

import json
from copy import deepcopy
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .schema_problems import Problem

#: At most this many problems are described for one document (each one a finding).
SHOWN_PROBLEMS = 50


@cache
def published() -> dict[str, Any]:
    """The packaged schema as decoded once: read it, never change it (:func:`schema` gives a
    copy to change)."""
    text = resources.files("trfscore").joinpath("schema", "tournament.schema.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


def schema() -> dict[str, Any]:
    """The packaged JSON Schema (all trfscore documents), a copy the caller may change."""
    return deepcopy(published())


@cache
def _root(definition: str | None) -> dict[str, Any]:
    """The schema a document is checked against: the whole ``oneOf`` of document kinds, or one
    kind (``$defs/<definition>``) for clearer messages."""
    root = dict(published())
    if definition:
        root.pop("oneOf", None)
        root["$ref"] = f"#/$defs/{definition}"
    return root


@cache
def _validator(definition: str | None) -> Any:
    """The compiled validator of :func:`_root` (``format`` an annotation, as draft 2020-12 says)."""
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(_root(definition), validate_formats=False)


def validate(doc: Any, definition: str | None = None) -> list[tuple[str, str]]:
    """Schema errors as (message, JSON Pointer) pairs, at most :data:`SHOWN_PROBLEMS`; empty
    when ``doc`` is valid.

    ``definition`` checks against one document kind (``tournamentDocument``, ``reportDocument``,
    ``teamReportDocument``, ``checkDocument``, ``explanationDocument``) instead of the schema's
    ``oneOf``, for clearer messages.
    """
    return _described(doc, definition, ())


#: Where a tournament document's players are in the schema: an array of ``$defs/player``, each
#: item checked on its own (no keyword of ``tournamentDocument`` relates the players to the rest
#: of the document, which tests/formats/test_json_reader.py holds), so a document can be checked
#: a block of players at a time.
PLAYERS = "tournamentDocument/properties/players"


def player_problems(block: list[Any], first: int) -> list[tuple[str, str]]:
    """:func:`validate` of a block of a tournament document's players, the first of them the
    document's player ``first``: the problems as the whole document's validation says them."""
    return _described(block, PLAYERS, ("players", first))


def _described(value: Any, definition: str | None, where: tuple[str, int] | tuple[()]) -> list[tuple[str, str]]:
    try:
        if _validator(definition).is_valid(value):
            return []
    except UnicodeEncodeError:  # a lone surrogate in a text handed over as str (a reader replaces them)
        return _described(encodable(value), definition, where)
    from .schema_problems import describe  # (what says a problem: only for a document the schema rejects)

    return [describe(p) for p in problems(value, definition, where)]


def problems(doc: Any, definition: str | None = None, where: tuple[str, int] | tuple[()] = ()) -> list[Problem]:
    """The schema's errors in ``doc``, one per failing keyword and place, at most
    :data:`SHOWN_PROBLEMS`.  ``where``: (key, first index) when ``doc`` is a part of an array
    under that key of a larger document."""
    from .schema_problems import problem

    root = _root(definition)
    seen: set[tuple[tuple[Any, ...], tuple[Any, ...]]] = set()
    out: list[Problem] = []
    for error in _validator(definition).iter_errors(doc):
        key = (tuple(error.instance_path), tuple(error.schema_path))
        if key in seen:  # jsonschema-rs says a missing property each: one problem lists them all
            continue
        seen.add(key)
        found = problem(error, root)
        if where:
            path = found.absolute_path
            shifted = (where[0], where[1] + int(path[0]), *path[1:]) if path else (where[0],)
            found = replace(found, absolute_path=shifted)
        out.append(found)
        if len(out) == SHOWN_PROBLEMS:
            break
    return out


def encodable(value: Any) -> Any:
    """``value`` with U+FFFD for each lone UTF-16 surrogate in its strings (which no UTF-8 writer,
    nor the validator, can encode)."""
    if isinstance(value, str):
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value)
        return value
    if isinstance(value, dict):
        return {encodable(k): encodable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [encodable(v) for v in value]
    return value
