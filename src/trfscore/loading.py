"""Loading any supported input into a :class:`~trfscore.tournament.Tournament`.

The format is sniffed from the content unless given; the format registry
(:mod:`trfscore.formats.registry`) names the reader.  Data problems come back as findings; only an
unreadable path raises (``OSError``), and an unknown format name ``ValueError``.
"""
from __future__ import annotations

import codecs
import os
from pathlib import Path
from typing import TYPE_CHECKING, Union

from .findings import Finding
from .model import Tournament as TournamentData
from .tournament import Tournament

if TYPE_CHECKING:
    from .formats.registry import Format

PathOrText = Union[str, bytes, "os.PathLike[str]"]

_SNIFF_BYTES = 65_536 * 4 + 3  # bytes enough for the 65,536 characters the sniffer reads (and a BOM)


def sniff(text: str) -> str:
    """Guess the format of decoded text (a format name of the registry)."""
    from .formats.registry import sniff as sniff_format

    return sniff_format(text).name


def loads(data: str | bytes, format: str | None = None, *, path: str | None = None,
          encoding: str | None = None, event: str | None = None, round_mode: str | None = None,
          unfinished: str = "auto") -> Tournament:
    """Read a tournament from text or bytes; ``event`` picks one event of a PGN file that holds
    several, ``round_mode`` says how its ``Round`` tags are read (:func:`trfscore.formats.pgn.read`;
    either is a ValueError for other formats); ``unfinished`` how games not finished (PGN ``*``)
    and unknown results (TRF ``X``) are scored: ``auto`` (the file's way), ``pending``, ``draw``
    or ``zero`` (:mod:`trfscore.unfinished`)."""
    from .unfinished import check_mode, score_unfinished

    box = [data]  # handed on, not kept here: a reader may free its input early (a PGN file's, a JSON document's)
    del data
    return score_unfinished(_loads(box, format, path, encoding, event, round_mode, check_mode(unfinished)),
                            unfinished)


def _loads(box: list[str | bytes], format: str | None, path: str | None, encoding: str | None, event: str | None,
           round_mode: str | None, unfinished: str) -> Tournament:
    """:func:`loads` of the data in ``box`` (taken out of it) but for scoring the unknown results as
    ``unfinished`` asks (which the PGN reader takes: a ``*`` scored by the choice is read as an
    unknown result)."""
    from .formats import registry

    data = box.pop()
    fmt = _format_of(data, format, encoding)
    if event is not None or round_mode is not None or (unfinished != "auto" and (fmt.read_by or fmt.name) == "pgn"):
        if (fmt.read_by or fmt.name) != "pgn":
            what = "an event is picked only from" if event is not None else "a round mode is only for"
            raise ValueError(f"{what} PGN input (this is {fmt.name})")
        from .formats import pgn

        t = pgn.read(data, path=path, encoding=encoding, event=event, round_mode=round_mode or "auto",
                     unfinished=unfinished)
        return registry.with_pgn_encoding(t, data, encoding)
    box = [data]  # handed on, not kept here: a reader may free its input early (a JSON document's)
    del data
    return fmt.read(box.pop(), path=path, encoding=encoding)


def _format_of(data: str | bytes, format: str | None, encoding: str | None) -> Format:
    """The format ``data`` is read as: ``format`` when given (a ValueError when trfscore cannot
    read it), else sniffed."""
    from .formats import registry
    from .formats.decode import decode, is_utf8, looks_binary

    if format is not None:
        fmt = registry.get(format)
        if not fmt.readable and fmt.read_by is None:
            raise ValueError(f"trfscore does not read {fmt.name}; choose one of "
                             f"{', '.join(registry.names(readable=True))}")
        return fmt
    if isinstance(data, str):
        return registry.sniff(data)
    # binary input is read by the TRF reader, which says what it is: tested before a text is
    # decoded whole, and after sniffing the start of a UTF-8 text only when that is no TRF (a
    # TRF would be read by that reader anyway, which tests it: one scan of the start, not two)
    if encoding or not is_utf8(data):
        return registry.get("trf") if looks_binary(data) else registry.sniff(decode(data, encoding).text)
    fmt = registry.sniff(_utf8_start(data))
    return registry.get("trf") if fmt.name != "trf" and looks_binary(data) else fmt


def reads_as_pgn(data: str | bytes, format: str | None = None, encoding: str | None = None) -> bool:
    """Whether ``data`` is read by the PGN reader (``format`` given, else sniffed): the inputs the
    PGN-only options (``event``, ``round_mode``) are for."""
    fmt = _format_of(data, format, encoding)
    return (fmt.read_by or fmt.name) == "pgn"


def _utf8_start(data: bytes) -> str:
    """What the sniffer reads of UTF-8 ``data`` (no encoding given): only the start, decoded
    exactly as the whole text starts, since a PGN reader decodes one game at a time and a decoded
    copy of a large file is not needed."""
    head = data[3:_SNIFF_BYTES] if data.startswith(b"\xef\xbb\xbf") else data[:_SNIFF_BYTES]
    return codecs.getincrementaldecoder("utf-8")().decode(head)  # a character cut at the end waits


def load(source: PathOrText, format: str | None = None, *, encoding: str | None = None,
         event: str | None = None, unfinished: str = "auto") -> Tournament:
    """Read a tournament from a path (``str``/``PathLike``, a folder of PGN files included), or
    from text or bytes when ``source`` is not a path (a ``str`` with a line break); ``event`` and
    ``unfinished`` as in :func:`loads`."""
    if isinstance(source, bytes):
        return loads(source, format, encoding=encoding, event=event, unfinished=unfinished)
    if isinstance(source, str) and ("\n" in source or "\r" in source):  # no path holds a line break
        return loads(source, format, encoding=encoding, event=event, unfinished=unfinished)
    path = Path(source)
    if path.is_dir():  # a folder of PGN files makes one tournament
        return load_folder(path, encoding=encoding, event=event, unfinished=unfinished)
    from .formats.files import read_file

    # ValueError for a FIFO, a device or more than 64 MB; the bytes are not kept here (freed early)
    return loads(read_file(path), format, path=str(path), encoding=encoding, event=event, unfinished=unfinished)


def load_folder(path: str | os.PathLike[str], *, encoding: str | None = None, event: str | None = None,
                round_mode: str | None = None, unfinished: str = "auto") -> Tournament:
    """The PGN files of a folder as one tournament (the options as in :func:`loads`)."""
    from .formats import pgn
    from .unfinished import check_mode, score_unfinished

    return score_unfinished(pgn.read_many([path], encoding=encoding, event=event, round_mode=round_mode or "auto",
                                          unfinished=check_mode(unfinished)), unfinished)


def nothing_readable(t: TournamentData) -> Finding | None:
    """The first error finding of an input that held nothing readable (no player), else None.
    Every command ends such an input with exit 2, ``check`` keeping its findings."""
    if t.players:
        return None
    return next((f for f in t.findings if f.severity == "error"), None)
