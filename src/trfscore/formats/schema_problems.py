"""Schema violations said so that a person can fix them: where (a JSON Pointer, RFC 6901), what
was expected and what was found, on one line each (``/players/3/rating: expected an integer or
null, found the string "2100"``), instead of the validator's message with the whole instance.

The errors come from jsonschema-rs (:mod:`trfscore.formats.json_schema`); each is read through
:class:`Problem`, which finds the failing keyword's value and the schema object holding it in the
published schema by the error's keyword location."""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .json_pointer import pointer

#: How much of a found value a message shows.
SHOWN = 40

_ARTICLE = {"integer": "an integer", "number": "a number", "string": "a string", "boolean": "true or false",
            "object": "an object", "array": "an array", "null": "null"}
#: JSON type names of the Python types json.loads makes (other than null, booleans and numbers)
_TYPE_NAMES: dict[type, str] = {str: "string", list: "array", dict: "object"}


def where(parts: Iterable[object]) -> str:
    """The pointer as a message shows it (the whole document as ``(document root)``): control
    characters in a name escaped (``\\n``), so that every problem stays on one line."""
    text = pointer(parts)
    if any(ch < " " or ch == "\x7f" for ch in text):
        text = json.dumps(text, ensure_ascii=False)[1:-1]
    return text or "(document root)"


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def key_text(key: Any) -> str:
    """A property name as a message shows it: on one line (control characters escaped), cut."""
    text = json.dumps(str(key), ensure_ascii=False)[1:-1]
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def found(value: Any) -> str:
    """A short description of a found value: its type and (cut) text."""
    kind = json_type(value)
    if isinstance(value, dict):
        keys = ", ".join(map(key_text, list(value)[:5])) + (", ..." if len(value) > 5 else "")
        return f"an object with keys {keys}" if value else "an empty object"
    if isinstance(value, list):
        return f"an array of {len(value)} item{'s' if len(value) != 1 else ''}"
    if value is None:
        return "null"
    text = json.dumps(value, ensure_ascii=False)
    if len(text) > SHOWN:
        text = text[:SHOWN] + "..."
    return f"the {kind} {text}" if kind in ("string", "integer", "number") else text


def types_text(spec: Any) -> str:
    """JSON Schema ``type`` names as words (``["integer", "null"]`` -> ``an integer or null``)."""
    names = [spec] if isinstance(spec, str) else list(spec)
    words = [_ARTICLE.get(n, n) for n in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _values(values: Any) -> str:
    shown = [json.dumps(v, ensure_ascii=False) for v in values]
    return "one of " + ", ".join(shown[:12]) + (", ..." if len(shown) > 12 else "")


@dataclass(frozen=True)
class Problem:
    """One schema violation: the failing keyword (``validator``), its value in the schema, the
    schema object holding it, the failing value (``instance``) and where it is in the document
    (``absolute_path``); ``context``: for ``oneOf``/``anyOf``, the alternatives' problems."""

    validator: str
    validator_value: Any
    schema: Any
    instance: Any
    absolute_path: tuple[str | int, ...]
    context: tuple[Problem, ...] = ()


def problem(error: Any, root: Mapping[str, Any]) -> Problem:
    """A jsonschema-rs ``ValidationError`` as a :class:`Problem`: its keyword location
    (``schema_path``, ``$ref`` resolved) looked up in ``root``, the schema validated against."""
    location = list(error.schema_path)
    holder: Any = root
    for part in location[:-1]:
        holder = holder[part]
    keyword = str(location[-1]) if location else ""
    value = holder.get(keyword) if isinstance(holder, Mapping) else None
    alternatives = getattr(error.kind, "context", None) or ()
    context = tuple(problem(e, root) for alternative in alternatives for e in alternative)
    inner = getattr(error.kind, "error", None)  # propertyNames: the name that failed, not the object
    instance = inner.instance if error.kind.name == "propertyNames" and inner is not None else error.instance
    return Problem(keyword, value, holder, instance, tuple(error.instance_path), context)


def expected(error: Problem) -> str:
    """What the schema asks for at the failing place."""
    v = error.validator
    arg: Any = error.validator_value  # the keyword's value in the schema: any JSON value
    if v == "type":
        return types_text(arg)
    if v == "required":
        missing = [k for k in arg if isinstance(error.instance, dict) and k not in error.instance]
        return "the properties " + ", ".join(missing or arg)
    if v == "additionalProperties":
        allowed = sorted(_properties(error))
        return "only the properties " + ", ".join(allowed) if allowed else "no other properties"
    if v == "enum":
        return _values(arg)
    if v == "const":
        return json.dumps(arg)
    if v in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        sign = {"minimum": ">=", "exclusiveMinimum": ">", "maximum": "<=", "exclusiveMaximum": "<"}[v]
        types = error.schema.get("type", "number") if isinstance(error.schema, Mapping) else "number"
        whole = "integer" in types and "number" not in types  # (a type name, or a list of them)
        return f"{'an integer' if whole else 'a number'} {sign} {arg}"
    if v == "pattern":
        return f"text matching {arg}"
    if v in ("minLength", "maxLength"):
        return f"text of {'at least' if v == 'minLength' else 'at most'} {arg} characters"
    if v in ("minItems", "maxItems"):
        return f"{'at least' if v == 'minItems' else 'at most'} {arg} items"
    if v == "format":
        return f"a {arg} (YYYY-MM-DD)" if arg == "date" else f"a {arg}"
    if v == "propertyNames":
        return "property names " + (_values(arg["enum"]) if isinstance(arg, dict) and "enum" in arg
                                    else json.dumps(arg))
    if v in ("oneOf", "anyOf"):
        return "one of the document kinds" if not error.absolute_path else "a value of another shape"
    return str(v)  # another keyword of the schema, by its name


def _properties(error: Problem) -> set[str]:
    """The properties the failing schema names (an ``additionalProperties`` error)."""
    schema = error.schema
    return set((schema.get("properties") or {}).keys()) if isinstance(schema, Mapping) else set()


def _found(error: Problem) -> str:
    v = error.validator
    if v == "additionalProperties" and isinstance(error.instance, dict):
        allowed = _properties(error)
        extra = [k for k in error.instance if k not in allowed]
        return "the propert" + ("y " if len(extra) == 1 else "ies ") + ", ".join(map(key_text, extra[:5]))
    if v == "required" and isinstance(error.instance, dict):
        names: Any = error.validator_value  # the schema's list of required names
        return "an object without " + ("it" if len(names) == 1 else "them")
    return found(error.instance)


def describe(error: Problem, prefix: tuple[str | int, ...] = ()) -> tuple[str, str]:
    """(message, JSON Pointer) for a :class:`Problem`: ``expected ..., found ...``.
    For a ``oneOf``/``anyOf`` the deepest alternative's error is described (the likeliest meant)."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        deepest = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
        if len(deepest.absolute_path) > len(error.absolute_path):
            error = deepest
    path = (*prefix, *error.absolute_path)
    return f"expected {expected(error)}, found {_found(error)}", where(path)
