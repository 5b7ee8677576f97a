"""The format registry: one entry per format, and everything that lists formats derives from it."""
from __future__ import annotations

import re

import pytest

import trfscore
from conftest import ROOT
from trfscore.cli import main
from trfscore.formats import registry
from trfscore.testing.generate import swiss, to_trf

TABLE = re.compile(r"<!-- FORMAT TABLE[^>]*-->\n(.*?)<!-- /FORMAT TABLE -->", re.S)


def test_docs_format_table_is_the_registry():
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    found = TABLE.search(text)
    assert found, "docs/formats.md lost its FORMAT TABLE markers"
    assert found.group(1) == registry.markdown_table(), "regenerate the table from registry.markdown_table()"


def test_names_and_aliases_resolve_to_their_entry():
    for f in registry.FORMATS:
        for key in (f.name, *f.aliases):
            assert registry.get(key) is f
            assert registry.get(key.upper()) is f
    with pytest.raises(ValueError, match="choose one of"):
        registry.get("docx")


def test_write_only_variants_name_a_reader():
    for f in registry.FORMATS:
        if f.read_by is not None:
            assert f.reader is None and registry.get(f.read_by).readable


def test_cli_choices_come_from_the_registry(capsys):
    def listed(err: str) -> set[str]:  # "--to: 'docx' is not one of a, b, c (see ...)"
        return set(err.split("is not one of ", 1)[1].split(" (see", 1)[0].split(";")[0].split(", "))

    assert main(["convert", "x.trf", "--to", "docx"]) == 2
    assert listed(capsys.readouterr().err) == set(registry.choices(writable=True))
    assert main(["report", "x.trf", "--from", "docx"]) == 2
    assert listed(capsys.readouterr().err) == set(registry.choices(readable=True))


@pytest.fixture(scope="module")
def event():
    return trfscore.loads(to_trf(swiss(12, 5, seed=4, forfeits=0.1, byes=0.1)))


@pytest.mark.parametrize("name", registry.names(writable=True))
def test_what_a_writer_writes_its_reader_reads(event, name):
    fmt = registry.get(name)
    data = fmt.write(event)
    assert isinstance(data, bytes) and data
    reader = fmt.name if fmt.readable else fmt.read_by
    if reader is None:  # standings only (CSV): nothing to read back
        return
    back = trfscore.loads(data, reader)
    assert sorted(p.name for p in back.players) == sorted(p.name for p in event.players)
    assert registry.sniff(data.decode("utf-8")) is registry.get(reader)  # found without being named


@pytest.mark.parametrize("name", registry.names(writable=True))
def test_what_a_format_holds_is_what_comes_back(event, name):
    """The capability columns are claims: a format that says it holds colours or byes gives
    them back; one that says it does not, loses them."""
    fmt = registry.get(name)
    reader = fmt.name if fmt.readable else fmt.read_by
    if reader is None:
        return
    back = trfscore.loads(fmt.write(event), reader)
    colours = {(p.name, g.round, g.colour) for p in back.players for g in p.games if g.colour}
    byes = {(p.name, g.round) for p in back.players for g in p.games if g.kind in trfscore.Kind.BYES}
    assert bool(colours) == fmt.holds.colours
    assert bool(byes) == fmt.holds.byes


def test_sniffing_follows_the_registry_order():
    assert registry.sniff('{"players": []}').name == "json"
    assert registry.sniff("012 Open\n").name == "trf"
    assert registry.sniff('[Event "x"]\n').name == "pgn"
    assert registry.sniff("anything at all").name == "crosstable"
    sniffing = [f.name for f in registry.FORMATS if f.sniff is not None]
    assert sniffing[-1] == "crosstable", "the crosstable test accepts everything: it must come last"


def test_extensions():
    assert registry.by_extension("event.PGN").name == "pgn"
    assert registry.by_extension("a/b/event.trf").name == "trf"
    assert registry.by_extension("standings.csv").name == "csv"
    assert registry.by_extension("notes.docx") is None


def test_unknown_format_is_a_value_error():
    with pytest.raises(ValueError, match="unknown format"):
        trfscore.loads("012 x\n", "docx")
    with pytest.raises(ValueError, match="does not read csv"):
        trfscore.loads("a,b\n", "csv")
