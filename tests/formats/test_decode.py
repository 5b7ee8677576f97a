"""``looks_binary``: a NUL byte, or a third control characters in the first 4 KiB."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from trfscore.formats.decode import looks_binary

TEXT_CONTROLS = (9, 10, 12, 13)


@given(st.binary(max_size=5000))
def test_looks_binary_counts_control_characters_as_its_docstring_says(data):
    head = data[:4096]
    controls = sum(1 for b in head if b < 32 and b not in TEXT_CONTROLS)
    assert looks_binary(data) == (0 in head or (len(head) >= 16 and controls * 3 > len(head)))


def test_looks_binary_examples():
    assert not looks_binary(b"001    1 m    Player\r\n\t\x0c")
    assert looks_binary(b"abc\x00")
    assert looks_binary(b"\x01\x02\x03" * 10)
    assert not looks_binary(b"")


#: starts that each format's sniffer claims (a JSON document, a PGN game, a TRF, anything else)
STARTS = [b'{"players": []}\n', b'[Event "Open"]\n', b"012 Open\n001    1\n", b"", b"Round 1\n"]


@given(start=st.sampled_from(STARTS), rest=st.binary(max_size=300), encoding=st.sampled_from([None, "latin-1"]))
def test_binary_input_is_read_by_the_trf_reader_whatever_its_start_sniffs_as(start, rest, encoding):
    """``loading`` hands binary input to the TRF reader, which reports it (TRF100), whether its
    start would sniff as JSON, PGN, TRF or a crosstable, and whatever the encoding; other input
    is read as its start sniffs."""
    import trfscore
    from trfscore.formats import registry

    data = start + rest
    t = trfscore.loads(data, encoding=encoding)
    if looks_binary(data):
        assert (t.source.format, t.source.encoding) == ("trf", "binary")
        assert [f.rule for f in t.findings] == ["TRF100"]
    else:
        assert t.source.encoding != "binary"
        text = data.decode(encoding or "utf-8", errors="replace") if encoding or data.isascii() else None
        if text is not None:
            assert t.source.format == registry.sniff(text).name
