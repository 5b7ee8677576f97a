"""Nothing lost: TRF -> model -> TRF and TRF -> JSON -> TRF give back the original bytes."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import trfscore
from conftest import LOCAL_CORPUS, SAMPLES, SHARED_CORPUS, corpus_params
from trfscore.formats import json_read, json_schema, json_write, trf
from trfscore.model import Game, Kind
from trfscore.testing.generate import swiss, to_trf

pytestmark = pytest.mark.slow

ALL_FILES = corpus_params(LOCAL_CORPUS + SAMPLES + SHARED_CORPUS)


@pytest.mark.parametrize("path", ALL_FILES)
def test_trf_writes_back_its_own_bytes(path):
    data = path.read_bytes()
    assert trf.write_bytes(trfscore.loads(data)) == data


@pytest.mark.parametrize("path", ALL_FILES)
def test_trf_json_trf_is_byte_exact_and_json_validates(path):
    data = path.read_bytes()
    text = json_write.write(trfscore.loads(data))
    assert json_schema.validate(json.loads(text)) == []
    again = trfscore.loads(text)
    assert trf.write_bytes(again) == data
    # the model itself survives the JSON trip
    first = trfscore.loads(data)
    assert [(p.start_rank, p.name, p.points, p.games) for p in again.players] == \
        [(p.start_rank, p.name, p.points, p.games) for p in first.players]


def test_a_changed_player_is_reformatted_and_the_rest_kept():
    data = to_trf(swiss(10, 3, seed=3)).encode()
    t = trfscore.loads(data)
    t.player(4).name = "Renamed, Player"
    g = t.player(4).games[0]
    out = trf.write_bytes(t).decode()
    changed = [a for a, b in zip(out.splitlines(), data.decode().splitlines()) if a != b]
    assert len(changed) == 1 and "Renamed, Player" in changed[0]
    again = trfscore.loads(out)
    assert again.player(4).name == "Renamed, Player" and again.player(4).games[0] == g
    assert not [f for f in again.findings if f.severity == "error"]


def test_a_player_added_to_the_model_is_written():
    t = trfscore.loads(to_trf(swiss(4, 1, seed=5)))
    p = trfscore.Player(start_rank=5, name="Late, Entry", games=[Game(1, None, None, "Z", Kind.ZERO_BYE)])
    t.players.append(p)
    again = trfscore.loads(trf.write_text(t))
    assert again.player(5).name == "Late, Entry" and again.player(5).games[0].kind == Kind.ZERO_BYE


line_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\t\x0c"), max_size=120)  # text, not binary


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["001 ", "012 ", "132 ", "XXR ", "### ", "", "DDD ", "162 "]), line_text),
                max_size=12),
       st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.sampled_from(["utf-8", "latin-1"]))
def test_any_text_round_trips_byte_exact(lines, eol, final_eol, encoding):
    text = eol.join(prefix + body for prefix, body in lines) + (eol if final_eol and lines else "")
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    t = trfscore.loads(data, "trf")
    assert trf.write_bytes(t) == data
    assert trf.write_bytes(trfscore.loads(json_write.write(t))) == data


def test_large_json_documents_are_validated_cell_by_cell():
    """Every game, player and record of a large document is validated: a defect anywhere is found."""
    t = swiss(1700, 13, seed=4)
    doc = json.loads(json_write.write(trfscore.loads(to_trf(t))))
    assert json_schema.validate(doc) == []
    for mutate, where in [
        (lambda d: d["players"][1500]["games"][12].update(kind="bogus"), "/players/1500/games/12"),
        (lambda d: d["players"][3]["games"][0].update(round=0), "/players/3/games/0"),
        (lambda d: d["players"][1600].update(rating="x"), "/players/1600/rating"),
        (lambda d: d["source"]["records"][1650].update(eol="\t"), "/source/records/1650"),
    ]:
        bad = json.loads(json.dumps(doc))
        mutate(bad)
        problems = json_schema.validate(bad)
        assert problems and problems[0][1].startswith(where), problems
        t2 = json_read.read(json.dumps(bad), trfscore.Tournament)
        assert t2.findings[0].rule == "JSON002" and not t2.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(key="start_rank", value=1.0, remove=False)  # JSON Schema counts 1.0 as an integer
@example(key="rating", value=-1, remove=False)
@given(key=st.sampled_from(["start_rank", "name", "sex", "title", "rating", "federation", "fide_id", "birth",
                            "points", "rank", "line", "national", "games", "extra"]),
       value=st.none() | st.booleans() | st.integers(-3, 3000) | st.floats(allow_nan=False) | st.text(max_size=6)
       | st.sampled_from(["3/2", "-1/2", "x/2"]) | st.dictionaries(st.sampled_from(["GER", "FRA"]), st.fixed_dictionaries(
           {"federation": st.sampled_from(["GER", 5]), "start_rank": st.integers(0, 3) | st.text(max_size=1)}), max_size=1)
       | st.lists(st.integers(), max_size=1),
       remove=st.booleans())
def test_a_late_players_verdict_is_the_reference_validators(big_json_doc, key, value, remove):
    """A player far into a large document is defective exactly when the reference implementation
    of JSON Schema (the ``jsonschema`` package) says so of that player alone."""
    import jsonschema

    doc = json.loads(json.dumps(big_json_doc))
    player = doc["players"][LATE]
    if remove:
        player.pop(key, None)
    else:
        player[key] = value
    one = dict(player, games=player.get("games")[:1] if isinstance(player.get("games"), list) else player.get("games"))
    full = json_schema.schema()
    full.pop("oneOf", None)
    expected = list(jsonschema.Draft202012Validator({**full, "$ref": "#/$defs/player"}).iter_errors(one))
    problems = json_schema.validate(doc)
    assert bool(problems) == bool(expected), (key, value, remove, problems, [e.message for e in expected])
    if problems:
        assert problems[0][1].startswith(f"/players/{LATE}")


LATE = 1607  # a player far into the document


@pytest.fixture(scope="module")
def big_json_doc():
    t = swiss(1700, 13, seed=4)
    return json.loads(json_write.write(trfscore.loads(to_trf(t))))


def test_json_records_with_line_breaks_are_refused():
    doc = json.loads(json_write.write(trfscore.loads(to_trf(swiss(4, 1, seed=1)))))
    doc["source"]["records"][0]["text"] = "012 Name\n062 999"
    t = json_read.read(json.dumps(doc), trfscore.Tournament)
    assert t.findings[0].rule == "JSON002" and "line break" in t.findings[0].message and not t.players


def test_json_lone_surrogates_become_replacement_characters():
    text = json_write.write(trfscore.loads(to_trf(swiss(4, 1, seed=1)))).replace("Player0001", "Pl\\ud800yer")
    t = json_read.read(text, trfscore.Tournament)
    assert t.player(1).name.startswith("Pl\ufffdyer") and t.findings[0].rule == "JSON003"
    trf.write_bytes(t)  # every writer can encode it now


def test_json_scoring_may_name_only_some_symbols():
    doc = json.loads(json_write.write(trfscore.loads(to_trf(swiss(6, 2, seed=1)))))
    doc["scoring"]["values"] = {"W": 3, "D": 1, "L": 0}
    t = json_read.read(json.dumps(doc), trfscore.Tournament)
    assert t.scoring.values["W"] == 3 and t.scoring.values["A"] == 0
    assert t.standings().rows


def test_a_changed_name_with_a_line_break_cannot_inject_a_record():
    t = trfscore.loads(to_trf(swiss(6, 2, seed=2)))
    t.player(1).name = "Evil\n001   99 m    Injected"
    again = trfscore.loads(trf.write_text(t))
    assert len(again.players) == 6 and again.player(99) is None
