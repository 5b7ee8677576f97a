"""Crosstable text reader: the WCCC 1975-80 table exactly as published (Wikipedia
"Sonneborn-Berger score"), the same table re-typed in other notations, Swiss notations, and bad
input (findings, never exceptions)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from conftest import SEED_000 as SEED  # noqa: E402
from trfscore.formats import crosstable
from trfscore.model import Kind

# As printed in the article: name, conventional score (cs), Neustadtl score (ns).
PRINTED = [
    ("Sloth", "11", "69.5"), ("Zagorovsky", "11", "66.75"), ("Kosenkov", "10½", "67.5"),
    ("Khasin", "8½", "54.75"), ("Kletsel", "8", "47.75"), ("De Carbonnel", "7", "45.25"),
    ("Arnlind", "7", "42.5"), ("Dunhaupt", "7", "41.5"), ("Maedler", "7", "41.5"), ("Estrin", "7", "40.5"),
    ("Walther", "5½", "33.25"), ("Boey", "5½", "28.5"), ("Abramov", "4½", "24.75"),
    ("Siklos", "4½", "22.75"), ("Nun", "1", "7.75"),
]
# The fifteen rows of the grid as printed (row i, column j: player i's result against j).
GRID = [
    "X ½ ½ 1 ½ ½ 1 1 ½ 1 ½ 1 1 1 1", "½ X 0 ½ 1 ½ 1 1 1 ½ 1 1 1 1 1", "½ 1 X ½ ½ ½ ½ ½ 1 1 ½ 1 1 1 1",
    "0 ½ ½ X ½ 1 ½ 0 1 1 ½ 1 ½ 1 ½", "½ 0 ½ ½ X ½ ½ ½ ½ 0 1 1 ½ 1 1", "½ ½ ½ 0 ½ X ½ ½ 0 1 ½ ½ 0 1 1",
    "0 0 ½ ½ ½ ½ X ½ 1 0 ½ ½ 1 1 ½", "0 0 ½ 1 ½ ½ ½ X 0 ½ 1 0 1 ½ 1", "½ 0 0 0 ½ 1 0 1 X 1 ½ ½ ½ ½ 1",
    "0 ½ 0 0 1 0 1 ½ 0 X 1 1 1 0 1", "½ 0 ½ ½ 0 ½ ½ 0 ½ 0 X 0 1 ½ 1", "0 0 0 0 0 ½ ½ 1 ½ 0 1 X ½ ½ 1",
    "0 0 0 ½ ½ 1 0 0 ½ 0 0 ½ X ½ 1", "0 0 0 0 0 0 0 ½ ½ 1 ½ ½ ½ X 1", "0 0 0 ½ 0 0 ½ 0 0 0 0 0 0 0 X",
]
VALUE = {"1": Fraction(1), "0": Fraction(0), "½": Fraction(1, 2)}
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}


def number(text: str) -> Fraction:
    return Fraction(text.replace("½", "") or 0) + Fraction(1, 2) if "½" in text else Fraction(text)


def one_line() -> str:
    rows = " ".join(f"{i}. {name} {GRID[i - 1]} {cs} {ns}" for i, (name, cs, ns) in enumerate(PRINTED, 1))
    return " ".join(str(i) for i in range(1, 16)) + " cs ns " + rows


def results(t) -> dict[tuple[str, str], Fraction]:
    """(player, opponent) -> points, by name: independent of rounds and numbering."""
    out = {}
    for p in t.players:
        for g in p.games:
            if g.opponent is not None:
                out[(p.name, t.player(g.opponent).name)] = POINTS[g.code]
    return out


def neustadtl(t) -> dict[str, Fraction]:
    """Neustadtl (Sonneborn-Berger) computed here from the grid: the full score of each beaten
    opponent plus half the score of each opponent drawn with."""
    score = {p.start_rank: t.score(p) for p in t.players}
    return {p.name: sum((POINTS[g.code] * score[g.opponent] for g in p.games if g.opponent is not None),
                        Fraction(0)) for p in t.players}


def test_one_line_is_in_the_seed_exactly_as_typed_here():
    assert one_line() in SEED.read_text(encoding="utf-8")


@pytest.mark.parametrize("source", ["seed file", "table line"])
def test_seed_reads_exactly_as_printed(source):
    text = SEED.read_text(encoding="utf-8") if source == "seed file" else one_line()
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    assert [p.name for p in t.players] == [name for name, _, _ in PRINTED]
    assert t.header.system == "CUSTOM_ROUNDROBIN" and t.is_round_robin
    # every printed conventional score: declared, and the sum of the row
    for p, (name, cs, ns) in zip(t.players, PRINTED):
        assert p.points == number(cs), name
        assert t.score(p) == number(cs), name
        assert t.extras["declared"][p.start_rank]["SB"] == Fraction(ns), name
    assert t.extras["declared_labels"]["SB"] == "ns"
    # the grid cell by cell
    for i, row in enumerate(GRID, 1):
        for j, cell in enumerate(row.split(), 1):
            if i != j:
                assert results(t)[(PRINTED[i - 1][0], PRINTED[j - 1][0])] == VALUE[cell]


def test_declared_ns_values_match_neustadtl_computed_from_the_grid():
    t = crosstable.read(SEED.read_text(encoding="utf-8"))
    computed = neustadtl(t)
    assert len(computed) == 15
    for p, (name, _, ns) in zip(t.players, PRINTED):
        assert computed[name] == Fraction(ns) == t.extras["declared"][p.start_rank]["SB"], name
    assert computed["Sloth"] == Fraction(139, 2) and computed["Nun"] == Fraction(31, 4)


def test_declared_values_carry_their_source_position():
    text = one_line()
    t = crosstable.read(text)
    line, column = t.extras["declared_at"][15]["SB"]
    assert line == 1 and text[column - 1:column - 1 + 4] == "7.75"
    line, column = t.extras["declared_at"][3]["PTS"]
    assert text[column - 1:column - 1 + 3] == "10½"


def test_rounds_are_berger_rounds_and_nobody_gets_a_bye():
    t = crosstable.read(one_line())
    assert t.rounds == 15
    for p in t.players:
        assert len(p.games) == 15
        kinds = [g.kind for g in p.games]
        assert kinds.count(Kind.NOT_SCHEDULED) == 1
        assert not set(kinds) & Kind.BYES
        assert all(g.colour is None for g in p.games)
    for r in range(1, 16):  # every game sits in the same round for both players
        for p in t.players:
            g = p.game(r)
            if g.opponent is not None:
                assert t.player(g.opponent).game(r).opponent == p.start_rank


def test_rounds_in_start_rank_order_on_request():
    t = crosstable.read(one_line(), rr_rounds="order")
    assert t.rounds == 14
    assert [g.opponent for g in t.players[0].games] == list(range(2, 16))
    assert [g.opponent for g in t.players[14].games] == list(range(1, 15))
    assert results(t) == results(crosstable.read(one_line()))


# -- the same table re-typed ----------------------------------------------------------------

def retyped(half: str, diagonal: str, comma: bool, columns: bool) -> str:
    """The published table with one row per line and a header row, in another notation."""
    head = "No  Name           " + ("Fed  Rtg  " if columns else "") + " ".join(
        f"{i:>3}" for i in range(1, 16)) + "   Pts     SB"
    lines = ["WCCC final 1975-80", "", head]
    for i, ((name, cs, ns), row) in enumerate(zip(PRINTED, GRID), 1):
        cells = [half if c == "½" else diagonal if c == "X" else c for c in row.split()]
        pts = str(number(cs) * 1)
        pts = f"{float(number(cs)):.1f}"
        sb = ns
        if comma:
            pts, sb = pts.replace(".", ","), sb.replace(".", ",")
        extra = f"{'SWE' if i % 2 else 'URS'}  {2400 + i} " if columns else ""
        lines.append(f"{i:<3} {name:<14} {extra}" + " ".join(f"{c:>3}" for c in cells) + f"  {pts:>5} {sb:>6}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("half,diagonal,comma,columns", [
    ("1/2", "*", False, False), ("=", "×", True, True), ("0.5", "x", False, True), ("0,5", "-", True, False),
])
def test_retyped_table_gives_the_same_results_and_values(half, diagonal, comma, columns):
    t = crosstable.read(retyped(half, diagonal, comma, columns))
    assert [f for f in t.findings if f.severity != "info"] == []
    seed = crosstable.read(one_line())
    assert results(t) == results(seed)
    assert [p.name for p in t.players] == [name for name, _, _ in PRINTED]
    assert neustadtl(t) == neustadtl(seed)
    for p, (_name, cs, ns) in zip(t.players, PRINTED):
        assert p.points == number(cs)
        assert t.extras["declared"][p.start_rank]["SB"] == Fraction(ns)
        if columns:
            assert p.federation in ("SWE", "URS") and p.rating == 2400 + p.start_rank
    assert t.header.name == "WCCC final 1975-80"


def test_markdown_grid_with_title_rating_and_rank_columns():
    text = """| Rk | Name | Title | Rtg | 1 | 2 | 3 | Pts | BH |
|---:|:---|---|---:|:-:|:-:|:-:|---:|---:|
| 1 | Kasparov, Garry | GM | 2800 | × | 1 | ½ | 1½ | 2 |
| 2 | Karpov, Anatoly |  | 2700 | 0 | × | 1 | 1 | 1,5 |
| 3 | Li Chao2 | | | ½ | 0 | × | ½ | 1 |
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    a, b, c = t.players
    assert (a.name, a.title, a.rating, a.rank, a.points) == ("Kasparov, Garry", "GM", 2800, 1, Fraction(3, 2))
    assert (b.name, b.title, b.rating) == ("Karpov, Anatoly", "", 2700)
    assert (c.name, c.rating) == ("Li Chao2", None)
    assert t.extras["declared"][2]["BH"] == Fraction(3, 2)
    assert t.rounds == 3 and [g.kind for g in c.games].count(Kind.NOT_SCHEDULED) == 1


def test_forfeits_and_unplayed_cells_in_a_grid():
    text = """No Name 1 2 3 4 Pts
1 Alpha X + = . 1.5
2 Beta - X 1 0 1
3 Gamma = 0 X 1 1.5
4 Delta . 1 0 X 1
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    found = {(p.start_rank, g.opponent): g for p in t.players for g in p.games if g.opponent}
    assert found[(1, 2)].kind == Kind.FORFEIT_WIN and found[(2, 1)].kind == Kind.FORFEIT_LOSS
    assert (1, 4) not in found and (4, 1) not in found  # "." : not played
    # each row's cells added up here (+ a forfeit win, 1; = a draw, ½; "." nothing) give its Pts column
    cell = {"+": Fraction(1), "1": Fraction(1), "=": Fraction(1, 2), "-": 0, "0": 0, ".": 0, "X": 0}
    rows = [line.split() for line in text.splitlines()[1:]]
    assert [sum(cell[c] for c in row[2:6]) for row in rows] == [Fraction(row[6]) for row in rows]
    assert [t.score(p) for p in t.players] == [Fraction(row[6]) for row in rows]


def test_double_round_robin_cells():
    text = """No Name 1 2 3 Pts
1 Ann XX 1½ 11 3½
2 Bob 0½ XX 1= 2
3 Cid 00 0= XX ½
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    assert t.rounds == 6
    # each row's two-game cells added up here ("XX" the diagonal) give its Pts column
    half = {"1": Fraction(1), "½": Fraction(1, 2), "=": Fraction(1, 2), "0": 0, "X": 0}
    rows = [line.split() for line in text.splitlines()[1:]]
    assert [sum(half[c] for c in "".join(row[2:5])) for row in rows] == [number(row[5]) for row in rows]
    assert [t.score(p) for p in t.players] == [number(row[5]) for row in rows]
    ann = t.players[0]
    assert sorted((g.opponent, g.code) for g in ann.games if g.opponent) == [(2, "1"), (2, "="), (3, "1"), (3, "1")]


def test_unreadable_cell_is_reported_and_the_rest_is_read():
    text = "1 2 3 4 Pts\n1. Alpha X 1 l 0 2\n2. Beta 0 X 1 ½ 1.5\n3. Gamma 1 0 X 1 2\n4. Delta 1 ½ 0 X 1.5\n"
    t = crosstable.read(text)
    bad = [f for f in t.findings if f.rule == "CTB101"]
    assert len(bad) == 1
    assert (bad[0].line, bad[0].column, bad[0].text) == (2, 14, "l")
    assert "read as '0' from the cell of player 3" in bad[0].message
    # the rows added up here, Alpha's "l" taken as the result opposite Gamma's 1 against Alpha: the
    # printed Pts column, but for Alpha's 2 (it counts the unreadable cell as a win)
    opposite = {"1": "0", "0": "1", "½": "½"}
    rows = [line.split()[2:6] for line in text.splitlines()[1:]]
    rows[0][2] = opposite[rows[2][0]]
    value = {"1": Fraction(1), "½": Fraction(1, 2), "0": 0, "X": 0}
    assert [t.score(p) for p in t.players] == [sum(value[c] for c in row) for row in rows]
    assert [t.score(p) for p in t.players][1:] == [number(line.split()[-1]) for line in text.splitlines()[2:]]


def test_cells_that_disagree_are_reported_with_both_positions():
    text = "1 2 3 Pts\n1. A X 1 1 2\n2. B 1 X 1 2\n3. C 0 0 X 0\n"
    t = crosstable.read(text)
    clash = [f for f in t.findings if f.rule == "CTB103"]
    assert len(clash) == 1 and clash[0].line == 2 and "line 3" in clash[0].message


def test_no_table_is_a_finding():
    t = crosstable.read("Just some prose.\nNothing to see here.\n")
    assert [f.rule for f in t.findings] == ["CTB100"] and t.players == []


def test_row_that_cannot_be_aligned_is_a_finding():
    text = "1 2 3 Pts\n1. A X 1 1 2\n2. B 0 X 1 1\n3. C\n"
    t = crosstable.read(text)
    assert any(f.rule == "CTB102" and f.line == 4 for f in t.findings)
    assert len(t.players) == 3


# -- Swiss notations ----------------------------------------------------------------------------

def swiss_games(t):
    return {p.name: [(t.player(g.opponent).name if g.opponent else None, g.colour, g.code) for g in p.games]
            for p in t.players}


def test_chess_results_cells_decimal_comma_and_start_numbers():
    text = """Final Ranking crosstable after 3 Rounds
Rk. SNo   Name                 Rtg  FED  1.Rd  2.Rd  3.Rd  Pts.  TB1
1   2     GM Smith, John       2600 ENG  4w1   3b½   -1    2,5   4,5
2   1     Jones, Bob           2500 USA  3b1   4w1   -0    2     3,5
3   4     Brown, C             2300 ENG  2w0   1w½   4b1   1,5   4
4   3     Green, D B           2200 SCO  1b0   2b0   3w0   0     3
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    smith = next(p for p in t.players if p.name == "Smith, John")
    assert (smith.start_rank, smith.rank, smith.title, smith.rating, smith.federation) == (2, 1, "GM", 2600, "ENG")
    assert smith.points == Fraction(5, 2) and t.extras["declared"][2]["TB1"] == Fraction(9, 2)
    g = swiss_games(t)
    assert g["Smith, John"] == [("Green, D B", "w", "1"), ("Brown, C", "b", "="), (None, None, "U")]
    assert g["Green, D B"][2] == ("Brown, C", "w", "0")
    assert g["Jones, Bob"][2] == (None, None, "Z")
    assert smith.games[2].kind == Kind.PAB
    assert t.rounds == 3 and not t.is_round_robin


@pytest.mark.parametrize("sep", ["\t", ";"])
def test_chess_results_tab_and_semicolon_exports(sep):
    rows = [["Rk.", "SNo", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "Pts.", "TB1"],
            ["1", "2", "GM", "Smith, John", "2600", "ENG", "2w1", "-1", "2", "0"],
            ["2", "1", "", "Jones, Bob", "2500", "USA", "1b0", "-0", "0", "0"]]
    t = crosstable.read("\n".join(sep.join(r) for r in rows) + "\n")
    assert [f for f in t.findings if f.severity != "info"] == []
    jones, smith = t.players
    assert (smith.start_rank, smith.rank, smith.title, smith.rating, smith.federation) == (2, 1, "GM", 2600, "ENG")
    assert (jones.name, jones.title) == ("Jones, Bob", "")
    assert [(g.opponent, g.colour, g.code) for g in smith.games] == [(1, "w", "1"), (None, None, "U")]
    assert jones.games[1].kind == Kind.ZERO_BYE


def test_us_chess_cells():
    text = """Pair Name             Rtg  Pts  Rd1  Rd2  Rd3
1    SMITH, JOHN      1850 2.5  W4   D2   B
2    JONES, BOB       1700 2.5  W3   D1   X4
3    BROWN, C         1600 1.5  L2   H    W4
4    GREEN, D         1500 0.0  L1   F2   L3
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    assert t.players[0].points == Fraction(5, 2) and t.players[0].rating == 1850
    g = swiss_games(t)
    assert g["SMITH, JOHN"] == [("GREEN, D", None, "1"), ("JONES, BOB", None, "="), (None, None, "U")]
    assert g["JONES, BOB"][2] == ("GREEN, D", None, "+")
    assert g["GREEN, D"][1] == ("JONES, BOB", None, "-")
    assert g["BROWN, C"][1] == (None, None, "H")


def test_us_chess_two_line_table_with_colours_under_the_rounds():
    text = """-----------------------------------------------------------------
 Pair | Player Name               |Total|Round|Round|Round|
 Num  | USCF ID / Rtg (Pre->Post) | Pts |  1  |  2  |  3  |
-----------------------------------------------------------------
    1 | ANN ALPHA                 |2.0  |W   4|D   2|H    |
   NY | 12345678 / R: 1794 ->1817 |     |B    |W    |     |
-----------------------------------------------------------------
    2 | BOB BETA                  |1.5  |W   3|D   1|L   4|
   NY | 12345679 / R: 1700 ->1705 |     |W    |B    |B    |
-----------------------------------------------------------------
    3 | CID GAMMA                 |0.0  |L   2|U    |L   4|
   NY | 12345670 / R: 1600 ->1580 |     |B    |     |W    |
-----------------------------------------------------------------
    4 | DAN DELTA                 |2.0  |L   1|B    |W   2|
   NY | 12345671 / R: 1500 ->1520 |     |W    |     |W    |
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    ann = t.players[0]
    assert (ann.name, ann.rating, ann.points) == ("ANN ALPHA", 1794, Fraction(2))
    assert [(g.opponent, g.colour, g.code) for g in ann.games] == [(4, "b", "1"), (2, "w", "="), (None, None, "H")]
    assert t.players[2].games[1].kind == Kind.ABSENT


def test_fide_style_cells_and_named_byes():
    text = """1 Smith +W4 =B2 HPB 2
2 Jones -B3 =W1 +W4f 1.5
3 Brown +W2 ZPB -B4 1
4 Green -B1 PAB +W3 2
"""
    t = crosstable.read(text)
    assert [f for f in t.findings if f.severity != "info"] == []
    g = swiss_games(t)
    assert g["Smith"] == [("Green", "w", "1"), ("Jones", "b", "="), (None, None, "H")]
    assert g["Jones"][2] == ("Green", "w", "+")
    assert [x.kind for x in t.players[2].games] == [Kind.WIN, Kind.ZERO_BYE, Kind.LOSS]
    assert t.players[3].games[1].kind == Kind.PAB
    assert [p.points for p in t.players] == [Fraction(line.split()[-1]) for line in text.splitlines()]
    # and the cells give them: + a win (f a forfeit), = a draw, HPB a half-point bye, PAB a
    # pairing-allocated bye (a win), ZPB nothing (the FIDE TRF-2016 codes)
    value = {"+": Fraction(1), "=": Fraction(1, 2), "-": 0, "H": Fraction(1, 2), "P": Fraction(1), "Z": 0}
    assert [t.score(p) for p in t.players] == [sum(value[c[0]] for c in line.split()[2:5])
                                               for line in text.splitlines()]


def test_unreadable_swiss_cell_and_unknown_opponent():
    text = "No Name R1 R2 Pts\n1 Ann 2w1 3y1 2\n2 Bob 1b0 9w1 1\n"
    t = crosstable.read(text)
    bad = [f for f in t.findings if f.rule == "CTB101"]
    assert len(bad) == 1 and (bad[0].line, bad[0].text) == (2, "3y1") and bad[0].column == 11
    assert any(f.rule == "CTB107" and f.line == 3 for f in t.findings)
    assert t.players[0].games[0].kind == Kind.WIN and t.players[0].games[1].kind == Kind.ABSENT


def test_sniff():
    assert crosstable.sniff(one_line())
    assert crosstable.sniff("1 Smith +W4 =B2 HPB 2\n2 Jones -B3 =W1 +W4f 1.5\n")
    assert not crosstable.sniff("Dear organiser,\nplease find the results attached.\n")


def test_parse_number():
    assert crosstable.parse_number("10½") == Fraction(21, 2)
    assert crosstable.parse_number("66.75") == Fraction(267, 4)
    assert crosstable.parse_number("3,5") == Fraction(7, 2)
    assert crosstable.parse_number("1/2") == Fraction(1, 2)
    assert crosstable.parse_number("abc") is None and crosstable.parse_number("") is None


# -- nothing raises --------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

CELLISH = st.sampled_from(["1", "0", "½", "1/2", "=", "+", "-", "X", "*", "×", "12w1", "3b½", "W12", "L5", "D3",
                           "+W12", "=B5", "-B3", "HPB", "PAB", "ZPB", "B", "H", "U", "F", ".", "|", "\t", ";",
                           "1.", "15", "69.5", "3,5", "10½", "Rd1", "1.Rd", "Pts", "SB", "ns", "Name", "GM",
                           "ENG", "Smith,", "\n", " ", "", "XX", "1½", "-1", "?", "R:"])


def _fine(t) -> None:
    assert isinstance(t.players, list)
    for p in t.players:
        assert len(p.games) == t.rounds
    for f in t.findings:
        assert f.severity in ("info", "warning", "error")
        assert "internal error" not in f.message  # the reader's safety net must never be what caught it


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_random_text_never_raises(text):
    _fine(crosstable.read(text))
    # sniff() has no catch-all: any exception in it fails this test; its verdict is a bool
    assert crosstable.sniff(text) in (True, False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(CELLISH, max_size=120).map(" ".join))
def test_random_cells_never_raise(text):
    _fine(crosstable.read(text))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_seed_never_raises_and_reports_with_positions(data):
    text = one_line()
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(text) - 1))
        op = data.draw(st.sampled_from(["delete", "replace", "insert"]))
        ch = data.draw(st.sampled_from(list("X½10=+-.|a\n 7")))
        text = text[:i] + ("" if op == "delete" else ch) + text[i + (op != "insert"):]
    t = crosstable.read(text)
    _fine(t)
    for f in t.findings:
        if f.rule in ("CTB101", "CTB103", "CTB104"):
            assert f.line is not None and f.column is not None


# -- hostile input (each was a crash, a hang or a wrong value) ----------------------------------
def test_the_fast_lexer_types_items_as_the_grammar_does():
    """lex() runs the grammar's terminals as one regular expression; it must give the tokens of
    the LALR parse exactly."""
    import random

    from lark import Lark, Transformer

    from trfscore.formats.crosstable import lexing

    class ToLines(Transformer):
        def line(self, children):
            return [(lexing._kind(t.type, str(t)), str(t), t.line, t.column) for t in children]

        def start(self, children):
            return children

    reference = Lark(lexing._grammar_text(), parser="lalr", lexer="basic", transformer=ToLines())
    alphabet = list("0123456789 .,wbsWBLDXFHUZ½/+-–—=*x×■|;\t?aAKGMIPRy") + ["1/2", "HPB", "bye", "GER", "GM",
                                                                           "  ", "\n", "\r\n", "\xa0"]
    rng = random.Random(7)
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        mine = [[(t.kind, t.text, t.line, t.col) for t in line] for line in crosstable.lex(text)]
        assert mine == reference.parse(text.replace("\r\n", "\n").replace("\r", "\n")), repr(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list(" 1w½b.ab|;\t\xa0\u3000") + ["12w1", "HPB", "  ", " x "]), max_size=40)
       .map("".join))
def test_a_slice_of_a_lines_items_gives_the_items_of_the_line(line):
    """A line's items keep their columns out of sight until asked for; every slice of them (as
    the readers take a row's cells, its name columns and its tail) gives the same items, at the
    same columns, as the line's items taken one by one."""
    from trfscore.formats.crosstable.lexing import Items

    def lex_line(line: str, no: int) -> Items:
        return crosstable.lex("\n" * (no - 1) + line)[no - 1]  # items made afresh, their columns not found

    whole = [(t.kind, t.text, 3, t.col) for t in crosstable.lex(line)[0]]
    assert [(t.kind, t.text, t.line, t.col) for t in lex_line(line, 3)] == whole
    n = len(whole)
    for j in range(-n, n):  # one item of a line whose columns are not found yet (the first, the last: one find)
        tok = lex_line(line, 3)[j]
        assert (tok.kind, tok.text, tok.line, tok.col) == whole[j]
    for a in range(n + 1):
        for b in range(a, n + 1):
            part = lex_line(line, 3)[a:b]  # (its columns not found yet)
            assert [(t.kind, t.text, t.line, t.col) for t in part] == whole[a:b]
            assert [(part[j].text, part[j].col) for j in range(a - b, b - a)] == [(x, c) for _, x, _, c in
                                                                              whole[a:b] * 2]


@pytest.mark.parametrize("space", ["\u3000", "\u2003", "\u2028", "\x85", "\x1c"])
def test_blanks_the_grammar_does_not_name_separate_items(space):
    """An ideographic space (or U+2028 ...) anywhere made the whole text 'not a crosstable'."""
    t = crosstable.read(f"No Name 1 2 Pts\n1 A{space}B X 1 1\n2 C D 0 X 0\n")
    assert [p.name for p in t.players] == ["A B", "C D"] and "CTB100" not in [f.rule for f in t.findings]


def test_numbers_of_thousands_of_digits_are_words():
    """int() refuses 4,300 digits: such an item was an internal error (CTB100)."""
    huge = "1" * 5000
    for text in (f"{huge} A 1w1\n2 B 1b0\n", f"No Name 1 2 Pts\n1 A {huge} X 1 1\n2 C 0 X 0\n",
                 f"No Name 1.Rd TB{huge} {huge}rd\n1 A 2w1 1 1\n2 B 1b0 0 0\n"):
        t = crosstable.read(text)
        assert not any("internal error" in f.message for f in t.findings), t.findings


def test_a_header_of_thousands_of_columns_over_a_few_rows_is_refused():
    """3,000 numbered columns over three rows made 3,000 players with 2,999 rounds each."""
    text = "No Name " + " ".join(str(i) for i in range(1, 3001)) + "\n" + "".join(
        f"{i} P{i} " + " ".join("X" if j == i else "1" for j in range(1, 3001)) + "\n" for i in range(1, 4))
    t = crosstable.read(text)
    assert not t.players and any(f.rule == "CTB100" and "3000 columns" in f.message for f in t.findings)


def test_a_header_of_thousands_of_rounds_over_short_rows_is_refused():
    text = "No Name " + " ".join(f"{r}.Rd" for r in range(1, 5001)) + "\n" + "".join(
        f"{i} P{i} 2w1\n" for i in range(1, 80))
    t = crosstable.read(text)
    assert not t.players and any(f.rule == "CTB100" and "5000 rounds" in f.message for f in t.findings)


def test_markdown_cells_keep_semicolons_and_undo_backslash_escapes():
    t = crosstable.read("## A \\<b\\> \\*cup\\*\n\n| No | Name | 1 | 2 | Pts |\n|---:|:---|---:|---:|---:|\n"
                        "| 1 | Smith; John \\<img\\> | X | 1 | 1 |\n| 2 | a\\_b \\\\ c | 0 | X | 0 |\n")
    assert [p.name for p in t.players] == ["Smith; John <img>", "a_b \\ c"]
    assert t.header.name == "A <b> *cup*"


def test_a_swiss_row_numbered_0_does_not_make_a_start_rank_0():
    """Found by the hostile-input tests: a line break spliced into the header left a row "0"."""
    text = """No  Name   Rtg  1     2     Pts
 0  Ann    2000  2w1   3b1   2
 2  Bob    1900  1b0   3w1   1
 3  Cid    1800  2b0   1w0   0
"""
    t = crosstable.read(text)
    assert sorted(p.start_rank for p in t.players) == [1, 2, 3]
    assert "CTB105" in {f.rule for f in t.findings}


@pytest.mark.parametrize("opponent", ["0", "99"])
def test_an_opponent_that_is_no_row_is_reported_not_kept(opponent):
    """Found by the fuzz suite: a cell naming opponent 0 (no row) was kept as opponent 0, and the
    JSON written from the table failed its own schema (opponent >= 1)."""
    import json

    from trfscore.formats.json_schema import validate
    from trfscore.formats.json_write import write

    text = ("No Name 1.Rd 2.Rd Pts\n1 Alpha, A 2w1 " + opponent + "b0 1\n2 Beta, B 1b0 3w1 1\n"
            "3 Gamma, C 4b1 2b0 1\n4 Delta, D 3w0 0 0\n")
    t = crosstable.read(text)
    assert "CTB107" in {f.rule for f in t.findings}
    assert t.player(1).games[1].opponent is None
    assert validate(json.loads(write(t))) == []


def test_a_declared_total_out_of_range_is_a_finding_not_a_score():
    """Found by the fuzz suite: a crosstable total of 99999999 was kept as the player's declared
    points, so ``convert --to json`` wrote a document its own schema rejects (scores are at most
    1,000,000 either way)."""
    import json

    import trfscore
    from trfscore.formats import json_schema, json_write
    from trfscore.formats.crosstable import writer as crosstable_writer
    from trfscore.testing.generate import swiss

    lines = crosstable_writer.write(swiss(12, 5, seed=7)).splitlines()
    row = next(i for i, line in enumerate(lines) if line.lstrip().startswith("1 "))
    head, total = lines[row].rsplit(" ", 1)
    lines[row] = f"{head} 99999999"
    t = trfscore.loads("\n".join(lines) + "\n")
    found = [f for f in t.findings if f.rule == "CTB104"]
    assert found and "99999999" in found[0].message and "out of range" in found[0].message, t.findings
    assert t.player(1).points is None
    assert json_schema.validate(json.loads(json_write.write(t))) == []


def test_findings_are_capped_per_rule_and_the_report_prints_them_all(capsys, tmp_path):
    """The crosstable reader caps its findings as every reader does (MAX_PER_RULE of a rule, then
    a TRF001 note counting the rest), and ``report`` prints the errors kept and the note, its
    headline counting every one."""
    from conftest import run_cli
    from trfscore.findings import MAX_PER_RULE

    extra = 3
    players = MAX_PER_RULE + extra  # each row's only cell names opponent 9999, no row: CTB107
    text = "No Name 1.Rd Pts\n" + "".join(f"{i} Player{i} 9999w1 1\n" for i in range(1, players + 1))
    t = crosstable.read(text)
    assert [f.rule for f in t.findings].count("CTB107") == MAX_PER_RULE
    notes = [f for f in t.findings if f.rule == "TRF001"]
    assert [(n.of, n.count) for n in notes] == [("CTB107", extra)]
    path = tmp_path / "table.txt"
    path.write_text(text, encoding="utf-8")
    code, _, err = run_cli(capsys, "report", path)
    lines = err.splitlines()
    errors = sum(f.severity == "error" for f in t.findings) + extra  # the kept ones and those the note counts
    assert code == 1 and f": {errors} error(s) reading the table" in lines[0]
    assert sum(" error CTB107 " in line for line in lines) == MAX_PER_RULE
    assert f"TRF001 {extra} more CTB107 finding(s) left out" in err


def test_a_table_with_more_distinct_cells_than_are_kept_reads_every_cell():
    """The Swiss reader keeps at most ``_CELLS_KEPT`` distinct cells read (swiss._CellsRead); a
    table with more distinct cells than that still reads each cell as written.  1,024 players,
    6 rounds: in round r player i meets ((i-1) XOR r) + 1; the lower number has White in odd
    rounds and wins, draws or loses as r % 3 is 0, 1 or 2."""
    from trfscore.formats.crosstable.swiss import _CELLS_KEPT

    n, rounds = 1024, 6
    result = {0: ("1", "0"), 1: ("½", "½"), 2: ("0", "1")}
    cells: dict[int, list[tuple[int, str, str]]] = {i: [] for i in range(1, n + 1)}
    for r in range(1, rounds + 1):
        for i in range(1, n + 1):
            j = ((i - 1) ^ r) + 1
            lower = i < j
            colour = "w" if (r % 2 == 1) == lower else "b"
            cells[i].append((j, colour, result[r % 3][0 if lower else 1]))
    texts = {f"{j}{c}{res}" for row in cells.values() for j, c, res in row}
    assert len(texts) > _CELLS_KEPT  # (5,632 distinct: the bound is passed)
    head = "No Name " + " ".join(f"{r}.Rd" for r in range(1, rounds + 1))
    text = head + "\n" + "".join(f"{i} Player{i} " + " ".join(f"{j}{c}{res}" for j, c, res in cells[i]) + "\n"
                                 for i in range(1, n + 1))
    t = crosstable.read(text)
    assert [f.rule for f in t.findings if f.severity == "error"] == []
    for p in t.players:
        assert p.opponent_ranks() == [j for j, _, _ in cells[p.start_rank]]
        assert p.colours() == [c for _, c, _ in cells[p.start_rank]]
        kinds = {"1": Kind.WIN, "½": Kind.DRAW, "0": Kind.LOSS}
        assert [g.kind for g in p.games] == [kinds[res] for _, _, res in cells[p.start_rank]]
