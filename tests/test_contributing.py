"""docs/contributing.md says which files each kind of change touches; these tests hold the claims
that can be derived: a tie-break is one registry line with a computation, an explanation and a
row in docs/tiebreaks.md; a report column of report/columns.py reaches the CSV, the text table, the
HTML standings and the JSON rows, for players and teams; a check rule is declared once, documented
with examples and tested."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import trfscore
from conftest import run_cli
from trfscore.checks.registry import all_rules, check_rules
from trfscore.formats.json_schema import validate
from trfscore.report import csv_report, html, json_report
from trfscore.report.columns import columns_of, player_columns
from trfscore.teams.standings import team_standings
from trfscore.tiebreaks.registry import TIEBREAKS

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "swiss-trf26.trf"
TEAMS = ROOT / "tests" / "data" / "tv10-team-swiss.trf"


def test_the_page_names_files_that_exist():
    text = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:src/trfscore/|tests/|docs/|report/|formats/|tiebreaks/)[\w/.]+)`", text))
    prefixes = {"report/": "src/trfscore/report/", "formats/": "src/trfscore/formats/",
                "tiebreaks/": "src/trfscore/tiebreaks/"}
    paths = [ROOT / next((full + n[len(short):] for short, full in prefixes.items() if n.startswith(short)), n)
             for n in named]
    assert named and [p for p in paths if not p.exists()] == []


def test_every_tiebreak_code_is_documented_and_explained():
    rows = [line.split("|")[1] for line in (ROOT / "docs" / "tiebreaks.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| ")]
    documented = {code for cell in rows for code in re.findall(r"[A-Z][A-Za-z0-9]+", cell)}
    assert [code for code in TIEBREAKS if code not in documented] == []
    # DE ranks the group still tied; its explanation is the mini-table (tiebreaks/encounter.py)
    assert [code for code, d in TIEBREAKS.items() if d.compute is not None and d.explain is None] == []


def test_every_report_column_reaches_csv_and_text(capsys):
    standings = trfscore.load(SAMPLE).standings(tiebreaks="BH-C1,SB")
    columns = player_columns(standings)
    assert csv_report.header(standings) == [c.key for c in columns if c.csv is not None]
    code, out, _ = run_cli(capsys, "report", SAMPLE, "--tiebreaks", "BH-C1,SB")
    heading = out.splitlines()[next(i for i, line in enumerate(out.splitlines()) if " Name" in line)]
    missing = [c.heading for c in columns if c.shown is not None and c.heading
               and not c.optional and c.heading not in heading.split()]
    assert code == 0 and missing == []


@pytest.mark.parametrize("teams", [False, True], ids=["players", "teams"])
def test_every_report_column_reaches_html_and_json(teams):
    """One description, every format: a column's HTML heading is in the page's standings table
    and its JSON field in every row of the document (which the schema accepts)."""
    if teams:
        t = trfscore.load(TEAMS)
        standings = team_standings(t, ["EDE", "BH:MP-C1", "MPvGP"])
    else:
        t = trfscore.load(SAMPLE)
        standings = t.standings(tiebreaks="BH-C1,SB")
    columns = columns_of(standings)
    page = html.render(t, standings)
    table = page[page.index('id="standings-table"'):page.index("</thead>", page.index('id="standings-table"'))]
    assert [c.key for c in columns if c.html is not None and not c.optional and c.html_head not in table] == []
    doc = json.loads(json_report.render(t, standings))
    rows = doc["teams" if teams else "standings"]
    assert rows and all(list(row) == [c.key for c in columns if c.json is not None] for row in rows)
    assert validate(doc, "teamReportDocument" if teams else "reportDocument") == []


def test_every_check_rule_is_declared_documented_and_tested():
    rules = all_rules()
    assert {r.id for r in check_rules()} <= set(rules)
    text = (ROOT / "tests" / "check" / "test_rules.py").read_text(encoding="utf-8")
    # the pairing verification's rules need the checker (the pairings extra): their cases live beside its tests
    pairing = (ROOT / "tests" / "pairings" / "test_pairing_rules.py").read_text(encoding="utf-8")
    for r in check_rules():
        assert "Passing" in r.doc and "Failing" in r.doc, r.id
        assert r.id in text or r.id.startswith("FID") or (r.id.startswith("TRF9") and r.id.lower() in pairing), r.id


def _layout_rows() -> dict[str, str]:
    """The Layout table of docs/contributing.md: each path of its first column -> its second column."""
    text = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            where, what = line.strip("|").split(" | ", 1)
            rows.update(dict.fromkeys(re.findall(r"`([^`]+)`", where), what))
    return rows


def test_the_layout_names_every_module_and_package():
    """Every top-level module, package and data folder of src/trfscore has a row of the Layout
    table, and a package's row names each of its modules; a row or a module named that is gone fails."""
    src = ROOT / "src" / "trfscore"
    folders = [d for d in src.rglob("*") if d.is_dir() and d.name != "__pycache__" and "__pycache__" not in d.parts]
    shape = {p.name for p in src.glob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    shape |= {d.relative_to(src).as_posix() + "/" for d in folders}
    rows = _layout_rows()
    fix = "update the Layout table of docs/contributing.md"
    assert (sorted(shape - set(rows)), sorted(set(rows) - shape)) == ([], []), f"(missing, gone): {fix}"
    for where, what in rows.items():
        named = set(re.findall(r"`([\w.]+\.py)`", what))
        if where.endswith("/") and (src / where / "__init__.py").exists():
            modules = {p.name for p in (src / where).glob("*.py")} - {"__init__.py"}
            assert (sorted(modules - named), sorted(named - modules - {"__init__.py"})) == ([], []), f"{where} (missing, gone): {fix}"
