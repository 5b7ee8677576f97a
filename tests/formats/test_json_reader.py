"""The JSON reader (formats/json_read.py, formats/json_schema.py): every document, of any size
and layout, validated by the published schema; a defect is one finding per problem, said the
same way wherever it is and however large the document; a valid document gives back its players
and games exactly."""
from __future__ import annotations

import json

import jsonschema
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.formats import json_read, json_schema, json_text, json_write
from trfscore.model import Game
from trfscore.testing.generate import round_robin, swiss, to_trf


def layout(doc: dict, how: str) -> str:
    """``doc`` as JSON text: as trfscore writes it (a player a line), with the players first,
    compact (no line break at all) or indented (a player over many lines)."""
    if how == "written":
        return json_text.dumps(doc, "players")
    if how == "players first" and isinstance(doc.get("players"), list):
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
    return json.loads(json_write.write(t))


VALUES = (st.none() | st.booleans() | st.integers(-2, 3000) | st.sampled_from([1.0, 2.5, 1e400, -1e7])
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


def reference_valid(doc: object) -> bool:
    """The verdict of the reference implementation of JSON Schema (the ``jsonschema`` package)
    on the published schema's tournament document."""
    root = {**json_schema.schema(), "$ref": "#/$defs/tournamentDocument"}
    root.pop("oneOf")
    return jsonschema.Draft202012Validator(root).is_valid(doc)


def read_games(doc: dict) -> list[list[Game]]:
    """The games a valid document gives each player: each game in its place in the list."""
    return [[Game(place, g["opponent"], g["colour"], g["code"], g["kind"]) for place, g in enumerate(p["games"], 1)]
            for p in doc["players"]]


def test_game_keys_are_the_models_fields():
    game = json_schema.schema()["$defs"]["game"]
    assert set(game["required"]) == set(game["properties"]) == set(Game._fields)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(players=6, rounds=3, seed=1, robin=False, records=False, how="players first", where="document", index=0,
         key="exact", value={"/players/0/points": "1/3"}, remove=False, change="none", at=0, char=",")
@example(players=5, rounds=3, seed=2, robin=False, records=True, how="written", where="game", index=3, key="round",
         value=7, remove=False, change="none", at=0, char=",")
@example(players=5, rounds=3, seed=2, robin=False, records=True, how="written", where="record", index=3, key="text",
         value="a\nb", remove=False, change="none", at=0, char=",")
@example(players=5, rounds=3, seed=2, robin=False, records=True, how="written", where="player", index=0, key="name",
         value=None, remove=True, change="insert", at=-4, char=",")
@given(players=st.integers(1, 9), rounds=st.integers(1, 4), seed=st.integers(0, 50), robin=st.booleans(),
       records=st.booleans(), how=st.sampled_from(LAYOUTS),
       where=st.sampled_from(["none", "player", "game", "record", "document"]), index=st.integers(0, 40),
       key=st.sampled_from(KEYS), value=VALUES, remove=st.booleans(),
       change=st.sampled_from(["none", "none", "delete", "insert", "cut", "twice"]), at=st.integers(-60, 10 ** 6),
       char=st.sampled_from(list(',:[]{}"\n 0-.e\\') + ["\ud800", "\\ud800"]))
def test_any_document_is_read_or_refused_with_findings(players, rounds, seed, robin, records, how, where, index, key,
                                                      value, remove, change, at, char):
    """Any edit of any document in any layout: no exception; refused (JSON001/JSON002, no players)
    exactly when the text is no JSON, the reference validator refuses it or a source record
    holds a line break; a valid document gives back its games, each in its place."""
    doc = document(players, rounds, seed, robin, records)
    edit(doc, where, index, key, value, remove)
    try:
        text = layout(doc, how)
    except (ValueError, TypeError):  # a value JSON cannot hold
        return
    text = mutate(text, change, at, char)
    t = json_read.read(text, trfscore.Tournament)
    for f in t.findings:
        assert f.rule.startswith(("JSON", "TRF", "CTB", "PGN")) and "\n" not in f.message
    try:
        decoded = json.loads(text)
    except (ValueError, RecursionError):
        assert [f.rule for f in t.findings] == ["JSON001"] and not t.players
        return
    refused = [f for f in t.findings if f.rule in ("JSON001", "JSON002")]
    if not reference_valid(decoded):
        assert refused and {f.rule for f in t.findings} == {"JSON002"} and not t.players
    elif refused:  # valid to the schema: a line break in a record, or a score trfscore cannot compute with
        assert not t.players and ("line break" in refused[0].message or "score" in refused[0].message), refused
    elif "\\ud" not in text.lower():  # (lone surrogates are replaced: JSON003)
        assert [p.games for p in t.players] == read_games(json_read._with_exact_values(decoded))


@pytest.mark.parametrize("size", [9, pytest.param(1200, marks=pytest.mark.slow), 300])
@pytest.mark.parametrize("change, place", [
    (lambda d: d["players"][-1]["games"][-1].update(kind="bogus"), "/players/{last}/games/8/kind"),
    (lambda d: d["players"][-1].update(rating=-5.5), "/players/{last}/rating"),
    (lambda d: d["players"][-1].update(national={"GER": {"federation": 5}}), "/players/{last}/national/GER"),
    (lambda d: d["source"]["records"][-1].update(eol=["x"]), "/source/records/{records}/eol"),
    (lambda d: d["players"][-1]["games"][0].update(round=0), "/players/{last}/games/0/round"),
])
def test_a_defect_gets_the_same_finding_at_every_size(size, change, place):
    """The verdict and its words do not depend on the document's size (a document was once
    accepted small and refused large, or said differently past a sample)."""
    doc = json.loads(json_write.write(trfscore.loads(to_trf(swiss(size, 9, seed=3)))))
    change(doc)
    t = json_read.read(json.dumps(doc), trfscore.Tournament)
    where = place.format(last=size - 1, records=len(doc["source"]["records"]) - 1)
    assert t.findings and all(f.rule == "JSON002" for f in t.findings) and not t.players
    assert t.findings[0].message.startswith(where + ": expected "), t.findings[0].message
    small = json.loads(json_write.write(trfscore.loads(to_trf(swiss(9, 9, seed=3)))))
    change(small)
    said = json_read.read(json.dumps(small), trfscore.Tournament).findings[0].message
    assert said.split(": ", 1)[1] == t.findings[0].message.split(": ", 1)[1]


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 9), rounds=st.integers(1, 4), seed=st.integers(0, 50), robin=st.booleans(),
       edits=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 3),
                                st.sampled_from(["drop", "colour", "code", "kind", "round", "self", "opponent",
                                                 "reorder"])),
                      max_size=3))
def test_a_valid_document_gives_back_its_games(players, rounds, seed, robin, edits):
    """Packed or not (cells a TRF reader would not give), the players' games are the document's."""
    t = round_robin(players, seed=seed) if robin else swiss(players, rounds, seed=seed, byes=0.2, forfeits=0.1)
    doc = json.loads(json_write.write(t))
    for who, rnd, change in edits:  # valid documents that are not all clean cells
        p = doc["players"][who % len(doc["players"])]
        if not p["games"]:
            continue
        g = p["games"][rnd % len(p["games"])]
        if change == "drop":
            p["games"].pop()
        elif change == "colour":
            g["colour"] = "w"
        elif change == "code":
            g["code"] = " "
        elif change == "kind":
            g["kind"] = "half_bye"
        elif change == "round":
            g["round"] = 40
        elif change == "self":
            g["opponent"] = p["start_rank"]
        elif change == "reorder":  # the same game with its keys in another order
            p["games"][rnd % len(p["games"])] = {"opponent": g["opponent"], "round": g["round"], **g}
        else:
            g["opponent"] = None
    assert json_schema.validate(doc) == []
    built = json_read.from_document(doc, trfscore.Tournament)
    assert [p.games for p in built.players] == read_games(doc)
    assert [p.name for p in built.players] == [p["name"] for p in doc["players"]]


def test_games_with_their_keys_in_another_order_are_read_as_written():
    """The columns are cut from the games' values in the order trfscore writes the keys; a game
    written in another order (valid JSON, valid to the schema) must not shift its values."""
    doc = json.loads(json_write.write(swiss(6, 3, seed=1)))
    first = doc["players"][0]["games"]
    i = next(i for i, g in enumerate(first) if g["opponent"] is not None)
    first[i] = {"opponent": first[i]["opponent"], "round": first[i]["round"], **first[i]}
    doc["players"][1]["games"][0]["code"] = " "  # and an odd cell (a blank code on a game), kept under its own key
    assert json_schema.validate(doc) == []
    assert [p.games for p in json_read.from_document(doc, trfscore.Tournament).players] == read_games(doc)


@pytest.mark.parametrize("players", [pytest.param(1700, marks=pytest.mark.slow), 60])
def test_load_reads_a_large_document_from_a_file(tmp_path, players):
    t = swiss(players, 13, seed=5, forfeits=0.03, byes=0.03, withdrawals=0.05)
    path = tmp_path / "doc.json"
    path.write_text(json_write.write(trfscore.loads(to_trf(t))), encoding="utf-8")
    got = trfscore.load(path)
    assert len(got.players) == players and not got.findings
    assert json_write.write(got) == path.read_text(encoding="utf-8")


def test_problems_are_capped():
    """A document with a defect in every game gives at most SHOWN_PROBLEMS findings."""
    doc = json.loads(json_write.write(swiss(40, 5, seed=2)))
    for p in doc["players"]:
        for g in p["games"]:
            g["colour"] = "x"
    t = json_read.read(json.dumps(doc), trfscore.Tournament)
    assert len(t.findings) == json_schema.SHOWN_PROBLEMS and {f.rule for f in t.findings} == {"JSON002"}


def test_a_wrong_property_name_is_named():
    """``propertyNames``: the finding shows the name that is not allowed, not the whole object."""
    doc = json.loads(json_write.write(swiss(6, 3, seed=2)))
    doc["scoring"]["values"]["1"] = 0.5
    t = json_read.read(json.dumps(doc), trfscore.Tournament)
    assert [f.message for f in t.findings] == [
        '/scoring/values: expected one of "W", "D", "L", "A", "P", "X", found the string "1"']


def test_the_players_can_be_checked_a_block_at_a_time():
    """The reader checks a document's players a block at a time against the schema's players
    definition (json_schema.PLAYERS): right only while that is an array of independent items and
    no keyword of the tournament document looks at the players beside the rest."""
    document_kind = json_schema.schema()["$defs"]["tournamentDocument"]
    assert set(document_kind) == {"type", "required", "additionalProperties", "properties"}
    assert document_kind["properties"]["players"] == {"type": "array", "items": {"$ref": "#/$defs/player"}}
    assert json_schema.PLAYERS == "tournamentDocument/properties/players"


@pytest.mark.parametrize("block", [1, 2, 5])
def test_the_block_size_changes_nothing_read(monkeypatch, block):
    """The reader decodes and checks the players json_players.BLOCK at a time (64): any block
    size gives the same players, games, JSON006 place and findings (their JSON Pointers
    included) as one block holding every player."""
    from trfscore.formats import json_players

    valid = json.loads(json_write.write(swiss(9, 4, seed=2, byes=0.2, forfeits=0.1)))
    misplaced = json.loads(json.dumps(valid))
    misplaced["players"][6]["games"][2]["round"] = 9  # JSON006 names player 6, past the first blocks
    mixed = json.loads(json.dumps(valid))
    mixed["players"][7]["games"][0]["code"] = " "  # one odd cell (a blank code on a game)
    invalid = json.loads(json.dumps(valid))
    invalid["header"]["name"] = 5
    for i in (1, 4, 8):
        invalid["players"][i]["rating"] = "x"
    invalid["players"][5]["games"][1]["kind"] = "bogus"

    def read(doc: dict) -> tuple:
        t = json_read.read(json.dumps(doc), trfscore.Tournament)
        return [f.to_dict() for f in t.findings], [(p.start_rank, p.name, p.rating, p.games) for p in t.players]

    documents = (valid, misplaced, mixed, invalid)
    monkeypatch.setattr(json_players, "BLOCK", 10 ** 6)
    whole = [read(doc) for doc in documents]
    monkeypatch.setattr(json_players, "BLOCK", block)
    assert [read(doc) for doc in documents] == whole
    assert len(whole[0][1]) == 9 and not whole[0][0]
    assert "/players/6/games/2/round" in whole[1][0][0]["message"]
    assert [f["message"].split(":")[0] for f in whole[3][0]] == [
        "/header/name", "/players/1/rating", "/players/4/rating", "/players/5/games/1/kind", "/players/8/rating"]
