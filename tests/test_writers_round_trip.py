"""Writers whose output passes our own checks.

For every writer of the format registry: reading back what it wrote gives the same players,
results, points and tie-breaks, as far as the target holds them; every TRF or JSON written has
no error under ``check`` that its source did not have (none at all for the samples and generated
events).  What each target holds:

* TRF (as read, TRF16, TRF26) and JSON: everything, by start rank, round by round, with colours
  (a source without colours for played games gets them by the writer's announced convention);
* PGN: players are numbered afresh (by rating, then name), so they are compared by name; a
  player without any game or bye is not written; byes are written as games against ``BYE``;
* crosstables: a round-robin grid does not hold rounds or colours, so pairings and points are
  compared, and tie-breaks only for Swiss tables.

Inputs: the samples, the repository's test files, generated events (hypothesis: Swiss events
with byes, forfeits and withdrawals, round robins) and, when present, the shared corpus.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.formats import registry
from trfscore.formats.trf.versions import COLOURS_ASSIGNED
from trfscore.model import Kind
from trfscore.testing import generate
from trfscore.tournament import Tournament

ROOT = Path(__file__).resolve().parents[1]
OWN = (sorted((ROOT / "samples").glob("*.trf")) + sorted((ROOT / "tests" / "data").glob("*.trf"))
       + [ROOT / "tests" / "data" / "seed-000-crosstable.txt"])
REPOSITORY_CORPUS = sorted((ROOT / "tests" / "data" / "corpus").glob("*.trf"))
SHARED_CORPUS = sorted(Path("/work/shared/corpus/trf").glob("*.trf"))  # local only (licences)
WRITERS = [f.name for f in registry.FORMATS if f.writable and f.name != "csv"]  # CSV holds standings only
FULL = ("json", "trf", "trf16", "trf26")
TIEBREAKS = "BH-C1,BH,SB,WIN"
HELD = {Kind.ABSENT, Kind.NOT_SCHEDULED}  # "no game": which of the two a format gives is not held


def read_back(t: Tournament, name: str) -> tuple[bytes, Tournament]:
    target = registry.get(name)
    data = target.write(t)
    return data, trfscore.loads(data, target.read_by or target.name)


def cells(t: Tournament, colours: bool) -> dict:
    return {p.start_rank: (p.name, t.score(p), [(g.opponent, g.kind if g.kind not in HELD else "none",
                                                   g.colour if colours else None) for g in p.games])
            for p in t.players}


def pairings(t: Tournament) -> dict:
    """Per player name: points and the results against each opponent (by name), rounds aside."""
    name = {p.start_rank: p.name for p in t.players}
    out = {}
    for p in t.players:
        games = sorted((name.get(g.opponent, ""), g.kind) for g in p.games if g.kind not in HELD)
        if games:  # PGN writes no player without a game or bye
            out[p.name] = (t.score(p), games)
    return out


def tiebreaks(t: Tournament, system: str) -> dict:
    standings = t.standings(tiebreaks=TIEBREAKS, rules="fide-2026", system=system)
    return {row.player.name: (row.points, row.values) for row in standings.rows
            if any(g.kind not in HELD for g in row.player.games)}


def error_rules(t: Tournament) -> set[str]:
    return {f.rule for f in trfscore.check(t) if f.severity == "error"}


def assert_round_trip(t: Tournament, writer: str, *, clean: bool) -> None:
    data, back = read_back(t, writer)
    target = registry.get(writer)
    colours_given = all(g.colour is not None for p in t.players for g in p.games if g.kind in Kind.PLAYED)
    if writer in FULL:
        assert cells(back, colours_given) == cells(t, colours_given), writer
        if not colours_given and writer != "json":
            assert COLOURS_ASSIGNED.encode() in data  # the convention is announced in the file
        new = error_rules(back) - (set() if clean else error_rules(t))
        assert not new, (writer, [f for f in trfscore.check(back) if f.rule in new][:3])
        if clean:
            assert all(p.rank for p in trfscore.loads(data, target.read_by or writer).players) or writer == "json" \
                or not t.players, "ranks are written (computed when the source has none)"
    else:
        assert pairings(back) == pairings(t), writer
    system = t.standings().system
    if writer in FULL or writer == "pgn" or system == "swiss":
        assert tiebreaks(back, system) == tiebreaks(t, system), writer


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("path", OWN + REPOSITORY_CORPUS, ids=lambda p: p.name)
def test_writers_round_trip_the_repository_files(path, writer):
    t = trfscore.load(path)
    assert_round_trip(t, writer, clean=path in OWN)


@pytest.mark.slow  # every writer over the whole shared corpus (about 11 s)
@pytest.mark.skipif(not SHARED_CORPUS, reason="the shared corpus is local only")
@pytest.mark.parametrize("writer", WRITERS)
def test_writers_round_trip_the_shared_corpus(writer):
    for path in SHARED_CORPUS:
        assert_round_trip(trfscore.load(path), writer, clean=False)


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 22), st.integers(1, 8), st.integers(0, 10_000), st.sampled_from([0.0, 0.1, 0.3]),
       st.sampled_from([0.0, 0.1, 0.3]), st.sampled_from([0.0, 0.2, 0.5]), st.sampled_from(WRITERS))
def test_writers_round_trip_generated_swiss_events(players, rounds, seed, forfeits, byes, withdrawals, writer):
    t = trfscore.loads(generate.to_trf(generate.swiss(players, rounds, seed=seed, forfeits=forfeits, byes=byes,
                                                      withdrawals=withdrawals)))
    assert_round_trip(t, writer, clean=True)


@settings(max_examples=8, deadline=None)
@given(st.integers(3, 10), st.integers(0, 1000), st.booleans(), st.sampled_from(WRITERS))
def test_writers_round_trip_generated_round_robins(players, seed, double, writer):
    t = trfscore.loads(generate.to_trf(generate.round_robin(players, seed=seed, double=double)))
    assert_round_trip(t, writer, clean=True)


def test_a_crosstable_without_colours_writes_a_trf_that_passes_check():
    t = trfscore.load(ROOT / "tests" / "data" / "seed-000-crosstable.txt")
    for writer in ("trf", "trf16", "trf26"):
        data, back = read_back(t, writer)
        assert COLOURS_ASSIGNED.encode() in data
        assert not [f for f in trfscore.check(back) if f.severity == "error" or f.rule == "TRF512"], writer
        assert all(p.rank for p in back.players)


def test_pgn_says_it_has_no_byes():
    from trfscore.formats.pgn.writer import BYE_COMMENT

    t = trfscore.load(ROOT / "samples" / "swiss-byes-forfeits.trf")
    text = registry.get("pgn").write(t).decode("utf-8")
    byes = sum(1 for p in t.players for g in p.games if g.kind in Kind.BYES)
    assert byes and text.count(BYE_COMMENT) == byes


def test_a_file_saved_mid_event_converted_to_json_and_back(tmp_path, capsys):
    """``convert --to json`` of a file saved between rounds (JaVaFo's sample: 9 rounds declared,
    4 played, round 5 with its byes marked in advance), then ``convert --to trf`` of that JSON:
    the original bytes; and from a JSON without its source records (as another program would
    write it), a new TRF read as the same event with the same findings."""
    from conftest import run_cli
    from trfscore.event_reading import reading

    source = ROOT / "tests" / "data" / "corpus" / "echecsjs__trf__javafo_sample2.trf"
    first = trfscore.load(source)
    assert (reading(first).played, reading(first).declared, [r.number for r in reading(first).pending]) == (4, 9, [5])
    doc, bare, back = tmp_path / "event.json", tmp_path / "bare.json", tmp_path / "back.trf"
    assert run_cli(capsys, "convert", str(source), "--to", "json", "-o", str(doc))[0] == 0
    assert run_cli(capsys, "convert", str(doc), "--to", "trf", "-o", str(back))[0] == 0
    assert back.read_bytes() == source.read_bytes()

    data = json.loads(doc.read_text(encoding="utf-8"))
    del data["source"]  # the source records: without them the writer lays every record out anew
    bare.write_text(json.dumps(data), encoding="utf-8")
    assert run_cli(capsys, "convert", str(bare), "--to", "trf", "-o", str(back))[0] == 0
    assert back.read_bytes() != source.read_bytes()
    again = trfscore.load(back)
    assert reading(again) == reading(first)
    assert cells(again, True) == cells(first, True)
    assert [(p.points, p.rank) for p in again.players] == [(p.points, p.rank) for p in first.players]

    def findings(t: Tournament) -> list[tuple[str, str, str]]:
        return sorted((f.rule, f.severity, f.message) for f in trfscore.check(t))

    assert findings(again) == findings(first)
    assert {rule for rule, _, _ in findings(first)} >= {"TRF531", "TRF533"}  # read as an event in progress
