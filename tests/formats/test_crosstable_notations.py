"""Every crosstable export notation read to the printed totals: chess-results in each export
language and form, SwissPerfect, browser copies, bare 0 cells; and tables that cannot be trusted
(totals that differ, rows not read) reported as errors, never as right standings."""
from __future__ import annotations

from fractions import Fraction

import pytest
from test_crosstable import GRID, PRINTED

from trfscore.cli import main
from trfscore.formats import crosstable
from trfscore.formats.crosstable.colours import PAIRS
from trfscore.model import Kind


def problems(t):
    return [f for f in t.findings if f.severity != "info"]


def totals_match(t):
    """Every player has a printed total, and it is what the cells give."""
    return all(p.points is not None and t.score(p) == p.points for p in t.players)


# -- SwissPerfect ---------------------------------------------------------------------------------
# SwissPerfect's text export, laid out as its files are (as in the SwissPerfect samples of
# sanichi/icu_tournament, spec/samples/sp/, read for the layout only): tab-separated, CRLF, a
# `No Name Loc Id Total 1 2 ...` header and an empty line, names and ids padded, cells `opp:R`
# right-aligned to four characters: `4:W` `1:L` `2:D` played, `2:+` `1:-` forfeits, `0:W` a bye
# worth a win, `0:D` and `0:=` half-point byes, `0:` and `0:-` zero-point byes, `:` not paired.
# The event is made up: round 1 1-4 1-0, 2-5 draw, 3 bye; round 2 1-2 forfeit, 4-3 1-0, 5 and 6
# half-point byes; round 3 1-3 draw, 2-6 1-0, 4 and 5 zero-point byes; 6 absent in round 1.
SWISSPERFECT_ROWS = [  # no, name, loc id, printed total, cells
    (1, "Ardagh, Niamh", "10692", "2.5", [" 4:W", " 2:+", " 3:D"]),
    (2, "Byrne, Colm", "193", "1.5", [" 5:D", " 1:-", " 6:W"]),
    (3, "Cullen, Aoife", "5601", "1.5", [" 0:W", " 4:L", " 1:D"]),
    (4, "Doyle, Padraig", "564", "1", [" 1:L", " 3:W", " 0: "]),
    (5, "Egan, Siobhan", "1874", "1", [" 2:D", " 0:D", " 0:-"]),
    (6, "Fahy, Ronan", "4259", "0.5", ["  : ", " 0:=", " 2:L"]),
]


def swissperfect(rows=SWISSPERFECT_ROWS, rounds=3) -> str:
    head = "No\tName               \tLoc Id\tTotal\t" + "\t".join(f"{r:>2}  " for r in range(1, rounds + 1))
    lines = [head, ""] + [f"{no:<2}\t{name:<19}\t{loc:<6}\t{total:<5}\t" + "\t".join(cells)
                          for no, name, loc, total, cells in rows]
    return "\r\n".join(lines) + "\r\n"


def test_swissperfect_reads_every_cell_form_to_the_printed_totals():
    t = crosstable.read(swissperfect())
    assert problems(t) == [] and len(t.players) == 6 and t.rounds == 3
    assert totals_match(t) and t.player(1).points == Fraction(5, 2)
    assert t.player(1).name == "Ardagh, Niamh"
    assert t.player(3).games[0].kind == Kind.PAB  # 0:W, a bye worth a win
    assert [g.kind for g in (t.player(5).games[1], t.player(6).games[1])] == [Kind.HALF_BYE] * 2  # 0:D, 0:=
    assert [g.kind for g in (t.player(4).games[2], t.player(5).games[2])] == [Kind.ZERO_BYE] * 2  # 0:, 0:-
    assert t.player(6).games[0].kind == Kind.ABSENT  # ":" alone
    assert t.player(1).games[1][1:4] == (2, None, "+") and t.player(2).games[1][1:4] == (1, None, "-")


def test_swissperfect_wrong_total_is_an_error():
    rows = [r if r[0] != 2 else (2, "Byrne, Colm", "193", "2.5", r[4]) for r in SWISSPERFECT_ROWS]
    t = crosstable.read(swissperfect(rows))
    assert "CTB110" in {f.rule for f in t.findings if f.severity == "error"}


# -- chess-results / Swiss-Manager in every export language ------------------------------------
# One five-player, three-round event (a pairing-allocated bye each round, a round not paired),
# written as chess-results writes it: opponent, colour letter, result.  Rows in final-rank order,
# the start numbers in their own column.  {w}/{b} are the language's letters, {bye} its bye word.
EVENT = [  # rank, start number, name, federation, rating, cells, printed total
    (1, 1, "Caruana, Fabiano", "ITA", 2801, ["3{w}1", "5{b}1", "2{w}½"], "2½"),
    (2, 4, "Anand, Viswanathan", "IND", 2750, ["2{b}½", "{bye}", "5{w}1"], "2½"),
    (3, 2, "So, Wesley", "USA", 2760, ["4{w}½", "3{b}½", "1{b}½"], "1½"),
    (4, 5, "Ding, Liren", "CHN", 2740, ["-1", "1{w}0", "4{b}0"], "1"),
    (5, 3, "Giri, Anish", "NED", 2770, ["1{b}0", "2{w}½", "0"], "½"),
]
# Start rank -> (opponent, colour, code) per round, as the model holds them.
GAMES = {
    1: [(3, "w", "1"), (5, "b", "1"), (2, "w", "=")],
    2: [(4, "w", "="), (3, "b", "="), (1, "b", "=")],
    3: [(1, "b", "0"), (2, "w", "="), (None, None, " ")],
    4: [(2, "b", "="), (None, None, "U"), (5, "w", "1")],
    5: [(None, None, "U"), (1, "w", "0"), (4, "b", "0")],
}
# The export language's headings and bye word (the headings chess-results prints in each).
LANGUAGES = {
    "English": (("Rk.", "SNo", "Name", "FED", "Rtg", "Pts."), "bye"),
    "German": (("Rg.", "Snr", "Name", "Land", "Elo", "Pkt."), "spielfrei"),
    "Dutch": (("Rk.", "SNr", "Naam", "FED", "Rtg", "Ptn."), "vrij"),
    "French, Spanish, Italian, Portuguese, Catalan": (("Rk.", "SNo", "Nom", "FED", "Elo", "Pts."), "exempt"),
}


def event_rows(pair, form: str, bye: str = "-1", headings=("Rk.", "SNo", "Name", "FED", "Rtg", "Pts.")):
    head = [*headings[:5], "1.Rd", "2.Rd", "3.Rd", headings[5]]
    rows = [head]
    for rank, sno, name, fed, rating, cells, total in EVENT:
        rows.append([str(rank), str(sno), name, fed, str(rating),
                     *(c.format(w=pair.white, b=pair.black, bye=bye) for c in cells), total])
    if form == "csv":
        return "\n".join(";".join(r) for r in rows) + "\n"
    if form == "tab":
        return "\n".join("\t".join(r) for r in rows) + "\n"
    widths = [max(len(r[k]) for r in rows) for k in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) if k == 2 else c.rjust(w) for k, (c, w) in enumerate(zip(r, widths)))
                     .rstrip() for r in rows) + "\n"


def games(t):
    return {p.start_rank: [(g.opponent, g.colour, g.code) for g in p.games] for p in t.players}


@pytest.mark.parametrize("form", ["csv", "tab", "aligned"])
@pytest.mark.parametrize("pair", PAIRS, ids=[p.languages for p in PAIRS])
def test_chess_results_colour_letters_of_every_language(pair, form):
    t = crosstable.read(event_rows(pair, form))
    assert problems(t) == [], problems(t)
    assert games(t) == GAMES
    assert totals_match(t)
    assert {p.start_rank: p.rank for p in t.players} == {sno: rank for rank, sno, *_ in EVENT}  # the rows' order
    assert t.player(1).federation == "ITA" and t.player(1).rating == 2801


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", ["csv", "tab", "aligned"])
def test_chess_results_headings_and_bye_words_of_every_language(language, form):
    headings, bye = LANGUAGES[language]
    pair = next(p for p in PAIRS if p.languages == language)
    t = crosstable.read(event_rows(pair, form, bye=bye, headings=headings))
    assert problems(t) == [] and games(t) == GAMES and totals_match(t)
    assert t.player(4).name == "Anand, Viswanathan" and t.player(4).games[1].kind == Kind.PAB


def test_dutch_export_from_the_issue_without_header_points_before_the_cells():
    # The layout of the Dutch chess-results row of a real export: number; name; FED; rating;
    # points; cells (z = zwart, Black), a bare 0 for a round not paired; rows in start order.
    text = "".join(f"{sno};{name};{fed};{rating};{total};" + ";".join(
        c.format(w="w", b="z", bye="-1") for c in cells) + "\n"
        for _, sno, name, fed, rating, cells, total in sorted(EVENT, key=lambda e: e[1]))
    t = crosstable.read(text)
    assert problems(t) == []
    assert games(t) == GAMES and totals_match(t)
    assert (t.player(1).name, t.player(1).federation, t.player(1).rating) == ("Caruana, Fabiano", "ITA", 2801)


def test_a_bare_0_cell_is_a_round_not_paired_and_no_error():
    t = crosstable.read(event_rows(PAIRS[0], "csv"))
    giri = t.player(3)
    assert giri.games[2].kind == Kind.ABSENT and problems(t) == []


def test_colour_letters_of_no_one_language_are_reported_and_left_unknown():
    text = event_rows(PAIRS[0], "tab").replace("5b1", "5z1")  # w, b and z together
    t = crosstable.read(text)
    assert [f.rule for f in problems(t)] == ["CTB112"]
    assert all(g.colour is None for p in t.players for g in p.games)


# -- browser copies -----------------------------------------------------------------------------

@pytest.mark.parametrize("space", [" ", "\u00a0"])
def test_web_page_copy_with_rank_and_name_in_one_cell(space):
    # A table copied from a web page: tab-separated cells, "1. Sloth" in one cell, the header
    # row starting with an empty cell; the WCCC 1975-80 final (tests/data/seed-000-crosstable.txt).
    head = "\t".join(["", *[str(i) for i in range(1, 16)], "cs", "ns"])
    rows = [f"{i}.{space}{name}\t" + "\t".join(GRID[i - 1].split()) + f"\t{cs}\t{ns}"
            for i, (name, cs, ns) in enumerate(PRINTED, 1)]
    t = crosstable.read("\n".join([head, *rows]) + "\n")
    assert problems(t) == []
    assert [p.name for p in t.players] == [name for name, _, _ in PRINTED]
    assert totals_match(t)


# -- never silently wrong -----------------------------------------------------------------------

WRONG_TOTAL = event_rows(PAIRS[0], "csv").replace(";2½\n", ";3\n", 1)  # Caruana printed 3, cells give 2½


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_printed_total_that_differs_is_an_error_at_its_cell():
    t = crosstable.read(WRONG_TOTAL)
    (f,) = problems(t)
    assert (f.rule, f.severity, f.line, f.text) == ("CTB110", "error", 2, "3")
    assert "2½" in f.message and "3" in f.message


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "csv", "html"])
def test_report_of_a_table_whose_totals_differ_exits_1_with_the_findings(tmp_path, capsys, fmt):
    path = tmp_path / "wrong.csv"
    path.write_text(WRONG_TOTAL, encoding="utf-8")
    code, out, err = run(capsys, "report", str(path), "--format", fmt)
    assert code == 1
    assert "CTB110" in err and "cannot be trusted" in err
    if fmt == "json":
        assert '"CTB110"' in out


def test_convert_and_check_of_a_table_whose_totals_differ_exit_1(tmp_path, capsys):
    path = tmp_path / "wrong.csv"
    path.write_text(WRONG_TOTAL, encoding="utf-8")
    code, out, err = run(capsys, "convert", str(path), "--to", "trf")
    assert code == 1 and "001" in out
    assert "CTB110" in err
    code, out, err = run(capsys, "check", str(path))
    assert code == 1 and "CTB110" in out


def test_the_right_table_exits_0(tmp_path, capsys):
    path = tmp_path / "right.csv"
    path.write_text(event_rows(PAIRS[2], "csv"), encoding="utf-8")
    assert run(capsys, "report", str(path))[0] == 0
    assert run(capsys, "convert", str(path), "--to", "json")[0] == 0


def test_rows_beyond_a_grid_header_are_an_error_not_a_smaller_table(tmp_path, capsys):
    # a numbers header 1 2 3 over five rows of round-robin cells: two rows would be dropped
    text = "No Name 1 2 3\n1 Ann X 1 1\n2 Bob 0 X 1\n3 Cid 0 0 X\n4 Dan 1 0 1\n5 Eve 0 1 0\n"
    t = crosstable.read(text)
    assert "CTB111" in {f.rule for f in problems(t)}
    path = tmp_path / "grid.txt"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "report", str(path))
    assert code == 1 and "CTB111" in err


def test_a_text_that_holds_no_table_exits_2_naming_the_notations_tried(tmp_path, capsys):
    path = tmp_path / "prose.txt"
    path.write_text("The club met on Tuesday.\nEveryone enjoyed the games.\n", encoding="utf-8")
    code, _, err = run(capsys, "report", str(path))
    assert code == 2
    assert "crosstable" in err and "12w1" in err


def test_the_grammar_lists_the_same_colour_letters_as_the_reader():
    import re

    from trfscore.formats.crosstable.colours import LETTERS
    from trfscore.formats.crosstable.lexing import _grammar_text

    grammar = _grammar_text()
    letters = re.search(r"^CR_CELL\.\d+: /\\d\+\[([^\]]*)\]", grammar, re.M).group(1).replace("\\-", "")
    assert set(letters.lower()) == LETTERS
