"""``check`` over a folder mixing events still running (a round paired, its results to come; a PGN
game not finished) with finished ones: each file is judged as if alone, a running event is no
defect (its findings are the two infos that say how far it got), and the folder's exit code is its
worst file's at ``--fail-on``.  Every expectation is derived from how the test made the files."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import trfscore
from conftest import ROOT, run_cli
from test_unfinished import PGN
from trfscore.model import Kind

SAMPLE = ROOT / "samples" / "swiss-byes-forfeits.trf"  # 24 players, 7 rounds (XXR 7), byes and forfeits


def running(after: int) -> tuple[str, list[int]]:
    """The sample exported while round ``after + 1`` is paired: the results of rounds 1 to ``after``,
    that round's pairings without results (its byes not yet marked), nothing later; points and ranks
    those the writer gives.  With the start ranks of the players whose game waits."""
    t = trfscore.load(SAMPLE)
    waiting = []
    for p in t.players:
        cell = p.games[after]
        if cell.opponent is not None:
            waiting.append(p.start_rank)
        p.games[after] = cell._replace(code=" ", kind=Kind.ABSENT)
        del p.games[after + 1:]
    t.players = [replace(p, points=None, rank=None) for p in t.players]
    return trfscore.dumps(t, format="trf16"), waiting


def with_points(text: str, start_rank: int, points: str) -> str:
    """``text`` with the declared points (columns 81-84) of one player replaced."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) == start_rank:
            lines[i] = line[:80] + f"{points:>4}" + line[84:]
    return "".join(lines)


@pytest.fixture
def folder(tmp_path: Path) -> tuple[Path, dict[str, list[int]]]:
    """finished.trf (the sample), running-after-3.trf and running-after-5.trf, club.pgn (round 2:
    one game not finished) and broken.trf (the sample, player 1 declaring a point too many)."""
    sample = SAMPLE.read_text(encoding="utf-8")
    (tmp_path / "finished.trf").write_text(sample, encoding="utf-8")
    waits = {}
    for after in (3, 5):
        text, waits[f"running-after-{after}.trf"] = running(after)
        (tmp_path / f"running-after-{after}.trf").write_text(text, encoding="utf-8")
    (tmp_path / "club.pgn").write_text(PGN, encoding="utf-8")
    declared = trfscore.load(SAMPLE).player(1).points
    (tmp_path / "broken.trf").write_text(with_points(sample, 1, f"{float(declared + 1):.1f}"), encoding="utf-8")
    return tmp_path, waits


def judged(out: str) -> dict[str, dict]:
    return {Path(f["path"]).name: f for f in json.loads(out)["files"]}


def test_running_and_finished_events_in_one_folder(folder, capsys):
    path, waits = folder
    code, out, _ = run_cli(capsys, "check", path, "--no-progress", "--format", "json")
    files = judged(out)
    assert sorted(files) == ["broken.trf", "club.pgn", "finished.trf", "running-after-3.trf", "running-after-5.trf"]
    # each file as if checked alone: the same findings, line for line
    for name, judgement in files.items():
        alone = [(f.rule, f.severity, f.line, f.column, f.message) for f in trfscore.check(path / name)]
        assert [(f["rule"], f["severity"], f["line"], f["column"], f["message"]) for f in judgement["findings"]] \
            == alone, name
    assert files["finished.trf"]["findings"] == []
    for name, waiting in waits.items():  # a running event: how far it got, as infos, and nothing else
        after = int(name.split("-")[-1].split(".")[0])
        found = {f["rule"]: f for f in files[name]["findings"]}
        assert sorted(found) == ["TRF531", "TRF533"] and files[name]["status"] == "passed", name
        assert found["TRF533"]["message"].startswith(f"round {after + 1} is paired: {len(waiting) // 2} game(s) "
                                                     "without a result")
        assert found["TRF533"]["message"].endswith(f"results are read through round {after}")
        assert f"the file declares 7 rounds but has results for {after} (round {after + 1} paired)" in \
            found["TRF531"]["message"]
        event = files[name]["event"]
        assert (event["after_round"], event["pending"][0]["waiting"]) == (after, waiting)
    pgn = files["club.pgn"]  # round 2: Beta-Delta not finished
    assert sorted(f["rule"] for f in pgn["findings"]) == ["PGN203", "TRF533"] and pgn["status"] == "passed"
    assert pgn["event"]["after_round"] == 1
    [wrong] = files["broken.trf"]["findings"]
    declared = trfscore.load(SAMPLE).player(1).points
    assert (wrong["rule"], wrong["severity"], wrong["line"]) == ("TRF510", "error", 11)  # player 1's line
    assert f"player 1 declares {float(declared + 1):.1f} points but the results add up to {float(declared):.1f}" in wrong["message"]
    summary = json.loads(out)["summary"]
    infos = sum(f["severity"] == "info" for j in files.values() for f in j["findings"])
    assert (summary["errors"], summary["warnings"], summary["info"]) == (1, 0, infos) == (1, 0, 2 + 2 + 2)
    assert code == summary["exit_code"] == 1  # the broken file alone fails the folder


def test_the_exit_code_is_the_worst_file_at_fail_on(folder, capsys):
    path, _ = folder
    assert run_cli(capsys, "check", path, "--no-progress")[0] == 1
    (path / "broken.trf").unlink()  # running events and a finished one: nothing at error or warning
    for level, code in (("error", 0), ("warning", 0), ("info", 1)):  # the running events' infos
        assert run_cli(capsys, "check", path, "--no-progress", "--fail-on", level)[0] == code, level
    for name in ("running-after-3.trf", "running-after-5.trf", "club.pgn"):
        (path / name).unlink()  # the finished event alone passes at every level
    assert run_cli(capsys, "check", path, "--no-progress", "--fail-on", "info")[0] == 0
