"""Format sniffing from content: TRF, JSON, PGN, else crosstable."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SEED_000 as SEED  # noqa: E402
from trfscore.formats import registry


def _sniff(text: str) -> str:
    return registry.sniff(text).name


@pytest.mark.parametrize("text,expected", [
    ("012 Open 2024\n001    1 m  g Smith, John  2400 ENG\n", "trf"),
    ("\ufeff001    1      Smith\n", "trf"),
    ("XXR 9\n", "trf"),
    ("### comment\n012 x\n", "trf"),
    ('  {"players": []}', "json"),
    ('[Event "Open"]\n[White "A"]\n', "pgn"),
    ('\n\n[White "A"]\n[Black "B"]\n', "pgn"),
    ("1 2 3 Pts\n1. A X 1 1 2\n", "crosstable"),
    ("No Name R1 R2\n1 Ann 2w1 3b0\n", "crosstable"),
    ("", "crosstable"),
    ("0012 not a record\n", "crosstable"),
])
def test_sniff(text, expected):
    assert _sniff(text) == expected


def test_the_seed_is_a_crosstable():
    assert _sniff(SEED.read_text(encoding="utf-8")) == "crosstable"


def test_writer_outputs_sniff_as_their_format():
    from trfscore.formats import crosstable
    from trfscore.formats.crosstable import writer as crosstable_writer
    from trfscore.formats.pgn import writer as pgn_writer

    t = crosstable.read(SEED.read_text(encoding="utf-8"))
    assert _sniff(pgn_writer.write(t)) == "pgn"
    assert _sniff(crosstable_writer.write(t)) == "crosstable"
    assert _sniff(crosstable_writer.write(t, style="markdown")) == "crosstable"


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_sniff_never_raises(text):
    assert _sniff(text) in registry.names(readable=True)
