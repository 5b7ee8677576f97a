"""FIDE's XML lists: ``<playerslist><player><fideid>…</fideid>…</player>…</playerslist>``,
combined or per rating type (``docs/ratinglist.md`` lists the elements), parsed by expat a
megabyte at a time, each player dropped once read, so a list of a million players never sits in
memory whole."""
from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import IO
from xml.parsers import expat

from ..entry import Entry
from .rows import ListFormatError, ReadStats, clean

#: The children of a ``<player>`` in FIDE's combined XML list, in order; a per-type list lacks the
#: rapid_ and blitz_ ones.
XML_COMBINED = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating", "games",
                "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birthday",
                "flag")
XML_PER_TYPE = tuple(n for n in XML_COMBINED if not n.startswith(("rapid_", "blitz_")))


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
                raise ListFormatError(f"{self.label}: XML whose root is <{clean(name, 40)}>; expected "
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


def read_xml(stream: IO[bytes], label: str, stats: ReadStats) -> Iterator[Entry]:
    """Players of an XML list, in document order (expat callbacks only when :func:`_fast_ok`
    says no: the test of the fast path reads a document both ways by putting a comment first).

    The whole document is read once by expat (which checks it is well-formed, in its declared
    encoding); the fast path cuts the same bytes at ``</player>`` ends, searching only the new
    bytes each time, so time is linear and a stretch without a player is refused at
    :data:`MAX_STRETCH`."""
    peek = getattr(stream, "peek", None)  # the first bytes, not consumed from the reader's point of view
    head = peek(4096)[:4096] if peek is not None else b""
    fast = _fast_ok(head)
    prolog = _PROLOG.match(head) if fast else None
    if prolog and prolog.group("root") != b"playerslist":
        raise ListFormatError(f"{label}: XML whose root is <{clean(prolog.group('root').decode('latin-1'), 40)}>; "
                              "expected <playerslist> (a FIDE rating list)")
    handlers = _Players(label)
    checker = _general_parser(handlers) if not fast else expat.ParserCreate()  # the latter only checks
    general: expat.XMLParserType | None = None  # the general parser a fast read switches to
    number = 0
    buf = bytearray()
    scan = prolog.start("root") - 1 if prolog else 0  # where to look for markup the fast path does not read
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
