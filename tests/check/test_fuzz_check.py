"""Hypothesis: random and mutated input never makes the checks raise."""
from __future__ import annotations

import pytest
from checkhelp import checked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.checks.runner import Options, check_data
from trfscore.findings import SEVERITIES
from trfscore.testing.generate import round_robin, swiss, to_trf

pytestmark = pytest.mark.slow

VALID = to_trf(swiss(14, 5, seed=3, forfeits=0.1, byes=0.1, withdrawals=0.2)).encode()
ROBIN = to_trf(round_robin(6, seed=2)).encode()
EXTRA = (b"162  W 3.0    D 1.0    L 0.0\nXXS W=2\n240 H   2    3\n250      1.0   1   2    1    4\n"
         b"260   1   3    1    2\n013 Team                              1    2    3\n"
         b"310   1 Team                             TEAM      0      2    2.5   1     1    2\n"
         b"132" + b" " * 88 + b"26/04/01  26/04/02\nXXA    1  1.0\nXXP 1 2\nXXZ 4\n")
ALPHABET = st.sampled_from(list("0123456789 wb-=+10WDLHFUZX?\n\r\t.,/abcXR") + ["001 ", "012 ", "XXR ", "   "])
SETTINGS = settings(max_examples=int(__import__("os").environ.get("TRFSCORE_FUZZ_EXAMPLES", "150")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def assert_sane(findings) -> None:
    for f in findings:
        assert f.severity in SEVERITIES and f.rule and isinstance(f.message, str)
        assert f.rule != "TRF000", f.message


@SETTINGS
@given(st.binary(max_size=3000))
def test_random_bytes(data):
    result = check_data(data, "fuzz.trf", Options())
    assert result.error is None or "internal error" not in result.error, result.error
    assert_sane(result.findings)


@SETTINGS
@given(st.lists(ALPHABET, max_size=400).map("".join))
def test_random_trf_like_text(text):
    for profile in ("basic", "fide"):
        assert_sane(checked(trfscore.loads(text, "trf"), profile))


@SETTINGS
@given(st.sampled_from([VALID, ROBIN, VALID + EXTRA]),
       st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=25))
def test_mutated_valid_files(base, edits):
    data = bytearray(base)
    for pos, value in edits:
        data[pos % len(data)] = value
    t = trfscore.loads(bytes(data), "trf")
    for profile in ("basic", "fide"):
        assert_sane(checked(t, profile))


@SETTINGS
@given(st.sampled_from([VALID, VALID + EXTRA]), st.integers(0, 10**6), st.integers(0, 10**6))
def test_cut_and_spliced_files(base, a, b):
    a, b = sorted((a % len(base), b % len(base)))
    data = base[:a] + base[b:] + base[a:b]
    assert_sane(checked(trfscore.loads(data, "trf"), "fide"))
