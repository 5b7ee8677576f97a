"""The editions of C.07 as data (tiebreaks/editions.py): each edition's rules, how a name, a year
or a start date picks one, and the texts a user sees.  The facts: FIDE Handbook C.07 (the 2023,
Aug-2024 and Mar-2026 texts and the dates the FIDE Council put them in force, as
docs/tiebreaks.md lists them) and C.02 13.15/13.16 (the 2009 virtual opponent)."""
from __future__ import annotations

import pytest

from trfscore.report.common import rules_title
from trfscore.tiebreaks.editions import EDITIONS, NEWEST, chosen_edition, edition_for_date, edition_of_year, get_edition


def test_each_edition_states_its_rules():
    # (own unplayed round, opponents' view, 16.5 VUR cut first, 16.4.1/2 caps, 15.2 round-robin
    # forfeits unplayed for ratings, forfeit losses unplayed for counts).
    # 2009: virtual opponent, every unplayed round of an opponent a draw (C.02 13.15/13.16);
    # 2023 and 2024: dummy with the player's score, late requested byes drawn (16.3.2), VUR cut
    # first (16.5); 2026: the same plus the caps and the two 15.2 carve-outs; none: face value.
    got = {name: (e.own_unplayed, e.opponent_view, e.vur_cut_first, e.dummy_caps,
                  e.rr_forfeits_unplayed_for_ratings, e.rr_forfeit_losses_unplayed_for_counts)
           for name, e in ((n, get_edition(n)) for n in EDITIONS)}
    assert got == {
        "fide-2026": ("dummy", "late_requested_draw", True, True, True, True),
        "fide-2024": ("dummy", "late_requested_draw", True, False, False, False),
        "fide-2023": ("dummy", "late_requested_draw", True, False, False, False),
        "fide-2009": ("virtual", "all_unplayed_draw", False, False, False, False),
        "none": ("zero", "face", False, False, False, False),
    }
    assert {name: get_edition(name).name for name in EDITIONS} == {name: name for name in EDITIONS}
    # In force from (Council decisions 02/02/2026, 29/07/2024, 01/08/2023); 2009 is the fallback
    # for every earlier date; "none" is never picked by a date.
    assert {name: get_edition(name).in_force_from for name in EDITIONS} == {
        "fide-2026": "2026-03-01", "fide-2024": "2024-08-01", "fide-2023": "2023-09-01",
        "fide-2009": "0001-01-01", "none": None}
    assert NEWEST == "fide-2026"
    # A date before every edition's (no real event has one) still gets the 2009 rule.
    assert edition_for_date("0000-12-31").name == "fide-2009"


def test_the_titles_reports_print():
    # report/common.rules_title: the heading of a report names the edition by its title.
    titles = [rules_title(n) for n in EDITIONS]
    assert titles == [get_edition(n).title for n in EDITIONS] == [
        "FIDE C.07 in force from 1 March 2026 (dummy caps 16.4.1/16.4.2)",
        "FIDE C.07, August 2024 text (1 Aug 2024 - 28 Feb 2026)",
        "FIDE C.07, 2023 rewrite (from 1 Sep 2023; all rated events from 1 Apr 2024)",
        "FIDE virtual-opponent rule (2009 Congress; C.02 13.15-16 / C.07 until 2023)",
        "no adjustment: unplayed rounds at face value, own unplayed rounds worth 0",
    ]


@pytest.mark.parametrize(("alias", "name"), [
    ("2026", "fide-2026"), ("2024", "fide-2024"), ("2023", "fide-2023"), ("2009", "fide-2009"),
    ("fide2026", "fide-2026"), ("fide2024", "fide-2024"), ("fide2023", "fide-2023"),
    ("fide2009", "fide-2009"), ("v2026", "fide-2026"), ("v2024", "fide-2024"),
    ("v2023", "fide-2023"), ("v2009", "fide-2009"), ("raw", "none"), ("off", "none"),
    (" FIDE-2024 ", "fide-2024"), ("None", "none"),
])
def test_rules_aliases(alias, name):
    assert get_edition(alias).name == name


@pytest.mark.parametrize(("year", "name"), [
    ("", "fide-2026"), ("2026", "fide-2026"), ("26", "fide-2026"), ("2025", "fide-2024"),
    ("2024", "fide-2024"), ("24", "fide-2024"), ("2023", "fide-2023"), ("23", "fide-2023"),
    ("2022", "fide-2009"), ("22", "fide-2009"), ("2009", "fide-2009"), ("99", "fide-2026"),
    ("2027", "fide-2026"), ("2099", "fide-2026"), ("1999", "fide-2009"), ("100", "fide-2009"),
])
def test_edition_named_by_a_year(year, name):
    # /Vyyyy: the edition in force in that year (2025: the Aug-2024 text); before 2023 the 2009
    # rule; a year after the newest text, the newest; two digits are 20yy.
    assert edition_of_year(year) == name


def test_auto_notes_which_edition_it_chose_and_why():
    notes: list[str] = []
    assert chosen_edition("auto", "2024-04-01", notes).name == "fide-2023"
    assert chosen_edition(" AUTO ", None, notes).name == "fide-2026"
    assert chosen_edition("", "2026-03-01", notes).name == "fide-2026"
    assert chosen_edition("fide-2009", "2026-03-01", notes).name == "fide-2009"  # no note: named
    assert notes == ["rules: fide-2023 (auto: start date 2024-04-01)",
                     "rules: fide-2026 (auto: no start date, newest edition)",
                     "rules: fide-2026 (auto: start date 2026-03-01)"]


def test_unknown_edition_lists_the_choices():
    with pytest.raises(ValueError) as exc:
        get_edition("fide-1999")
    assert str(exc.value) == ("unknown rules edition 'fide-1999'; choose one of: auto, fide-2026, "
                              "fide-2024, fide-2023, fide-2009, none")
