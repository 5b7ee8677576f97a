"""Header and extension records of a TRF: 012-362, JaVaFo XX*, bbpPairings BB*.

Each record's value starts at column 5 (TRF16/TRF26 §2).  Records whose content does not fit
their TRF26 meaning (Vega reuses 142/152/162/192) are reported and not interpreted.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from ...findings import Finding, finding
from ...model import Header, Record, Scoring, Tournament
from ..dates import is_standard, parse_date
from ..limits import MAX_SCORE, parse_score
from . import rules as _rules  # noqa: F401  (declares the ids reported here)
from .layout import BY_CODE, RECORDS

# From the record description (layout.py): records that may appear once, and the header
# records whose value is one Header attribute (text or a number); the others are read below.
SINGLE_VALUED = frozenset(r.code for r in RECORDS if r.once)
TEXT_FIELDS = {r.code: r.attr for r in RECORDS if r.attr and r.fields[0].type == "text"}
NUMBER_FIELDS = {r.code: r.attr for r in RECORDS if r.attr and r.fields[0].type == "int"}
_DATES = BY_CODE["132"].field("round_dates")
#: the column where the value of a header record starts
VALUE = BY_CODE["012"].field("value").first
SCORE_SYMBOLS = frozenset("WDLAPXZ")
XXS_CODES = frozenset({"WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL"})
BB_CODES = {"BBW": ("W",), "BBD": ("D",), "BBL": ("L",), "BBZ": ("A",), "BBF": ("FL",), "BBU": ("P",)}
TIEBREAK = re.compile(r"^[A-Z][A-Za-z0-9_]*(?::(?:MP|GP))?(?:/[A-Z][0-9]*)*$")
TIME_PERIOD = r"(?:\d+/\d+(?:\+\d+)?|\d+(?:\+\d+)?)"
TIME_CONTROL = re.compile(rf"^(?:{TIME_PERIOD}(?::{TIME_PERIOD})*|W{TIME_PERIOD}(?::{TIME_PERIOD})*-B{TIME_PERIOD}(?::{TIME_PERIOD})*)$")
ETT_PREFIXES = ("FIDE_", "BERGER_", "CUSTOM_")

Add = Callable[[Finding], None]


def _find(add: Add, rule: str, rec: Record, column: int, message: str, hint: str = "",
          text: str = "", lesser: bool = False) -> None:
    add(finding(rule, message, rec.line, column, hint, text, lesser=lesser))


def value_of(rec: Record) -> str:
    """The value of a header record: column 5 to the end, without trailing blanks."""
    return rec.text[4:].rstrip()


def read_header(rec: Record, t: Tournament, seen: dict[str, int], add: Add) -> None:
    """Apply one xx2 header record to ``t.header``."""
    code = rec.code
    h: Header = t.header
    value = value_of(rec)
    if code in SINGLE_VALUED:
        if code in seen:
            _find(add, "TRF212", rec, 1, f"record {code} appears again (first on line {seen[code]})",
                  "keep one record of this kind", rec.text[:40])
            return
        seen[code] = rec.line
    if code in TEXT_FIELDS:
        setattr(h, TEXT_FIELDS[code], value.strip())
        if code == "192" and value.strip() and not value.strip().startswith(ETT_PREFIXES):
            _find(add, "TRF208", rec, VALUE, f"tournament type {value.strip()!r} is not an ETT26 code",
                  "use a code such as FIDE_DUTCH_2026 or FIDE_ROUNDROBIN", value.strip())
        if code == "222" and value.strip() and not TIME_CONTROL.match(value.strip()):
            _find(add, "TRF210", rec, VALUE, f"encoded time control {value.strip()!r} does not parse",
                  "write periods such as 40/6000+30:900+30 or 5400+30", value.strip())
        if code == "012" and not value.strip():
            _find(add, "TRF201", rec, VALUE, "tournament name is empty", "write the event's name from column 5")
        return
    if code in NUMBER_FIELDS:
        text = value.strip()
        if text.isdecimal():
            setattr(h, NUMBER_FIELDS[code], int(text))
        elif text:
            _find(add, "TRF213", rec, VALUE, f"record {code} should hold a number, not {text!r}", "", text)
        return
    if code in ("042", "052"):
        text = value.strip()
        iso = parse_date(text)
        if code == "042":
            h.start_date, h.start_date_iso = text, iso
        else:
            h.end_date, h.end_date_iso = text, iso
        if text and iso is None:
            _find(add, "TRF202", rec, VALUE, f"date {text!r} does not parse", "write YYYY/MM/DD", text)
        elif text and not is_standard(text):
            _find(add, "TRF202", rec, VALUE, f"date {text!r} is not in the TRF26 form YYYY/MM/DD",
                  f"write {iso.replace('-', '/')}" if iso else "write YYYY/MM/DD", text)
        return
    if code == "112":
        h.deputy_arbiters.append(value.strip())
        return
    if code == "132":
        h.round_dates = _round_dates(rec)
        return
    if code == "142":
        _rounds(rec, value.strip(), t, add)
        return
    if code == "152":
        colour = value.strip()
        if colour in ("W", "B", "w", "b"):
            h.initial_colour = colour.lower()
            if value != colour:
                _find(add, "TRF206", rec, 6, "trailing characters after the initial colour",
                      "write exactly '152 W' or '152 B'", value, lesser=True)
        else:
            _find(add, "TRF211", rec, VALUE, f"152 should be W or B, not {colour!r}",
                  "Vega writes the current round here; such a record is not interpreted", colour)
        return
    if code == "162":
        _scoring_162(rec, t, add)
        return
    if code in ("202", "212"):
        codes = [c.strip() for c in value.split(",") if c.strip()]
        bad = [c for c in codes if not TIEBREAK.match(c)]
        if bad:
            _find(add, "TRF209", rec, VALUE, f"tie-break code(s) {', '.join(bad)} do not parse",
                  "write ACRONYM[:MP|:GP][/modifier...], separated by commas", ",".join(bad))
        if code == "202":
            h.tiebreaks = codes
        else:
            h.standings_tiebreaks = codes
        return
    if code == "362":
        for m in re.finditer(r"(T[WDL])\s*(\d+(?:\.\d*)?)", value):
            try:
                h.team_scoring[m.group(1)] = parse_score(m.group(2).rstrip("."))
            except ValueError:
                _find(add, "TRF207", rec, VALUE, f"362 value {m.group(2)!r} is out of range (at most {MAX_SCORE:,})",
                      "e.g. 362 TW 2.0 TD 1.0 TL 0.0", m.group(2))


def _round_dates(rec: Record) -> list[str]:
    """132 dates: round r in columns 92+10(r-1) .. 99+10(r-1) (:data:`_DATES`); fall back to
    splitting on blanks."""
    text = rec.text
    if len(text) > _DATES.start:
        dates = []
        base = _DATES.start
        while base < len(text.rstrip()):
            dates.append(text[base:base + _DATES.width].strip())
            base += _DATES.step
        return dates
    return value_of(rec).split()


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
    """162: symbol at column 6, value at 7-10, repeated every 9 columns (TRF26 §2.1)."""
    text = rec.text.rstrip()
    values: dict[str, Fraction] = {}
    pos = 5
    if len(text) <= 5 or not text[5].isalpha():
        _find(add, "TRF211", rec, VALUE, "162 does not hold a scoring grid (symbol at column 6, value at 7-10)",
              "Vega writes the number of rounds here; such a record is not interpreted", value_of(rec))
        return
    while pos < len(text):
        symbol = text[pos:pos + 1]
        number = text[pos + 1:pos + 5].strip()
        if symbol.strip():
            if symbol not in SCORE_SYMBOLS:
                _find(add, "TRF207", rec, pos + 1, f"unknown scoring symbol {symbol!r}",
                      "symbols are W D L A P X", symbol)
            else:
                try:
                    values["A" if symbol == "Z" else symbol] = parse_score(number)
                except ValueError:
                    _find(add, "TRF207", rec, pos + 2, f"scoring value {number!r} is not a number",
                          "write values such as 1.0 in the four columns after the symbol", number)
                if symbol == "Z":
                    _find(add, "TRF207", rec, pos + 1, "absence symbol written 'Z' (TRF26 says 'A')",
                          "write A", symbol, lesser=True)
        pos += 9
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
        _rounds(rec, value.strip(), t, add)
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
    text = rec.text[4:12].strip()
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
