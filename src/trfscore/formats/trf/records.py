"""Team and round records of a TRF: 013, 310 (teams), 240, 250, 260, 299, 300, 320, 330.

Column layouts follow the TRF digest §4 (TRF16 013; TRF26 310 and the in-tournament records).
Parsed values go to ``Tournament.teams`` and ``Tournament.extras[code]``; malformed fields are
findings, and the raw line stays in the source records either way.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ...findings import Finding
from ...model import NationalRecord, Record, Team, Tournament
from .rules import severity

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
        add(Finding(rule, severity(rule), f"{rec.code}: {what} {cell!r} is not a number", rec.line, column,
                    "IDs are start ranks (or team numbers), right-aligned in 4 columns", cell))


def read_team(rec: Record, t: Tournament, add: Add) -> None:
    text = rec.text
    if rec.code == "013":
        members, bad = _ids(text, 36, 5)
        _report_bad(add, "TRF703", rec, bad, "member")
        t.teams.append(Team(number=len([x for x in t.teams if x.record == "013"]) + 1,
                            name=text[4:36].strip(), members=members, record="013", line=rec.line))
        return
    number = text[4:7].strip()
    if not number.isdecimal():
        add(Finding("TRF703", severity("TRF703"), f"310: team number {number!r} is not a number",
                    rec.line, 5, "columns 5-7 hold the team pairing number", number))
        return
    members, bad = _ids(text, 73, 5)
    _report_bad(add, "TRF703", rec, bad, "member")
    rank = text[68:71].strip()
    t.teams.append(Team(number=int(number), name=text[8:40].strip(), nickname=text[41:46].strip(),
                        strength=text[47:53].strip(), match_points=parse_number(text[54:60]),
                        game_points=parse_number(text[61:67]), rank=int(rank) if rank.isdecimal() else None,
                        members=members, record="310", line=rec.line))


def read_round_record(rec: Record, t: Tournament, add: Add) -> None:
    """240/250/260/299/300/320/330: kept as dicts in ``t.extras[code]``."""
    code = rec.code
    text = rec.text.replace("\t", " ")
    entry: dict = {"line": rec.line}
    bad: list[tuple[int, str]] = []
    if code == "240":
        entry["type"] = text[4:5]
        entry["round"] = _int(text[6:9])
        entry["ids"], bad = _ids(text, 10, 5)
        if entry["type"] not in ("F", "H", "Z") or entry["round"] is None:
            bad.append((5, text[4:9]))
    elif code == "250":
        entry.update(match_points=parse_number(text[4:8]), points=parse_number(text[9:13]),
                     first_round=_int(text[14:17]), last_round=_int(text[18:21]),
                     first_id=_int(text[22:26]), last_id=_int(text[27:31]))
        if None in (entry["first_round"], entry["last_round"], entry["first_id"], entry["last_id"]):
            bad.append((5, text[4:31]))
    elif code == "260":
        entry.update(first_round=_int(text[4:7]), last_round=_int(text[8:11]))
        entry["ids"], bad = _ids(text, 12, 5)
    elif code == "299":
        entry.update(type=text[4:5].strip(), match_points=parse_number(text[7:11]),
                     points=parse_number(text[13:17]), round=_int(text[19:22]) or 0)
        entry["ids"], bad = _ids(text, 23, 5)
    elif code == "300":
        entry.update(round=_int(text[4:7]), team=_int(text[8:11]), opponent=_int(text[12:15]))
        entry["players"], bad = _ids(text, 16, 5)
    elif code == "320":
        entry.update(match_points=parse_number(text[4:8]), points=parse_number(text[9:13]))
        entry["teams"], bad = _ids(text, 14, 4, 3)
    elif code == "330":
        entry.update(type=text[4:6], round=_int(text[7:10]), white=_int(text[11:14]), black=_int(text[15:18]))
        if entry["type"] not in ("+-", "-+", "--"):
            bad.append((5, text[4:6]))
    for column, cell in bad:
        add(Finding("TRF702", severity("TRF702"), f"{code}: field {cell!r} does not fit the record's layout",
                    rec.line, column, "see the TRF26 column layout of this record", cell))
    t.extras.setdefault(code, []).append(entry)


def read_national(rec: Record, t: Tournament, add: Add) -> bool:
    """An NRS record (TRF26 §4.9) when its federation is the one 172 names; False otherwise."""
    method = t.header.starting_rank_method
    federation = rec.code
    if not method or method[:3].upper() != federation:
        return False
    text = rec.text
    sno = text[4:8].strip()
    if not sno.isdecimal():
        return False
    rating = text[48:52].strip()
    record = NationalRecord(federation=federation, start_rank=int(sno), sex=text[9:10].strip(),
                            title=text[10:13].strip(), name=text[14:47].strip(),
                            rating=int(rating) if rating.isdecimal() and int(rating) else None,
                            origin=text[53:56].strip(), national_id=text[57:68].strip(),
                            birth=text[69:79].strip(), line=rec.line)
    t.extras.setdefault("national", []).append(record)
    return True


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdecimal() else None
