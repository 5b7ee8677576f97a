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
