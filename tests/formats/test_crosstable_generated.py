"""Generated crosstables read without a reader failure: written tables with awkward names, titles,
ratings and federations, the same tables damaged line by line, and tables whose items are
rewritten (odd spacing, ragged rows, unplayed cells and byes in other notations, colour letters of
other languages, leading zeros, opponents that are no row, Unicode names, bad declared values);
each opponent read is a player of the table."""
from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfscore.cells import columns
from trfscore.formats import crosstable
from trfscore.formats.crosstable import writer
from trfscore.testing.generate import swiss

# Name items that look like other things: titles, cells, numbers, ranks, byes, federations.
AWKWARD = ["GM", "im", "0", "12w1", "3z½", "B", "X", "HPB", "bye", "1.", "7)", "R1", "2700", "ENG", "½", "?",
           "-", "27:W", ":", "W12", "+W3", "Ünal", "O'Neil", "van", "der", "Li", "Chao2", "x", "C.C", "100",
           "١٢", "Rd3"]
TITLES = ["", "", "", "GM", "IM", "WFM", "g", "wm"]
FEDS = ["", "ENG", "GER", "XYZ", "C.C", "usa", "FIDE"]


def reads(text: str):
    """The text read: no reader failure however damaged (a reader bug becomes a CTB100 "internal
    error"), and every opponent read a player of the table."""
    t = crosstable.read(text)
    assert not any("internal error" in f.message for f in t.findings), t.findings
    ranks = {p.start_rank for p in t.players}
    assert all(opp is None or opp in ranks for p in t.players for opp in p.opponent_ranks())
    return t


@st.composite
def tables(draw):
    n = draw(st.integers(2, 24))
    rounds = draw(st.integers(1, 6))
    t = swiss(n, rounds, seed=draw(st.integers(0, 10_000)), forfeits=draw(st.sampled_from([0, 0.1])),
              byes=draw(st.sampled_from([0, 0.1])), withdrawals=draw(st.sampled_from([0, 0.2])))
    for p in t.players:
        words = draw(st.lists(st.sampled_from(AWKWARD), max_size=2))
        if words or draw(st.booleans()):
            p.name = " ".join([f"Name{p.start_rank},", *words]) if draw(st.booleans()) else " ".join(words) or "?"
        p.title = draw(st.sampled_from(TITLES))
        p.rating = draw(st.sampled_from([None, 0, 99, 100, 1500, 2799, 3999, 4000]))
        p.federation = draw(st.sampled_from(FEDS))
    if draw(st.booleans()):
        t.extras["declared"] = {p.start_rank: {"SB": draw(st.sampled_from([0, 1, 2.5, 10]))} for p in t.players}
    text = writer.write(t)
    if draw(st.booleans()):  # a rank column before the start numbers (chess-results' "Rk. SNo")
        lines = text.split("\n")
        head = next(i for i, line in enumerate(lines) if ".Rd" in line or " 1 " in line)
        order = draw(st.permutations(range(1, len(lines) - head)))
        lines[head] = "Rk.  " + lines[head]
        for i, rank in zip(range(head + 1, len(lines)), order):
            if lines[i].strip():
                lines[i] = f"{rank:>3}  " + lines[i]
        text = "\n".join(lines)
    return text


def damage(text: str, data) -> str:
    """The table with a few lines changed: items swapped, dropped, replaced; prose and blank lines;
    separators; rows renumbered."""
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        items = lines[i].split()
        how = data.draw(st.sampled_from(["replace", "drop", "insert", "prose", "blank", "tab", "pipe", "rank",
                                         "swap", "points"]))
        if how == "prose":
            lines.insert(i, data.draw(st.sampled_from(["Final standings", "2 players withdrew", "----", "1 2 3 4"])))
        elif how == "blank":
            lines.insert(i, "")
        elif not items:
            continue
        elif how == "tab":
            lines[i] = "\t".join(items)
        elif how == "pipe":
            lines[i] = lines[i].replace("  ", " | ", 1)
        elif how == "rank":
            lines[i] = lines[i].replace(items[0], items[0] + ".", 1)
        else:
            j = data.draw(st.integers(0, len(items) - 1))
            if how == "replace":
                items[j] = data.draw(st.sampled_from(AWKWARD + ["99w1", "1q1", "", "0", "5"]))
            elif how == "drop":
                del items[j]
            elif how == "insert":
                items.insert(j, data.draw(st.sampled_from(AWKWARD)))
            elif how == "swap":
                k = data.draw(st.integers(0, len(items) - 1))
                items[j], items[k] = items[k], items[j]
            elif how == "points":
                items[-1] = data.draw(st.sampled_from(["0", "1", "99", "1½", "x"]))
            lines[i] = "  ".join(items)
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_written_tables_read_without_failing(text):
    reads(text)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_damaged_tables_read_without_failing(text, data):
    reads(damage(text, data))


# Items a cell may be replaced by: byes and unplayed rounds in other notations, forfeits, cells
# with leading zeros, opponents that are no row, items that are no cell.
CELL_ITEMS = ["HPB", "ZPB", "FPB", "PAB", "bye", "-", "0", ":", "U", "H", "B", "F", "Z", ".", "-1", "-½", "-0", "+",
              "27:W", "0:D", "W3", "L2", "+W3", "-B2f", "=W1", "0003w1", "2-1", "3w?", "2w1/2", "9999b1", "1x1",
              "12", "½", "x", "2б1", "3ч0", "١٢w1", "²b0", "1234567w1"]
# Words a name may be made of.
UNICODE_WORDS = ["Ünal", "Łukasz", "Σπύρος", "Иванов", "李", "Nguyễn", "O'Neil", "Ábel-Kovács", "ß", "x́",
                 "١٢", "Ⅻ", "²", "Zoë", "İnce", "ſ", "K"]


def rewrite(text: str, data) -> str:
    """The table with its rows rewritten item by item: spacing, cells, names, colour letters."""
    lines = text.split("\n")
    letters = data.draw(st.sampled_from([None, ("w", "s"), ("b", "n"), ("б", "ч"), ("W", "B"), ("w", "x")]))
    spacing = data.draw(st.sampled_from(["keep", "single", "random"]))
    out = []
    for line in lines:
        items = line.split()
        if not items or not items[0].isdigit():
            out.append(line)
            continue
        for _ in range(data.draw(st.integers(0, 2))):
            j = data.draw(st.integers(1, len(items) - 1)) if len(items) > 1 else 0
            how = data.draw(st.sampled_from(["cell", "name", "drop", "extra"]))
            if how == "cell":
                items[j] = data.draw(st.sampled_from(CELL_ITEMS))
            elif how == "name":
                items.insert(1, data.draw(st.sampled_from(UNICODE_WORDS)))
            elif how == "drop" and len(items) > 2:
                del items[j]
            elif how == "extra":
                items.append(data.draw(st.sampled_from(["1", "2½", "3,5", "x", "10.25", "99999999"])))
        if letters is not None:
            white, black = letters
            items = [re.sub(r"^(\d+)w(?=[10½=+\-?]$)", rf"\g<1>{white}", x) for x in items]
            items = [re.sub(r"^(\d+)b(?=[10½=+\-?]$)", rf"\g<1>{black}", x) for x in items]
        if spacing == "keep":
            out.append(line if items == line.split() else "  ".join(items))
        elif spacing == "single":
            out.append(" ".join(items))
        else:
            gaps = data.draw(st.lists(st.sampled_from([" ", "  ", "   ", "\u00a0 "]), min_size=len(items),
                                      max_size=len(items)))
            out.append("".join(g + x for g, x in zip(gaps, items)) + data.draw(st.sampled_from(["", " ", "   "])))
    return "\n".join(out)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_rewritten_rows_read_without_failing(text, data):
    reads(rewrite(text, data))


def test_the_terminals_are_the_ones_lark_builds_in_the_same_order():
    # the generated table (lexing reads it without lark) is what lark compiles from the grammar
    from lark import Lark

    from trfscore.formats.crosstable import lexing

    built = sorted(Lark(lexing._grammar_text(), parser="lalr", lexer="basic").terminals,
                   key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    assert [tuple(t) for t in lexing.TERMINALS] == [(t.name, t.pattern.to_regexp(), t.priority) for t in built]
    assert lexing.compiled_terminals() == list(lexing.TERMINALS)
    table = Path(lexing.__file__).with_name("terminals.py").read_text(encoding="utf-8")
    assert table == lexing.terminal_table(), \
        "regenerate: python -m trfscore.formats.crosstable.lexing > src/trfscore/formats/crosstable/terminals.py"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_totals_of_a_read_table_are_the_points_of_its_cells(text, data):
    # compare_totals sums the cells' points (ScoreTable.totals); each is the sum of Scoring.points
    # over the player's games, in units
    t = crosstable.read(rewrite(text, data))
    table = t.scoring.table()
    assert table.totals(columns(t.players)) == [sum(t.scoring.points(g) * table.unit for g in p.games) for p in t.players]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_totals_compared_at_once_agree_with_the_row_by_row_comparison(text, data):
    # compare_totals first asks state._all_agree whether every declared total is the cells'; it
    # must say yes exactly when the row by row comparison finds no difference (and no row lacks one)
    from fractions import Fraction

    from trfscore.formats.crosstable.state import _all_agree

    t = crosstable.read(rewrite(text, data))
    table = t.scoring.table()
    totals = [sum(table.row(p)) for p in t.players]
    for p in t.players:
        change = data.draw(st.sampled_from([None, None, None, "none", "half", "third", "copy"]))
        if change == "none":
            p.points = None
        elif change in ("half", "third") and p.points is not None:
            p.points += Fraction(1, 2 if change == "half" else 3)
        elif change == "copy":
            p.points = Fraction(sum(table.row(p)), table.unit)
    rows_agree = all(p.points is not None and total * p.points.denominator == p.points.numerator * table.unit
                     for p, total in zip(t.players, totals))
    assert _all_agree(t.players, totals, table.unit) == rows_agree
