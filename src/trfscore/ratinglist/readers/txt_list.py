"""FIDE's TXT lists: fixed columns found from the header line (``ID Number  Name … Fed Sex
Tit …``), old and new headers alike: each field starts where its header word starts."""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from ..entry import Entry
from .rows import EXPECTED, MAX_LINE, MONTHS, Decoder, ListFormatError, ReadStats, period_from_name, read_lines

#: Header words of the TXT lists -> the XML element each column holds.  Old lists glue words
#: together ("TitlFed", "GamesBorn"), so a header token is split into these words.
TXT_WORDS = {
    "id": "fideid", "name": "name", "fed": "country", "sex": "sex", "titl": "title", "tit": "title",
    "wtit": "w_title", "otit": "o_title", "foa": "foa_title",
    "srtng": "rating", "sgm": "games", "sk": "k", "rrtng": "rapid_rating", "rgm": "rapid_games",
    "rk": "rapid_k", "brtng": "blitz_rating", "bgm": "blitz_games", "bk": "blitz_k",
    "gms": "games", "games": "games", "game": "games", "k": "k",
    "b-day": "birthday", "bday": "birthday", "born": "birthday", "flag": "flag",
}
_SKIP_WORDS = {"number", "no", "no."}
#: Narrowest name column of a TXT list (FIDE's is 61 wide, the 2011 one 34): a narrower one
#: means the header no longer stands above the columns.
MIN_NAME_WIDTH = 20
_WORD = re.compile("|".join(sorted((re.escape(w) for w in TXT_WORDS), key=len, reverse=True))
                   + r"|(?P<month>(?:" + "|".join(MONTHS) + r")\d{2})", re.I)


@dataclass
class TxtColumns:
    """Where each field starts and ends in a TXT list (0-based, end exclusive)."""

    starts: dict[str, tuple[int, int]]
    period: str = ""

    @classmethod
    def from_header(cls, header: str) -> TxtColumns:
        found: list[tuple[int, str]] = []
        period = ""
        for token in re.finditer(r"\S+", header):
            text, pos = token.group(), token.start()
            if text.lower() in _SKIP_WORDS:
                continue
            at = 0
            while at < len(text):
                m = _WORD.match(text, at)
                if m is None:
                    break
                if m.group("month"):
                    found.append((pos + at, "rating"))
                    period = period_from_name(m.group())
                else:
                    found.append((pos + at, TXT_WORDS[m.group().lower()]))
                at = m.end()
        starts: dict[str, tuple[int, int]] = {}
        for i, (start, name) in enumerate(found):
            end = found[i + 1][0] if i + 1 < len(found) else 10 ** 6
            starts.setdefault(name, (start, end))
        return cls(starts, period)

    @property
    def usable(self) -> bool:
        return "fideid" in self.starts and "name" in self.starts


def read_txt(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    decode = Decoder(stats, label)
    lines = read_lines(stream)
    first = next(lines, b"")
    header = decode(first or b"", "line 1").lstrip("\ufeff").rstrip("\r")
    columns = TxtColumns.from_header(header)
    if not columns.usable:
        raise ListFormatError(f"{label}: the header line does not name the 'ID Number' and 'Name' columns; "
                              f"expected {EXPECTED}")
    start, end = columns.starts["name"]
    if end - start < MIN_NAME_WIDTH:
        raise ListFormatError(f"{label}: the header's words do not stand above the columns (the name column is "
                              f"{end - start} characters wide: were the header's spaces collapsed?); expected "
                              "FIDE's fixed-column header line")
    fields = list(columns.starts.items())
    number = 1
    for raw in lines:
        number += 1
        if raw is None:
            stats.skip(f"line {number}", f"longer than {MAX_LINE // 1024} KB")
            continue
        text = decode(raw, f"line {number}").rstrip("\r")
        if not text.strip():
            continue
        cells = {name: text[a:b] for name, (a, b) in fields}
        entry = stats.take(cells, number, f"line {number}")
        if entry is not None:
            yield entry
