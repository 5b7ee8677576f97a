"""One game's tag pairs as a record: the two sides, the result, the round and the tags kept."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from .rules import Sink


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


def location(rec: GameRecord) -> str:
    """Where a game starts, as findings name it: ``line 12`` or ``round2.pgn line 12``."""
    return f"{os.path.basename(rec.file)} line {rec.line}" if rec.file else f"line {rec.line}"


def _int_or_none(text: str | None) -> int | None:
    """A positive number of at most nine digits, else None."""
    if not text:
        return None
    text = text.strip()
    if text.isdecimal() and len(text) < 10:  # no rating or number has more digits (int() refuses 4,300)
        value = int(text)
        return value if value > 0 else None
    return None


_SIDE_TAGS = {c: (c, c + "FideId", c + "Elo", c + "Title", c + "Fed", c + "Federation", c + "Country")
              for c in ("White", "Black")}


def _side(h: dict, colour: str, sink: Sink, line: int, seen_bad: set) -> Side:
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
    elo = h.get(tag_elo)
    if elo is not None:
        elo = int(elo) if elo.isdecimal() and elo != "0" and len(elo) < 10 else _int_or_none(elo)
    title = h.get(tag_title)
    fed = h.get(tag_fed) or h.get(tag_fed2) or h.get(tag_fed3)
    return Side(name, fide, elo, _clean(title) if title else "", _clean(fed) if fed else "")


def _clean(value: str | None) -> str:
    """A tag value stripped; ``-`` and ``?`` (unknown) are empty."""
    if not value:
        return ""
    value = value.strip()
    return "" if value in ("-", "?") else value


KEPT_TAGS = ("Event", "Site", "Date", "EventDate", "EventType", "TimeControl")


_TAG_ESCAPE = re.compile(r'\\([\\"])')


def game_record(h, line: int, sink: Sink, seen_bad: set) -> GameRecord:
    """The record of one game's tag pairs (``seen_bad``: FIDE ids already reported as not numbers)."""
    # python-chess keeps a tag value as written: undo PGN's escapes \" and \\ (PGN standard 8.1.1)
    h = {k: _TAG_ESCAPE.sub(r"\1", v) if "\\" in v else v for k, v in h.items()}
    return GameRecord(line, _side(h, "White", sink, line, seen_bad), _side(h, "Black", sink, line, seen_bad),
                      (h.get("Result") or "").strip(), (h.get("Round") or "").strip(),
                      (h.get("Termination") or "").strip(), (h.get("ByeType") or "").strip(), None,
                      {k: h[k] for k in KEPT_TAGS if h.get(k)})
