"""Helpers for the validator tests: TRF text built from compact descriptions, and runners.

(A module of its own, not ``conftest``: ``tests/conftest.py`` already has that name.)
"""
from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

import trfscore
from conftest import run_cli
from trfscore.checks import check

CORPUS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "trf"

POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "W": Fraction(1), "D": Fraction(1, 2),
          "L": Fraction(0), "+": Fraction(1), "-": Fraction(0), "H": Fraction(1, 2), "F": Fraction(1),
          "U": Fraction(1), "Z": Fraction(0), " ": Fraction(0)}

HEADER = ["012 Test Open", "022 Testville", "032 GER", "042 2026/04/01", "052 2026/04/03",
          "102 Arbiter, Chief"]


def fields(cell: str) -> tuple[str, str, str]:
    """``"7 w 1"`` -> opponent, colour, result; ``"0000 - H"`` a bye; ``"- -"`` colour and result
    without an opponent; ``"7 w"`` a pending cell (paired, no result yet: the result is blank);
    ``""`` a blank cell."""
    parts = cell.split()
    if not parts:
        return "", " ", " "
    if len(parts) == 2 and parts[0].isdigit():  # an opponent and a colour: the result still to come
        return parts[0], parts[1], " "
    if len(parts) == 2:  # colour and result without an opponent
        return "", parts[0], parts[1]
    opp, colour, result = parts
    return opp, colour, result


def block(cell: str) -> str:
    """A cell as :func:`fields` reads it -> a 10-column round block."""
    if not cell.split():
        return " " * 10
    opp, colour, result = fields(cell)
    return f"{opp:>4} {colour} {result}  "


def player_line(sr: int, cells: list[str], *, points=None, rank=None, name=None, rating=1800, fed="GER",
                fide=None, sex="m", birth="1990/01/01", title="") -> str:
    if points is None:
        points = sum((POINTS[fields(c)[2]] for c in cells), Fraction(0))
    pts = points if isinstance(points, str) else f"{float(points):.1f}"
    rank_text = "" if rank is None else str(rank)
    fide_text = str(100000 + sr) if fide is None else fide
    head = (f"001 {sr:>4} {sex:1}{title:>3} {name or f'Player{sr:04d}, Test':<33} {rating or '':>4} {fed:<3} "
            f"{fide_text:>11} {birth:<10} {pts:>4} {rank_text:>4}  ")
    return (head + "".join(block(c) for c in cells)).rstrip()


# A small consistent Swiss: 4 players, 2 rounds.
SWISS = {1: ["2 w 1", "3 b ="], 2: ["1 b 0", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b 0"]}
RANKS = {1: 1, 2: 2, 3: 3, 4: 4}


def trf(rows: dict[int, list[str]] | None = None, *, header: list[str] | None = None, extra: list[str] | None = None,
        ranks: dict[int, int] | None = None, opts: dict[int, dict] | None = None) -> str:
    """TRF text: header lines, one 001 line per row (points computed unless given), extra lines."""
    rows = SWISS if rows is None else rows
    ranks = RANKS if ranks is None else ranks
    opts = opts or {}
    lines = list(HEADER if header is None else header)
    for sr, cells in rows.items():
        kw = {"rank": ranks.get(sr)}
        kw.update(opts.get(sr, {}))
        lines.append(player_line(sr, cells, **kw))
    lines += extra or []
    return "\n".join(lines) + "\n"


def checked(t, profile="basic", **kw) -> list:
    """``check(t, profile)`` that fails the test when a rule crashed (TRF000): a rule that raises
    finds nothing else, so a test asserting that a finding is absent would pass on a crash.
    Every check test goes through here (``test_check_tests_go_through_the_crash_guard``)."""
    found = check(t, profile, **kw)
    crashed = [f.message for f in found if f.rule == "TRF000"]
    assert not crashed, crashed
    return found


def findings(text: str | bytes, profile: str = "basic", **kw):
    return checked(trfscore.loads(text), profile, **kw)


def rules_of(text: str | bytes, profile: str = "basic", **kw) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in findings(text, profile, **kw):
        out.setdefault(f.rule, []).append(f)
    return out


run_main = run_cli


def python() -> str:
    return sys.executable


@pytest.fixture()
def cli(capsys):
    """Run ``trfscore`` in-process: ``code, out, err = cli("check", path)``.  Test modules import
    this fixture by name (there is no conftest here: ``tests/conftest.py`` owns that module name)."""
    return lambda *argv: run_main(capsys, *argv)


def paired(text: str, pairs: list[tuple[int, int]], *, byes: dict[int, str] | None = None) -> str:
    """``text`` (from :func:`trf`) with one more round paired but not played: each (white,
    black) pair gets ``OOOO c`` cells with a blank result, as a pairing program saves a file
    between rounds; ``byes`` pre-marks a bye code (``Z``, ``H``, ``U`` ...) for a start rank."""
    cell = {w: f"{b:>4} w" for w, b in pairs} | {b: f"{w:>4} b" for w, b in pairs}
    cell |= {sr: f"0000 - {code}" for sr, code in (byes or {}).items()}
    rounds = max(len(line) - 91 + 9 for line in text.splitlines() if line.startswith("001")) // 10
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            sr = int(line[4:8])
            line = line.ljust(91 + 10 * rounds) + cell.get(sr, "")
        out.append(line.rstrip())
    return "\n".join(out) + "\n"
