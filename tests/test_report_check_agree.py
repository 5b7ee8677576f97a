"""``report`` and ``check`` read every file of the test corpus (tests/data, samples) the same way:
the rounds played and pending, the system, and the verdict on the findings that make a number
wrong (issue 24: "one reading of the event").

Each file is run through both commands as a user would (JSON output of each: check's gives the
reading its rules judged the file by), plus files written here (saved between rounds, a two-player
match, pairings not mirrored with points not added up, a PGN game not finished before played
rounds, a round robin with byes declared either way), so that the pending and match readings
and errors of the verdict are among those compared.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import corpus_params, run_cli
from trfscore.consistency import VERDICT_RULES

ROOT = Path(__file__).resolve().parents[1]
READABLE = (".trf", ".pgn", ".txt", ".json")
CORPUS = sorted(p for folder in (ROOT / "tests" / "data", ROOT / "samples") for p in folder.rglob("*")
                if p.suffix in READABLE and p.is_file())

MID_EVENT = """012 Saved between rounds
092 Individual: Swiss-System
XXR 5
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.5    1     2 w 1     3 b =     4 w
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  1.0    2     1 b 0     4 w 1     3 b
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  1.0    3     4 w =     1 w =     2 w
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  0.5    4     3 b =     2 b 0     1 b
"""
MATCH = """012 A match of four games
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  2.0    1     2 w 1     2 b =     2 w 0     2 b =
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  2.0    1     1 b 0     1 w =     1 b 1     1 w =
"""

#: player 1 names player 2 in round 1, who plays player 3 there (TRF505), and player 4 declares
#: 1.0 where the results add up to 0.5 (TRF510): errors of the verdict
BROKEN = """012 Pairings not mirrored, points not added up
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.0    1     2 w 1
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  0.0    3     3 b 0
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  1.0    2     2 w 1
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  1.0    4  0000 - H
"""
#: a game not finished in round 1 of 2 (later rounds played): a game with no result, not a wait
PGN_UNFINISHED = "".join(
    f'[Event "Club"]\n[Round "{rnd}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{r}"]\n\n{r}\n\n'
    for rnd, w, b, r in (("1", "A", "B", "*"), ("1", "C", "D", "1-0"), ("2", "B", "C", "1/2-1/2"),
                         ("2", "D", "A", "0-1")))
#: a round robin of four whose players 1 and 4 took a half-point bye in round 3 instead of their
#: game; the points declared as the round robin's standings count a round without an opponent
#: (nothing: 1+1 = 2, ½+0 = ½), which the results under the FIDE scoring do not (TRF510)
RR_BYE = """012 Round robin with half-point byes
092 Individual: round robin
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  2.0    1     2 w 1     3 b 1  0000 - H
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  1.0    2     1 b 0     4 w =     3 w =
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  1.5    3     4 w 1     1 w 0     2 b =
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  0.5    4     3 b 0     2 b =  0000 - H
"""
#: the same with the byes counted in the declared points (1+1+½ = 2.5, 0+½+½ = 1)
RR_BYE_COUNTED = RR_BYE.replace("1990/01/01  2.0", "1990/01/01  2.5").replace("  0.5    4", "  1.0    4")
WRITTEN = {"mid-event": ("mid.trf", MID_EVENT), "match": ("match.trf", MATCH), "broken": ("broken.trf", BROKEN),
           "pgn-unfinished": ("unfinished.pgn", PGN_UNFINISHED), "rr-bye": ("rr.trf", RR_BYE),
           "rr-bye-counted": ("rr-counted.trf", RR_BYE_COUNTED)}


def _written(tmp_path_factory, name: str, text: str) -> Path:
    path = tmp_path_factory.mktemp("agree") / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(params=[*corpus_params(CORPUS), *(pytest.param(name, id=name) for name in WRITTEN)])
def corpus_file(request, tmp_path_factory) -> Path:
    if request.param in WRITTEN:
        return _written(tmp_path_factory, *WRITTEN[request.param])
    return request.param


def _reader_rules() -> frozenset[str]:
    """The ids a reader reports while the file is read (a report lists them too), as opposed to
    check's own rules."""
    from trfscore.checks.registry import all_rules

    return frozenset(rule for rule, r in all_rules().items() if r.func is None)


def test_report_and_check_agree_on_rounds_system_and_verdict(capsys, corpus_file):
    code, out, _ = run_cli(capsys, "report", corpus_file, "--format", "json", "--strict")
    if code == 2 or not out.strip():
        pytest.skip("not a tournament file report reads")
    doc = json.loads(out)
    ccode, cout, _ = run_cli(capsys, "check", corpus_file, "--format", "json")
    [checked] = json.loads(cout)["files"]
    found = checked["findings"]
    rules = [f["rule"] for f in found]
    # rounds and system: the reading check judged the file by is the one report shows
    reported, judged = doc["event"], checked["event"]
    for key in ("rounds_played", "rounds_declared", "pending", "system", "team", "unknown_results"):
        assert reported[key] == judged[key], key
    assert doc["tournament"]["after_round"] == reported["after_round"] == judged["after_round"]
    # ... and check's rules act on that reading: one TRF533 per pending round; a round robin or a
    # match has no Swiss-only repeated pairing (TRF552); the system report ranks by is the same
    assert rules.count("TRF533") == len(judged["pending"])
    if judged["system"] in ("round-robin", "match"):
        assert "TRF552" not in rules
    assert (judged["system"] in ("round-robin", "match")) == (doc["system"] == "round-robin")
    # the verdict: the findings that make a number wrong are the same in both ...
    verdict = sorted((f["rule"], f["line"], f["message"]) for f in found if f["rule"] in VERDICT_RULES)
    assert sorted((f["rule"], f["line"], f["message"]) for f in doc["findings"] if f["rule"] in VERDICT_RULES) == verdict
    # ... and so are the errors: report lists the reader's and the verdict's, check finds them too,
    # and report --strict fails exactly when there is one
    reader = _reader_rules()
    errors = sorted((f["rule"], f["line"], f["message"]) for f in found
                    if f["severity"] == "error" and (f["rule"] in reader or f["rule"] in VERDICT_RULES))
    assert sorted((f["rule"], f["line"], f["message"]) for f in doc["findings"] if f["severity"] == "error") == errors
    assert (code == 1) == bool(errors)
    assert ccode == 1 or not errors


@pytest.mark.parametrize(("text", "wrong"), [(RR_BYE, ["TRF510", "TRF510"]), (RR_BYE_COUNTED, [])])
def test_a_round_robin_bye_is_said_and_judged_as_check_judges_it(capsys, tmp_path, text, wrong):
    # a round robin's standings score a round without an opponent as one sat out (nothing), check
    # adds the bye up as its code says: report says so, and takes check's verdict on the points
    path = tmp_path / "rr.trf"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "report", path, "--format", "json", "--strict")
    doc = json.loads(out)
    assert {r["start_rank"]: r["points"] for r in doc["standings"]} == {1: 2, 2: 1, 3: 1.5, 4: 0.5}
    assert any("for player(s) 1 (0.5), 4 (0.5)" in note for note in doc["notes"])
    assert [f["rule"] for f in doc["findings"] if f["severity"] == "error"] == wrong
    assert code == (1 if wrong else 0)
