"""A second, independent Dutch checker against the first: caissify-pairings (PyPI, Apache-2.0, its
own engine of the FIDE Dutch rules of 2025/2026 and its own free pairings checker ``check_trf``)
judges the same input trfscore gives gacrux (:func:`trfscore.pairings.feed.feed`).

bbpPairings (github.com/BieremaBoyzProgramming/bbpPairings, C++), the other free Dutch checker, is
in no package registry (not on PyPI, not in Debian), so it cannot be installed by ``pip install
'.[test]'``.  caissify is: its checker ignores ``152``, ``162``, ``192``, ``250``, ``260`` and
``XXP``, so it is compared on an event without acceleration or forbidden pairs, which it finds
clean, as gacrux does.  On planted defects that change opponents (two pairings swapped, the
pairing-allocated bye moved) the two checkers flag exactly the same rounds.  caissify does not
judge the colours of the round it checks (a game's colours reversed is flagged by it only in the
later rounds the reversal changes), so colour defects are not compared here; gacrux's verdicts
on them are compared with gacrux's own reading in test_pairing_check.py.
"""
from __future__ import annotations

import importlib.util

import planting
import pytest
from test_pairing_check import generate

import trfscore
from trfscore.pairings import Status
from trfscore.pairings.feed import feed
from trfscore.pairings.system import system_of

pytestmark = [pytest.mark.reference,
              pytest.mark.skipif(importlib.util.find_spec("gacrux") is None
                                 or importlib.util.find_spec("caissify_pairings") is None,
                                 reason="gacrux and caissify-pairings (test extras) not installed")]


def both(text: str) -> tuple[set[int], set[int]]:
    """The rounds flagged by trfscore's check (gacrux) and by caissify's checker on trfscore's input."""
    from caissify_pairings.fpc import check_trf

    t = trfscore.loads(text.encode("utf-8"))
    ours = {v.round for v in t.verify_pairings().rounds if v.status != Status.SAME}
    second = check_trf(feed(t, system_of(t)).text)
    return ours, {r["round"] for r in second["rounds"] if not r["match"]}


@pytest.fixture(scope="module")
def event(tmp_path_factory) -> str:
    return generate(tmp_path_factory.mktemp("rtg2"), 24, 7, 3)  # gacrux's RTG, 152 B, no acceleration


def test_both_checkers_find_the_generated_event_clean(event):
    assert both(event) == (set(), set())


@pytest.mark.parametrize("plant", ["swap_blacks", "move_bye"])
def test_both_checkers_flag_the_same_rounds_on_planted_defects(event, plant):
    compared = 0
    for rnd in (2, 3, 4, 5):
        bad = getattr(planting, plant)(event, rnd)
        if bad is None:
            continue
        ours, second = both(bad)
        assert min(ours) == rnd, (plant, rnd, ours)
        assert ours == second, (plant, rnd)
        compared += 1
    assert compared >= 2
