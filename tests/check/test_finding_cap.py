"""At most ``findings.MAX_PER_RULE`` findings of a rule are listed; the rest are counted.

The cap is applied while the rules run, so that a rule finding millions of problems in a
pathological file does not hold millions of findings (a 40 MB file of random pairings had
made ``trfscore check`` use 2.7 GB).
"""
from __future__ import annotations

import random

import pytest
from checkhelp import checked
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore import checks, findings
from trfscore.checks import _first_by_position
from trfscore.findings import Finding, LeftOut


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


def _with_limit(mp: pytest.MonkeyPatch, limit: int) -> None:
    """The per-rule limit set to ``limit`` where it is read (a smaller file then shows it)."""
    mp.setattr(checks, "MAX_PER_RULE", limit)
    mp.setattr(findings, "MAX_PER_RULE", limit)


def test_a_capped_rule_lists_the_first_findings_and_counts_the_rest():
    t = trfscore.loads(_asymmetric_file(60, 12))
    with pytest.MonkeyPatch.context() as mp:
        _with_limit(mp, 10 ** 9)
        every = [f for f in checked(t) if f.rule == "TRF501"]
        _with_limit(mp, 50)
        capped = checked(t)
    assert len(every) > 300
    listed = [f for f in capped if f.rule == "TRF501"]
    assert listed == every[:50]
    (note,) = [f for f in capped if f.rule == "TRF001" and "TRF501" in f.message]
    assert note.message == f"{len(every) - 50} more TRF501 finding(s) left out (limit 50 per rule and file)"
    assert (note.line, note.column) == (listed[-1].line, listed[-1].column)  # at the last one listed


def test_the_reader_and_check_say_one_note_per_rule_in_the_same_words():
    """A rule the reader capped (TRF307 on every line) and ``check``: one TRF001 note, the
    reader's, and the rule's findings listed once up to the limit."""
    limit = findings.MAX_PER_RULE
    lines = ["012 Capped"] + [f"001 {sr:>4} m    {'Doe, J' + str(sr):<33} 2000 G1R" for sr in range(1, limit + 8)]
    t = trfscore.loads("\n".join(lines) + "\n")
    (read,) = [f for f in t.findings if isinstance(f, LeftOut) and f.of == "TRF307"]
    found = checked(t)
    assert sum(f.rule == "TRF307" for f in found) == limit
    (note,) = [f for f in found if f.rule == "TRF001" and "TRF307" in f.message]
    assert note.message == read.message == f"7 more TRF307 finding(s) left out (limit {limit} per rule and file)"


def _place(f: Finding) -> tuple:
    return f.line or 0, f.column or 0, f.message


_findings = st.lists(st.builds(Finding, st.sampled_from(["TRF501", "TRF502"]), st.just("error"),
                               st.sampled_from(["a", "b"]), st.one_of(st.none(), st.integers(1, 6)),
                               st.one_of(st.none(), st.integers(1, 3))), max_size=60)


@settings(max_examples=200, deadline=None)
@given(found=_findings, limit=st.integers(1, 8))
def test_keeping_while_running_keeps_what_sorting_afterwards_would(found, limit):
    with pytest.MonkeyPatch.context() as mp:
        _with_limit(mp, limit)
        kept, more = _first_by_position(iter(found))
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
    kept, more = _first_by_position(many)
    assert findings.MAX_PER_RULE == 500
    assert len(kept) == 500 and more == {"TRF501": 99_500}
    assert [f.line for f in kept] == list(range(1, 501))  # the first by position, not the first found
