"""The validator does not cry wolf (issue #25): each tolerated form real files use gives at most
one info finding per file and form, and each true problem beside it is still caught.

Every file here is written by the test; the forms are the ones FIDE's own example1.txt,
Swiss-Manager and the Irish union's exports use (docs of the corpus, /work/shared/corpus/trf).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from checkhelp import HEADER, RANKS, SWISS, rules_of, trf

FIDE_HEADER = HEADER + ["132" + " " * 88 + "26/04/01  26/04/02"]
EIGHT = {1: ["2 w 1", "3 b ="], 2: ["1 b 0", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b 0"],
         5: ["6 w 1", "7 b ="], 6: ["5 b 0", "8 w 1"], 7: ["8 w =", "5 w ="], 8: ["7 b =", "6 b 0"]}
EIGHT_RANKS = {i: i for i in range(1, 9)}


def only(found: dict, rule: str) -> list:
    return found.get(rule, [])


@pytest.mark.parametrize("letters", [["M", "F", "M", "F"], ["f", " ", "f", " "], ["M", "M", "W", "M"]])
def test_sex_letter_case_is_one_info(letters):
    text = trf(opts={i + 1: {"sex": s} for i, s in enumerate(letters)})
    found = only(rules_of(text), "TRF303")
    assert [f.severity for f in found] == (["info"] if set(letters) - {" "} else [])
    assert "tolerated" in found[0].message


def test_unknown_sex_letter_still_warns():
    found = only(rules_of(trf(opts={1: {"sex": "x"}, 2: {"sex": "F"}, 3: {"sex": "F"}})), "TRF303")
    assert sorted(f.severity for f in found) == ["info", "warning"]
    assert any("'x'" in f.message for f in found if f.severity == "warning")


def test_swiss_manager_absences_are_one_info():
    rows = {**EIGHT, 7: ["8 w =", "0000 - -"], 5: ["6 w 1", "0000 - -"], 8: ["7 b =", "0000 - -"]}
    rows[6] = ["5 b 0", "0000 - -"]
    found = rules_of(trf(rows, ranks=EIGHT_RANKS))
    folded = only(found, "TRF406")
    assert [f.severity for f in folded] == ["info"]
    assert "4 cells" in folded[0].message and "0000 - -" in folded[0].message


def test_forfeits_without_colour_and_legacy_byes_are_one_info_each():
    rows = {1: ["2 - +", "0000 - +"], 2: ["1 - -", "4 w 1"], 3: ["4 - +", "0000 - ="], 4: ["3 - -", "2 b 0"]}
    folded = only(rules_of(trf(rows)), "TRF406")
    assert sorted(f.severity for f in folded) == ["info"] * 3  # forfeit without colour, 0000 - +, 0000 - =
    assert sum("forfeits written with colour" in f.message for f in folded) == 1


def test_unknown_result_still_warns():
    rows = {**SWISS, 1: ["2 w X", "3 b ="], 2: ["1 b X", "4 w 1"]}
    found = only(rules_of(trf(rows, opts={1: {"points": "0.5"}, 2: {"points": "1.0"}})), "TRF406")
    assert {f.severity for f in found} == {"warning"} and len(found) == 2


def test_legacy_dates_are_one_info_per_form():
    header = [h for h in HEADER if h[:3] not in ("042", "052")] + ["042 28. 07. 2005", "052 31. 07. 2005"]
    text = trf(header=header, opts={i: {"birth": "1969.12.06"} for i in RANKS})
    found = rules_of(text)
    assert [f.severity for f in only(found, "TRF202")] == ["info"]
    assert [f.severity for f in only(found, "TRF309")] == ["info"]
    assert "4 cells" in only(found, "TRF309")[0].message


def test_dates_that_do_not_read_still_warn():
    header = [h for h in HEADER if h[:3] != "042"] + ["042 sometime in July"]
    found = rules_of(trf(header=header, opts={1: {"birth": "06/12/69"}}))
    assert [f.severity for f in only(found, "TRF202")] == ["warning"]
    assert [f.severity for f in only(found, "TRF309")] == ["warning"]


def test_swiss_manager_players_count_is_info():
    found = rules_of(trf(header=HEADER + ["062 4 (4)"]))
    assert [f.severity for f in only(found, "TRF213")] == ["info"]
    found = rules_of(trf(header=HEADER + ["062 about 4"]))
    assert [f.severity for f in only(found, "TRF213")] == ["warning"]


def test_no_new_player_findings_for_players_with_a_fide_id():
    # unrated, with a FIDE id: registered already; FIDE holds birth date and sex
    text = trf(header=FIDE_HEADER, opts={1: {"rating": 0, "birth": "", "sex": " "}})
    found = rules_of(text, "fide")
    assert "TRF804" not in found and "TRF805" not in found


def test_new_players_without_id_birth_or_sex_are_errors():
    text = trf(header=FIDE_HEADER, opts={1: {"rating": 0, "birth": "", "sex": " ", "fide": ""}})
    found = rules_of(text, "fide")
    assert [f.severity for f in found["TRF804"]] == ["error"]
    assert [f.severity for f in found["TRF805"]] == ["error"]


def test_women_marked_men_blank_reads_blank_as_m():
    # FIDE's example1.txt: 'f' for women, blank for every man
    opts = {1: {"sex": "f"}, 2: {"sex": " ", "rating": 0, "fide": ""}, 3: {"sex": " ", "rating": 0, "fide": ""},
            4: {"sex": " "}}
    found = only(rules_of(trf(header=FIDE_HEADER, opts=opts), "fide"), "TRF805")
    assert [f.severity for f in found] == ["info"] and "2 new player(s)" in found[0].message


def test_blank_sex_beside_m_is_still_an_error():
    opts = {1: {"sex": "w"}, 2: {"sex": " ", "rating": 0, "fide": ""}, 3: {"sex": "m"}}
    found = only(rules_of(trf(header=FIDE_HEADER, opts=opts), "fide"), "TRF805")
    assert [f.severity for f in found] == ["error"]


def test_rank_zero_for_withdrawn_players_is_one_info():
    rows = {**EIGHT, 7: ["8 w ="], 8: ["7 b ="], 5: ["6 w 1"], 6: ["5 b 0"]}
    ranks = {1: 1, 2: 2, 3: 3, 4: 4, 5: 0, 6: 0, 7: 0, 8: 0}
    found = only(rules_of(trf(rows, ranks=ranks)), "TRF512")
    assert [f.severity for f in found] == ["info"] and found[0].message.startswith("4 player(s)")


def test_rank_zero_for_a_player_with_every_round_still_warns():
    found = only(rules_of(trf(ranks={1: 1, 2: 2, 3: 3, 4: 0})), "TRF512")
    assert [f.severity for f in found] == ["warning"]


def test_unrated_opponent_counts_are_info():
    found = only(rules_of(trf(header=FIDE_HEADER, opts={1: {"rating": 0}}), "fide"), "TRF806")
    assert [f.severity for f in found] == ["info"]


def test_every_rule_says_why_it_has_its_severity():
    """docs/rules.md gives each rule's reason (declared with the rule: ``why=``, or as the 4th
    element of a ``declare_summaries`` row), citing what a federation does with the finding; the
    reason starts with a severity and names each severity the rule has, so a changed severity
    shows a stale reason."""
    from trfscore.checks.registry import all_rules
    from trfscore.findings import SEVERITIES

    rules = all_rules().values()
    assert [r.id for r in rules if not r.why] == []
    assert [r.id for r in rules if r.why.split()[0].rstrip(":,") not in SEVERITIES] == []
    assert [r.id for r in rules if any(s not in r.why for s in {r.severity, r.lesser or r.severity})] == []
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text.count("*Why this severity:*") == len(rules)


def test_a_form_past_the_readers_cap_is_still_one_info():
    # 110 players, five rounds of '0000 - -' each: 550 cells, more than the reader lists per rule (500)
    rows = {sr: [f"{sr + 1 if sr % 2 else sr - 1} {'w 1' if sr % 2 else 'b 0'}"] + ["0000 - -"] * 5
            for sr in range(1, 111)}
    found = only(rules_of(trf(rows, ranks={})), "TRF406")
    assert [f.severity for f in found] == ["info"]
    assert "500 cells" in found[0].message and "50 more cells" in found[0].message


def test_a_true_problem_past_the_readers_cap_on_a_tolerated_form_still_warns():
    # 110 players, five rounds of '0000 - -' (550 cells: past the reader's 500 per rule), then one
    # cell with result 'X' (unknown) in the last line: a TRF406 warning the cap must not hide
    rows = {sr: [f"{sr + 1 if sr % 2 else sr - 1} {'w 1' if sr % 2 else 'b 0'}"] + ["0000 - -"] * 5
            for sr in range(1, 111)}
    rows[110] = rows[110][:-1] + ["0000 - X"]
    found = only(rules_of(trf(rows, ranks={}, opts={110: {"points": "0.0"}})), "TRF406")
    assert sorted(f.severity for f in found) == ["info", "warning"]
    info, = (f for f in found if f.severity == "info")
    assert "500 cells" in info.message and "49 more cells" in info.message  # 549 absences in all
    assert "'X'" in next(f for f in found if f.severity == "warning").message


def example1_like() -> str:
    """A small file written the way FIDE's own example1.txt (TRF16's sample, 2005) is: dates
    '28. 07. 2005', 032 and 132 empty, '082 0', titles as g/m, 'f' for women and blank for men,
    birth dates 1969.12.06, a forfeit with colour '-', '0000 - -' and '0000 - +' cells, rank 0
    for the player who withdrew, new players without FIDE id (with birth dates)."""
    from checkhelp import player_line

    header = ["012 9. Gedenkturnier", "022 Frankfurt (Main) /GER", "032", "042 28. 07. 2005", "052 31. 07. 2005",
              "062 6", "072 4", "082 0", "092 Individual: Swiss-System (Standard)", "102 Blum, Ralph",
              "122 40/120, 60", "132"]
    rows = {1: ["5 w 1", "3 b =", "2 - +"], 2: ["6 w 1", "4 w 1", "1 - -"], 3: ["4 w =", "1 w =", "5 w 1"],
            4: ["3 b =", "2 b 0", "0000 - +"], 5: ["1 b 0", "6 w 0", "3 b 0"], 6: ["2 b 0", "5 b 1", "0000 - -"]}
    people = {1: ("m", " ", 2558, "3400042"), 2: ("m", " ", 2482, "14101068"), 3: ("", "f", 2464, "1101463"),
              4: ("g", " ", 2463, "13600796"), 5: ("", " ", 0, ""), 6: ("", "f", 0, "")}
    ranks = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 0}
    lines = [player_line(sr, cells, rank=ranks[sr], title=people[sr][0], sex=people[sr][1], rating=people[sr][2],
                         fide=people[sr][3], fed="", birth="1969.12.06")
             for sr, cells in rows.items()]
    return "\n".join(header + lines) + "\n"


def test_a_file_written_as_fides_example_gives_only_its_real_errors():
    found = rules_of(example1_like(), "fide")
    errors = sorted((r, f.line) for r, fs in found.items() for f in fs if f.severity == "error")
    assert errors == [("TRF801", 3), ("TRF801", 12)]  # 032 (host federation) and 132 (round dates) empty
    for rule in ("TRF202", "TRF303", "TRF309", "TRF406", "TRF512"):
        assert found[rule] and {f.severity for f in found[rule]} == {"info"}, rule
    assert len(found["TRF406"]) == 3  # forfeit without colour, '0000 - -', '0000 - +': one each
    assert [f.severity for f in found["TRF805"]] == ["info"]  # women marked 'f', men blank
    assert "TRF804" not in found
    assert [f.line for f in found["TRF803"]] == [17, 18]  # the two new players: registered first
