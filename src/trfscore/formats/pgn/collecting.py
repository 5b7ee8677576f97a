"""Game records from a PGN text through python-chess, guarded against python-chess stopping early.

python-chess issue 1087: ``read_headers`` can stop or yield empty headers after a game whose
movetext is empty.  The games are also counted from the text (:mod:`.sections`); on a mismatch
a finding says so and every game is read again on its own.
"""
from __future__ import annotations

import bisect
import functools
import io
from typing import IO, Any, Callable

from .moves import any_moves_in, has_moves, moves_of
from .records import GameRecord, game_record
from .rules import Sink
from .sections import Sections, report_bad_tags, section_starts

_ROSTER = frozenset({"Event", "Site", "Date", "Round", "White", "Black", "Result"})


def _phantom(headers) -> bool:
    """Headers python-chess made up from blank lines or a stray comment (no tag of the text)."""
    tags = dict(headers)
    if not tags:
        return True
    if set(tags) <= _ROSTER:
        return all(tags.get(k, "?") in ("?", "????.??.??", "") for k in ("Event", "Site", "Date", "Round", "White",
                                                                            "Black"))
    return False


@functools.lru_cache(maxsize=1)
def _tag_visitor():
    """A python-chess visitor that keeps the tag pairs in a plain dict and skips the movetext.

    It does what ``chess.pgn.read_headers`` does (headers, then ``SKIP``), minus the ``Headers``
    mapping, whose look-ups of absent tags are slow on 100,000 games.
    """
    import chess.pgn

    shared = chess.pgn.Headers({})

    class TagVisitor(chess.pgn.BaseVisitor):
        def __init__(self) -> None:
            self.tags: dict[str, str] = {}

        def begin_headers(self):
            return shared  # a Headers instance, so python-chess builds no second copy

        def visit_header(self, tagname: str, tagvalue: str) -> None:
            self.tags[tagname] = tagvalue

        def end_headers(self):
            return chess.pgn.SKIP

        def result(self) -> dict[str, str]:
            return self.tags

    return TagVisitor


def _game_reader(moves: bool) -> Callable[[IO[str]], Any]:
    """python-chess's reader of the next game: a whole game, or (``moves=False``) its tag pairs."""
    import chess.pgn

    if moves:
        return chess.pgn.read_game
    visitor = _tag_visitor()

    def reader(handle):
        return chess.pgn.read_game(handle, Visitor=visitor)
    return reader


def collect(text: str, *, moves: bool = False, sink: Sink | None = None) -> list[GameRecord]:
    """The game records of one PGN text, with the guard against python-chess stopping early."""
    reader = _game_reader(moves)
    if sink is None:
        sink = Sink([])
    if text.startswith("\ufeff"):
        text = text[1:]
    starts = section_starts(text)
    if not starts:
        return []
    sections = Sections.of(text, starts)
    any_moves = any_moves_in(text)
    seen_bad: set = set()
    records, seen_index, tags_read = _read_in_one_pass(sections, reader, moves, sink, seen_bad)
    tag_lines = text.count("\n[") + text.startswith("[")
    if tag_lines != tags_read or moves:
        report_bad_tags(text, sink)
    if len(records) != len(starts):
        records = _read_one_by_one(sections, seen_index, len(records), reader, moves, sink, seen_bad)
    if any_moves and not moves:
        _mark_games_without_moves(records, sections)
    elif not moves:
        for rec in records:
            rec.has_moves = False
    return records


def _read_in_one_pass(sections: Sections, reader: Callable[[IO[str]], Any], moves: bool, sink: Sink,
                      seen_bad: set) -> tuple[list[GameRecord], set[int], int]:
    """The records python-chess reads in one pass, the sections they start in, how many tags it read."""
    starts, start_lines = sections.starts, sections.lines
    records: list[GameRecord] = []
    seen_index: set[int] = set()
    tags_read = 0
    handle = io.StringIO(sections.text)
    while True:
        position = handle.tell()
        try:
            got = reader(handle)
        except Exception as exc:  # python-chess is lenient; this is a safety net
            sink.add("PGN102", f"python-chess stopped with {type(exc).__name__}; the games are read one by one",
                     None, None)
            records = []
            break
        if got is None:
            break
        headers = got.headers if moves else got
        if ("White" not in headers or "Event" not in headers) and _phantom(headers):
            continue  # a phantom game python-chess made of blank lines or a stray comment
        index = min(bisect.bisect_left(starts, position), len(starts) - 1)
        seen_index.add(index)
        tags_read += len(headers)
        rec = game_record(headers, start_lines[index], sink, seen_bad)
        rec.has_moves = moves_of(got, rec, sink) if moves else None
        records.append(rec)
    return records, seen_index, tags_read


def _read_one_by_one(sections: Sections, seen_index: set[int], read_count: int,
                     reader: Callable[[IO[str]], Any], moves: bool, sink: Sink,
                     seen_bad: set) -> list[GameRecord]:
    """PGN102 (python-chess missed games), then the records of every section read on its own."""
    starts = sections.starts
    missed = next((i for i in range(len(starts)) if i not in seen_index), None)
    where = sections.lines[missed] if missed is not None else None
    sink.add("PGN102", f"python-chess read {read_count} game(s) but the text holds {len(starts)} tag "
             "section(s) (python-chess issue 1087: reading can stop after a game without moves)"
             + (f"; the first game it missed starts at line {where}" if where else "")
             + "; every game was read again on its own", where, 1 if where else None,
             "games without moves should still end with a result: 1-0, 0-1, 1/2-1/2 or *")
    records: list[GameRecord] = []
    for i in range(len(starts)):
        chunk = io.StringIO(sections.chunk(i))
        try:
            got = reader(chunk)
        except Exception:  # pragma: no cover - safety net
            got = None
        if got is None:
            continue
        headers = got.headers if moves else got
        rec = game_record(headers, sections.lines[i], sink, seen_bad)
        rec.has_moves = moves_of(got, rec, sink) if moves else None
        records.append(rec)
    return records


def _mark_games_without_moves(records: list[GameRecord], sections: Sections) -> None:
    """``has_moves`` of every record, told from its text (needed only when some games have moves)."""
    for rec, i in zip(records, _indices(records, sections.lines)):
        chunk = sections.chunk(i)
        body = "\n".join(ln for ln in chunk.split("\n") if not ln.lstrip().startswith("["))
        rec.has_moves = has_moves(body)


def _indices(records: list[GameRecord], start_lines: list[int]) -> list[int]:
    """The section of every record, found by its start line."""
    where = {line: i for i, line in enumerate(start_lines)}
    return [where.get(r.line, 0) for r in records]
