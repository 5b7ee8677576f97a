"""The explanation objects (tiebreaks/explain.py): how a term adds to the sum, the formula line,
the text under it and the JSON form.  The expected texts follow the layout the module documents
(the Wikipedia SB line ``0.5*11.0 + ... = 69.5``, then unplayed rounds, cuts and notes)."""
from __future__ import annotations

from fractions import Fraction

from trfscore.tiebreaks.explain import Explanation, Term

F = Fraction


def test_contribution_is_weight_times_value_or_the_value():
    assert Term(1, 2, F(5, 2), F(1, 2)).contribution == F(5, 4)
    assert Term(1, 2, F(5, 2)).contribution == F(5, 2)
    assert Term(1, 2, 3, 0).contribution == 0  # a lost game adds nothing to SB


def test_term_to_dict():
    t = Term(3, 7, F(5, 2), F(1, 2), unplayed=True, category="half-point bye (16.2.3)",
             rule="16.4 dummy", cut=True, cut_reason="Cut-1", vur=True, note="n", remark="r")
    assert t.to_dict() == {"round": 3, "opponent": 7, "value": 2.5, "weight": 0.5, "contribution": 1.25,
                           "unplayed": True, "category": "half-point bye (16.2.3)", "rule": "16.4 dummy",
                           "cut": True, "cut_reason": "Cut-1", "vur": True, "note": "r"}
    # The note is the remark when there is one, else the note, else null; no category is null.
    assert Term(1, None, 1, note="n").to_dict()["note"] == "n"
    assert Term(1, None, 1).to_dict()["note"] is None
    assert Term(1, None, 1).to_dict()["category"] is None
    assert Term(1, None, None).to_dict()["value"] is None


def test_product_line_skips_zero_weights_and_cut_terms():
    e = Explanation(1, "Sonneborn-Berger", "SB-C1", F(11, 4), terms=[
        Term(1, 2, F(3, 2), 1), Term(2, 4, 3, 0), Term(3, 3, F(5, 2), F(1, 2)),
        Term(4, 5, 2, F(1, 2), cut=True, cut_reason="Cut-1")], style="product")
    # 1*1.5 + 0.5*2.5 = 2.75; the lost game (weight 0) is not written, the cut term neither.
    assert e.line() == "1.0*1.5 + 0.5*2.5 = 2.75"
    # A cut in a product is shown with its contribution (weight x value), here 0.5 x 2.
    assert str(e) == "1.0*1.5 + 0.5*2.5 = 2.75\n  cut: R4 1.0 (Cut-1)"


def test_sum_line_and_what_is_written_under_it():
    e = Explanation(4, "Buchholz", "BH-C1", F(7, 2), terms=[
        Term(1, 2, F(3, 2), remark="opponent counted with 1.5"),
        Term(2, None, 2, unplayed=True, category="half-point bye", rule="16.4: dummy"),
        Term(3, 6, 0, unplayed=True, category="forfeit win"),
        Term(None, None, 1, unplayed=True, category="absent", cut=True),
        Term(4, 5, F(1, 2), cut=True, cut_reason="least significant")],
        notes=["a note"])
    assert e.line() == "1.5 + 2.0 + 0.0 = 3.5"
    assert str(e) == ("1.5 + 2.0 + 0.0 = 3.5\n"
                      "  R1: opponent counted with 1.5\n"
                      "  R2: half-point bye, valued 2.0; 16.4: dummy\n"
                      "  R3: forfeit win (scheduled opponent #6), valued 0.0\n"
                      "  -: absent, valued 1.0\n"
                      "  cut: - 1.0\n"
                      "  cut: R4 0.5 (least significant)\n"
                      "  a note")


def test_empty_sum_is_zero_and_the_formula_replaces_the_line():
    assert Explanation(1, "x", "X", 0).line() == "0 = 0.0"
    assert Explanation(1, "x", "X", 0, integer=True).line() == "0 = 0"
    e = Explanation(1, "x", "X", 5, formula="pairing number 5", terms=[Term(1, 2, 3)])
    assert e.line() == "pairing number 5" and str(e) == "pairing number 5"


def test_integer_explanations_write_whole_numbers():
    # Counts and ratings (integer=True) are written without decimals, a whole Fraction too;
    # a Fraction that is not whole keeps its decimals.
    e = Explanation(1, "x", "X", F(4), integer=True, terms=[Term(1, 2, 1), Term(2, 3, F(3))])
    assert e.line() == "1 + 3 = 4"
    e = Explanation(1, "x", "X", F(5, 2), integer=True, terms=[Term(1, 2, F(5, 2))])
    assert e.line() == "2.5 = 2.5"
    assert Explanation(1, "x", "X", 3, terms=[Term(1, 2, 3)]).line() == "3.0 = 3.0"


def test_explanation_to_dict():
    e = Explanation(2, "Buchholz", "BH", F(5, 2), "fide-2024", "swiss",
                    [Term(1, 3, F(5, 2))], notes=["n"])
    assert e.to_dict() == {
        "start_rank": 2, "tiebreak": "BH", "name": "Buchholz", "value": 2.5, "rules": "fide-2024",
        "system": "swiss", "formula": "2.5 = 2.5", "terms": [Term(1, 3, F(5, 2)).to_dict()],
        "notes": ["n"], "text": "2.5 = 2.5\n  n"}
