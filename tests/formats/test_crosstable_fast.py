"""The fast path for regular Swiss rows (formats/crosstable/fast.py) is held to the general path:
on generated tables, with awkward names, titles, ratings and federations, and on the same tables
damaged line by line, both give the same players, games, declared values and findings."""
from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfscore.formats import crosstable
from trfscore.formats.crosstable import writer
from trfscore.testing.generate import swiss

# Name items that look like other things: titles, cells, numbers, ranks, byes, federations.
AWKWARD = ["GM", "im", "0", "12w1", "3z½", "B", "X", "HPB", "bye", "1.", "7)", "R1", "2700", "ENG", "½", "?",
           "-", "27:W", ":", "W12", "+W3", "Ünal", "O'Neil", "van", "der", "Li", "Chao2", "x", "C.C", "100",
           "١٢", "Rd3"]
TITLES = ["", "", "", "GM", "IM", "WFM", "g", "wm"]
FEDS = ["", "ENG", "GER", "XYZ", "C.C", "usa", "FIDE"]


def same(text: str) -> None:
    fast = crosstable.read(text)
    general = crosstable.read(text, fast=False)
    assert fast.findings == general.findings
    assert fast.players == general.players
    assert fast.extras == general.extras
    assert (fast.header, fast.rounds, fast.source) == (general.header, general.rounds, general.source)


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
def test_fast_path_equals_general_path_on_written_tables(text):
    same(text)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_fast_path_equals_general_path_on_damaged_tables(text, data):
    same(damage(text, data))


def test_the_fast_path_reads_a_written_table_itself():
    # the rows of a plain written table are read by the fast path, not handed to the lexer
    from trfscore.formats.crosstable import fast
    from trfscore.formats.crosstable.state import ReadState

    text = writer.write(swiss(40, 5, seed=3, byes=0.1, forfeits=0.1))
    table = fast.read_table(ReadState(text, None))
    assert table is not None and len(table.known) == 40 == len(table.table.rows)
    same(text)


def test_the_terminals_are_the_ones_lark_builds_in_the_same_order():
    # the generated table (lexing reads it without lark) is what lark compiles from the grammar
    from lark import Lark

    from trfscore.formats.crosstable import lexing

    built = sorted(Lark(lexing._grammar_text(), parser="lalr", lexer="basic").terminals,
                   key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    assert [tuple(t) for t in lexing._terminals()] == [(t.name, t.pattern.to_regexp(), t.priority) for t in built]
    assert lexing.compiled_terminals() == list(lexing._terminals())
    table = Path(lexing.__file__).with_name("terminals.py").read_text(encoding="utf-8")
    assert table == lexing.terminal_table(), \
        "regenerate: python -m trfscore.formats.crosstable.lexing > src/trfscore/formats/crosstable/terminals.py"
