"""Team reports in Markdown, CSV and HTML (``report --teams --format markdown|csv|html``): every
number equal to the ``--format json`` team report (the tables are read back), hostile team names
inert in every format, and the command line writing each format.

The event is the FIDE TEC team example ``tests/data/tv10-team-swiss.trf`` (14 teams, 7 rounds,
a forfeited match, a PAB and requested byes)."""
from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from report_cases import HOSTILE_NAMES, close, shown
from test_report_formats import csv_rows, md_tables, parse, parse_half, plain

import trfscore
from conftest import run_cli
from trfscore.cli import main
from trfscore.formats.markdown_text import unescape
from trfscore.report import csv_report, html, json_report, markdown
from trfscore.teams.standings import team_standings

TV10 = Path(__file__).resolve().parents[1] / "data" / "tv10-team-swiss.trf"
HOSTILE_TITLE = "Open </script><script>alert('h')</script> & <b>Co</b>"
#: (tie-breaks, primary, rounds): the file's list; none (shared ranks); every code on game points after round 5
CONFIGS = {
    "file": (None, "auto", None),
    "none": ([], "auto", None),
    "all-gp-r5": (["BH:MP", "BH:GP-C1", "EMMSB", "EGMSB", "EMGSB-C1", "EGGSB", "EDE", "MPvGP", "MP", "GP"], "GP", 5),
}
BYES = {"pab": "PAB", "full_bye": "bye", "half_bye": "bye", "zero_bye": "bye"}


@cache
def tv10() -> trfscore.Tournament:
    return trfscore.load(str(TV10))


def standings(name: str = "file", t: trfscore.Tournament | None = None):
    tiebreaks, primary, rounds = CONFIGS[name]
    return team_standings(t or tv10(), tiebreaks=tiebreaks, primary=primary, rounds=rounds)


@pytest.fixture(params=sorted(CONFIGS), ids=str)
def case(request):
    """(tournament, team standings, the JSON team report parsed)."""
    t = tv10()
    s = standings(request.param)
    return t, s, json.loads(json_report.render(t, s))


def hostile():
    """TV10 with hostile team names and header fields."""
    t = trfscore.load(str(TV10))
    for team, name in zip(t.teams, HOSTILE_NAMES):
        team.name = name
    t.header.name = HOSTILE_TITLE
    t.header.city = "<img src=x onerror=alert(6)>"
    t.header.chief_arbiter = '"><svg onload=alert(7)>'
    return t


# -- reading the tables back ----------------------------------------------------------------------
class Tables(HTMLParser):
    """The rows of every ``<table>`` by its id: per row its data-sno and cells (text, data-v)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str | None, list[dict]] = {}
        self._table = self._row = self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self._table = self.tables.setdefault(a.get("id"), [])
        elif tag == "tr" and self._table is not None:
            self._row = {"sno": a.get("data-sno"), "cells": []}
            self._table.append(self._row)
        elif tag in ("td", "th") and self._row is not None:
            self._cell = {"text": "", "v": a.get("data-v")}
            self._row["cells"].append(self._cell)

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell["text"] += data


def html_tables(page: str) -> dict[str | None, list[dict]]:
    p = Tables()
    p.feed(page)
    p.close()
    return p.tables


def check_standings(head: list[str], rows: list[list[str]], doc: dict, name=lambda x: x) -> None:
    """Rows of a team standings table (cell texts) equal the JSON team report, value for value."""
    assert head[:5] == ["Rk", "No", "Team", "MP", "GP"]
    assert [name(h) for h in head[5:]] == doc["tiebreaks"]
    assert len(rows) == len(doc["teams"])
    for cells, want in zip(rows, doc["teams"]):
        assert len(cells) == len(head), "a name broke out of its cell"
        assert cells[0] == want["rank_label"]
        assert int(cells[1]) == want["team"]
        assert name(cells[2]) == (plain(want["name"]) or "(no name)")
        assert close(cells[3], want["match_points"]) and close(cells[4], want["game_points"])
        for code, cell in zip(doc["tiebreaks"], cells[5:]):
            assert close(cell, want["tiebreaks"][code]), (code, cell, want["tiebreaks"][code])


def check_cell(label: str, match: dict) -> None:
    """One crosstable cell shows the JSON match: opponent, colour, game points, forfeit or bye."""
    kind = match["result"]
    points = Fraction(str(match["game_points"]))
    if kind == "absent":
        assert label == "–"
    elif kind in BYES:
        word, shown = label.split()
        assert word == BYES[kind] and parse_half(shown) == points, (label, match)
    else:
        m = re.fullmatch(r"(?:(\d+)([wb]?) )?(\S+)( ff)?", label)
        assert m, label
        assert (int(m.group(1)) if m.group(1) else None) == match["opponent"], (label, match)
        assert (m.group(2) or None) == match["colour"], (label, match)
        assert parse_half(m.group(3)) == points, (label, match)
        assert bool(m.group(4)) == kind.startswith("forfeit"), (label, match)


def check_crosstable(rows: list[list[str]], doc: dict, rounds: int) -> None:
    """Rk, No, Team, one cell per round, MP, GP."""
    assert len(rows) == len(doc["teams"])
    for cells, want in zip(rows, doc["teams"]):
        assert len(cells) == 3 + rounds + 2
        assert cells[0] == want["rank_label"] and int(cells[1]) == want["team"]
        assert close(cells[-2], want["match_points"]) and close(cells[-1], want["game_points"])
        matches = {m["round"]: m for m in want["matches"]}
        for rnd, label in enumerate(cells[3:3 + rounds], 1):
            check_cell(label, matches[rnd])


# -- Markdown ------------------------------------------------------------------------------------
def test_markdown_numbers_equal_json(case):
    t, s, doc = case
    tables = md_tables(markdown.render(t, s))
    assert len(tables) == 2
    head, *rows = tables[0]
    check_standings(head, rows, doc, unescape)
    x_head, *x_rows = tables[1]
    assert x_head[3:-2] == [f"R{r}" for r in range(1, s.event.rounds + 1)]
    check_crosstable([[unescape(c) for c in r] for r in x_rows], doc, s.event.rounds)


def test_markdown_header():
    t, s = tv10(), standings()
    text = markdown.render(t, s)
    assert text.startswith("# TEC team exercise")
    for fact in ("**Teams:** 14", "**Boards:** 4", "**Primary score:** match points", "win 2, draw 1, loss 0",
                 "EMGSB-C1 (extended Sonneborn-Berger", "BH:MP-C1 (Buchholz on match points, cut 1)"):
        assert fact in text, fact


def test_shared_ranks_print_as_a_range():
    t, s = tv10(), standings("none")
    head, *rows = md_tables(markdown.render(t, s))[0]
    assert [r[0] for r in rows[:5]] == ["1-5"] * 5
    assert [r for r in csv_report.rows(s)][0][:2] == ["1", "5"]


# -- CSV -----------------------------------------------------------------------------------------
def test_csv_numbers_equal_json(case):
    t, s, doc = case
    text = csv_report.render(s)
    assert text.splitlines()[0].split(",") == ["rank", "rank_to", "team", "name", "match_points", "game_points",
                                               *doc["tiebreaks"]]
    rows = csv_rows(text)
    assert len(rows) == len(doc["teams"])
    for got, want in zip(rows, doc["teams"]):
        assert [int(got[k]) for k in ("rank", "rank_to", "team")] == [want[k] for k in ("rank", "rank_to", "team")]
        assert got["name"] == csv_report.safe_cell(want["name"])
        assert close(got["match_points"], want["match_points"]) and close(got["game_points"], want["game_points"])
        for code, value in want["tiebreaks"].items():
            assert close(got[code], value, 4), (code, got[code], value)


# -- HTML ----------------------------------------------------------------------------------------
def test_html_numbers_equal_json(case):
    t, s, doc = case
    tables = html_tables(html.render(t, s))
    head, *rows = tables["standings-table"]
    check_standings([c["text"] for c in head["cells"]], [[c["text"] for c in r["cells"]] for r in rows], doc)
    for row, want in zip(rows, doc["teams"]):
        assert int(row["sno"]) == want["team"]
        for code, cell in zip(doc["tiebreaks"], row["cells"][5:]):
            value = want["tiebreaks"][code]
            key = cell["v"] if cell["v"] is not None else cell["text"]  # data-v only where the text is not exact
            assert key == "" if value is None else close(key, value, 9)
    x_head, *x_rows = tables["crosstable-table"]
    assert [r["sno"] for r in x_rows] == [r["sno"] for r in rows]
    check_crosstable([[c["text"] for c in r["cells"]] for r in x_rows], doc, s.event.rounds)


def test_html_is_self_contained():
    t, s = tv10(), standings()
    page = html.render(t, s)
    doc = parse(page)
    for tag, attrs in doc.tags:
        assert tag != "link"
        if tag == "script":
            assert "src" not in attrs
        for k in ("src", "href"):
            if attrs.get(k) is not None:
                assert attrs[k].startswith("#"), (tag, k, attrs[k])
    assert "http://" not in page and "https://" not in page
    csp = next(a for tag, a in doc.tags if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in csp["content"]
    assert all(a.get("scope") in ("col", "row") for tag, a in doc.tags if tag == "th")
    assert sum(1 for tag, _ in doc.tags if tag == "caption") == 2
    assert sum(1 for tag, a in doc.tags if tag == "table" and "sortable" in a.get("class", "")) == 1
    data = json.loads(doc.scripts[0])
    assert data["codes"] == list(s.tiebreaks)
    for row in s.rows:  # the opponents the page highlights are the teams met
        met = {r.opponent for r in row.team.rounds if r.opponent is not None and r.kind not in BYES}
        assert set(data["opponents"][str(row.number)]) == met
    text = "".join(doc.text)
    for fact in ("Teams", "Boards", "Primary score", "EMGSB-C1", s.rules):
        assert fact in text


# -- hostile input -------------------------------------------------------------------------------
def test_hostile_names_in_markdown():
    t = hostile()
    text = markdown.render(t, standings(t=t))
    for table in md_tables(text):
        head, *rows = table
        assert all(len(r) == len(head) for r in rows), "a name broke out of its cell"
        assert {unescape(r[2]) for r in rows} >= {plain(name) for name in HOSTILE_NAMES}
    assert not re.search(r"(?<!\\)[<>]", text), "every < and > is backslash-escaped"
    assert not re.search(r"(?<!\\)\]\(", text), "no link syntax"
    assert not re.search("[\u2028\t\x1b\x07\x9b\u202e]", text)
    assert "# Open \\<" in text


def test_hostile_names_in_csv():
    t = hostile()
    rows = csv_rows(csv_report.render(standings(t=t)))
    names = {r["name"] for r in rows}
    for bad in ("=HYPERLINK", "+1+cmd", "-2+3", "@SUM"):
        original = next(n for n in HOSTILE_NAMES if n.startswith(bad))
        assert "'" + original in names and original not in names, bad
    assert " Tabbed" in names and names >= {shown(n) for n in HOSTILE_NAMES if not n.startswith(("=", "+", "-", "@"))}
    for r in rows:
        for value in r.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), value
            assert not value.startswith("-") or re.fullmatch(r"-\d+(\.\d+)?", value), value


def test_hostile_names_in_html():
    t = hostile()
    page = html.render(t, standings(t=t))
    doc = parse(page)
    assert [tag for tag, _ in doc.tags].count("script") == 2
    for tag, attrs in doc.tags:
        assert tag not in ("img", "svg", "iframe", "object", "embed", "b"), tag
        assert not any(k.lower().startswith("on") for k in attrs), (tag, attrs)
        assert all(attrs[k].startswith("#") for k in ("href", "src", "action") if k in attrs), attrs
    text = "".join(doc.text)
    for name in HOSTILE_NAMES + [HOSTILE_TITLE]:
        assert shown(name) in text, name
    assert not re.search("[\u2028\t\x1b\x07\x9b\u202e]", page)
    for raw in ("<script>alert", "<img src=x", '"onmouseover="alert', "<svg onload", "</script><script>", "<b>"):
        assert raw not in page
    json.loads(doc.scripts[0])


def explain_teams(capsys, number: int, code: str, *options: str) -> str:
    """What ``trfscore explain TV10 --teams --player NUMBER --tiebreak CODE OPTIONS`` prints."""
    status, out, err = run_cli(capsys, "explain", TV10, "--teams", "--player", number, "--tiebreak", code, *options)
    assert status == 0, err
    return out.removesuffix("\n")


@pytest.mark.parametrize("options", [(), ("--tiebreaks", "BH:MP-C1,EMMSB,EDE,MPvGP", "--primary", "GP")], ids=["file", "gp"])
def test_html_explanations_are_the_explain_teams_text(tmp_path, capsys, options):
    """The page explains every team's tie-break value with the text ``trfscore explain --teams``
    prints (the browser test opens each panel)."""
    out = tmp_path / "teams.html"
    assert run_cli(capsys, "report", TV10, "--teams", "--format", "html", "-o", out, *options)[0] == 0
    data = json.loads(parse(out.read_text(encoding="utf-8")).scripts[0])
    s = team_standings(tv10(), tiebreaks=list(options[1].split(",")) if options else None,
                       primary=options[3] if options else "auto")
    assert data["codes"] == list(s.tiebreaks) and data["numbered"] == "team no."
    want = {str(row.number): [None if row.tiebreaks.get(code) is None else str(s.explain(row.number, code))
                              for code in s.tiebreaks] for row in s.rows}
    assert data["explain"] == want and data["columns"] is None
    for row in (s.rows[0], s.rows[-1]):  # explain's own output, for the first and the last team
        for j, code in enumerate(s.tiebreaks):
            assert data["explain"][str(row.number)][j] == explain_teams(capsys, row.number, code, *options)


# -- through the command line --------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["markdown", "csv", "html"])
def test_cli_formats(tmp_path, fmt):
    out, ref = tmp_path / f"teams.{fmt}", tmp_path / "teams.json"
    assert main(["report", str(TV10), "--teams", "--format", fmt, "-o", str(out)]) == 0
    assert main(["report", str(TV10), "--teams", "--format", "json", "-o", str(ref)]) == 0
    text = out.read_text(encoding="utf-8")
    doc = json.loads(ref.read_text(encoding="utf-8"))
    if fmt == "markdown":
        head, *rows = md_tables(text)[0]
        check_standings(head, rows, doc, unescape)
    elif fmt == "csv":
        assert [int(r["team"]) for r in csv_rows(text)] == [r["team"] for r in doc["teams"]]
    else:
        assert text.startswith("<!DOCTYPE html>") and text.count('<tr id="s') == len(doc["teams"])


@pytest.mark.parametrize("fmt", ["markdown", "csv", "html"])
def test_cli_hostile_team_file(tmp_path, fmt, capsys):
    """A TRF whose 310 name is markup and a formula: exit 0, the name inert in the output."""
    name = '=1+@<script>x</script>"q"'
    path = tmp_path / "hostile.trf"
    path.write_text(TV10.read_text(encoding="utf-8").replace("Antelopes" + " " * 23, name.ljust(32)),
                    encoding="utf-8")
    out = tmp_path / f"out.{fmt}"
    assert main(["report", str(path), "--teams", "--format", fmt, "-o", str(out)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    text = out.read_text(encoding="utf-8")
    if fmt == "csv":  # markup is harmless in a spreadsheet; the formula is not
        names = {r["name"] for r in csv_rows(text)}
        assert "'" + name in names and name not in names
    elif fmt == "markdown":
        assert "<script>x" not in text and "=1+@\\<script\\>x\\</script\\>\"q\"" in text
    else:
        assert "<script>x" not in text and "=1+@&lt;script&gt;x&lt;/script&gt;&quot;q&quot;" in text


def test_team_text_table_pages_like_the_individual_one():
    # one text writer for players and teams (report/columns.py): eight team tie-breaks do not fit 80
    # columns, so the last moves to a second block that repeats Rk, No and Team (the team table used
    # to run past the width: 87 columns here)
    from trfscore.report import text

    t = tv10()
    s = team_standings(t, "EDE,BH:MP-C1,EMMSB,EMGSB,EGMSB,EGGSB,MPvGP,BH:GP", rules="fide-2024")
    out = text.render(t, s, width=80)
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert "continued (2/2): BH:GP" in lines
    second = lines[lines.index("continued (2/2): BH:GP") + 1]
    assert second.split() == ["Rk", "No", "Team", "BH:GP"]
    assert text.render(t, standings(t=t), width=200).count("continued") == 0


def test_csv_columns_of_teams_and_players_come_from_one_description():
    from trfscore.report.columns import player_columns, team_columns

    t = tv10()
    s = standings(t=t)
    assert csv_report.header(s) == ["rank", "rank_to", "team", "name", "match_points", "game_points", *s.tiebreaks]
    assert [c.key for c in team_columns(s) if c.csv] == csv_report.header(s)
    assert [c.heading for c in team_columns(s) if c.shown][:5] == ["Rk", "No", "Team", "MP", "GP"]
    individual = t.standings(tiebreaks=["BH"])
    assert [c.key for c in player_columns(individual) if c.csv][:9] == ["rank", "rank_to", "start_rank", "title", "name",
                                                                       "federation", "rating", "fide_id", "points"]
    # JSON's fields come from the same descriptions, in the order the document writes them
    doc = json.loads(json_report.render(t, s))
    assert [c.key for c in team_columns(s) if c.json] == list(doc["teams"][0])
    doc = json.loads(json_report.render(t, individual))
    assert [c.key for c in player_columns(individual) if c.json] == list(doc["standings"][0])
