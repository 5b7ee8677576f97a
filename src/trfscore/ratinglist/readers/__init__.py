"""Streaming readers for the lists FIDE (and national federations) publish.

* XML (:mod:`.xml_list`), combined or per rating type, a player dropped once read;
* TXT (:mod:`.txt_list`), fixed columns found from the header line;
* CSV (:mod:`.csv_list`), a national list with a header naming its columns;
* any of these inside a zip file, streamed from the archive without unpacking it.

A file that is not a list raises :class:`ListFormatError` naming the file and what was expected;
a malformed row is skipped and counted in :class:`ReadStats`, never an exception.

This module opens a list (plain or zipped), tells which kind it is (:func:`sniff`) and hands it
to the reader of its format; what those share is :mod:`.rows`.
"""
from __future__ import annotations

import codecs
import lzma
import re
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from ..entry import Entry
from .csv_list import CsvColumns, read_csv, split_header
from .rows import CONTROL, EXPECTED, ListFormatError, ListInfo, ReadStats, clean, kind_from_name, period_from_name
from .txt_list import TxtColumns, read_txt
from .xml_list import read_xml

__all__ = ["ListFormatError", "ListInfo", "ReadStats", "sniff", "read_entries", "period_from_name"]


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
            raise ListFormatError(f"{path}: cannot unpack {clean(member.filename, 80)} ({exc}); "
                                  "the zip file is damaged") from None


def _sniff_bytes(head: bytes) -> str:
    text = head.lstrip(codecs.BOM_UTF8).lstrip()
    if text.startswith(b"<"):
        return "xml"
    first = text.split(b"\n", 1)[0].decode("latin-1")
    if re.match(r"\s*ID\s*N(?:umber|o)?\b", first, re.I) and re.search(r"\bName\b", first, re.I):
        return "txt"
    if any(sep in first for sep in ",;\t|") and CsvColumns.from_header(split_header(first)).usable:
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
                              f"(starts with {CONTROL.sub('?', shown)!r}); expected {EXPECTED}")
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
        reader = {"xml": read_xml, "txt": read_txt}.get(info.format, read_csv)
        yield from reader(stream, f"{path}({member})" if member else path, stats)
