"""The JSON reader's column checks and packed games (formats/json_bulk.py) against the general
path: the same verdicts and messages as jsonschema on a sample plus the per-field checks, and the
same players as building them one by one."""
from __future__ import annotations

import json

import jsonschema
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import trfscore
from conftest import JSON_SIZES
from trfscore.formats import json_bulk, json_model
from trfscore.model import Game
from trfscore.testing.generate import round_robin, swiss, to_trf


def reference_problems(doc):
    """The general path, as the reader had it before the column checks: jsonschema on the
    document with its players (games cut to the first) and source records cut to a sample, then
    the per-field checks of everything past the sample."""
    full = json_model.schema()
    full.pop("oneOf", None)
    full["$ref"] = "#/$defs/tournamentDocument"
    players = doc["players"]
    sample = dict(doc, players=[json_model._first_game(p) for p in players[:json_model.SAMPLE]])
    if isinstance(doc.get("source"), dict) and isinstance(doc["source"].get("records"), list):
        sample["source"] = dict(doc["source"], records=doc["source"]["records"][:json_model.SAMPLE])
    problems = [json_model.describe(e) for e in jsonschema.Draft202012Validator(full).iter_errors(sample)]
    if not problems:
        problems = (json_model._player_problems(players, full)
                    or json_model._game_problems(players, full["$defs"]["game"])
                    or json_model._record_problems(doc, full["$defs"]["record"]))
    return problems


_DOCS: dict[int, str] = {}


def big_doc_text(players: int = 1700) -> str:
    """A 13-round document (1,700 players: past FAST_GAMES_OVER), made once per size."""
    if players not in _DOCS:
        t = swiss(players, 13, seed=5, forfeits=0.03, byes=0.03, withdrawals=0.05)
        _DOCS[players] = json_model.write(trfscore.loads(to_trf(t)))
    return _DOCS[players]


def one_by_one(doc):
    """The players built one at a time, or None when the build stops (a score out of range)."""
    try:
        return [json_model._player(p) for p in doc["players"]]
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        return None


def test_game_keys_are_the_models_fields():
    game = json_model.schema()["$defs"]["game"]
    assert set(game["required"]) == set(game["properties"]) == set(Game._fields)


@pytest.mark.parametrize("json_players", JSON_SIZES, indirect=True)
def test_a_clean_large_document_is_packed_and_reads_as_its_players(json_players):
    doc = json.loads(big_doc_text(json_players))
    assert sum(len(p["games"]) for p in doc["players"]) > json_model.FAST_GAMES_OVER
    assert len(doc["players"]) > json_model.SAMPLE
    assert json_model.validate(doc) == [] == reference_problems(doc)
    t = json_model.read(big_doc_text(json_players))
    assert all(p.packed is not None for p in t.players)
    assert t.players == [json_model._player(p) for p in doc["players"]]


VALUES = (st.none() | st.booleans() | st.integers(-2, 3000) | st.sampled_from([1.0, 2.5, float("inf")])
          | st.text(max_size=3) | st.sampled_from(["w", "b", "1", " ", "win", "absent", "3/2", "-"])
          | st.lists(st.integers(), max_size=1) | st.dictionaries(st.sampled_from(["GER"]), st.fixed_dictionaries(
              {"federation": st.sampled_from(["GER", 5]), "start_rank": st.integers(0, 3)}), max_size=1))
PLAYER_KEYS = ["start_rank", "name", "sex", "title", "rating", "federation", "fide_id", "birth", "points", "rank",
               "line", "national", "games", "extra"]


@pytest.mark.slow  # about 25 s: 60 edits of a 1,700-player document, each read both ways
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(where="game", index=5, key="round", value=1.0, remove=False)
@example(where="player", index=3, key="rating", value=-1, remove=False)
@example(where="player", index=1300, key="national", value={"GER": {"federation": "GER", "start_rank": 1}},
         remove=False)
@example(where="record", index=3, key="eol", value=["x"], remove=False)
@example(where="game", index=3, key="colour", value=[], remove=False)
@example(where="record", index=1300, key="eol", value=[], remove=False)
@given(where=st.sampled_from(["player", "game", "record"]), index=st.sampled_from([0, 3, 199, 200, 1300, 1699]),
       key=st.sampled_from(PLAYER_KEYS + ["round", "opponent", "colour", "code", "kind", "text", "eol"]),
       value=VALUES, remove=st.booleans())
def test_column_checks_give_the_general_paths_findings(where, index, key, value, remove):
    doc = json.loads(big_doc_text())
    if where == "player":
        target = doc["players"][index]
    elif where == "game":
        target = doc["players"][index]["games"][index % 13]
    else:
        target = doc["source"]["records"][index]
    if remove:
        target.pop(key, None)
    else:
        target[key] = value
    expected = reference_problems(doc)
    assert json_model.validate(doc) == expected
    t = json_model.read(json.dumps(doc))
    expected = expected or json_model._line_break_problems(doc)
    built = one_by_one(doc)
    if expected:
        assert [f.message for f in t.findings] == [f"{where_}: {message}" for message, where_ in expected[:50]]
    elif built is None:
        assert [f.message[:len("(document root)")] for f in t.findings] == ["(document root)"] and not t.players
    else:
        assert t.players == built


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 9), rounds=st.integers(1, 4), seed=st.integers(0, 50), robin=st.booleans(),
       edits=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 3),
                                st.sampled_from(["drop", "colour", "code", "kind", "round", "self", "opponent",
                                                 "reorder"])),
                      max_size=3))
def test_built_players_equal_the_one_by_one_build(players, rounds, seed, robin, edits):
    """Packed or not, the players built from columns are those built one game at a time."""
    t = round_robin(players, seed=seed) if robin else swiss(players, rounds, seed=seed, byes=0.2, forfeits=0.1)
    doc = json.loads(json_model.write(t))
    for who, rnd, edit in edits:  # valid documents that are not all clean cells
        p = doc["players"][who % len(doc["players"])]
        if not p["games"]:
            continue
        g = p["games"][rnd % len(p["games"])]
        if edit == "drop":
            p["games"].pop()
        elif edit == "colour":
            g["colour"] = "w"
        elif edit == "code":
            g["code"] = " "
        elif edit == "kind":
            g["kind"] = "half_bye"
        elif edit == "round":
            g["round"] = 40
        elif edit == "self":
            g["opponent"] = p["start_rank"]
        elif edit == "reorder":  # the same game with its keys in another order
            p["games"][rnd % len(p["games"])] = {"opponent": g["opponent"], "round": g["round"], **g}
        else:
            g["opponent"] = None
    assert json_model.validate(doc) == []
    built = json_model.from_dict(doc)
    assert built.players == [json_model._player(p) for p in doc["players"]]
    cols = json_bulk.columns(doc["players"], list(json_model.schema()["$defs"]["player"]["properties"]))
    assert cols is not None


def test_games_with_their_keys_in_another_order_are_read_as_written():
    """The columns are cut from the games' values in the order trfscore writes the keys; a game
    written in another order (valid JSON, valid to the schema) must not shift its values."""
    doc = json.loads(json_model.write(swiss(6, 3, seed=1)))
    first = doc["players"][0]["games"]
    i = next(i for i, g in enumerate(first) if g["opponent"] is not None)
    first[i] = {"opponent": first[i]["opponent"], "round": first[i]["round"], **first[i]}
    doc["players"][1]["games"][0]["code"] = " "  # and no packed block: the rounds are not checked in order
    assert json_model.validate(doc) == []
    assert json_model.from_dict(doc).players == [json_model._player(p) for p in doc["players"]]


@pytest.mark.parametrize("json_players", JSON_SIZES, indirect=True)
def test_load_reads_a_large_document_from_a_file(tmp_path, json_players):
    path = tmp_path / "doc.json"
    path.write_text(big_doc_text(json_players), encoding="utf-8")
    t = trfscore.load(path)
    assert len(t.players) == json_players and not t.findings
    assert all(p.packed is not None for p in t.players)
