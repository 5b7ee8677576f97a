"""The engine's shared types (tiebreaks/base.py): a column's shown values and sort keys, the
engine's cache, edition and unrated-rating choices, its notes."""
from __future__ import annotations

from fractions import Fraction

from trfscore.tiebreaks.base import Column, Engine
from trfscore.tiebreaks.context import build_context
from trfscore.tiebreaks.editions import EDITIONS
from trfscore.tiebreaks.registry import parse_tiebreak

from .builders import from_rows

F = Fraction


def test_shown_values_divide_by_the_scale_unless_whole_counts():
    # Scaled integers (half points: scale 2) are shown as Fractions; a Fraction stays as it is;
    # None stays None; an integer column (counts, ratings) is shown as it is.
    col = Column([3, None, F(7, 3), 4, 3], scale=2)
    assert col.shown() == [F(3, 2), None, F(7, 3), 2, F(3, 2)]
    assert Column([3, None, 4], scale=2, integer=True).shown() == [3, None, 4]


def test_sort_keys_best_first_and_undefined_last():
    col = Column([3, None, 5])
    keys = col.sort_keys()
    assert sorted(range(3), key=keys.__getitem__) == [2, 0, 1]  # higher is better
    col = Column([3, None, 5], ascending=True)  # TPN, a place: lower is better
    keys = col.sort_keys()
    assert sorted(range(3), key=keys.__getitem__) == [0, 2, 1]
    assert keys[1] == float("inf") == Column([None]).sort_keys()[0]


def engine(**options):
    ctx = build_context(from_rows({1: "+W2", 2: "-B1"}, system="Swiss"), rr=False)
    return Engine(ctx, EDITIONS["fide-2024"], options or None)


def test_a_column_is_computed_once_per_code():
    eng = engine()
    calls = []

    def compute(e, tb):
        calls.append(tb.code)
        return Column([len(calls)] * 2)

    tb = parse_tiebreak("BH")
    first = eng.column(tb, compute)
    assert eng.column(tb, compute) is first and calls == ["BH"]
    eng.column(parse_tiebreak("BH-C1"), compute)
    assert calls == ["BH", "BH-C1"]


def test_edition_and_unrated_rating_of_a_tie_break():
    eng = engine(unrated="1200")
    assert eng.edition_for(parse_tiebreak("BH")).name == "fide-2024"  # the call's edition
    assert eng.edition_for(parse_tiebreak("BH/V2026")).name == "fide-2026"  # /V wins
    assert eng.unrated_rating(parse_tiebreak("ARO")) == 1200  # the option, as a number
    assert eng.unrated_rating(parse_tiebreak("ARO/U1000")) == 1000  # /U wins
    assert engine().unrated_rating(parse_tiebreak("ARO")) is None
    assert engine().options == {} and eng.options == {"unrated": "1200"}


def test_notes_are_kept_once_in_order():
    eng = engine()
    for text in ("b", "a", "b"):
        eng.note(text)
    assert eng.notes == ["b", "a"]
