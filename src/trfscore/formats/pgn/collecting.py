"""Game records from a PGN text through python-chess, one game section at a time: the one way
every PGN text is read.

The text is cut where games start (``[Event`` lines, see :mod:`.sections`) and python-chess reads
each section on its own, headers only unless moves are asked for (a visitor that keeps the tag
pairs and skips the movetext).  So no copy of the whole text is made (python-chess reads a small
``StringIO`` of one game; bytes that are UTF-8 are decoded one game at a time), and python-chess
cannot stop early or lose a game after one whose movetext is empty (python-chess issue 1087):
such a game is reported (PGN102), since other programs reading the file in one pass may lose the
game after it.
"""
from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, AnyStr, TextIO

from .conventions import TERMINATIONS
from .moves import any_moves_in, moves_of, section_has_moves
from .records import GameRecord, RecordMaker, is_phantom
from .rules import Sink
from .sections import Section, report_bad_tags, report_unended, sections, spelled, tag_lines

if TYPE_CHECKING:  # python-chess is imported on first use
    import chess.pgn

    #: python-chess's reader of the next game of a handle: the game, or only its tag pairs
    GameReader = Callable[[TextIO], chess.pgn.Game | dict[str, str] | None]

_TAG_LINE = re.compile(r"^[ \t]*\[", re.M)


@functools.lru_cache(maxsize=1)
def _tag_visitor() -> type[chess.pgn.BaseVisitor[dict[str, str]]]:
    """A python-chess visitor that keeps the tag pairs in a plain dict and skips the movetext.

    It does what ``chess.pgn.read_headers`` does (headers, then ``SKIP``), minus the ``Headers``
    mapping, whose look-ups of absent tags are slow on 100,000 games.
    """
    import chess.pgn

    shared = chess.pgn.Headers({})

    class TagVisitor(chess.pgn.BaseVisitor[dict[str, str]]):
        def __init__(self) -> None:
            self.tags: dict[str, str] = {}

        def begin_headers(self) -> chess.pgn.Headers:
            return shared  # a Headers instance, so python-chess builds no second copy

        def visit_header(self, tagname: str, tagvalue: str) -> None:
            self.tags[tagname] = tagvalue

        def end_headers(self) -> chess.pgn.SkipType:
            return chess.pgn.SKIP

        def result(self) -> dict[str, str]:
            return self.tags

    return TagVisitor


def _game_reader(moves: bool) -> GameReader:
    """python-chess's reader of the next game: a whole game, or (``moves=False``) its tag pairs."""
    import chess.pgn

    if moves:
        return chess.pgn.read_game
    return functools.partial(chess.pgn.read_game, Visitor=_tag_visitor())  # no Python frame of its own


def collect(text: str | bytes, *, moves: bool = False, sink: Sink | None = None) -> list[GameRecord]:
    """The game records of one PGN text (``str``, or ``bytes`` that are valid UTF-8)."""
    if sink is None:
        sink = Sink([])
    # the same call for either type, each type-checked on its own
    return _collect(text, moves, sink) if isinstance(text, str) else _collect(text, moves, sink)


def _collect(text: AnyStr, moves: bool, sink: Sink) -> list[GameRecord]:
    any_moves = any_moves_in(text)
    reader = _game_reader(moves)
    maker = RecordMaker(sink, escapes=spelled(text, "\\", b"\\") in text)
    records: list[GameRecord] = []
    tags_read = 0
    unended = 0  # games with tags but no result at the end of their movetext
    first_unended = after_unended = 0  # the first one's line, and the next game's
    section = None
    for section in sections(text):
        if unended and not after_unended:
            after_unended = section.line
        tags_read += _read_section(section, reader, maker, any_moves, sink, records)
        if not section.last and not section.text.rstrip().endswith(TERMINATIONS):
            unended += 1
            first_unended = first_unended or section.line
    if section is None:
        return records
    if unended:
        report_unended(unended, first_unended, after_unended, sink)
    if tag_lines(text) != tags_read or moves:
        report_bad_tags(text, sink)
    return records


def _read_section(section: Section, reader: GameReader, maker: RecordMaker, any_moves: bool, sink: Sink,
                  records: list[GameRecord]) -> int:
    """Add the records of one section (one game, or more when tag lines follow its movetext) to
    ``records``; the number of tags python-chess read."""
    chunk = section.text
    tag_count = chunk.count("\n[") + 1
    handle = io.StringIO(chunk)
    tags_read = 0
    while True:
        at = handle.tell()
        try:
            got = reader(handle)
        except Exception as exc:  # python-chess is lenient; this is a safety net
            sink.add("PGN102", f"python-chess stopped with {type(exc).__name__} on the game at line "
                     f"{section.line}; it is left out", section.line, 1)
            return tags_read
        if got is None:
            return tags_read
        game = None
        if isinstance(got, dict):
            headers: Mapping[str, str] = got
        else:  # moves: python-chess's game
            game, headers = got, got.headers
        if ("White" not in headers or "Event" not in headers) and is_phantom(headers):
            continue  # a phantom game python-chess made of blank lines or a stray comment
        tags_read += len(headers)
        rec = maker.make(headers, section.line + (_first_tag_line(chunk, at) if at else 0))
        if game is not None:
            rec.has_moves = moves_of(game, rec, sink)
        else:
            rec.has_moves = any_moves and section_has_moves(chunk)
        records.append(rec)
        if len(headers) >= tag_count:
            return tags_read  # every tag line of the section is read: no second game in it


def _first_tag_line(chunk: str, at: int) -> int:
    """Lines from the start of ``chunk`` to the first tag line at or after offset ``at``."""
    m = _TAG_LINE.search(chunk, at)
    return chunk.count("\n", 0, m.start() if m else at)
