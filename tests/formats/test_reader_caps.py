"""Readers keep at most ``findings.MAX_PER_RULE`` findings of one rule per input, and say how many
more there were in a TRF001 note: a damaged file can hold a problem on every line (one
mechanism, every reader, the same note ``check`` writes)."""
from __future__ import annotations

import trfscore
from trfscore.findings import MAX_PER_RULE, CappedFindings, Finding, LeftOut, stands_for


def test_the_sink_keeps_the_limit_and_closes_with_the_count():
    findings: list[Finding] = []
    sink = CappedFindings(findings)
    for line in range(1, MAX_PER_RULE + 5):
        sink(Finding("X1", "warning", f"problem {line}", line, 5))
    sink(Finding("X2", "info", "other", 9))
    sink.close()
    sink.close()  # closing twice adds nothing more
    assert [f.message for f in findings[:MAX_PER_RULE]] == [f"problem {n}" for n in range(1, MAX_PER_RULE + 1)]
    assert [f.message for f in findings[MAX_PER_RULE:]] == [
        "other", f"4 more X1 finding(s) left out (limit {MAX_PER_RULE} per rule and file)"]
    note = findings[-1]
    assert isinstance(note, LeftOut) and (note.rule, note.of, note.count) == ("TRF001", "X1", 4)
    assert (note.line, note.column) == (MAX_PER_RULE, 5)  # at the last one listed
    assert stands_for(note) == (note, 1)  # a rule's own note counts as itself
    assert note.to_dict() == Finding(note.rule, note.severity, note.message, note.line, note.column,
                                     note.hint, note.text).to_dict()  # written like any finding


def test_a_kind_capped_apart_names_itself_and_counts_its_findings():
    findings: list[Finding] = []
    sink = CappedFindings(findings, kind=lambda f: f.message[:4])
    for line in range(1, MAX_PER_RULE + 3):
        sink(Finding("X1", "warning", f"form {line}", line, 5))
    sink(Finding("X1", "warning", "else", 1, 1))  # another kind of the same rule: still listed
    sink.close()
    assert findings[-2].message == "else"
    note = findings[-1]
    assert note.message == (f"2 more X1 finding(s) left out (limit {MAX_PER_RULE} per rule and file); "
                            f"the last on line {MAX_PER_RULE + 2}: form {MAX_PER_RULE + 2}")
    like, count = stands_for(note)
    assert (like.message, count) == (f"form {MAX_PER_RULE + 2}", 2)


def _notes(t, rule):
    listed = [f for f in t.findings if f.rule == rule]
    return len(listed), [f.message for f in t.findings if isinstance(f, LeftOut) and f.of == rule]


def test_the_trf_reader_caps_a_rule_found_on_every_line():
    extra = 37
    lines = ["012 Capped"] + [f"001 {sr:>4} m    {'Doe, J' + str(sr):<33} 2000 G1R"  # not 3 letters: TRF307
                              for sr in range(1, MAX_PER_RULE + extra + 1)]
    t = trfscore.loads("\n".join(lines) + "\n")
    count, notes = _notes(t, "TRF307")
    assert count == MAX_PER_RULE
    assert notes == [f"{extra} more TRF307 finding(s) left out (limit {MAX_PER_RULE} per rule and file)"]


def test_the_pgn_reader_caps_a_rule_found_in_every_game():
    extra = 12
    games = [f'[Event "E"]\n[Round "{i}"]\n[White "A{i}"]\n[Black "B{i}"]\n[WhiteFideId "x{i}"]\n'  # PGN109
             f'[Result "1-0"]\n\n1-0\n' for i in range(1, MAX_PER_RULE + extra + 1)]
    t = trfscore.loads("\n".join(games), "pgn")
    count, notes = _notes(t, "PGN109")
    assert count == MAX_PER_RULE
    assert notes == [f"{extra} more PGN109 finding(s) left out (limit {MAX_PER_RULE} per rule and file)"]
