"""Bad input never crashes the reader: random bytes, mutated real files, huge lines and files."""
from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.cli import main
from trfscore.formats import json_read, trf
from trfscore.formats.trf.rules import READER_RULES
from trfscore.testing.generate import swiss, to_trf

pytestmark = pytest.mark.slow

VALID = to_trf(swiss(12, 4, seed=9, forfeits=0.1, byes=0.1, withdrawals=0.2)).encode()


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000))
def test_random_bytes_never_raise(data):
    t = trfscore.loads(data, "trf")
    for f in t.findings:  # every finding names a documented reader rule and a real position
        assert f.rule in READER_RULES and f.severity in ("error", "warning", "info")
        assert f.line is None or 1 <= f.line <= data.count(b"\n") + data.count(b"\r") + 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), min_size=1, max_size=20))
def test_mutated_valid_file_never_raises_and_round_trips(edits):
    data = bytearray(VALID)
    for pos, byte in edits:
        data[pos] = byte
    data = bytes(data)
    t = trfscore.loads(data, "trf")
    for f in t.findings:
        assert f.line is None or f.line >= 1
        assert f.column is None or f.column >= 1
    if not [f for f in t.findings if f.rule == "TRF100"]:
        assert trf.write_bytes(t) == data
        t.standings()  # the engine copes with whatever the reader let through


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=2000))
def test_any_text_through_every_sniffed_reader(text):
    trfscore.loads(text)
    trfscore.loads(text, "trf")


def test_a_100k_character_line_is_cut_and_reported():
    data = b"012 x\n001    1 m    Long" + b"x" * 100_000 + b"\n"
    t = trfscore.loads(data)
    assert "TRF105" in {f.rule for f in t.findings}
    assert trf.write_bytes(t) == data


def test_a_large_garbage_file_is_read_in_bounded_time_and_findings(tmp_path):
    line = b"this is not a tournament report file at all, just words " * 2 + b"\n"
    path = tmp_path / "big.txt"
    path.write_bytes(line * (20 * 1024 * 1024 // len(line)))
    start = time.perf_counter()
    t = trfscore.loads(path.read_bytes(), "trf")
    assert len(t.findings) <= 1000
    assert time.perf_counter() - start < 120  # a hang guard only, not a speed test
    assert main(["convert", str(path), "--to", "json", "-o", str(tmp_path / "out.json")]) in (0, 2)


def test_json_reader_rejects_non_documents_with_findings():
    for text in ("{}", '{"schema_version": 1}', "[1,2]", '{"a": ' * 5000, "null"):
        t = json_read.read(text, trfscore.Tournament)
        assert t.findings and t.findings[0].rule in ("JSON001", "JSON002")
