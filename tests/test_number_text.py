"""Numbers as text live in one module (trfscore.decimals): each helper is defined there once, and
the rating steps' fixed-place text rounds as the rating arithmetic does."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from trfscore import decimals
from trfscore.ratings.numbers import round_to

ROOT = Path(__file__).resolve().parents[1]
HELPERS = ("exact_decimal", "format_score", "format_points", "format_value", "half_glyph_points", "fmt_points",
           "fmt_number", "fixed_places", "code_number", "rank_label", "rank_labels", "plain_number", "sort_value",
           "trf_points", "trf_value", "json_number")


def test_each_number_helper_is_defined_once_in_decimals():
    defined = {name: [] for name in HELPERS}
    for path in (ROOT / "src" / "trfscore").rglob("*.py"):
        for m in re.finditer(r"^def (\w+)\(", path.read_text(encoding="utf-8"), re.M):
            if m.group(1) in defined:
                defined[m.group(1)].append(path.name)
    assert defined == {name: ["decimals.py"] for name in HELPERS}


@given(st.fractions(min_value=-10_000, max_value=10_000, max_denominator=10_000), st.integers(1, 4))
def test_fixed_places_is_the_rounded_value(x, places):
    text = decimals.fixed_places(x, places)
    if x.denominator == 1:
        assert text == str(x.numerator)
    else:
        assert Fraction(text) == round_to(x, places) and len(text.partition(".")[2]) == places


def test_rank_label():
    class Row:
        rank, rank_to = 3, 4

    class Own:
        rank = 5

    assert (decimals.rank_label(Row), decimals.rank_label(Own)) == ("3-4", "5")
    assert decimals.rank_labels([1, 3], [2, 3]) == ["1-2", "3"]


def _exact_decimal_by_fractions(value, min_places: int = 0) -> str | None:
    """The definition :func:`decimals.exact_decimal` computes in integers: the value times a
    power of ten that makes it whole, in Fraction arithmetic."""
    f = Fraction(value)
    den, twos, fives = f.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    if den != 1:
        return None
    places = max(twos, fives, min_places)
    whole, frac = divmod(int(abs(f) * 10 ** places), 10 ** places)
    return ("-" if f < 0 else "") + (f"{whole}.{frac:0{places}d}" if places else str(whole))


@given(st.one_of(st.integers(-10**12, 10**12), st.booleans(),
                 st.fractions(max_denominator=10**6).filter(lambda f: abs(f) < 10**12),
                 st.builds(Fraction, st.integers(-10**9, 10**9), st.sampled_from([1, 2, 4, 5, 8, 16, 20, 25, 40, 125, 3]))),
       st.integers(0, 4))
def test_exact_decimal_is_the_fraction_definition(value, min_places):
    assert decimals.exact_decimal(value, min_places) == _exact_decimal_by_fractions(value, min_places)
