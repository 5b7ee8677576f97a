"""What is generated from the TRF record description (:mod:`.layout`), and the command that writes it.

* ``grammars/trf.lark`` and its package copy: :func:`.layout.grammar`, and the parsers built from
  it, shipped in the package (:data:`.grammar.PARSERS`);
* ``trfscore/records.py``, one typed class per record that has a ``name``: :func:`classes`;
* the record definitions of the JSON Schema (``schema/tournament.schema.json``): :func:`schema_defs`.

Tests hold each file equal to what this module generates; after changing :data:`.layout.RECORDS`
run ``python -m trfscore.formats.trf.generate`` from the repository root.
"""
from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

from .grammar import PARSERS, built_parsers, parser, stamp
from .layout import NATIONAL, PARSED, TYPED, Field, Record, grammar

#: the Python type of a field's value by its description type (a list field holds a list of them)
_PY = {"int": "int", "score": "Fraction"}
_JSON: dict[str, dict[str, Any]] = {"int": {"type": ["integer", "null"]}, "score": {"$ref": "#/$defs/nullableScore"}}


def _annotation(f: Field) -> str:
    item = _PY.get(f.type, "str")
    if f.repeated:
        nullable = f.positional or f.type == "score"
        return f"list[{item}{' | None' if nullable else ''}] = field(default_factory=list)"
    if item == "str":
        return 'str = ""'
    return f"{item} | None = None"


_CLASSES_HEAD = '''\
"""The parsed TRF records: one typed class per record described in formats/trf/layout.py.

GENERATED from trfscore/formats/trf/layout.py (python -m trfscore.formats.trf.generate); do not edit.
Each field is a field of the record's description: text as read (stripped), numbers as int, scores
as exact Fraction (None when blank), repeated fields as lists.  ``line`` is the source line (None
for a record built in code).
"""
from __future__ import annotations

from dataclasses import Field, dataclass, field
from fractions import Fraction
from typing import Any, ClassVar


class TrfRecord:
    """A record of a TRF other than its players, header and teams (see ``Tournament.records``)."""

    code: ClassVar[str] = ""
    line: int | None
    # every record class is a dataclass (this says so to type checkers: asdict, fields)
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
'''


def classes() -> str:
    """The source of ``trfscore/records.py``."""
    out = [_CLASSES_HEAD]
    for record in TYPED.values():
        editions = ", ".join(sorted(record.editions))
        out.append(f"\n@dataclass\nclass {record.name}(TrfRecord):")
        out.append(f'    """{record.code}: {record.title} ({editions})."""\n')
        out.append(f'    code: ClassVar[str] = "{record.code}"')
        out.extend(f"    {f.name}: {_annotation(f)}" for f in record.fields)
        out.append("    line: int | None = None")
    out.append("\n\n#: The class of each record code kept in ``Tournament.records``.")
    out.append("CLASSES: dict[str, type[TrfRecord]] = {")
    out.extend(f'    "{r.code}": {r.name},' for r in TYPED.values() if r.code in PARSED)
    out.append("}")
    return "\n".join(out) + "\n"


def definition_name(record: Record) -> str:
    """The schema definition of a typed record: its class name in lower camel case, without a
    trailing ``Record`` (``Bye`` -> ``bye``, ``NationalRecord`` -> ``national``)."""
    name = record.name.removesuffix("Record")
    return name[0].lower() + name[1:]


def _json_type(f: Field) -> dict[str, Any]:
    item = _JSON.get(f.type, {"type": "string"})
    if not f.repeated:
        return dict(item)
    if f.type == "int" and not f.positional:
        item = {"type": "integer"}
    return {"type": "array", "items": dict(item)}


def schema_defs() -> dict[str, Any]:
    """The schema definitions of the typed records and ``trfRecord`` (any record of
    ``Tournament.records``, told apart by ``code``)."""
    defs: dict[str, Any] = {}
    for record in TYPED.values():
        props: dict[str, Any] = {}
        required = [f.name for f in record.fields if f.required]
        if record.code in PARSED:
            props["code"] = {"const": record.code}
            required.insert(0, "code")
        props.update({f.name: _json_type(f) for f in record.fields})
        props["line"] = {"type": ["integer", "null"]}
        defs[definition_name(record)] = {
            "description": f"TRF record {record.code if record is not NATIONAL else '(NRS)'}: {record.title} "
                           "(formats/trf/layout.py)",
            "type": "object", "required": required, "additionalProperties": False, "properties": props}
    parsed = [c for c in TYPED if c in PARSED]
    defs["trfRecord"] = {
        "description": "A parsed TRF record (Tournament.records): the definition its code names.",
        "type": "object", "required": ["code"], "properties": {"code": {"enum": parsed}},
        "allOf": [{"if": {"required": ["code"], "properties": {"code": {"const": c}}},
                   "then": {"$ref": f"#/$defs/{definition_name(TYPED[c])}"}} for c in parsed]}
    return defs


def schema_text(current: str) -> str:
    """The schema file ``current`` with its record definitions as :func:`schema_defs` gives them."""
    doc = json.loads(current)
    doc["$defs"].update(schema_defs())
    return json.dumps(doc, indent=1, ensure_ascii=True) + ("\n" if current.endswith("\n") else "")


def write_all(root: Path) -> list[Path]:
    """Write every generated file under the repository ``root``; returns the files changed."""
    package = root / "src" / "trfscore"
    changed = []
    schema = package / "schema" / "tournament.schema.json"
    targets = {root / "grammars" / "trf.lark": grammar(), package / "grammars" / "trf.lark": grammar(),
               package / "records.py": classes(), schema: schema_text(schema.read_text(encoding="utf-8"))}
    for path, text in targets.items():
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    parsers = package / "grammars" / PARSERS
    if not parsers.exists() or pickle.loads(parsers.read_bytes()).get("stamp") != stamp():  # noqa: S301
        parser.cache_clear()  # the grammar may have changed in this process
        parsers.write_bytes(built_parsers())
        changed.append(parsers)
    return changed


if __name__ == "__main__":  # python -m trfscore.formats.trf.generate (from the repository root)
    for written in write_all(Path.cwd()):
        print(f"wrote {written}")
