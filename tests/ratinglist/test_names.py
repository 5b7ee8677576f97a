"""Name normalisation: the ASCII fast path equals the general one; differences are named."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfscore.ratinglist.names import difference, name_key, words


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_ascii_fast_path_equals_the_general_path(text):
    assert name_key(text) == " ".join(sorted(words(text)))


@pytest.mark.parametrize("written, listed, how", [
    ("Carlsen, Magnus", "Carlsen, Magnus", None),
    ("Muller, Jorg", "Müller, Jörg", "diacritics"),
    ("Magnus Carlsen", "Carlsen, Magnus", "word order"),
    ("CARLSEN, Magnus", "Carlsen, Magnus", "case"),
    ("Meier-Schulz, Anna", "Meier Schulz, Anna", "hyphen"),
    ("Smith, Jon", "Smith, John", "a typo (1 letter)"),
    ("Caruana, Fabiano", "Carlsen, Magnus", "different"),
])
def test_difference(written, listed, how):
    assert difference(written, listed) == how


def test_keys_ignore_case_diacritics_order_and_hyphens():
    assert name_key("Müller-Lüdenscheidt, Jörg") == name_key("jorg muller ludenscheidt") != ""
    assert name_key("Øster, Straße") == name_key("oster strasse")
