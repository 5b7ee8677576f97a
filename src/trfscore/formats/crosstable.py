"""Plain-text crosstables (round-robin grids and Swiss tables): reading.

This module owns the meaning of pasted crosstable text.  ``grammars/crosstable.lark`` types
every item of every line (number, rank with a dot, round-robin cell, Swiss cell, bye code,
title, federation, word); its terminals, in the order lark's lexer tries them, run here as one
regular expression per line (:func:`lex`, the tokens of the LALR parse at a fraction of its cost),
and the layout detection below decides which items are the grid, which are the name and which
are declared columns.  It follows the conventions collected in the project's
``user-needs.md`` §4 (FIDE B.02 crosstables, chess-results, US Chess, FIDE-style cells) and
documents its own choices in ``docs/formats.md``.

Round-robin grids have no rounds; the games are put into Berger-table rounds (FIDE C.05
Annex 1; a double round-robin repeats the table) so that every game sits in the same round for
both players; an odd player count gives each player one ``NOT_SCHEDULED`` round (never a bye).
``rr_rounds="order"`` instead puts a player's k-th opponent (in start-rank order) in round k.
Colours are not known from a grid and stay None.

Declared columns are kept as declared: points in :attr:`Player.points`, a rank column in
:attr:`Player.rank`, tie-break columns in ``t.extras["declared"][start_rank][code]`` (codes such
as ``"SB"`` for a column headed ``ns``, ``SB`` or ``S-B``), with the source position of every
declared value in ``t.extras["declared_at"][start_rank][code] = [line, column]`` (``"PTS"`` and
``"RANK"`` included) and the printed heading in ``t.extras["declared_labels"][code]``.

Nothing here raises for bad input: an unreadable cell becomes a finding with its line, column
and text, and the rest of the table is still read.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..findings import ERROR, INFO, WARNING, Finding
from ..model import Game, Kind, Player, Source, Tournament
from .limits import too_sparse
from .markdown_text import unescape

#: Rule ids the crosstable reader reports: id -> (severity, summary).
#: A crosstable of 1,000 players with 15 rounds is under 200 KiB; larger text is not one.
MAX_TEXT = 4 * 1024 * 1024

READER_RULES: dict[str, tuple[str, str]] = {
    "CTB100": (ERROR, "no crosstable found in the text"),
    "CTB101": (ERROR, "a cell that no crosstable notation reads"),
    "CTB102": (ERROR, "a row whose grid or round cells cannot be located"),
    "CTB103": (WARNING, "the two cells of one round-robin game disagree"),
    "CTB104": (WARNING, "a declared value (points, rank, tie-break) that is not a number"),
    "CTB105": (WARNING, "row numbers missing, repeated or not 1..n"),
    "CTB106": (INFO, "how the table was read: layout, players, rounds"),
    "CTB107": (ERROR, "an opponent number that is no row of the table"),
    "CTB108": (WARNING, "a player paired twice in one round, or pairings that do not match"),
    "CTB109": (INFO, "lines of text around the table that were not read"),
}

#: Result code -> kind, as in the TRF reader.
KIND_OF = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
           "H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "U": Kind.PAB, "Z": Kind.ZERO_BYE, " ": Kind.ABSENT,
           "X": Kind.UNKNOWN}
#: The code the opponent's cell must hold for the same game.
MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " ", "X": "X"}

FEDERATIONS = frozenset("""
AFG ALB ALG AND ANG ANT ARG ARM ARU AUS AUT AZE BAH BAN BAR BDI BEL BER BHU BIH BIZ BLR BOL BOT
BRA BRN BRU BUL BUR CAF CAM CAN CAY CHA CHI CHN CIV CMR COD COL COM CPV CRC CRO CUB CYP CZE DEN
DJI DMA DOM ECU EGY ENG ERI ESA ESP EST ETH FAI FID FIJ FIN FRA GAB GAM GCI GEO GEQ GER GHA GRE
GRN GUA GUM GUY HAI HKG HON HUN INA IND IOM IRI IRL IRQ ISL ISR ISV ITA IVB JAM JCI JOR JPN KAZ
KEN KGZ KOR KOS KSA KUW LAO LAT LBA LBN LBR LCA LES LIE LTU LUX MAC MAD MAR MAS MAW MDA MDV MEX
MGL MKD MLI MLT MNC MNE MOZ MRI MTN MYA NAM NCA NED NEP NGR NIG NOR NRU NZL OMA PAK PAN PAR PER
PHI PLE PLW PNG POL POR PUR QAT ROU RSA RUS RWA SCO SEN SEY SGP SKN SLE SLO SMR SOL SOM SRB SRI
SSD STP SUD SUI SUR SVK SWE SWZ SYR TAN THA TJK TKM TLS TOG TPE TTO TUN TUR UAE UGA UKR URU USA
UZB VAN VEN VIE VIN WLS YEM ZAM ZIM""".split())

# -- lexing (the grammar) -----------------------------------------------------------------


class Tok:
    """One item of a line: its terminal name, text and 1-based line and column."""

    __slots__ = ("kind", "text", "line", "col")

    def __init__(self, kind: str, text: str, line: int, col: int) -> None:
        self.kind = kind
        self.text = text
        self.line = line
        self.col = col

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Tok({self.kind}, {self.text!r}, {self.line}:{self.col})"


def _grammar_text() -> str:
    from .trf_grammar import grammar_text

    return grammar_text("crosstable.lark")


@lru_cache(maxsize=1)
def _terminals() -> list:
    """The grammar's terminals in the order lark's basic lexer tries them."""
    from lark import Lark

    terms = list(Lark(_grammar_text(), parser="lalr", lexer="basic").terminals)
    terms.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    return terms


@lru_cache(maxsize=1)
def _scanner() -> re.Pattern:
    """The item and separator terminals as one alternation, tried in the lexer's order.

    Applied to one line at a time with ``finditer`` (blanks between items match nothing and are
    skipped, as the grammar's ``%ignore`` does), it gives the tokens the LALR parser would, at a
    fraction of the cost: a 4 MB text of separators is millions of tokens.
    """
    return re.compile("|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in _terminals()
                               if not t.name.startswith("_")))


@lru_cache(maxsize=1)
def _item_patterns() -> list[tuple[str, re.Pattern]]:
    """The grammar's item terminals in lexer order, for typing the text of a joined cell."""
    return [(t.name, re.compile(t.pattern.to_regexp())) for t in _terminals()
            if not t.name.startswith("_") and t.name not in ("PIPE", "SEMI", "TAB")]


#: Items holding a number that the reader converts with ``int``; longer than this they are words
#: (no crosstable number has 50 digits, and Python refuses to convert 4,300).
_NUMERIC = frozenset({"INT", "RANKDOT", "DEC", "HALF", "CR_CELL", "US_CELL", "FIDE_CELL"})
_LONGEST_NUMBER = 50
#: Blanks that the grammar does not know (ideographic and em spaces, U+2028 ...) become spaces:
#: same columns, and the text still splits into items.
_SPACES = {c: " " for c in range(0x3001) if chr(c).isspace() and chr(c) not in "\t\n\r \f\v\xa0\u2007\u202f"}


def _kind(name: str, text: str) -> str:
    return "WORD" if name in _NUMERIC and len(text) > _LONGEST_NUMBER else name


def classify(text: str) -> str:
    """The terminal name the grammar gives ``text`` as one item (``"WORD"`` when none fits)."""
    for name, pattern in _item_patterns():
        if pattern.fullmatch(text):
            return _kind(name, text)
    return "WORD"


def lex(text: str) -> list[list[Tok]]:
    """The typed items of every line (index 0 is line 1)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_SPACES)
    finditer = _scanner().finditer
    return [[Tok(_kind(m.lastgroup, m.group()), m.group(), no, m.start() + 1) for m in finditer(line)]
            for no, line in enumerate(text.split("\n"), 1)]


# -- values ---------------------------------------------------------------------------------

_NUMBER = re.compile(r"(\d*)(?:([.,])(\d+))?(½)?")


def parse_number(text: str) -> Fraction | None:
    """``11``, ``69.5``, ``3,5``, ``10½``, ``½``, ``1/2``, ``.5`` as an exact value; None otherwise."""
    text = text.strip()
    if len(text) > _LONGEST_NUMBER:
        return None
    if text in ("1/2",):
        return Fraction(1, 2)
    if text.endswith(" 1/2") and text[:-4].isdecimal():
        return Fraction(int(text[:-4])) + Fraction(1, 2)
    m = _NUMBER.fullmatch(text)
    if not m or not (m.group(1) or m.group(3) or m.group(4)):
        return None
    value = Fraction(int(m.group(1) or 0))
    if m.group(3):
        value += Fraction(int(m.group(3)), 10 ** len(m.group(3)))
    if m.group(4):
        if m.group(3):
            return None
        value += Fraction(1, 2)
    return value


_RR_SINGLE = {"1": "1", "0": "0", "½": "=", "1/2": "=", "0.5": "=", "0,5": "=", ".5": "=", ",5": "=",
              "=": "=", "+": "+", "-": "-", "–": "-", "—": "-", ".": " ", "·": " ", "": " ", "--": " ",
              "?": "X"}
_RR_SYMBOL = {"1": "1", "0": "0", "½": "=", "=": "=", "+": "+", "-": "-", "–": "-", ".": " ", "?": "X"}
_DIAGONALS = frozenset({"X", "x", "*", "×", "XX", "xx", "**", "××", "-", "–", "—", "--", "■", "█"})


def rr_cell(text: str, double: bool = False) -> tuple[str, ...] | None:
    """The result code(s) of a round-robin cell (one, or two in a double round-robin)."""
    if double:
        if text in ("", ".", "·", "--"):
            return (" ", " ")
        if len(text) == 2 and text[0] in _RR_SYMBOL and text[1] in _RR_SYMBOL:
            return (_RR_SYMBOL[text[0]], _RR_SYMBOL[text[1]])
        return None
    code = _RR_SINGLE.get(text)
    return None if code is None else (code,)


def is_diagonal(text: str) -> bool:
    return text in _DIAGONALS


_CR = re.compile(r"(\d+)([wWbBsS\-])(1|0|½|=|\+|-|1/2|0[.,]5|\?)")
_CR_RESULT = {"1": "1", "0": "0", "½": "=", "=": "=", "1/2": "=", "0.5": "=", "0,5": "=", "+": "+", "-": "-",
              "?": "X"}
_CR_BYE = {"1": "U", "+": "U", "½": "H", "1/2": "H", "0.5": "H", "0,5": "H", "0": "Z"}
_US = {"W": "1", "L": "0", "D": "=", "X": "+", "F": "-"}
_FIDE = re.compile(r"([+=\-])([WwBbSs])(\d+)([fF]?)")
_BYES = {"HPB": "H", "PAB": "U", "FPB": "F", "ZPB": "Z", "BYE": "U"}
_ONE_LETTER = {"B": "U", "H": "H", "U": " ", "F": "Z", "Z": "Z", "X": "F", "x": "F", "+": "U", "=": "H",
               "-": " ", "–": " ", "—": " ", "--": " ", ".": " ", "·": " ", "": " ", "?": "X"}
_TRF_TITLES = frozenset({"g", "m", "f", "c", "wg", "wm", "wf", "wc"})
_STRONG_SWISS = frozenset({"CR_CELL", "CR_BYE", "US_CELL", "FIDE_CELL", "BYE"})
_WEAK_SWISS = frozenset({"LETTER", "DIAG", "SIGN", "DOT", "EMPTY"})


def swiss_cell(tok: Tok) -> tuple[int | None, str | None, str] | None:
    """``(opponent, colour, code)`` of a Swiss cell in any accepted notation; None if unreadable."""
    text, kind = tok.text, tok.kind
    if kind == "CR_CELL":
        m = _CR.fullmatch(text)
        if m:
            colour = {"w": "w", "b": "b", "s": "b"}.get(m.group(2).lower())
            return int(m.group(1)), colour, _CR_RESULT[m.group(3)]
    elif kind == "CR_BYE":
        code = _CR_BYE.get(text[1:])
        if code:
            return None, None, code
    elif kind == "US_CELL":
        return int(text[1:]), None, _US[text[0]]
    elif kind == "FIDE_CELL":
        m = _FIDE.fullmatch(text)
        if m:
            sign, colour, opp, forfeit = m.groups()
            code = {"+": "1", "=": "=", "-": "0"}[sign]
            if forfeit:
                code = {"1": "+", "0": "-"}.get(code, code)
            return int(opp), "w" if colour in "Ww" else "b", code
    elif kind == "BYE":
        return None, None, _BYES[text.upper()]
    elif kind in _WEAK_SWISS and text in _ONE_LETTER:
        return None, None, _ONE_LETTER[text]
    return None


# -- header labels ----------------------------------------------------------------------------

_TB_CODES = {
    "ns": "SB", "sb": "SB", "s-b": "SB", "s.-b": "SB", "s.b": "SB", "sob": "SB", "soberg": "SB",
    "sonneborn": "SB", "sonneborn-berger": "SB", "neustadtl": "SB", "berger": "SB", "sbw": "SB",
    "bh": "BH", "buchholz": "BH", "buch": "BH", "solkoff": "BH", "bhz": "BH",
    "mbh": "BH-M1", "median": "BH-M1", "m-bh": "BH-M1", "bh-c1": "BH-C1", "cut1": "BH-C1", "bh1": "BH-C1",
    "ps": "PS", "progr": "PS", "progressive": "PS", "cum": "PS", "cumulative": "PS", "fs": "PS",
    "de": "DE", "direct": "DE", "h2h": "DE", "win": "WIN", "wins": "WIN", "won": "WIN", "w": "WIN",
    "bpg": "BPG", "black": "BPG", "koya": "KS", "ks": "KS", "k": "KS", "aro": "ARO", "tpr": "TPR",
    "rp": "TPR", "perf": "TPR", "performance": "TPR", "ptp": "PTP", "apro": "APRO", "apo": "APPO",
}
_POINTS_LABELS = {"cs", "pts", "points", "score", "total", "tot", "pkt", "punkte", "p", "sum", "pt", "σ",
                  "total pts", "pts total", "result", "pnt", "pont", "pkte", "punten"}
_RANK_LABELS = {"rk", "rank", "place", "pl", "platz", "pos", "position", "plc", "rg", "rang", "final rank"}
_SNO_LABELS = {"sno", "snr", "no", "nr", "num", "number", "", "start", "pair", "pair num", "id", "n", "s.no"}
_TITLE_LABELS = {"title", "tit", "ti", "titel"}
_RATING_LABELS = {"rtg", "elo", "rating", "ratg", "rtng", "fide", "nwz", "dwz", "rat", "elo fide", "uscf"}
_FED_LABELS = {"fed", "federation", "nat", "country", "land", "verband", "nation", "fide fed", "fd"}
_OTHER_LABELS = {"club", "team", "city", "verein", "club/city", "sex", "type", "gr", "group", "k", "rtg+/-"}
_ROUND_LABEL = re.compile(r"(?:(\d{1,9})\s*\.?\s*(?:rd|rnd|r|round|runde|rde|ronde|rnd)\.?|"
                          r"(?:rd|rnd|r|round|runde|rde|ronde)\s*\.?\s*(\d{1,9}))", re.I)


def label_role(text: str) -> tuple[str, str]:
    """``(role, code)`` of a header label: role is one of id/rank/sno/name/title/rating/fed/points/
    tb/round/other; code is the tie-break code for ``tb``."""
    if not text.strip():
        return "blank", ""  # chess-results heads its title column with nothing
    norm = re.sub(r"\s+", " ", text.strip().lower().strip(" .:#*")).replace(". ", " ")
    norm = norm.rstrip(".")
    if norm in _RANK_LABELS:
        return "rank", "RANK"
    if norm in _SNO_LABELS:
        return "sno", "SNO"
    if "name" in norm or "player" in norm or norm in ("spieler", "joueur", "nombre", "participant",
                                                       "teilnehmer", "jugador"):
        return "name", ""
    if norm in _TITLE_LABELS:
        return "title", ""
    if norm in _RATING_LABELS or "rtg" in norm.split() or "rating" in norm.split():
        return "rating", ""
    if norm in _FED_LABELS:
        return "fed", ""
    if norm in _POINTS_LABELS or norm.startswith(("pts", "points", "total")):
        return "points", "PTS"
    if _ROUND_LABEL.fullmatch(norm):
        return "round", ""
    key = norm.replace(" ", "")
    if key in _TB_CODES:
        return "tb", _TB_CODES[key]
    m = re.fullmatch(r"tb\s*(\d{1,9})", norm)
    if m:
        return "tb", f"TB{int(m.group(1))}"
    if norm in _OTHER_LABELS:
        return "other", ""
    return "tb", re.sub(r"[^A-Z0-9/\-]", "", text.upper()) or "COL"


# -- lines, rows, header ----------------------------------------------------------------------

_LABEL_KINDS = frozenset({"WORD", "NAME", "FED", "TITLE", "LETTER", "EMPTY", "BYE", "DIAG", "SIGN", "DOT"})
_RULE_LINE = re.compile(r"[-=_+:~*|\s]+")
_BOLD = re.compile(r"^\*+|(?<!\\)\*+$")  # **Title**, but not an escaped \* at the end


def _cells_of(toks: list[Tok], line: str) -> tuple[str | None, list[Tok]]:
    """A line as cells: separator-delimited when it has ``|``, tabs or ``;``, else its items."""
    n_pipe = sum(1 for t in toks if t.kind == "PIPE")
    n_tab = sum(1 for t in toks if t.kind == "TAB")
    n_semi = sum(1 for t in toks if t.kind == "SEMI")
    sep = "PIPE" if n_pipe >= 2 else "TAB" if n_tab >= 1 else "SEMI" if n_semi >= 2 else None
    if sep is None:
        return None, [t for t in toks if t.kind not in ("PIPE", "TAB", "SEMI")]
    groups: list[list[Tok]] = [[]]
    starts = [toks[0].col if toks else 1]
    for t in toks:
        if t.kind == sep:
            groups.append([])
            starts.append(t.col + 1)
        elif t.kind not in ("PIPE", "TAB", "SEMI") or (sep == "PIPE" and t.kind == "SEMI"):
            groups[-1].append(t)  # in a Markdown cell a ";" is text
    if sep == "PIPE":
        if toks and toks[0].kind == "PIPE":
            groups, starts = groups[1:], starts[1:]
        if toks and toks[-1].kind == "PIPE" and groups and not groups[-1]:
            groups, starts = groups[:-1], starts[:-1]
    cells = []
    for group, start in zip(groups, starts):
        if not group:
            cells.append(Tok("EMPTY", "", toks[0].line if toks else 0, start))
        elif len(group) == 1 and group[0].kind != "SEMI":
            cells.append(group[0])
        else:
            joined = "".join(t.text for t in group)
            kind = classify(joined)
            if kind in ("WORD", "FED", "TITLE", "LETTER"):
                first, last = group[0], group[-1]
                text = line[first.col - 1:last.col - 1 + len(last.text)] if line else " ".join(
                    t.text for t in group)
                cells.append(Tok("NAME", re.sub(r"\s+", " ", text), first.line, first.col))
            else:
                cells.append(Tok(kind, joined, group[0].line, group[0].col))
    if sep == "PIPE":  # Markdown: undo the backslash escapes of the writers (markdown_text)
        cells = [_unescaped(c) if "\\" in c.text else c for c in cells]
    return sep, cells


def _unescaped(tok: Tok) -> Tok:
    text = unescape(tok.text)
    return Tok("NAME" if tok.kind == "NAME" else classify(text), text, tok.line, tok.col)


@dataclass
class HeadRow:
    line: int
    labels: list[Tok]  # every label cell before the run, the run excluded
    run: list[Tok]
    suffix: list[Tok]
    kind: str  # "numbers" or "rounds"
    rest: list[Tok] = field(default_factory=list)  # rows on the header line itself (one-line form)


@dataclass
class Row:
    ident: Tok | None
    toks: list[Tok]
    line: int
    ordinal: int
    cont: list[Tok] | None = None
    sep: str | None = None


def _int(tok: Tok) -> int | None:
    if tok.kind == "INT":
        return int(tok.text)
    if tok.kind == "RANKDOT":
        return int(tok.text[:-1])
    return None


def _number_run(cells: list[Tok]) -> tuple[int, int, str]:
    """(start, length, kind) of the longest run 1, 2, 3 ... or 1.Rd, 2.Rd ... in ``cells``."""
    best = (0, 0, "")
    i = 0
    while i < len(cells):
        if cells[i].kind == "INT" and cells[i].text == "1":
            j = i
            while j < len(cells) and cells[j].kind == "INT" and int(cells[j].text) == j - i + 1:
                j += 1
            if j - i > best[1]:
                best = (i, j - i, "numbers")
            i = j
            continue
        m = _ROUND_LABEL.fullmatch(cells[i].text)
        if m and int(m.group(1) or m.group(2)) == 1:
            j = i
            while j < len(cells):
                mm = _ROUND_LABEL.fullmatch(cells[j].text)
                if not mm or int(mm.group(1) or mm.group(2)) != j - i + 1:
                    break
                j += 1
            if j - i >= best[1]:
                best = (i, j - i, "rounds")
            i = j
            continue
        i += 1
    return best


_CELL_KINDS = frozenset({"INT", "DEC", "HALF", "SIGN", "DOT", "DIAG", "CR_CELL", "CR_BYE", "US_CELL", "FIDE_CELL",
                         "BYE", "LETTER", "EMPTY"})


def _is_row_start(cells: list[Tok]) -> bool:
    """A numbered line: a row, unless it reads like prose (no cell at all, and words in lower
    case such as "2 players were late")."""
    if not cells or cells[0].kind not in ("INT", "RANKDOT") or len(cells) < 2:
        return False
    rest = cells[1:]
    if any(c.kind in _CELL_KINDS for c in rest):
        return True
    return sum(1 for c in rest if c.text[:1].islower() and c.text.isalpha()) < 2


def _is_rule(cells: list[Tok]) -> bool:
    return bool(cells) and all(_RULE_LINE.fullmatch(c.text) for c in cells)


def _split_embedded(toks: list[Tok], first: int) -> list[list[Tok]]:
    """Rows written one after another on one line: split at ``2.``, ``3.`` ... in sequence."""
    rows: list[list[Tok]] = []
    expect = first
    for t in toks:
        if t.kind == "RANKDOT" and int(t.text[:-1]) == expect:
            rows.append([t])
            expect += 1
        elif rows:
            rows[-1].append(t)
    return rows


# -- the reader -------------------------------------------------------------------------------


class _Reader:
    def __init__(self, text: str, path: str | None, rr_rounds: str) -> None:
        self.text = text
        self.t = Tournament(source=Source(path=path, format="crosstable", dialect=""))
        self.rr_rounds = rr_rounds
        self.raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.declared: dict[int, dict[str, Fraction]] = {}
        self.declared_at: dict[int, dict[str, list[int]]] = {}
        self.labels: dict[str, str] = {}

    # findings
    def add(self, rule: str, message: str, line: int | None = None, column: int | None = None,
            hint: str = "", text: str = "") -> None:
        self.t.findings.append(Finding(rule, READER_RULES[rule][0], message, line, column, hint, text))

    def lines(self) -> list[tuple[int, str | None, list[Tok]]]:
        """(line number, separator, cells) of every line."""
        raw = self.raw_lines
        return [(no, *_cells_of(toks, raw[no - 1] if no <= len(raw) else ""))
                for no, toks in enumerate(lex(self.text), 1)]

    def run(self) -> Tournament:
        try:
            lines = self.lines()
        except Exception as exc:  # the grammar types every character; this is a safety net
            self.add("CTB100", f"the text could not be split into items ({type(exc).__name__})", 1, 1)
            return self.t
        found = self.locate(lines)
        if found is None:
            self.add("CTB100", "no crosstable found: no header row 1 2 3 ... and no numbered rows with "
                     "round-robin or Swiss cells", 1, 1,
                     "paste the table with its header row, one player per line (or the one-line form)")
            return self.t
        head, rows, skipped = found
        if skipped:
            self.add("CTB109", f"{len(skipped)} line(s) of text around the table were not read "
                     f"(first: line {skipped[0]})", skipped[0], 1)
        swiss = self.is_swiss(head, rows)
        if swiss:
            self.read_swiss(head, rows)
        else:
            self.read_grid(head, rows)
        if self.declared:
            self.t.extras["declared"] = self.declared
            self.t.extras["declared_at"] = self.declared_at
            self.t.extras["declared_labels"] = self.labels
        return self.t

    # -- finding the table ------------------------------------------------------------------
    def locate(self, lines):
        best = None
        for idx, (no, sep, cells) in enumerate(lines):
            start, length, kind = _number_run(cells)
            if any(c.kind not in _LABEL_KINDS for c in cells[:start]):
                continue  # a data row that happens to hold "1 2": labels only may precede the run
            if length >= 2 or (length == 1 and kind == "rounds"):
                if best is None or length > best[2]:
                    best = (idx, start, length, kind)
        head = None
        first_row_line = 0
        if best is not None:
            idx, start, length, kind = best
            no, sep, cells = lines[idx]
            labels = cells[:start]
            # a header split over two lines (US Chess): merge the labels of the line above
            if idx > 0 and sep is not None and lines[idx - 1][1] == sep and len(lines[idx - 1][2]) == len(cells):
                above = lines[idx - 1][2]
                labels = [Tok(c.kind if not a.text else "NAME", (a.text + " " + c.text).strip(), c.line, c.col)
                          for a, c in zip(above[:start], labels)]
            after = cells[start + length:]
            suffix: list[Tok] = []
            rest: list[Tok] = []
            for j, c in enumerate(after):
                if c.kind in ("INT", "RANKDOT") and sep is None:
                    rest = after[j:]
                    break
                suffix.append(c)
            head = HeadRow(no, labels, cells[start:start + length], suffix, kind, rest)
            first_row_line = idx + 1
        rows: list[Row] = []
        skipped: list[int] = []
        ordinal = 0
        if head is not None and head.rest:
            first = _int(head.rest[0]) or 1
            for chunk in _split_embedded(head.rest, first) or [head.rest]:
                ordinal += 1
                rows.append(Row(chunk[0], chunk[1:], head.line, ordinal))
        scan = lines[first_row_line:] if head is not None else lines
        if head is None:
            # no header: the longest block of numbered lines
            blocks: list[list[int]] = []
            for i, (no, sep, cells) in enumerate(lines):
                if _is_row_start(cells):
                    if blocks and blocks[-1][-1] >= i - 2:
                        blocks[-1].append(i)
                    else:
                        blocks.append([i])
            if not blocks:
                return None
            block = max(blocks, key=len)
            scan = lines[block[0]:block[-1] + 1]
            skipped.extend(no for no, _, cells in lines[:block[0]] if cells)
            skipped.extend(no for no, _, cells in lines[block[-1] + 1:] if cells)
        elif head is not None:
            skipped.extend(no for no, _, cells in lines[:first_row_line - 1] if cells)
        previous: Row | None = None
        ended = False  # the table ends at the first line after its rows that is no row
        for no, sep, cells in scan:
            if not cells or _is_rule(cells):
                continue
            if ended:
                skipped.append(no)
                continue
            if _is_row_start(cells) or (sep is not None and cells and cells[0].kind == "EMPTY" and len(cells) > 3
                                        and previous is None):
                chunks = _split_embedded(cells, _int(cells[0]) or 1) if sep is None else []
                if len(chunks) > 1:
                    for chunk in chunks:
                        ordinal += 1
                        rows.append(Row(chunk[0], chunk[1:], no, ordinal))
                else:
                    ordinal += 1
                    rows.append(Row(cells[0], cells[1:], no, ordinal, sep=sep))
                previous = rows[-1]
            elif sep is not None and previous is not None and previous.cont is None and previous.line == no - 1:
                previous.cont = cells
            else:
                skipped.append(no)
                previous = None
                ended = bool(rows)
        if not rows:
            return None
        if head is None:
            head = HeadRow(0, [], [], [], "none")
        # the title line above the table
        for no, sep, cells in lines:
            if no >= (head.line or rows[0].line):
                break
            if cells and not _is_rule(cells):
                raw = self.raw_lines[no - 1].strip()
                heading = raw.startswith("#")  # a Markdown heading: escaped like the cells
                raw = _BOLD.sub("", raw.lstrip("#").strip()).strip()
                raw = unescape(raw) if heading else raw
                if sep is None and len(raw) <= 120:
                    self.t.header.name = raw
                    skipped = [x for x in skipped if x != no]  # the title is read, as the event name
                break
        return head, rows, sorted(set(skipped))

    def is_swiss(self, head: HeadRow, rows: list[Row]) -> bool:
        if head.kind == "rounds":
            return True
        strong = sum(1 for r in rows for t in r.toks if t.kind in _STRONG_SWISS)
        diag = sum(1 for r in rows for t in r.toks if t.kind == "DIAG")
        return strong >= max(1, len(rows) // 2) and strong > diag

    # -- shared row helpers -------------------------------------------------------------------
    def roles(self, head: HeadRow):
        """Roles of the label cells before and after the run: (role, code, label, label token)."""
        before = [label_role(c.text) + (c.text, c) for c in head.labels]
        after = [label_role(c.text) + (c.text, c) for c in head.suffix]
        return before, after

    def declare(self, sr: int, code: str, label: str, tok: Tok, player: Player) -> None:
        value = parse_number(tok.text)
        if tok.kind == "EMPTY":
            return
        if value is None:
            self.add("CTB104", f"{label or code} of player {sr} is {tok.text!r}, not a number", tok.line, tok.col,
                     "write numbers as 11, 10½, 10.5 or 10,5", tok.text)
            return
        self.declared_at.setdefault(sr, {})[code] = [tok.line, tok.col]
        if code == "PTS":
            player.points = value
        elif code == "RANK":
            if value.denominator == 1:
                player.rank = int(value)
        else:
            self.declared.setdefault(sr, {})[code] = value
            self.labels.setdefault(code, label)

    def prefix(self, toks: list[Tok], roles_before: list[tuple[str, str, str]], sep: bool,
               has_header: bool) -> dict:
        """Name, title, rating, federation, second number and declared values left of the cells."""
        info: dict = {"name": "", "title": "", "rating": None, "fed": "", "sno": None, "declared": []}
        roles = roles_before[1:] if roles_before else []
        if sep and has_header and len(roles) == len(toks):
            for (role, code, label, _), tok in zip(roles, toks):
                self._assign(info, role, code, label, tok, positional=True)
            return info
        toks = list(toks)
        # leading numbers (a start number after a rank) and a title before the name
        if roles and roles[0][0] in ("sno", "rank") and toks and toks[0].kind == "INT" and len(toks) > 1:
            info["sno"] = toks.pop(0)
            roles = roles[1:]
        elif not has_header and len(toks) > 1 and toks[0].kind == "INT":
            info["sno"] = toks.pop(0)
        if len(toks) > 1 and toks[0].kind == "TITLE":
            info["title"] = toks.pop(0).text
        name_at = next((i for i, r in enumerate(roles) if r[0] == "name"), None)
        after_name = roles[name_at + 1:] if name_at is not None else []
        if not has_header:
            after_name = [("title", "", "", None), ("rating", "", "", None), ("fed", "", "", None)]
        for role, code, label, label_tok in reversed(after_name):
            if len(toks) <= 1:
                break
            tok = toks[-1]
            if self._fits(role, tok, has_header) or self._under(role, tok, label_tok):
                self._assign(info, role, code, label, tok, positional=False)
                toks.pop()
        if len(toks) > 1 and not info["title"] and toks[0].kind == "TITLE":
            info["title"] = toks.pop(0).text
        info["name"] = " ".join(t.text for t in toks if t.kind != "EMPTY")
        if info["name"] == "?":
            info["name"] = ""  # the writers' mark for a player without a name
        return info

    @staticmethod
    def _under(role: str, tok: Tok, label: Tok | None) -> bool:
        """In an aligned table, a short item printed under its column heading belongs to it
        (a federation column holding "C.C", a rating written "2100P")."""
        if label is None or tok.line == label.line or tok.kind in ("NAME", "EMPTY"):
            return False
        if role not in ("title", "rating", "fed") or len(tok.text) > 6:
            return False
        if role == "rating" and not tok.text[:1].isdecimal():
            return False
        return tok.col <= label.col + len(label.text) - 1 and tok.col + len(tok.text) - 1 >= label.col

    @staticmethod
    def _fits(role: str, tok: Tok, has_header: bool) -> bool:
        if role == "title":
            # TRF's own title codes (g m f c wg wm wf wc) only under a Title heading
            return tok.kind == "TITLE" or (has_header and tok.text in _TRF_TITLES)
        if role == "rating":
            return tok.kind == "INT" and 100 <= int(tok.text) <= 3999
        if role == "fed":
            if has_header:
                return tok.kind == "FED"  # other spellings only under the heading (_under)
            return tok.kind == "FED" and tok.text in FEDERATIONS
        if role in ("points", "tb", "rank"):
            return parse_number(tok.text) is not None
        return False

    @staticmethod
    def _assign(info: dict, role: str, code: str, label: str, tok: Tok, positional: bool) -> None:
        if tok.kind == "EMPTY":
            return
        if role == "blank":
            if tok.kind == "TITLE" or tok.text in _TRF_TITLES:
                info["title"] = tok.text
            elif tok.kind == "INT" and info["sno"] is None:
                info["sno"] = tok
        elif role == "name":
            info["name"] = "" if tok.text == "?" else tok.text
        elif role == "title":
            info["title"] = tok.text
        elif role == "rating":
            m = re.match(r"\d{1,4}(?!\d)", tok.text)
            info["rating"] = int(m.group()) if m and int(m.group()) > 0 else None
        elif role == "fed":
            info["fed"] = tok.text
        elif role in ("sno",):
            info["sno"] = tok if tok.kind == "INT" else None
        elif role in ("points", "tb", "rank"):
            info["declared"].append((code, label, tok))

    def tail(self, sr: int, toks: list[Tok], roles_after: list[tuple[str, str, str]], player: Player,
             has_header: bool) -> None:
        if has_header and roles_after:
            for (role, code, label, _), tok in zip(roles_after, toks):
                if role in ("points", "tb", "rank"):
                    self.declare(sr, code, label, tok, player)
            return
        numbers = [t for t in toks if parse_number(t.text) is not None]
        for j, tok in enumerate(numbers):
            code = "PTS" if j == 0 else f"TB{j}"
            self.declare(sr, code, "Pts" if j == 0 else code, tok, player)

    # -- round-robin grids --------------------------------------------------------------------
    def read_grid(self, head: HeadRow, rows: list[Row]) -> None:
        t = self.t
        n = len(head.run) if head.kind == "numbers" and head.run else len(rows)
        if too_sparse(n, n, n * len(rows)):
            self.add("CTB100", f"the header numbers {n} columns but only {len(rows)} row(s) follow: not a "
                     "round-robin grid", head.line or rows[0].line, head.run[-1].col if head.run else 1,
                     "a grid has one row per numbered column")
            return
        if head.kind == "numbers" and n != len(rows):
            self.add("CTB105", f"the header numbers {n} columns but the table has {len(rows)} rows",
                     head.line, head.run[-1].col if head.run else 1)
        best = None
        for double in (False, True):
            attempt = self._grid_rows(head, rows, n, double)
            bad = sum(len(a[3]) for a in attempt) + 3 * sum(1 for a in attempt if a[1] is None)
            if best is None or bad < best[0]:
                best = (bad, double, attempt)
            if bad == 0:
                break
        _, double, parsed = best
        before, after = self.roles(head)
        has_header = head.kind == "numbers"
        ids = [_int(r.ident) if r.ident is not None else None for r in rows]
        use_ids = sorted(i for i in ids if i is not None) == list(range(1, len(rows) + 1)) and len(rows) == n
        if not use_ids and any(i is not None for i in ids) and rows:
            self.add("CTB105", "the row numbers are not 1.." + str(len(rows)) + "; rows are numbered in order",
                     rows[0].line, rows[0].ident.col if rows[0].ident else 1)
        grid: dict[int, dict[int, tuple[tuple[str, ...] | None, Tok]]] = {}
        players: dict[int, Player] = {}
        for row, (row_ok, s, cells, bad_cells) in zip(rows, parsed):
            sr = ids[row.ordinal - 1] if use_ids else row.ordinal
            if sr in players or sr > n:
                if sr > n:
                    self.add("CTB105", f"row {sr} is beyond the {n} numbered columns; it is not read", row.line,
                             row.ident.col if row.ident else 1)
                continue
            player = Player(sr, line=row.line)
            players[sr] = player
            if s is None:
                self.add("CTB102", f"row {sr}: the {n} grid cells with the diagonal in place {sr} were not found",
                         row.line, row.ident.col if row.ident else 1,
                         f"a grid row has the number, the name, {n} cells (one of them X on the diagonal) "
                         "and the declared columns", " ".join(x.text for x in row.toks)[:80])
                player.name = " ".join(x.text for x in row.toks if x.kind in ("WORD", "NAME", "FED"))
                continue
            info = self.prefix(row.toks[:s], before, row.sep is not None, has_header)
            player.name, player.title, player.rating, player.federation = (
                info["name"], info["title"], info["rating"], info["fed"])
            label_of_ident = before[0] if before else None
            if row.ident is not None and label_of_ident and label_of_ident[0] == "rank":
                self.declare(sr, "RANK", label_of_ident[2], row.ident, player)
            for code, label, tok in info["declared"]:
                self.declare(sr, code, label, tok, player)
            self.tail(sr, row.toks[s + n:], after, player, has_header)
            grid[sr] = {}
            for j, tok in enumerate(cells, 1):
                if j == sr:
                    continue
                grid[sr][j] = (rr_cell(tok.text, double), tok)
        for sr in range(1, n + 1):
            if sr not in players:
                players[sr] = Player(sr, name=f"(player {sr})")
                self.add("CTB105", f"no row for player {sr}; their games are taken from the other rows",
                         head.line or None, None)
                grid[sr] = {}
        t.players = [players[k] for k in sorted(players)]
        codes = self._resolve_grid(grid, n, double)
        self._schedule(codes, n, double)
        t.header.system = "CUSTOM_ROUNDROBIN"
        t.source.dialect = "double round-robin grid" if double else "round-robin grid"
        sched = ("Berger-table rounds" if self.rr_rounds == "berger" else
                 "one round per opponent in start-rank order")
        self.add("CTB106", f"read a {'double ' if double else ''}round-robin grid of {n} players; "
                 f"{t.rounds} rounds by {sched}" + (", one round off per player" if n % 2 and
                                                    self.rr_rounds == "berger" else "")
                 + "; colours are not known", head.line or rows[0].line, 1)

    def _grid_rows(self, head: HeadRow, rows: list[Row], n: int, double: bool):
        """For each row: (ok, start index of the cells, the n cell tokens, unreadable tokens)."""
        k = len(head.suffix) if head.kind == "numbers" else None
        out = []
        ids = [_int(r.ident) if r.ident is not None else None for r in rows]
        valid_ids = sorted(i for i in ids if i is not None) == list(range(1, len(rows) + 1))
        for row in rows:
            g = ids[row.ordinal - 1] if valid_ids else row.ordinal
            toks = row.toks
            best = None
            if not 1 <= g <= n:
                out.append((False, None, [], []))
                continue
            # per item once (not per window): results before each position, numbers from it to the end
            results = [0]
            for x in toks:
                results.append(results[-1] + (rr_cell(x.text, double) is not None))
            numeric_tail = [True] * (len(toks) + 1)
            for j in range(len(toks) - 1, -1, -1):
                numeric_tail[j] = numeric_tail[j + 1] and (toks[j].kind == "EMPTY" or
                                                           parse_number(toks[j].text) is not None)
            for s in range(1, len(toks) - n + 1):
                d = s + g - 1
                if not is_diagonal(toks[d].text):
                    continue
                score = results[s + n] - results[s] - (results[d + 1] - results[d])
                tail = len(toks) - (s + n)
                key = (score, k is not None and tail == k, numeric_tail[s + n], s)
                if best is None or key > best[0]:
                    best = (key, s)
            if best is None and k is not None and len(toks) - k - n >= 1:
                s = len(toks) - k - n
            elif best is None or best[0][0] < (n - 1) - max(2, (n - 1) // 3):
                out.append((False, None, [], []))
                continue
            else:
                s = best[1]
            cells = toks[s:s + n]
            bad = [x for j, x in enumerate(cells, 1) if j != g and rr_cell(x.text, double) is None]
            if not is_diagonal(cells[g - 1].text):
                bad.append(cells[g - 1])
            out.append((True, s, cells, bad))
        return out

    def _resolve_grid(self, grid, n: int, double: bool) -> dict[tuple[int, int], tuple[str, ...]]:
        """Codes per ordered pair, unreadable cells filled from the opponent's cell."""
        width = 2 if double else 1
        codes: dict[tuple[int, int], tuple[str, ...]] = {}
        reported: set[tuple[int, int]] = set()
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                if i == j:
                    continue
                mine = grid.get(i, {}).get(j)
                theirs = grid.get(j, {}).get(i)
                if mine is not None and mine[0] is not None:
                    codes[(i, j)] = mine[0]
                    if theirs is not None and theirs[0] is not None and (j, i) not in reported:
                        want = tuple(MIRROR[c] for c in mine[0])
                        if theirs[0] != want:
                            reported.add((i, j))
                            self.add("CTB103", f"players {i} and {j}: cell {mine[1].text!r} (line {mine[1].line}, "
                                     f"column {mine[1].col}) and cell {theirs[1].text!r} (line {theirs[1].line}, "
                                     f"column {theirs[1].col}) do not describe the same game",
                                     mine[1].line, mine[1].col, "one of the two cells is wrong; each is kept as "
                                     "written", f"{mine[1].text} / {theirs[1].text}")
                    continue
                if theirs is not None and theirs[0] is not None:
                    codes[(i, j)] = tuple(MIRROR[c] for c in theirs[0])
                    if mine is not None:
                        shown = " ".join("½" if c == "=" else c for c in codes[(i, j)])
                        self.add("CTB101", f"player {i} against {j}: cell {mine[1].text!r} is not a result; "
                                 f"read as {shown!r} from the cell of player {j}", mine[1].line, mine[1].col,
                                 "round-robin cells are 1 0 ½ 1/2 0.5 = + - (X on the diagonal)", mine[1].text)
                    continue
                codes[(i, j)] = (" ",) * width
                if mine is not None:
                    self.add("CTB101", f"player {i} against {j}: cell {mine[1].text!r} is not a result "
                             "(nor is the opponent's cell); read as not played", mine[1].line, mine[1].col,
                             "round-robin cells are 1 0 ½ 1/2 0.5 = + - (X on the diagonal)", mine[1].text)
        return codes

    def _schedule(self, codes, n: int, double: bool) -> None:
        t = self.t
        cycles = 2 if double else 1
        if self.rr_rounds == "order":
            per = n - 1
            for p in t.players:
                opps = [j for j in range(1, n + 1) if j != p.start_rank]
                games = []
                for c in range(cycles):
                    for k, j in enumerate(opps, 1):
                        code = codes[(p.start_rank, j)][c]
                        games.append(_game(c * per + k, j, code))
                p.games = games
            t.rounds = per * cycles
            return
        table = berger(n)
        per = len(table)
        opponent: dict[tuple[int, int], int | None] = {}
        for r, pairs in enumerate(table, 1):
            for a, b in pairs:
                opponent[(r, a)] = b if b <= n else None
                if a <= n:
                    opponent[(r, b)] = a if b <= n else None
        for p in t.players:
            games = []
            for c in range(cycles):
                for r in range(1, per + 1):
                    j = opponent.get((r, p.start_rank))
                    if j is None:
                        games.append(Game(c * per + r, None, None, " ", Kind.NOT_SCHEDULED))
                    else:
                        games.append(_game(c * per + r, j, codes[(p.start_rank, j)][c]))
            p.games = games
        t.rounds = per * cycles

    # -- Swiss tables -------------------------------------------------------------------------
    def read_swiss(self, head: HeadRow, rows: list[Row]) -> None:
        t = self.t
        before, after = self.roles(head)
        has_header = head.kind in ("numbers", "rounds")
        if has_header:
            rounds = len(head.run)
        else:
            counts = Counter(sum(1 for x in r.toks if x.kind in _STRONG_SWISS or x.kind in _WEAK_SWISS)
                             for r in rows)
            rounds = max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0] if counts else 0
        k = len(head.suffix) if has_header else None
        parsed = []
        for row in rows:
            toks = row.toks
            best = None
            weights = [0]  # cell weights before each position: a window's score in one subtraction
            for x in toks:
                weights.append(weights[-1] + (2 if x.kind in _STRONG_SWISS else 1 if x.kind in _WEAK_SWISS else 0))
            for s in range(1, max(1, len(toks) - rounds + 1)):
                if s + rounds > len(toks):
                    break
                score = weights[s + rounds] - weights[s]
                tail = len(toks) - (s + rounds)
                key = (score, k is not None and tail == k, -s)
                if best is None or key > best[0]:
                    best = (key, s)
            if best is None or rounds == 0 or best[0][0] < rounds // 2:
                parsed.append(None)
            else:
                parsed.append(best[1])
        located = sum(1 for s in parsed if s is not None)
        if too_sparse(len(rows), rounds, rounds * located):
            self.add("CTB100", f"the table has {rounds} rounds but its {len(rows)} row(s) hold the cells of "
                     f"only {located}: not a Swiss crosstable",
                     head.line or rows[0].line, 1, "a Swiss row has one cell per round")
            return
        # identities: the first number, or a start-number column
        ident_role = before[0][0] if before else ("sno" if not has_header else "")
        raw_players = []
        for row, s in zip(rows, parsed):
            ident = _int(row.ident) if row.ident is not None else None
            if s is None:
                self.add("CTB102", f"row {ident}: its {rounds} round cells were not found", row.line,
                         row.ident.col if row.ident else 1,
                         "a Swiss row has the number, the name, one cell per round (12w1, W12, +W12, HPB ...) "
                         "and the declared columns", " ".join(x.text for x in row.toks)[:80])
                info = {"name": " ".join(x.text for x in row.toks if x.kind in ("WORD", "NAME")), "title": "",
                        "rating": None, "fed": "", "sno": None, "declared": []}
                raw_players.append((row, ident, info, []))
                continue
            info = self.prefix(row.toks[:s], before, row.sep is not None, has_header)
            cells = []
            for r, tok in enumerate(row.toks[s:s + rounds], 1):
                cell = swiss_cell(tok)
                if cell is None:
                    self.add("CTB101", f"row {ident}, round {r}: {tok.text!r} is not a Swiss cell", tok.line,
                             tok.col, "write 12w1 / 3b½ (chess-results), W12 L5 D3 (US Chess), +W12 =B5 -B3 "
                             "(FIDE), HPB PAB FPB ZPB for byes", tok.text)
                    cell = (None, None, " ")
                cells.append(cell)
            if row.cont is not None:
                self._continuation(row, s, rounds, cells, info)
            info["tail"] = row.toks[s + rounds:]
            raw_players.append((row, ident, info, cells))
        # which numbering do the opponents use: the row number or a start-number column?
        snos = [info["sno"] and int(info["sno"].text) for _, _, info, _ in raw_players]
        idents = [ident for _, ident, _, _ in raw_players]
        numbering = idents
        if all(snos) and len(set(snos)) == len(snos):
            if self._reciprocity(snos, raw_players) > self._reciprocity(idents, raw_players):
                numbering = snos
        if any(i is None or i < 1 for i in numbering) or len(set(numbering)) != len(numbering):
            self.add("CTB105", "row numbers are missing, repeated or 0; rows are numbered in order",
                     rows[0].line, 1)
            numbering = list(range(1, len(rows) + 1))
        start_ranks = snos if (all(snos) and len(set(snos)) == len(snos)) else numbering
        to_sr = dict(zip(numbering, start_ranks))
        t.rounds = rounds
        players = []
        for (row, ident, info, cells), sr in zip(raw_players, start_ranks):
            p = Player(sr, name=info["name"], title=info["title"], rating=info["rating"], federation=info["fed"],
                       line=row.line)
            if ident_role == "rank" and row.ident is not None:
                self.declare(sr, "RANK", before[0][2], row.ident, p)
            for code, label, tok in info["declared"]:
                self.declare(sr, code, label, tok, p)
            if "tail" in info:
                self.tail(sr, info["tail"], after, p, has_header)
            games = []
            for r, (opp, colour, code) in enumerate(cells, 1):
                if opp is not None:
                    if opp not in to_sr:
                        tok = row.toks[(parsed[row.ordinal - 1] or 0) + r - 1]
                        self.add("CTB107", f"row {ident}, round {r}: opponent {opp} is no row of this table",
                                 tok.line, tok.col, "opponent numbers refer to the row numbers", tok.text)
                        games.append(Game(r, opp, colour, code, KIND_OF[code]))
                        continue
                    opp = to_sr[opp]
                games.append(Game(r, opp, colour, code, KIND_OF[code]))
            p.games = games
            p.pad(rounds)
            players.append(p)
        t.players = sorted(players, key=lambda p: p.start_rank)
        t.source.dialect = "swiss crosstable"
        self.add("CTB106", f"read a Swiss crosstable of {len(players)} players and {rounds} rounds",
                 head.line or rows[0].line, 1)

    def _continuation(self, row: Row, s: int, rounds: int, cells: list, info: dict) -> None:
        """A second line under a row (US Chess): colours under the rounds, 'ID / R: 1794 ->1817'."""
        cont = row.cont or []
        for r in range(rounds):
            j = s + 1 + r  # the continuation line keeps the first column, the row's cells do not
            if j < len(cont):
                letter = cont[j].text.strip().upper()[:1]
                if letter in ("W", "B") and cells[r][0] is not None:
                    opp, _, code = cells[r]
                    cells[r] = (opp, letter.lower(), code)
        text = " ".join(c.text for c in cont)
        m = re.search(r"R:\s*(\d{3,4})", text)
        if m and info.get("rating") is None:
            info["rating"] = int(m.group(1))
        if not info.get("title") and cont and cont[0].kind == "TITLE":
            info["title"] = cont[0].text

    @staticmethod
    def _reciprocity(numbers: list, raw_players) -> int:
        """How well the cells agree when opponent numbers are read as ``numbers``: the opponent's
        cell names this row back, with the other colour and the mirrored result."""
        cell_of = {num: cells for num, (_, _, _, cells) in zip(numbers, raw_players)}
        good = 0
        for num, (_, _, _, cells) in zip(numbers, raw_players):
            for r, (opp, colour, code) in enumerate(cells):
                if opp is None or opp not in cell_of:
                    continue
                other = cell_of[opp]
                if r < len(other) and other[r][0] == num:
                    good += 1
                    if colour and other[r][1] and colour != other[r][1]:
                        good += 1
                    if MIRROR.get(code) == other[r][2]:
                        good += 1
        return good


def _game(rnd: int, opponent: int, code: str) -> Game:
    if code == " ":
        return Game.absent(rnd)
    return Game(rnd, opponent, None, code, KIND_OF[code])


def berger(n: int) -> list[list[tuple[int, int]]]:
    """Berger tables (FIDE C.05 Annex 1): per round the pairs (White, Black) of players 1..n.

    With an odd ``n`` a dummy player ``n + 1`` is added; pairing with it means a round off.
    """
    if n < 2:
        return []
    m = n if n % 2 == 0 else n + 1
    rounds = []
    for r in range(1, m):
        p = ((r - 1) * (m // 2)) % (m - 1) + 1
        pairs = [(p, m) if r % 2 else (m, p)]
        for i in range(1, m // 2):
            white = (p + i - 1) % (m - 1) + 1
            black = (p - i - 1) % (m - 1) + 1
            pairs.append((white, black))
        rounds.append(pairs)
    return rounds


def read(text: str, *, path: str | None = None, rr_rounds: str = "berger") -> Tournament:
    """Read a crosstable; problems become findings on the result (never an exception).

    ``rr_rounds`` places round-robin games into rounds: ``"berger"`` (Berger tables, the default)
    or ``"order"`` (a player's k-th opponent by start rank in round k).
    """
    if not isinstance(text, str):
        text = bytes(text).decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_TEXT:
        t = Tournament(source=Source(path=path, format="crosstable"))
        t.findings.append(Finding("CTB100", "error", f"{len(text) // 1024} KiB of text is far more than a "
                                  f"crosstable; only texts up to {MAX_TEXT // 1024} KiB are read as one", 1, 1,
                                  "give the table alone, or the file's format with --from"))
        return t
    reader = _Reader(text, path, rr_rounds if rr_rounds in ("berger", "order") else "berger")
    try:
        return reader.run()
    except Exception as exc:  # pragma: no cover - a reader bug must not become a traceback
        reader.add("CTB100", f"the table could not be read: internal error {type(exc).__name__}: {exc}", 1, 1,
                   "please report this input to the trfscore authors")
        return reader.t


def sniff(text: str) -> bool:
    """True when ``text`` holds something this module reads as a crosstable."""
    reader = _Reader(text[:200_000], None, "berger")
    found = reader.locate(reader.lines())
    if found is None:
        return False
    head, rows, _ = found
    if reader.is_swiss(head, rows):
        return True
    return any(x.kind == "DIAG" or is_diagonal(x.text) for r in rows for x in r.toks)
