"""Shared inputs for the report tests: bundled samples, generated events, hostile names, the JSON
reference document, and a number reader that knows how each report rounds.

A plain module imported by the test modules (not a conftest, to stay clear of tests/conftest.py).
"""
from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

import trfscore
from trfscore.formats.limits import data_rounds
from trfscore.report import crosstable, json_report
from trfscore.testing.generate import round_robin, swiss

ROOT = Path(__file__).resolve().parents[2]
# every bundled sample trfscore reads (TRF, PGN, crosstable text, JSON), not the READMEs
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*")
                 if p.is_file() and not p.name.startswith(".") and p.suffix.lower() not in (".md", ".rst", ".png"))

HOSTILE_NAMES = [
    "<script>alert(1)</script>",
    '"onmouseover="alert(2)',
    "</script><script>alert(3)</script>",
    "'><img src=x onerror=alert(4)>",
    "Pipe | and \\ backslash",
    "=HYPERLINK(\"http://evil.example\",\"x\")",
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A2)",
    "\tTabbed",
    "Line\u2028sep & <b>bold</b> *star* [x](javascript:alert(5))",
    "O'Brien, Seán",
    "OSC\x1b]0;owned\x07 title\x9b31m",
    "Bidi \u202eevil\u202c name",
]


def shown(text: str) -> str:
    """How every human-readable output shows untrusted ``text`` (the rule of
    :mod:`trfscore.safetext`, restated): line-breaking and spacing controls as a space, other C0
    controls as their control pictures (U+2400 + code, DEL U+2421), C1 and bidirectional
    controls as U+FFFD."""
    text = re.sub(r"[\t\n\x0b\x0c\r\x85\u2028\u2029]", " ", text)
    text = re.sub(r"[\x00-\x1f]", lambda m: chr(0x2400 + ord(m.group())), text).replace("\x7f", "\u2421")
    return re.sub(r"[\x80-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]", "\ufffd", text)


def standings(t, tiebreaks=None):
    """The real standings (system from the file or the pairings)."""
    return t.standings(tiebreaks=list(tiebreaks) if tiebreaks else None, system="auto")


def generated() -> dict[str, trfscore.Tournament]:
    return {
        "swiss-40": swiss(40, 7, seed=11, forfeits=0.05, byes=0.05, withdrawals=0.05),
        "rr-8": round_robin(8, seed=5),
        "rr-7-double": round_robin(7, seed=2, double=True),
    }


@lru_cache(maxsize=1)
def cases() -> dict[str, trfscore.Tournament]:
    """Every bundled sample (when the lead has added them) plus generated events."""
    out = {}
    for p in SAMPLES:
        t = trfscore.load(str(p))
        if t.players:  # a sample that is not a tournament (none yet) is left out, not failed here
            out[p.name] = t
    out.update(generated())
    return out


def hostile() -> trfscore.Tournament:
    t = swiss(len(HOSTILE_NAMES), 4, seed=7)
    for p, name in zip(t.players, HOSTILE_NAMES):
        p.name = name
    t.players[0].federation = "<i>"
    t.players[1].title = '"x'
    t.header.name = "Open </script><script>alert('h')</script> & <b>Co</b>"
    t.header.city = "<img src=x onerror=alert(6)>"
    t.header.chief_arbiter = '"><svg onload=alert(7)>'
    return t


def fake_ratings(t) -> dict:
    """A ``--ratings`` mapping of the documented shape (start rank -> ro, we, w, coefficient, rn, change)."""
    out = {}
    for i, p in enumerate(t.players):
        ro = p.rating or 1500
        change = (-1) ** i * (i % 17)
        out[p.start_rank] = {"ro": ro, "we": round(3.0 + (i % 7) * 0.37, 2), "w": (i % 9) / 2,
                             "coefficient": 20 if i % 3 else 40, "rn": ro + change, "change": change}
    out[t.players[-1].start_rank] = {"ro": None, "we": None, "w": 0, "coefficient": None, "rn": None,
                                     "change": None}
    return out


def reference(t, s, ratings=None) -> dict:
    """What ``--format json`` prints, parsed."""
    return json.loads(json_report.render(t, s, ratings))


def close(shown: str, expected, places: int | None = None) -> bool:
    """Does a printed number equal the JSON value?  Exact unless the JSON value is one JSON
    rounds to 6 decimals (its decimal expansion does not end), which reports round further;
    ``places`` says to how many places (default 2)."""
    if expected is None:
        return shown.strip() in ("", "-")
    if shown.strip() == "":
        return False
    got = Fraction(shown.strip().replace("+", "", 1) if shown.strip().startswith("+") else shown.strip())
    want = Fraction(str(expected))
    if got == want:
        return True
    if len(str(expected).partition(".")[2]) == 6:  # rounded by JSON to 6 places, by the report to fewer
        tolerance = Fraction(1, 2 * 10 ** (places if places is not None else 2)) + Fraction(1, 2 * 10 ** 6)
        return abs(got - want) <= tolerance
    return False


CASE_NAMES = sorted(cases())


@pytest.fixture(params=CASE_NAMES, ids=str)
def case(request):
    """(tournament, standings) for each sample and generated event; import it into a test module."""
    t = cases()[request.param]
    return t, standings(t)


def cell_rows(t, standings) -> list[list[crosstable.Cell]]:
    """The Swiss crosstable made game by game, the reference of the column-wise one: per standings
    row, the :func:`~trfscore.report.crosstable.cell` of each round's ``Game``."""
    number = crosstable.numbers(standings)
    rounds = range(1, data_rounds(t) + 1)
    return [[crosstable.cell(t, row.player.game(r), number) for r in rounds] for row in standings.rows]
