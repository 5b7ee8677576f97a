"""Each check rule: a passing and a failing file (and the documentation every rule must have)."""
from __future__ import annotations

from pathlib import Path

import pytest
from checkhelp import HEADER, SWISS, paired, rules_of, trf

from trfscore.checks.registry import all_rules, check_rules
from trfscore.findings import SEVERITIES

ROOT = Path(__file__).resolve().parents[2]


def date_line(*dates: str) -> str:
    return ("132" + " " * 88 + "".join(f"{d:<10}" for d in dates)).rstrip()


def team013(name: str, *members: int) -> str:
    return f"013 {name:<32}" + "".join(f"{m:>4} " for m in members).rstrip()


def team310(num: int, name: str, mp: str, gp: str, rank: int, *members: int) -> str:
    return (f"310 {num:>3} {name:<32} {name[:5]:<5} {'':>6} {mp:>6} {gp:>6} {rank:>3}  "
            + "".join(f"{m:>4} " for m in members)).rstrip()


def acc250(value: str, r1: int, r2: int, i1: int, i2: int) -> str:
    return f"250 {'':4} {value:>4} {r1:>3} {r2:>3} {i1:>4} {i2:>4}"


def xxa(sr: int, *values: str) -> str:
    return f"XXA {sr:>4} " + " ".join(f"{v:>4}" for v in values)


def with_cells(**changes: list[str]) -> dict[int, list[str]]:
    rows = {k: list(v) for k, v in SWISS.items()}
    for key, cells in changes.items():
        rows[int(key[1:])] = cells
    return rows


RR_HEADER = HEADER + ["092 Individual: Round-Robin"]
RR_OK = {1: ["4 w 1", "2 w =", "3 b 0"], 2: ["3 w 0", "1 b =", "4 w 1"], 3: ["2 b 1", "4 b =", "1 w 1"],
         4: ["1 b 0", "3 w =", "2 b 0"]}
RR_BAD = {1: ["4 w 1", "2 w =", "2 b 0"], 2: ["3 w 0", "1 b =", "1 w 1"], 3: ["2 b 1", "4 b =", "4 w 1"],
          4: ["1 b 0", "3 w =", "3 b 0"]}
RR_RANKS = {1: 2, 2: 3, 3: 1, 4: 4}
PAB_OK = {1: ["2 w 1", "3 b 1", "5 w 1"], 2: ["1 b 0", "5 w 1", "4 b 1"], 3: ["4 w 1", "1 w 0", "0000 - U"],
          4: ["3 b 0", "0000 - U", "2 w 0"], 5: ["0000 - U", "2 b 0", "1 b 0"]}
PAB_TWICE = {1: ["2 w 1", "3 b 1", "4 w 1"], 2: ["1 b 0", "5 w 1", "3 b 1"], 3: ["4 w 1", "1 w 0", "2 w 0"],
             4: ["3 b 0", "0000 - U", "1 b 0"], 5: ["0000 - U", "2 b 0", "0000 - U"]}
PAB_RANKS = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
TEAM_ROWS = {1: ["3 w 1"], 2: ["4 b ="], 3: ["1 b 0"], 4: ["2 w ="]}
TEAM_RANKS = {1: 1, 2: 2, 3: 3, 4: 4}
THREE_TEAMS = {1: ["3 w 1"], 2: ["5 b ="], 3: ["1 b 0"], 4: ["6 w ="], 5: ["2 w ="], 6: ["4 b ="]}
BYE_ROWS = {1: ["0000 - U", "3 b ="], 2: ["0000 - H", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b 0"]}
ZERO_ROWS = with_cells(p3=["4 w 1", "1 w ="], p4=["3 b 0", "2 b 0"])
FIDE_HEADER = HEADER + [date_line("26/04/01", "26/04/02")]

NORM_EVENT = Path(__file__).resolve().parents[1] / "data" / "norms" / "swiss-gm-norm.trf"

# rule, passing text, failing text, expected severity of the failing finding, profile
CASES = [
    ("TRF500", trf(), "\n".join(HEADER) + "\n", "error", "basic"),
    ("TRF501", trf(), trf(with_cells(p2=["0000 - H", "4 w 1"])), "error", "basic"),
    ("TRF505", trf(), trf(with_cells(p2=["3 b 0", "4 w 1"])), "error", "basic"),
    ("TRF502", trf(), trf(with_cells(p2=["1 w 0", "4 w 1"])), "error", "basic"),
    ("TRF503", trf(with_cells(p1=["2 w +", "3 b ="], p2=["1 b -", "4 w 1"])),
     trf(with_cells(p1=["2 w +", "3 b ="], p2=["1 - -", "4 w 1"])), "warning", "basic"),
    ("TRF504", trf(), trf(with_cells(p2=["1 b 1", "4 w 1"])), "error", "basic"),
    ("TRF506", trf({1: ["2 w 1"], 2: ["1 b 0"], 3: ["0000 - U"], 4: ["0000 - H"]}),
     trf({1: ["2 w 1"], 2: ["1 b 0"], 3: ["0000 - U"], 4: ["0000 - U"]}), "error", "basic"),
    ("TRF507", trf(PAB_OK, ranks=PAB_RANKS), trf(PAB_TWICE, ranks=PAB_RANKS), "warning", "basic"),
    ("TRF508", trf(), trf(with_cells(p3=["0000 - U", "1 w ="], p4=["", "2 b 0"])), "info", "basic"),
    ("TRF510", trf(), trf(opts={1: {"points": "2.5"}}), "error", "basic"),
    ("TRF511", trf(), trf(ranks={1: 2, 2: 1, 3: 3, 4: 4}), "warning", "basic"),
    ("TRF512", trf(), trf(ranks={1: 1, 2: 2, 3: 3}), "warning", "basic"),
    ("TRF520", trf({1: ["2 w 1"], 2: ["1 b 0"], 3: ["4 w ="], 4: ["3 b ="]}, ranks={1: 1, 2: 4, 3: 2, 4: 2}),
     trf({1: ["2 w 1"], 2: ["1 b 0"], 4: ["5 w ="], 5: ["4 b ="]}, ranks={1: 1, 2: 4, 4: 2, 5: 2}), "warning", "basic"),
    ("TRF530", trf(header=HEADER + [date_line("26/04/01", "26/04/02")]),
     trf(header=HEADER + [date_line("26/04/01", "26/04/02", "26/04/03")]), "warning", "basic"),
    ("TRF531", trf(extra=["XXR 2"]), trf(extra=["XXR 5"]), "info", "basic"),
    ("TRF533", trf(extra=["XXR 3"]), paired(trf(extra=["XXR 3"]), [(1, 4), (3, 2)]), "info", "basic"),
    ("TRF532", trf(), trf({1: ["", "3 b ="], 2: ["", "4 w 1"], 3: ["", "1 w ="], 4: ["", "2 b 0"]}),
     "warning", "basic"),
    ("TRF540", trf(header=HEADER + [date_line("26/04/01", "26/04/03")]),
     trf(header=HEADER + [date_line("26/04/01", "26/04/05")]), "warning", "basic"),
    ("TRF203", trf(), trf(header=["012 Test", "042 2026/04/05", "052 2026/04/01"]), "warning", "basic"),
    ("TRF204", trf(header=HEADER + [date_line("26/04/01", "26/04/02")]),
     trf(header=HEADER + [date_line("26/04/02", "26/04/01")]), "warning", "basic"),
    ("TRF541", trf(header=HEADER + ["062 4", "072 4"]), trf(header=HEADER + ["062 5", "072 4"]), "warning", "basic"),
    ("TRF550", trf(RR_OK, header=RR_HEADER, ranks=RR_RANKS), trf(RR_BAD, header=RR_HEADER, ranks=RR_RANKS),
     "error", "basic"),
    ("TRF551", trf(RR_OK, header=RR_HEADER, ranks=RR_RANKS), trf(RR_BAD, header=RR_HEADER, ranks=RR_RANKS),
     "error", "basic"),
    ("TRF552", trf(), trf({1: ["2 w 1", "3 b =", "2 b 0"], 2: ["1 b 0", "4 w 1", "1 w 1"],
                           3: ["4 w =", "1 w =", "0000 - H"], 4: ["3 b =", "2 b 0", "0000 - H"]},
                          ranks={1: 1, 2: 1, 3: 3, 4: 4}), "warning", "basic"),
    ("TRF560", trf(extra=["240 H   3    4"]), trf(extra=["240 H   3    9"]), "error", "basic"),
    ("TRF561", trf(BYE_ROWS, extra=["240 H   1    2"]), trf(BYE_ROWS, extra=["240 F   1    2"]), "warning", "basic"),
    ("TRF562", trf(extra=["260   1   2    1    4"]), trf(extra=["260   1   2    1    2"]), "warning", "basic"),
    ("TRF570", trf(header=HEADER + ["162  W 3.0    D 1.0    L 0.0"], extra=["XXS W=3 D=1"]),
     trf(header=HEADER + ["162  W 3.0    D 1.0    L 0.0"], extra=["XXS W=2 D=1"]), "error", "basic"),
    ("TRF571", trf(extra=[acc250("1.0", 1, 2, 1, 4)] + [xxa(i, "1.0", "1.0") for i in range(1, 5)]),
     trf(extra=[acc250("1.0", 1, 2, 1, 4)] + [xxa(1, "0.5", "1.0")] + [xxa(i, "1.0", "1.0") for i in range(2, 5)]),
     "error", "basic"),
    ("TRF572", trf(header=HEADER + ["192 FIDE_DUTCH_2026"]), trf(header=HEADER + ["192 FIDE_TEAM_BAKU"]),
     "warning", "basic"),
    ("TRF601", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 9)]), "error", "basic"),
    ("TRF602", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 2, 4)]), "error", "basic"),
    ("TRF603", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                                      team310(2, "B", "0", "0.5", 2, 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                            team310(3, "B", "0", "0.5", 2, 3, 4)]), "error", "basic"),
    ("TRF604", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4),
                                                      team310(1, "A", "2", "1.5", 1, 1, 2),
                                                      team310(2, "B", "0", "0.5", 2, 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 3), team013("B", 2, 4),
                                            team310(1, "A", "2", "1.5", 1, 1, 2),
                                            team310(2, "B", "0", "0.5", 2, 3, 4)]), "error", "basic"),
    ("TRF605", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                                      team310(2, "B", "0", "0.5", 2, 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "2.0", 1, 1, 2),
                                            team310(2, "B", "0", "0.5", 2, 3, 4)]), "warning", "basic"),
    ("TRF606", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf(THREE_TEAMS, ranks={i: i for i in range(1, 7)},
         extra=[team013("A", 1, 2), team013("B", 3, 4), team013("C", 5, 6)]), "error", "basic"),
    # team matches as the team standings read them (trfscore.teams; check/rules/team_matches.py)
    ("TRF607", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                                      team310(2, "B", "0", "0.5", 2, 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                            team310(2, "B", "0", "0.5", 2, 3, 4), "330 +-   1   2   1"]),
     "warning", "basic"),
    ("TRF608", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2)]), "warning", "basic"),
    ("TRF609", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf({1: ["3 w 1"], 2: ["4 b ="], 3: ["1 b 0"], 4: ["2 w ="], 5: ["7 w 1"], 6: ["8 b 1"], 7: ["5 b 0"],
          8: ["6 w 0"], 9: ["10 w ="], 10: ["9 b ="]}, ranks={},
         extra=[team013("A", 1, 2), team013("B", 3, 4, 5, 6, 9), team013("C", 7, 8, 10)]), "warning", "basic"),
    ("TRF611", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf({**TEAM_ROWS, 5: ["- -"], 6: ["- -"]}, ranks={**TEAM_RANKS, 5: 5, 6: 6},
         extra=[team013("A", 1, 2), team013("B", 3, 4), team013("C", 5, 6)]), "info", "basic"),
    ("TRF610", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                                      team310(2, "B", "0", "0.5", 2, 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team310(1, "A", "2", "1.5", 1, 1, 2),
                                            team310(2, "B", "0", "0.5", 2, 3, 4), "299 W   2.0   4.0    0    1"]),
     "warning", "basic"),
    # members 1 and 2 of team A: 1 + ½ = 1.5 from the results; player 1 declaring 1.5 makes 2
    ("TRF612", trf(TEAM_ROWS, ranks=TEAM_RANKS, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     trf(TEAM_ROWS, ranks=TEAM_RANKS, opts={1: {"points": "1.5"}}, extra=[team013("A", 1, 2), team013("B", 3, 4)]),
     "warning", "basic"),
    ("TRF801", trf(header=FIDE_HEADER), trf(header=[h for h in FIDE_HEADER if not h.startswith("102")]),
     "error", "fide"),
    ("TRF802", trf(header=FIDE_HEADER), trf(header=FIDE_HEADER, opts={1: {"fide": ""}}), "error", "fide"),
    ("TRF803", trf(header=FIDE_HEADER, opts={1: {"rating": 0}}),
     trf(header=FIDE_HEADER, opts={1: {"rating": 0, "fide": ""}}), "warning", "fide"),
    ("TRF804", trf(header=FIDE_HEADER, opts={1: {"rating": 0}}),
     trf(header=FIDE_HEADER, opts={1: {"rating": 0, "birth": "", "fide": ""}}), "error", "fide"),
    ("TRF805", trf(header=FIDE_HEADER, opts={1: {"rating": 0}}),
     trf(header=FIDE_HEADER, opts={1: {"rating": 0, "sex": " ", "fide": ""}}), "error", "fide"),
    ("TRF806", trf(header=FIDE_HEADER), trf(header=FIDE_HEADER, opts={1: {"rating": 0}}), "info", "fide"),
    ("TRF807", trf(header=FIDE_HEADER, opts={4: {"rating": 0}}),
     trf(ZERO_ROWS, header=FIDE_HEADER, opts={4: {"rating": 0}}), "info", "fide"),
    ("TRF808", trf(RR_OK, header=RR_HEADER, ranks=RR_RANKS),
     trf(RR_OK, header=RR_HEADER, ranks=RR_RANKS, opts={i: {"rating": 0} for i in (2, 3, 4)}), "warning", "fide"),
    ("TRF810", trf(header=FIDE_HEADER), trf(header=FIDE_HEADER, opts={2: {"fed": "XYZ"}}), "warning", "fide"),
    ("TRF811", trf(header=FIDE_HEADER), trf(header=FIDE_HEADER, opts={2: {"fide": "100001"}}), "error", "fide"),
    ("TRF812", trf(header=FIDE_HEADER), trf(header=[h if not h.startswith("032") else "032 Lichess"
                                                    for h in FIDE_HEADER]), "warning", "fide"),
    ("TRF813", trf(header=FIDE_HEADER), trf(header=FIDE_HEADER, opts={3: {"rating": 1200}}), "warning", "fide"),
    # example A of docs/norms.md: a GM and an IM norm
    ("NRM001", trf(header=FIDE_HEADER), NORM_EVENT.read_text(encoding="utf-8"), "info", "fide"),
]


@pytest.mark.parametrize("rule_id, passing, failing, severity, profile", CASES, ids=[c[0] for c in CASES])
def test_rule_passes_and_fails(rule_id, passing, failing, severity, profile):
    assert rule_id not in rules_of(passing, profile), rules_of(passing, profile).get(rule_id)
    found = rules_of(failing, profile)
    assert rule_id in found, sorted(found)
    assert {f.severity for f in found[rule_id]} == {severity}
    assert all(f.message for f in found[rule_id])


def test_base_fixture_is_clean():
    assert rules_of(trf()) == {}
    assert rules_of(trf(RR_OK, header=RR_HEADER, ranks=RR_RANKS)) == {}
    assert rules_of(trf(header=FIDE_HEADER), "fide") == {}


def test_every_check_rule_has_a_case():
    covered = {c[0] for c in CASES} | {"TRF513", "TRF514"}  # TRF513: below; TRF514: test_declared.py
    covered |= {r.id for r in check_rules() if r.id.startswith("FID")}  # tests/ratinglist/test_fid_rules.py
    covered |= {r.id for r in check_rules() if r.id.startswith("TRF9")}  # tests/pairings/test_pairing_rules.py
    missing = {r.id for r in check_rules()} - covered
    assert not missing, f"check rules without a passing/failing case: {sorted(missing)}"


def test_tiebreak_ranks():
    pytest.importorskip("trfscore.standings")
    header = HEADER + ["202 SB"]
    # 2 and 3 both have 1.0; 3 has the better Sonneborn-Berger (1.0 against 0.5)
    good = trf(header=header, ranks={1: 1, 3: 2, 2: 3, 4: 4})
    bad = trf(header=header, ranks={1: 1, 2: 2, 3: 3, 4: 4})
    assert "TRF513" not in rules_of(good)
    found = rules_of(bad).get("TRF513", [])
    assert {f.severity for f in found} == {"info"}
    assert {f.line for f in found} == {9, 10}  # players 2 and 3


def test_failing_finding_points_at_the_defect_line():
    text = trf(with_cells(p2=["1 b 1", "4 w 1"]))
    lines = text.splitlines()
    found = rules_of(text)["TRF504"]
    assert {f.line for f in found} == {lines.index(next(x for x in lines if x.startswith("001    1"))) + 1,
                                       lines.index(next(x for x in lines if x.startswith("001    2"))) + 1}
    assert {f.column for f in found} == {99}  # round 1's result column (FIDE TRF16/TRF-2026, record 001: 99 + 10(r-1))


@pytest.mark.parametrize("why, cells, declared, cause, rule", [
    # the reader reads the blank as the bye the declared points count (TRF408), so no mismatch is left
    ("ICU blank byes", ["2 w 1", ""], "1.5", "blank result read as a full-point bye", "TRF408"),
    ("3/1/0 without 162", None, None, "3/1/0", "TRF510"),
])
def test_points_mismatch_with_a_known_cause_is_a_warning(why, cells, declared, cause, rule):
    if cells is None:
        rows = SWISS
        points = {1: "4.0", 2: "3.0", 3: "2.0", 4: "1.0"}
        text = trf(rows, opts={k: {"points": v} for k, v in points.items()})
    else:
        rows = with_cells(p1=["2 w 1", "0000 - U"], p3=["4 w =", ""])
        rows[1] = ["2 w 1", "0000 - U"]
        text = trf(rows, opts={3: {"points": declared}})
    found = rules_of(text).get(rule, [])
    assert found and all(f.severity == "warning" for f in found), found
    assert all(cause in f.message for f in found)
    assert rule == "TRF510" or "TRF510" not in rules_of(text)


def test_reader_rules_307_309():
    text = trf(opts={2: {"fed": "N.U", "birth": "1969.12.06"}})
    found = rules_of(text)
    # FIDE TRF16/TRF-2026, record 001: federation in columns 54-56, birth date in 70-79
    assert found["TRF307"][0].column == 54
    assert found["TRF309"][0].column == 70


def test_registry_documents_every_rule():
    rules = all_rules()
    for rule_id in ("TRF100", "TRF314", "TRF407", "TRF703", "TRF000", "TRF001"):
        assert rule_id in rules
    from trfscore.formats.trf.rules import READER_RULES

    assert set(READER_RULES) <= set(rules)
    for r in rules.values():
        assert r.severity in SEVERITIES and r.summary, r.id
        if r.id.startswith("TRF"):
            assert "Passing" in r.doc and "Failing" in r.doc, f"{r.id}: doc needs a passing and a failing example"


def test_docs_rules_md_is_current():
    from trfscore.checks.docs import render

    path = ROOT / "docs" / "rules.md"
    assert path.read_text(encoding="utf-8") == render(), "run: PYTHONPATH=src python -m trfscore.checks.docs docs/rules.md"


def test_072_counts_fide_rated_players_not_national_ratings():
    # A JaVaFo sample declared 73 rated players; 11 more had a national rating in the
    # rating column but no FIDE ID.  072 counts players with a FIDE ID and a rating.
    national_only = {4: {"fide": ""}}  # player 4: rating 1800, no FIDE ID
    assert "TRF541" not in rules_of(trf(header=HEADER + ["062 4", "072 3"], opts=national_only))
    found = rules_of(trf(header=HEADER + ["062 4", "072 4"], opts=national_only))["TRF541"]
    assert "072 says 4" in found[0].message and "FIDE-rated" in found[0].message
    # a file without any FIDE ID (a national event): every rated player counts
    no_ids = {sr: {"fide": ""} for sr in SWISS}
    assert "TRF541" not in rules_of(trf(header=HEADER + ["062 4", "072 4"], opts=no_ids))


def test_every_rule_id_in_the_code_is_in_the_catalogue():
    """An id written in the package (``Finding("JSON003", ...)``, a selector, a fatal list) that
    the rule catalogue does not know cannot be selected, ignored or looked up in docs/rules.md."""
    import re

    known = set(all_rules())
    written: dict[str, set[str]] = {}
    for path in (ROOT / "src" / "trfscore").rglob("*.py"):
        for m in re.finditer(r"[\"']([A-Z]{3}\d{3})[\"']", path.read_text(encoding="utf-8")):
            written.setdefault(m.group(1), set()).add(path.name)
    assert written and not {k: v for k, v in written.items() if k not in known}


def test_emitters_take_the_severity_from_the_declaration():
    """A finding is built with ``finding(id, ...)``, whose severity is the declared one; a
    ``Finding("ID", "error", ...)`` typed in the package would let the two drift apart."""
    import re

    typed = [f"{path.relative_to(ROOT)}: {m.group(0)}" for path in (ROOT / "src" / "trfscore").rglob("*.py")
             for m in re.finditer(r"\bFinding\(\s*[\"'][A-Z]{3}\d{3}[\"']", path.read_text(encoding="utf-8"))]
    assert not typed


def test_lesser_severity_is_declared_and_documented():
    from trfscore.findings import finding

    rules = all_rules()
    assert {r.id for r in rules.values() if r.lesser} >= {"TRF206", "TRF207", "TRF403", "TRF510", "TRF550", "FID009"}
    assert finding("TRF510", "m", lesser=True).severity == rules["TRF510"].lesser == "warning"
    assert finding("TRF510", "m").severity == "error"
    with pytest.raises(ValueError):
        finding("TRF100", "m", lesser=True)  # TRF100 declares no milder case


def test_check_rules_load_only_the_check_modules():
    """``check_rules`` (what ``check`` runs) imports no other format's reader, and lists the same
    rules, in the same order, as ``all_rules`` does once every declaring module is loaded."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from trfscore.checks.registry import all_rules, check_rules\n"
        "checks = list(check_rules())\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('trfscore.formats.pgn', 'trfscore.formats.crosstable',"
        " 'trfscore.formats.json')))\n"
        "assert not loaded, loaded\n"
        "assert checks == [r for r in all_rules().values() if r.func is not None]\n"
        "assert [r.id for r in checks] == [r.id for r in all_rules().values() if r.source == 'check']\n"
        "print(len(checks))\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**__import__("os").environ, "PYTHONPATH": src})
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout) > 40


def test_check_tests_go_through_the_crash_guard():
    """A rule that raises is reported as TRF000 and finds nothing else, so a test asserting that a
    finding is absent would pass on a crash.  The check tests call ``check`` only through
    ``checkhelp.checked`` (or ``findings``/``rules_of``), which fails on a TRF000."""
    import re
    from pathlib import Path

    here = Path(__file__).resolve().parent
    direct = re.compile(r"(?<![\w.])check\(|from trfscore\.check import [^\n]*\bcheck\b")
    files = [*here.glob("test_*.py"), *(here.parent / "ratinglist").glob("*.py")]
    offenders = [f"{p.name}:{n}" for p in files for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if direct.search(line) and "def check" not in line]
    assert offenders == []


def test_the_crash_guard_fails_on_a_crashing_rule():
    from checkhelp import findings

    def crash(ctx):
        raise RuntimeError("planted")

    rules = check_rules()
    at = next(i for i, r in enumerate(rules) if r.id == "TRF510")
    kept, rules[at] = rules[at], rules[at]._replace(func=crash)
    try:
        with pytest.raises(AssertionError, match="internal error in check TRF510: RuntimeError: planted"):
            findings(trf())
    finally:
        rules[at] = kept


@pytest.mark.parametrize(("text", "expected"), [
    ("2026/04/05", True), ("5 Apr 26", True), ("05.04.2026", True),
    ("10.09.13", False), ("26/04/05", False), ("", False)])
def test_only_dates_with_an_unmistakable_year_are_compared(text, expected):
    """TRF203/TRF540 compare a 042/052 date only when its year cannot be mistaken: four digits,
    or a month in letters (``10.09.13`` may be 2010-09-13 or 2013-09-10)."""
    from trfscore.checks.rules.rounds import reliable

    assert reliable(text) is expected


def test_checking_a_trf_loads_no_other_format_and_no_pairing_checker(tmp_path):
    """``trfscore check`` of a TRF with findings names each rule's summary from the rules that
    fired (declared by the modules that found them), so no other format's reader is imported
    for its rule table, nor the pairing checker unless ``--pairings`` asks for it, nor the
    typed records' classes for a file without such records."""
    import subprocess
    import sys

    path = tmp_path / "dates.trf"
    path.write_text(trf(header=["012 Test", "042 2026/04/05", "052 2026/04/01"]))
    code = (f"import sys, trfscore.cli as c\nc.main(['check', {str(path)!r}, '--no-progress'])\n"
            "print(' '.join(m for m in sys.modules if m.startswith('trfscore')))\n")
    src = str(Path(__file__).resolve().parents[2] / "src")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": src})
    *printed, modules = proc.stdout.strip().splitlines()
    assert "  TRF203  1 warning          start date (042) not after end date (052)" in printed, printed
    assert not [m for m in modules.split() if m.startswith(("trfscore.formats.pgn", "trfscore.formats.crosstable",
                                                             "trfscore.formats.json", "trfscore.pairings",
                                                             "trfscore.records"))]
