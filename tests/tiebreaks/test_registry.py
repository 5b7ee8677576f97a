"""Tie-break codes: parsing, normalising, aliases and user-facing errors."""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.tiebreaks import EDITION_NAMES, EDITIONS, parse_tiebreak, parse_tiebreak_list
from trfscore.tiebreaks.editions import edition_for_date, get_edition


@pytest.mark.parametrize("text,code", [
    ("BH-C1", "BH-C1"), ("BH/C1", "BH-C1"), ("bh/c1", "BH-C1"), ("BH#C1", "BH-C1"),
    ("BH:MP/C1/P", "BH:MP-C1/P"), ("SB-C1", "SB-C1"), ("PS-C1", "PS-C1"), ("ARO-C1", "ARO-C1"),
    ("BH-M2", "BH-M2"), ("BH-W1", "BH-C1"), ("BH-B1W1", "BH-M1"), ("BH-B1W2", "BH-B1W2"),
    ("KS/L40", "KS-L40"), ("KS/L-2", "KS-L-2"), ("KS/L+1", "KS-L+1"), ("KS/L-1.5", "KS-L-3"),
    ("DE/P", "DE/P"), ("DE-P", "DE/P"), ("GE", "REP"), ("BHC1", "BH-C1"), ("Buchholz", "BH"),
    ("BH/F", "FB"), ("AOB/F", "AOB/F"), ("ARO/U1400", "ARO/U1400"), ("BH/C1/V2026",
                                                                      "BH-C1/V2026"),
    ("BH/V2024", "BH/V2024"), ("TPN/R", "TPN/R"), ("Sonneborn-Berger", "SB"),
    ("modified median", "MMED"), ("Solkoff", "SOLK"), ("kashdan", "KASH"),
])
def test_normalised_codes(text, code):
    assert parse_tiebreak(text).code == code


def test_modifier_values():
    tb = parse_tiebreak("KS/L-2")
    assert tb.limit_delta == -1 and tb.limit_pct is None
    assert parse_tiebreak("KS/L40").limit_pct == 40
    assert parse_tiebreak("KS/L-1.5").limit_delta == Fraction(-3, 2)
    tb = parse_tiebreak("BH-B1W2")
    assert (tb.low, tb.high) == (2, 1)
    assert parse_tiebreak("ARO/U1400").unrated == 1400
    assert parse_tiebreak("BH/V2026").edition == "fide-2026"
    assert parse_tiebreak("BH/V2009").edition == "fide-2009"


def test_list_parsing():
    assert parse_tiebreak_list("BH-C1,BH,SB") == ["BH-C1", "BH", "SB"]
    assert parse_tiebreak_list("PTS BH/C1; DE/P") == ["BH-C1", "DE/P"]
    assert parse_tiebreak_list(["BH/C1", "SB"]) == ["BH-C1", "SB"]
    assert parse_tiebreak_list(None) == []


@pytest.mark.parametrize("text,fragment", [
    ("XYZ", "unknown tie-break 'XYZ'"), ("BHH", "Did you mean"), ("KS-C1", "not allowed for KS"),
    ("BH-Q7", "cannot read the modifier"), ("", "empty"), ("WIN-C1", "not allowed for WIN"),
])
def test_errors_are_messages(text, fragment):
    with pytest.raises(ValueError) as exc:
        parse_tiebreak_list(text) if text else parse_tiebreak(text)
    assert fragment in str(exc.value)
    assert "Traceback" not in str(exc.value)


def test_editions_by_date():
    # FIDE Handbook C.07, the dates each text came into force: Mar-2026 text from 1 Mar 2026
    # (FIDE Council 02/02/2026), Aug-2024 text from 1 Aug 2024 (Council 29/07/2024), the 2023
    # rewrite from 1 Sep 2023 for FIDE events (Council 01/08/2023); the 2009 text before that
    assert edition_for_date(None).name == "fide-2026"
    assert edition_for_date("2026-03-01").name == "fide-2026"
    assert edition_for_date("2026-02-28").name == "fide-2024"
    assert edition_for_date("2024-08-01").name == "fide-2024"
    assert edition_for_date("2024-07-31").name == "fide-2023"
    assert edition_for_date("2023-09-01").name == "fide-2023"
    assert edition_for_date("2023-08-31").name == "fide-2009"
    assert edition_for_date("1975-01-01").name == "fide-2009"
    assert get_edition("auto", "2025-01-01").name == "fide-2024"
    assert get_edition("none").name == "none"
    assert EDITION_NAMES == ("auto", "fide-2026", "fide-2024", "fide-2023", "fide-2009", "none")
    assert set(EDITIONS) == set(EDITION_NAMES[1:])
    with pytest.raises(ValueError, match="unknown rules edition"):
        get_edition("fide-1999")
