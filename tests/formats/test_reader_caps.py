"""Readers keep at most ``findings.MAX_PER_RULE`` findings of one rule per input, and say how many
more there were: a damaged file can hold a problem on every line (one mechanism, every reader)."""
from __future__ import annotations

import trfscore
from trfscore.findings import MAX_PER_RULE, CappedFindings, Finding


def test_the_sink_keeps_the_limit_and_closes_with_the_count():
    findings: list[Finding] = []
    sink = CappedFindings(findings, limit=3)
    for line in range(1, 8):
        sink(Finding("X1", "warning", f"problem {line}", line, 5))
    sink(Finding("X2", "info", "other", 9))
    sink.close()
    sink.close()  # closing twice adds nothing more
    assert [f.message for f in findings] == ["problem 1", "problem 2", "problem 3", "other",
                                             "... and 4 more findings of this rule (the last on line 7)"]


def _notes(t, rule):
    listed = [f for f in t.findings if f.rule == rule]
    return len(listed), [f.message for f in listed if f.message.startswith("... and")]


def test_the_trf_reader_caps_a_rule_found_on_every_line():
    extra = 37
    lines = ["012 Capped"] + [f"001 {sr:>4} m    {'Doe, J' + str(sr):<33} 2000 G1R"  # not 3 letters: TRF307
                              for sr in range(1, MAX_PER_RULE + extra + 1)]
    t = trfscore.loads("\n".join(lines) + "\n")
    count, notes = _notes(t, "TRF307")
    assert count == MAX_PER_RULE + 1
    assert notes == [f"... and {extra} more findings of this rule (the last on line {MAX_PER_RULE + extra + 1})"]


def test_the_pgn_reader_caps_a_rule_found_in_every_game():
    extra = 12
    games = [f'[Event "E"]\n[Round "{i}"]\n[White "A{i}"]\n[Black "B{i}"]\n[WhiteFideId "x{i}"]\n'  # PGN109
             f'[Result "1-0"]\n\n1-0\n' for i in range(1, MAX_PER_RULE + extra + 1)]
    t = trfscore.loads("\n".join(games), "pgn")
    count, notes = _notes(t, "PGN109")
    assert count == MAX_PER_RULE + 1
    assert len(notes) == 1 and notes[0].startswith(f"... and {extra} more findings of this rule")
