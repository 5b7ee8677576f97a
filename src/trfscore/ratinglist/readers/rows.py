"""What the rating-list readers share: the list's description and errors, the count of rows
read and skipped, a row's cells made an :class:`~trfscore.ratinglist.entry.Entry`, and the lines
of a text list (TXT or CSV) with their one encoding."""
from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ...formats.dates import MONTHS as MONTH_NUMBERS
from ..entry import Entry

#: What a message says a rating list looks like.
EXPECTED = ("a FIDE rating list (XML <playerslist>, TXT with the header line 'ID Number  Name  Fed ...'), "
            "a national list as CSV with a header naming its columns, or a zip file holding one of these")
#: Longest name kept from a list (names are untrusted; FIDE's TXT name column is 61 wide).
MAX_NAME = 120
#: How many malformed rows are described (the rest are only counted).
MAX_PROBLEMS = 5
MONTHS = tuple(MONTH_NUMBERS)  # "jan" ... "dec", as the date reader knows them
#: Characters a name shown from a list must not carry (controls, bidi and zero-width marks).
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


class ListFormatError(ValueError):
    """The file is not a rating list (or not a complete one); the message names the file."""


@dataclass
class ListInfo:
    """What kind of list a file holds: ``format`` xml/txt/csv, ``kind`` combined / standard /
    rapid / blitz / national, ``period`` ``YYYY-MM`` (the month the list came into force) or ""."""

    path: str
    format: str
    kind: str = ""
    period: str = ""
    member: str = ""  # the list's name inside a zip file


@dataclass
class ReadStats:
    """Rows read and rows skipped (with the first few reasons)."""

    read: int = 0
    skipped: int = 0
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # doubts about the whole list (mixed encodings)
    position: Callable[[], int] | None = None  # bytes of the file read so far (for a progress bar)

    def skip(self, where: str, why: str) -> None:
        self.skipped += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(f"{where}: {why}")

    def take(self, cells: Mapping[str, str | None], number: int, where: str) -> Entry | None:
        """The entry of one row, counted as read; None (counted as skipped, with why) when the
        row cannot be an entry."""
        try:
            entry = _entry(cells, number)
        except _Bad as exc:
            self.skip(where, str(exc))
            return None
        self.read += 1
        return entry


# -- file name facts ----------------------------------------------------------------------

def period_from_name(name: str) -> str:
    """``standard_sep26frl.zip`` -> ``"2026-09"``; ``list-2026-03.xml`` -> ``"2026-03"``; else ``""``."""
    base = Path(name).name.lower()
    m = re.search(r"(?<![a-z])(" + "|".join(MONTHS) + r")[-_ ]?(\d{2}|\d{4})(?!\d)", base)
    if m:
        year = int(m.group(2))
        return f"{year + 2000 if year < 100 else year:04d}-{MONTHS.index(m.group(1)) + 1:02d}"
    m = re.search(r"(?<!\d)((?:19|20)\d{2})[-_.]?(0[1-9]|1[0-2])(?!\d)", base)
    return f"{m.group(1)}-{m.group(2)}" if m else ""


def kind_from_name(name: str) -> str:
    base = Path(name).name.lower()
    return next((kind for kind in ("standard", "rapid", "blitz") if kind in base),
                "combined" if "players_list" in base else "")


# -- a row's cells made an entry -----------------------------------------------------------

class _Bad(ValueError):
    pass


def _number(text: str | None, what: str, zero_is_none: bool = True) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdecimal() or len(text) > 9:
        raise _Bad(f"{what} {text[:20]!r} is not a number")
    value = int(text)
    return None if zero_is_none and value == 0 else value


def clean(text: str | None, limit: int = MAX_NAME) -> str:
    if not text:
        return ""
    if text.isascii() and text.isprintable():  # nearly every cell of a FIDE list
        return text.strip()[:limit]
    return CONTROL.sub(" ", text).strip()[:limit]


def _code(text: str | None) -> str:
    """A federation: three ASCII capital letters (FIDE's codes), else ""."""
    value = (text or "").strip().upper()
    return value if len(value) == 3 and value.isascii() and value.isalpha() else ""


def _entry(cells: Mapping[str, str | None], line: int) -> Entry:
    """An :class:`Entry` from cells named as the XML elements; raises _Bad for a malformed row."""
    fide_id = _number(cells.get("fideid"), "FIDE id")
    name = clean(cells.get("name"))
    if fide_id is None and not cells.get("national_id"):
        raise _Bad("no player id")
    sex = clean(cells.get("sex"), 2).upper()
    sex = {"W": "F"}.get(sex, sex)
    birth = _number(cells.get("birthday"), "birth year")
    if birth is not None and not 1800 <= birth <= 2200:
        birth = None  # FIDE writes 0 and odd years for "unknown"
    return Entry(
        fide_id, name, _code(cells.get("country")), sex if sex in ("M", "F") else "",
        clean(cells.get("title"), 4).upper(), clean(cells.get("w_title"), 4).upper(),
        clean(cells.get("o_title"), 40), clean(cells.get("foa_title"), 4).upper(),
        _number(cells.get("rating"), "rating"), _number(cells.get("games"), "games", False),
        _number(cells.get("k"), "K", False),
        _number(cells.get("rapid_rating"), "rapid rating"), _number(cells.get("rapid_games"), "rapid games", False),
        _number(cells.get("rapid_k"), "rapid K", False),
        _number(cells.get("blitz_rating"), "blitz rating"), _number(cells.get("blitz_games"), "blitz games", False),
        _number(cells.get("blitz_k"), "blitz K", False),
        birth, clean(cells.get("flag"), 3).lower(),
        clean(cells.get("national_id"), 40), _number(cells.get("national_rating"), "rating"),
        _number(cells.get("national_index"), "index", False), line)


# -- the lines of a text list (TXT, CSV) ------------------------------------------------

#: Longest line of a TXT or CSV list (FIDE's TXT lines are under 200 characters); a longer one
#: is skipped as malformed, its bytes never held.
MAX_LINE = 64 * 1024


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes | None]:
    """The lines of ``stream`` without their ``\\n``, read a megabyte at a time; None for a line
    longer than ``limit`` (dropped as it is read, so memory stays bounded)."""
    rest = b""
    dropping = False
    while True:
        chunk = stream.read(1 << 20)
        if not chunk:
            if dropping:
                yield None
            elif rest:
                yield rest
            return
        lines = (rest + chunk).split(b"\n")  # rest is at most `limit` long
        rest = lines.pop()
        for line in lines:
            if dropping:  # the end of the line being dropped
                dropping = False
                yield None
            else:
                yield line if len(line) <= limit else None
        if len(rest) > limit:
            dropping, rest = True, b""


def _latin1_for_undefined(exc: UnicodeError) -> tuple[str, int]:
    """The five bytes Windows-1252 leaves undefined read as Latin-1 (control characters, which
    the cleaning of cells removes)."""
    assert isinstance(exc, UnicodeDecodeError)
    return exc.object[exc.start:exc.end].decode("latin-1"), exc.end


codecs.register_error("trfscore-cp1252", _latin1_for_undefined)


class Decoder:
    """The lines of one list decoded in one encoding for the whole file: UTF-8 while every line is
    UTF-8, Windows-1252 (whose printable characters include Latin-1's, and ``Š Ž Œ`` besides)
    from the first line that is not, and for every line after it.  A file whose UTF-8 lines came
    before a Windows-1252 one mixes encodings: said in ``stats.warnings``."""

    def __init__(self, stats: ReadStats, label: str) -> None:
        self.stats = stats
        self.label = label
        self.encoding = ""  # "" while every line is ASCII

    def __call__(self, raw: bytes, where: str) -> str:
        if raw.isascii():
            return raw.decode("ascii")
        if self.encoding != "cp1252":
            try:
                text = raw.decode("utf-8")
                self.encoding = "utf-8"
                return text
            except UnicodeDecodeError:
                if self.encoding == "utf-8":
                    self.stats.warnings.append(
                        f"{self.label}: {where} is not UTF-8 while the lines before it were: the file mixes "
                        "encodings; read as Windows-1252 from there on")
                self.encoding = "cp1252"
        return raw.decode("cp1252", "trfscore-cp1252")
