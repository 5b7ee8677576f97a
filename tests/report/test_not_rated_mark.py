"""A game played but not rated (TRF ``W``/``D``/``L``) keeps a mark in the Markdown and HTML
crosstables, explained in the legend; a file without such a game prints exactly as before."""
from __future__ import annotations

from html import escape

from report_cases import cell_rows

import trfscore
from conftest import run_cli
from trfscore.report import crosstable as X

HEADER = "012 Test Open\n"
# a four-player Swiss of two rounds (TRF16 001 lines: start rank, name, rating, points, rank, cells)
PLAYERS = """\
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.5    1     2 w 1     3 b =
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  1.0    2     1 b 0     4 w 1
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  1.0    3     4 w =     1 w =
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  0.5    4     3 b =     2 b 0
"""


def event(header: str = HEADER, unrated_first_game: bool = False) -> str:
    """The Swiss above; ``unrated_first_game``: players 1 and 2's round-1 game written ``W``/``L``
    (played, not rated) instead of ``1``/``0``: same points, same standings."""
    text = header + PLAYERS
    if unrated_first_game:
        text = text.replace("     2 w 1 ", "     2 w W ").replace("     1 b 0 ", "     1 b L ")
        assert text.count(" W ") == text.count(" L ") == 1
    return text


def report(capsys, tmp_path, text: str, fmt: str) -> str:
    path = tmp_path / "event.trf"
    path.write_text(text)
    code, out, _ = run_cli(capsys, "report", path, "--format", fmt)
    assert code == 0
    return out


def test_not_rated_games_are_marked_in_markdown(capsys, tmp_path):
    out = report(capsys, tmp_path, event(unrated_first_game=True), "markdown")
    rows = {row.split(" | ")[2]: row for row in out.splitlines() if row.startswith("| ") and "Player" in row}
    # the crosstable rows (the standings rows come first, so the last row of each name wins)
    assert "| 3w1(nr) | 2b½ |" in rows["Player0001, Test"]
    assert "| 1b0(nr) | 4w1 |" in rows["Player0002, Test"]
    assert out.count(X.NOT_RATED_MARK) == 2 + 1  # two cells and the legend
    assert X.LEGEND + X.NOT_RATED_LEGEND in out


def test_not_rated_games_are_marked_in_html(capsys, tmp_path):
    out = report(capsys, tmp_path, event(unrated_first_game=True), "html")
    assert 'title="round 1, white, win, not rated"' in out
    assert 'title="round 1, black, loss, not rated"' in out
    assert "</a><span class=\"col\">w</span>1(nr)</td>" in out
    assert X.NOT_RATED_LEGEND.strip() in out


def test_without_not_rated_games_the_output_is_unchanged(capsys, tmp_path):
    """The mark and its legend sentence are the only difference: the same event with the game
    rated prints what the unmarked version prints, and has neither."""
    for fmt in ("markdown", "html"):
        rated = report(capsys, tmp_path, event(), fmt)
        marked = report(capsys, tmp_path, event(unrated_first_game=True), fmt)
        assert X.NOT_RATED_MARK not in rated and "not rated" not in rated
        legend = X.LEGEND if fmt == "markdown" else escape(X.LEGEND)
        assert legend + ("\n" if fmt == "markdown" else "</p>") in rated  # nothing added to the legend
        if fmt == "markdown":
            assert marked.replace(X.NOT_RATED_LEGEND, "").replace(X.NOT_RATED_MARK, "") == rated


def test_fast_labels_carry_the_mark_as_the_cells_do():
    """The column-wise labels (packed blocks and rows) equal the labels of the Cell objects."""
    t = trfscore.loads(event(unrated_first_game=True))
    s = t.standings()
    general = [[c.label for c in row] for row in cell_rows(t, s)]
    assert X.swiss_labels(t, s) == general
    assert X.swiss_label_rows(t, s, " | ") == [" | ".join(row) for row in general]
    assert sum(label.endswith(X.NOT_RATED_MARK) for row in general for label in row) == 2
    cells = X.swiss_cells(t, s)
    marked = [c for row in cells for c in row if not isinstance(c, str) and c.not_rated]
    assert len(marked) == 2  # given as Cells, so the HTML page writes their title


def test_round_robin_grid_marks_not_rated_games(capsys, tmp_path):
    header = HEADER + "092 Individual: Round-Robin\n"
    out = report(capsys, tmp_path, event(header, unrated_first_game=True), "markdown")
    t = trfscore.loads(event(header, unrated_first_game=True))
    assert X.is_grid(t, t.standings())
    assert X.GRID_LEGEND + X.NOT_RATED_LEGEND in out
    assert " 1(nr) " in out and " 0(nr) " in out
    html = report(capsys, tmp_path, event(header, unrated_first_game=True), "html")
    assert "win, not rated" in html and ">1(nr)<" in html
