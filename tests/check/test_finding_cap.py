"""At most ``max_findings_per_rule`` findings of a rule are listed; the rest are counted.

The cap is applied while the rules run, so that a rule finding millions of problems in a
pathological file does not hold millions of findings (a 40 MB file of random pairings had
made ``trfscore check`` use 2.7 GB).
"""
from __future__ import annotations

import dataclasses
import random

from checkhelp import checked
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.checks import _first_by_position, resolve
from trfscore.findings import Finding


def _asymmetric_file(players: int, rounds: int) -> str:
    """Every player names a random opponent each round: almost every cell is a TRF501."""
    rng = random.Random(players * 1000 + rounds)
    lines = ["012 Random pairings", f"XXR {rounds}"]
    for sr in range(1, players + 1):
        cells = "".join(f"{rng.choice([o for o in range(1, players + 1) if o != sr]):>4} {'wb'[r % 2]} 1  "
                        for r in range(rounds))
        lines.append(f"001 {sr:>4} m    {'Player ' + str(sr):<33} 2000 GER {sr:>11} 1990/01/01 {0:>4.1f} "
                     f"{sr:>4}  " + cells.rstrip())
    return "\n".join(lines) + "\n"


def _uncapped(profile):
    return dataclasses.replace(profile, thresholds={**profile.thresholds, "max_findings_per_rule": 0})


def test_a_capped_rule_lists_the_first_findings_and_counts_the_rest():
    t = trfscore.loads(_asymmetric_file(60, 12))
    profile = dataclasses.replace(resolve("basic"), thresholds={**resolve("basic").thresholds,
                                                               "max_findings_per_rule": 50})
    every = [f for f in checked(t, _uncapped(profile)) if f.rule == "TRF501"]
    assert len(every) > 300
    capped = checked(t, profile)
    listed = [f for f in capped if f.rule == "TRF501"]
    assert listed == every[:50]
    (note,) = [f for f in capped if f.rule == "TRF001" and "TRF501" in f.message]
    assert note.message.startswith(f"{len(every) - 50} more TRF501 finding(s) left out")


def _place(f: Finding) -> tuple:
    return f.line or 0, f.column or 0, f.message


_findings = st.lists(st.builds(Finding, st.sampled_from(["TRF501", "TRF502"]), st.just("error"),
                               st.sampled_from(["a", "b"]), st.one_of(st.none(), st.integers(1, 6)),
                               st.one_of(st.none(), st.integers(1, 3))), max_size=60)


@settings(max_examples=200, deadline=None)
@given(found=_findings, limit=st.integers(1, 8))
def test_keeping_while_running_keeps_what_sorting_afterwards_would(found, limit):
    kept, more = _first_by_position(iter(found), limit)
    for rule in ("TRF501", "TRF502"):
        distinct = {}
        for order, f in enumerate(found):
            if f.rule == rule:
                distinct.setdefault((f.line, f.column, f.message), (f.line or 0, f.column or 0, order, f))
        expected = [entry[3] for entry in sorted(distinct.values(), key=lambda e: e[:3])[:limit]]
        mine = [f for f in kept if f.rule == rule]
        assert sorted(map(_place, mine)) == sorted(map(_place, expected))  # finish sorts them again
        total = sum(1 for f in found if f.rule == rule)
        assert max(0, len(distinct) - limit) <= more.get(rule, 0) <= max(0, total - limit)


def test_a_rule_finding_very_many_keeps_only_the_limit():
    many = (Finding("TRF501", "error", f"cell {i}", 100_000 - i, 92) for i in range(100_000))
    kept, more = _first_by_position(many, 500)
    assert len(kept) == 500 and more == {"TRF501": 99_500}
    assert [f.line for f in kept] == list(range(1, 501))  # the first by position, not the first found
