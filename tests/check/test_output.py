"""Every output format is well-formed, whatever the findings hold."""
from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from checkhelp import checked, cli, trf  # noqa: F401  (cli is a fixture)

from trfscore.checks.output import FORMATS, Summary, writer
from trfscore.checks.output.github import command
from trfscore.checks.runner import FileResult
from trfscore.findings import Finding
from trfscore.formats.json_schema import validate

EVIL = "a<b>&\"c\" 'd' %25 50% line\nbreak\r\x00\x07\x1b[31m ünï, key:value \u2028\u2029\x85 \u202e"


def results() -> list[FileResult]:
    evil = Finding("TRF504", "error", EVIL, 12, 99, EVIL, EVIL)
    return [
        FileResult("dir/evil, name:1.trf", [evil, Finding("TRF801", "error", "record 102 is missing"),
                                             Finding("TRF511", "warning", "rank order", 3, 86, "", "  2"),
                                             Finding("TRF104", "info", "kept", 1, 1)],
                   encoding="utf-8", format="trf", lines={12: (0, "001    1 " + EVIL)}),
        FileResult("ok.trf", [], encoding="utf-8", format="trf"),
        FileResult("gone.trf", error="no such file"),
    ]


def render(fmt: str, fail_on: str = "error") -> tuple[str, Summary]:
    stream = io.StringIO()
    out = writer(fmt, stream, fail_on=fail_on)
    summary = Summary(fail_on=fail_on)
    for r in results():
        summary.add(r)
        out.file(r)
    out.finish(summary)
    return stream.getvalue(), summary


def test_summary_counts():
    _, summary = render("text")
    assert summary.files == 3 and summary.unreadable == 1 and summary.exit_code == 2
    assert summary.severities == {"error": 2, "warning": 1, "info": 1}
    assert summary.rules["TRF504"] == {"error": 1}


def test_json_validates_against_the_schema():
    text, _ = render("json")
    doc = json.loads(text)
    assert validate(doc, "checkDocument") == []
    f = doc["files"][0]["findings"][0]
    assert set(f) <= {"rule", "severity", "line", "column", "message", "hint", "text"}
    assert f["rule"] == "TRF504" and f["line"] == 12 and f["column"] == 92 + 7 and f["message"] == EVIL
    assert doc["files"][2]["error"] == "no such file" and doc["files"][2]["findings"] == []
    assert doc["summary"]["exit_code"] == 2


def test_jsonl_lines_parse():
    text, _ = render("jsonl")
    rows = [json.loads(line) for line in text.splitlines()]
    assert [r["type"] for r in rows] == ["finding"] * 4 + ["file", "file", "error", "file", "summary"]
    assert rows[0]["message"] == EVIL
    assert [r["status"] for r in rows if r["type"] == "file"] == ["failed", "passed", "unreadable"]


def test_sarif_shape():
    text, _ = render("sarif")
    doc = json.loads(text)
    assert doc["version"] == "2.1.0" and "$schema" in doc
    run = doc["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "trfscore" and driver["rules"]
    ids = [r["id"] for r in driver["rules"]]
    for result in run["results"]:
        assert result["level"] in ("error", "warning", "note")
        assert result["message"]["text"]
        assert ids[result["ruleIndex"]] == result["ruleId"]
        loc = result["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"]
        if "region" in loc:
            assert loc["region"]["startLine"] >= 1
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert notes and notes[0]["level"] == "error"
    assert run["invocations"][0]["executionSuccessful"] is False


@pytest.mark.parametrize("fail_on, failing, passing", [
    ("error", ["TRF504", "TRF801"], ["TRF511", "TRF104"]),
    ("warning", ["TRF504", "TRF801", "TRF511"], ["TRF104"]),
    ("info", ["TRF504", "TRF801", "TRF511", "TRF104"], []),
])
def test_junit_fails_a_file_at_the_fail_on_level(fail_on, failing, passing):
    text, _ = render("junit", fail_on)
    root = ET.fromstring(text.split("\n", 1)[1])
    assert root.tag == "testsuites"
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == 3
    failure = cases[0].find("failure")
    assert failure.get("message").startswith(f"{len(failing)} finding(s) at or above '{fail_on}'")
    listed = re.compile(r"(?:error|warning|info) (TRF\d{3}) ")  # "line:col: severity RULE message"
    assert listed.findall(failure.text) == failing
    out = cases[0].find("system-out")
    assert (listed.findall(out.text) if out is not None else []) == passing
    assert cases[1].find("failure") is None and cases[1].find("error") is None
    assert cases[2].find("error") is not None
    assert root.get("failures") == "1" and root.get("errors") == "1"


def test_github_annotations_are_escaped():
    text, _ = render("github")
    lines = text.rstrip("\n").split("\n")  # the runner's line ends; U+2028 is text to it
    assert len(lines) == 5 and "\r" not in text  # four findings and the unreadable file; no raw newline leaked
    first = lines[0]
    assert first.startswith("::error file=dir/evil%2C name%3A1.trf,line=12,col=99,title=trfscore TRF504::")
    assert "%0A" in first and "%2525" in first and "50%25" in first
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", text)  # neutralised
    assert any(line.startswith("::warning ") for line in lines)
    assert any(line.startswith("::notice ") for line in lines)
    assert "line=" not in lines[1]  # a finding without a line annotates the file


def test_github_command_escaping():
    assert command("error", "100% done\nnext", file="a,b:c.trf", line=3) == \
        "::error file=a%2Cb%3Ac.trf,line=3::100%25 done%0Anext"


def test_text_is_compiler_style_and_safe():
    text, _ = render("text")
    lines = text.splitlines()
    assert lines[0].startswith("dir/evil, name:1.trf:12:99: error TRF504 a<b>")
    assert "\x1b" not in text and "\x00" not in text
    assert "dir/evil, name:1.trf: error TRF801 record 102 is missing" in text
    assert "gone.trf: fatal: cannot check: no such file" in text
    assert "hint:" in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_through_the_cli(cli, tmp_path, fmt):
    path = tmp_path / "x.trf"
    path.write_text(trf(opts={2: {"points": "7.5"}}))
    code, out, err = cli("check", path, "--format", fmt)
    assert code == 1 and out
    assert "TRF510" in out  # player 2's declared 7.5 cannot be reached in two rounds
    if fmt in ("json", "sarif"):
        json.loads(out)
    elif fmt == "junit":
        ET.fromstring(out.split("\n", 1)[1])
    elif fmt == "jsonl":
        assert all(json.loads(line) for line in out.splitlines())
    elif fmt == "github":
        assert out.startswith("::error file=")


def test_caret_stays_under_the_reported_cell():
    """A finding's caret was moved to where its stripped text next occurred up to 8 columns past
    the text's own span, so into the next round's cell (297:122 drawn under column 132)."""
    line = "001    1 m    Test, A" + " " * 10 + "   7 w =    17 w 1"
    col = line.index("   7 w =") + 1
    finding = Finding("TRF504", "error", "bad cell", 1, col, "", "    1")
    assert line.find("1", col - 1) < col - 1 + len(finding.text) + 8  # the next cell within the old slack
    stream = io.StringIO()
    writer("text", stream, fail_on="error").file(FileResult("x.trf", [finding], lines={1: (0, line)}))
    excerpt, caret = stream.getvalue().splitlines()[1:3]
    offset = excerpt.index("| ") + 2
    assert caret.index("^") - offset == col - 1


def test_every_finding_on_a_source_line_carries_its_text(cli, tmp_path):
    """36 of 1,615 findings had no ``text`` (a missing FIDE id, sex or birth date, an unranked
    field, a record that is empty): the text is now the field the column points at as written,
    a blank field as its spaces, so the caret underlines the whole field."""
    import trfscore

    opts = {1: {"fide": ""}, 2: {"rating": 0, "fide": "", "sex": "", "birth": ""}}
    text = trf(opts=opts, header=["012 Test Open", "022", "032 GER", "042 2026/04/01", "052 2026/04/03"])
    t = trfscore.loads(text)
    lines = {r.line: r.text for r in t.source.records}
    findings = checked(t, "fide")
    rules = {f.rule for f in findings}
    assert {"TRF801", "TRF802", "TRF805", "TRF804"} <= rules, rules
    for f in findings:
        assert f.line is not None and f.column is not None, f
        assert f.text, f
        if f.column <= len(lines[f.line]):
            assert lines[f.line][f.column - 1:].startswith(f.text), f  # the text the column points at
    missing_id = next(f for f in findings if f.rule == "TRF802")
    assert missing_id.text == " " * 11  # columns 58-68, blank
    path = tmp_path / "blank.trf"
    path.write_text(text)
    out = cli("check", "--profile", "fide", "--select", "TRF802", str(path))[1]
    excerpt, caret = out.splitlines()[1:3]
    offset = excerpt.index("| ") + 2
    assert caret[offset:].strip() == "^" * 11 and caret.index("^") - offset == 57


# -- per-file verdicts, concise, statistics (issue #25) -----------------------------------

def test_text_closes_each_file_with_its_verdict():
    text, _ = render("text")
    assert "dir/evil, name:1.trf: failed (2 errors, 1 warning, 1 info)" in text.splitlines()
    assert "ok.trf: passed" in text.splitlines()
    assert "gone.trf: unreadable (no such file)" in text.splitlines()


def test_verdict_at_fail_on_warning():
    text, _ = render("text", fail_on="warning")
    assert "ok.trf: passed" in text.splitlines()
    only_warning = FileResult("w.trf", [Finding("TRF511", "warning", "rank order", 3, 86)])
    from trfscore.checks.output import verdict

    assert verdict(only_warning, "error") == "passed (1 warning)"
    assert verdict(only_warning, "warning") == "failed (1 warning)"


def test_concise_is_one_line_a_finding():
    text, summary = render("concise")
    lines = text.splitlines()
    assert len(lines) == 4 + 1  # four findings, one unreadable file
    assert lines[1] == "dir/evil, name:1.trf: TRF801 error record 102 is missing"  # no line: the path alone
    assert lines[2] == "dir/evil, name:1.trf:3:86: TRF511 warning rank order"
    assert lines[0].startswith("dir/evil, name:1.trf:12:99: TRF504 error a<b>")
    assert "\x1b" not in text and "\r" not in text  # untrusted text neutralised, one line each
    assert lines[-1] == "gone.trf: fatal cannot check: no such file"
    assert summary.exit_code == 2


@pytest.mark.parametrize("fmt", ["text", "concise"])
def test_statistics_counts_by_rule(fmt):
    stream = io.StringIO()
    out = writer(fmt, stream, statistics=True)
    summary = Summary()
    extra = FileResult("b.trf", [Finding("TRF511", "warning", "rank order", 4, 86),
                                 Finding("TRF511", "warning", "rank order", 5, 86)])
    for r in results() + [extra]:
        summary.add(r)
        out.file(r)
    out.finish(summary)
    lines = stream.getvalue().splitlines()
    assert re.search(r"^3  TRF511  warning  rank order agrees with points", "\n".join(lines), re.M)
    assert any(re.match(r"^1  TRF504  error ", line) for line in lines)
    assert not any("a<b>" in line for line in lines)  # no finding listed


def test_json_sarif_junit_carry_each_files_status():
    doc = json.loads(render("json")[0])
    assert [(f["status"], f["errors"], f["warnings"], f["info"]) for f in doc["files"]] == [
        ("failed", 2, 1, 1), ("passed", 0, 0, 0), ("unreadable", 0, 0, 0)]
    assert validate(doc, "checkDocument") == []
    sarif = json.loads(render("sarif")[0])
    assert [a["properties"]["status"] for a in sarif["runs"][0]["artifacts"]] == ["failed", "passed", "unreadable"]
    root = ET.fromstring(render("junit")[0])
    statuses = [case.find("properties/property[@name='status']").get("value") for case in root.iter("testcase")]
    assert statuses == ["failed", "passed", "unreadable"]


def test_junit_calls_an_empty_file_unreadable(cli, tmp_path):
    (tmp_path / "empty.trf").write_bytes(b"")
    code, out, _ = cli("check", tmp_path / "empty.trf", "--format", "junit")
    case = ET.fromstring(out).find(".//testcase")
    assert case.find("error") is not None and case.find("failure") is None
    assert case.find("error").get("type") == "unreadable"
    code_text, out_text, _ = cli("check", tmp_path / "empty.trf")
    assert code == code_text == 2 and "unreadable" in out_text


def test_statistics_with_a_document_format_is_a_usage_error(cli, tmp_path):
    (tmp_path / "a.trf").write_text(trf(), encoding="utf-8")
    code, _, err = cli("check", tmp_path / "a.trf", "--statistics", "--format", "json")
    assert code == 2 and "--statistics" in err
