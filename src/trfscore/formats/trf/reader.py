"""Reading a TRF (TRF16, TRF26, JaVaFo TRF(x)) into the model.

Bytes are decoded (:mod:`..decode`), split into records by the grammar (:mod:`.grammar`), and
each record is decoded by its column table.  Every line is kept as a
:class:`~trfscore.model.Record`, so :mod:`.writer` gives back the original bytes for an unchanged
tournament.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from ...cells import Columns, hand_over, round_counts
from ...event_reading import keep_columns
from ...findings import CappedFindings, Finding, finding
from ...gcpause import gc_paused
from ...model import Kind, Player, Record, Source
from ...tournament import Tournament
from ..decode import decode, looks_binary
from ..limits import too_sparse
from . import rules as _rules  # noqa: F401  (declares the ids reported here)
from . import tolerated
from .bulk import parse_players
from .grammar import MAX_LINE, split_records
from .header import read_bbp, read_header, read_javafo
from .layout import PARSED, PLAYER, dialect, round_column
from .player import blank_byes
from .records import read_national, read_parsed, read_team
from .waiting import settle_findings, waiting_kind

if TYPE_CHECKING:
    from ...records import NationalRecord

MAX_PLAYERS = 9999
START_RANK_COLUMN = PLAYER.field("start_rank").first
_BLANK = re.compile(" ")


def read_bytes(data: bytes, *, path: str | None = None, encoding: str | None = None) -> Tournament:
    """Read a TRF from bytes; problems become findings on the result."""
    if looks_binary(data):
        t = Tournament(source=Source(path=path, format="trf", encoding="binary"))
        t.findings.append(finding("TRF100", "the input is binary data, not a TRF text file", 1, 1,
                                  "give a TRF text file (FIDE Tournament Report File)"))
        return t
    decoded = decode(data, encoding)
    with gc_paused():
        t = read_text(decoded.text, path=path)
    t.source.encoding = decoded.encoding
    t.source.bom = decoded.bom
    if decoded.fallback:
        t.findings.insert(0, finding("TRF101", f"the file is not valid UTF-8; read as {decoded.encoding}", 1, 1,
                                     "save the file as UTF-8, or pass --encoding"))
    return t


def _cap_kind(f: Finding) -> Hashable:
    """What the reader caps ``f`` with: a cell that may wait for its result
    (:func:`.waiting.waiting_kind`), a tolerated form, else its rule."""
    return waiting_kind(f) or tolerated.kind(f)


def read_text(text: str, *, path: str | None = None) -> Tournament:
    """Read a TRF from decoded text."""
    t = Tournament(source=Source(path=path, format="trf"))
    # a form on every line hides no other finding; a round waiting for its results is counted apart
    add = CappedFindings(t.findings, kind=_cap_kind)
    records = split_records(text)
    t.source.records = records
    seen: dict[str, int] = {}
    players: list[Player] = []
    nationals: list[Record] = []
    endings = set(map(_EOL, records))
    endings.discard("")
    long = max(map(len, map(_TEXT, records)), default=0) > MAX_LINE
    run: list[Record] = []  # consecutive 001 records, decoded together (after the next line's TRF105)
    codes: set[str] = set()  # the record codes but 001 (of no use to tell the dialect): layout.dialect
    for kind, group in groupby(records, key=_KIND):
        same_kind = list(group)
        if kind == "PLAYER":
            run = [_cut(rec, add) for rec in same_kind] if long else same_kind
            continue
        if kind:  # (not an empty line)
            codes.update(map(_CODE, map(_TEXT, same_kind)))
        for rec in same_kind:
            if long:
                rec = _cut(rec, add)
            if run:
                players.extend(parse_players(run, add))
                run = []
            if rec.code in PARSED:
                read_parsed(rec, t, add)
            elif kind == "HEADER":
                read_header(rec, t, seen, add)
            elif kind == "JAVAFO":
                read_javafo(rec, t, add)
            elif kind == "BBP":
                read_bbp(rec, t, add)
            elif kind == "TEAM":
                read_team(rec, t, add)
            elif kind == "NATIONAL":
                nationals.append(rec)
            elif kind == "OTHER":
                add(finding("TRF104", f"line {rec.text[:12]!r}... is not a TRF record; kept as it is",
                            rec.line, 1, "", rec.text[:40]))
    if run:
        players.extend(parse_players(run, add))
    found = []
    for rec in nationals:
        nrs = read_national(rec, t)
        if nrs is not None:
            found.append(nrs)
        else:
            add(finding("TRF104", f"line {rec.text[:12]!r}... is not a TRF record; kept as it is",
                        rec.line, 1, "NRS records need a 172 record naming their federation", rec.text[:40]))
    if len(endings) > 1:
        add(finding("TRF102", "the file mixes line endings (" + ", ".join(
            sorted(repr(e) for e in endings)) + ")", 1, 1, "use one kind of line ending"))
    _finish(t, players, found, codes, add)
    listed = len(t.findings)
    add.close()
    # a round paired but not played yet: its cells wait for their results, information for check
    settle_findings(t, t.findings[listed:], add.counts)  # (in place)
    return t


_EOL, _TEXT, _KIND = attrgetter("eol"), attrgetter("text"), attrgetter("kind")


def _cut(rec: Record, add: Callable[[Finding], None]) -> Record:
    """``rec``, or for a line longer than :data:`MAX_LINE` its first columns, with a TRF105."""
    if len(rec.text) <= MAX_LINE:
        return rec
    add(finding("TRF105", f"line of {len(rec.text)} characters; only the first {MAX_LINE} are read",
                rec.line, MAX_LINE + 1, "a TRF line is a few hundred columns; the file may be corrupt"))
    return Record(rec.kind, rec.text[:MAX_LINE], rec.eol, rec.line)


def _finish(t: Tournament, players: list[Player], nationals: list[NationalRecord], codes: set[str],
            add: Callable[[Finding], None]) -> None:
    """Whole-file facts: players indexed, rounds counted, cells padded, references checked, the
    dialect told from the record ``codes``."""
    by_rank: dict[int, Player] = {}
    for p in players:
        if p.start_rank in by_rank:
            add(finding("TRF302", f"start rank {p.start_rank} is used again (first on line "
                        f"{by_rank[p.start_rank].line})", p.line, START_RANK_COLUMN,
                        "give every player their own start rank",
                        str(p.start_rank)))
            continue
        by_rank[p.start_rank] = p
    t.players = list(by_rank.values())
    if len(t.players) > MAX_PLAYERS:
        add(finding("TRF313", f"{len(t.players)} players: start ranks have four columns, so at most "
                    f"{MAX_PLAYERS}", t.players[MAX_PLAYERS].line, START_RANK_COLUMN,
                    "split the event into sections"))
    for nrs in nationals:
        owner = by_rank.get(nrs.start_rank) if nrs.start_rank is not None else None
        if owner is not None:
            owner.national[nrs.federation] = nrs
    counts = round_counts(t.players)
    used = max(counts, default=0)
    declared = t.header.rounds_declared
    if declared is not None and used > declared:
        for p, rounds in zip(t.players, counts):
            if rounds > declared:
                add(finding("TRF407", f"round data for round {rounds} but the file declares "
                            f"{declared} rounds", p.line, round_column(declared + 1),
                            "raise 142/XXR or remove the extra round blocks"))
    t.rounds = used
    filled = sum(counts)
    if too_sparse(len(t.players), used, filled):  # padding every player would be mostly absences
        longest = t.players[counts.index(used)]
        add(finding("TRF409", f"the round data of line {longest.line} reaches round {used}, but the "
                    f"{len(t.players)} players hold only {filled} round cells in all: not one tournament",
                    longest.line, round_column(min(counts) + 1), "give one tournament, every player with a "
                    "cell per round; the rounds past the others' may be corrupt"))
        t.players, t.rounds = [], 0  # nothing is read, so no command pads players x rounds cells
        t.source.dialect = dialect(codes)
        return
    if not t.players and not any(r.kind == "HEADER" for r in t.source.records):
        add(finding("TRF100", "no TRF records found: this does not look like a TRF file", 1, 1,
                    "a TRF has a 012 header line and one 001 line per player"))
    cells = hand_over(t.players, padded=True)  # a short line's rounds past its data are absences
    keep_columns(t, cells)  # the event's columns (the event reading, the verdict, the tie-breaks)
    _check_opponents(t.players, cells, by_rank, add)
    _blank_byes(t, cells, add)
    t.source.dialect = dialect(codes)
    _settle_dates(t)


def _check_opponents(players: list[Player], cells: Columns, by_rank: dict[int, Player],
                     add: Callable[[Finding], None]) -> None:
    """TRF401 for every cell whose opponent is not a player (one set difference when all exist);
    ``cells``: the players' (:func:`~trfscore.cells.columns`)."""
    seen = set(cells.opponents)
    seen.discard(None)
    if seen.issubset(by_rank.keys()):
        return
    for p in players:
        for rnd, opponent in enumerate(p.opponent_ranks(), 1):
            if opponent is not None and opponent not in by_rank:
                add(finding("TRF401", f"round {rnd}: opponent {opponent} is not a player of this "
                            "tournament", p.line, round_column(rnd),
                            "the opponent must be the start rank of a 001 record", str(opponent)))


def _blank_byes(t: Tournament, cells: Columns, add: Callable[[Finding], None]) -> None:
    """Blank-result byes that the declared points count (ICU exports) become byes, with a warning;
    ``cells``: the players' (:func:`~trfscore.cells.columns`, the store :func:`hand_over` left),
    whose changed cells are given their kind in one new store."""
    values = t.scoring.values
    table = t.scoring.table()
    total_of, units_of, unit = table.total, table.row, table.unit
    n = cells.n
    blank_rows = {m.start() // n for m in _BLANK.finditer(cells.codes)} if n else set()  # rows with a blank result
    byes: dict[str, list[int]] = {}  # kind -> the cells (positions in the store) that become such byes
    for row in sorted(blank_rows):
        p = t.players[row]
        declared = p.points
        if declared is None:
            continue
        if sum(units_of(p)) * declared.denominator >= declared.numerator * unit:
            continue  # the declared points are no more than the cells give: no bye to infer (in integers)
        places, kind = blank_byes(p, total_of, values["D"], values["W"])
        if places:
            byes.setdefault(kind, []).extend(row * n + i for i in places)
            what = "half-point" if kind == Kind.HALF_BYE else "full-point"
            add(finding("TRF408", f"round(s) {', '.join(str(i + 1) for i in places)}: blank result read as "
                        f"a {what} bye, since the declared points ({float(declared):g}) count it",
                        p.line, round_column(places[0] + 1),
                        f"write the bye as '0000 - {'H' if kind == Kind.HALF_BYE else 'F'}'", ""))
    if byes:
        store = t.players[0].packed.cells
        for kind, positions in byes.items():
            store = store.with_kind(positions, kind)
        Player.defer_all(t.players, store, range(len(t.players)), cells.counts)


def _settle_dates(t: Tournament) -> None:
    """Read ambiguous two-digit 042/052 dates (``10.09.13``) the way that fits the 132 round dates."""
    from ..dates import closest, date_candidates, parse_round_date

    h = t.header
    rounds = [iso for iso in (parse_round_date(d) for d in h.round_dates) if iso]
    if not rounds:
        return
    for attr, anchor in (("start_date", rounds[0]), ("end_date", rounds[-1])):
        options = date_candidates(getattr(h, attr))
        if len(options) > 1:
            setattr(h, attr + "_iso", closest(options, anchor))


_CODE = itemgetter(slice(3))  # Record.code of a record's text
