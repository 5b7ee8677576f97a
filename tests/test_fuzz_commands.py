"""Fuzzing every command under a memory limit: mutated TRF, JSON, PGN and crosstable inputs.

Each example mutates one file of the corpus (the samples, generated events written in every
input format, a TRF26 team event) and runs every command on it in a child process (see
``fuzzdriver.py``) whose address space is capped by ``resource.setrlimit``.  The example fails
on a traceback, an internal error, a crashed check (TRF000), an exit code other than 0/1/2,
an output that does not parse (JSON against the schema, HTML as strict HTML5 by html5lib,
SARIF/JUnit/JSON lines), the child dying (out of memory) or the watchdog stopping it.

A few fixed examples by default (CI: about 30 s); ``TRFSCORE_FUZZ_EXAMPLES=2000`` for a long
local run with new ones.  Marked ``slow``: ``pytest -m "not slow"`` leaves it out.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from limited import MEMORY, ROOT, TIMEOUT, _limit

pytestmark = pytest.mark.slow
pytest.importorskip("html5lib")  # the strict HTML5 parser (a test dependency)

EXAMPLES = int(os.environ.get("TRFSCORE_FUZZ_EXAMPLES", "6"))
#: CI runs the same few examples every time; a long local run draws new ones.
FIXED = "TRFSCORE_FUZZ_EXAMPLES" not in os.environ
DRIVER = Path(__file__).resolve().parent / "fuzzdriver.py"


def _corpus() -> dict[str, bytes]:
    from trfscore.formats import json_write
    from trfscore.formats.crosstable import writer as crosstable_writer
    from trfscore.formats.pgn import writer as pgn_writer
    from trfscore.testing.generate import round_robin, swiss, to_trf

    event = swiss(12, 5, seed=7, forfeits=0.1, byes=0.15, withdrawals=0.2)
    # 70 players: the TRF reader's bulk path and packed cells, check's byte lanes, the
    # crosstable reader's column-wise blocks (each from 64 players or so)
    large = swiss(70, 7, seed=11, forfeits=0.05, byes=0.05, withdrawals=0.05)
    old = swiss(10, 4, seed=8, byes=0.3)
    old.header.start_date, old.header.start_date_iso = "2015/05/01", "2015-05-01"  # the 2009 rules
    corpus = {p.name: p.read_bytes() for p in sorted((ROOT / "samples").glob("*.trf"))}
    corpus.update({
        "swiss.trf": to_trf(event).encode(), "old.trf": to_trf(old).encode(),
        "rr.trf": to_trf(round_robin(7, seed=3)).encode(),
        "teams.trf": (ROOT / "tests" / "data" / "tv10-team-swiss.trf").read_bytes(),
        "swiss.json": json_write.write(event).encode(), "old.json": json_write.write(old, records=False).encode(),
        "swiss.pgn": pgn_writer.write(event).encode(),
        "swiss.txt": crosstable_writer.write(event).encode(),
        "rr.txt": crosstable_writer.write(round_robin(6, seed=2)).encode(),
        "swiss.md": crosstable_writer.write(event, style="markdown").encode(),
        "large.trf": to_trf(large).encode(), "large.json": json_write.write(large).encode(),
        "large.txt": crosstable_writer.write(large).encode(),
    })
    return corpus


CORPUS = _corpus()
#: Pieces that have broken readers and checks before: claimed sizes, separators, bad dates.
TOKENS = [b"99999999", b"9" * 40, b"1e308", b"-1", b"0000", b"\t", b"\x00", b"\r", b"\r\n", "\u202e".encode(),
          b"  ", b"/", b"9999/99/99", b"00/00/00", b'"rounds": 1000000000, "rounds": ', b"XXR 99999",
          b"132                                                                                        99/99/99",
          b"001", b"012 ", b"[Round \"999999\"]", b"{", b"}", b"[", b"]", b",", b"=", b"+", b"-", b"|"]

MUTATION = st.one_of(
    st.tuples(st.just("byte"), st.integers(0, 10 ** 6), st.integers(0, 255)),
    st.tuples(st.just("insert"), st.integers(0, 10 ** 6), st.sampled_from(TOKENS)),
    st.tuples(st.just("delete"), st.integers(0, 10 ** 6), st.integers(1, 200)),
    st.tuples(st.just("repeat"), st.integers(0, 10 ** 6), st.integers(1, 300)),
)


def mutate(data: bytes, edits) -> bytes:
    buf = bytearray(data)
    for kind, pos, arg in edits:
        pos = pos % (len(buf) + 1)
        if kind == "byte" and buf:
            buf[pos % len(buf)] = arg
        elif kind == "insert":
            buf[pos:pos] = arg
        elif kind == "delete":
            del buf[pos:pos + arg]
        elif kind == "repeat":  # a line (or what passes for one) written again and again
            start = buf.rfind(b"\n", 0, pos) + 1
            end = buf.find(b"\n", pos)
            line = bytes(buf[start:end + 1 if end >= 0 else len(buf)])
            buf[start:start] = line * min(arg, max(1, 20_000 // max(len(line), 1)))
    return bytes(buf)


def run_driver(path: Path) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), NO_COLOR="1")
    try:
        proc = subprocess.run([sys.executable, str(DRIVER), str(path)], capture_output=True, timeout=TIMEOUT * 3,
                              env=env, preexec_fn=_limit(MEMORY))
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the commands on {path.name} still ran after {TIMEOUT * 3} s") from None
    assert proc.returncode == 0, (proc.returncode, proc.stderr.decode("utf-8", "replace")[-3000:])
    return json.loads(proc.stdout)


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=FIXED,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(CORPUS)), edits=st.lists(MUTATION, min_size=1, max_size=12))
def test_every_command_on_mutated_input(tmp_path_factory, name, edits):
    data = mutate(CORPUS[name], edits)
    path = tmp_path_factory.mktemp("fuzz") / ("input" + Path(name).suffix)
    path.write_bytes(data)
    problems = run_driver(path)
    assert not problems, (name, edits, problems[:5])
