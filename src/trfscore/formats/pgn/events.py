"""Which event each game belongs to, and one event picked from a file that holds several.

A game's event is its ``Event`` tag, except where a site writes the event elsewhere:

* chess.com writes ``[Event "Live Chess"]`` for every game and the tournament's address in a
  ``Tournament`` tag: that address is the event;
* a lichess study export writes ``[Event "<study>: <chapter>"]`` (one name per chapter) and the
  study's name in ``StudyName``: the study is the event.

``?``, ``-`` and an empty or missing tag name no event.  Names are compared with case and runs of
blanks ignored.  A file whose games name several events (a TWIC issue, a folder of several
events) is not read as one tournament: without ``event=`` the reader refuses it with an error
that lists the events (PGN110); with ``event=`` it reads the event named so (exactly, else the
one event whose name contains the text) and says which others the file holds (PGN210).  Games
without an event name in a file of one named event belong to it (PGN211 says how many).
"""
from __future__ import annotations

from collections import Counter

from .records import GameRecord
from .rules import Sink

UNNAMED = ""
_SHOWN = 20  # events listed in a finding


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


class Events:
    """The events of a list of game records, in the order of their first game."""

    def __init__(self, records: list[GameRecord]) -> None:
        self.records = records
        first = records[0].event if records else UNNAMED
        self.single = all(r.event is first or r.event == first for r in records)
        self.groups: dict[str, list[GameRecord]] = {}
        self.spellings: dict[str, Counter[str]] = {}
        if not self.single:
            for r in records:
                k = _key(r.event)
                self.groups.setdefault(k, []).append(r)
                self.spellings.setdefault(k, Counter())[r.event] += 1
        else:
            self.groups[_key(first)] = records
            self.spellings[_key(first)] = Counter({first: len(records)})

    def name(self, key: str) -> str:
        """The spelling most games give, or ``(no Event tag)``."""
        return self.spellings[key].most_common(1)[0][0] if key else "(no Event tag)"

    def named(self) -> list[str]:
        return [k for k in self.groups if k != UNNAMED]

    def listing(self, keys: list[str]) -> str:
        """``'A' (120 games), 'B' (80 games)`` ... for the events ``keys``."""
        shown = ", ".join(f"{self.name(k)!r} ({len(self.groups[k])} games)" for k in keys[:_SHOWN])
        return shown + (f" and {len(keys) - _SHOWN} more" if len(keys) > _SHOWN else "")

    def pick(self, wanted: str | None, sink: Sink) -> list[GameRecord] | None:
        """The records of one event (None, with an error finding, when there is no single one)."""
        named = self.named()
        if len(named) <= 1 and (wanted is None or not named):
            if named and UNNAMED in self.groups:
                sink.add("PGN211", f"{len(self.groups[UNNAMED])} game(s) have no Event tag; they are read as "
                         f"games of {self.name(named[0])!r}", self.groups[UNNAMED][0].line, 1,
                         'give every game the [Event "..."] of its tournament')
            if wanted is not None and not named:
                self._no_such(wanted, sink)
                return None
            return self.records
        if wanted is None:
            keys = list(self.groups)
            sink.add("PGN110", f"the file holds {len(keys)} events: {self.listing(keys)}; a tournament is one "
                     "event: give it with --event NAME (event= in Python)", 1, 1,
                     f"e.g. --event {self.name(named[0])!r}")
            return None
        key = _key(wanted)
        if key not in self.groups:
            inside = [k for k in named if key and key in k]
            if len(inside) != 1:
                self._no_such(wanted, sink, inside)
                return None
            key = inside[0]
        others = [k for k in self.groups if k != key]
        if others:
            sink.add("PGN210", f"the file holds {len(self.groups)} events; read {self.name(key)!r} "
                     f"({len(self.groups[key])} games); the others: {self.listing(others)}", None, None)
        return self.groups[key]

    def _no_such(self, wanted: str, sink: Sink, candidates: list[str] | None = None) -> None:
        """PGN111: no event (or more than one) answers to ``wanted``."""
        keys = candidates or list(self.groups)
        what = "several events are named" if candidates else "no event is named"
        sink.add("PGN111", f"{what} like {wanted!r}; the file holds: {self.listing(keys)}", 1, 1,
                 "give the event's name as the list shows it")


def list_events(records: list[GameRecord]) -> list[tuple[str, int]]:
    """Every event of ``records`` with its number of games, in the order of their first game."""
    events = Events(records)
    return [(events.name(k), len(v)) for k, v in events.groups.items()]
