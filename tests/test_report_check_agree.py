"""``report`` and ``check`` read every file of the test corpus (tests/data, samples) the same way:
the rounds played and pending, the system, and the verdict on the findings that make a number
wrong (issue 24: "one reading of the event").

Each file is run through both commands as a user would (JSON output of each), plus a file saved
between rounds and a two-player match written here, so that the pending and match readings are
among those compared.
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


def _written(tmp_path_factory, name: str, text: str) -> Path:
    path = tmp_path_factory.mktemp("agree") / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(params=[*corpus_params(CORPUS), pytest.param("mid-event", id="mid-event"),
                        pytest.param("match", id="match")])
def corpus_file(request, tmp_path_factory) -> Path:
    if request.param == "mid-event":
        return _written(tmp_path_factory, "mid.trf", MID_EVENT)
    if request.param == "match":
        return _written(tmp_path_factory, "match.trf", MATCH)
    return request.param


def test_report_and_check_agree_on_rounds_system_and_verdict(capsys, corpus_file):
    code, out, _ = run_cli(capsys, "report", corpus_file, "--format", "json", "--strict")
    if code == 2 or not out.strip():
        pytest.skip("not a tournament file report reads")
    doc = json.loads(out)
    ccode, cout, _ = run_cli(capsys, "check", corpus_file, "--format", "json")
    found = [f for file in json.loads(cout)["files"] for f in file["findings"]] if "files" in json.loads(cout) \
        else json.loads(cout)["findings"]
    checked = sorted((f["rule"], f["line"], f["message"]) for f in found if f["rule"] in VERDICT_RULES)
    reported = sorted((f["rule"], f["line"], f["message"]) for f in doc["findings"] if f["rule"] in VERDICT_RULES)
    assert reported == checked
    # the error verdict: report --strict fails exactly when check has an error of the verdict or of the reading
    errors = {f["rule"] for f in found if f["severity"] == "error"}
    wrong = errors & set(VERDICT_RULES)
    assert (code == 1) >= bool(wrong)
    # rounds: what report says it shows is what check reads as played and pending
    event = doc["event"]
    pending = {f["rule"] for f in found} & {"TRF533"}
    assert bool(event["pending"]) == bool(pending)
    assert doc["tournament"]["after_round"] == event["rounds_played"]
    # the system: a round robin (or match) to report is one to check (no Swiss-only repeat rule fires)
    if doc["system"] == "round-robin":
        assert "TRF552" not in {f["rule"] for f in found}
    assert (event["system"] in ("round-robin", "match")) == (doc["system"] == "round-robin")
