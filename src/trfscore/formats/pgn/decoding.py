"""PGN bytes as text: UTF-8 if it decodes, else line by line UTF-8 / Windows-1252.

UTF-8 bytes are not decoded here: the reader decodes one game at a time (:mod:`.sections`), so
a file is held once, as its bytes, instead of as bytes and text.
"""
from __future__ import annotations

import codecs
from typing import IO, Any

from ..decode import is_utf8
from .rules import Sink


def decode_pgn(data: bytes, encoding: str | None, sink: Sink) -> tuple[str, str, bool]:
    """Text, encoding name, BOM: UTF-8 if it decodes, else line by line UTF-8 / Windows-1252."""
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    if encoding:
        try:
            return body.decode(encoding), encoding, bom
        except (UnicodeError, LookupError):
            sink.add("PGN103", f"the file does not decode as {encoding}; read line by line instead", 1, 1)
    try:
        return body.decode("utf-8"), "utf-8", bom
    except UnicodeDecodeError:
        pass
    lines = body.split(b"\n")
    out = []
    legacy: list[int] = []
    utf8_non_ascii = False
    for no, raw in enumerate(lines, 1):
        try:
            text = raw.decode("utf-8")
            utf8_non_ascii = utf8_non_ascii or not raw.isascii()
        except UnicodeDecodeError:
            try:
                text = raw.decode("cp1252")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            legacy.append(no)
        out.append(text)
    shown = ", ".join(str(n) for n in legacy[:10]) + (" ..." if len(legacy) > 10 else "")
    if utf8_non_ascii:
        sink.add("PGN103", f"the file mixes encodings: {len(legacy)} line(s) are not UTF-8 and were read as "
                 f"Windows-1252 (lines {shown}); the others are UTF-8", legacy[0], 1,
                 "save the whole file in one encoding (UTF-8)")
        name = "mixed"
    else:
        sink.add("PGN103", f"the file is not UTF-8; read as Windows-1252 (first line {legacy[0]})", legacy[0], 1,
                 "PGN's own standard is ISO 8859-1; UTF-8 is the common choice today")
        name = "cp1252"
    return "\n".join(out), name, bom


def pgn_text(data: bytes, encoding: str | None, sink: Sink) -> tuple[str | bytes, str, bool]:
    """What the reader reads, encoding name, BOM: the bytes themselves when they are UTF-8 (and no
    other encoding is asked for), else the text :func:`decode_pgn` makes of them."""
    if not encoding and is_utf8(data):
        return data, "utf-8", data.startswith(codecs.BOM_UTF8)
    return decode_pgn(data, encoding, sink)


def text_of(source: str | bytes | IO[Any], encoding: str | None, sink: Sink) -> tuple[str | bytes, str, bool]:
    """Text (or UTF-8 bytes), encoding name, BOM of a text, bytes or an open file (text or binary)."""
    if isinstance(source, str):
        return source, "utf-8", False
    if isinstance(source, (bytes, bytearray, memoryview)):
        return pgn_text(bytes(source), encoding, sink)
    data = source.read()
    if isinstance(data, str):
        return data, getattr(source, "encoding", None) or "utf-8", False
    return pgn_text(bytes(data), encoding, sink)
