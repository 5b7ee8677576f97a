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
import lzma
import re
import zipfile
import zlib
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
            try:
                yield handle, "", handle
            except OSError as exc:  # a read error half way (a disk, a network folder)
                raise ListFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
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
        except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError, zlib.error, lzma.LZMAError,
                OSError) as exc:  # a damaged deflate, bzip2 or lzma member, a wrong CRC, encryption
            raise ListFormatError(f"{path}: cannot unpack {_clean(member.filename, 80)} ({exc}); "
                                  "the zip file is damaged") from None


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


def read_entries(path: str, stats: ReadStats | None = None, info: ListInfo | None = None) -> Iterator[Entry]:
    """Every player of the list at ``path``, streamed; malformed rows counted in ``stats``
    (``info``: what :func:`sniff` said of the file, when it was asked already)."""
    stats = stats if stats is not None else ReadStats()
    info = info or sniff(path)
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


def _code(text: str | None) -> str:
    """A federation: three ASCII capital letters (FIDE's codes), else ""."""
    value = (text or "").strip().upper()
    return value if len(value) == 3 and value.isascii() and value.isalpha() else ""


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
    player is read, which measured 40 % faster than ``iterparse`` with clearing.  A cell keeps
    at most :data:`MAX_CELL` characters (a name is cut at 120 anyway), so a huge text costs
    linear time and bounded memory."""

    def __init__(self, label: str, root: str | None = None) -> None:
        self.label = label
        self.root: str | None = root
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
            if tag not in cells:
                cells[tag] = text[:MAX_CELL]
            elif len(cells[tag]) < MAX_CELL:
                cells[tag] = (cells[tag] + text)[:MAX_CELL]

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
#: order, ``<title/>``, attributes) sends that block to the general path; a comment, CDATA section,
#: processing instruction or DOCTYPE anywhere sends the rest of the document there (seen by the
#: checking parser, which reads the whole document either way).  A test holds both paths to the
#: same entries.
_FAST = [re.compile(r"<player>\s*" + r"\s*".join(f"<{n}>([^<]*)</{n}>" for n in names) + r"\s*</player\s*>")
         for names in (XML_COMBINED, XML_PER_TYPE)]
_PLAYER_TAG = re.compile(r"<player[\s>/]")
_PLAYER_END = re.compile(rb"</player\s*>")
_PROLOG = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml(?P<decl>[^>]*)\?>)?\s*<(?P<root>[^\s>/]+)", re.S)
#: Longest stretch of an XML list without a ``</player>`` (a player takes under a kilobyte).
MAX_STRETCH = 16 << 20
#: Most characters kept of one cell of a list.
MAX_CELL = 4096


def _fast_ok(head: bytes) -> bool:
    """True when the document is UTF-8 and starts with its root (no comment, DOCTYPE or
    processing instruction before it): the fast path reads the bytes itself."""
    m = _PROLOG.match(head)
    if m is None or m.group("root").startswith((b"!", b"?")):
        return False
    decl = (m.group("decl") or b"").lower()
    enc = re.search(rb"encoding\s*=\s*[\"']([^\"']+)", decl)
    return not enc or enc.group(1).replace(b"_", b"-") in (b"utf-8", b"us-ascii", b"ascii")


def _prolog_end(head: bytes) -> int:
    """Where the root element starts (after the XML declaration)."""
    m = _PROLOG.match(head)
    return m.start("root") - 1 if m else 0


def _value(text: str) -> str:
    if "&" in text:
        text = html.unescape(text)
    if "\r" in text:  # as XML reads line ends
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _last_end(buf: bytearray, start: int) -> int:
    """The offset just after the last ``</player>`` end tag of ``buf`` at or after ``start``
    (0 when there is none)."""
    at = len(buf)
    while True:
        at = buf.rfind(b"</player", start, at)
        if at < 0:
            return 0
        m = _PLAYER_END.match(buf, at)
        if m:
            return m.end()


def _xml(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    """Players of an XML list, in document order (expat callbacks only when :func:`_fast_ok`
    says no: the test of the fast path reads a document both ways by putting a comment first).

    The whole document is read once by expat (which checks it is well-formed, in its declared
    encoding); the fast path cuts the same bytes at ``</player>`` ends, searching only the new
    bytes each time, so time is linear and a stretch without a player is refused at
    :data:`MAX_STRETCH`."""
    head = _head(stream, 4096) or b""
    fast = _fast_ok(head)
    if fast:
        m = _PROLOG.match(head)
        if m and m.group("root") != b"playerslist":
            raise ListFormatError(f"{label}: XML whose root is <{_clean(m.group('root').decode('latin-1'), 40)}>; "
                                  "expected <playerslist> (a FIDE rating list)")
    handlers = _Players(label)
    checker = _general_parser(handlers) if not fast else expat.ParserCreate()  # the latter only checks
    general: expat.XMLParserType | None = None  # the general parser a fast read switches to
    number = 0
    buf = bytearray()
    scan = _prolog_end(head) if fast else 0  # where to look for markup the fast path does not read
    cut_any = False
    final = False
    while not final:
        chunk = stream.read(1 << 20)
        final = not chunk
        try:
            checker.Parse(chunk, final)
            if general is not None:
                general.Parse(chunk, final)
        except expat.ExpatError as exc:
            raise _malformed(label, exc, handlers.root is None and not number and not cut_any and not buf.strip()) \
                from None
        if fast and general is None:
            searched = max(0, len(buf) - 16)  # a tag may straddle two chunks
            buf += chunk
            if buf.find(b"<!", max(searched, scan)) >= 0 or buf.find(b"<?", max(searched, scan)) >= 0:
                # a comment, CDATA section, DOCTYPE or processing instruction (in a well-formed
                # document "<!" and "<?" start nothing else): the rest through the general parser
                general = _general_parser(handlers)
                rest, buf = bytes(buf), bytearray()
                try:
                    general.Parse((b"<playerslist>" if cut_any else b"") + rest, final)
                except expat.ExpatError as exc:
                    raise _malformed(label, exc, False) from None
            else:
                scan = 0
                cut = len(buf) if final else _last_end(buf, searched)
                if cut:
                    text = buf[:cut].decode("utf-8", "replace")
                    del buf[:cut]
                    cut_any = True
                    handlers.done.extend(_fast_block(text, label))
                elif len(buf) > MAX_STRETCH:
                    raise ListFormatError(f"{label}: more than {MAX_STRETCH >> 20} MB without a </player> end; "
                                          "not a FIDE rating list (a player takes under a kilobyte)")
        for cells in handlers.done:
            number += 1
            entry = stats.take(cells, number, f"player {number}")
            if entry is not None:
                yield entry
        handlers.done.clear()


def _fast_block(text: str, label: str) -> list[dict[str, str]]:
    """The players of a block of complete ``<player>`` elements (no comment, CDATA or
    processing instruction in the document so far)."""
    expected = len(_PLAYER_TAG.findall(text))
    if not expected:
        return []
    for pattern in _FAST:
        found = pattern.findall(text)
        if len(found) == expected:
            names = XML_COMBINED if pattern is _FAST[0] else XML_PER_TYPE
            if "&" in text or "\r" in text:
                return [dict(zip(names, map(_value, groups))) for groups in found]
            return [dict(zip(names, groups)) for groups in found]  # a block is at most MAX_STRETCH long
    # another layout: this block through the general path
    handlers = _Players(label, root="playerslist")
    parser = _general_parser(handlers)
    start = _PLAYER_TAG.search(text)
    body = text[start.start():] if start else ""
    try:
        parser.Parse(("<playerslist>" + body).encode("utf-8"), False)  # the rest follows in the next blocks
    except expat.ExpatError:
        raise ListFormatError(f"{label}: <player> elements nested in a way no FIDE rating list has") from None
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


#: Longest line of a TXT or CSV list (FIDE's TXT lines are under 200 characters); a longer one
#: is skipped as malformed, its bytes never held.
MAX_LINE = 64 * 1024


def _lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes | None]:
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


class _Decoder:
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


def _txt(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    decode = _Decoder(stats, label)
    lines = _lines(stream)
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


def _delimiter(header: str) -> str:
    """The CSV delimiter of a list: the one of ``, ; tab |`` its header line holds most of."""
    return max(",;\t|", key=header.count)


def _split_header(line: str) -> list[str]:
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


def _csv(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    decode = _Decoder(stats, label)
    number = 0

    def text_lines() -> Iterator[str]:
        nonlocal number
        for raw in _lines(stream):
            number += 1
            if raw is None:
                stats.skip(f"line {number}", f"longer than {MAX_LINE // 1024} KB")
                yield "\n"
            else:
                yield decode(raw, f"line {number}") + "\n"

    lines = text_lines()
    first = next(lines, "").lstrip("\ufeff")
    delimiter = _delimiter(first)
    columns = CsvColumns.from_header(_split_header(first))
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
