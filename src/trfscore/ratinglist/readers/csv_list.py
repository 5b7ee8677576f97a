"""National lists as CSV with a header naming their columns (the German DSB export: ZPS, member
number, name, DWZ, index, birth year, FIDE id ...)."""
from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from ..entry import Entry
from .rows import EXPECTED, MAX_LINE, Decoder, ListFormatError, ReadStats, read_lines

#: Header names (lower case, without spaces, dashes, dots or underscores) -> field.  The DSB
#: export names its columns ZPS, Mgl-Nr, Status, Spielername, Geschlecht, Geburtsjahr, DWZ,
#: DWZ-Index, FIDE-Elo, FIDE-Titel, FIDE-ID, FIDE-Land.
CSV_COLUMNS = {
    "fideid": "fideid", "idfide": "fideid", "fidenr": "fideid", "fidenummer": "fideid",
    "zps": "club", "vkz": "club", "verein": "club", "club": "club",
    "mglnr": "member", "mitgliedsnummer": "member", "mgl": "member", "member": "member",
    "memberno": "member", "id": "member", "pkz": "member",
    "spielername": "name", "name": "name", "player": "name",
    "dwz": "national_rating", "national": "national_rating", "nationalrating": "national_rating",
    "index": "national_index", "dwzindex": "national_index",
    "geburtsjahr": "birthday", "birthyear": "birthday", "born": "birthday", "byear": "birthday",
    "birthday": "birthday", "birth": "birthday", "geburt": "birthday",
    "geschlecht": "sex", "sex": "sex", "gender": "sex",
    "fideelo": "rating", "elo": "rating", "rating": "rating", "fiderating": "rating",
    "fidetitel": "title", "titel": "title", "title": "title", "fidetitle": "title",
    "fideland": "country", "land": "country", "federation": "country", "fed": "country", "country": "country",
    "status": "status",
}


def _delimiter(header: str) -> str:
    """The CSV delimiter of a list: the one of ``, ; tab |`` its header line holds most of."""
    return max(",;\t|", key=header.count)


def split_header(line: str) -> list[str]:
    return next(csv.reader([line], delimiter=_delimiter(line)), [])


def _key(name: str) -> str:
    return re.sub(r"[\s\-._]+", "", name.strip().strip('"').lower())


@dataclass
class CsvColumns:
    """Column number of each field of a national CSV list."""

    where: dict[str, int]

    @classmethod
    def from_header(cls, cells: list[str]) -> CsvColumns:
        where: dict[str, int] = {}
        for i, cell in enumerate(cells):
            name = CSV_COLUMNS.get(_key(cell.lstrip("\ufeff")))
            if name and name not in where:
                where[name] = i
        return cls(where)

    @property
    def usable(self) -> bool:
        return "name" in self.where and bool({"fideid", "member"} & set(self.where))


def read_csv(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    decode = Decoder(stats, label)
    number = 0

    def textread_lines() -> Iterator[str]:
        nonlocal number
        for raw in read_lines(stream):
            number += 1
            if raw is None:
                stats.skip(f"line {number}", f"longer than {MAX_LINE // 1024} KB")
                yield "\n"
            else:
                yield decode(raw, f"line {number}") + "\n"

    lines = textread_lines()
    first = next(lines, "").lstrip("\ufeff")
    delimiter = _delimiter(first)
    columns = CsvColumns.from_header(split_header(first))
    if not columns.usable:
        raise ListFormatError(f"{label}: the CSV header names no name and id columns (e.g. Spielername and "
                              "FIDE-ID or ZPS/Mgl-Nr); expected " + EXPECTED)
    where = columns.where
    reader = csv.reader(lines, delimiter=delimiter)
    while True:
        try:
            row = next(reader, None)
        except csv.Error as exc:  # a field over the csv module's limit (128 KB), a quote left open
            stats.skip(f"line {number}", str(exc))
            continue
        if row is None:
            break
        if not any(cell.strip() for cell in row):
            continue
        cells = {name: (row[i] if i < len(row) else "") for name, i in where.items()}
        club, member = cells.pop("club", "").strip(), cells.pop("member", "").strip()
        cells["national_id"] = f"{club}-{member}" if club and member else (member or "")
        birth = (cells.get("birthday") or "").strip()
        if birth:  # a date: keep the year
            m = re.search(r"(?<!\d)(\d{4})(?!\d)", birth)
            cells["birthday"] = m.group(1) if m else birth
        dwz = (cells.get("national_rating") or "").strip()
        m = re.fullmatch(r"(\d{1,4})\s*-\s*(\d{1,3})", dwz)
        if m:  # "1742-81": DWZ and index in one cell
            cells["national_rating"] = m.group(1)
            cells.setdefault("national_index", m.group(2))
        if cells.pop("status", "").strip().upper() == "P":  # DSB: passive member
            cells["flag"] = "i"
        entry = stats.take(cells, number, f"line {number}")
        if entry is not None:
            yield entry
