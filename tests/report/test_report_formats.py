"""Markdown, CSV and HTML reports without a browser: escaping of hostile text, spreadsheet
formula injection, and every number equal to the ``--format json`` numbers (the Markdown and CSV
tables are read back into numbers)."""
from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from report_cases import (
    HOSTILE_NAMES,
    case,  # noqa: F401  (a fixture)
    cases,
    close,
    fake_ratings,
    hostile,
    reference,
    shown,
    standings,
)

from trfscore.cli import main
from trfscore.decimals import format_value
from trfscore.model import Kind
from trfscore.ratings.tournament import rate_tournament
from trfscore.report import csv_report, html, json_report, markdown
from trfscore.report.common import plain_number, tiebreak_name
from trfscore.report.values import rating_row
from trfscore.tiebreaks import explain_columns


# -- reading our tables back -------------------------------------------------------------------
def split_row(line: str) -> list[str]:
    """Cells of a Markdown table row, honouring backslash escapes (``\\|`` is not a separator)."""
    assert line.startswith("|") and line.endswith("|"), line
    cells, cur, i = [], "", 1
    body = line[:-1]
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            cur += body[i:i + 2]
            i += 2
            continue
        if ch == "|":
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    cells.append(cur.strip())
    return cells


def md_tables(text: str) -> list[list[list[str]]]:
    """Every table in a Markdown document: a list of rows (the heading row first)."""
    tables, current = [], None
    for line in text.splitlines():
        if line.startswith("|"):
            if current is None:
                current = []
                tables.append(current)
            if re.fullmatch(r"\|(:?-+:?\|)+", line):
                continue
            current.append(split_row(line))
        else:
            current = None
    return tables


def plain(text: str) -> str:
    """What a Markdown cell holds for ``text`` once unescaped: the text as shown, stripped."""
    return shown(text).strip()


def parse_half(text: str) -> Fraction:
    """``½`` -> 1/2, ``2½`` -> 5/2, ``1`` -> 1."""
    if text.endswith("½"):
        return Fraction(text[:-1] or 0) + Fraction(1, 2)
    return Fraction(text)


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def check_standings_rows(head, rows, doc, ratings=None, places=2):
    """Rows of a standings table (Markdown) equal the JSON document, value for value."""
    col = {h: i for i, h in enumerate(head)}
    assert len(rows) == len(doc["standings"])
    for cells, want in zip(rows, doc["standings"]):
        assert cells[col["Rk"]] == want["rank_label"]
        assert int(cells[col["SNo"]]) == want["start_rank"]
        assert markdown.unescape(cells[col["Name"]]) == plain(want["name"])
        for heading, key, value in (("Ti", "title", plain(want["title"])), ("FED", "federation", plain(want["federation"])),
                                    ("Rtg", "rating", "" if want["rating"] is None else str(want["rating"]))):
            if heading in col:
                assert markdown.unescape(cells[col[heading]]) == value
            else:  # left out only when nobody fills it
                assert not any(r[key] not in (None, "") and str(r[key]).strip() for r in doc["standings"])
        assert close(cells[col["Pts"]], want["points"])
        for code, value in want["tiebreaks"].items():
            assert close(cells[col[markdown.escape(code)]], value, places), (code, cells, value)
        if ratings is not None:
            entry = want["rating_change"]
            for key, heading in (("ro", "Ro"), ("we", "We"), ("w", "W"), ("coefficient", "K/E"), ("rn", "Rn"),
                                 ("change", "+/-")):
                assert close(cells[col[heading]], entry.get(key) if entry else None), (key, cells)


# -- Markdown ----------------------------------------------------------------------------------
def test_markdown_numbers_equal_json(case):
    t, s = case
    doc = reference(t, s)
    text = markdown.render(t, s)
    tables = md_tables(text)
    assert len(tables) == 2
    head, *rows = tables[0]
    check_standings_rows(head, rows, doc)


def test_markdown_crosstable_adds_up(case):
    """Every crosstable row: results sum to the points and opponent numbers point at the right rows."""
    t, s = case
    if not t.scoring.is_default:
        pytest.skip("results are 1/½/0 symbols; only the default scoring makes them add up")
    head, *rows = md_tables(markdown.render(t, s))[1]
    by_no = {int(r[0]): int(r[1]) for r in rows}
    grid = head[3] == "1"
    value = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
             "": Fraction(0), "–": Fraction(0)}
    for row, srow in zip(rows, s.rows):
        assert int(row[1]) == srow.start_rank
        cells = row[3:-1]
        total = Fraction(0)
        if grid:
            for no, c in enumerate(cells, 1):
                if c == "×":
                    assert by_no[no] == srow.start_rank
                    continue
                total += sum((value[x] for x in c.split()), Fraction(0))
            total += sum((t.scoring.points(g) for g in srow.player.games if g.kind in Kind.BYES), Fraction(0))
        else:
            for rnd, c in enumerate(cells, 1):
                g = srow.player.game(rnd)
                if c.startswith(("PAB ", "bye ")):
                    assert g.kind in Kind.BYES
                    total += parse_half(c.split()[1])
                    continue
                total += value[c[-1]] if c else Fraction(0)
                m = re.match(r"(\d+)([wb ]?)", c)
                if m:
                    assert by_no[int(m.group(1))] == g.opponent, (c, g)
                    assert (m.group(2) or None) in (g.colour, " ")
        assert total == srow.points, (row, srow.points)


def test_markdown_escapes_hostile_text():
    t = hostile()
    s = standings(t)
    text = markdown.render(t, s)
    head, *rows = md_tables(text)[0]
    assert all(len(r) == len(head) for r in rows), "a name broke out of its cell"
    name_col = head.index("Name")
    got = {markdown.unescape(r[name_col]) for r in rows}
    assert got == {plain(name) for name in HOSTILE_NAMES}
    assert not re.search(r"(?<!\\)[<>]", text), "every < and > is backslash-escaped"
    assert not re.search(r"(?<!\\)\]\(", text) and "\\[x\\](javascript:alert(5))" in text  # no link syntax
    assert not re.search("[\u2028\t\x1b\x07\x9b\u202e]", text)
    for line in text.splitlines():
        if line.startswith("| ") and "Pipe" in line:
            assert "Pipe \\| and \\\\ backslash" in line
    assert "# Open \\<" in text  # the title is escaped too
    x_head, *x_rows = md_tables(text)[1]
    assert all(len(r) == len(x_head) for r in x_rows)


def test_markdown_escape_roundtrip():
    for name in HOSTILE_NAMES + ["a\\|b", "\\", "|", "`code`", "$x$", "~~s~~", "new\nline"]:
        assert markdown.unescape(markdown.escape(name)) == plain(name)
        assert "\n" not in markdown.escape(name)


def test_markdown_with_ratings():
    t = cases()["swiss-40"]
    s = standings(t)
    ratings = fake_ratings(t)
    doc = reference(t, s, ratings)
    head, *rows = md_tables(markdown.render(t, s, ratings=ratings))[0]
    assert head[-6:] == ["Ro", "We", "W", "K/E", "Rn", "+/-"]
    check_standings_rows(head, rows, doc, ratings=ratings)


# -- CSV ----------------------------------------------------------------------------------------
def check_csv(rows, doc, ratings=None):
    assert len(rows) == len(doc["standings"])
    for got, want in zip(rows, doc["standings"]):
        assert int(got["rank"]) == want["rank"] and int(got["rank_to"]) == want["rank_to"]
        assert int(got["start_rank"]) == want["start_rank"]
        assert got["name"] == csv_report.safe_cell(want["name"])
        assert got["rating"] == ("" if want["rating"] is None else str(want["rating"]))
        assert close(got["points"], want["points"])
        for code, value in want["tiebreaks"].items():
            assert close(got[code], value, 4), (code, got[code], value)
            assert "/" not in got[code] and "," not in got[code]
        if ratings is not None:
            entry = want["rating_change"] or {}
            for key in ("ro", "we", "w", "coefficient", "rn", "change"):
                assert close(got[key], entry.get(key)), (key, got[key], entry.get(key))


def test_csv_numbers_equal_json(case):
    t, s = case
    text = csv_report.render(s)
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader)
    assert header[:9] == ["rank", "rank_to", "start_rank", "title", "name", "federation", "rating", "fide_id",
                          "points"]
    assert header[9:] == list(s.tiebreaks)
    check_csv(csv_rows(text), reference(t, s))


def test_csv_with_ratings_keeps_negative_numbers():
    t = cases()["swiss-40"]
    s = standings(t)
    ratings = fake_ratings(t)
    text = csv_report.render(s, ratings=ratings)
    rows = csv_rows(text)
    check_csv(rows, reference(t, s, ratings), ratings)
    changes = [r["change"] for r in rows if r["change"]]
    assert any(c.startswith("-") for c in changes), "a negative change must stay a plain number"
    assert not any(c.startswith("'") for c in changes)


def test_csv_neutralises_formulas():
    t = hostile()
    s = standings(t)
    rows = csv_rows(csv_report.render(s))
    names = {r["name"] for r in rows}
    for bad in ("=HYPERLINK", "+1+cmd", "-2+3", "@SUM"):
        original = next(n for n in HOSTILE_NAMES if n.startswith(bad))
        assert "'" + original in names, bad
        assert original not in names
    assert names >= {shown(n) for n in HOSTILE_NAMES if not n.startswith(("=", "+", "-", "@"))}
    assert " Tabbed" in names  # a tab cannot start a cell
    for r in rows:
        for value in r.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), value
            if value.startswith("-"):
                assert re.fullmatch(r"-\d+(\.\d+)?", value), value
    assert "<script>alert(1)</script>" in names  # harmless in a spreadsheet: kept as it is


@pytest.mark.parametrize("text, out", [("=1+2", "'=1+2"), ("-12", "-12"), ("-1.5", "-1.5"), ("-1+2", "'-1+2"),
                                       ("+5", "'+5"), ("@x", "'@x"), ("\r1", " 1"), ("6.5", "6.5"), ("a=b", "a=b"),
                                       ("", "")])
def test_safe_cell(text, out):
    assert csv_report.safe_cell(text) == out


@pytest.mark.parametrize("value, text", [(Fraction(139, 2), "69.5"), (Fraction(1, 8), "0.125"), (7, "7"),
                                         (Fraction(354, 7), "50.5714"), (Fraction(-1, 3), "-0.3333"),
                                         ("1/3", "0.3333"), (4.37, "4.37"), (3.0, "3"), (None, "")])
def test_plain_number(value, text):
    assert plain_number(value) == text


# -- HTML (static) ------------------------------------------------------------------------------
class Collect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._in_script = False
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if tag == "script":
            self.scripts.append("")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts[-1] += data
        else:
            self.text.append(data)


def parse(page: str) -> Collect:
    c = Collect()
    c.feed(page)
    c.close()
    return c


def test_html_hostile_names_are_text():
    t = hostile()
    s = standings(t)
    page = html.render(t, s)
    doc = parse(page)
    scripts = [a for tag, a in doc.tags if tag == "script"]
    assert len(scripts) == 2 and scripts[0].get("type") == "application/json" and "type" not in scripts[1]
    for tag, attrs in doc.tags:
        assert tag not in ("img", "svg", "iframe", "object", "embed"), tag
        assert not any(k.lower().startswith("on") for k in attrs), (tag, attrs)
        for _k, v in attrs.items():
            assert "javascript:" not in (v or "").lower()
    text = "".join(doc.text)
    for name in HOSTILE_NAMES:
        assert shown(name) in text, name
    assert not re.search("[\u2028\t\x1b\x07\x9b\u202e]", page)
    assert "Open </script><script>alert('h')</script> & <b>Co</b>" in text
    for raw in ("<script>alert", "<img src=x", '"onmouseover="alert', "<svg onload", "</script><script>"):
        assert raw not in page
    data = json.loads(doc.scripts[0])
    assert set(data) >= {"codes", "explain", "columns", "opponents"}
    for row in s.rows:  # every value is explained, by a text or by the columns
        for j, code in enumerate(s.tiebreaks):
            if row.tiebreaks.get(code) is not None:
                assert page_explanation(data, row.start_rank, j) == str(s.explain(row.start_rank, code))


def page_explanation(data: dict, start_rank: int, j: int) -> str:
    """The explanation of tie-break ``j`` the page holds for a player: its text, or the one the
    explanation columns rebuild (the script writes the same; the browser test compares them)."""
    texts = data["explain"].get(str(start_rank))
    if texts and texts[j] is not None:
        return texts[j]
    columns = data["columns"]
    return str(explain_columns.explanation(columns, j, columns["start_ranks"].index(start_rank)))


def test_script_json_cannot_close_the_element():
    value = {"a": "</script><script>alert(1)</script>", "b": "<!-- -->", "c": "&amp; \u2028\u2029", "d": ">",
             "e": "\x1b]0;x\x07 \x9b \u202e \\u0007 \\\x07"}
    text = html.script_json(value)
    for bad in ("<", ">", "&", "\u2028", "\u2029", "\x1b", "\\u001b", "\\u0007", "\x9b", "\u202e"):
        assert bad not in text.replace("\\\\u0007", ""), bad  # the text "\u0007" in a name is kept
    assert json.loads(text) == {key: shown(v) for key, v in value.items()}


def test_html_is_self_contained(case):
    t, s = case
    page = html.render(t, s)
    doc = parse(page)
    for tag, attrs in doc.tags:
        assert tag != "link", "no external stylesheet"
        if tag == "script":
            assert "src" not in attrs
        for k in ("src", "href"):
            v = attrs.get(k)
            if v is not None:
                assert v.startswith("#") or v.startswith("data:"), (tag, k, v)
    assert "http://" not in page and "https://" not in page
    csp = next(a for tag, a in doc.tags if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in csp["content"]
    ths = [a for tag, a in doc.tags if tag == "th"]
    assert all(a.get("scope") in ("col", "row") for a in ths)
    assert sum(1 for tag, _ in doc.tags if tag == "caption") == 2
    data = json.loads(doc.scripts[0])
    assert data["codes"] == list(s.tiebreaks)
    row = s.rows[0]
    for i, code in enumerate(s.tiebreaks):
        if row.tiebreaks.get(code) is not None:
            assert page_explanation(data, row.start_rank, i) == str(s.explain(row.start_rank, code))


def test_html_header_facts():
    t = cases()["swiss-40"]
    s = standings(t)
    page = html.render(t, s)
    text = "".join(parse(page).text)
    for fact in (t.header.name, "Nowhere", "2026-04-01", "Arbiter, Chief", s.rules):
        assert fact in text
    for code in s.tiebreaks:
        assert code in text
        assert tiebreak_name(code) in page


def test_the_reports_name_each_tiebreak_as_the_registry_does():
    # one source: the legend's names are the registry's (docs/tiebreaks.md), modifiers spelt out;
    # the report once kept its own table, which named APRO "average perfect performance of opponents"
    # and left STD, TPN, RTNG, NNSB and the US Chess codes unnamed
    from trfscore.tiebreaks.registry import TIEBREAKS

    for code, definition in TIEBREAKS.items():
        assert tiebreak_name(code) == definition.name
    assert tiebreak_name("APRO") == "Average performance rating of opponents"  # C.07 Art. 10.4
    assert tiebreak_name("BH-C1") == "Buchholz, cut 1" and tiebreak_name("bh-m2") == "Buchholz, median 2"
    assert tiebreak_name("BH:MP") == "Buchholz on match points" and tiebreak_name("XYZ") == "XYZ"


def test_html_ratings_columns():
    t = cases()["swiss-40"]
    s = standings(t)
    page = html.render(t, s, ratings=fake_ratings(t))
    for heading in ("Ro", "We", "K/E", "Rn", "+/-"):
        assert f">{heading}</abbr>" in page
    assert ">Ro</abbr>" not in html.render(t, s)


def test_crosstable_points_with_the_half_glyph():
    assert [format_value(x, half_glyph=True) for x in (Fraction(1), Fraction(1, 2), Fraction(5, 2), Fraction(0), None)] \
        == ["1", "½", "2½", "0", ""]


# -- through the command line -------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["markdown", "csv", "html"])
def test_cli_formats(tmp_path, fmt):
    path = tmp_path / "event.trf"
    from trfscore.testing.generate import swiss, to_trf

    path.write_text(to_trf(swiss(30, 5, seed=4, forfeits=0.05, byes=0.05)), encoding="utf-8")
    out = tmp_path / f"out.{fmt}"
    assert main(["report", str(path), "--format", fmt, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8-sig")  # CSV starts with a byte order mark
    assert main(["report", str(path), "--format", "json", "-o", str(tmp_path / "out.json")]) == 0
    doc = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    if fmt == "csv":
        check_csv(csv_rows(text), doc)
    elif fmt == "markdown":
        head, *rows = md_tables(text)[0]
        check_standings_rows(head, rows, doc)
    else:
        assert text.startswith("<!DOCTYPE html>") and text.count('<tr id="s') == 30


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_crosstable_columns_follow_the_cells_not_a_claimed_round_count(tmp_path, fmt):
    """A JSON document claiming 200,000 rounds over five rounds of cells made the crosstable that
    many columns wide (100,000,000: MemoryError)."""
    from trfscore.formats import json_write
    from trfscore.testing.generate import swiss

    doc = json_write.to_dict(swiss(6, 5, seed=4), records=False)
    doc["rounds"] = 200_000
    path = tmp_path / "claims.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / f"out.{fmt}"
    assert main(["report", str(path), "--format", fmt, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "R5" in text and "R6" not in text and len(text) < 200_000


@pytest.mark.parametrize("case", sorted(cases()) + ["hostile"])
def test_json_rows_written_directly_equal_the_general_encoder(case):
    """render() writes rows without building dicts; it must give exactly json.dumps' text."""
    from trfscore.formats.json_text import dumps

    t = hostile() if case == "hostile" else cases()[case]
    if case == "hostile":  # names json must escape: quotes, backslashes, control and non-ASCII characters
        t.players[2].name = 'Quote " back \\ slash \x00 \x1f \u00e9 \u2028 \U0001f600'
        t.players[3].fide_id = "\u0000\n"
        t.players[4].points = Fraction(10, 3)  # a declared value that is not a finite decimal
        t.players[5].rank = 0
    for codes in (None, ["BH-C1", "SB", "ARO", "TPR", "DE", "KS"], []):
        s = t.standings(tiebreaks=codes)
        assert json_report.render(t, s) == dumps(json_report.to_dict(t, s), "standings")
    ratings = {sno: rating_row(r) for sno, r in rate_tournament(t, "fide").items()}
    assert (json_report.render(t, s, ratings, ratings_system="fide")
            == dumps(json_report.to_dict(t, s, ratings, ratings_system="fide"), "standings"))
    if case == "hostile":  # a library user's odd value types still give the general encoder's text
        t.players[0].title = None
        t.players[1].federation = 7
        s = t.standings()
        assert json_report.render(t, s) == dumps(json_report.to_dict(t, s), "standings")
        t.players[2].rating = True  # a bool is not a rating: JSON must not write it as 1
        t.players[1].federation = "GER"
        t.players[0].title = ""
        s = t.standings()
        assert json_report.render(t, s) == dumps(json_report.to_dict(t, s), "standings")


@pytest.mark.parametrize("run", [1, 2, 3, 10_000])
def test_json_rows_joined_in_runs_equal_the_general_encoder(monkeypatch, run):
    """render() joins the rows a run of ``_RUN`` at a time: every run length (one row, a last run
    shorter than the others, one run for all) gives json.dumps' text."""
    from trfscore.formats.json_text import dumps

    t = hostile()
    s = t.standings(tiebreaks=["BH-C1", "SB", "PS"])
    assert len(s.rows) > 3 and len(s.rows) % 3  # runs of 3: the last one shorter than the others
    monkeypatch.setattr(json_report, "_RUN", run)
    assert json_report.render(t, s) == dumps(json_report.to_dict(t, s), "standings")


def test_json_written_a_run_at_a_time_is_the_rendered_text(monkeypatch):
    """The command writes the JSON report a piece at a time (json_report.write): the pieces
    joined are render()'s text, escapes included, and no piece holds more than one run of rows."""

    class Pieces(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.pieces: list[str] = []

        def write(self, piece: str) -> int:
            self.pieces.append(piece)
            return super().write(piece)

    t = hostile()
    t.players[2].name = 'Quote " \x7f \u2028 \u202e \x9f'  # escaped by escape_json_text, piece by piece
    s = t.standings(tiebreaks=["BH-C1", "SB", "PS"])
    monkeypatch.setattr(json_report, "_RUN", 2)
    out = Pieces()
    json_report.write(t, s, out)
    assert out.getvalue() == json_report.render(t, s)
    assert "\\u2028" in out.getvalue() and "\u2028" not in out.getvalue()
    rows = [piece for piece in out.pieces if piece.startswith('{"rank"')]
    assert len(rows) == -(-len(s.rows) // 2) and all(piece.count("\n") <= 1 for piece in rows)


def test_rows_changed_through_the_api_are_what_reports_show():
    """Standings keep columns and build rows on first use; once built, the rows (changed or not)
    are what every report reads."""
    from trfscore.formats.json_text import dumps

    t = cases()[sorted(cases())[0]]
    s = t.standings()
    before = json.loads(json_report.render(t, s))["standings"]
    s.rows.reverse()
    s.rows[0].rank = 99
    after = json.loads(json_report.render(t, s))["standings"]
    assert [r["start_rank"] for r in after] == [r["start_rank"] for r in reversed(before)]
    assert after[0]["rank"] == 99
    assert json_report.render(t, s) == dumps(json_report.to_dict(t, s), "standings")
