"""Loading any supported input into a :class:`~trfscore.model.Tournament`.

The format is sniffed from the content unless given; the matching reader in
:mod:`trfscore.formats` does the work.  Data problems come back as findings; only an unreadable
path raises (``OSError``), which the CLI turns into exit code 2.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Union

from .model import Tournament

PathOrText = Union[str, bytes, os.PathLike]

FORMATS = ("trf", "json", "pgn", "crosstable")


def sniff(text: str) -> str:
    """Guess the format of decoded text."""
    from .formats.sniff import sniff_format

    return sniff_format(text)


def loads(data: str | bytes, format: str | None = None, *, path: str | None = None,
          encoding: str | None = None) -> Tournament:
    """Read a tournament from text or bytes."""
    from .formats.decode import decode, looks_binary

    if isinstance(data, str):
        raw = None
        text = data
    else:
        raw = data
        if format in (None, "trf") and looks_binary(data):
            from .formats import trf
            return trf.read_bytes(data, path=path)
        text = decode(data, encoding).text
    fmt = format or sniff(text)
    if fmt == "trf":
        from .formats import trf
        return trf.read_bytes(raw, path=path, encoding=encoding) if raw is not None else trf.read_text(text, path=path)
    if fmt == "json":
        from .formats import json_model
        return json_model.read(text, path=path)
    if fmt == "pgn":
        from .formats import pgn
        t = pgn.read(raw if raw is not None else text, path=path, encoding=encoding)
    elif fmt == "crosstable":
        from .formats import crosstable
        t = crosstable.read(text, path=path)
    else:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if raw is not None:
        t.source.encoding = decode(raw, encoding).encoding
    t.source.path = path
    return t


def load(source: PathOrText, format: str | None = None, *, encoding: str | None = None) -> Tournament:
    """Read a tournament from a path (``str``/``PathLike``, a folder of PGN files included), or
    from text or bytes when ``source`` is not a path (a ``str`` with a line break)."""
    if isinstance(source, bytes):
        return loads(source, format, encoding=encoding)
    if isinstance(source, str) and ("\n" in source or "\r" in source):  # no path holds a line break
        return loads(source, format, encoding=encoding)
    path = Path(source)
    if path.is_dir():  # a folder of PGN files makes one tournament
        from .formats import pgn

        return pgn.read_many([path], encoding=encoding)
    data = path.read_bytes()
    return loads(data, format, path=str(path), encoding=encoding)
