"""Team and round records of a TRF: 013, 310 (teams), 240, 250, 260, 299, 300, 320, 330.

Column layouts are those of FIDE's TRF16 (013) and TRF-2026 (310 and the in-tournament records) texts,
written once in :mod:`.layout`.
Parsed values go to ``Tournament.teams`` and ``Tournament.extras[code]``; malformed fields are
findings, and the raw line stays in the source records either way.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ...findings import Finding, finding
from ...model import NationalRecord, Record, Team, Tournament
from . import rules as _rules  # noqa: F401  (declares the ids reported here)
from .layout import BY_CODE, NATIONAL
from .layout import Record as LayoutRecord

Add = Callable[[Finding], None]


def _ids(text: str, start: int, step: int, width: int = 4) -> tuple[list[int], list[tuple[int, str]]]:
    """Numbers every ``step`` columns from ``start`` (0-based); returns (ids, bad (column, text))."""
    ids: list[int] = []
    bad: list[tuple[int, str]] = []
    pos = start
    end = len(text.rstrip())
    while pos < end:
        cell = text[pos:pos + width].strip()
        if cell:
            if cell.isdecimal():
                ids.append(int(cell))
            else:
                bad.append((pos + 1, cell))
        pos += step
    return ids, bad


def parse_number(text: str) -> Fraction | None:
    """A decimal (point or comma) from a fixed-column field; None when blank or not a number."""
    text = text.strip().rstrip(".")
    if not text:
        return None
    try:
        return Fraction(text.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None


def _report_bad(add: Add, rule: str, rec: Record, bad: list[tuple[int, str]], what: str) -> None:
    for column, cell in bad:
        add(finding(rule, f"{rec.code}: {what} {cell!r} is not a number", rec.line, column,
                    "IDs are start ranks (or team numbers), right-aligned in 4 columns", cell))


def read_team(rec: Record, t: Tournament, add: Add) -> None:
    """013 (TRF16) and 310 (TRF26) teams, decoded by their description, into ``t.teams``."""
    record = BY_CODE[rec.code]
    fields, bad = decode_fields(record, rec.text)
    if rec.code == "013":
        fields["number"] = len([x for x in t.teams if x.record == "013"]) + 1
    elif fields["number"] is None:
        number = record.field("number")
        text = rec.text[number.cut].strip()
        add(finding("TRF703", f"310: team number {text!r} is not a number",
                    rec.line, number.first, f"columns {number.columns} hold the team pairing number", text))
        return
    _report_bad(add, "TRF703", rec, [(column, cell) for column, cell, _ in bad], "member")
    t.teams.append(Team(**fields, record=rec.code, line=rec.line))


def decode_fields(record: LayoutRecord, text: str) -> tuple[dict, list[tuple[int, str, str]]]:
    """The fields of one record by its description: (values by field name, malformed (column,
    text, what) triples).  Numbers are ints (None when blank, or the field's default), scores
    exact, text stripped; a repeated field is the list of its numbers."""
    entry: dict = {}
    bad: list[tuple[int, str, str]] = []
    for f in record.fields:
        what = f.name.replace("_", " ")
        if f.step:
            entry[f.name], wrong = _ids(text, f.start, f.step, f.width)
            bad.extend((column, cell, f"{what}: {cell!r} is not a number") for column, cell in wrong)
            continue
        raw = text[f.cut]
        if f.type == "int":
            value = _int(raw)
            if not value and f.default is not None:
                value = f.default
        elif f.type == "score":
            value = parse_number(raw)
        else:
            value = raw.strip()
        entry[f.name] = value
        where = f"columns {f.columns}" if f.width > 1 else f"column {f.columns}"
        if f.choices and value not in f.choices:
            bad.append((f.first, raw, f"{what} {raw.strip()!r} ({where}) is not one of {', '.join(f.choices)}"))
        elif f.required and value is None:
            bad.append((f.first, raw, f"{what} {raw.strip()!r} ({where}) is not a number" if raw.strip()
                        else f"{what} ({where}) is missing"))
    return entry, bad


def read_round_record(rec: Record, t: Tournament, add: Add) -> None:
    """240/250/260/299/300/320/330, decoded by their description (:data:`.layout.RECORDS`):
    kept as dicts in ``t.extras[code]``."""
    code = rec.code
    entry, bad = decode_fields(BY_CODE[code], rec.text.replace("\t", " "))
    for column, cell, what in bad:
        add(finding("TRF702", f"{code}: {what}",
                    rec.line, column, "see the TRF26 column layout of this record", cell))
    t.extras.setdefault(code, []).append({"line": rec.line, **entry})


def read_national(rec: Record, t: Tournament, add: Add) -> bool:
    """An NRS record (TRF26 §4.9) when its federation is the one 172 names; False otherwise."""
    method = t.header.starting_rank_method
    if not method or method[:3].upper() != rec.code:
        return False
    fields, _ = decode_fields(NATIONAL, rec.text)
    if fields["start_rank"] is None:
        return False
    fields["rating"] = fields["rating"] or None  # 0000: no rating
    t.extras.setdefault("national", []).append(NationalRecord(**fields, line=rec.line))
    return True


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdecimal() else None
