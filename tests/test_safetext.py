"""Untrusted text in every output: control and bidirectional characters neutralised
(:mod:`trfscore.safetext`), one test per output format, through the command line."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import run_cli
from trfscore.formats import json_write
from trfscore.safetext import escape_json_text, neutralise, neutralise_json_text
from trfscore.testing.generate import swiss

#: A name for each attack: an OSC sequence setting a terminal's title, a CSI colour with BEL,
#: a C1 CSI, a right-to-left override (Trojan Source), an isolate, a line separator, NUL and DEL.
EVIL = ["Osc \x1b]0;owned\x07 Title", "Csi \x1b[31mRed", "Cone \x9b31m C1", "Rlo \u202eenil\u202c Bidi",
        "Iso \u2066x\u2069 Late", "Sep\u2028Line", "Nul\x00Del\x7f End"]
#: What may never appear raw in a human-readable output.
UNSAFE = re.compile("[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def test_neutralise_rule():
    assert neutralise("Müller, Jürgen") == "Müller, Jürgen"
    assert neutralise("a\x1b[31mb\x07") == "a\u241b[31mb\u2407"  # control pictures
    assert neutralise("a\tb\r\nc\u2028d\x85e") == "a b  c d e"  # breaks and tabs as spaces
    assert neutralise("x\u202ey\u2066z\x9b\ud800") == "x\ufffdy\ufffdz\ufffd\ufffd"
    assert neutralise("x\x7f") == "x\u2421"
    assert neutralise("\u0632\u200c\u0627 nbsp\u00a0") == "\u0632\u200c\u0627 nbsp\u00a0"  # joiners, no-break space kept
    assert neutralise(None) == "" and neutralise(12) == "12"
    for name in EVIL:
        assert len(neutralise(name)) == len(name) and not UNSAFE.search(neutralise(name))


def test_json_escapes_are_lossless():
    value = {"n": "\u202e\x85\u2028\x7f\x1b \\u0007 ü"}
    text = escape_json_text(json.dumps(value, ensure_ascii=False))
    assert not UNSAFE.search(text) and json.loads(text) == value and "ü" in text
    shown = neutralise_json_text(json.dumps(value, ensure_ascii=False))
    assert not UNSAFE.search(shown) and "\\u001b" not in shown
    assert json.loads(shown) == {"n": neutralise(value["n"])}


@pytest.fixture(scope="module")
def evil_file(tmp_path_factory):
    t = swiss(12, 4, seed=3)
    for p, name in zip(t.players, EVIL):
        p.name = name
    t.header.name = "Open \x1b]2;title\x07 \u202eevil"
    t.source.format = "json"  # written afresh, not as the generator's TRF lines
    path = tmp_path_factory.mktemp("evil") / "evil.json"  # JSON carries every character
    path.write_text(json_write.write(t), encoding="utf-8")
    return path


run = run_cli


@pytest.mark.parametrize("fmt", ["text", "markdown", "csv", "html"])
def test_report_formats_neutralise(capsys, evil_file, fmt):
    code, out, err = run(capsys, "report", evil_file, "--format", fmt, "--no-color")
    assert code in (0, 1) and out
    assert not UNSAFE.search(out), UNSAFE.search(out)
    assert not UNSAFE.search(err)
    assert "owned\u2407 Title" in out or fmt == "text"  # text may truncate long names
    assert "enil" in out  # the name is there, its override is not


def test_report_json_is_exact_and_escaped(capsys, evil_file):
    code, out, _ = run(capsys, "report", evil_file, "--format", "json")
    assert not UNSAFE.search(out)
    names = {row["name"] for row in json.loads(out)["standings"]}
    assert set(EVIL) <= names  # the data is exact; only its JSON spelling is escaped


@pytest.mark.parametrize("fmt", ["text", "github", "json", "jsonl", "sarif", "junit"])
def test_check_formats_neutralise(capsys, evil_file, tmp_path, fmt):
    doc = json.loads(evil_file.read_text(encoding="utf-8"))
    doc["players"][0]["points"] = 99  # a finding quoting a hostile name
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "check", bad, "--format", fmt)
    assert code == 1 and out
    assert not UNSAFE.search(out) and not UNSAFE.search(err)
    if fmt in ("json", "sarif"):
        json.loads(out)
    elif fmt == "jsonl":
        [json.loads(line) for line in out.splitlines()]
    elif fmt == "junit":
        ET.fromstring(out)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_explain_neutralises(capsys, evil_file, fmt):
    code, out, _ = run(capsys, "explain", evil_file, "-p", "1", "-t", "SB", "--format", fmt)
    assert code == 0 and not UNSAFE.search(out)


@pytest.mark.parametrize("target", ["crosstable", "markdown", "pgn", "json"])
def test_convert_targets(capsys, evil_file, target):
    code, out, _ = run(capsys, "convert", evil_file, "--to", target)
    assert code in (0, 1) and out
    assert not UNSAFE.search(out)
    if target == "json":  # a data format: exact, only spelt with escapes
        assert json.loads(out) == json.loads(evil_file.read_text(encoding="utf-8"))


def test_error_messages_neutralise(capsys, tmp_path):
    name = tmp_path / "x\x1b]0;t\x07.trf"
    code, _, err = run(capsys, "report", name)
    assert code == 2 and "\x1b" not in err and "\u241b" in err
