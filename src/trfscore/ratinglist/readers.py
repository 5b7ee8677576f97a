"""Streaming readers for the lists FIDE (and national federations) publish.

* XML: ``<playerslist><player><fideid>…</fideid>…</player>…</playerslist>``, combined or per
  rating type (``docs/ratinglist.md`` lists the elements), parsed by expat a megabyte at a time,
  each player dropped once read, so a list of a million players never sits in memory whole;
* TXT: fixed columns found from the header line (``ID Number  Name … Fed Sex Tit …``), old and
  new headers alike: each field starts where its header word starts;
* CSV: a national list with a header naming its columns (the German DSB export: ZPS, member
  number, name, DWZ, index, birth year, FIDE id ...);
* any of these inside a zip file, streamed from the archive without unpacking it.

A file that is not a list raises :class:`ListFormatError` naming the file and what was expected;
a malformed row is skipped and counted in :class:`ReadStats`, never an exception.
"""
from __future__ import annotations

import codecs
import csv
import html
import io
import re
import zipfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO
from xml.parsers import expat

from .entry import Entry

__all__ = ["ListFormatError", "ListInfo", "ReadStats", "sniff", "read_entries", "period_from_name"]

#: What a message says a rating list looks like.
EXPECTED = ("a FIDE rating list (XML <playerslist>, TXT with the header line 'ID Number  Name  Fed ...'), "
            "a national list as CSV with a header naming its columns, or a zip file holding one of these")
#: Longest name kept from a list (names are untrusted; FIDE's TXT name column is 61 wide).
MAX_NAME = 120
#: How many malformed rows are described (the rest are only counted).
MAX_PROBLEMS = 5
#: The children of a ``<player>`` in FIDE's combined XML list, in order; a per-type list lacks the
#: rapid_ and blitz_ ones.
XML_COMBINED = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating", "games",
                "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birthday",
                "flag")
XML_PER_TYPE = tuple(n for n in XML_COMBINED if not n.startswith(("rapid_", "blitz_")))
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


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
    for kind in ("standard", "rapid", "blitz"):
        if kind in base:
            return kind
    return "combined" if "players_list" in base else ""


# -- opening (plain or zipped) ------------------------------------------------------------

LIST_SUFFIXES = (".xml", ".txt", ".csv")


@contextmanager
def open_stream(path: str) -> Iterator[tuple[IO[bytes], str, IO[bytes]]]:
    """The list's bytes as a stream, the member name ("" for a plain file) and the file itself
    (whose position tells how far through the file the reading is)."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise ListFormatError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ListFormatError(f"{path}: is a folder; expected {EXPECTED}") from None
    except OSError as exc:
        raise ListFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    with handle:
        if handle.read(4) != b"PK\x03\x04":
            handle.seek(0)
            yield handle, "", handle
            return
        handle.seek(0)
        try:
            archive = zipfile.ZipFile(handle)
            members = [i for i in archive.infolist() if not i.is_dir() and i.filename.lower().endswith(LIST_SUFFIXES)]
        except (zipfile.BadZipFile, OSError, ValueError) as exc:
            raise ListFormatError(f"{path}: damaged zip file ({exc}); expected {EXPECTED}") from None
        if not members:
            raise ListFormatError(f"{path}: the zip file holds no rating list (no .xml, .txt or .csv member); "
                                  f"expected {EXPECTED}")
        member = max(members, key=lambda i: i.file_size)  # a readme beside the list is smaller
        try:
            with archive.open(member) as stream:
                yield stream, member.filename, handle
        except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError) as exc:
            raise ListFormatError(f"{path}: cannot unpack {member.filename} ({exc})") from None


def _head(stream: IO[bytes], size: int = 65536) -> bytes:
    """The first bytes of ``stream`` without consuming them from the reader's point of view."""
    peek = getattr(stream, "peek", None)
    return peek(size)[:size] if peek is not None else b""


def _sniff_bytes(head: bytes) -> str:
    text = head.lstrip(codecs.BOM_UTF8).lstrip()
    if text.startswith(b"<"):
        return "xml"
    first = text.split(b"\n", 1)[0].decode("latin-1")
    if re.match(r"\s*ID\s*N(?:umber|o)?\b", first, re.I) and re.search(r"\bName\b", first, re.I):
        return "txt"
    if any(sep in first for sep in ",;\t|") and CsvColumns.from_header(_split_header(first)).usable:
        return "csv"
    return ""


def sniff(path: str) -> ListInfo:
    """What ``path`` holds (format, kind, period); :class:`ListFormatError` when not a list."""
    with open_stream(path) as (stream, member, _):
        head = stream.read(65536)
    fmt = _sniff_bytes(head)
    if not fmt:
        shown = head.lstrip()[:60].decode("latin-1", "replace")
        raise ListFormatError(f"{path}{' (' + member + ')' if member else ''}: not a rating list "
                              f"(starts with {_CONTROL.sub('?', shown)!r}); expected {EXPECTED}")
    names = (member, path)
    period = next((p for p in map(period_from_name, names) if p), "")
    kind = next((k for k in map(kind_from_name, names) if k), "")
    if fmt == "txt":
        header = head.split(b"\n", 1)[0].decode("latin-1")
        columns = TxtColumns.from_header(header)
        period = period or columns.period
        if not kind:
            kind = "combined" if "rapid_rating" in columns.starts else "standard"
    elif fmt == "csv":
        kind = "national"
    return ListInfo(path, fmt, kind, period, member)


def read_entries(path: str, stats: ReadStats | None = None) -> Iterator[Entry]:
    """Every player of the list at ``path``, streamed; malformed rows counted in ``stats``."""
    stats = stats if stats is not None else ReadStats()
    info = sniff(path)
    with open_stream(path) as (stream, member, handle):
        stats.position = handle.tell
        label = f"{path}({member})" if member else path
        if info.format == "xml":
            yield from _xml(stream, label, stats)
        elif info.format == "txt":
            yield from _txt(stream, label, stats)
        else:
            yield from _csv(stream, label, stats)


# -- shared cell conversions --------------------------------------------------------------

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


def _clean(text: str | None, limit: int = MAX_NAME) -> str:
    if not text:
        return ""
    if text.isascii() and text.isprintable():  # nearly every cell of a FIDE list
        return text.strip()[:limit]
    return _CONTROL.sub(" ", text).strip()[:limit]


def _code(text: str | None, limit: int = 3) -> str:
    value = _clean(text, 40)
    return value if len(value) <= limit and value.isalpha() else ""


def _entry(cells: Mapping[str, str | None], line: int) -> Entry:
    """An :class:`Entry` from cells named as the XML elements; raises _Bad for a malformed row."""
    fide_id = _number(cells.get("fideid"), "FIDE id")
    name = _clean(cells.get("name"))
    if fide_id is None and not cells.get("national_id"):
        raise _Bad("no player id")
    sex = _clean(cells.get("sex"), 2).upper()
    sex = {"W": "F"}.get(sex, sex)
    birth = _number(cells.get("birthday"), "birth year")
    if birth is not None and not 1800 <= birth <= 2200:
        birth = None  # FIDE writes 0 and odd years for "unknown"
    return Entry(
        fide_id, name, _code(cells.get("country")), sex if sex in ("M", "F") else "",
        _clean(cells.get("title"), 4).upper(), _clean(cells.get("w_title"), 4).upper(),
        _clean(cells.get("o_title"), 40), _clean(cells.get("foa_title"), 4).upper(),
        _number(cells.get("rating"), "rating"), _number(cells.get("games"), "games", False),
        _number(cells.get("k"), "K", False),
        _number(cells.get("rapid_rating"), "rapid rating"), _number(cells.get("rapid_games"), "rapid games", False),
        _number(cells.get("rapid_k"), "rapid K", False),
        _number(cells.get("blitz_rating"), "blitz rating"), _number(cells.get("blitz_games"), "blitz games", False),
        _number(cells.get("blitz_k"), "blitz K", False),
        birth, _clean(cells.get("flag"), 3).lower(),
        _clean(cells.get("national_id"), 40), _number(cells.get("national_rating"), "rating"),
        _number(cells.get("national_index"), "index", False), line)


# -- XML ----------------------------------------------------------------------------------

class _Players:
    """expat handlers that collect each ``<player>``'s children as a flat dict of texts.

    The standard library's expat parser is driven directly (the parser beneath ``iterparse``):
    no Element objects are built for the 20 children of each player and nothing is kept once a
    player is read, which measured 40 % faster than ``iterparse`` with clearing."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.root: str | None = None
        self.tag: str | None = None
        self.cells: dict[str, str] = {}
        self.done: list[dict[str, str]] = []

    def start(self, name: str, attrs: object) -> None:
        if self.root is None:
            self.root = name
            if name != "playerslist":
                raise ListFormatError(f"{self.label}: XML whose root is <{_clean(name, 40)}>; expected "
                                      "<playerslist> (a FIDE rating list)")
            return
        self.tag = name if name != "player" else None

    def data(self, text: str) -> None:
        tag = self.tag
        if tag is not None:
            cells = self.cells
            cells[tag] = cells[tag] + text if tag in cells else text

    def end(self, name: str) -> None:
        if name == "player":
            self.done.append(self.cells)
            self.cells = {}
        self.tag = None


def _general_parser(handlers: _Players) -> expat.XMLParserType:
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartElementHandler = handlers.start
    parser.CharacterDataHandler = handlers.data
    parser.EndElementHandler = handlers.end
    return parser


def _malformed(label: str, exc: expat.ExpatError, empty: bool) -> ListFormatError:
    what = "empty XML" if empty else "truncated or malformed XML"
    return ListFormatError(f"{label}: {what} ({expat.ErrorString(exc.code)}: line {exc.lineno}, column "
                           f"{exc.offset}); expected a complete FIDE rating list (<playerslist> ... </playerslist>)")


#: The players of FIDE's own lists, in FIDE's element order (combined, then per type): one regular
#: expression call per player instead of 60 parser callbacks.  Anything else in a block (another
#: order, ``<title/>``, attributes, comments) sends that block to the general path, and the whole
#: document is checked by expat either way; a test holds both paths to the same entries.
_FAST = [re.compile(r"<player>\s*" + r"\s*".join(f"<{n}>([^<]*)</{n}>" for n in names) + r"\s*</player>")
         for names in (XML_COMBINED, XML_PER_TYPE)]
_PLAYER_TAG = re.compile(r"<player[\s>/]")
_PROLOG = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml(?P<decl>[^>]*)\?>)?\s*(?:<!--.*?-->\s*)*<(?P<root>[^\s>/]+)",
                     re.S)


def _fast_ok(head: bytes) -> bool:
    """True when the document is UTF-8 without a DTD (the fast path reads the bytes itself)."""
    m = _PROLOG.match(head)
    if m is None:
        return False
    decl = (m.group("decl") or b"").lower()
    enc = re.search(rb"encoding\s*=\s*[\"']([^\"']+)", decl)
    return not enc or enc.group(1).replace(b"_", b"-") in (b"utf-8", b"us-ascii", b"ascii")


def _value(text: str) -> str:
    if "&" in text:
        text = html.unescape(text)
    if "\r" in text:  # as XML reads line ends
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _xml(stream: IO[bytes], label: str, stats: ReadStats, fast: bool = True) -> Iterator[Entry]:
    """Players of an XML list, in document order (``fast=False``: expat callbacks only)."""
    head = _head(stream, 4096) or b""
    fast = fast and _fast_ok(head)
    if fast:
        m = _PROLOG.match(head)
        if m and m.group("root") != b"playerslist":
            raise ListFormatError(f"{label}: XML whose root is <{_clean(m.group('root').decode('latin-1'), 40)}>; "
                                  "expected <playerslist> (a FIDE rating list)")
    handlers = _Players(label)
    parser = _general_parser(handlers) if not fast else expat.ParserCreate()  # the latter only checks
    number = 0
    tail = b""
    final = False
    while not final:
        chunk = stream.read(1 << 20)
        final = not chunk
        try:
            parser.Parse(chunk, final)
        except expat.ExpatError as exc:
            raise _malformed(label, exc, handlers.root is None and not number and not tail.strip()) from None
        if fast:
            block = tail + chunk
            cut = block.rfind(b"</player>") + len(b"</player>") if not final else len(block)
            if cut < len(b"</player>"):
                tail = block
                continue
            block, tail = block[:cut], block[cut:]
            handlers.done.extend(_fast_block(block.decode("utf-8", "replace"), label))
        for cells in handlers.done:
            number += 1
            entry = stats.take(cells, number, f"player {number}")
            if entry is not None:
                yield entry
        handlers.done.clear()


def _fast_block(text: str, label: str) -> list[dict[str, str]]:
    """The players of a block of complete ``<player>`` elements."""
    expected = len(_PLAYER_TAG.findall(text))
    if not expected:
        return []
    for pattern in _FAST:
        found = pattern.findall(text)
        if len(found) == expected:
            names = XML_COMBINED if pattern is _FAST[0] else XML_PER_TYPE
            if "&" in text or "\r" in text:
                return [dict(zip(names, map(_value, groups))) for groups in found]
            return [dict(zip(names, groups)) for groups in found]
    # another layout: this block through the general path
    handlers = _Players(label)
    parser = _general_parser(handlers)
    start = _PLAYER_TAG.search(text)
    body = text[start.start():] if start else ""
    end = body.rfind("</player>")
    parser.Parse(("<playerslist>" + body[:end + len("</player>")] + "</playerslist>").encode("utf-8"), True)
    return handlers.done


# -- TXT (fixed columns from the header) ---------------------------------------------------

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


def _decode_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # the encoding of the TXT lists seen (rating-list spec)


def _txt(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    header = _decode_line(stream.readline()).lstrip("\ufeff").rstrip("\r\n")
    columns = TxtColumns.from_header(header)
    if not columns.usable:
        raise ListFormatError(f"{label}: the header line does not name the 'ID Number' and 'Name' columns; "
                              f"expected {EXPECTED}")
    fields = list(columns.starts.items())
    number = 1
    for raw in stream:
        number += 1
        text = _decode_line(raw).rstrip("\r\n")
        if not text.strip():
            continue
        cells = {name: text[a:b] for name, (a, b) in fields}
        entry = stats.take(cells, number, f"line {number}")
        if entry is not None:
            yield entry


# -- CSV (national lists) ------------------------------------------------------------------

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


def _split_header(line: str) -> list[str]:
    delimiter = max(",;\t|", key=line.count)
    return next(csv.reader([line], delimiter=delimiter))


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


def _csv(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    head = _head(stream)
    try:
        head.decode("utf-8")
        encoding = "utf-8-sig"
    except UnicodeDecodeError as exc:
        encoding = "utf-8-sig" if exc.start > len(head) - 4 else "cp1252"  # a cut character at the end
    text = io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline="")
    first = text.readline()
    delimiter = max(",;\t|", key=first.count)
    columns = CsvColumns.from_header(next(csv.reader([first], delimiter=delimiter), []))
    if not columns.usable:
        raise ListFormatError(f"{label}: the CSV header names no name and id columns (e.g. Spielername and "
                              "FIDE-ID or ZPS/Mgl-Nr); expected " + EXPECTED)
    where = columns.where
    reader = csv.reader(text, delimiter=delimiter)
    for number, row in enumerate(reader, start=2):
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
