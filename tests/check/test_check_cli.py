"""``trfscore check`` on the command line: exit codes, batches, bad input, options."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from checkhelp import HEADER, cli, trf  # noqa: F401  (cli is a fixture)

from trfscore.checks import runner
from trfscore.testing.generate import swiss, to_trf

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture()
def files(tmp_path):
    """A folder with a valid file, a broken one and a non-TRF text file."""
    good = tmp_path / "good.trf"
    good.write_text(to_trf(swiss(20, 5, seed=11, byes=0.05, forfeits=0.05, withdrawals=0.1)))
    lines = to_trf(swiss(20, 5, seed=12)).splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("001    5"))
    lines[i] = lines[i][:80] + " 9.5" + lines[i][84:]
    bad = tmp_path / "sub" / "bad.TRF"
    bad.parent.mkdir()
    bad.write_text("\n".join(lines) + "\n")
    (tmp_path / "notes.md").write_text("not checked: wrong suffix")
    return {"dir": tmp_path, "good": good, "bad": bad}


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text and "internal error" not in text, text


def test_valid_file_exits_0(cli, files):
    code, out, err = cli("check", files["good"])
    assert code == 0
    assert "result: passed" in out


def test_broken_file_exits_1_with_compiler_style_line(cli, files):
    code, out, err = cli("check", files["bad"])
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith(f"{files['bad']}:") and " error TRF510 " in first
    path, line, col, rest = first.split(":", 3)
    assert line.isdigit() and col == "81"
    assert "hint:" in out


def test_folder_is_searched_recursively(cli, files):
    code, out, err = cli("check", files["dir"], "--format", "json")
    assert code == 1
    doc = json.loads(out)
    paths = sorted(Path(f["path"]).name for f in doc["files"])
    assert paths == ["bad.TRF", "good.trf"]
    assert doc["summary"]["files"] == 2 and doc["summary"]["errors"] >= 1


def test_glob_and_missing_file_do_not_stop_the_others(cli, files):
    code, out, err = cli("check", str(files["dir"] / "*.trf"), files["dir"] / "missing.trf", "--format", "json")
    assert code == 2
    doc = json.loads(out)
    assert [Path(f["path"]).name for f in doc["files"]] == ["good.trf", "missing.trf"]
    assert doc["files"][1]["error"] == "no such file"
    assert doc["files"][0]["findings"] is not None and "error" not in doc["files"][0]


def test_pool_gives_the_same_results_in_order(cli, files, tmp_path):
    paths = []
    for seed in range(6):
        p = tmp_path / f"p{seed}.trf"
        p.write_text(to_trf(swiss(16, 4, seed=seed)))
        paths.append(p)
    paths.insert(3, files["bad"])
    one = cli("check", *paths, "--format", "json", "--jobs", "1")
    two = cli("check", *paths, "--format", "json", "--jobs", "2")
    assert one[0] == two[0] == 1
    assert json.loads(one[1]) == json.loads(two[1])


@pytest.mark.parametrize("argv, message", [
    (["check"], "give files"),
    (["check", "x.trf", "--select", "NOPE1"], "unknown rule selector"),
    (["check", "x.trf", "--encoding", "no-such-codec"], "unknown encoding"),
    (["check", "x.trf", "--profile", "strictest"], "'strictest' is not one of basic, fide"),
    (["check", "x.trf", "--jobs", "-3"], "--jobs"),
])
def test_usage_errors_exit_2(cli, argv, message):
    code, out, err = cli(*argv)
    assert code == 2
    assert message in err
    no_traceback(out, err)


def test_empty_folder_and_unmatched_glob_exit_2(cli, tmp_path):
    (tmp_path / "empty").mkdir()
    code, out, err = cli("check", tmp_path / "empty")
    assert code == 2 and "holds no" in out
    code, out, err = cli("check", str(tmp_path / "nothing-*.trf"))
    assert code == 2 and "no file matches" in out


def test_stdin(cli, monkeypatch, files):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(files["bad"].read_bytes())))
    code, out, err = cli("check", "-", "--format", "jsonl")
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[-1]["type"] == "summary"
    assert any(r["type"] == "finding" and r["path"] == "stdin" and r["rule"] == "TRF510" for r in rows)


# Each bad input, and the error rule `check` must report for it.  `check` reads every file it is
# given and reports what is wrong as findings; an input that held nothing readable (no player)
# ends with 2, like in every other command, one with players and errors with 1.
BAD_INPUTS = {
    "empty": (b"", "TRF100"),
    "blanks": (b"   \n\n  \r\n", "TRF100"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "TRF100"),
    "garbage": (bytes((i * 7919) % 251 for i in range(5000)), "TRF100"),
    "header_only": ("\n".join(HEADER).encode() + b"\n", "TRF500"),
    "long_line": (b"001    1 " + b"x" * 100_000 + b"\n", "TRF105"),
    "json_garbage": (b'{"players": [1, 2, {"nested": [[[[["deep"]]]]]}]', "JSON001"),
    "utf16": ("012 Open\n001    1 m    Test, A\n".encode("utf-16"), "TRF100"),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_names_its_rule_with_the_exit_code_of_report(cli, tmp_path, name):
    data, rule = BAD_INPUTS[name]
    path = tmp_path / f"{name}.trf"
    path.write_bytes(data)
    expected = 2 if cli("report", path)[0] == 2 else 1
    code, out, err = cli("check", path, "--format", "text")
    assert code == expected, (name, code, out, err)
    assert rule in out
    no_traceback(out, err)
    code, out, err = cli("check", path, "--format", "json")
    assert code == expected, (name, code, out, err)
    (result,) = json.loads(out)["files"]
    assert rule in {f["rule"] for f in result["findings"] if f["severity"] == "error"}
    no_traceback(out, err)


def test_a_path_that_cannot_be_opened_ends_with_2(cli, tmp_path):
    code, out, err = cli("check", tmp_path / "missing.trf")
    assert code == 2 and "missing.trf" in (out + err)
    no_traceback(out, err)


PGN = b'[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'


def test_pgn_given_as_trf(cli, tmp_path):
    path = tmp_path / "game.pgn"
    path.write_bytes(PGN)
    code, out, err = cli("check", path, "--from", "trf")
    assert code == 2  # nothing readable as TRF: exit 2 as in every command, the finding kept
    assert "TRF100" in out
    no_traceback(out, err)


def test_too_big_is_exit_2(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "MAX_INPUT_BYTES", 1000)
    path = tmp_path / "big.trf"
    path.write_text(trf() * 20)
    code, out, err = cli("check", path)
    assert code == 2 and "not read" in out


@pytest.mark.parametrize("players, size", [
    pytest.param(3000, 500_000, id="big", marks=pytest.mark.slow),
    pytest.param(150, 25_000, id="quick-run"),  # the same kinds of rounds, while working
])
def test_big_file_is_checked(cli, tmp_path, players, size):
    path = tmp_path / "big.trf"
    path.write_text(to_trf(swiss(players, 11, seed=5, forfeits=0.02, byes=0.02, withdrawals=0.05)))
    assert path.stat().st_size > size
    code, out, err = cli("check", path, "--format", "json")
    assert code == 0, out[:2000]
    assert json.loads(out)["summary"]["errors"] == 0


def test_fail_on_levels(cli, tmp_path):
    path = tmp_path / "warn.trf"
    path.write_text(trf(ranks={1: 2, 2: 1, 3: 3, 4: 4}))  # TRF511 warning only
    assert cli("check", path)[0] == 0
    assert cli("check", path, "--fail-on", "warning")[0] == 1
    assert cli("check", path, "--fail-on", "warning", "--ignore", "TRF511")[0] == 0


def test_select_and_ignore_prefixes(cli, files):
    code, out, err = cli("check", files["bad"], "--select", "TRF5", "--format", "json")
    rules = {f["rule"] for f in json.loads(out)["files"][0]["findings"]}
    assert rules and all(r.startswith("TRF5") for r in rules)
    code, out, err = cli("check", files["bad"], "--ignore", "TRF51", "--format", "json")
    assert code == 0
    assert not any(f["rule"].startswith("TRF51") for f in json.loads(out)["files"][0]["findings"])
    code, out, err = cli("check", files["bad"], "--select", "TRF5", "--ignore", "TRF510")
    assert code == 0


def test_profile_fide_adds_submission_rules(cli, tmp_path):
    path = tmp_path / "nofide.trf"
    path.write_text(trf(header=["012 Test Open", "042 2026/04/01", "052 2026/04/03"], opts={1: {"fide": ""}}))
    basic = cli("check", path, "--format", "json")
    fide = cli("check", path, "--profile", "fide", "--format", "json")
    assert basic[0] == 0 and fide[0] == 1
    rules = {f["rule"] for f in json.loads(fide[1])["files"][0]["findings"]}
    assert {"TRF801", "TRF802"} <= rules


def test_list_rules(cli):
    code, out, err = cli("check", "--list-rules")
    assert code == 0
    ids = [line.split()[0] if not line.startswith("-") else line.split()[1] for line in out.splitlines()]
    for rule_id in ("TRF101", "TRF302", "TRF404", "TRF501", "TRF510", "TRF601", "TRF801"):
        assert rule_id in ids
    code, out, err = cli("check", "--list-rules", "--format", "json")
    doc = json.loads(out)
    assert {r["rule"] for r in doc["rules"]} >= {"TRF100", "TRF510", "TRF811"}
    assert all(r["doc"] for r in doc["rules"])


def test_output_file(cli, files, tmp_path):
    target = tmp_path / "report.json"
    code, out, err = cli("check", files["bad"], "--format", "json", "-o", target)
    assert code == 1 and out == ""
    assert json.loads(target.read_text())["summary"]["errors"] >= 1
    assert "checked 1 file" in err


def run_subprocess(*argv, stdin: bytes | None = None):
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "trfscore.cli", *map(str, argv)], input=stdin,
                          capture_output=True, env=env, timeout=120)


def test_subprocess_garbage_and_valid(files, tmp_path):
    garbage = tmp_path / "garbage.trf"
    garbage.write_bytes(BAD_INPUTS["binary"][0])
    proc = run_subprocess("check", garbage, files["good"], "--jobs", "2")
    assert proc.returncode == 2  # an unreadable input among them
    no_traceback(proc.stdout.decode(), proc.stderr.decode())
    assert b"TRF100" in proc.stdout


def test_subprocess_stdin_and_missing(files):
    proc = run_subprocess("check", "-", "--format", "json", stdin=files["good"].read_bytes())
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["files"][0]["path"] == "stdin"
    proc = run_subprocess("check", "/nonexistent/file.trf")
    assert proc.returncode == 2
    no_traceback(proc.stdout.decode(), proc.stderr.decode())


def test_progress_bar_draws_and_clears():
    import io

    from trfscore.commands.check import Progress

    stream = io.StringIO()
    bar = Progress(stream)
    for done in range(1, 11):
        bar(done, 10)
    bar.clear()
    text = stream.getvalue()
    assert "10/10 files" in text and text.endswith("\r")


def test_progress_only_on_a_terminal(cli, files):
    code, out, err = cli("check", files["good"], files["bad"])  # stderr is captured: not a TTY
    assert "files\r" not in err and "[#" not in err


def test_broken_pool_falls_back_to_serial(monkeypatch, files):
    from trfscore.checks import runner as r

    class NoPool:
        def __init__(self, *a, **k):
            raise OSError("no sem_open here")

    import concurrent.futures

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoPool)
    monkeypatch.setattr(r, "usable_cpus", lambda: 4)  # a pool even on a machine with one CPU
    targets = r.expand([str(files["good"]), str(files["bad"])])
    results = list(r.run_all(targets, r.Options(), jobs=4))
    assert [Path(x.path).name for x in results] == ["good.trf", "bad.TRF"]
    assert not results[0].reaches("error") and results[1].reaches("error")


def test_an_unreadable_pgn_gets_no_trf_findings(cli, tmp_path):
    """PGN100 (not a tournament) is fatal like TRF100: no 'no 001 records' (TRF500) after it."""
    path = tmp_path / "huge-round.pgn"
    path.write_text('[Event "e"]\n[Round "3000000"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1-0\n')
    code, out, err = cli("check", str(path), "--format", "json")
    rules = [f["rule"] for f in json.loads(out)["files"][0]["findings"]]
    assert code == 2 and rules == ["PGN100"]
    no_traceback(out, err)


def test_standard_input_is_read_up_to_the_limit_only(cli, monkeypatch):
    """``check -`` read all of standard input before looking at its size (memory for any stream)."""
    asked = []

    class Stream:
        def read(self, size=-1):
            asked.append(size)
            return to_trf(swiss(6, 2, seed=1)).encode()

    monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": Stream()})())
    code, out, err = cli("check", "-")
    assert code == 0 and asked == [runner.MAX_INPUT_BYTES + 1]


@pytest.mark.parametrize("command", [["check", "-"], ["report", "-"]])
def test_standard_input_over_the_limit_is_refused_the_same_way(cli, monkeypatch, command):
    """Standard input is read by one function for every command (``files.read_stream``): a
    stream over the limit is not read, exit 2, with the words a file that large gets."""
    from trfscore.formats import files

    text = to_trf(swiss(6, 2, seed=1))
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", len(text) - 1)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = cli(*command)
    assert code == 2 and "is larger than 0 MB; not read" in out + err
    no_traceback(out, err)
