"""The TRF grammar: generated from the record description, shipped as a plain file in the
package with the parsers built from it (nothing written to the user's home)."""
from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from trfscore.formats.trf import grammar as trf_grammar
from trfscore.formats.trf import layout

TEXT = "012 Grammar test\n001    1      Doe, Jane                             0000 - H\n###\n"


def test_the_grammar_is_generated_from_the_record_description():
    assert (ROOT / "grammars" / "trf.lark").read_text(encoding="utf-8") == layout.grammar(), \
        "regenerate: python -m trfscore.formats.trf.generate"


def test_the_package_ships_the_grammars_as_plain_files():
    package = ROOT / "src" / "trfscore" / "grammars"
    assert package.is_dir() and not package.is_symlink()
    for source in sorted((ROOT / "grammars").glob("*.lark")):
        shipped = package / source.name
        assert not shipped.is_symlink()
        assert shipped.read_bytes() == source.read_bytes(), f"copy grammars/{source.name} to src/trfscore/grammars/"
    assert trf_grammar.grammar_text("trf.lark") == layout.grammar()


def test_the_shipped_parsers_are_built_from_the_grammar():
    """The package's trf.lark.parsers carries the grammar's hash: a changed grammar without
    regenerated parsers fails here (and, installed, would be built in memory instead)."""
    import pickle

    shipped = pickle.loads((ROOT / "src" / "trfscore" / "grammars" / trf_grammar.PARSERS).read_bytes())
    assert shipped["stamp"]["grammar"] == trf_grammar.stamp()["grammar"], \
        "regenerate: python -m trfscore.formats.trf.generate"


def test_a_parser_loaded_from_the_package_reads_as_one_built_from_the_grammar(monkeypatch):
    import pickle

    import lark
    import pytest

    shipped = pickle.loads((ROOT / "src" / "trfscore" / "grammars" / trf_grammar.PARSERS).read_bytes())
    if shipped["stamp"] != trf_grammar.stamp():  # else both legs below would build the parser
        pytest.skip(f"lark {lark.__version__} is not the shipped parsers' {shipped['stamp']['lark']}: "
                    "nothing is loaded to compare (regenerate: python -m trfscore.formats.trf.generate)")
    texts = [TEXT, TEXT.replace("\n", "\r\n"), "001    1 x\r012 Mixed\n\r\n###", ""]
    loaded = [[(r.kind, r.text, r.eol, r.line) for r in trf_grammar.split_records(t)] for t in texts]
    trf_grammar.parser.cache_clear()
    monkeypatch.setattr(trf_grammar, "stamp", lambda: {"grammar": "another", "lark": "0"})
    try:
        built = [[(r.kind, r.text, r.eol, r.line) for r in trf_grammar.split_records(t)] for t in texts]
    finally:
        trf_grammar.parser.cache_clear()
    assert built == loaded and loaded[1][0][2] == "\r\n" and loaded[2][0][2] == "\r"


def test_reading_writes_nothing_into_home(tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"),
           "PYTHONPATH": str(ROOT / "src")}
    code = f"import trfscore; t = trfscore.loads({TEXT!r}); assert t.players[0].name == 'Doe, Jane'"
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=tmp_path)
    assert not home.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_records_are_classified_by_kind():
    assert [r.kind for r in trf_grammar.split_records(TEXT)] == ["HEADER", "PLAYER", "COMMENT"]


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


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.tuples(st.sampled_from(_LINE_STARTS + ["132 ", "362", "102 "]),
                                st.text(alphabet=" \t001GXR#x", max_size=8),
                                st.sampled_from(["\n", "\r\n", "\r"])), max_size=14),
       last=st.sampled_from(["", "012 end", "001    9"]))
def test_runs_of_lines_give_the_records_of_the_lines_one_by_one(lines, last):
    """The grammar reads a run of player lines, and a run of header lines, as one token each:
    the records are still every line of the text with its own ending and number, of the kind the
    line has when read alone (one record of lark's per-line terminals)."""
    import re

    text = "".join(a + b + eol for a, b, eol in lines) + last
    expected = re.findall(r"([^\r\n]*)(\r\n|\r|\n)", text) + ([(last, "")] if last else [])
    records = trf_grammar.split_records(text)
    assert [(r.text, r.eol, r.line) for r in records] == [(t, e, n) for n, (t, e) in enumerate(expected, 1)]
    for r in records:
        alone = trf_grammar.split_records(r.text)
        assert r.kind == (alone[0].kind if alone else "")


def test_each_kind_s_codes_are_matched_exactly_by_its_short_expression():
    """The grammar writes a kind's codes as character classes (``0[1-9]2``): over every
    three-character string of the codes' characters, it matches that kind's codes and no other."""
    import re
    from itertools import product

    by_kind: dict[str, set[str]] = {}
    for record in layout.RECORDS:
        if record.kind not in ("NATIONAL", "COMMENT"):
            by_kind.setdefault(record.kind, set()).add(record.code)
    alphabet = sorted(set("".join(code for codes in by_kind.values() for code in codes)))
    candidates = ["".join(chars) for chars in product(alphabet, repeat=3)]
    for kind, codes in by_kind.items():
        pattern = re.compile(layout._either(sorted(codes)))
        assert {c for c in candidates if pattern.fullmatch(c)} == codes, kind
