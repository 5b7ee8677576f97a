"""``report --norms``: the Norms column in every format, the HTML explanation on click, and every
norms JSON document valid under the published schema (``trfscore schema``)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest

from trfscore.cli import main
from trfscore.formats.json_schema import schema

# example A of docs/norms.md: a GM norm counting 10 games, an IM norm counting 11
EVENT = Path(__file__).resolve().parents[1] / "data" / "norms" / "swiss-gm-norm.trf"


def run(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr().out


def validate(doc, definition):
    full = dict(schema())
    full.pop("oneOf")
    errors = list(jsonschema.Draft202012Validator({**full, "$ref": f"#/$defs/{definition}"}).iter_errors(doc))
    assert errors == []
    # and the document is one of the documents the schema lists (exactly one)
    assert list(jsonschema.Draft202012Validator(schema()).iter_errors(doc)) == []


def test_text_csv_markdown_carry_the_norms(capsys):
    code, out = run(capsys, "report", str(EVENT), "--norms")
    assert code == 0 and "Norms" in out and "GM(10) IM(11)" in out
    _, out = run(capsys, "report", str(EVENT), "--norms", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert {r["start_rank"]: r["norms"] for r in rows}["1"] == "GM(10) IM(11)"
    assert all(r["norms"] == "" for r in rows if r["start_rank"] != "1")
    _, out = run(capsys, "report", str(EVENT), "--norms", "--format", "markdown")
    assert "| Norms |" in out and "| GM(10) IM(11) |" in out


def test_without_the_option_no_column(capsys):
    _, out = run(capsys, "report", str(EVENT), "--format", "csv")
    assert "norms" not in out.splitlines()[0]


def test_html_cell_explains_on_click(capsys):
    html5lib = pytest.importorskip("html5lib")
    _, out = run(capsys, "report", str(EVENT), "--norms", "--format", "html")
    html5lib.HTMLParser(strict=True).parse(out)  # a <details> in a cell is valid HTML5
    assert "<details><summary>GM(10) IM(11)</summary>" in out
    assert "[ok] 1.4.8   performance: p = 7/9 → 78 %, dp +220; Rp = 2479 +220 = 2699 ≥ 2600" in out


def test_html_explanation_is_escaped(capsys, tmp_path):
    old = "Opponent02, B"
    new = "<b>Evil</b>&"
    text = EVENT.read_text(encoding="utf-8").replace(old, new.ljust(len(old)))
    path = tmp_path / "evil.trf"
    path.write_text(text, encoding="utf-8")
    _, out = run(capsys, "report", str(path), "--norms", "--format", "html")
    assert "<b>Evil" not in out and "R1 2 GM ESP 2520 ½" in out  # the explanation names opponents by number
    assert "&lt;b&gt;Evil&lt;/b&gt;&amp;" in out  # the standings' name cell


def test_report_json_rows_validate(capsys):
    _, out = run(capsys, "report", str(EVENT), "--norms", "--format", "json")
    doc = json.loads(out)
    first = next(r for r in doc["standings"] if r["start_rank"] == 1)
    assert first["norms"] == [{"norm": "GM", "status": "achieved", "length": 10, "first_failure": None},
                              {"norm": "IM", "status": "achieved", "length": 11, "first_failure": None}]
    validate(doc, "reportDocument")


@pytest.mark.parametrize(("argv", "definition"), [(["--format", "json"], "normsDocument"),
                                                  (["--player", "1", "--format", "json"], "normsExplanation"),
                                                  (["--certificate"], "normCertificates"),
                                                  (["--after-round", "6", "--format", "json"], "normsDocument")])
def test_norms_documents_validate(capsys, argv, definition):
    _, out = run(capsys, "norms", str(EVENT), *argv)
    validate(json.loads(out), definition)
