"""The entry points: one PGN (text, bytes or file), several files or folders, a path; sniffing."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import IO, Any

from ...findings import Finding
from ...gcpause import gc_paused
from ...model import Source
from ...tournament import Tournament
from .. import limits
from ..files import NotReadable, read_file
from .collecting import collect
from .decoding import pgn_text, text_of
from .events import Events, list_events
from .records import GameRecord
from .rules import Sink
from .tournament import build


def read(source: str | bytes | IO[Any], *, moves: bool = False, round_mode: str = "auto", path: str | None = None,
         encoding: str | None = None, event: str | None = None, unfinished: str = "auto") -> Tournament:
    """Read one PGN (text, bytes or an open file) as a tournament; problems become findings.

    ``moves=False`` reads only the tag pairs (fast); ``moves=True`` also parses the moves (the
    SAN moves and ply counts are kept in ``extras["games"]``).  ``round_mode`` is ``"auto"``
    (``round.game`` for a match's ``r.g`` games, else ``round``), ``"round"``, ``"round.board"`` or
    ``"round.game"`` (see the module text).  ``event`` picks one event of a
    file that holds several (:mod:`.events`); without it such a file is refused (PGN110).
    ``unfinished`` ``draw`` or ``zero`` reads a ``*`` as an unknown result (``X``, PGN204) for
    :func:`trfscore.unfinished.score_unfinished` to score; else it is pending (PGN203).
    """
    findings: list[Finding] = []
    sink = Sink(findings, unfinished)
    box = [source]  # handed on, not kept here: the text is freed once its games are read
    del source
    with gc_paused():
        t = _read(box, moves, round_mode, path, encoding, findings, sink, event)
    sink.close()
    return t


def _read(box: list[str | bytes | IO[Any]], moves: bool, round_mode: str, path: str | None, encoding: str | None,
          findings: list[Finding], sink: Sink, event: str | None = None) -> Tournament:
    """:func:`read` of the source in ``box`` (taken out of it) with its findings list and sink; an
    internal error becomes a finding."""
    try:
        text, enc, bom = text_of(box.pop(), encoding, sink)
        records = collect(text, moves=moves, sink=sink)
        del text  # the games are read: the text is not held while the tournament is built
        if not records:
            sink.add("PGN100", "no PGN tag pairs ([Event \"...\"], [White \"...\"]) found: this is not a PGN file",
                     1, 1, "a PGN game starts with tag pairs such as [White \"Name\"]")
            return _empty(findings, path, encoding=enc, bom=bom)
        t = _of_event(records, event, round_mode, findings, path, sink)
        if t is None:
            return _empty(findings, path, encoding=enc, bom=bom)
        t.source.encoding, t.source.bom = enc, bom
        return t
    except Exception as exc:  # pragma: no cover - a reader bug must not become a traceback
        t = _empty(findings, path)
        sink.add("PGN100", f"the PGN could not be read: internal error {type(exc).__name__}: {exc}", 1, 1,
                 "please report this input to the trfscore authors")
        return t


def _empty(findings: list[Finding], path: str | None = None, **source: Any) -> Tournament:
    """A tournament without players (``source``: more of its :class:`Source`), with the findings
    that say why."""
    t = Tournament(source=Source(path=path, format="pgn", **source))
    t.findings = findings
    return t


def _of_event(records: list[GameRecord], event: str | None, round_mode: str, findings: list[Finding],
              path: str | None, sink: Sink) -> Tournament | None:
    """The tournament of the one event of ``records`` (``event``: which one, where they hold
    several), or None when none is picked (a finding says why)."""
    picked = Events(records).pick(event, sink)
    return None if picked is None else build(picked, round_mode=round_mode, findings=findings, path=path, sink=sink)


def _expand(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """The files: each path, a folder as its ``*.pgn`` files in name order."""
    return [f for p in (os.fspath(path) for path in paths)
            for f in (sorted(os.path.join(p, f) for f in os.listdir(p) if f.lower().endswith(".pgn"))
                      if os.path.isdir(p) else [p])]


def read_many(paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str], *, moves: bool = False,
              round_mode: str = "auto", encoding: str | None = None, event: str | None = None,
              unfinished: str = "auto") -> Tournament:
    """Several PGN files (or folders of ``*.pgn``) as one tournament (of one event, see :func:`read`)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    findings: list[Finding] = []
    sink = Sink(findings, unfinished)
    with gc_paused():
        try:
            t = _read_many(paths, moves, round_mode, encoding, findings, sink, event)
        except Exception as exc:  # pragma: no cover - a reader bug must not become a traceback
            t = _empty(findings)
            sink.add("PGN100", f"the PGN files could not be read: internal error {type(exc).__name__}: {exc}",
                     None, None, "please report this input to the trfscore authors")
    sink.close()
    return t


def _read_many(paths: Iterable[str | os.PathLike[str]], moves: bool, round_mode: str, encoding: str | None,
               findings: list[Finding], sink: Sink, event: str | None = None) -> Tournament:
    """:func:`read_many` with its findings list and sink: the records of every file, one tournament."""
    files = _expand(paths)
    records: list[GameRecord] = []
    encodings: set[str] = set()
    for f in files:
        sink.file = os.path.basename(f) if len(files) > 1 else ""
        got = _read_file(f, moves, encoding, sink, encodings)
        if got is None:
            continue
        for r in got:
            r.file = f if len(files) > 1 else ""
        records.extend(got)
    sink.file = ""
    path = files[0] if len(files) == 1 else (os.pathsep.join(files) if files else None)
    if not records:
        if not files:
            sink.add("PGN100", "no PGN files given", None, None)
        return _empty(findings, path)
    t = _of_event(records, event, round_mode, findings, path, sink)
    if t is None:
        return _empty(findings, path)
    t.source.encoding = encodings.pop() if len(encodings) == 1 else "mixed"
    if len(files) > 1:
        t.extras["files"] = files
    return t


def _read_file(f: str, moves: bool, encoding: str | None, sink: Sink,
               encodings: set[str]) -> list[GameRecord] | None:
    """The records of one file (its encoding added to ``encodings``), or None when it is not read."""
    try:
        # looked up at each call, so that ``limits.MAX_INPUT_BYTES`` can be changed (tests do)
        data = read_file(f, limits.MAX_INPUT_BYTES)
    except NotReadable as exc:
        sink.add("PGN100", f"{f} {exc}", None, None, "split the file, or give the games of one event"
                 if str(exc).startswith("is larger") else "")
        return None
    except OSError as exc:
        sink.add("PGN100", f"cannot read {f}: {exc.strerror or exc}", None, None)
        return None
    text, enc, _ = pgn_text(data, encoding, sink)
    del data
    encodings.add(enc)
    got = collect(text, moves=moves, sink=sink)
    if not got:
        sink.add("PGN100", "no PGN tag pairs found: this is not a PGN file", 1, 1)
    return got


def events(source: str | bytes | IO[Any], *, encoding: str | None = None) -> list[tuple[str, int]]:
    """The events of one PGN (text, bytes or an open file) and their numbers of games."""
    sink = Sink([])
    with gc_paused():
        text, _, _ = text_of(source, encoding, sink)
        return list_events(collect(text, sink=sink))


def read_path(path: str | os.PathLike[str], **options: Any) -> Tournament:
    """One PGN file (or a folder of them) by path."""
    return read_many([path], **options)


def sniff(text: str) -> bool:
    """True when ``text`` starts like PGN: an ``[Event`` or ``[White`` tag pair near the top."""
    head = text[:20_000].lstrip("\ufeff \t\r\n")
    return bool(re.search(r'^[ \t]*\[(?:Event|White|Site)[ \t]+"', head, re.M)) and head.startswith("[")
