"""``-o FILE`` picks the format from the file name in ``report`` and ``convert``, as
``trfscore.dump`` does; a ``--format``/``--to`` the name contradicts is a usage error (issue #25)."""
from __future__ import annotations

import json

import pytest

import trfscore
from conftest import run_cli
from trfscore.report import FORMATS as REPORT_FORMATS
from trfscore.standings import Standings

SAMPLE = """012 Test Open
042 2026/04/01
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.5    1     2 w 1     3 b =
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  1.0    2     1 b 0     4 w 1
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  1.0    3     4 w =     1 w =
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  0.5    4     3 b =     2 b 0
"""


@pytest.fixture()
def event(tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def starts(path) -> str:
    return path.read_bytes()[:60].decode("utf-8-sig")


@pytest.mark.parametrize("name, begins", [("standings.html", "<!DOCTYPE html>"), ("standings.csv", "rank,"),
                                          ("standings.md", "# Test Open"), ("standings.json", "{")])
def test_report_format_from_the_file_name(capsys, event, tmp_path, name, begins):
    code, _, _ = run_cli(capsys, "report", event, "-o", tmp_path / name)
    assert code == 0 and starts(tmp_path / name).startswith(begins)


@pytest.mark.parametrize("fmt", REPORT_FORMATS, ids=lambda f: f.name)
def test_every_ending_of_a_report_format_chooses_it(capsys, event, tmp_path, fmt):
    run_cli(capsys, "report", event, "--format", fmt.name, "-o", tmp_path / "wanted.out")
    for ending in fmt.extensions:
        path = tmp_path / f"standings{ending.upper()}"
        code, _, _ = run_cli(capsys, "report", event, "-o", path)
        assert code == 0 and path.read_bytes() == (tmp_path / "wanted.out").read_bytes()


@pytest.mark.parametrize("fmt", REPORT_FORMATS, ids=lambda f: f.name)
def test_the_workings_are_released_unless_the_format_explains(capsys, monkeypatch, event, fmt):
    released: list[Standings] = []
    monkeypatch.setattr(Standings, "release", lambda self: released.append(self))
    code, _, _ = run_cli(capsys, "report", event, "--format", fmt.name)
    assert code == 0 and len(released) == (0 if fmt.explains else 1)


def test_report_unknown_ending_is_text(capsys, event, tmp_path):
    code, out, _ = run_cli(capsys, "report", event)
    assert code == 0
    run_cli(capsys, "report", event, "-o", tmp_path / "standings.out")
    assert (tmp_path / "standings.out").read_text(encoding="utf-8") == out


def test_report_contradicting_format_is_a_usage_error(capsys, event, tmp_path):
    code, _, err = run_cli(capsys, "report", event, "-o", tmp_path / "standings.html", "--format", "csv")
    assert code == 2 and "says html" in err and not (tmp_path / "standings.html").exists()
    code, _, _ = run_cli(capsys, "report", event, "-o", tmp_path / "standings.html", "--format", "html")
    assert code == 0


@pytest.mark.parametrize("name, fmt", [("out.json", "json"), ("out.pgn", "pgn"), ("out.md", "markdown"),
                                       ("out.csv", "csv"), ("out.trf", "trf")])
def test_convert_format_from_the_file_name_as_dump(capsys, event, tmp_path, name, fmt):
    code, _, err = run_cli(capsys, "convert", event, "-o", tmp_path / name)
    assert code == 0, err
    t = trfscore.load(event)
    trfscore.dump(t, tmp_path / f"dumped-{name}")  # the library's choice for the same name
    written = (tmp_path / name).read_bytes()
    if fmt == "csv":  # the command writes CSV for spreadsheets, with a byte order mark (--no-bom: without)
        assert written.startswith(b"\xef\xbb\xbf")
        written = written[3:]
    assert written == (tmp_path / f"dumped-{name}").read_bytes()
    if fmt == "json":
        assert json.loads((tmp_path / name).read_text(encoding="utf-8"))["players"]


def test_convert_contradicting_to_is_a_usage_error(capsys, event, tmp_path):
    code, _, err = run_cli(capsys, "convert", event, "-o", tmp_path / "out.json", "--to", "pgn")
    assert code == 2 and "--to pgn" in err and not (tmp_path / "out.json").exists()
    code, _, _ = run_cli(capsys, "convert", event, "-o", tmp_path / "out.trf", "--to", "trf26")  # a TRF still
    assert code == 0 and (tmp_path / "out.trf").read_text(encoding="utf-8").startswith("012")


def test_convert_needs_a_format_somewhere(capsys, event, tmp_path):
    code, _, err = run_cli(capsys, "convert", event, "-o", tmp_path / "out.xyz")
    assert code == 2 and "--to" in err
    code, _, err = run_cli(capsys, "convert", event)
    assert code == 2 and "--to" in err


def test_convert_and_report_write_the_same_csv(capsys, event, tmp_path):
    """The byte order mark: both commands write it, and both leave it out with --no-bom."""
    for extra in ((), ("--no-bom",)):
        run_cli(capsys, "convert", event, "--to", "csv", "-o", tmp_path / "converted.csv", *extra)
        run_cli(capsys, "report", event, "--format", "csv", "-o", tmp_path / "report.csv", *extra)
        converted, report = (tmp_path / "converted.csv").read_bytes(), (tmp_path / "report.csv").read_bytes()
        assert converted == report
        assert converted.startswith(b"\xef\xbb\xbf") == (not extra)
