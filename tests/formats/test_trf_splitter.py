"""The lark-free splitter of regular TRF texts is held to the grammar: the same records (kind,
text, line ending, line number), the same findings and the same bytes written back; irregular
texts go to the grammar."""
from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from trfscore.formats.trf import grammar, layout, reader, splitter
from trfscore.formats.trf.writer import write_text
from trfscore.testing.generate import swiss, to_trf

#: every fixed code of the description, and line starts the grammar classifies by pattern
_CODES = sorted({r.code for r in layout.RECORDS if r.pattern is None})
_STARTS = [*_CODES, "GER    1", "GER 0001", "ABC 12x4", "DDD SSSS sTTT", "Ger    1", "0123456789", "##", "",
           " ", "\t", "01", "00"]
_TAILS = " \t0123456789-+=HFUZWDLwb.,xé#\x0b\x0c\x1c\x85\u2028\x00"
_ENDINGS = ["\n", "\r\n", "\r"]


def _records(records):
    return [(r.kind, str(r.text), r.eol, r.line) for r in records]


_line = st.tuples(st.sampled_from(_STARTS), st.sampled_from(["", " ", "\t", "x", "1"]),
                  st.text(alphabet=_TAILS, max_size=14)).map("".join)


@settings(max_examples=400, deadline=None)
@given(lines=st.lists(_line, max_size=14), eol=st.sampled_from(["\n", "\r\n"]), final=st.booleans())
def test_a_regular_text_is_split_as_the_grammar_splits_it(lines, eol, final):
    text = eol.join(lines) + (eol if final and lines else "")
    fast = splitter.split_regular(text)
    assert fast is not None, "LF-only and CRLF-only texts take the fast path"
    assert _records(fast) == _records(grammar.split_by_grammar(text))


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.tuples(_line, st.sampled_from(_ENDINGS)), max_size=10), last=_line)
@example(lines=[("###", "\r"), ("", "\n")], last="")  # a CR line then an empty LF line: one CRLF, regular
def test_any_text_splits_as_the_grammar_splits_it(lines, last):
    """Mixed endings and lone CRs are not regular: the grammar reads them."""
    text = "".join(a + b for a, b in lines) + last
    fast = splitter.split_regular(text)
    endings = set(re.findall(r"\r\n|\r|\n", text))  # as the text has them: "x\r" + "\n" is one CRLF
    if len(endings) > 1 or "\r" in endings:
        assert fast is None
    if fast is not None:
        assert _records(fast) == _records(grammar.split_by_grammar(text))
    assert _records(grammar.split_records(text)) == _records(grammar.split_by_grammar(text))


def _read_both(text):
    fast = reader.read_text(text)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(reader, "split_records", grammar.split_by_grammar)
        general = reader.read_text(text)
    return fast, general


_EVENT = to_trf(swiss(14, 5, seed=3, forfeits=0.1, byes=0.1))


@settings(max_examples=150, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(0, 30), _line), max_size=4), eol=st.sampled_from(["\n", "\r\n"]))
def test_a_read_gives_the_grammar_path_findings_and_bytes(edits, eol):
    """A generated event with lines replaced or inserted: the same findings, and the same text
    written back, as when the grammar splits it."""
    lines = _EVENT.splitlines()
    for at, line in edits:
        lines.insert(at % (len(lines) + 1), line)
    text = eol.join(lines) + eol
    fast, general = _read_both(text)
    assert [f.to_dict() for f in fast.findings] == [f.to_dict() for f in general.findings]
    assert write_text(fast) == write_text(general) == text
    assert [p.name for p in fast.players] == [p.name for p in general.players]


@pytest.mark.parametrize("text", ["", "\n", "\r\n", "001", "###", "x\r\n\r\n", "012 a\n\n001    1\n",
                                  "001    1\n001    2"])
def test_edge_texts(text):
    assert _records(splitter.split_regular(text)) == _records(grammar.split_by_grammar(text))
    fast, general = _read_both(text)
    assert write_text(fast) == write_text(general) == text


def test_the_comment_and_nrs_patterns_come_from_the_grammar():
    kinds = dict(splitter._terminals())
    assert kinds["NATIONAL"].match("GER    1") and not kinds["NATIONAL"].match("Ger    1")
    assert [r.kind for r in splitter.split_regular("### x\nGER    1\nDDD SSSS\n")] == ["COMMENT", "NATIONAL", "OTHER"]
