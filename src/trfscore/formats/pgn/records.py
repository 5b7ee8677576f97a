"""One game's tag pairs as a record: the two sides, the result, the round and the tags kept."""
from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .rules import Sink


def event_name(event: str | None, study: str | None, tournament: str | None) -> str:
    """The event a game's ``Event``, ``StudyName`` and ``Tournament`` tags name ("" for none; the
    conventions are those of :mod:`.events`)."""
    if tournament and "chess.com/" in tournament:
        return tournament.strip()  # chess.com: every game is "Live Chess"; the tournament is its address
    name = (event or "").strip()
    if study:
        study = study.strip()
        if name.startswith(study + ": "):
            return study  # a lichess study: "<study>: <chapter>" for each chapter
    return "" if name in ("?", "-") else name


@dataclass(slots=True)
class Side:
    """One player of a game as its tags give them."""

    name: str
    fide_id: str = ""
    elo: int | None = None
    title: str = ""
    fed: str = ""


@dataclass(slots=True)
class GameRecord:
    """The tag pairs of one game that matter for the tournament."""

    line: int
    white: Side
    black: Side
    result: str
    round_text: str
    termination: str = ""
    bye_type: str = ""
    has_moves: bool | None = None
    tags: dict[str, str] = field(default_factory=dict)
    file: str = ""
    moves: str | None = None
    plies: int | None = None
    event: str = ""  # the event's name (:func:`.events.event_name`)


def location(rec: GameRecord) -> str:
    """Where a game starts, as findings name it: ``line 12`` or ``round2.pgn line 12``."""
    return f"{os.path.basename(rec.file)} line {rec.line}" if rec.file else f"line {rec.line}"


def _int_or_none(text: str | None) -> int | None:
    """A positive number of at most nine digits, else None."""
    text = (text or "").strip()
    # no rating or number has more digits (int() refuses 4,300)
    return (int(text) or None) if text.isdecimal() and len(text) < 10 else None


_SIDE_TAGS = {c: (c, c + "FideId", c + "Elo", c + "Title", c + "Fed", c + "Federation", c + "Country")
              for c in ("White", "Black")}
_WHITE_TAGS, _BLACK_TAGS = _SIDE_TAGS["White"], _SIDE_TAGS["Black"]
#: the values of some tags of a game (None: the tag is absent), a key of what games share
_TagValues = tuple[str | None, ...]


def _side(h: Mapping[str, str], colour: str, sink: Sink, line: int, seen_bad: set[str]) -> Side:
    """The ``White`` or ``Black`` side of a game's tags (PGN109 for a FIDE id that is not a number)."""
    tag_name, tag_id, tag_elo, tag_title, tag_fed, tag_fed2, tag_fed3 = _SIDE_TAGS[colour]
    name = h.get(tag_name) or ""
    if "  " in name or name[:1].isspace() or name[-1:].isspace():
        name = " ".join(name.split())
    fide = h.get(tag_id) or ""
    if fide:
        fide = fide.strip()
        if not fide.isdecimal():
            if fide and fide not in seen_bad:
                seen_bad.add(fide)
                sink.add("PGN109", f"{tag_id} {fide!r} is not a number; the player is matched by name", line, 1,
                         "a FIDE id is the player's number in the FIDE rating list", fide)
            fide = ""
        elif fide[0] == "0":
            fide = fide.lstrip("0")
    fed = h.get(tag_fed) or h.get(tag_fed2) or h.get(tag_fed3)
    return Side(name, fide, _int_or_none(h.get(tag_elo)), _clean(h.get(tag_title)), _clean(fed))


def _clean(value: str | None) -> str:
    """A tag value stripped; ``-`` and ``?`` (unknown) are empty."""
    if not value:
        return ""
    value = value.strip()
    return "" if value in ("-", "?") else value


_ROSTER = frozenset({"Event", "Site", "Date", "Round", "White", "Black", "Result"})


def is_phantom(headers: Mapping[str, str]) -> bool:
    """True for headers python-chess made up from blank lines or a stray comment (no tag of the text)."""
    return not headers or headers.keys() <= _ROSTER and all(
        headers.get(k, "?") in ("?", "????.??.??", "") for k in ("Event", "Site", "Date", "Round", "White", "Black"))


KEPT_TAGS = ("Event", "Site", "Date", "EventDate", "EventType", "TimeControl")


_TAG_ESCAPE = re.compile(r'\\([\\"])')


# the tags a record's shared part is made of: the kept tags, then those naming the event
_GAME_TAGS = KEPT_TAGS + ("StudyName", "Tournament")


class RecordMaker:
    """Game records from tag pairs, sharing what games repeat: a player's side, the kept tags and
    short values (results, rounds) are one object however many games name them, so 100,000
    games hold a few thousand strings instead of a million."""

    __slots__ = ("sink", "escapes", "seen_bad", "_sides", "_kept", "_games", "_strings", "_cleaned")

    def __init__(self, sink: Sink, escapes: bool = True) -> None:
        self.sink = sink
        self.escapes = escapes  # False when the text holds no backslash: no tag value to unescape
        self.seen_bad: set[str] = set()  # FIDE ids already reported as not numbers
        self._sides: dict[_TagValues, Side] = {}
        self._kept: dict[_TagValues, dict[str, str]] = {}  # the kept tags' values -> their dict
        self._games: dict[_TagValues, tuple[dict[str, str], str]] = {}  # _GAME_TAGS' values -> kept tags, event
        self._strings: dict[str, str] = {}
        self._cleaned: dict[str | None, str] = {}  # a Result value as written -> stripped, shared

    def make(self, h: Mapping[str, str], line: int) -> GameRecord:
        """The record of one game's tag pairs, met at ``line``."""
        if self.escapes:
            # python-chess keeps a tag value as written: undo PGN's escapes \" and \\ (PGN standard 8.1.1)
            h = {k: _TAG_ESCAPE.sub(r"\1", v) if "\\" in v else v for k, v in h.items()}
        get = h.get
        game_key = tuple(map(get, _GAME_TAGS))
        shared = self._games.get(game_key)
        if shared is None:
            shared = self._games[game_key] = self._shared(game_key)
        sides = self._sides
        white_key = tuple(map(get, _WHITE_TAGS))
        white = sides.get(white_key)
        if white is None:
            white = sides[white_key] = _side(h, "White", self.sink, line, self.seen_bad)
        black_key = tuple(map(get, _BLACK_TAGS))
        black = sides.get(black_key)
        if black is None:
            black = sides[black_key] = _side(h, "Black", self.sink, line, self.seen_bad)
        cleaned = self._cleaned
        result = get("Result")
        result = cleaned.get(result) or self._result(result)
        round_text = (get("Round") or "").strip()  # often one per game ("3.12"): not worth a cache
        round_text = self._strings.setdefault(round_text, round_text)
        termination = get("Termination")
        bye_type = get("ByeType")
        return GameRecord(line, white, black, result, round_text, termination.strip() if termination else "",
                          bye_type.strip() if bye_type else "", None, shared[0], "", None, None, shared[1])

    def _shared(self, game_key: _TagValues) -> tuple[dict[str, str], str]:
        """The kept tags (one dict for the games that agree on them) and the event's name."""
        kept_key = game_key[:len(KEPT_TAGS)]
        kept = self._kept.get(kept_key)
        if kept is None:
            kept = self._kept[kept_key] = {k: v for k, v in zip(KEPT_TAGS, kept_key) if v}
        event = event_name(*game_key[:1], *game_key[len(KEPT_TAGS):])
        return kept, self._strings.setdefault(event, event)

    def _result(self, value: str | None) -> str:
        """A Result value stripped (\"\" when absent), one string for every game giving it."""
        text = (value or "").strip()
        text = self._strings.setdefault(text, text)
        if text:
            self._cleaned[value] = text
        return text
