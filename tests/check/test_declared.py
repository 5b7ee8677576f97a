"""TRF514: a published crosstable's printed tie-break column against the computed values.

The table is the 1975-80 correspondence final as printed in the Wikipedia "Sonneborn-Berger
score" article (tests/data/seed-000-crosstable.txt): results row by row, then the conventional score ("cs") and Neustadtl ("ns").
"""
from __future__ import annotations

from checkhelp import checked

import trfscore

ROWS = """\
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 cs ns
1. Sloth X ½ ½ 1 ½ ½ 1 1 ½ 1 ½ 1 1 1 1 11 69.5
2. Zagorovsky ½ X 0 ½ 1 ½ 1 1 1 ½ 1 1 1 1 1 11 66.75
3. Kosenkov ½ 1 X ½ ½ ½ ½ ½ 1 1 ½ 1 1 1 1 10½ 67.5
4. Khasin 0 ½ ½ X ½ 1 ½ 0 1 1 ½ 1 ½ 1 ½ 8½ 54.75
5. Kletsel ½ 0 ½ ½ X ½ ½ ½ ½ 0 1 1 ½ 1 1 8 47.75
6. De Carbonnel ½ ½ ½ 0 ½ X ½ ½ 0 1 ½ ½ 0 1 1 7 45.25
7. Arnlind 0 0 ½ ½ ½ ½ X ½ 1 0 ½ ½ 1 1 ½ 7 42.5
8. Dunhaupt 0 0 ½ 1 ½ ½ ½ X 0 ½ 1 0 1 ½ 1 7 41.5
9. Maedler ½ 0 0 0 ½ 1 0 1 X 1 ½ ½ ½ ½ 1 7 41.5
10. Estrin 0 ½ 0 0 1 0 1 ½ 0 X 1 1 1 0 1 7 40.5
11. Walther ½ 0 ½ ½ 0 ½ ½ 0 ½ 0 X 0 1 ½ 1 5½ 33.25
12. Boey 0 0 0 0 0 ½ ½ 1 ½ 0 1 X ½ ½ 1 5½ 28.5
13. Abramov 0 0 0 ½ ½ 1 0 0 ½ 0 0 ½ X ½ 1 4½ 24.75
14. Siklos 0 0 0 0 0 0 0 ½ ½ 1 ½ ½ ½ X 1 4½ 22.75
15. Nun 0 0 0 ½ 0 0 ½ 0 0 0 0 0 0 0 X 1 7.75
"""


def _rule(text, rule="TRF514"):
    return [f for f in checked(trfscore.loads(text, "crosstable")) if f.rule == rule]


def test_the_published_table_is_consistent():
    assert _rule(ROWS) == []
    assert _rule(ROWS, "CTB110") == []


def test_a_wrong_printed_neustadtl_value_is_reported_at_its_cell():
    wrong = ROWS.replace(" 11 66.75\n", " 11 66.25\n")
    found = _rule(wrong)
    assert len(found) == 1
    f = found[0]
    assert f.line == 3 and "66.75" in f.message and "66.25" in f.message
    assert ROWS.splitlines()[2][f.column - 1:].startswith("66.")


def test_a_swiss_table_with_points_and_a_tiebreak_column_places_each_at_its_own_column():
    """The Pts column and the SB column after it are each reported where they stand (the
    column-wise block reader once gave the SB value the Pts column's place, and no place to Pts)."""
    table = ("Synthetic Swiss\n\nNo  Name              Fed  1.Rd  2.Rd  3.Rd  Pts  SB\n"
             " 1  Player0001, Test  ENG   2b½   2b½   2b0    1   9\n"
             " 2  Player0002, Test  ENG   1w½   1w½   1w1    2   2\n")
    found = _rule(table)
    line = table.splitlines()[3]  # (line 4 of the text)
    pts_at, sb_at = line.rindex(" 1 ") + 2, line.rindex("9") + 1  # 1-based columns of the printed 1 and 9
    assert [(f.line, f.column) for f in found] == [(4, sb_at)]  # player 1's SB: 2, printed 9
    t = trfscore.loads(table, "crosstable")
    assert t.extras["declared_at"][1] == {"PTS": [4, pts_at], "SB": [4, sb_at]}


def test_a_wrong_result_shows_up_as_wrong_neustadtl_values():
    # Nun's draw against Khasin turned into a loss (both cells): the printed scores of both no
    # longer match (CTB110, at the printed score), and Nun's printed Neustadtl (7.75) no longer does either.
    lines = ROWS.splitlines()
    lines[4] = lines[4].replace("½ 1 ½ 8½", "½ 1 1 8½")
    lines[15] = lines[15].replace("0 0 0 ½ 0", "0 0 0 0 0")
    text = "\n".join(lines) + "\n"
    assert 16 in {f.line for f in _rule(text)}
    assert {f.line for f in _rule(text, "CTB110")} == {5, 16}
    assert _rule(text, "TRF510") == []  # the reader's CTB110 says it, at the printed score


def test_the_text_report_shows_the_printed_value_in_its_source_line(tmp_path, capsys):
    from conftest import run_cli

    path = tmp_path / "final.txt"
    path.write_text(ROWS.replace(" 11 66.75\n", " 11 66.25\n"), encoding="utf-8")
    _, out, _ = run_cli(capsys, "check", path)
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if " TRF514 " in line)
    assert lines[at + 1].endswith("| 2. Zagorovsky ½ X 0 ½ 1 ½ 1 1 1 ½ 1 1 1 1 1 11 66.25")
    assert lines[at + 2].endswith(" " * 47 + "^^^^^")  # under 66.25, not a fraction such as 265/4


# --- the rule on its own: a tournament whose extras hold printed values ------------------------
# A 4-player round robin (checkhelp.trf): 1 beats 2 and 4 and draws 3 (2.5); 2 beats 4 and 3
# (2); 3 draws 4 and 1 (1); 4 has ½.  Buchholz: 1: 2 + 1 + ½ = 3.5, 2: 2.5 + ½ + 1 = 4,
# 3: ½ + 2.5 + 2 = 5, 4: 1 + 2 + 2.5 = 5.5.  AOB (the average of the opponents' Buchholz):
# 1: (4 + 5 + 5.5) / 3 = 29/6 = 4.8333..., 4: (5 + 4 + 3.5) / 3 = 25/6 = 4.1666...
# SB of 1: 2 (beat 2) + 0.5 (drew 3) + 0.5 (beat 4) = 3.
RR = {1: ["2 w 1", "3 b =", "4 w 1"], 2: ["1 b 0", "4 w 1", "3 b 1"], 3: ["4 w =", "1 w =", "2 w 0"],
      4: ["3 b =", "2 b 0", "1 b 0"]}


def _printed(declared, at=None, labels=None):
    from checkhelp import trf

    t = trfscore.loads(trf(RR))
    t.extras.update(declared=declared, declared_at=at or {}, declared_labels=labels or {})
    return sorted((f for f in checked(t) if f.rule == "TRF514"), key=lambda f: f.message)


def test_a_value_without_a_two_decimal_form_may_be_printed_rounded():
    from fractions import Fraction

    assert _printed({1: {"AOB": Fraction("4.83")}, 4: {"AOB": Fraction("4.17")}}) == []
    assert _printed({1: {"AOB": Fraction("4.84")}}) == []  # 0.0067 from 29/6: under a hundredth
    (f,) = _printed({1: {"AOB": Fraction("4.85")}}, at={1: {"AOB": (7, 50)}}, labels={"AOB": "Avg.Opp.BH"})
    assert (f.line, f.column, f.text, f.severity) == (7, 50, "4.85", "warning")
    assert f.message == "player 1: Avg.Opp.BH is printed as 4.85 but the results give 4.83 (AOB, fide-2026)"
    assert f.hint == "correct the Avg.Opp.BH value, or check the results of player 1"
    assert len(_printed({1: {"AOB": Fraction("4.82")}})) == 1  # 0.0133 below 29/6


def test_a_value_with_a_two_decimal_form_must_be_exact():
    from fractions import Fraction

    assert _printed({1: {"SB": Fraction(3), "BH": "3.5"}}) == []  # text read as a number too
    (f,) = _printed({1: {"SB": Fraction("3.01")}})
    assert f.message == "player 1: SB is printed as 3.01 but the results give 3 (SB, fide-2026)"
    assert (f.line, f.column) == (None, None)  # no place recorded: the finding has none


def test_what_is_not_compared():
    from fractions import Fraction

    # points, ranks and numbers are no tie-breaks; a blank, unreadable or unknown player's value is skipped
    assert _printed({1: {"PTS": Fraction(9), "RANK": 4, "TPN": 2, "SNO": 3}}) == []
    assert _printed({1: {"pts": Fraction(9)}}) == []
    assert _printed({1: {"SB": None, "BH": "n/a"}, 9: {"SB": Fraction(1)}}) == []
    assert _printed({}) == []
    # a code the engine does not know stops the comparison, never the check
    assert _printed({1: {"XYZ": Fraction(1), "SB": Fraction(9)}}) == []
    # a player's value for a code only another player prints
    assert [f.message[:22] for f in _printed({1: {"SB": Fraction(3)}, 2: {"BH": Fraction(5)}})] == [
        "player 2: BH is printe"]


def test_points_ranks_and_numbers_are_no_tiebreak_columns():
    from fractions import Fraction

    # PTS is a code the engine knows: printed 9 for 2.5 would be a finding if it were compared
    assert _printed({1: {"PTS": Fraction(9)}}) == []
    # RANK and SNO are no codes of the engine: left out, the SB column beside them is still compared
    for code in ("RANK", "SNO", "TPN"):
        got = _printed({1: {code: Fraction(4), "SB": Fraction(9)}})
        assert [f.message for f in got] == ["player 1: SB is printed as 9 but the results give 3 (SB, fide-2026)"]


def test_every_code_of_a_player_is_compared():
    from fractions import Fraction

    # codes go in sorted order (AOB, BH, SB): a blank or a right value before a wrong one
    got = _printed({1: {"AOB": None, "BH": Fraction(7, 2), "SB": Fraction(9)}})
    assert [f.message[:25] for f in got] == ["player 1: SB is printed a"]


def test_the_tolerance_is_for_values_without_a_two_decimal_form_only():
    from fractions import Fraction

    # BH 3.5 and SB 3 have two-decimal forms: 3.505 and 3.005 are wrong
    got = _printed({1: {"BH": Fraction("3.505"), "SB": Fraction("3.005")}})
    assert [f.message for f in got] == [
        "player 1: BH is printed as 3.505 but the results give 3.5 (BH, fide-2026)",
        "player 1: SB is printed as 3.005 but the results give 3 (SB, fide-2026)"]
    # 29/6 printed 4.84325: 0.00992 away, under a hundredth (and over 1/101)
    assert _printed({1: {"AOB": Fraction("4.84325")}}) == []
