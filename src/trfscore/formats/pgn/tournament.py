"""One tournament from game records: players, rounds, games, and the header facts the tags give."""
from __future__ import annotations

import re
from collections import Counter

from ...findings import Finding
from ...model import Player, Source
from ...tournament import Tournament
from ..limits import too_sparse
from .games import Board, Entry, game_entries
from .players import PlayerIndex
from .records import KEPT_TAGS, GameRecord, location
from .rounds import guess_round_mode, round_key, round_numbers
from .rules import Sink
from .table import Placement


def build(records: list[GameRecord], *, round_mode: str = "auto", findings: list[Finding] | None = None,
          path: str | None = None, sink: Sink | None = None) -> Tournament:
    """One tournament from game records (of one or several files); ``round_mode`` ``auto``
    (the default) reads ``r.g`` rounds as ``round.game`` when they number a match's games
    (:func:`.rounds.guess_round_mode`, PGN112), else as ``round``."""
    t = Tournament(source=Source(path=path, format="pgn", dialect="PGN"))
    if findings is not None:
        t.findings = findings
    sink = Sink(t.findings) if sink is None else sink
    sink.findings, sink.file = t.findings, ""
    # players: FIDE id, else name (a name seen with exactly one id is that player)
    index = PlayerIndex(records)
    if round_mode == "auto":
        round_mode = guess_round_mode(records)
        if round_mode == "round.game":
            sink.add("PGN112", 'Round tags "r.g" with two games of one player under one r: read as the games of a '
                     "match, each its own round (round.game)", records[0].line, 1,
                     "--round-mode round reads the number before the dot as the round", records[0].round_text)
    want_boards = round_mode == "round.board"
    keys, rounds_of = round_numbers(records, round_mode, boards=want_boards)
    entries, boards = game_entries(records, keys, rounds_of, want_boards, index, sink)
    t.players, sr_of = index.ranked()
    placement = Placement(entries, t.players, sr_of, sink)
    if _not_one_event(t, placement.placed, placement.rounds, entries, sink):
        t.players = []
        return t
    t.rounds = placement.rounds
    _header(t, records)
    cells = placement.cells(bool(t.is_round_robin) and len(t.players) % 2 == 1)
    Player.defer_all(t.players, cells, range(len(t.players)), [t.rounds] * len(t.players))
    _extras(t, boards, sr_of, records)
    return t


def _not_one_event(t: Tournament, filled: int, rounds: int, entries: list[Entry], sink: Sink) -> bool:
    """True (and PGN100) when the games are too few for their players and rounds to be one tournament."""
    if not too_sparse(len(t.players), rounds, filled):
        return False
    last = max(entries, key=lambda e: e[0] or 0)[4]
    sink.add("PGN100", f"{len(t.players)} players over {rounds} rounds with only {filled} games and byes: "
             f"not one tournament (the highest Round tag, {last.round_text!r}, is at {location(last)})",
             last.line, 1, "give the games of one event, numbered from round 1")
    return True


def _extras(t: Tournament, boards: list[Board], sr_of: dict[str, int], records: list[GameRecord]) -> None:
    """The boards (``round.board``) and, when moves were read, the games with their moves."""
    if boards:
        t.extras["boards"] = [[r, b, sr_of[w], sr_of[bk]] for r, b, w, bk in boards]
    if any(r.moves is not None for r in records):
        t.extras["games"] = [{"line": r.line, "round": r.round_text, "white": r.white.name, "black": r.black.name,
                              "result": r.result, "plies": r.plies, "moves": r.moves} for r in records]


_DATE = re.compile(r"(\d{4})[./-](\d{2})[./-](\d{2})")


def _header(t: Tournament, records: list[GameRecord]) -> None:
    """The header from the tags most games agree on: name, place, dates, type, time control."""
    h = t.header
    counts: dict[str, Counter[str]] = {k: Counter() for k in KEPT_TAGS}
    round_dates: set[tuple[str, str]] = set()  # (the Round text before its dot, Date): a few per round
    for r in records:
        tags = r.tags
        for k, v in tags.items():
            counts[k][v] += 1
        if date := tags.get("Date"):
            round_dates.add((r.round_text.partition(".")[0], date))

    def common(tag: str, skip: tuple[str, ...] = ("", "?", "-")) -> str:
        return next((value.strip() for value, _ in counts[tag].most_common() if value.strip() not in skip), "")

    h.name = common("Event")
    h.city = common("Site")
    dates = sorted({m.groups() for v in counts["Date"] for m in [_DATE.fullmatch(v.strip())] if m})
    event_dates = sorted({m.groups() for v in counts["EventDate"] for m in [_DATE.fullmatch(v.strip())] if m})
    start = event_dates[0] if event_dates else (dates[0] if dates else None)
    if start:
        h.start_date, h.start_date_iso = "/".join(start), "-".join(start)
    if dates:
        h.end_date, h.end_date_iso = "/".join(dates[-1]), "-".join(dates[-1])
    h.type = common("EventType")
    if h.type.casefold().replace(" ", "").replace("-", "") in ("tourn", "rr", "roundrobin", "berger", "allplayall"):
        h.system = "CUSTOM_ROUNDROBIN"
    h.time_control = common("TimeControl")
    _round_dates(t, round_dates)


def _round_dates(t: Tournament, round_dates: set[tuple[str, str]]) -> None:
    """The date of each round (pairs of the ``Round`` text before its dot and ``Date``), when every
    round has one."""
    h = t.header
    # the date of each round: the earliest Date of its games, as YY/MM/DD (TRF 132)
    per_round: dict[int, tuple[str, ...]] = {}
    for round_text, date in round_dates:
        key = round_key(round_text)
        m = _DATE.fullmatch(date.strip())
        if key and m:
            per_round[key[0]] = min(per_round.get(key[0], m.groups()), m.groups())
    if per_round and set(per_round) == set(range(1, t.rounds + 1)):
        h.round_dates = [f"{y[2:]}/{mo}/{d}" for y, mo, d in (per_round[r] for r in range(1, t.rounds + 1))]
