"""The TRF9xx rules (``check --pairings``): a passing and a failing case each, on small files
whose pairings follow from the rules by hand (C.04.3, two rounds of four players)."""
from __future__ import annotations

import importlib.util

import pytest

import trfscore
from trfscore.checks import check

pytestmark = pytest.mark.skipif(importlib.util.find_spec("gacrux") is None,
                                reason="gacrux (the pairings extra) not installed")


def player(sr: int, *cells: str) -> str:
    """A 001 line: start rank ``sr``, rating 2400 - 100 * sr (pairing numbers by rating), cells
    ``"3 w 1"`` or ``"0000 - U"``."""
    head = f"001 {sr:>4}      {'Player ' + str(sr):<33} {2400 - 100 * sr:>4}" + " " * 39  # round 1 at column 92
    return head + "".join(f"{c.split()[0]:>4} {c.split()[1]} {c.split()[2]}  " for c in cells).rstrip()


def event(*players: str, header: tuple[str, ...] = ("192 FIDE_DUTCH",)) -> str:
    return "\n".join(["012 Hand-paired", "042 2026/04/01", "152 W", *header, *players]) + "\n"


# Round 1 (C.04.3: S1 = {1, 2} against S2 = {3, 4}; 152 W: board 1's higher-ranked player has
# White and the colours alternate down the boards): 1-3 and 4-2.  1 and 2 win.
# Round 2: brackets {1, 2} (1 point) and {3, 4} (0 points); each pair gives both players the
# colour they are due (1 had White, 2 Black; 3 had Black, 4 White): 2-1 and 3-4.
RULED = event(player(1, "3 w 1", "2 b ="), player(2, "4 b 1", "1 w ="),
              player(3, "1 b 0", "4 w ="), player(4, "2 w 0", "3 b ="))
# Round 2 played as 1-2 instead: colours reversed against the rules.
REVERSED = event(player(1, "3 w 1", "2 w ="), player(2, "4 b 1", "1 b ="),
                 player(3, "1 b 0", "4 w ="), player(4, "2 w 0", "3 b ="))
# Two players, two rounds: the second round repeats the first game, which no legal pairing does.
REPEAT = event(player(1, "2 w 1", "2 b 1"), player(2, "1 b 0", "1 w 0"))


def rules(text: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in check(trfscore.loads(text), pairings=True):
        if f.rule.startswith("TRF9"):
            out.setdefault(f.rule, []).append(f)
    return out


def test_trf901_passing_and_failing():
    assert rules(RULED) == {}
    found = rules(REVERSED)["TRF901"]
    assert [f.severity for f in found] == ["error"]
    assert "round 2" in found[0].message and "colours reversed, played 1-2, rules 2-1" in found[0].message


def test_trf901_not_asked_for():
    assert [f for f in check(trfscore.loads(REVERSED)) if f.rule.startswith("TRF9")] == []


def test_trf902_passing_and_failing():
    assert "TRF902" not in rules(RULED)
    baku = RULED.replace("192 FIDE_DUTCH", "192 FIDE_DUTCH_BAKU")
    found = rules(baku)["TRF902"]
    assert [f.severity for f in found] == ["info", "info"] and "Baku" in found[0].message
    other = rules(RULED.replace("192 FIDE_DUTCH", "192 FIDE_DUBOV"))["TRF902"]
    assert len(other) == 1 and "does not judge" in other[0].message


def test_trf903_passing_and_failing():
    assert "TRF903" not in rules(RULED)
    found = rules(REPEAT)["TRF903"]
    assert [f.severity for f in found] == ["warning"] and "round 2" in found[0].message
