"""Each FID rule: a file that passes and one that fails against a generated list."""
from __future__ import annotations

import pytest

from trfscore.checks.registry import check_rules

from .listhelp import CARLSEN, HEADER, rules_of, trf, write, xml_list

# The four players of the base Swiss, as a list has them (ids 100001-100004, as checkhelp writes).
PLAYERS = [
    {"fideid": "100001", "name": "Player0001, Test", "country": "GER", "sex": "M", "rating": "1800", "k": "20",
     "birthday": "1990"},
    {"fideid": "100002", "name": "Player0002, Test", "country": "GER", "sex": "M", "rating": "1800", "k": "20",
     "birthday": "1990"},
    {"fideid": "100003", "name": "Player0003, Test", "country": "GER", "sex": "M", "rating": "1800", "k": "20",
     "birthday": "1990"},
    {"fideid": "100004", "name": "Player0004, Test", "country": "GER", "sex": "M", "rating": "1800", "k": "20",
     "birthday": "1990"},
]
START = "042 2026/04/01"


def with_list(players=None, **changes):
    """The list of PLAYERS with ``p2={"title": "IM"}``-style changes, plus extra players."""
    rows = [dict(p) for p in PLAYERS]
    for key, values in changes.items():
        rows[int(key[1:]) - 1].update(values)
    return rows + list(players or [])


def check_with(tmp_path, text, rows, name="standard_apr26frl.xml"):
    from trfscore.ratinglist import RatingList

    lst = RatingList.open(str(write(tmp_path, name, xml_list(rows))), progress=False)
    return rules_of(text, "fide", rating_lists=[lst])


# rule, list rows, passing TRF, failing TRF, severity
CASES = [
    ("FID001", with_list(), trf(), trf(opts={2: {"fide": "100099"}}), "error"),
    ("FID002", with_list(), trf(), trf(opts={2: {"name": "Somebody, Else"}}), "error"),
    ("FID003", with_list(), trf(), trf(opts={2: {"name": "Player0002, Tset"}}), "warning"),
    ("FID004", with_list(), trf(), trf(opts={2: {"fed": "AUT"}}), "warning"),
    ("FID005", with_list(), trf(), trf(opts={2: {"sex": "w"}}), "warning"),
    ("FID006", with_list(), trf(), trf(opts={2: {"birth": "1991/01/01"}}), "warning"),
    ("FID007", with_list(p2={"title": "IM", "w_title": "WGM", "sex": "F"}),
     trf(opts={2: {"title": "wg", "sex": "w"}}), trf(opts={2: {"title": "g", "sex": "w"}}), "error"),
    ("FID008", with_list(p2={"title": "IM"}), trf(opts={2: {"title": "m"}}), trf(), "warning"),
    ("FID009", with_list(), trf(), trf(opts={2: {"rating": 1850}}), "error"),
    ("FID010", with_list([CARLSEN]), trf(opts={2: {"fide": "100002"}}),
     trf(opts={2: {"fide": "", "name": "Carlsen, Magnus", "fed": "NOR"}}), "warning"),
    ("FID011", with_list([CARLSEN, dict(CARLSEN, fideid="1503015", birthday="1991")]), trf(),
     trf(opts={2: {"fide": "", "name": "Carlsen, Magnus", "fed": "NOR", "birth": ""}}), "info"),
    ("FID012", with_list(), trf(), None, "info"),
    ("FID013", with_list(), trf(header=HEADER + ["072 4"]), trf(header=HEADER + ["072 3"]), "warning"),
]


def _nrs(dwz: int) -> str:
    """The base file with a 172 header and a GER national-rating record for player 1 (TRF26 §4.9)."""
    lines = trf(header=HEADER + ["172 GER FIDE"]).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    nrs = "GER" + lines[first][3:48] + f"{dwz:>4} GER {'10101-1001':>11} 1990/01/01"
    return "\n".join(lines[:first + 1] + [nrs] + lines[first + 1:]) + "\n"


def test_fid014_national_rating(tmp_path):
    from trfscore.ratinglist import RatingList

    csv = ("ZPS;Mgl-Nr;Status;Spielername;Geschlecht;Geburtsjahr;DWZ;Index;FIDE-ID;FIDE-Land\n"
           "10101;1001;A;Player0001,Test;M;1990;1850;80;100001;GER\n")
    lst = RatingList.open(str(write(tmp_path, "spieler.csv", csv)), progress=False)
    clean = rules_of(_nrs(1850), "fide", rating_lists=[lst])
    assert "FID014" not in clean and "FID001" not in clean  # players missing from a national list may be foreign
    found = rules_of(_nrs(1790), "fide", rating_lists=[lst])["FID014"]
    assert found[0].severity == "warning" and "1790" in found[0].message and "1850" in found[0].message
    assert found[0].column == 49


@pytest.mark.parametrize("rule_id, rows, passing, failing, severity", CASES, ids=[c[0] for c in CASES])
def test_fid_rule_passes_and_fails(tmp_path, rule_id, rows, passing, failing, severity):
    if rule_id == "FID012":  # the list, not the file, makes the difference
        assert rule_id not in check_with(tmp_path, passing, rows)
        found = check_with(tmp_path, passing, with_list(p3={"flag": "i"}), "other_apr26.xml")
    else:
        assert rule_id not in check_with(tmp_path, passing, rows), check_with(tmp_path, passing, rows)
        found = check_with(tmp_path, failing, rows)
    assert rule_id in found, sorted(found)
    assert {f.severity for f in found[rule_id]} == {severity}
    assert all(f.line and f.column for f in found[rule_id])


def test_every_fid_rule_has_a_case():
    missing = {r.id for r in check_rules() if r.id.startswith("FID")} - {c[0] for c in CASES} - {"FID014"}
    assert not missing


def test_messages_show_both_values(tmp_path):
    found = check_with(tmp_path, trf(opts={2: {"rating": 1850, "fed": "AUT", "name": "Player0002, Tset"}}),
                       with_list())
    assert "1850" in found["FID009"][0].message and "1800" in found["FID009"][0].message
    assert "AUT" in found["FID004"][0].message and "GER" in found["FID004"][0].message
    assert "typo" in found["FID003"][0].message and "Player0002, Test" in found["FID003"][0].message
    assert found["FID009"][0].column == 49 and found["FID004"][0].column == 54


def test_names_are_compared_as_fide_writes_them(tmp_path):
    rows = with_list(p2={"name": "Mueller, Joerg"})  # FIDE's list is ASCII
    for written in ("Müller, Jörg", "Jörg Müller", "MÜLLER, Jörg", "Müller-Jörg"):
        found = check_with(tmp_path, trf(opts={2: {"name": written}}), rows)
        assert "FID003" not in found and "FID002" not in found, written
    rows = with_list(p2={"name": "Player0002, Jonathan"})
    found = check_with(tmp_path, trf(opts={2: {"name": "Player0002, John"}}), rows)
    (f,) = found["FID003"]
    assert f.severity == "warning" and "a different given name ('John' here, 'Jonathan' on the list)" in f.message
    assert "typo" not in f.message and "FID002" not in found


def test_several_candidates_are_listed(tmp_path):
    twins = [dict(CARLSEN, fideid=str(1503015 + i), birthday=str(1991 + i)) for i in range(3)]
    found = check_with(tmp_path, trf(opts={2: {"fide": "", "name": "Carlsen, Magnus", "fed": "NOR", "birth": ""}}),
                       with_list(twins))
    message = found["FID011"][0].message
    assert "3 list entries" in message and "1503015" in message and "1503017" in message


def test_the_list_in_force_on_the_start_date_rates(tmp_path):
    from trfscore.ratinglist import RatingList

    march = RatingList.open(str(write(tmp_path, "standard_mar26frl.xml", xml_list(with_list(p2={"rating": "1850"})))),
                            progress=False)
    april = RatingList.open(str(write(tmp_path, "standard_apr26frl.xml", xml_list(with_list()))), progress=False)
    may = RatingList.open(str(write(tmp_path, "standard_may26frl.xml", xml_list(with_list(p2={"rating": "1700"})))),
                          progress=False)
    text = trf(header=[h for h in HEADER if not h.startswith("042")] + [START])
    assert "FID009" not in rules_of(text, "fide", rating_lists=[may, march, april])
    text = trf(header=[h for h in HEADER if not h.startswith("042")] + ["042 2026/03/20"])
    found = rules_of(text, "fide", rating_lists=[may, march, april])["FID009"]
    assert "standard_mar26frl.xml (2026-03)" in found[0].message and "1800" in found[0].message


def test_rapid_event_uses_the_rapid_rating(tmp_path):
    rows = with_list(p1={"rapid_rating": "1800"}, p2={"rapid_rating": "1700"}, p3={"rapid_rating": "1800"},
                     p4={"rapid_rating": "1800"})
    text = trf(header=HEADER + ["092 Individual: Swiss-System, Rapid"])
    found = check_with(tmp_path, text, rows, "players_list_xml_foa.xml")
    assert [f.line for f in found["FID009"]] == [9] and "1700 (rapid)" in found["FID009"][0].message
    assert "FID009" not in check_with(tmp_path, trf(), rows, "players_list_xml_foa.xml")


def test_no_list_no_fid_findings():
    assert not any(r.startswith("FID") for r in rules_of(trf(opts={2: {"fide": "9"}}), "fide"))


def test_fid_rules_are_off_in_profile_basic(tmp_path):
    from trfscore.ratinglist import RatingList

    lst = RatingList.open(str(write(tmp_path, "l.xml", xml_list(with_list()))), progress=False)
    assert not any(r.startswith("FID") for r in rules_of(trf(opts={2: {"fide": "9"}}), "basic", rating_lists=[lst]))
