"""The streamed JSON reader (formats/json_stream.py) held to the general path: any document,
clean or not, well-formed or not, in any layout, read a block of players at a time gives the
tournament (players, findings and their positions, the JSON written back) that decoding it
whole gives, or is left to the general path."""
from __future__ import annotations

import json
import tracemalloc
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.formats import json_model, json_stream
from trfscore.testing.generate import round_robin, swiss, to_trf


def general(text: str) -> trfscore.Tournament:
    """The document decoded whole (the general path)."""
    with mock.patch.object(json_model, "STREAM_OVER", 10 ** 12):
        return json_model.read(text)


def streamed(text: str, lines: int = json_stream.LINES, block: int = json_stream.BLOCK) -> trfscore.Tournament:
    """The reader with every document streamed first (``lines``, ``block``: the sizes)."""
    with mock.patch.object(json_model, "STREAM_OVER", -1), mock.patch.object(json_stream, "LINES", lines), \
            mock.patch.object(json_stream, "BLOCK", block):
        return json_model.read(text)


def assert_same(got: trfscore.Tournament, expected: trfscore.Tournament) -> None:
    # packed games first: reading them (== does) unpacks them
    assert [p.packed is not None for p in got.players] == [p.packed is not None for p in expected.players]
    assert [f.to_dict() for f in got.findings] == [f.to_dict() for f in expected.findings]
    assert got == expected
    assert json_model.write(got) == json_model.write(expected)


def layout(doc: dict, how: str) -> str:
    """``doc`` as JSON text: as trfscore writes it (a player a line, last), with the players
    first (a player a line), compact (no line at all) or indented (a player over many lines)."""
    if how == "written" or how == "players first" and not isinstance(doc.get("players"), list):
        return json_model.dumps(doc, "players")
    if how == "players first":
        rest = json.dumps({k: v for k, v in doc.items() if k != "players"})
        rows = ",\n".join(json.dumps(p) for p in doc["players"])
        return f'{{"players": [\n{rows}\n], {rest[1:]}'
    if how == "compact":
        return json.dumps(doc, separators=(",", ":"))
    return json.dumps(doc, indent=1)


LAYOUTS = ["written", "players first", "compact", "indented"]


def document(players: int, rounds: int, seed: int, robin: bool, records: bool) -> dict:
    t = round_robin(players, seed=seed) if robin else swiss(players, rounds, seed=seed, byes=0.2, forfeits=0.1,
                                                            withdrawals=0.1)
    if records:  # read from its TRF: the document carries the source records
        t = trfscore.loads(to_trf(t))
    return json.loads(json_model.write(t))


VALUES = (st.none() | st.booleans() | st.integers(-2, 3000) | st.sampled_from([1.0, 2.5, 1e400, float("nan")])
          | st.text(max_size=3) | st.sampled_from(["w", "b", "1", " ", "win", "absent", "3/2", "-", "a\nb"])
          | st.lists(st.integers(), max_size=1) | st.dictionaries(st.sampled_from(["GER"]), st.fixed_dictionaries(
              {"federation": st.sampled_from(["GER", 5]), "start_rank": st.integers(0, 3)}), max_size=1))
KEYS = ["start_rank", "name", "rating", "points", "rank", "line", "national", "games", "extra", "round", "opponent",
        "colour", "code", "kind", "text", "eol", "exact", "rounds", "players", "source", "header"]


def edit(doc: dict, where: str, index: int, key: str, value: object, remove: bool) -> None:
    """Set (or remove) ``key`` of a player, a game, a source record or the document itself."""
    if where == "document":
        target = doc
    elif where == "player" and doc["players"]:
        target = doc["players"][index % len(doc["players"])]
    elif where == "game" and doc["players"] and doc["players"][index % len(doc["players"])]["games"]:
        games = doc["players"][index % len(doc["players"])]["games"]
        target = games[index % len(games)]
    elif where == "record" and doc["source"].get("records"):
        target = doc["source"]["records"][index % len(doc["source"]["records"])]
    else:
        return
    if remove:
        target.pop(key, None)
    else:
        target[key] = value


def mutate(text: str, how: str, at: int, char: str) -> str:
    """``text`` with one character deleted or inserted, cut short, or a key given twice."""
    at %= len(text)
    if how == "delete":
        return text[:at] + text[at + 1:]
    if how == "insert":
        return text[:at] + char + text[at:]
    if how == "cut":
        return text[:at]
    if how == "twice":
        return text.replace('"rounds": ', '"rounds": 3, "rounds": ', 1)
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(players=6, rounds=3, seed=1, robin=False, records=True, how="written", lines=0, block=1,
         where="player", index=0, key="name", value=None, remove=False, change="none", at=0, char=",")
@example(players=6, rounds=3, seed=1, robin=False, records=False, how="players first", lines=40, block=2,
         where="document", index=0, key="exact", value={"/players/0/points": "1/3"}, remove=False, change="none",
         at=0, char=",")
@example(players=5, rounds=3, seed=2, robin=False, records=True, how="written", lines=40, block=2,
         where="game", index=3, key="round", value=7, remove=False, change="none", at=0, char=",")
@example(players=5, rounds=3, seed=2, robin=False, records=True, how="written", lines=1, block=512,
         where="player", index=0, key="name", value=None, remove=True, change="insert", at=-4, char=",")
@given(players=st.integers(1, 9), rounds=st.integers(1, 4), seed=st.integers(0, 50), robin=st.booleans(),
       records=st.booleans(), how=st.sampled_from(LAYOUTS), lines=st.sampled_from([0, 1, 40, 300, 10 ** 6]),
       block=st.sampled_from([1, 2, 512]),
       where=st.sampled_from(["none", "player", "game", "record", "document"]), index=st.integers(0, 40),
       key=st.sampled_from(KEYS), value=VALUES, remove=st.booleans(),
       change=st.sampled_from(["none", "none", "delete", "insert", "cut", "twice"]), at=st.integers(-60, 10 ** 6),
       char=st.sampled_from(list(',:[]{}"\n 0-.e\\') + ["\ud800", "\\ud800"]))
def test_streamed_reads_as_the_whole_document(players, rounds, seed, robin, records, how, lines, block, where,
                                              index, key, value, remove, change, at, char):
    doc = document(players, rounds, seed, robin, records)
    edit(doc, where, index, key, value, remove)
    try:
        text = layout(doc, how)
    except (ValueError, TypeError):  # a value JSON cannot hold
        return
    text = mutate(text, change, at, char)
    assert_same(streamed(text, lines, block), general(text))


@pytest.mark.parametrize("how", LAYOUTS)
@pytest.mark.parametrize("lines", [0, 50, json_stream.LINES])
def test_a_clean_document_is_streamed_in_every_layout(how, lines):
    """The streamed reader takes a clean document in any layout (whole lines at a time, or a
    player at a time where the lines are not whole players)."""
    text = layout(document(7, 4, 3, False, True), how)
    with mock.patch.object(json_stream, "LINES", lines), mock.patch.object(json_stream, "BLOCK", 2):
        got = json_stream.read(text)
    assert got is not None
    assert all(p.packed is not None for p in got.players)
    assert_same(got, general(text))


@pytest.mark.parametrize("text", ['{"players": []}', "[]", '{"players": [], "players": []}', "", "{", " { } ",
                                  '{"players": [1,]}', '{"players": [{}] } x'])
def test_what_is_not_a_clean_document_is_left_to_the_general_path(text):
    assert json_stream.read(text) is None
    assert streamed(text).findings == general(text).findings != []


def traced_peak(read) -> tuple[int, trfscore.Tournament]:
    """The most memory ``read()`` held at once (tracemalloc: allocations, not time), and its result."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        got = read()
        return tracemalloc.get_traced_memory()[1] - base, got
    finally:
        tracemalloc.stop()


def test_a_large_document_is_read_without_decoding_it_whole():
    """Memory: the streamed reader's peak, the tournament built included, stays under half of
    what decoding the document whole takes."""
    t = swiss(700, 13, seed=5, forfeits=0.03, byes=0.03, withdrawals=0.05)
    text = json_model.write(trfscore.loads(to_trf(t)))
    general(text)  # imports and the schema, before anything is counted
    whole, _ = traced_peak(lambda: json.loads(text))
    peak, got = traced_peak(lambda: streamed(text))
    assert got.players and not got.findings
    assert peak < whole / 2
