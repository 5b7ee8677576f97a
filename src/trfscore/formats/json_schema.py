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
from functools import cache
from importlib import resources
from typing import Any

from .schema_problems import Problem, describe, problem

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
    try:
        if _validator(definition).is_valid(doc):
            return []
    except UnicodeEncodeError:  # a lone surrogate in a text handed over as str (a reader replaces them)
        return validate(encodable(doc), definition)
    return [describe(p) for p in problems(doc, definition)]


def problems(doc: Any, definition: str | None = None) -> list[Problem]:
    """The schema's errors in ``doc``, one per failing keyword and place, at most
    :data:`SHOWN_PROBLEMS`."""
    root = _root(definition)
    seen: set[tuple[tuple[Any, ...], tuple[Any, ...]]] = set()
    out: list[Problem] = []
    for error in _validator(definition).iter_errors(doc):
        key = (tuple(error.instance_path), tuple(error.schema_path))
        if key in seen:  # jsonschema-rs says a missing property each: one problem lists them all
            continue
        seen.add(key)
        out.append(problem(error, root))
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
