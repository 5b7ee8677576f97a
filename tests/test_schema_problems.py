"""Schema errors people can act on: each says where (a JSON Pointer), what was
expected and what was found, on one short line."""
from __future__ import annotations

import copy
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.formats import json_schema, json_write
from trfscore.testing import generate

#: "where: expected ..., found ..."; a JSON Pointer's keys are data and may hold spaces ("/national/ ").
LINE = re.compile(r"^(\(document root\)|(/[^/]*)+): expected .+, found .+$")


@pytest.fixture(scope="module")
def good() -> dict:
    return trfscore.loads(generate.to_trf(generate.swiss(6, 3, seed=2))).to_dict()


def messages(doc) -> list[str]:
    t = trfscore.Tournament.from_dict(doc)
    assert t.findings and all(f.rule == "JSON002" for f in t.findings)
    return [f.message for f in t.findings]


@pytest.mark.parametrize("change, want", [
    (lambda d: d["players"][0].update(rating="2100"),
     '/players/0/rating: expected an integer or null, found the string "2100"'),
    (lambda d: d["players"][2]["games"][1].update(kind="won"),
     '/players/2/games/1/kind: expected one of "win", "draw", '),
    (lambda d: d["header"].update(start_date=20260401),
     "/header/start_date: expected a string or null, found the integer 20260401"),
    (lambda d: d["scoring"]["values"].update(W="1"),
     '/scoring/values/W: expected a number, found the string "1"'),
    (lambda d: d.update(rounds=-1), "/rounds: expected an integer >= 0, found the integer -1"),
    (lambda d: d.update(players={"a": 1}), "/players: expected an array, found an object with keys a"),
    (lambda d: d.update(bogus=True), "(document root): expected only the properties "),
    (lambda d: d["players"][1].pop("start_rank"), "/players/1: expected the properties start_rank, found an object"),
    (lambda d: d["players"][0].update(points="3/2"), '/players/0/points: expected a number or null, found the string'),
])
def test_each_problem_names_where_what_was_expected_and_what_was_found(good, change, want):
    doc = copy.deepcopy(good)
    change(doc)
    found = messages(doc)
    assert any(m.startswith(want) for m in found), found
    for m in found:
        assert LINE.match(m) and "\n" not in m and len(m) < 400, m


def test_a_document_that_is_no_object_says_so():
    assert messages([1, 2]) == ["(document root): expected an object, found an array of 2 items"]


@pytest.mark.parametrize("players", [pytest.param(1700, marks=pytest.mark.slow), 60])
def test_a_large_document_says_it_the_same_way(players):
    """A problem far into a large document is said as in a small one."""
    text = json_write.write(trfscore.loads(generate.to_trf(generate.swiss(players, 13, seed=4))))
    late = [players - 200, players - 100, players - 50] if players > 1000 else [players - 15, players - 10, players - 5]
    for change, want in [
        (lambda d: d["players"][late[0]]["games"][12].update(kind="bogus"),
         f'/players/{late[0]}/games/12/kind: expected one of "win", "draw", '),
        (lambda d: d["players"][late[1]].update(rating="x"),
         f'/players/{late[1]}/rating: expected an integer or null, found the string "x"'),
        (lambda d: d["players"][late[2]]["games"][0].update(round=0),
         f"/players/{late[2]}/games/0/round: expected an integer >= 1, found the integer 0"),
    ]:
        bad = json.loads(text)  # a fresh copy, in a third of deepcopy's time
        change(bad)
        found = [f"{where}: {message}" for message, where in json_schema.validate(bad)]
        assert found and found[0].startswith(want), found[:2]
        assert all(LINE.match(m) for m in found), found[:3]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["start_rank", "name", "rating", "points", "rank", "games", "national", "sex"]),
       st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=50) | st.lists(st.integers(), max_size=3)
       | st.dictionaries(st.text(max_size=3), st.integers(), max_size=3))
def test_any_wrong_player_field_gives_one_line_per_problem(key, value):
    doc = trfscore.loads(generate.to_trf(generate.swiss(4, 2, seed=1))).to_dict()
    doc["players"][1][key] = value
    problems = json_schema.validate(doc)
    for message, where in problems:
        line = f"{where}: {message}"
        assert LINE.match(line) and "\n" not in line and len(line) < 400, line
        assert where.startswith("/players/1"), line
