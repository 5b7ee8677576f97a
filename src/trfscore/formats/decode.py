"""Turning input bytes into text: encoding detection and BOM handling.

TRF names no encoding (rule TRF101): try UTF-8 (a BOM is noted and stripped), then
Windows-1252, then Latin-1, which decodes anything.  The encoding used is reported, and the
same encoding and BOM give back the original bytes when the text is written again.
"""
from __future__ import annotations

import codecs

from ..errors import UsageError

FALLBACKS = ("utf-8", "cp1252", "latin-1")


class Decoded:
    """Decoded bytes: the text, the encoding used, whether a UTF-8 byte order mark was removed,
    and whether another encoding was used because UTF-8 did not decode.  (A plain class: a
    NamedTuple costs every process ~0.66 M instructions to make, docs/performance.md.)"""

    __slots__ = ("text", "encoding", "bom", "fallback")

    def __init__(self, text: str, encoding: str, bom: bool, fallback: bool) -> None:
        self.text, self.encoding, self.bom, self.fallback = text, encoding, bom, fallback


def text_encoding(name: str) -> str:
    """Python's name for the text encoding ``name`` (``--encoding``); a UsageError (exit 2) when
    there is none: unknown, or a codec that is no text encoding (base64, rot13, zlib)."""
    try:
        found = codecs.lookup(name).name
        b"x".decode(found)  # a LookupError for codecs that are no text encoding (b"" is not checked)
    except LookupError:
        raise UsageError(f"unknown encoding {name!r}: give a text encoding such as utf-8, cp1252 or latin-1") from None
    except UnicodeError:  # a text encoding that cannot decode one byte (UTF-16)
        pass
    return found


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode ``data``; ``encoding`` forces one: bytes it cannot decode are a UsageError (exit 2)
    saying where, never a silent fall-back to another encoding."""
    bom = data.startswith(codecs.BOM_UTF8)
    if encoding:
        name = text_encoding(encoding)
        body = data[3:] if bom and name == "utf-8" else data
        try:
            return Decoded(body.decode(name), name, bom and name == "utf-8", False)
        except UnicodeDecodeError as exc:
            line = body.count(b"\n", 0, exc.start) + 1
            raise UsageError(f"not valid {encoding} at byte {exc.start + 1} (line {line}): give the file's own "
                             "encoding with --encoding (cp1252 or latin-1 for most Western files)") from None
        except UnicodeError:  # the plain UnicodeError of punycode, idna ...: no text encoding for files
            raise UsageError(f"{encoding} cannot decode this file: give its text encoding with --encoding") from None
    if bom:
        try:
            return Decoded(data[3:].decode("utf-8"), "utf-8", True, False)
        except UnicodeDecodeError:
            pass
    for name in FALLBACKS:
        try:
            return Decoded(data.decode(name), name, False, name != "utf-8")
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def encode(text: str, encoding: str, bom: bool) -> bytes:
    """The inverse of :func:`decode` for text that came from it."""
    data = text.encode(encoding, errors="strict")
    return codecs.BOM_UTF8 + data if bom else data


_BLOCK = 1 << 20


def is_utf8(data: bytes) -> bool:
    """True when ``data`` decodes as UTF-8 (checked a block at a time: no decoded copy is kept)."""
    if data.isascii():
        return True
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for at in range(0, len(data), _BLOCK):
            decoder.decode(data[at:at + _BLOCK])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


#: control characters that text files do not hold (all below 32 but tab, LF, FF and CR)
_CONTROLS = bytes(b for b in range(32) if b not in (9, 10, 12, 13))


def looks_binary(data: bytes) -> bool:
    """A NUL byte, or a third control characters, in the first 4 KiB: not a text file."""
    head = data[:4096]
    if b"\x00" in head:
        return True
    if not head:
        return False
    controls = len(head) - len(head.translate(None, _CONTROLS))
    return len(head) >= 16 and controls * 3 > len(head)
