"""Header and extension records of a TRF: 012-362, JaVaFo XX*, bbpPairings BB*.

Each record's value starts at column 5 (TRF16/TRF26 §2).  Records whose content does not fit
their TRF26 meaning (Vega reuses 142/152/162/192) are reported and not interpreted.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction

from ...findings import Finding, finding
from ...model import Header, Record, Scoring, Tournament
from ..dates import is_standard, parse_date
from ..limits import MAX_SCORE, parse_score
from . import rules as _rules  # noqa: F401  (declares the ids reported here)
from .layout import BY_CODE, RECORDS, Field, on_grid
from .layout import Record as LayoutRecord

# From the record description (layout.py): records that may appear once, and the column where
# the value of a header record starts.
SINGLE_VALUED = frozenset(r.code for r in RECORDS if r.once)
VALUE = BY_CODE["012"].field("value").first
_GRID_162 = BY_CODE["162"]
_GRID_362 = BY_CODE["362"]
SCORE_SYMBOLS = frozenset("WDLAPXZ")
TEAM_SYMBOLS = frozenset({"TW", "TD", "TL"})
# The patterns of records most files lack (362, 202/212, 122/222) are compiled by re when first
# used (and then taken from its cache): compiling them costs more than reading a small file.
_TEAM_PAIR = r"(T[WDL])\s*(\d+(?:\.\d*)?)"
_SCORE_PAIR = r"([A-Z])\s*([^\sA-Z]*)"  # an off-grid 162: a symbol letter and the value after it
XXS_CODES = frozenset({"WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL"})
BB_CODES = {"BBW": ("W",), "BBD": ("D",), "BBL": ("L",), "BBZ": ("A",), "BBF": ("FL",), "BBU": ("P",)}
TIEBREAK = r"^[A-Z][A-Za-z0-9_]*(?::(?:MP|GP))?(?:/[A-Z][0-9]*)*$"
TIME_PERIOD = r"(?:\d+/\d+(?:\+\d+)?|\d+(?:\+\d+)?)"
TIME_CONTROL = rf"^(?:{TIME_PERIOD}(?::{TIME_PERIOD})*|W{TIME_PERIOD}(?::{TIME_PERIOD})*-B{TIME_PERIOD}(?::{TIME_PERIOD})*)$"
ETT_PREFIXES = ("FIDE_", "BERGER_", "CUSTOM_")

Add = Callable[[Finding], None]


def _find(add: Add, rule: str, rec: Record, column: int, message: str, hint: str = "",
          text: str = "", lesser: bool = False) -> None:
    add(finding(rule, message, rec.line, column, hint, text, lesser=lesser))


def value_of(rec: Record) -> str:
    """The value of a header record: column 5 to the end, without trailing blanks."""
    return rec.text[4:].rstrip()


def read_header(rec: Record, t: Tournament, seen: dict[str, int], add: Add) -> None:
    """Apply one xx2 header record to ``t.header``: the Header attribute its description names
    (``attr``) gets the value read the way the field's type says (:data:`_BY_TYPE`); records
    whose value is more than one attribute have a reader of their own (:data:`_BY_CODE`)."""
    code = rec.code
    if code in SINGLE_VALUED:
        if code in seen:
            _find(add, "TRF212", rec, 1, f"record {code} appears again (first on line {seen[code]})",
                  "keep one record of this kind", rec.text[:40])
            return
        seen[code] = rec.line
    record = BY_CODE[code]
    own = _BY_CODE.get(code)
    if own is not None:
        own(rec, t, add)
        return
    field = record.fields[0]
    _BY_TYPE["list" if field.step else field.type](rec, field, record.attr, t.header, add)
    for check in _CHECKS.get(code, ()):
        check(rec, add)


def _text(rec: Record, field: Field, attr: str, h: Header, add: Add) -> None:
    value = value_of(rec).strip()
    current = getattr(h, attr)
    if isinstance(current, list):  # a record that may repeat (112): one item each
        current.append(value)
    else:
        setattr(h, attr, value)


def _number(rec: Record, field: Field, attr: str, h: Header, add: Add) -> None:
    text = value_of(rec).strip()
    if text.isdecimal():
        setattr(h, attr, int(text))
    elif text:
        _find(add, "TRF213", rec, VALUE, f"record {rec.code} should hold a number, not {text!r}", "", text)


def _date(rec: Record, field: Field, attr: str, h: Header, add: Add) -> None:
    """A date as written, and parsed (``attr`` and ``attr_iso``)."""
    text = value_of(rec).strip()
    iso = parse_date(text)
    setattr(h, attr, text)
    setattr(h, attr + "_iso", iso)
    if text and iso is None:
        _find(add, "TRF202", rec, VALUE, f"date {text!r} does not parse", "write YYYY/MM/DD", text)
    elif text and not is_standard(text):
        _find(add, "TRF202", rec, VALUE, f"date {text!r} is not in the TRF26 form YYYY/MM/DD",
              f"write {iso.replace('-', '/')}" if iso else "write YYYY/MM/DD", text)


def _codes(rec: Record, field: Field, attr: str, h: Header, add: Add) -> None:
    """A comma-separated list of tie-break codes (TRF-2026: ``ACRONYM[:MP|:GP][/modifier...]``)."""
    codes = [c.strip() for c in value_of(rec).split(",") if c.strip()]
    bad = [c for c in codes if not re.match(TIEBREAK, c)]
    if bad:
        _find(add, "TRF209", rec, VALUE, f"tie-break code(s) {', '.join(bad)} do not parse",
              "write ACRONYM[:MP|:GP][/modifier...], separated by commas", ",".join(bad))
    setattr(h, attr, codes)


def _list(rec: Record, field: Field, attr: str, h: Header, add: Add) -> None:
    """A field repeated every ``step`` columns (132: round r's date above round r's cells); a line
    that stops before the field's first column is read as values separated by blanks."""
    text = rec.text
    if len(text) <= field.start:
        setattr(h, attr, value_of(rec).split())
        return
    end = len(text.rstrip())
    setattr(h, attr, [text[field.cell(i)].strip() for i in range((end - field.start + field.step - 1) // field.step)])


_BY_TYPE: dict[str, Callable[[Record, Field, str, Header, Add], None]] = {
    "text": _text, "char": _text, "int": _number, "date": _date, "codes": _codes, "list": _list}


def _name_given(rec: Record, add: Add) -> None:
    if not value_of(rec).strip():
        _find(add, "TRF201", rec, VALUE, "tournament name is empty", "write the event's name from column 5")


def _ett_code(rec: Record, add: Add) -> None:
    value = value_of(rec).strip()
    if value and not value.startswith(ETT_PREFIXES):
        _find(add, "TRF208", rec, VALUE, f"tournament type {value!r} is not an ETT26 code",
              "use a code such as FIDE_DUTCH_2026 or FIDE_ROUNDROBIN", value)


def _time_control(rec: Record, add: Add) -> None:
    value = value_of(rec).strip()
    if value and not re.match(TIME_CONTROL, value):
        _find(add, "TRF210", rec, VALUE, f"encoded time control {value!r} does not parse",
              "write periods such as 40/6000+30:900+30 or 5400+30", value)


#: What a header value must look like beyond its type (rules TRF201, TRF208, TRF210).
_CHECKS: dict[str, tuple[Callable[[Record, Add], None], ...]] = {
    "012": (_name_given,), "192": (_ett_code,), "222": (_time_control,)}


def grid(record: LayoutRecord, text: str) -> Iterator[tuple[int, str, str]]:
    """(1-based column, symbol, points text) of each filled symbol cell of a scoring record (162,
    362), on the columns of its description."""
    symbol, points = record.field("symbol"), record.field("points")
    end = len(text.rstrip())
    i = 0
    while symbol.cell(i).start < end:
        cell = text[symbol.cell(i)].strip()
        if cell:
            yield symbol.cell(i).start + 1, cell, text[points.cell(i)].strip()
        i += 1


def _initial_colour(rec: Record, t: Tournament, add: Add) -> None:
    value = value_of(rec)
    colour = value.strip()
    if colour in ("W", "B", "w", "b"):
        t.header.initial_colour = colour.lower()
        if value != colour:
            _find(add, "TRF206", rec, 6, "trailing characters after the initial colour",
                  "write exactly '152 W' or '152 B'", value, lesser=True)
    else:
        _find(add, "TRF211", rec, VALUE, f"152 should be W or B, not {colour!r}",
              "Vega writes the current round here; such a record is not interpreted", colour)


def _team_scoring(rec: Record, t: Tournament, add: Add) -> None:
    """362: TW, TD, TL and their points on the columns of the description; a line that does not
    keep those columns (``362 TW3 TD1``) is read as symbol-points pairs."""
    pairs = [(column + 2, symbol, number) for column, symbol, number in grid(_GRID_362, rec.text)]
    if not (pairs and on_grid(_GRID_362, rec.text) and all(s in TEAM_SYMBOLS and n for _, s, n in pairs)):
        pairs = [(m.start(2) + 1, m.group(1), m.group(2)) for m in re.compile(_TEAM_PAIR).finditer(rec.text, 3)]
    for column, symbol, number in pairs:
        try:
            t.header.team_scoring[symbol] = parse_score(number.rstrip("."))
        except ValueError:
            _find(add, "TRF207", rec, column, f"362 value {number!r} is not a number of at most {MAX_SCORE:,}",
                  "e.g. 362 TW 2.0 TD 1.0 TL 0.0", number)


def _rounds_record(rec: Record, t: Tournament, add: Add) -> None:
    _rounds(rec, value_of(rec).strip(), t, add)


def _rounds(rec: Record, text: str, t: Tournament, add: Add) -> None:
    if text.isdecimal() and int(text) > 0:
        n = int(text)
        if t.header.rounds_declared is not None and t.header.rounds_declared != n:
            _find(add, "TRF205", rec, VALUE, f"{rec.code} says {n} rounds but an earlier record says "
                  f"{t.header.rounds_declared}", "make 142 and XXR agree", text)
        else:
            t.header.rounds_declared = n
    else:
        _find(add, "TRF211" if rec.code == "142" else "TRF205", rec, VALUE,
              f"{rec.code} should be a positive number of rounds, not {text!r}",
              "Vega writes point values here; such a record is not interpreted", text)


def _scoring_162(rec: Record, t: Tournament, add: Add) -> None:
    """162: the scoring grid on the columns of its description (TRF26 §2.1)."""
    text = rec.text.rstrip()
    values: dict[str, Fraction] = {}
    first = _GRID_162.field("symbol")
    if len(text) <= first.start or not text[first.start].isalpha():
        _find(add, "TRF211", rec, VALUE, "162 does not hold a scoring grid (symbol at column 6, value at 7-10)",
              "Vega writes the number of rounds here; such a record is not interpreted", value_of(rec))
        return
    cells = list(grid(_GRID_162, text))
    read = sum(len((symbol + number).replace(" ", "")) for _, symbol, number in cells)
    if not on_grid(_GRID_162, text) or read != len(text[4:].replace(" ", "")):
        # symbols or values off the described columns (or a value under no symbol) would be
        # dropped by the grid: read the line as symbol-value pairs (as 362 is read) and say so
        cells = [(m.start(1) + 5, m.group(1), m.group(2)) for m in re.finditer(_SCORE_PAIR, text[4:])]  # 1-based
        _find(add, "TRF207", rec, VALUE, "162 does not keep its columns (symbols at 6, 15, 24 ..., each value in "
              "the four columns after its symbol); read as symbol-value pairs", "e.g. 162  W 3.0    D 1.0    L 0.0",
              value_of(rec), lesser=True)
    for column, symbol, number in cells:
        if symbol not in SCORE_SYMBOLS:
            _find(add, "TRF207", rec, column, f"unknown scoring symbol {symbol!r}", "symbols are W D L A P X", symbol)
            continue
        try:
            values["A" if symbol == "Z" else symbol] = parse_score(number)
        except ValueError:
            _find(add, "TRF207", rec, column + 1, f"scoring value {number!r} is not a number",
                  "write values such as 1.0 in the four columns after the symbol", number)
        if symbol == "Z":
            _find(add, "TRF207", rec, column, "absence symbol written 'Z' (TRF26 says 'A')", "write A", symbol,
                  lesser=True)
    _apply_scoring(t, values, {}, "162")


def _apply_scoring(t: Tournament, values: dict[str, Fraction], detail: dict[str, Fraction], source: str) -> None:
    s: Scoring = t.scoring
    s.values.update(values)
    if "W" in values and "P" not in values and source != "XXS":
        s.values["P"] = values["W"]
    if "D" in values and "X" not in values:
        s.values["X"] = values["D"]
    s.detail.update(detail)
    s.source = source if s.source == "default" else s.source


def read_javafo(rec: Record, t: Tournament, add: Add) -> None:
    """JaVaFo TRF(x) lines (AUM): XXR, XXC, XXS (XXA/XXP/XXZ are typed records: :mod:`.records`)."""
    code = rec.code
    value = value_of(rec)
    if code == "XXR":
        _rounds_record(rec, t, add)
    elif code == "XXC":
        for token in value.split():
            low = token.lower()
            if low in ("white1", "black1"):
                colour = low[0]
                if t.header.initial_colour not in (None, colour):
                    _find(add, "TRF206", rec, VALUE, "XXC and 152 name different initial colours",
                          "make them agree", token)
                t.header.initial_colour = colour
            elif low != "rank":
                _find(add, "TRF701", rec, VALUE, f"unknown XXC token {token!r}", "tokens: rank white1 black1", token)
            t.header.xxc.append(token)
    elif code == "XXS":
        detail: dict[str, Fraction] = {}
        values: dict[str, Fraction] = {}
        for token in value.split():
            key, _, number = token.partition("=")
            key = key.upper()
            try:
                amount = parse_score(number)
            except ValueError:
                _find(add, "TRF207", rec, VALUE, f"XXS value {token!r} is not CODE=number (a number of at most "
                      f"{MAX_SCORE:,})", "e.g. XXS W=3 D=1", token)
                continue
            if key == "W":
                values["W"] = amount
                detail.update({"WW": amount, "BW": amount, "FW": amount, "FPB": amount})
            elif key == "D":
                values["D"] = amount
                detail.update({"WD": amount, "BD": amount, "HPB": amount})
            elif key in XXS_CODES:
                detail[key] = amount
            else:
                _find(add, "TRF207", rec, VALUE, f"unknown XXS code {key!r}", "codes: " + " ".join(sorted(XXS_CODES)), token)
        _apply_scoring(t, values, detail, "XXS")


def read_bbp(rec: Record, t: Tournament, add: Add) -> None:
    """bbpPairings TRF(bx) scoring lines: value in columns 5-12."""
    text = rec.text[BY_CODE[rec.code].field("points").cut].strip()
    try:
        amount = parse_score(text)
    except ValueError:
        _find(add, "TRF207", rec, VALUE, f"{rec.code} value {text!r} is not a number", "e.g. BBW  3.0", text)
        return
    key = BB_CODES[rec.code][0]
    if key == "FL":
        _apply_scoring(t, {}, {"FL": amount}, "BB")
    else:
        _apply_scoring(t, {key: amount}, {}, "BB")


#: Header records whose value is more than one Header attribute read as its type says.
_BY_CODE: dict[str, Callable[[Record, Tournament, Add], None]] = {
    "142": _rounds_record, "152": _initial_colour, "162": _scoring_162, "362": _team_scoring}
