"""Report fast paths held to the general ones they replace: crosstable labels read from the round
columns equal ``Cell.label`` of the ``Game``-by-``Game`` path; the escape shortcut for letters
and digits equals the general substitution."""
from __future__ import annotations

import io
import random
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from report_cases import SAMPLES, cases, cell_rows, fake_ratings, hostile

import trfscore
from trfscore.cli import main
from trfscore.decimals import format_points
from trfscore.formats.limits import data_rounds
from trfscore.formats.markdown_text import (
    _SPECIAL,
    escape,
    escape_each,
    escape_joined,
    joined_unchanged,
    rows_unchanged,
)
from trfscore.model import Game, Kind
from trfscore.report import crosstable as X
from trfscore.report import markdown
from trfscore.report.common import join_rows, markdown_rows, markdown_table
from trfscore.safetext import neutralise
from trfscore.testing.generate import swiss, to_trf


def general_labels(t, s) -> list[list[str]]:
    return [[c.label for c in row] for row in cell_rows(t, s)]


def test_labels_from_columns_equal_cell_labels_in_every_case():
    for name, t in {**cases(), "hostile": hostile()}.items():
        s = t.standings()
        assert X.swiss_labels(t, s) == general_labels(t, s), name
        assert X.swiss_label_rows(t, s, " | ") == [" | ".join(row) for row in general_labels(t, s)], name
        assert X.swiss_label_rows(t, s, "\n") == ["\n".join(row) for row in general_labels(t, s)], name
        if not X.is_grid(t, s):
            assert "\n".join(markdown.crosstable(t, s)) == "\n".join(general_markdown_crosstable(t, s)), name


def general_markdown_crosstable(t, s) -> list[str]:
    """The Swiss crosstable of the Markdown report built cell by cell: every label escaped on
    its own, the rows joined by ``markdown_table``."""
    rounds = data_rounds(t)
    head = ["No.", "SNo", "Name", *(f"R{r}" for r in range(1, rounds + 1)), "Pts"]
    rows = [[str(i), str(row.start_rank), escape(row.player.name), *map(escape, labels), format_points(row.points)]
            for i, (row, labels) in enumerate(zip(s.rows, general_labels(t, s)), 1)]
    return [X.LEGEND, "", *markdown_table(head, rows, ["r", "r", "l"] + ["c"] * rounds + ["r"])]


@given(seed=st.integers(0, 10**6), players=st.integers(1, 30), rounds=st.integers(1, 8),
       odd=st.sampled_from(["none", "unknown", "missing", "no-colour", "short", "not-scheduled"]))
@settings(max_examples=40, deadline=None)
def test_labels_from_columns_equal_cell_labels(seed, players, rounds, odd):
    """Generated events with byes, forfeits and withdrawals, read back from TRF (packed columns)
    and as built (Game lists), with one odd kind of cell mixed in."""
    t = swiss(players, rounds, seed=seed, forfeits=0.1, byes=0.1, withdrawals=0.1)
    rng = random.Random(seed)
    for event in (trfscore.loads(to_trf(t).encode()), t):
        p = rng.choice(event.players)
        games = list(p.games)
        r = rng.randrange(len(games))
        g = games[r]
        if odd == "unknown":
            games[r] = Game(g.round, g.opponent, g.colour, "?", Kind.UNKNOWN)
        elif odd == "missing":  # an opponent nobody in the standings has
            games[r] = Game(g.round, 9999, "w", "1", Kind.WIN)
        elif odd == "no-colour":
            games[r] = Game(g.round, g.opponent or 1, None, "1", Kind.WIN)
        elif odd == "short":
            games = games[:r]
        elif odd == "not-scheduled":
            games[r] = Game(g.round, None, None, " ", Kind.NOT_SCHEDULED)
        if odd != "none":
            p.games = games
        s = event.standings()
        assert X.swiss_labels(event, s) == general_labels(event, s)
        assert X.swiss_label_rows(event, s, "|%s") == ["|%s".join(row) for row in general_labels(event, s)]
        assert X.swiss_cells(event, s) == general_cells(event, s)
        if not X.is_grid(event, s):
            assert "\n".join(markdown.crosstable(event, s)) == "\n".join(general_markdown_crosstable(event, s))


def general_cells(t, s) -> list[list]:
    """What ``swiss_cells`` stands for: the label of a game against a listed player, else the cell."""
    return [[c.label if c.kind in X.RESULT and c.number is not None else c for c in row] for row in cell_rows(t, s)]


def test_cells_from_columns_equal_cells_in_every_case():
    for name, t in {**cases(), "hostile": hostile()}.items():
        s = t.standings()
        assert X.swiss_cells(t, s) == general_cells(t, s), name


@given(st.text(alphabet=st.characters(), max_size=12))
@settings(max_examples=300)
def test_escape_shortcut_equals_the_substitution(text):
    assert escape(text) == _SPECIAL.sub(r"\\\1", neutralise(text)).strip()


_CELL_TEXT = st.text(alphabet="aZ09½–# |*_\\<>&$~`[]\t\n\xa0\u2028\u200e\x00", max_size=6)


@given(st.lists(_CELL_TEXT | st.sampled_from(["12w1", "bye ½", "PAB 1", "–", "", "3b½"]), max_size=8))
@settings(max_examples=400)
@example(["12w1 ", "3b½"])  # a blank at a cell's end, inside the row
@example(["12w1", " 3b½"])
@example(["12w1 | 3b½"])  # a separator inside a cell
@example(["", "GM", "", " ", "", "IM "])  # empty texts among others, one blank, one ending in a blank
def test_escaping_a_row_at_once_equals_escaping_each_cell(cells):
    assert escape_joined(cells) == " | ".join(map(escape, cells))
    assert escape_each(cells) == list(map(escape, cells))
    if joined_unchanged(" | ".join(cells), len(cells)):
        assert " | ".join(cells) == escape_joined(cells)


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.lists(
    _CELL_TEXT | st.sampled_from(["12w1", "bye ½", "–", "", "3b½", "7 |", "| 2"]), min_size=n, max_size=n), max_size=5))))
@settings(max_examples=400)
@example((2, [["12w1", "3b½"], ["4w0 ", "5b1"]]))  # a blank at a row's end, before the next row
@example((2, [["12w1", "3b½"], [" 4w0", "5b1"]]))
@example((2, [["1 | 2", "3"], ["4", ""]]))  # one row a bar more, the other a text less
def test_checking_rows_at_once_equals_checking_each_row(case):
    count, rows = case
    joined = [" | ".join(row) for row in rows]
    each = all(joined_unchanged(row, count) for row in joined)
    if "" in joined and len(joined) > 1:  # an empty row among others fails the joint check: never wrongly passes
        assert not rows_unchanged(joined, count)
    else:
        assert rows_unchanged(joined, count) == each


def general_width(text: str) -> int:
    import unicodedata

    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
               for ch in text)


@given(st.text(alphabet=st.characters(), max_size=12) | st.text(alphabet=st.characters(max_codepoint=127)))
@settings(max_examples=300)
@example("Müller")
@example("李小龍")
@example("e\u0301")  # a combining accent
@example("\t\x00\x7f")  # ASCII controls take a column each, as in the general count
def test_display_width_of_ascii_equals_the_general_count(text):
    from trfscore.report.text import display_width

    assert display_width(text) == general_width(text)


@given(st.integers(0, 4).flatmap(lambda width: st.lists(st.lists(_CELL_TEXT | st.sampled_from(["%s", "%", "%%d", "7.5"]),
                                                                   min_size=width, max_size=width), max_size=5)))
@settings(max_examples=300)
def test_markdown_rows_by_one_join_equal_the_joined_rows(rows):
    columns = [list(column) for column in zip(*rows)] if rows and rows[0] else []
    width = len(columns)
    written = markdown_rows(columns)
    assert "\n".join(written) == "\n".join(markdown_table(["h"] * width, list(zip(*columns)), ["l"] * width)[2:])
    assert len(written) == (1 if columns and columns[0] else 0)


@given(st.integers(0, 4).flatmap(lambda count: st.lists(
    st.text(max_size=3) | st.lists(st.text(max_size=3), min_size=count, max_size=count), max_size=5)
    .map(lambda pieces: (pieces, count))), st.sampled_from(["\n", ",\n", "", " | "]))
@settings(max_examples=300)
def test_rows_by_one_join_equal_the_rows_joined_one_by_one(pieces_count, sep):
    pieces, count = pieces_count
    rows = ["".join(p if isinstance(p, str) else p[i] for p in pieces) for i in range(count)]
    assert join_rows(pieces, count, sep) == sep.join(rows)


@given(seed=st.integers(0, 10**6), players=st.integers(64, 90), rounds=st.integers(1, 6))
@settings(max_examples=15, deadline=None)
def test_labels_of_one_packed_block_equal_cell_labels(seed, players, rounds):
    """Events whose cells are all one packed block, every row whole, so the rows are written
    for the whole block in start-rank order and picked in rank order."""
    from trfscore.cells import columns

    t = trfscore.loads(to_trf(swiss(players, rounds, seed=seed, forfeits=0.1, byes=0.1, withdrawals=0.1)).encode())
    s = t.standings()
    table = s.columns()
    cells = columns(table.by_start_rank, data_rounds(t))
    assert cells.opponents is table.by_start_rank[0].packed.cells.opponents  # the block itself
    general = general_labels(t, s)
    assert X.swiss_label_rows(t, s, " | ") == [" | ".join(row) for row in general]
    assert "\n".join(markdown.crosstable(t, s)) == "\n".join(general_markdown_crosstable(t, s))



@given(st.lists(st.text(alphabet=st.characters(), max_size=8) | st.sampled_from(["Rk", "BH-C1", "a&b", "<i>", "'\""]),
                max_size=6))
@settings(max_examples=300)
def test_html_escape_before_html_is_imported_equals_html_escape(texts):
    """``common.e`` returns a text with nothing to escape as it is until one needs ``html.escape``
    (then imported): every text, in any order, escaped as ``html.escape`` does."""
    import html

    from trfscore.report import common

    common._html_escape = common._first_html_escape  # as in a fresh process
    assert [common.e(text) for text in texts] == [html.escape(neutralise(text), True) for text in texts]


def test_markdown_written_line_by_line_equals_the_rendered_document(tmp_path):
    """``markdown.write`` (what ``report --format markdown`` uses) gives ``render``'s text, of
    players (every case, with and without ratings columns) and of teams."""
    from trfscore.teams.standings import team_standings

    for name, t in {**cases(), "hostile": hostile()}.items():
        s = t.standings()
        for ratings in (None, fake_ratings(t)):
            out = io.StringIO()
            markdown.write(t, s, out, ratings=ratings)
            assert out.getvalue() == markdown.render(t, s, ratings=ratings), name
    teams = trfscore.load(str(Path(__file__).resolve().parents[1] / "data" / "tv10-team-swiss.trf"))
    s = team_standings(teams)
    out = io.StringIO()
    markdown.write(teams, s, out)
    assert out.getvalue() == markdown.render(teams, s)
    # and the command writes those bytes
    sample = SAMPLES[0].parent / "swiss-byes-forfeits.trf"
    main(["report", str(sample), "--format", "markdown", "-o", str(tmp_path / "out.md")])
    t = trfscore.load(str(sample))
    assert (tmp_path / "out.md").read_bytes() == markdown.render(t, t.standings()).encode("utf-8")


def test_rows_of_an_event_without_rounds_are_empty():
    """One player whose only cell is cut away (no round left): each row is empty, as the
    game-by-game labels give, instead of a division by the zero cells a row."""
    t = swiss(1, 1, seed=0)
    t.players[0].games = []
    s = t.standings()
    assert X.swiss_label_rows(t, s, "|%s") == ["|%s".join(row) for row in general_labels(t, s)] == [""]


@given(st.lists(st.tuples(st.sampled_from([None, 1, 2, 3, 77]), st.sampled_from("wb- "),
                          st.sampled_from("10=+-HFUZWDL ")), min_size=1, max_size=40))
@settings(max_examples=200, deadline=None)
def test_block_parts_equal_the_label_of_each_cell(cells):
    """The parts of a packed block's cells, joined, are each cell's ``_label``: games without an
    opponent (labelled by colour and result), opponents without a No. (77 here: labelled by the
    general path), byes, absences and odd colours among ordinary games."""
    from trfscore.cells import Columns
    from trfscore.formats.trf.bulk import KIND_BY_CODE
    from trfscore.model import COLOUR_OF_CODE

    t = swiss(3, 1, seed=1)
    opponents, colours, codes = [c[0] for c in cells], "".join(c[1] for c in cells), "".join(c[2] for c in cells)
    block = Columns(len(cells), [len(cells)], opponents, colours, codes, KIND_BY_CODE)
    refs = {1: "3", 2: "1", 3: "2"}
    parts = X._block_parts(t, block, refs, {})
    expected = [X._label(t, o, KIND_BY_CODE[code], COLOUR_OF_CODE[colour], refs, {}, code)
                for o, colour, code in zip(opponents, colours, codes)]
    assert list(map("".join, zip(*parts))) == expected


def test_a_column_of_mostly_empty_texts_is_checked_at_once():
    """A title column (most players have none) needs no escaping: one check for all, not an
    ``escape`` call per text; a blank text among them still fails the check."""
    from trfscore.formats.markdown_text import _unchanged

    assert _unchanged(["", "GM", "", "", "WIM", ""]) and _unchanged([""] * 5)
    assert not _unchanged(["", " ", "GM"]) and not _unchanged(["", "GM ", ""])


@given(st.text(alphabet="wb- 10=+HFUZ\u2013\xa4", max_size=40), st.text(alphabet="wb- HFU\u2013", max_size=4),
       st.booleans())
@settings(max_examples=300)
def test_marked_positions_equal_a_character_class_search(text, chars, among):
    """``crosstable._positions`` (a byte translation and a literal search) finds what the
    regular-expression character class finds, for latin-1 text and other text alike."""
    import re

    if not chars:
        chars = "w"
    expected = [m.start() for m in re.finditer(f"[{'' if among else '^'}{re.escape(chars)}]", text)]
    assert X._positions(text, chars, among) == expected
