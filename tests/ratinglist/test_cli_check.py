"""``trfscore check FILE --rating-list LIST``: every output format, exit codes, bad lists."""
from __future__ import annotations

import json

import pytest

from .listhelp import CARLSEN, run, trf, write, xml_list, zipped
from .test_fid_rules import with_list


@pytest.fixture()
def files(tmp_path):
    lst = zipped(tmp_path, "players_list_xml.zip", "players_list_xml_foa.xml", xml_list(with_list()))
    good = write(tmp_path, "good.trf", trf(header=["012 T", "022 C", "032 GER", "042 2026/04/01", "052 2026/04/03",
                                                   "102 A, B", "132" + " " * 88 + "26/04/01  26/04/02"]))
    bad = write(tmp_path, "bad.trf", trf(opts={2: {"rating": 1850}}))
    return lst, good, bad


def test_clean_file_passes_and_fide_is_the_default_profile(capsys, files):
    lst, good, _ = files
    code, out, err = run(capsys, "check", good, "--rating-list", lst)
    assert code == 0, out + err


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "sarif", "junit", "github"])
def test_findings_in_every_output_format(capsys, files, fmt):
    from trfscore.checks.output import FORMATS

    if fmt not in FORMATS:
        pytest.skip(f"no {fmt} output")
    lst, _, bad = files
    code, out, err = run(capsys, "check", bad, "--rating-list", lst, "--format", fmt)
    assert code == 1 and "FID009" in out and "1850" in out


def test_jobs_share_the_built_index(capsys, files):
    lst, good, bad = files
    code, out, err = run(capsys, "check", good, bad, "--rating-list", lst, "--jobs", "2", "--format", "json")
    assert code == 1
    rules = [f["rule"] for r in json.loads(out)["files"] for f in r["findings"]]
    assert rules.count("FID009") == 1


@pytest.mark.parametrize("content, expected", [
    ("<html><body>not a list</body></html>", "expected <playerslist>"),
    ("<playerslist><player><fideid>1", "truncated or malformed XML"),
    ("Name;Club\nA;B\n", "not a rating list"),
])
def test_a_list_that_is_not_a_list_is_exit_2(capsys, tmp_path, files, content, expected):
    _, good, _ = files
    path = write(tmp_path, "list.xml", content)
    code, out, err = run(capsys, "check", good, "--rating-list", path)
    assert code == 2 and str(path) in err and expected in err and "Traceback" not in err


def test_zip_without_list_and_missing_list(capsys, tmp_path, files):
    _, good, _ = files
    empty = zipped(tmp_path, "empty.zip", "readme.txt.pdf", "x")
    code, _, err = run(capsys, "check", good, "--rating-list", empty)
    assert code == 2 and "holds no rating list" in err
    code, _, err = run(capsys, "check", good, "--rating-list", tmp_path / "missing.zip")
    assert code == 2 and "no such file" in err


def test_malformed_rows_are_reported_on_stderr(capsys, tmp_path, files):
    _, good, _ = files
    path = write(tmp_path, "l.xml", xml_list(with_list([{"fideid": "x1", "name": "Bad"}, CARLSEN])))
    code, out, err = run(capsys, "check", good, "--rating-list", path)
    assert code == 0 and "1 malformed row(s) skipped" in err
