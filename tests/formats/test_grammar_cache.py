"""The TRF grammar's parser is built once per user and loaded from a cache afterwards."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.formats.trf import grammar as trf_grammar

TEXT = "012 Cache test\n001    1      Doe, Jane                             0000 - H\n###\n"


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("TRFSCORE_CACHE_DIR", str(tmp_path))
    trf_grammar.parser.cache_clear()
    yield tmp_path
    trf_grammar.parser.cache_clear()


def _records():
    return [(r.kind, r.text, r.eol) for r in trf_grammar.split_records(TEXT)]


def test_the_built_parser_is_saved_and_loaded_back(fresh, monkeypatch):
    expected = _records()
    saved = list(fresh.glob("trf-grammar-*.lark"))
    assert len(saved) == 1 and saved[0].stat().st_size > 0
    assert not list(fresh.glob("*.tmp"))  # written atomically
    trf_grammar.parser.cache_clear()
    import lark

    def no_building(*args, **kwargs):
        raise AssertionError("the parser was built again instead of loaded")

    monkeypatch.setattr(lark, "Lark", type("NoBuild", (lark.Lark,), {"__init__": no_building}))
    assert _records() == expected


def test_a_damaged_cache_is_rebuilt(fresh):
    expected = _records()
    (saved,) = fresh.glob("trf-grammar-*.lark")
    saved.write_bytes(b"not a parser")
    trf_grammar.parser.cache_clear()
    assert _records() == expected
    assert saved.read_bytes() != b"not a parser"


def test_an_unwritable_cache_folder_only_costs_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TRFSCORE_CACHE_DIR", str(blocker / "sub"))  # a folder under a file
    trf_grammar.parser.cache_clear()
    try:
        assert [k for k, _, _ in _records()] == ["HEADER", "PLAYER", "COMMENT"]
    finally:
        trf_grammar.parser.cache_clear()


_LINE_STARTS = ["001 ", "001", "012 ", "XXR ", "GER    1", "###", "310 ", "", " ", "0", "00", "abc", "BBW ", "\t"]


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.tuples(st.sampled_from(_LINE_STARTS), st.text(alphabet=" \t001GXRé#\x0bx", max_size=12)),
                      max_size=12),
       final_newline=st.booleans())
def test_the_lf_only_grammar_reads_lf_text_as_the_general_one(lines, final_newline):
    """Without any CR in the text, the grammar with ``.`` for "not CR or LF" gives the same tokens."""
    text = "\n".join(a + b for a, b in lines) + ("\n" if final_newline else "")
    assert "\r" not in text
    general = [(tok.type, tok.value) for tok in trf_grammar.parser(False).parse(text).children]
    lf_only = [(tok.type, tok.value) for tok in trf_grammar.parser(True).parse(text).children]
    assert lf_only == general
