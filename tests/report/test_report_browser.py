"""The HTML report in a real browser: headless Chromium (Debian ``chromium``) driven by Playwright.

For every bundled sample, generated events and a 500-player Swiss the page must load without
console errors or network requests, show one row per player with the ``--format json`` values,
sort on a click (and from the keyboard), reveal each tie-break's explanation, highlight a
player's opponents, fit a phone screen and hide its controls in print.

Skipped, with the reason, when Playwright or the browser is missing (``.ci/install-browser.sh``
installs the browser; ``pip install playwright`` the driver; never ``playwright install``).
Set ``TRFSCORE_CHROMIUM`` to use another Chromium binary.
"""
from __future__ import annotations

import os
import shutil
from functools import cache
from pathlib import Path

import pytest
from report_cases import (
    CASE_NAMES,
    HOSTILE_NAMES,
    cases,
    cell_rows,
    close,
    fake_ratings,
    hostile,
    reference,
    shown,
    standings,
)

from trfscore.report import html
from trfscore.testing.generate import swiss

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHROMIUM = os.environ.get("TRFSCORE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                               "(pip install playwright; the browser itself comes from apt: chromium)")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (run .ci/install-browser.sh or set TRFSCORE_CHROMIUM)",
                allow_module_level=True)

BIG = "swiss-500"
#: The number a cell sorts by: its data-v, written only where the text is not the exact value.
SORT_KEY = "const sortKey = c => c.getAttribute('data-v') ?? c.textContent.trim();\n"


@cache
def big():
    return swiss(500, 9, seed=2026, forfeits=0.02, byes=0.02, withdrawals=0.03, name="Big Open 500")


def tournament(name):
    return big() if name == BIG else cases()[name]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


class Page:
    """A rendered report open in a tab, with everything the page said on its console."""

    def __init__(self, browser, path: Path, viewport=None):
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}")
                     if m.type in ("error", "assert") else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.goto(path.as_uri(), wait_until="load")

    def close(self):
        self.context.close()

    def standings(self):
        return self.page.evaluate(SORT_KEY + """() => ({
            head: Array.from(document.querySelectorAll('#standings-table thead th')).map(th => th.textContent.trim()),
            rows: Array.from(document.querySelectorAll('#standings-table tbody tr')).map(tr => ({
                sno: tr.dataset.sno,
                cells: Array.from(tr.cells).map(c => c.textContent.trim()),
                v: Array.from(tr.cells).map(sortKey)}))})""")

    def column(self, index):
        return self.page.evaluate(SORT_KEY + """(i) => Array.from(document.querySelectorAll('#standings-table tbody tr'))
            .map(tr => ({text: tr.cells[i].textContent.trim(), v: sortKey(tr.cells[i])}))""", index)

    def sort_state(self):
        return self.page.evaluate("""() => Array.from(document.querySelectorAll('#standings-table thead th'))
            .map(th => th.getAttribute('aria-sort'))""")


def render_to(tmp_path, t, s, ratings=None, name="report.html") -> Path:
    path = tmp_path / name
    path.write_text(html.render(t, s, ratings=ratings), encoding="utf-8")
    return path


def check_values(page: Page, doc: dict, ratings=None):
    data = page.standings()
    head, rows = data["head"], data["rows"]
    col = {h: i for i, h in enumerate(head)}
    assert len(rows) == len(doc["standings"])
    for row, want in zip(rows, doc["standings"]):
        cells = row["cells"]
        assert int(row["sno"]) == want["start_rank"]
        assert cells[col["Rk"]] == want["rank_label"]
        assert int(cells[col["SNo"]]) == want["start_rank"]
        assert cells[col["Name"]] == (shown(want["name"]).strip() or "(no name)")
        for heading, key in (("Ti", "title"), ("FED", "federation"), ("Rtg", "rating")):
            value = "" if want[key] is None else str(want[key]).strip()
            if heading in col:
                assert cells[col[heading]] == value
            else:  # a column nobody fills is left out
                assert all(r[key] is None or not str(r[key]).strip() for r in doc["standings"])
        assert close(cells[col["Pts"]], want["points"])
        for code, value in want["tiebreaks"].items():
            assert close(cells[col[code]], value), (code, cells[col[code]], value)
            assert close(row["v"][col[code]], value, 9) if value is not None else row["v"][col[code]] == ""
        if ratings is not None:
            entry = want["rating_change"] or {}
            for key, heading in (("ro", "Ro"), ("we", "We"), ("w", "W"), ("coefficient", "K/E"), ("rn", "Rn"),
                                 ("change", "+/-")):
                assert close(cells[col[heading]], entry.get(key)), (key, cells[col[heading]])


def check_sorting(page: Page, s):
    p = page.page
    head = page.standings()["head"]
    col = {h: i for i, h in enumerate(head)}
    n = len(s.rows)

    p.click("#standings-table thead th:nth-child(%d) button" % (col["SNo"] + 1))
    assert [int(x["text"]) for x in page.column(col["SNo"])] == sorted(r.start_rank for r in s.rows)
    assert page.sort_state()[col["SNo"]] == "ascending"
    p.click("#standings-table thead th:nth-child(%d) button" % (col["SNo"] + 1))
    assert [int(x["text"]) for x in page.column(col["SNo"])] == sorted((r.start_rank for r in s.rows), reverse=True)
    assert page.sort_state()[col["SNo"]] == "descending"
    assert page.sort_state().count(None) == len(head) - 1

    if s.tiebreaks:
        code = s.tiebreaks[0]
        p.click("#standings-table thead th:nth-child(%d) button" % (col[code] + 1))
        values = [float(x["v"]) for x in page.column(col[code]) if x["v"]]
        assert values == sorted(values, reverse=True)
        tail = [x["v"] for x in page.column(col[code])][len(values):]
        assert all(v == "" for v in tail), "players without a value sort last"
        assert len(values) + len(tail) == n

    # the keyboard: focus the rating (else points) heading's button and press Enter
    key = "Rtg" if "Rtg" in col else "Pts"
    p.focus("#standings-table thead th:nth-child(%d) button" % (col[key] + 1))
    p.keyboard.press("Enter")
    values = [float(x["text"]) for x in page.column(col[key]) if x["text"]]
    assert values == sorted(values, reverse=True)
    assert page.sort_state()[col[key]] == "descending"

    p.click("#standings-table thead th:nth-child(%d) button" % (col["Name"] + 1))
    names = [x["text"] for x in page.column(col["Name"])]
    assert names == sorted(names, key=lambda x: x.casefold()) or names == sorted(names)

    p.click("#standings-table thead th:nth-child(1) button")  # back to the final order
    assert [int(x["text"]) for x in page.column(col["SNo"])] == [r.start_rank for r in s.rows]


def check_explanations(page: Page, s, rows=(0, -1)):
    p = page.page
    codes = list(s.tiebreaks)
    for index in rows:
        row = s.rows[index]
        for i, code in enumerate(codes):
            if row.tiebreaks.get(code) is None:
                continue
            button = p.locator(f"#s{row.start_rank} button.xp[data-i='{i}']")
            button.click()
            pop = p.locator("#pop")
            assert pop.is_visible()
            assert p.locator("#pop-text").text_content() == str(s.explain(row.start_rank, code))
            assert p.locator("#pop-title").text_content().startswith(code)
            assert button.get_attribute("aria-expanded") == "true"
            # the popover lies within the page width
            box = pop.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= p.viewport_size["width"] + 1
            p.keyboard.press("Escape")
            assert not pop.is_visible()
            assert button.get_attribute("aria-expanded") == "false"
            assert p.evaluate("() => document.activeElement.classList.contains('xp')")
    # from the keyboard: Enter on a focused value opens it too
    row = s.rows[0]
    i = next((k for k, c in enumerate(codes) if row.tiebreaks.get(c) is not None), None)
    if i is not None:
        p.focus(f"#s{row.start_rank} button.xp[data-i='{i}']")
        p.keyboard.press("Enter")
        assert p.locator("#pop").is_visible()
        p.click("h1")  # a click elsewhere closes it
        assert not p.locator("#pop").is_visible()


def check_highlight(page: Page, t, s):
    p = page.page
    for row in (s.rows[0], s.rows[len(s.rows) // 2]):
        want = {g.opponent for g in row.player.games if g.opponent is not None and g.kind not in
                ("full_bye", "half_bye", "pab", "zero_bye")}
        p.hover(f"#s{row.start_rank} .name a")
        marked = p.evaluate("""() => ({
            opp: Array.from(document.querySelectorAll('#standings-table tr.is-opp')).map(tr => Number(tr.dataset.sno)),
            me: Array.from(document.querySelectorAll('tr.is-me')).map(tr => Number(tr.dataset.sno)),
            xopp: Array.from(document.querySelectorAll('#crosstable-table tr.is-opp')).map(tr => Number(tr.dataset.sno))})""")
        assert set(marked["opp"]) == want
        assert set(marked["xopp"]) == want
        assert marked["me"] == [row.start_rank, row.start_rank]
    # focus (keyboard users) does the same
    row = s.rows[-1]
    p.mouse.move(0, 0)
    p.focus(f"#x{row.start_rank} .name a")
    assert p.evaluate("() => Array.from(document.querySelectorAll('tr.is-me')).map(tr => Number(tr.dataset.sno))") == \
        [row.start_rank, row.start_rank]


def check_clean(page: Page):
    assert page.errors == [], page.errors
    assert page.dialogs == [], page.dialogs
    assert all(u.startswith(("file:", "data:", "about:")) for u in page.requests), page.requests
    assert page.page.locator("#crosstable-table tbody tr").count() == page.page.locator("#standings-table tbody tr").count()


@pytest.mark.parametrize("name", CASE_NAMES + [BIG])
def test_report_in_browser(browser, tmp_path, name):
    t = tournament(name)
    s = standings(t)
    path = render_to(tmp_path, t, s)
    page = Page(browser, path)
    try:
        assert page.page.locator("#standings-table tbody tr").count() == len(t.players)
        check_values(page, reference(t, s))
        check_sorting(page, s)
        check_explanations(page, s)
        check_highlight(page, t, s)
        check_clean(page)
    finally:
        page.close()


def test_ratings_columns_in_browser(browser, tmp_path):
    t = cases()["swiss-40"]
    s = standings(t)
    ratings = fake_ratings(t)
    page = Page(browser, render_to(tmp_path, t, s, ratings))
    try:
        check_values(page, reference(t, s, ratings), ratings)
        head = page.standings()["head"]
        assert head[-6:] == ["Ro", "We", "W", "K/E", "Rn", "+/-"]
        col = head.index("+/-")
        page.page.click("#standings-table thead th:nth-child(%d) button" % (col + 1))
        values = [float(x["v"]) for x in page.column(col) if x["v"]]
        assert values == sorted(values, reverse=True) and min(values) < 0
        check_clean(page)
    finally:
        page.close()


def test_hostile_names_stay_text(browser, tmp_path):
    t = hostile()
    s = standings(t)
    page = Page(browser, render_to(tmp_path, t, s))
    try:
        p = page.page
        names = p.evaluate("() => Array.from(document.querySelectorAll('#standings-table tbody .name')).map(x => x.textContent)")
        assert sorted(names) == sorted(shown(n) for n in HOSTILE_NAMES)
        assert p.locator("h1").text_content() == t.header.name
        assert p.evaluate("() => document.querySelectorAll('script').length") == 2
        assert p.evaluate("() => document.querySelectorAll('img, svg, iframe, b, i').length") == 0
        assert p.evaluate("() => window.__pwned === undefined")
        check_values(page, reference(t, s))
        check_explanations(page, s, rows=(0,))
        check_highlight(page, t, s)
        assert page.errors == [] and page.dialogs == []
    finally:
        page.close()


def test_phone_and_print(browser, tmp_path):
    t = cases()["swiss-40"]
    s = standings(t)
    page = Page(browser, render_to(tmp_path, t, s), viewport={"width": 390, "height": 844})
    try:
        p = page.page
        assert p.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page itself must not scroll sideways"
        assert p.locator("#filter").is_visible()
        # the explanation is a bottom sheet inside the screen
        button = p.locator("#standings-table tbody tr:first-child button.xp").first
        button.click()
        box = p.locator("#pop").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844 + 1
        p.keyboard.press("Escape")
        # find a player
        target = s.rows[-1].player
        p.fill("#filter", target.name)
        p.wait_for_function("() => document.querySelectorAll('#standings-table tbody tr:not([hidden])').length === 1")
        assert p.locator("#standings-table tbody tr:not([hidden]) .name").text_content() == target.name
        p.fill("#filter", "")
        p.wait_for_function("() => document.querySelectorAll('#standings-table tbody tr[hidden]').length === 0")
        p.emulate_media(media="print")
        hidden = p.evaluate("""() => ['#controls', '#pop', '.hint'].map(sel => {
            const el = document.querySelector(sel); return !el || getComputedStyle(el).display === 'none'; })""")
        assert all(hidden)
        assert p.locator("#standings-table").is_visible() and p.locator("#crosstable-table").is_visible()
        assert page.errors == []
    finally:
        page.close()


def test_works_without_javascript(browser, tmp_path):
    t = cases()["swiss-40"]
    s = standings(t)
    path = render_to(tmp_path, t, s)
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        p.goto(path.as_uri())
        assert p.locator("#standings-table tbody tr").count() == len(t.players)
        assert not p.locator("#controls").is_visible(), "the search box needs the script; hidden without it"
        assert p.locator("#standings-table tbody tr:first-child .pts").text_content() == \
            reference(t, s)["standings"][0]["points"].__format__(".1f")

        texts = p.evaluate("""() => Array.from(document.querySelectorAll('#crosstable-table tbody tr'))
            .map(tr => Array.from(tr.cells).slice(3, -1).map(td => td.textContent))""")
        assert texts == [[c.label for c in row] for row in cell_rows(t, s)], "every cell's text is in the HTML"
    finally:
        context.close()


def test_cli_html_with_real_ratings(browser, tmp_path):
    """``report --format html --ratings fide`` against ``--format json --ratings fide``, end to end."""
    import json

    from report_cases import SAMPLES

    from trfscore.cli import main

    sample = next((p for p in SAMPLES if p.name == "swiss-trf26.trf"), None) or (SAMPLES[0] if SAMPLES else None)
    if sample is None:
        pytest.skip("no bundled sample")
    out, ref = tmp_path / "r.html", tmp_path / "r.json"
    assert main(["report", str(sample), "--ratings", "fide", "--format", "html", "-o", str(out)]) == 0
    assert main(["report", str(sample), "--ratings", "fide", "--format", "json", "-o", str(ref)]) == 0
    doc = json.loads(ref.read_text(encoding="utf-8"))
    page = Page(browser, out)
    try:
        check_values(page, doc, ratings=True)
        assert page.standings()["head"][-6:] == ["Ro", "We", "W", "K/E", "Rn", "+/-"]
        check_clean(page)
    finally:
        page.close()


def test_team_report_in_browser(browser, tmp_path):
    """``report --teams --format html`` (TV10): the JSON values, sorting on a click and the opponents
    highlighted on hover, with the individual page's script."""
    import json

    from trfscore.cli import main

    team_file = Path(__file__).resolve().parents[1] / "data" / "tv10-team-swiss.trf"
    out, ref = tmp_path / "teams.html", tmp_path / "teams.json"
    assert main(["report", str(team_file), "--teams", "--format", "html", "-o", str(out)]) == 0
    assert main(["report", str(team_file), "--teams", "--format", "json", "-o", str(ref)]) == 0
    doc = json.loads(ref.read_text(encoding="utf-8"))
    teams = doc["teams"]
    page = Page(browser, out)
    try:
        p = page.page
        data = page.standings()
        col = {h: i for i, h in enumerate(data["head"])}
        assert [int(r["sno"]) for r in data["rows"]] == [r["team"] for r in teams]
        for row, want in zip(data["rows"], teams):
            assert row["cells"][col["Rk"]] == want["rank_label"] and row["cells"][col["Team"]] == want["name"]
            assert close(row["cells"][col["MP"]], want["match_points"])
            for code, value in want["tiebreaks"].items():
                assert close(row["cells"][col[code]], value)

        def click(heading):
            p.click("#standings-table thead th:nth-child(%d) button" % (col[heading] + 1))

        click("No")
        assert [int(x["text"]) for x in page.column(col["No"])] == sorted(r["team"] for r in teams)
        click("No")
        assert [int(x["text"]) for x in page.column(col["No"])] == sorted((r["team"] for r in teams), reverse=True)
        code = doc["tiebreaks"][1]
        click(code)
        values = [float(x["v"]) for x in page.column(col[code])]
        assert values == sorted(values, reverse=True) and page.sort_state()[col[code]] == "descending"
        click("Team")
        assert [x["text"] for x in page.column(col["Team"])] == sorted(r["name"] for r in teams)
        click("Rk")
        assert [int(x["text"]) for x in page.column(col["No"])] == [r["team"] for r in teams]

        first = teams[0]
        p.hover(f"#s{first['team']} .name a")
        marked = p.evaluate("""() => Array.from(document.querySelectorAll('#crosstable-table tr.is-opp'))
            .map(tr => Number(tr.dataset.sno))""")
        assert set(marked) == {m["opponent"] for m in first["matches"] if m["opponent"] is not None}
        check_clean(page)
    finally:
        page.close()


#: Tie-breaks whose popups are compared with ``trfscore explain`` for every player: those the
#: page writes from number columns (BH, FB, SB with cuts, /F, PS) and some it ships as text.
EXPLAINED = ["BH-C1", "BH", "SB", "PS", "BH-M1", "SB-C1", "FB", "PS-C1", "BH/F", "SB/F", "BH-B1W1", "SB-M1",
             "BH-C2", "DE", "ARO", "AOB", "BH/P", "WIN"]


def popups(page: Page) -> dict[tuple[str, int], str]:
    """Every tie-break value's popup text, opened through the page's own click handler."""
    got = page.page.evaluate("""() => {
        const out = [];
        for (const b of document.querySelectorAll('#standings-table button.xp')) {
            b.click();
            out.push([b.closest('tr').dataset.sno, Number(b.getAttribute('data-i')),
                      document.getElementById('pop-text').textContent]);
        }
        return out;
    }""")
    return {(sno, i): text for sno, i, text in got}


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2023", "fide-2009", "none"])
def test_every_popup_is_the_explain_text(browser, tmp_path, rules):
    """Each player's popup for each tie-break, including cuts, forfeits, byes, withdrawals (the
    2023+ dummy values and late-withdrawal draws, the 2009 virtual opponents), Fore-Buchholz and
    direct encounter, is exactly ``str(Standings.explain(...))``."""
    t = swiss(48, 7, seed=7, forfeits=0.08, byes=0.08, withdrawals=0.1, name="Popups")
    s = t.standings(tiebreaks=EXPLAINED, rules=rules, system="swiss")
    page = Page(browser, render_to(tmp_path, t, s))
    try:
        got = popups(page)
        want = {(str(row.start_rank), j): str(s.explain(row.start_rank, code))
                for row in s.rows for j, code in enumerate(s.tiebreaks) if row.tiebreaks.get(code) is not None}
        assert set(got) == set(want)
        wrong = [(key, got[key], want[key]) for key in want if got[key] != want[key]]
        assert not wrong, wrong[:3]
        texts = "\n".join(want.values())
        for part in ("cut:", "valued", "scheduled opponent"):  # the event exercises each kind of line
            assert part in texts, part
        check_clean(page)
    finally:
        page.close()


def test_crosstable_cells_in_browser(browser, tmp_path):
    """A Swiss crosstable writes its games as bare cells (``<td>12w1</td>``); the script gives each
    the class of its result at once, and its title and link to the opponent's row when the row is
    first highlighted: the same as the whole cells written for byes and absences (``Cell``)."""

    t = swiss(60, 7, seed=5, forfeits=0.08, byes=0.08, withdrawals=0.1)
    s = standings(t)
    want = cell_rows(t, s)
    page = Page(browser, render_to(tmp_path, t, s))
    try:
        p = page.page
        cells = """() => Array.from(document.querySelectorAll('#crosstable-table tbody tr')).map(tr =>
            Array.from(tr.cells).slice(3, -1).map(td => {
                const a = td.querySelector('a');
                return [td.className, td.textContent, td.title, a ? a.getAttribute('href') : null, a ? a.textContent : null];
            }))"""
        loaded = p.evaluate(cells)
        assert [[c[:2] for c in row] for row in loaded] == [[[c.css, c.label] for c in row] for row in want]
        p.evaluate("""() => document.querySelectorAll('#crosstable-table tbody .name a').forEach(a => a.focus())""")
        shown_ = p.evaluate(cells)
        assert shown_ == [[[c.css, c.label, c.title, f"#x{c.opponent}" if c.prefix else None, c.prefix or None]
                           for c in row] for row in want]
        assert any(c.prefix and c.colour for row in want for c in row)  # links and colours were checked
        check_clean(page)
    finally:
        page.close()


def test_large_table_makes_buttons_on_demand(browser, tmp_path):
    """Over 1,000 rows the tie-break values become buttons when their row is first hovered,
    focused or clicked (not all at load); the popup is the same."""
    t = swiss(1100, 5, seed=9, forfeits=0.02, byes=0.02, withdrawals=0.02, name="Large")
    s = standings(t)
    page = Page(browser, render_to(tmp_path, t, s))
    try:
        p = page.page
        assert p.locator("#standings-table button.xp").count() == 0
        first, other, third = s.rows[0], s.rows[-1], s.rows[len(s.rows) // 2]
        p.hover(f"#s{first.start_rank} .name a")
        assert p.locator(f"#s{first.start_rank} button.xp").count() == len(s.tiebreaks)
        p.locator(f"#s{first.start_rank} button.xp[data-i='1']").click()
        assert p.locator("#pop-text").text_content() == str(s.explain(first.start_rank, s.tiebreaks[1]))
        p.keyboard.press("Escape")
        p.focus(f"#s{other.start_rank} .name a")  # the keyboard: focus reaches the row first
        assert p.locator(f"#s{other.start_rank} button.xp").count() == len(s.tiebreaks)
        # a click on a value whose row was never hovered (a script's click, no pointer moves)
        text = p.evaluate("""(sno) => { document.querySelector('#s' + sno).cells[6].click();
            return document.getElementById('pop-text').textContent; }""", str(third.start_rank))
        assert text == str(s.explain(third.start_rank, s.tiebreaks[0]))
        assert p.locator("#standings-table button.xp").count() == 3 * len(s.tiebreaks)
        check_clean(page)
    finally:
        page.close()


#: Every kind of team tie-break (group, board-count, Buchholz, extended Sonneborn-Berger, scores).
TEAM_EXPLAINED = "EDET,EDEB,EDEBT,EDEBB,BC,TBR,BBE,BH:MP,BH:GP-C1,EMMSB,EGMSB,EMGSB-C1,EGGSB,MPvGP"


@pytest.mark.parametrize("options", [(), ("--tiebreaks", TEAM_EXPLAINED), ("--tiebreaks", TEAM_EXPLAINED, "--primary", "GP")],
                         ids=["file", "every-kind", "game-points"])
def test_every_team_popup_is_the_explain_teams_text(browser, tmp_path, capsys, options):
    """``report --teams --format html``: each team's popup for each tie-break is exactly what
    ``trfscore explain --teams`` prints for that team and code."""
    import json

    from conftest import run_cli

    team_file = Path(__file__).resolve().parents[1] / "data" / "tv10-team-swiss.trf"
    out, ref = tmp_path / "teams.html", tmp_path / "teams.json"
    assert run_cli(capsys, "report", team_file, "--teams", "--format", "html", "-o", out, *options)[0] == 0
    assert run_cli(capsys, "report", team_file, "--teams", "--format", "json", "-o", ref, *options)[0] == 0
    doc = json.loads(ref.read_text(encoding="utf-8"))
    want = {}
    for team in doc["teams"]:
        for j, code in enumerate(doc["tiebreaks"]):
            if team["tiebreaks"][code] is not None:
                status, text, err = run_cli(capsys, "explain", team_file, "--teams", "--player", team["team"],
                                            "--tiebreak", code, *options)
                assert status == 0, err
                want[(str(team["team"]), j)] = text.removesuffix("\n")
    page = Page(browser, out)
    try:
        got = popups(page)
        assert set(got) == set(want) and len(want) >= len(doc["teams"])
        wrong = [(key, got[key], want[key]) for key in want if got[key] != want[key]]
        assert not wrong, wrong[:3]
        first = doc["teams"][0]
        page.page.locator(f"#s{first['team']} button.xp[data-i='0']").click()
        assert page.page.locator("#pop-sub").text_content().startswith(f"{first['name']} (team no. {first['team']})")
        assert page.page.locator("#pop-title").text_content().startswith(doc["tiebreaks"][0])
        check_clean(page)
    finally:
        page.close()
