"""Team and round records of a TRF: 013, 310 (teams), 240, 250, 260, 299, 300, 320, 330.

Column layouts are those of FIDE's TRF16 (013) and TRF-2026 (310 and the in-tournament records) texts,
written once in :mod:`.layout`.  Teams go to ``Tournament.teams``, the other records to
``Tournament.records`` as typed objects (:mod:`trfscore.records`); malformed fields are findings,
and the raw line stays in the source records either way.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...findings import Finding, finding
from ...model import Record, Team, Tournament
from . import rules as _rules  # noqa: F401  (declares the ids reported here)
from .fits import record_misfits, refuse
from .layout import BY_CODE, NATIONAL, PARSED, Field, format_record
from .layout import Record as LayoutRecord

if TYPE_CHECKING:
    from ...records import NationalRecord, TrfRecord

Add = Callable[[Finding], None]
_TOKEN = r"\S+"  # patterns compiled on first use (re's cache): only a file with records needs them


def _cells(text: str, f: Field) -> Iterator[tuple[int, str]]:
    """(1-based column, stripped text) of each cell of a list field: every ``step`` columns from
    its first one, or (``split``) each run of non-blanks; blank cells only when ``positional``."""
    if f.split:
        for m in re.compile(_TOKEN).finditer(text, f.start):
            yield m.start() + 1, m.group()
        return
    end = len(text.rstrip())
    for pos in range(f.start, end, f.step):
        cell = text[pos:pos + f.width].strip()
        if cell or f.positional:
            yield pos + 1, cell


#: A number as TRF fixed columns write it: digits with a decimal point or comma (``17.0``,
#: ``3,5``, ``-1``); not the exponents and ratios ``Fraction`` would also take (``1e308``, ``3/2``).
_PLAIN_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)"


#: The field types that hold numbers (the others are text).
_NUMERIC = ("int", "score")


def parse_number(text: str) -> Fraction | None:
    """A decimal (point or comma) from a fixed-column field; None when blank or not a number."""
    text = text.strip().rstrip(".").replace(",", ".")
    return Fraction(text) if re.fullmatch(_PLAIN_NUMBER, text) else None


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
    members = record.field("members").first
    _report_bad(add, "TRF703", rec, [(column, cell) for column, cell, _ in bad if column >= members], "member")
    for column, cell, what in bad:
        if column < members:  # a number field of the team's own (points, rank)
            add(finding("TRF703", f"{rec.code}: {what}", rec.line, column,
                        "write the number with digits and a decimal point, or leave the field blank", cell))
    t.teams.append(Team(**fields, record=rec.code, line=rec.line))


def decode_fields(record: LayoutRecord, text: str) -> tuple[dict[str, Any], list[tuple[int, str, str]]]:
    """The fields of one record by its description: (values by field name, malformed (column,
    text, what) triples).  Numbers are ints (None when blank, or the field's default), scores
    exact, text stripped; a list field is the list of its values (a blank positional cell None)."""
    entry: dict[str, Any] = {}
    bad: list[tuple[int, str, str]] = []
    for f in record.fields:
        what = f.name.replace("_", " ")
        if f.repeated:
            values: list[Any] = []
            for column, cell in _cells(text, f):
                value = _value(f, cell)
                if value is None and cell:
                    bad.append((column, cell, f"{what}: {cell!r} is not a number"))
                    continue
                values.append(value)
            entry[f.name] = values
            continue
        raw = text[f.cut]
        value = _value(f, raw)
        entry[f.name] = value
        where = f"columns {f.columns}" if f.width > 1 else f"column {f.columns}"
        if f.choices and value not in f.choices:
            bad.append((f.first, raw, f"{what} {raw.strip()!r} ({where}) is not one of {', '.join(f.choices)}"))
        elif value is None and raw.strip() and f.type in _NUMERIC:  # written, but no number
            bad.append((f.first, raw, f"{what} {raw.strip()!r} ({where}) is not a number"))
        elif value is None and f.required:
            bad.append((f.first, raw, f"{what} ({where}) is missing"))
    cells = [f for f in record.fields if f.positional]
    rounds = max((len(entry[f.name]) for f in cells), default=0)
    for f in cells:  # cells of one round side by side (802): each list has a cell per round
        entry[f.name] += [_value(f, "")] * (rounds - len(entry[f.name]))
    return entry, bad


def _value(f: Field, raw: str) -> Any:
    """One value of field ``f`` from its text: int, exact score, or text stripped."""
    if f.type == "int":
        value = _int(raw)
        return f.default if not value and f.default is not None else value
    if f.type == "score":
        return parse_number(raw)
    return raw.strip()


def read_parsed(rec: Record, t: Tournament, add: Add) -> None:
    """A record with a typed class (:data:`.layout.PARSED`: 240-330, XXA/XXP/XXZ), decoded by its
    description into ``t.records``; each malformed field is a TRF702 finding."""
    code = rec.code
    entry, bad = decode_fields(BY_CODE[code], rec.text.replace("\t", " "))
    for column, cell, what in bad:
        add(finding("TRF702", f"{code}: {what}",
                    rec.line, column, "see the column layout of this record (TRF-2026, or JaVaFo's manual for XX records)", cell))
    from ...records import CLASSES  # the typed classes, imported when a file holds such a record

    cls: Callable[..., TrfRecord] = CLASSES[code]
    t.records.append(cls(**entry, line=rec.line))


def read_national(rec: Record, t: Tournament) -> NationalRecord | None:
    """An NRS record (TRF26 §4.9) when its federation is the one 172 names; None otherwise."""
    method = t.header.starting_rank_method
    if not method or method[:3].upper() != rec.code:
        return None
    fields, _ = decode_fields(NATIONAL, rec.text)
    if fields["start_rank"] is None:
        return None
    fields["rating"] = fields["rating"] or None  # 0000: no rating
    from ...records import NationalRecord

    return NationalRecord(**fields, line=rec.line)


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdecimal() else None


def written_records(t: Tournament) -> tuple[dict[int, str], list[str]]:
    """What the writers write for ``t.records``: (source line number -> the text to write there,
    lines of the records that have no source line).  A record read from a line that still says
    what its object says keeps its own text (byte for byte); a changed object is written afresh on
    the columns of its description; a line whose object is gone is kept (a writer never drops a
    record it read).  :class:`.fits.Misfits` when a number of a record written afresh does not fit
    its field (TRF960: a 260 naming player 10001, from JSON), which would shift the later columns."""
    if not t.records:
        return {}, []  # (nothing to write: the record classes need not be made)
    from ...records import CLASSES

    objects = {r.line: r for r in t.records if r.line is not None}
    in_place: dict[int, str] = {}
    afresh: list[TrfRecord] = []
    for rec in t.source.records:
        obj = objects.get(rec.line)
        if rec.code not in PARSED or obj is None or obj.code != rec.code:
            continue
        entry, _ = decode_fields(BY_CODE[rec.code], rec.text.replace("\t", " "))
        cls: Callable[..., TrfRecord] = CLASSES[rec.code]
        if cls(**entry, line=rec.line) != obj:
            afresh.append(obj)
        in_place[rec.line] = rec.text
    unplaced = [r for r in t.records if r.line not in in_place]
    refuse(record_misfits(afresh + unplaced))
    in_place.update((r.line, format_record(BY_CODE[r.code], vars(r))) for r in afresh if r.line is not None)
    return in_place, [format_record(BY_CODE[r.code], vars(r)) for r in unplaced]
