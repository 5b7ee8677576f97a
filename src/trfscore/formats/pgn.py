"""PGN game files as a tournament: reading (headers only unless moves are asked for).

python-chess (imported inside the functions, so importing trfscore stays fast) reads the tag
pairs; by default only the headers are read (``chess.pgn.read_headers``), so a file of 100,000
games reads at tens of thousands of games a second.  What this module owns:

* **Players** from ``White``/``Black`` with ``WhiteFideId``/``BlackFideId`` (numeric only),
  ``WhiteElo``, ``WhiteTitle`` and ``WhiteFed``; a player is the same person in every game by
  FIDE id, else by name.  Start ranks are given as a tournament program would: by rating
  (highest first, unrated last), then by name.
* **Rounds** from ``Round``: ``"3"`` and ``"3.1"`` are round 3 (``round_mode="round"``, the
  default; with ``"round.board"`` the part after the dot is also kept as the board number in
  ``extras["boards"]``); ``round_mode="round.game"`` makes every distinct value (``3.1``,
  ``3.2`` of a knock-out match) its own round.
* **Results** ``1-0 0-1 1/2-1/2 *``; **forfeits and byes** by the conventions in the project's
  user-needs §3.2, each one reported as an info finding saying which convention was used:
  ``Termination`` "forfeit"/"default"/"walkover"/"no show" (not "time forfeit", which is a
  played game), ChessBase ``+:-`` ``-:+`` ``-:-`` (and ``+/-``), ``0-0`` (double forfeit), a
  decisive game without moves in a file whose other games have moves; a bye when one side is
  named ``BYE`` (``-``, ``spielfrei``), ``Termination "bye"`` or a ``ByeType`` tag
  (``PAB HPB FPB ZPB``, written by :mod:`.pgn_writer`).
* **The python-chess early-stop guard** (python-chess issue 1087: ``read_headers`` can stop or
  yield empty headers after a game whose movetext is empty): games are also counted from the
  text (``[Event`` tag-section starts); on a mismatch a finding says so and every game is read
  again on its own.

Bad input (not PGN, broken tag lines, mixed UTF-8 / Windows-1252 lines) gives findings, never
an exception.
"""
from __future__ import annotations

import bisect
import functools
import io
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO, Any, Iterable

from ..findings import ERROR, INFO, WARNING, Finding
from ..gcpause import gc_paused
from ..model import Game, Kind, Player, Source, Tournament
from .limits import MAX_INPUT_BYTES, too_sparse

READER_RULES: dict[str, tuple[str, str]] = {
    "PGN100": (ERROR, "the input is not PGN (no tag pairs found)"),
    "PGN101": (WARNING, "a tag line that is not a well-formed tag pair"),
    "PGN102": (WARNING, "python-chess read a different number of games than the text holds"),
    "PGN103": (WARNING, "the file is not UTF-8, or mixes encodings line by line"),
    "PGN104": (WARNING, "a game without White or Black"),
    "PGN105": (WARNING, "a Result that is not 1-0, 0-1, 1/2-1/2 or *"),
    "PGN106": (WARNING, "illegal or unreadable moves (only when moves are read)"),
    "PGN107": (WARNING, "a Round tag that gives no round number"),
    "PGN108": (WARNING, "a player with two games in one round"),
    "PGN109": (WARNING, "a FIDE id that is not a number"),
    "PGN201": (INFO, "a game read as a forfeit (which convention)"),
    "PGN202": (INFO, "a game read as a bye (which convention)"),
}

BYE_NAMES = frozenset({"bye", "-", "—", "spielfrei", "freilos", "exempt", "(bye)", "bye.", "pab", "hpb",
                       "fpb", "zpb"})
BYE_TYPES = {"PAB": "U", "U": "U", "HPB": "H", "H": "H", "FPB": "F", "F": "F", "ZPB": "Z", "Z": "Z"}
FORFEIT_WORDS = ("forfeit", "default", "walkover", "walk-over", "w.o.", "no show", "noshow", "not played",
                 "unplayed", "nicht gespielt", "kampflos")
RESULTS = {
    "1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "½-½": ("=", "="), "=-=": ("=", "="),
    "0.5-0.5": ("=", "="), "*": ("X", "X"),
}
FORFEIT_RESULTS = {"+:-": ("+", "-"), "-:+": ("-", "+"), "-:-": ("-", "-"), "+/-": ("+", "-"),
                   "-/+": ("-", "+"), "0-0": ("-", "-"), "0:0": ("-", "-"), "--": ("-", "-"),
                   "1-0 ff": ("+", "-"), "0-1 ff": ("-", "+"), "+--": ("+", "-"), "--+": ("-", "+")}
KIND_OF = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
           "X": Kind.UNKNOWN, "H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "U": Kind.PAB, "Z": Kind.ZERO_BYE}

_EVENT = re.compile(r"^[ \t\ufeff]*\[Event[ \t]", re.M)
_BAD_TAG = re.compile(r'^[ \t]*\[(?![A-Za-z0-9_]+[ \t]*"[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t]*\][ \t]*\r?$)[^\n]*',
                      re.M)
_MOVE = re.compile(r"(?:^|[\s.)}])"
                   r"(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[QRBN])?|O-O(?:-O)?|0-0-0)"
                   r"(?=[\s+#!?)({;]|$)")
_COMMENT = re.compile(r"\{[^}]*(?:\}|\Z)|;[^\n]*|%[^\n]*")  # an open comment runs to the end
_ANY_MOVES = re.compile(r"^[ \t]*(?:\{[^}\n]*\}[ \t]*)?\d+[ \t]*\.(?:[ \t]*\.\.)?[ \t]*"
                        r"(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]|O-O)",
                        re.M)


@dataclass(slots=True)
class Side:
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


class _Sink:
    """Findings with a per-file label and a cap on repeated info findings."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        self.counts: Counter = Counter()
        self.file = ""

    def add(self, rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "") -> None:
        self.counts[rule] += 1
        if self.counts[rule] == 201:
            self.findings.append(Finding(rule, READER_RULES[rule][0], f"more {rule} findings are not listed",
                                         line, column))
        if self.counts[rule] > 200:
            return
        if self.file:
            message = f"{self.file}: {message}"
        self.findings.append(Finding(rule, READER_RULES[rule][0], message, line, column, hint, text))


# -- decoding ------------------------------------------------------------------------------

def decode_pgn(data: bytes, encoding: str | None, sink: _Sink) -> tuple[str, str, bool]:
    """Text, encoding name, BOM: UTF-8 if it decodes, else line by line UTF-8 / Windows-1252."""
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    if encoding:
        try:
            return body.decode(encoding), encoding, bom
        except (UnicodeError, LookupError):
            sink.add("PGN103", f"the file does not decode as {encoding}; read line by line instead", 1, 1)
    try:
        return body.decode("utf-8"), "utf-8", bom
    except UnicodeDecodeError:
        pass
    lines = body.split(b"\n")
    out = []
    legacy: list[int] = []
    utf8_non_ascii = False
    for no, raw in enumerate(lines, 1):
        try:
            text = raw.decode("utf-8")
            if not utf8_non_ascii and not raw.isascii():
                utf8_non_ascii = True
        except UnicodeDecodeError:
            try:
                text = raw.decode("cp1252")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            legacy.append(no)
        out.append(text)
    shown = ", ".join(str(n) for n in legacy[:10]) + (" ..." if len(legacy) > 10 else "")
    if utf8_non_ascii:
        sink.add("PGN103", f"the file mixes encodings: {len(legacy)} line(s) are not UTF-8 and were read as "
                 f"Windows-1252 (lines {shown}); the others are UTF-8", legacy[0], 1,
                 "save the whole file in one encoding (UTF-8)")
        name = "mixed"
    else:
        sink.add("PGN103", f"the file is not UTF-8; read as Windows-1252 (first line {legacy[0]})", legacy[0], 1,
                 "PGN's own standard is ISO 8859-1; UTF-8 is the common choice today")
        name = "cp1252"
    return "\n".join(out), name, bom


# -- reading tag sections -------------------------------------------------------------------

def _int_or_none(text: str | None) -> int | None:
    if not text:
        return None
    text = text.strip()
    if text.isdecimal() and len(text) < 10:  # no rating or number has more digits (int() refuses 4,300)
        value = int(text)
        return value if value > 0 else None
    return None


_SIDE_TAGS = {c: (c, c + "FideId", c + "Elo", c + "Title", c + "Fed", c + "Federation", c + "Country")
              for c in ("White", "Black")}


def _side(h: dict, colour: str, sink: _Sink, line: int, seen_bad: set) -> Side:
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
    if not value:
        return ""
    value = value.strip()
    return "" if value in ("-", "?") else value


_KEPT_TAGS = ("Event", "Site", "Date", "EventDate", "EventType", "TimeControl")


_TAG_ESCAPE = re.compile(r'\\([\\"])')


def _record(h, line: int, sink: _Sink, seen_bad: set) -> GameRecord:
    # python-chess keeps a tag value as written: undo PGN's escapes \" and \\ (PGN standard 8.1.1)
    h = {k: _TAG_ESCAPE.sub(r"\1", v) if "\\" in v else v for k, v in h.items()}
    return GameRecord(line, _side(h, "White", sink, line, seen_bad), _side(h, "Black", sink, line, seen_bad),
                      (h.get("Result") or "").strip(), (h.get("Round") or "").strip(),
                      (h.get("Termination") or "").strip(), (h.get("ByeType") or "").strip(), None,
                      {k: h[k] for k in _KEPT_TAGS if h.get(k)})


def _section_starts(text: str) -> list[int]:
    """Offsets where games start: ``[Event`` lines, or tag sections when no game has an Event tag."""
    starts = [m.start() for m in _EVENT.finditer(text)]
    if starts:
        return starts
    out = []
    previous_tag = False
    offset = 0
    for raw in text.split("\n"):
        stripped = raw.strip()
        is_tag = stripped.startswith("[")
        if is_tag and not previous_tag:
            out.append(offset)
        if stripped:
            previous_tag = is_tag
        offset += len(raw) + 1
    return out


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


def _has_moves(movetext: str) -> bool:
    return bool(_MOVE.search(_COMMENT.sub(" ", movetext)))


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


def collect(text: str, *, moves: bool = False, sink: _Sink | None = None) -> list[GameRecord]:
    """The game records of one PGN text, with the guard against python-chess stopping early."""
    import chess.pgn

    if sink is None:
        sink = _Sink([])
    if text.startswith("\ufeff"):
        text = text[1:]
    starts = _section_starts(text)
    if not starts:
        return []
    # line number of every game start (C-speed counting between consecutive starts)
    start_lines = []
    line = 1
    previous = 0
    for s in starts:
        line += text.count("\n", previous, s)
        start_lines.append(line)
        previous = s
    any_moves = bool(_ANY_MOVES.search(text))
    seen_bad: set = set()
    records: list[GameRecord] = []
    seen_index: set[int] = set()
    tags_read = 0
    handle = io.StringIO(text)
    if moves:
        reader = chess.pgn.read_game
    else:
        visitor = _tag_visitor()

        def reader(handle):
            return chess.pgn.read_game(handle, Visitor=visitor)
    while True:
        position = handle.tell()
        try:
            got = reader(handle)
        except Exception as exc:  # python-chess is lenient; this is a safety net
            sink.add("PGN102", f"python-chess stopped with {type(exc).__name__}; the games are read one by one",
                     None, None)
            got = None
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
        rec = _record(headers, start_lines[index], sink, seen_bad)
        rec.has_moves = _moves_of(got, rec, sink) if moves else None
        records.append(rec)
    tag_lines = text.count("\n[") + text.startswith("[")
    if tag_lines != tags_read or moves:
        _report_bad_tags(text, sink)
    if len(records) != len(starts):
        missed = next((i for i in range(len(starts)) if i not in seen_index), None)
        where = start_lines[missed] if missed is not None else None
        sink.add("PGN102", f"python-chess read {len(records)} game(s) but the text holds {len(starts)} tag "
                 "section(s) (python-chess issue 1087: reading can stop after a game without moves)"
                 + (f"; the first game it missed starts at line {where}" if where else "")
                 + "; every game was read again on its own", where, 1 if where else None,
                 "games without moves should still end with a result: 1-0, 0-1, 1/2-1/2 or *")
        records = []
        for i, s in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else len(text)
            chunk = io.StringIO(text[s:end])
            try:
                got = reader(chunk)
            except Exception:  # pragma: no cover - safety net
                got = None
            if got is None:
                continue
            headers = got.headers if moves else got
            rec = _record(headers, start_lines[i], sink, seen_bad)
            rec.has_moves = _moves_of(got, rec, sink) if moves else None
            records.append(rec)
    if any_moves and not moves:
        # which games have no moves (only needed when some games do have moves)
        for rec, i in zip(records, _indices(records, start_lines)):
            end = starts[i + 1] if i + 1 < len(starts) else len(text)
            chunk = text[starts[i]:end]
            body = "\n".join(ln for ln in chunk.split("\n") if not ln.lstrip().startswith("["))
            rec.has_moves = _has_moves(body)
    elif not moves:
        for rec in records:
            rec.has_moves = False
    return records


def _report_bad_tags(text: str, sink: _Sink) -> None:
    """PGN101 for every line that starts like a tag pair but is not one (python-chess skips them)."""
    bad_line, counted = 1, 0  # lines are counted from the previous match: linear in the text
    for m in _BAD_TAG.finditer(text):
        bad_line += text.count("\n", counted, m.start())
        counted = m.start()
        sink.add("PGN101", f"line {bad_line} is not a well-formed tag pair: {m.group().strip()[:60]!r}", bad_line,
                 1, 'a tag pair is [Name "value"] on one line', m.group().strip()[:80])


def _indices(records: list[GameRecord], start_lines: list[int]) -> list[int]:
    where = {line: i for i, line in enumerate(start_lines)}
    return [where.get(r.line, 0) for r in records]


def _moves_of(game, rec: GameRecord, sink: _Sink) -> bool:
    try:
        board = game.board()
        sans = []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        rec.moves = " ".join(sans)
        rec.plies = len(sans)
        if game.errors:
            sink.add("PGN106", f"game at {_at(rec)}: {len(game.errors)} move error(s): {game.errors[0]}",
                     rec.line, 1, "the moves after the first error are not read")
        return bool(sans)
    except Exception as exc:  # pragma: no cover - python-chess keeps errors in game.errors
        sink.add("PGN106", f"game at {_at(rec)}: moves unreadable ({type(exc).__name__})", rec.line, 1)
        return False


# -- building the tournament -------------------------------------------------------------------

def _is_bye_name(name: str) -> bool:
    return len(name) < 12 and name.strip().casefold() in BYE_NAMES


def _forfeit_termination(term: str) -> bool:
    low = term.casefold()
    if "time" in low:
        return False  # "time forfeit" is a game lost on time: played
    return any(word in low for word in FORFEIT_WORDS)


def _round_key(text: str) -> tuple[int, ...] | None:
    parts = text.split(".")
    if any(len(p) > 9 for p in parts):
        return None  # no round or board number has ten digits
    try:
        key = tuple(int(p) for p in parts if p != "")
    except ValueError:
        return None
    if not key or key[0] <= 0:
        return None
    return key


def _norm(name: str) -> str:
    return " ".join(name.replace(",", ", ").split()).casefold()


def build(records: list[GameRecord], *, round_mode: str = "round", findings: list[Finding] | None = None,
          path: str | None = None, sink: _Sink | None = None) -> Tournament:
    """One tournament from game records (of one or several files)."""
    t = Tournament(source=Source(path=path, format="pgn", dialect="PGN"))
    if findings is not None:
        t.findings = findings
    if sink is None:
        sink = _Sink(t.findings)
    else:
        sink.findings = t.findings
    sink.file = ""
    # players: FIDE id, else name (a name seen with exactly one id is that player)
    norm_cache: dict[str, str] = {}

    def norm(name: str) -> str:
        got = norm_cache.get(name)
        if got is None:
            got = norm_cache[name] = _norm(name)
        return got

    ids_of_name: dict[str, set[str]] = {}
    for rec in records:
        for side in (rec.white, rec.black):
            if side.fide_id and side.name:
                ids_of_name.setdefault(norm(side.name), set()).add(side.fide_id)
    name_key: dict[str, str] = {}

    def key(side: Side) -> str:
        if side.fide_id:
            return "id:" + side.fide_id
        got = name_key.get(side.name)
        if got is None:
            n = norm(side.name)
            ids = ids_of_name.get(n)
            got = name_key[side.name] = "id:" + next(iter(ids)) if ids and len(ids) == 1 else "name:" + n
        return got

    info: dict[str, list] = {}  # key -> [elo, title, fed, fide id, first line, {spelling: count}]

    def note(side: Side, line: int) -> str:
        k = key(side)
        entry = info.get(k)
        if entry is None:
            entry = info[k] = [side.elo, side.title, side.fed, side.fide_id, line, {side.name: 1}]
            return k
        spellings = entry[5]
        spellings[side.name] = spellings.get(side.name, 0) + 1
        if side.elo and not entry[0]:
            entry[0] = side.elo
        if side.title and not entry[1]:
            entry[1] = side.title
        if side.fed and not entry[2]:
            entry[2] = side.fed
        if side.fide_id:
            entry[3] = side.fide_id
        return k

    # rounds
    key_cache: dict[str, tuple[int, ...] | None] = {}
    keys = []
    for r in records:
        text = r.round_text
        if text not in key_cache:
            key_cache[text] = _round_key(text)
        keys.append(key_cache[text])
    if round_mode == "round.game":
        distinct = sorted({k for k in keys if k is not None})
        number = {k: i for i, k in enumerate(distinct, 1)}
        rounds_of = [number[k] if k is not None else None for k in keys]
    else:
        rounds_of = [k[0] if k is not None else None for k in keys]
    boards = []
    files_with_moves = {r.file for r in records if r.has_moves}
    # games: (round or None, white key or None, black key or None, codes, record)
    entries = []
    want_boards = round_mode == "round.board"
    for rec, rnd, rkey in zip(records, rounds_of, keys):
        white, black = rec.white, rec.black
        # the common case first: two named players, a standard result, no Termination/ByeType
        if rnd is not None and not rec.termination and not rec.bye_type and len(white.name) >= 12 \
                and len(black.name) >= 12:
            codes = RESULTS.get(rec.result)
            if codes is not None and (codes[0] in "=X" or rec.has_moves is not False
                                      or rec.file not in files_with_moves):
                wk = note(white, rec.line)
                bk = note(black, rec.line)
                entries.append((rnd, wk, bk, codes, rec))
                if want_boards and rkey is not None and len(rkey) > 1:
                    boards.append((rnd, rkey[1], wk, bk))
                continue
        w_bye = _is_bye_name(rec.white.name)
        b_bye = _is_bye_name(rec.black.name)
        if not rec.white.name and not rec.black.name:
            sink.add("PGN104", f"game at {_at(rec)} has neither White nor Black; skipped", rec.line, 1)
            continue
        if rnd is None:
            sink.add("PGN107", f"game at {_at(rec)}: Round {rec.round_text!r} gives no round number; the game "
                     "is put in the first round both players are free", rec.line, 1,
                     'write [Round "3"] or [Round "3.1"] (round.board)', rec.round_text)
        result = rec.result
        bye_tag = BYE_TYPES.get(rec.bye_type.upper()) if rec.bye_type else None
        is_bye = bye_tag is not None or rec.termination.casefold() == "bye" or w_bye or b_bye
        if is_bye:
            if w_bye and not b_bye:
                player, score = rec.black, {"1-0": 0, "0-1": 1}.get(result)
            else:
                player, score = rec.white, {"1-0": 1, "0-1": 0}.get(result)
            if result in ("1/2-1/2", "½-½"):
                score = Fraction(1, 2)
            if bye_tag:
                code, how = bye_tag, f"ByeType {rec.bye_type!r}"
            else:
                code = {1: "U", 0: "Z"}.get(score, "H" if score == Fraction(1, 2) else "U")
                how = ("the opponent is named " + repr(rec.black.name if not w_bye else rec.white.name)
                       if (w_bye or b_bye) else "Termination \"bye\"")
                what = {"U": "a pairing-allocated bye", "H": "a half-point bye"}.get(code, "a zero-point bye")
                sink.add("PGN202", f"game at {_at(rec)}: read as a bye for {player.name!r} ({how}); result "
                         f"{result!r} taken as {what}",
                         rec.line, 1, 'write [ByeType "PAB"] (or HPB, FPB, ZPB) to say which bye', result)
            if not player.name:
                continue
            k = note(player, rec.line)
            entries.append((rnd, k, None, (code, None), rec))
            continue
        if not rec.white.name or not rec.black.name:
            sink.add("PGN104", f"game at {_at(rec)} has no {'White' if not rec.white.name else 'Black'} player; "
                     "skipped", rec.line, 1)
            continue
        wk = note(rec.white, rec.line)
        bk = note(rec.black, rec.line)
        codes = None
        compact = result.replace(" ", "")
        if result not in RESULTS and (compact in FORFEIT_RESULTS or result in FORFEIT_RESULTS):
            codes = FORFEIT_RESULTS.get(compact) or FORFEIT_RESULTS[result]
            sink.add("PGN201", f"game at {_at(rec)}: result {result!r} read as "
                     f"{'a double forfeit' if codes == ('-', '-') else 'a forfeit'}", rec.line, 1, "", result)
        elif result in RESULTS:
            codes = RESULTS[result]
            if codes[0] in "10" and rec.termination and _forfeit_termination(rec.termination):
                codes = ("+", "-") if codes[0] == "1" else ("-", "+")
                sink.add("PGN201", f"game at {_at(rec)}: read as a forfeit (Termination "
                         f"{rec.termination!r})", rec.line, 1, "", rec.termination)
            elif codes[0] in "10" and rec.has_moves is False and rec.file in files_with_moves:
                codes = ("+", "-") if codes[0] == "1" else ("-", "+")
                sink.add("PGN201", f"game at {_at(rec)}: {result} without moves, read as a forfeit (other "
                         "games in the file have moves)", rec.line, 1,
                         'add [Termination "forfeit"] to say so, or the moves if it was played', result)
        else:
            sink.add("PGN105", f"game at {_at(rec)}: result {result!r} is not 1-0, 0-1, 1/2-1/2 or *; read as "
                     "unknown", rec.line, 1, "", result)
            codes = ("X", "X")
        entries.append((rnd, wk, bk, codes, rec))
        if want_boards and rkey is not None and len(rkey) > 1 and rnd is not None:
            boards.append((rnd, rkey[1], wk, bk))
    # start ranks: rating (highest first, unrated last), then name
    shown = {k: max(e[5].items(), key=lambda kv: kv[1])[0] for k, e in info.items()}
    order = sorted(info, key=lambda k: (-(info[k][0] or 0), shown[k].casefold(), k))
    sr_of = {k: i for i, k in enumerate(order, 1)}
    players = []
    for k in order:
        elo, title, fed, fide, line, _ = info[k]
        players.append(Player(sr_of[k], name=shown[k], title=title, rating=elo,
                              federation=fed.upper() if len(fed) == 3 else fed, fide_id=fide, line=line))
    t.players = players
    by_sr = {p.start_rank: p for p in players}
    table: dict[int, dict[int, Game]] = {p.start_rank: {} for p in players}
    unplaced = []

    def place(sr: int, game: Game, rec: GameRecord) -> bool:
        cells = table[sr]
        if game.round in cells:
            sink.add("PGN108", f"{by_sr[sr].name!r} has a second game in round {game.round} (line {rec.line}); "
                     "only the first is kept", rec.line, 1,
                     'if Round "3.1", "3.2" are games of a match, read with round_mode="round.game"',
                     rec.round_text)
            return False
        cells[game.round] = game
        return True

    new = _new
    for rnd, wk, bk, codes, rec in entries:
        if rnd is None:
            unplaced.append((wk, bk, codes, rec))
            continue
        w = sr_of[wk]
        if bk is None:
            _put(rnd, wk, bk, codes, sr_of, place, rec)
            continue
        b = sr_of[bk]
        wcells, bcells = table[w], table[b]
        if w == b or rnd in wcells or rnd in bcells:
            _put(rnd, wk, bk, codes, sr_of, place, rec)  # the slow path reports the clash
            continue
        c0, c1 = codes
        wcells[rnd] = new(Game, (rnd, b, "w", c0, KIND_OF[c0]))
        bcells[rnd] = new(Game, (rnd, w, "b", c1, KIND_OF[c1]))
    low: dict[int, int] = {}  # per player, a round such that every round before it is taken

    def first_free(cells: dict, sr: int) -> int:
        rnd = low.get(sr, 1)
        while rnd in cells:
            rnd += 1
        low[sr] = rnd
        return rnd

    for wk, bk, codes, rec in unplaced:  # the first round both players are free
        w_cells = table[sr_of[wk]]
        b_cells = table[sr_of[bk]] if bk is not None else {}
        rnd = max(first_free(w_cells, sr_of[wk]), first_free(b_cells, sr_of[bk]) if bk is not None else 1)
        while rnd in w_cells or rnd in b_cells:
            rnd += 1
        _put(rnd, wk, bk, codes, sr_of, place, rec)
    rounds = max((r for cells in table.values() for r in cells), default=0)
    filled = sum(len(cells) for cells in table.values())
    if too_sparse(len(players), rounds, filled):
        last = max(entries, key=lambda e: e[0] or 0)[4]
        sink.add("PGN100", f"{len(players)} players over {rounds} rounds with only {filled} games and byes: "
                 f"not one tournament (the highest Round tag, {last.round_text!r}, is at {_at(last)})",
                 last.line, 1, "give the games of one event, numbered from round 1")
        t.players = []
        return t
    t.rounds = rounds
    _header(t, records)
    odd_rr = t.is_round_robin and len(players) % 2 == 1
    free_count: Counter = Counter()
    if odd_rr:
        free_count.update(r for r in range(1, rounds + 1) for p in players if r not in table[p.start_rank])
    absent = [_new(Game, (r, None, None, " ", Kind.ABSENT)) for r in range(rounds + 1)]
    for p in players:
        cells = table[p.start_rank]
        if len(cells) == rounds:
            p.games = [cells[r] for r in range(1, rounds + 1)]
            continue
        p.games = [cells.get(r) or (Game(r, None, None, " ", Kind.NOT_SCHEDULED) if odd_rr and free_count[r] == 1
                                    else absent[r]) for r in range(1, rounds + 1)]
    if boards:
        t.extras["boards"] = [[r, b, sr_of[w], sr_of[bk]] for r, b, w, bk in boards]
    if any(r.moves is not None for r in records):
        t.extras["games"] = [{"line": r.line, "round": r.round_text, "white": r.white.name, "black": r.black.name,
                              "result": r.result, "plies": r.plies, "moves": r.moves} for r in records]
    return t


def _at(rec: GameRecord) -> str:
    return f"{os.path.basename(rec.file)} line {rec.line}" if rec.file else f"line {rec.line}"


def _put(rnd: int, wk: str, bk: str | None, codes, sr_of, place, rec: GameRecord) -> None:
    w = sr_of[wk]
    if bk is None:
        code = codes[0]
        place(w, Game(rnd, None, None, code, KIND_OF[code]), rec)
        return
    b = sr_of[bk]
    if w == b:
        return
    place(w, _new(Game, (rnd, b, "w", codes[0], KIND_OF[codes[0]])), rec)
    place(b, _new(Game, (rnd, w, "b", codes[1], KIND_OF[codes[1]])), rec)


_new = tuple.__new__  # Game(...) without the NamedTuple keyword machinery (hot path)


_DATE = re.compile(r"(\d{4})[./-](\d{2})[./-](\d{2})")


def _header(t: Tournament, records: list[GameRecord]) -> None:
    h = t.header
    counts: dict[str, Counter] = {k: Counter() for k in _KEPT_TAGS}
    round_dates: set[tuple[str, str]] = set()
    for r in records:
        tags = r.tags
        for k, v in tags.items():
            counts[k][v] += 1
        date = tags.get("Date")
        if date:
            round_dates.add((r.round_text, date))

    def common(tag: str, skip=("", "?", "-")) -> str:
        for value, _ in counts[tag].most_common():
            if value.strip() not in skip:
                return value.strip()
        return ""

    h.name = common("Event")
    h.city = common("Site")
    dates = sorted({m.groups() for v in counts["Date"] for m in [_DATE.fullmatch(v.strip())] if m})
    event_dates = sorted({m.groups() for v in counts["EventDate"] for m in [_DATE.fullmatch(v.strip())] if m})
    start = event_dates[0] if event_dates else (dates[0] if dates else None)
    if start:
        h.start_date = "/".join(start)
        h.start_date_iso = "-".join(start)
    if dates:
        h.end_date = "/".join(dates[-1])
        h.end_date_iso = "-".join(dates[-1])
    h.type = common("EventType")
    if h.type.casefold().replace(" ", "").replace("-", "") in ("tourn", "rr", "roundrobin", "berger", "allplayall"):
        h.system = "CUSTOM_ROUNDROBIN"
    h.time_control = common("TimeControl")
    # the date of each round: the earliest Date of its games, as YY/MM/DD (TRF 132)
    per_round: dict[int, tuple] = {}
    for round_text, date in {(rt.split(".", 1)[0], d) for rt, d in round_dates}:
        key = _round_key(round_text)
        m = _DATE.fullmatch(date.strip())
        if key and m:
            per_round[key[0]] = min(per_round.get(key[0], m.groups()), m.groups())
    if per_round and set(per_round) == set(range(1, t.rounds + 1)):
        h.round_dates = [f"{y[2:]}/{mo}/{d}" for y, mo, d in (per_round[r] for r in range(1, t.rounds + 1))]


# -- entry points --------------------------------------------------------------------------------

def _text_of(source: str | bytes | IO, encoding: str | None, sink: _Sink) -> tuple[str, str, bool]:
    if isinstance(source, str):
        return source, "utf-8", False
    if isinstance(source, (bytes, bytearray, memoryview)):
        return decode_pgn(bytes(source), encoding, sink)
    data = source.read()
    if isinstance(data, str):
        return data, getattr(source, "encoding", None) or "utf-8", False
    return decode_pgn(bytes(data), encoding, sink)


def read(source: str | bytes | IO, *, moves: bool = False, round_mode: str = "round", path: str | None = None,
         encoding: str | None = None) -> Tournament:
    """Read one PGN (text, bytes or an open file) as a tournament; problems become findings.

    ``moves=False`` reads only the tag pairs (fast); ``moves=True`` also parses the moves (the
    SAN moves and ply counts are kept in ``extras["games"]``).  ``round_mode`` is ``"round"``,
    ``"round.board"`` or ``"round.game"`` (see the module text).
    """
    findings: list[Finding] = []
    sink = _Sink(findings)
    with gc_paused():
        return _read(source, moves, round_mode, path, encoding, findings, sink)


def _read(source, moves, round_mode, path, encoding, findings, sink) -> Tournament:
    try:
        text, enc, bom = _text_of(source, encoding, sink)
        records = collect(text, moves=moves, sink=sink)
        if not records:
            t = Tournament(source=Source(path=path, format="pgn", encoding=enc, bom=bom))
            t.findings = findings
            sink.add("PGN100", "no PGN tag pairs ([Event \"...\"], [White \"...\"]) found: this is not a PGN file",
                     1, 1, "a PGN game starts with tag pairs such as [White \"Name\"]")
            return t
        t = build(records, round_mode=round_mode, findings=findings, path=path, sink=sink)
        t.source.encoding, t.source.bom = enc, bom
        return t
    except Exception as exc:  # pragma: no cover - a reader bug must not become a traceback
        t = Tournament(source=Source(path=path, format="pgn"))
        t.findings = findings
        sink.add("PGN100", f"the PGN could not be read: internal error {type(exc).__name__}: {exc}", 1, 1,
                 "please report this input to the trfscore authors")
        return t


def _expand(paths: Iterable[str | os.PathLike]) -> list[str]:
    out: list[str] = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            out.extend(sorted(os.path.join(p, f) for f in os.listdir(p) if f.lower().endswith(".pgn")))
        else:
            out.append(p)
    return out


def read_many(paths: Iterable[str | os.PathLike] | str | os.PathLike, *, moves: bool = False,
              round_mode: str = "round", encoding: str | None = None) -> Tournament:
    """Several PGN files (or folders of ``*.pgn``) as one tournament."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    findings: list[Finding] = []
    sink = _Sink(findings)
    with gc_paused():
        try:
            return _read_many(paths, moves, round_mode, encoding, findings, sink)
        except Exception as exc:  # pragma: no cover - a reader bug must not become a traceback
            t = Tournament(source=Source(format="pgn"))
            t.findings = findings
            sink.add("PGN100", f"the PGN files could not be read: internal error {type(exc).__name__}: {exc}",
                     None, None, "please report this input to the trfscore authors")
            return t


def _read_many(paths, moves, round_mode, encoding, findings, sink) -> Tournament:
    files = _expand(paths)
    records: list[GameRecord] = []
    encodings = set()
    for f in files:
        sink.file = os.path.basename(f) if len(files) > 1 else ""
        try:
            with open(f, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
        except OSError as exc:
            sink.add("PGN100", f"cannot read {f}: {exc.strerror or exc}", None, None)
            continue
        if len(data) > MAX_INPUT_BYTES:
            sink.add("PGN100", f"{f} is larger than {MAX_INPUT_BYTES >> 20} MB; not read", None, None,
                     "split the file, or give the games of one event")
            continue
        text, enc, _ = decode_pgn(data, encoding, sink)
        encodings.add(enc)
        got = collect(text, moves=moves, sink=sink)
        if not got:
            sink.add("PGN100", "no PGN tag pairs found: this is not a PGN file", 1, 1)
        for r in got:
            r.file = f if len(files) > 1 else ""
        records.extend(got)
    sink.file = ""
    path = files[0] if len(files) == 1 else (os.pathsep.join(files) if files else None)
    if not records:
        t = Tournament(source=Source(path=path, format="pgn"))
        t.findings = findings
        if not files:
            sink.add("PGN100", "no PGN files given", None, None)
        return t
    t = build(records, round_mode=round_mode, findings=findings, path=path, sink=sink)
    t.source.encoding = encodings.pop() if len(encodings) == 1 else "mixed"
    if len(files) > 1:
        t.extras["files"] = files
    return t


def read_path(path: str | os.PathLike, **options: Any) -> Tournament:
    """One PGN file (or a folder of them) by path."""
    return read_many([path], **options)


def sniff(text: str) -> bool:
    """True when ``text`` starts like PGN: an ``[Event`` or ``[White`` tag pair near the top."""
    head = text[:20_000].lstrip("\ufeff \t\r\n")
    return bool(re.search(r'^[ \t]*\[(?:Event|White|Site)[ \t]+"', head, re.M)) and head.startswith("[")
