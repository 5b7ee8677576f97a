"""The tie-break table (tiebreaks/registry.py): what docs/tiebreaks.md says of each code (article,
modifiers) is what the parser does; every alias, the normalised spelling of every modifier, the
list syntax and the messages a user gets."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from trfscore.standings import compute_standings
from trfscore.tiebreaks import registry as R
from trfscore.tiebreaks.base import Engine
from trfscore.tiebreaks.context import build_context
from trfscore.tiebreaks.editions import EDITIONS

from .builders import from_rows

DOCS = Path(__file__).resolve().parents[2] / "docs" / "tiebreaks.md"
#: The modifier names of the docs' table, as letters of the registry.
LETTERS = {"Cn": "C", "Mn": "M", "BnWm": "BW", "Lx": "L", "P": "P", "F": "F", "U": "U", "V": "V", "R": "R"}


def documented() -> dict[str, tuple[str, set[str]]]:
    """Code -> (article, modifier letters) from the individual tie-break table of the docs."""
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("| Code | Name | Article | Modifiers |"):].split("\n\n")[0]
    out = {}
    for line in table.splitlines()[2:]:
        codes, _, articles, mods = (cell.strip() for cell in line.strip("|").split("|"))
        letters = {ch for m in mods.split(", ") if m != "-" for ch in LETTERS[m.split(" ")[0]]}
        names = [re.sub(r" \(.*\)", "", c) for c in codes.split(" / ")]
        arts = articles.removeprefix("C.07 ").split(" / ")
        for k, code in enumerate(names):
            out[code] = (arts[k] if len(arts) > 1 else arts[0], letters)
    return out


def test_the_docs_table_is_the_registry():
    docs = documented()
    assert set(docs) == set(R.known_codes()) == set(R.TIEBREAKS)
    for code, d in R.TIEBREAKS.items():
        article, letters = docs[code]
        # "C.07 8.1" / "8.1", "US Chess 34E1" / "34E1", "C.07 7.7 (2026)" / "7.7"; NNSB's source is
        # the Sonneborn-Berger article, not a rule ("-" in the docs).
        bare = re.sub(r"^(C\.07|US Chess) | \(2026\)$", "", d.article)
        assert (article, letters) == ("-" if d.article == "Sonneborn-Berger article" else bare,
                                      set(d.modifiers)), code


def test_names_groups_and_the_buchholz_family():
    # The names the API gives (docs/tiebreaks.md: TIEBREAKS, names and articles): C.07's own
    # names for Art. 6-10, the Sonneborn-Berger article's for NNSB, US Chess rule 34E's.
    assert {c: d.name for c, d in R.TIEBREAKS.items()} == {
        "BH": "Buchholz", "FB": "Fore Buchholz", "AOB": "Average of opponents' Buchholz",
        "SB": "Sonneborn-Berger", "NNSB": "Non-Neustadtl Sonneborn-Berger (SB + own score)",
        "NNSB2": "Non-Neustadtl Sonneborn-Berger (SB + own score squared)", "PS": "Progressive score",
        "KS": "Koya system", "DE": "Direct encounter", "WIN": "Number of wins",
        "WON": "Games won over the board", "BPG": "Games played with Black", "BWG": "Games won with Black",
        "REP": "Rounds elected to play (GE until 2024)", "STD": "Standard points",
        "TPN": "Tournament pairing number", "ARO": "Average rating of opponents",
        "TPR": "Tournament performance rating", "PTP": "Perfect tournament performance",
        "APRO": "Average performance rating of opponents", "APPO": "Average perfect performance of opponents",
        "RTNG": "Rating", "MMED": "Modified Median (US Chess)", "SOLK": "Solkoff (US Chess)",
        "CUM": "Cumulative (US Chess)", "OCUM": "Cumulative of opposition (US Chess)",
        "KASH": "Kashdan (US Chess)"}
    # DE is the one tie-break of the tied group (C.07 6); the Buchholz family of Art. 8 (barred from
    # round-robins from 2026) is BH, FB and AOB.
    assert [c for c, d in R.TIEBREAKS.items() if d.group] == ["DE"]
    assert [c for c, d in R.TIEBREAKS.items() if d.buchholz_family] == ["BH", "FB", "AOB"]
    assert R.known_codes() == list(R.TIEBREAKS)


@pytest.mark.parametrize(("alias", "code"), [
    ("GE", "REP"), ("Buchholz", "BH"), ("Buchholz Cut 1", "BH-C1"), ("buchholz_cut_2", "BH-C2"),
    ("BHC1", "BH-C1"), ("BHC2", "BH-C2"), ("BHM1", "BH-M1"), ("BHM2", "BH-M2"), ("SBC1", "SB-C1"),
    ("Median Buchholz", "BH-M1"), ("Median", "BH-M1"), ("Fore Buchholz", "FB"),
    ("Sonneborn Berger", "SB"), ("Sonneborn-Berger", "SB"), ("Neustadtl", "SB"), ("Berger", "SB"),
    ("Non Neustadtl", "NNSB"), ("Progressive", "PS"), ("Koya", "KS"), ("Direct Encounter", "DE"),
    ("H2H", "DE"), ("head to head", "DE"), ("wins", "WIN"), ("most wins", "WIN"), ("Black", "BPG"),
    ("Modified Median", "MMED"), ("modified-median", "MMED"), ("MM", "MMED"), ("Solkoff", "SOLK"),
    ("Cumulative", "CUM"), ("OppCum", "OCUM"), ("Opposition Cumulative", "OCUM"),
    ("Cumulative Opposition", "OCUM"), ("Kashdan", "KASH"), ("Rating", "RTNG"), ("Elo", "RTNG"),
    # an alias at the head of a longer code keeps the modifiers that follow
    ("BHC1/P", "BH-C1/P"), ("KOYA/L40", "KS-L40"), ("MEDIAN/V2024", "BH-M1/V2024"),
])
def test_aliases(alias, code):
    assert R.parse_tiebreak(alias).code == code


@pytest.mark.parametrize(("text", "code"), [
    ("BH-B2", "BH-B2"), ("BH-W2", "BH-C2"), ("BH-B2W1", "BH-B2W1"), ("BH-B1W1", "BH-M1"),
    ("KS-L+0.25", "KS-L+0.25"), ("KS-L-0.75", "KS-L-0.75"), ("KS-L40%", "KS-L40"),
    ("KS/L12.5", "KS-L12.5"), ("KS-L+3", "KS-L+3"), ("KS-L-1", "KS-L-1"),
    ("BH:MP/P/C1", "BH:MP-C1/P"), ("ARO/V24/U1400/P/C1", "ARO-C1/P/U1400/V2024"),
    ("RTNG/R/U1000", "RTNG/U1000/R"), ("BH/V", "BH/V2026"), ("SB!C2", "SB-C2"), ("bh#m2", "BH-M2"),
    ("BH/F/C1", "FB-C1"), ("AOB/F/P", "AOB/P/F"), ("SB/F", "SB/F"), ("KS/P", "KS/P"),
    ("WON/R/P", "WON/P/R"), ("BH:GP", "BH:GP"),
])
def test_normalised_spelling(text, code):
    # One order: base, :points, -cut (C, M, BnWm), -limit, /P, /F, /U, /V, /R.
    assert R.parse_tiebreak(text).code == code


def test_parsed_fields():
    tb = R.parse_tiebreak("BH-B2W1")
    assert (tb.low, tb.high) == (1, 2)
    tb = R.parse_tiebreak("KS-L+3")  # three half points up
    assert (tb.limit_delta, tb.limit_pct) == (pytest.approx(1.5), None)
    tb = R.parse_tiebreak("KS-L-0.75")  # a decimal is in points
    assert float(tb.limit_delta) == -0.75
    tb = R.parse_tiebreak("AOB/F/P")
    assert (tb.base, tb.fore, tb.forfeits_played, tb.reverse) == ("AOB", True, True, False)
    tb = R.parse_tiebreak("BH/F")
    assert (tb.base, tb.fore) == ("FB", False)
    tb = R.parse_tiebreak("TPN/R")
    assert (tb.reverse, tb.forfeits_played, tb.fore) == (True, False, False)
    tb = R.parse_tiebreak("BH:MP")
    assert (tb.points, tb.code) == ("MP", "BH:MP")


ALL = ("BH, FB, AOB, SB, NNSB, NNSB2, PS, KS, DE, WIN, WON, BPG, BWG, REP, STD, TPN, ARO, TPR, PTP, APRO, "
       "APPO, RTNG, MMED, SOLK, CUM, OCUM, KASH")
HELP = "(modifiers: -C1, -C2, -M1, -M2, -B1W2, /P, KS/L.., ARO/U1400, /V2024)"


@pytest.mark.parametrize(("text", "message"), [
    ("XYZ", f"unknown tie-break 'XYZ'. Known codes: {ALL} {HELP}"),
    ("Buchholtz", f"unknown tie-break 'Buchholtz'. Did you mean BUCHHOLZ, FOREBUCHHOLZ, BUCHHOLZCUT2? "
                  f"Known codes: {ALL} {HELP}"),
    ("/C1", f"unknown tie-break '/C1'. Known codes: {ALL} {HELP}"),
    ("BH-C1x", "cannot read the modifier 'X' of tie-break 'BH-C1x' (allowed for BH: Cn, Mn, Bn, Wn, P, F, Vyyyy)"),
    ("KS/C1", "modifier 'C1' is not allowed for KS (allowed: Lx, P, Vyyyy)"),
    ("BH-L40", "modifier 'L40' is not allowed for BH (allowed: Cn, Mn, Bn, Wn, P, F, Vyyyy)"),
    ("ARO/R", "modifier 'R' is not allowed for ARO (allowed: Cn, Mn, Bn, Wn, P, Unnnn, Vyyyy)"),
    ("RTNG/P", "modifier 'P' is not allowed for RTNG (allowed: Unnnn, R)"),
    ("MMED/V2024", "modifier 'V2024' is not allowed for MMED (allowed: none)"),
    ("PS-B1", "modifier 'B1' is not allowed for PS (allowed: Cn, Vyyyy)"),
    ("   ", "empty tie-break code"),
])
def test_messages(text, message):
    with pytest.raises(ValueError) as exc:
        R.parse_tiebreak(text)
    assert str(exc.value) == message


def test_lists():
    # Commas, semicolons and blanks separate codes; the points (PTS, POINTS, MPTS, GPTS) are
    # always the first criterion and are dropped from the list.
    assert R.parse_tiebreak_list("PTS, BH/C1;SB  DE/P,,points;MPTS GPTS") == ["BH-C1", "SB", "DE/P"]
    assert R.POINTS == {"PTS", "POINTS", "MPTS", "GPTS"}
    assert [tb.base for tb in R.parse_tiebreaks(["BH/C1", " ", "pts", "KS"])] == ["BH", "KS"]
    assert R.parse_tiebreaks(None) == [] and R.parse_tiebreaks("") == []


def test_helpers():
    assert R.squeeze(" b h_c 1 ") == "BHC1" and R.squeeze(None) == ""
    assert R.split_head("BH:MP/C1") == ("BH", "MP", 5)
    assert R.split_head("BH/C1") == ("BH", None, 2)
    assert R.split_head("/C1") is None


def test_the_group_tie_break_is_left_to_the_standings():
    ctx = build_context(from_rows({1: "+W2", 2: "-B1"}, system="Swiss"), rr=False)
    eng = Engine(ctx, EDITIONS["fide-2024"])
    with pytest.raises(TypeError, match="DE/P is a tie-break of the tied group: the standings compute it"):
        R.compute(eng, R.parse_tiebreak("DE/P"))
    with pytest.raises(TypeError, match="DE is a tie-break of the tied group: the standings explain it"):
        R.explain(eng, R.parse_tiebreak("DE"), 0)
    # a listed code is computed once and explained from the same family module
    assert R.compute(eng, R.parse_tiebreak("WIN")).values == [1, 0]
    assert str(R.explain(eng, R.parse_tiebreak("WIN"), 0)) == "1 = 1"
    st = compute_standings(from_rows({1: "+W2", 2: "-B1"}, system="Swiss"), "WIN", rules="fide-2024")
    assert st.row(1).tiebreaks["WIN"] == 1


@pytest.mark.parametrize(("pair", "module", "compute", "explain"), [
    ("_BH", "buchholz", "compute_bh", "explain_bh"), ("_SB", "sonneborn", "compute_sb", "explain_sb"),
    ("_NNSB", "sonneborn", "compute_nnsb", "explain_nnsb"),
    ("_COUNT", "counts", "compute_count", "explain_count"),
    ("_RATING", "rating_based", "compute_rating", "explain_rating"),
    ("_US", "us_chess", "compute_us", "explain_us"),
])
def test_the_family_functions_named_lazily_exist(pair, module, compute, explain):
    """A family's functions are named as text and imported on first use: each name resolves to
    the function of that family module (a typo would break the family only when first used)."""
    from importlib import import_module

    lazy_compute, lazy_explain = getattr(R, pair)
    family = import_module(f"trfscore.tiebreaks.{module}")
    assert lazy_compute._load() is getattr(family, compute)
    assert lazy_explain._load() is getattr(family, explain)


def test_a_definition_loads_its_functions_on_first_call():
    compute, explain_ = R._family("counts", "compute_count", "explain_count")
    d = R._def("WIN", "Number of wins", "C.07 7.1", (compute, explain_), "RV")
    assert (d.base, d.name, d.article, d.modifiers, d.group, d.buchholz_family) == (
        "WIN", "Number of wins", "C.07 7.1", "RV", False, False)
    assert compute.function is None and explain_.function is None  # nothing imported yet
    ctx = build_context(from_rows({1: "+W2", 2: "-B1"}, system="Swiss"), rr=False)
    eng = Engine(ctx, EDITIONS["fide-2024"])
    tb = R.parse_tiebreak("WIN")
    assert d.compute(eng, tb).values == [1, 0] and str(d.explain(eng, tb, 1)) == "0 = 0"
    from trfscore.tiebreaks import counts

    assert (compute.function, explain_.function) == (counts.compute_count, counts.explain_count)
