"""The TRF records, described once: code, editions, fields with their columns and types.

Everything that knows where a field sits derives from :data:`RECORDS`: the grammar that
classifies the lines (:func:`grammar`, written to ``grammars/trf.lark`` and the package copy,
both held equal to it by a test), the ``001`` decoders (:mod:`.player` and the bulk path
:mod:`.bulk`), the writers (:mod:`.writer`, :mod:`.versions`), the decoders of the team and
round records (:mod:`.records`), dialect detection (:mod:`.reader`), the columns of the check
findings (:mod:`trfscore.check.context`, :func:`round_column`), the references check and the
schema's record kinds.

Columns are 1-based as in the FIDE text (FIDE's TRF16 and TRF-2026 texts).  A field with ``step`` repeats
every ``step`` columns from ``first`` to the end of the line (member lists, 132 round dates).
The ``001`` round cells are a :class:`Block` of 10 columns from column 92 (TRF16 and TRF-2026 alike).

Adding a record: one :class:`Record` here (its kind names the grammar terminal; a new kind also
needs its reader in :mod:`.reader`), regenerate the grammar (``python -m
trfscore.formats.trf.layout``) and add tests.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

TRF16, TRF26, JAVAFO, BBP = "TRF16", "TRF26", "TRF(x)", "TRF(bx)"
BOTH = frozenset({TRF16, TRF26})


@dataclass(frozen=True)
class Field:
    """One fixed-column field.  ``type``: ``text``, ``char``, ``int`` (digits), ``score`` (a
    decimal such as ``5.5``), ``date``, ``codes`` (a comma-separated list, to the end of the
    line); ``refers``: what a number names (``player``, ``team``, or ``id``: a player, or a team
    in a team event); ``align``: how writers pad it."""
    name: str
    first: int
    width: int
    type: str = "text"
    align: str = "left"
    step: int = 0
    refers: str = ""
    #: the values allowed (else the field is malformed); empty: any
    choices: tuple[str, ...] = ()
    #: a blank or malformed value makes the record malformed
    required: bool = False
    #: the value of a blank (or malformed) number
    default: int | None = None
    #: a repeated field whose cells are positional (cell r is round r): a blank cell is kept as None
    positional: bool = False
    #: the numbers separated by blanks from ``first`` to the end of the line (JaVaFo's free lists)
    split: bool = False

    def cell(self, index: int) -> slice:
        """The 0-based slice of cell ``index`` (0-based) of a field repeated every ``step`` columns."""
        start = self.first - 1 + index * self.step
        return slice(start, start + self.width)

    @property
    def repeated(self) -> bool:
        """Whether the field holds a list (``step`` or ``split``)."""
        return bool(self.step or self.split)

    @property
    def start(self) -> int:
        """0-based offset of the first column."""
        return self.first - 1

    @property
    def last(self) -> int:
        return self.first + self.width - 1

    @property
    def cut(self) -> slice:
        """The 0-based slice of one line."""
        return slice(self.first - 1, self.first - 1 + self.width)

    @property
    def columns(self) -> str:
        """``"49-52"``, or ``"10"`` for one column (for messages and hints)."""
        return str(self.first) if self.width == 1 else f"{self.first}-{self.last}"


@dataclass(frozen=True)
class Block:
    """Cells repeated every ``width`` columns from ``first`` (the 001 rounds); field columns are
    those of the first cell."""
    first: int
    width: int
    fields: tuple[Field, ...]

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def column(self, index: int, name: str | None = None) -> int:
        """1-based column of cell ``index`` (1-based: round 1 is cell 1), at field ``name``."""
        base = self.first + self.width * (index - 1)
        return base if name is None else base + self.field(name).first - self.first


@dataclass(frozen=True)
class Record:
    """One record code (or, for NRS records, a pattern of codes)."""
    code: str
    kind: str
    editions: frozenset[str]
    title: str
    fields: tuple[Field, ...] = ()
    block: Block | None = None
    #: a regular expression for the code when it is not fixed (NRS: a federation)
    pattern: str | None = None
    #: the model holds what this record says and :mod:`.versions` writes it afresh from there;
    #: every other record read is carried over verbatim (a writer never drops a record it read)
    from_model: bool = False
    #: a header record whose value is one :class:`~trfscore.model.Header` attribute as it stands
    #: (text stripped, or a number); the others are read by their own code in :mod:`.header`
    attr: str = ""
    #: at most one record of this code in a file (rule TRF212)
    once: bool = False
    #: the name of the typed class a parsed record of this code becomes (``trfscore.records``,
    #: generated from this description); empty: the record is kept as its line only
    name: str = ""

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"record {self.code} has no field {name!r}")


def _f(name: str, first: int, last: int, type: str = "text", align: str = "left", step: int = 0,
       refers: str = "", **checks) -> Field:
    return Field(name, first, last - first + 1, type, align, step, refers, **checks)


def _header(code: str, title: str, type: str = "text", editions: frozenset[str] = BOTH,
            from_model: bool = True, attr: str = "", once: bool = False) -> Record:
    return Record(code, "HEADER", editions, title, (_f("value", 5, 5, type),), from_model=from_model, attr=attr,
                  once=once)


_ONLY26 = frozenset({TRF26})
_SCORE, _INT = "score", "int"

PLAYER = Record("001", "PLAYER", BOTH, "a player and all their rounds", (
    _f("start_rank", 5, 8, _INT, "right"),
    _f("sex", 10, 10, "char"),
    _f("title", 11, 13, "text", "right"),
    _f("name", 15, 47),
    _f("rating", 49, 52, _INT, "right"),
    _f("federation", 54, 56),
    _f("fide_id", 58, 68, "text", "right"),
    _f("birth", 70, 79, "date"),
    _f("points", 81, 84, _SCORE, "right"),
    _f("rank", 86, 89, _INT, "right"),
), Block(92, 10, (_f("opponent", 92, 95, _INT, "right", refers="player"), _f("colour", 97, 97, "char"),
                  _f("result", 99, 99, "char"))), from_model=True)

NATIONAL = Record("NRS", "NATIONAL", _ONLY26, "national rating of a player (the federation of 172)", (
    _f("federation", 1, 3, required=True),
    _f("start_rank", 5, 8, _INT, "right", refers="player", required=True),
    _f("sex", 10, 10, "char"),
    _f("title", 11, 13, "text", "right"),
    _f("name", 15, 47),
    _f("rating", 49, 52, _INT, "right"),
    _f("origin", 54, 56),
    _f("national_id", 58, 68, "text", "right"),
    _f("birth", 70, 79, "date"),
), pattern=r"[A-Z]{3}", from_model=True, name="NationalRecord")

RECORDS: tuple[Record, ...] = (
    PLAYER,
    _header("012", "tournament name", attr="name", once=True),
    _header("022", "city", attr="city", once=True),
    _header("032", "federation", attr="federation", once=True),
    _header("042", "start date", "date", attr="start_date", once=True),
    _header("052", "end date", "date", attr="end_date", once=True),
    _header("062", "number of players", _INT, attr="players_declared"),
    _header("072", "number of rated players", _INT, attr="rated_declared"),
    _header("082", "number of teams", _INT, attr="teams_declared"),
    _header("092", "type of tournament", attr="type"),
    _header("102", "chief arbiter", attr="chief_arbiter"),
    _header("112", "deputy chief arbiter", attr="deputy_arbiters"),
    _header("122", "allotted time per move/game", attr="time_control"),
    Record("132", "HEADER", BOTH, "round dates", (_f("round_dates", 92, 99, "date", step=10),), from_model=True,
           attr="round_dates"),
    _header("142", "number of rounds", _INT, _ONLY26, attr="rounds_declared", once=True),
    _header("152", "initial colour", "char", _ONLY26, attr="initial_colour", once=True),
    # 162: symbol at 6, 15, 24 ... with its points at 7-10, 16-19, 25-28 ... (TRF-2026)
    Record("162", "HEADER", _ONLY26, "scoring points", (_f("symbol", 6, 6, "char", step=9, positional=True),
                                                         _f("points", 7, 10, _SCORE, "right", step=9, positional=True)),
           from_model=True, once=True),
    _header("172", "starting rank method", "text", _ONLY26, attr="starting_rank_method", once=True),
    _header("182", "coded pairing controller", "text", _ONLY26, attr="pairing_controller"),
    _header("192", "coded tournament type", "text", _ONLY26, attr="system", once=True),
    _header("202", "tie-break definition", "codes", _ONLY26, attr="tiebreaks", once=True),
    _header("212", "standings tie-breaks", "codes", _ONLY26, attr="standings_tiebreaks", once=True),
    _header("222", "encoded time control", "text", _ONLY26, attr="time_control_code", once=True),
    _header("352", "board colours of a team match", "text", _ONLY26, from_model=False, attr="board_colours",
            once=True),
    # 362: TW, TD, TL at 5-6, 14-15, 23-24 with their points at 7-10, 16-19, 25-28 (TRF-2026)
    Record("362", "HEADER", _ONLY26, "team scoring points", (
        _f("symbol", 5, 6, step=9, positional=True), _f("points", 7, 10, _SCORE, step=9, positional=True)),
        attr="team_scoring", once=True),
    Record("013", "TEAM", BOTH, "team (TRF16)", (
        _f("name", 5, 36), _f("members", 37, 40, _INT, "right", step=5, refers="player")), from_model=True),
    Record("310", "TEAM", _ONLY26, "team", (
        _f("number", 5, 7, _INT, "right"), _f("name", 9, 40), _f("nickname", 42, 46),
        _f("strength", 48, 53, "text", "right"), _f("match_points", 55, 60, _SCORE, "right"),
        _f("game_points", 62, 67, _SCORE, "right"), _f("rank", 69, 71, _INT, "right"),
        _f("members", 74, 77, _INT, "right", step=5, refers="player")), from_model=True),
    Record("240", "BYE", _ONLY26, "byes", (
        _f("type", 5, 5, "char", choices=("F", "H", "Z")), _f("round", 7, 9, _INT, "right", required=True),
        _f("ids", 11, 14, _INT, "right", step=5, refers="id")), name="Bye"),
    Record("250", "ACCELERATION", _ONLY26, "accelerated rounds", (
        _f("match_points", 5, 8, _SCORE, "right"), _f("points", 10, 13, _SCORE, "right"),
        _f("first_round", 15, 17, _INT, "right", required=True), _f("last_round", 19, 21, _INT, "right", required=True),
        _f("first_id", 23, 26, _INT, "right", refers="id", required=True),
        _f("last_id", 28, 31, _INT, "right", refers="id", required=True)), name="Acceleration"),
    Record("260", "PROHIBITED", _ONLY26, "prohibited pairings", (
        _f("first_round", 5, 7, _INT, "right"), _f("last_round", 9, 11, _INT, "right"),
        _f("ids", 13, 16, _INT, "right", step=5, refers="id")), name="ProhibitedPairing"),
    Record("299", "ADJUSTMENT", _ONLY26, "point adjustments", (
        _f("type", 5, 5, "char"), _f("match_points", 8, 11, _SCORE, "right"),
        _f("points", 14, 17, _SCORE, "right"), _f("round", 20, 22, _INT, "right", default=0),  # 0: every round
        _f("ids", 24, 27, _INT, "right", step=5, refers="id")), name="PointAssignment"),
    Record("300", "LINEUP", _ONLY26, "team line-up of a round", (
        _f("round", 5, 7, _INT, "right"), _f("team", 9, 11, _INT, "right", refers="team"),
        _f("opponent", 13, 15, _INT, "right", refers="team"),
        _f("players", 17, 20, _INT, "right", step=5, refers="player")), name="Lineup"),
    Record("320", "TEAM_ROUND", _ONLY26, "pairing-allocated team byes", (
        _f("match_points", 5, 8, _SCORE, "right"), _f("points", 10, 13, _SCORE, "right"),
        # round r at 15+4(r-1): a blank cell is a round without a bye (TRF-2026)
        _f("teams", 15, 17, _INT, "right", step=4, refers="team", positional=True)), name="TeamPairingByes"),
    Record("330", "TEAM_ROUND", _ONLY26, "forfeited team matches", (
        _f("type", 5, 6, choices=("+-", "-+", "--")), _f("round", 8, 10, _INT, "right"),
        _f("white", 12, 14, _INT, "right", refers="team"),
        _f("black", 16, 18, _INT, "right", refers="team")), name="TeamForfeit"),
    Record("801", "CROSSTABLE", _ONLY26, "team crosstable (informative)"),
    Record("802", "CROSSTABLE", _ONLY26, "team crosstable by boards (informative)", (
        _f("team", 5, 7, _INT, "right", refers="team"), _f("nickname", 9, 13),
        _f("match_points", 15, 20, _SCORE, "right"), _f("game_points", 22, 27, _SCORE, "right"),
        # round r in the 13 columns from 29+13(r-1): the opponent team (or PAB, FPB, HPB, ZPB), its
        # colour, the round's game points and a forfeit flag (TRF-2026)
        _f("opponents", 29, 31, "text", "right", step=13, positional=True),
        _f("colours", 33, 33, "char", step=13, positional=True),
        _f("round_points", 35, 38, _SCORE, "right", step=13, positional=True),
        _f("forfeits", 39, 39, "char", step=13, positional=True)), name="TeamCrosstable"),
    Record("XXR", "JAVAFO", frozenset({JAVAFO}), "number of rounds", (_f("value", 5, 5, _INT),),
           attr="rounds_declared"),
    Record("XXC", "JAVAFO", frozenset({JAVAFO}), "configuration (rank, white1, black1)", (_f("value", 5, 5),),
           attr="xxc"),
    Record("XXS", "JAVAFO", frozenset({JAVAFO}), "scoring (CODE=points ...)", (_f("value", 5, 5),)),
    # XXA: round r at 10+5(r-1) (JaVaFo's manual); XXP and XXZ: start ranks separated by blanks
    Record("XXA", "JAVAFO", frozenset({JAVAFO}), "acceleration of a player", (
        _f("start_rank", 5, 8, _INT, "right", refers="player"),
        _f("points", 10, 13, _SCORE, "right", step=5, positional=True)), name="JavafoAcceleration"),
    Record("XXP", "JAVAFO", frozenset({JAVAFO}), "prohibited pairings (start ranks)", (
        _f("ids", 5, 8, _INT, split=True, refers="player"),), name="JavafoProhibited"),
    Record("XXZ", "JAVAFO", frozenset({JAVAFO}), "absent players (start ranks)", (
        _f("ids", 5, 8, _INT, split=True, refers="player"),), name="JavafoAbsent"),
    *(Record(code, "BBP", frozenset({BBP}), title, (_f("points", 5, 12, _SCORE),)) for code, title in (
        ("BBW", "points for a win"), ("BBD", "points for a draw"), ("BBL", "points for a loss"),
        ("BBZ", "points for a zero-point bye"), ("BBF", "points for a forfeit loss"),
        ("BBU", "points for a pairing-allocated bye"))),
    NATIONAL,
    Record("###", "COMMENT", _ONLY26, "comment"),
)

BY_CODE: dict[str, Record] = {r.code: r for r in RECORDS if r.pattern is None}

#: Codes of the records :mod:`.versions` writes from the model (the others are carried verbatim).
FROM_MODEL = frozenset(r.code for r in RECORDS if r.from_model and r.pattern is None)

#: The records read into typed objects (classes of :mod:`trfscore.records`, generated from this
#: description), by code.
TYPED: dict[str, Record] = {r.code: r for r in RECORDS if r.name}
#: Codes of the typed records kept in ``Tournament.records`` (the others are players' NRS records).
PARSED = frozenset(code for code, r in TYPED.items() if not r.from_model)

#: Codes only TRF26 has (a file with one of them is TRF26).
TRF26_CODES = frozenset(r.code for r in RECORDS if r.editions == _ONLY26 and r.pattern is None
                        and r.kind != "COMMENT")
#: Codes of the pairing programs' extensions (JaVaFo TRF(x), bbpPairings TRF(bx)).
EXTENSION_CODES = frozenset(r.code for r in RECORDS if r.editions <= {JAVAFO, BBP})


def dialect(codes: set[str]) -> str:
    """``"TRF26"``, ``"TRF(x)"`` or ``"TRF16"`` for the record codes of a file."""
    if codes & TRF26_CODES:
        return TRF26
    if codes & EXTENSION_CODES:
        return JAVAFO
    return TRF16


def round_column(rnd: int, name: str | None = None) -> int:
    """1-based column of round ``rnd``'s cell in a 001 record (at field ``name``: ``opponent``,
    ``colour``, ``result``); round 0 is the column where round 1 would end."""
    assert PLAYER.block is not None
    return PLAYER.block.column(rnd, name)


def kinds() -> tuple[str, ...]:
    """The record kinds, in the order the grammar names them (``""`` is an empty line)."""
    seen: dict[str, None] = {}
    for r in RECORDS:
        seen.setdefault(r.kind, None)
    return tuple(seen) + ("OTHER",)


def id_fields(record: Record) -> Iterator[Field]:
    """The fields of ``record`` that name players or teams."""
    return (f for f in record.fields if f.refers)


# -- writing -------------------------------------------------------------------------------------

def template(record: Record) -> str:
    """A ``str.format`` template of ``record``'s fixed fields by name, each padded to its columns
    and aligned as described; text is cut to its width, numbers are not (a number too wide for its
    field shows, and the reader reports it).  Repeated fields (``step``) and the round cells are
    not in it: the template ends at the column where they start (:func:`cells` writes them)."""
    out = [] if record.pattern else [record.code]
    column = 1 if record.pattern else len(record.code) + 1  # the next column to write
    for f in record.fields:
        if f.repeated:
            break
        out.append(" " * (f.first - column))
        numeric = f.type in ("int", "score")
        align = ">" if f.align == "right" else "<"
        out.append("{" + f"{f.name}:{align}{f.width}{'' if numeric else f'.{f.width}'}" + "}")
        column = f.last + 1
    stop = next((f.first for f in record.fields if f.repeated), record.block.first if record.block else column)
    out.append(" " * (stop - column))
    return "".join(out)


def cells(field: Field, values: list) -> str:
    """The values of a repeated field, one every ``field.step`` columns (blanks after the last)."""
    align = ">" if field.align == "right" else "<"
    spec = f"{align}{field.width}"
    return "".join([format(v, spec).ljust(field.step) for v in values])


def on_grid(record: Record, text: str) -> bool:
    """Whether every non-blank character of ``text`` lies in the code or in a cell of one of
    ``record``'s fields (a line that keeps the described columns)."""
    covered = [False] * len(text)
    covered[:3] = [True] * min(3, len(text))
    for f in record.fields:
        cuts = [f.cut] if not f.step else [f.cell(i) for i in range(max(0, len(text) - f.start) // f.step + 1)]
        for cut in cuts:
            covered[cut] = [True] * len(covered[cut])
    return all(ok or ch == " " for ok, ch in zip(covered, text))


def score_text(value: Fraction) -> str:
    """A score in a fixed-column field: one decimal when it is a whole or half point (``1.0``,
    ``2.5``), else two (``0.33``; four columns hold no more)."""
    return f"{float(value):.1f}" if (value * 2).denominator == 1 else f"{float(value):.2f}"


def _text(value: object) -> object:
    if value is None:
        return ""
    return score_text(value) if isinstance(value, Fraction) else value


def format_record(record: Record, values: Mapping[str, object]) -> str:
    """One line of ``record`` holding ``values`` (by field name; the typed record's fields), on
    the columns of its description; trailing blanks trimmed.  A list field is written cell by cell
    (``step``: cell i at ``first + i * step``, None a blank cell; several such fields interleave)
    or separated by blanks (``split``)."""
    fixed = {f.name: _text(values.get(f.name)) for f in record.fields if not f.repeated}
    line = list(template(record).format(**fixed))
    for f in record.fields:
        listed = values.get(f.name) if f.repeated else None
        items = [_text(v) for v in listed] if isinstance(listed, (list, tuple)) else []
        if f.split:
            line[f.start:] = " ".join(map(str, items))
            continue
        align = ">" if f.align == "right" else "<"
        for i, item in enumerate(items):
            start = f.start + i * f.step
            cell = format(item, f"{align}{f.width}")
            line.extend(" " * (start + len(cell) - len(line)))
            line[start:start + len(cell)] = cell
    return "".join(line).rstrip()


# -- the grammar ---------------------------------------------------------------------------------

_GRAMMAR_HEAD = """\
// The structure of a FIDE Tournament Report File (TRF16, TRF26) with JaVaFo's TRF(x) lines.
// GENERATED from trfscore/formats/trf/layout.py (python -m trfscore.formats.trf.layout); do not edit.
//
// A TRF is a sequence of lines; each line is one record whose kind is fixed by its first three
// columns (the record code) followed by a blank in column 4, or by the end of the line.  The
// fields inside a record are fixed columns, decoded by the column tables of layout.py; this
// grammar names the record kinds and how lines follow each other.  Line endings may be CR, LF or
// CRLF (the FIDE text says CR; all three occur).
//
// Lines that fit no record kind (ruler lines such as "0123456789...", legends, unknown codes)
// are OTHER: kept verbatim, reported as information, never an error.

start: (PLAYERS | _record? EOL)* _record?

_record: {alternatives}

EOL: /\\r\\n|\\r|\\n/

// PLAYERS is a run of consecutive 001 lines with their line endings (the player section), split
// into lines by the reader; PLAYER is a single 001 line (the last line of a file without a final
// line ending).
PLAYERS.10: /(?:001(?=[ \\t\\r\\n])[^\\r\\n]*(?:\\r\\n|\\r|\\n))+/
"""

_END = r"(?=[ \t\r\n]|$)[^\r\n]*"
#: Lark priorities: the player run first, fixed codes next, NRS records (a pattern) after them.
_PRIORITY = {"PLAYER": 9, "NATIONAL": 5, "COMMENT": 9}


def grammar() -> str:
    """The text of ``trf.lark``, generated from :data:`RECORDS`."""
    by_kind: dict[str, list[Record]] = {}
    for r in RECORDS:
        by_kind.setdefault(r.kind, []).append(r)
    lines = [_GRAMMAR_HEAD.format(alternatives=" | ".join(kinds()))]
    for kind, records in by_kind.items():
        lines.extend(f"// {r.code}: {r.title} ({', '.join(sorted(r.editions))})" for r in records)
        if kind == "NATIONAL":  # a federation code in columns 1-3 and a start rank in 5-8
            lines.append("// Only the federation named in 172 makes them NRS records; the reader decides.")
            lines.append(f"{kind}.{_PRIORITY[kind]}: /{NATIONAL.pattern} [ 0-9]{{3}}[0-9][^\\r\\n]*/")
        elif kind == "COMMENT":
            lines.append(f"{kind}.{_PRIORITY[kind]}: /###[^\\r\\n]*/")
        else:
            codes = [r.code for r in records]
            code = codes[0] if len(codes) == 1 else "(?:" + "|".join(codes) + ")"
            lines.append(f"{kind}.{_PRIORITY.get(kind, 9)}: /{code}{_END}/")
        lines.append("")
    lines.append("// Anything else that is not an empty line.")
    lines.append("OTHER.1: /[^\\r\\n]+/")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m trfscore.formats.trf.layout > grammars/trf.lark
    import sys

    sys.stdout.write(grammar())
