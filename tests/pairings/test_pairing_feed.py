"""The checker's input (pairings/feed.py) keeps every 001 column where TRF puts it: its lines are
made by the TRF writer's format_player and measured by the writers' TRF960 check, so a number
too wide for its field (a rating of 12345, a start rank of 10000) refuses the file instead of
shifting every later column; a text too long (a name of 40 characters) is cut to its field.
No checker is needed: the columns of the feed's lines are read as the checker reads them."""
from __future__ import annotations

import importlib.util
import json
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from conftest import ROOT
from tiebreaks.builders import random_swiss
from trfscore.formats.trf.layout import BY_CODE, PLAYER, on_grid
from trfscore.pairings.feed import feed
from trfscore.pairings.system import system_of


def _event(seed: int, players: int, rounds: int, shift: int, rating: int, name: str) -> trfscore.Tournament:
    """A random Swiss whose start ranks are moved up by ``shift`` and whose first player has
    ``rating`` and ``name`` (through JSON, which takes any of them)."""
    doc = json.loads(trfscore.dumps(random_swiss(seed, players, rounds), "json", fail_on=None))
    for p in doc["players"]:
        p["start_rank"] += shift
        for g in p["games"]:
            if g["opponent"] is not None:
                g["opponent"] += shift
    doc["players"][0].update(rating=rating, name=name)
    return trfscore.loads(json.dumps(doc), "json")


def _facts(players: list[trfscore.Player]) -> list[tuple[int, int, list[int | None]]]:
    """What a shifted 001 line would change: start rank, rating, each round's opponent (a
    withdrawn player's rounds after the last one given are written as empty cells)."""
    return [(p.start_rank, p.rating or 0, _trimmed(p.opponent_ranks())) for p in sorted(players, key=lambda p: p.start_rank)]


def _columns(text: str) -> list[tuple[int, int, list[int | None]]]:
    """The same facts read from the fixed columns of the 001 lines of ``text``, as the checker
    reads them (the columns of :data:`trfscore.formats.trf.layout.PLAYER`)."""
    assert PLAYER.block is not None
    opponent = PLAYER.block.field("opponent")
    start, rating = PLAYER.field("start_rank").cut, PLAYER.field("rating").cut

    def number(cell: str) -> int | None:
        return int(cell) if cell.strip() and int(cell) else None

    out = []
    for line in text.split("\n"):
        if line.startswith("001"):
            cells = [line[i:i + opponent.width] for i in range(opponent.start, len(line), PLAYER.block.width)]
            out.append((int(line[start]), number(line[rating]) or 0, _trimmed([number(c) for c in cells])))
    return out


def _trimmed(opponents: list[int | None]) -> list[int | None]:
    while opponents and opponents[-1] is None:
        opponents = opponents[:-1]
    return opponents


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 9), rounds=st.integers(1, 4),
       shift=st.sampled_from([0, 9990, 99_990]), rating=st.integers(0, 120_000),
       name=st.text(st.characters(codec="utf-8"), max_size=45))
def test_the_feed_never_writes_a_shifted_line(seed, players, rounds, shift, rating, name):
    t = _event(seed, players, rounds, shift, rating, name)
    fed = feed(t, system_of(t))
    too_wide = rating > 9999 or shift + players > 9999
    if too_wide:  # refused, naming the writers' rule, and no line written to shift
        assert "TRF960" in fed.refused and fed.text == ""
        return
    assert fed.text.count("\n") == len(fed.text.splitlines())  # one record a line, whatever the name holds
    assert _columns(fed.text) == _facts(t.players)
    back = trfscore.loads(fed.text)
    if name.isprintable() and name == name.strip():  # else its control characters blanked, its ends trimmed
        assert back.player(1 + shift).name == name[:33]  # a text too long is cut to its field (columns 15-47)


def test_a_rating_too_wide_is_refused_not_shifted():
    t = _event(7, 6, 3, 0, 12345, "Wide, Rating")
    fed = feed(t, system_of(t))
    assert fed.text == ""
    assert fed.refused == ("the checker's TRF input cannot hold this file's values (TRF960): player 1 (Wide, Rating): "
                           "rating '12345' is 5 characters wide; its TRF field has 4")
    if importlib.util.find_spec("gacrux") is not None:  # the verdict says the same
        assert t.verify_pairings().refused == fed.refused


def test_a_team_number_too_wide_is_refused_not_shifted():
    """In the team system the checker reads 310 records: team 1000 (from JSON) does not fit columns
    5-7, so the file is not judged and no 310 line is written; the same file with team 999 is fed."""
    doc = json.loads(trfscore.dumps(trfscore.load(ROOT / "tests" / "data" / "tv10-team-swiss.trf"), "json",
                                    fail_on=None))
    for number, refused in ((1000, True), (999, False)):
        doc["teams"][0]["number"] = number
        t = trfscore.loads(json.dumps(doc), "json")
        fed = feed(t, system_of(t))
        assert system_of(t).teams and ("TRF960" in fed.refused) == refused, number
        numbers = [line[4:7] for line in fed.text.splitlines() if line.startswith("310")]
        assert numbers == [] if refused else (f"{number:>3}" in numbers and len(numbers) == len(doc["teams"]))
    assert fed.refused == ""


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 9), rounds=st.integers(1, 4),
       name=st.text(st.sampled_from("Open ä\n\t"), max_size=12), colour=st.sampled_from(["", "w", "b"]),
       draw=st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(5, 4)]))
def test_the_feed_header_lines_are_records_on_their_columns(seed, players, rounds, name, colour, draw):
    """Each header line of the feed is a header record of the layout (a wrong code would be no
    such record) with its value from the column its description gives (``value`` at column 5;
    162 on its grid), and reads back as the values the feed means: the event's name (or a
    stand-in), the players, the rounds, the initial colour, the scoring and the system."""
    t = _event(seed, players, rounds, 0, 1800, "Player, One")
    t.header.name, t.header.initial_colour = name, colour
    t.scoring.values["D"] = draw
    system = system_of(t)
    fed = feed(t, system)
    head = [line for line in fed.text.splitlines() if not line.startswith("001")]
    assert [line[:3] for line in head] == ["012", "062", "142", "152", "162", "192"]
    for line in head:
        record = BY_CODE[line[:3]]
        assert record.kind == "HEADER", line
        if line[:3] == "162":  # symbols and points on their grid
            assert on_grid(record, line), line
        else:  # the code, blanks, the value from its first column to the end of the line
            value = record.field("value")
            assert line[:value.start].rstrip() == record.code and line[value.start] != " ", line
    back = trfscore.loads(fed.text, "trf")
    assert back.header.name == (name.replace("\n", " ").replace("\t", " ").strip() or "trfscore pairing check")
    assert back.header.players_declared == len(t.players)
    assert back.header.rounds_declared == max(t.header.rounds_declared or 0, t.rounds)
    assert back.header.initial_colour.lower() == fed.initial_colour
    assert back.scoring.values["D"] == draw
    assert back.header.system == system.code


def test_a_prohibited_pairing_naming_an_id_above_9999_is_refused_not_shifted():
    """The feed writes XXP (start ranks separated by blanks, any width) as 260, whose ids have 4
    columns: an id of 10001 from JSON refuses the file (TRF960) instead of a 260 line read as
    players 1000 and 1; the same id of 9999 is fed on its columns."""
    doc = json.loads(trfscore.dumps(random_swiss(3, 6, 3), "json", fail_on=None))
    for first, refused in ((10001, True), (9999, False)):
        doc["records"] = [{"code": "XXP", "ids": [first, 2]}]
        t = trfscore.loads(json.dumps(doc), "json")
        fed = feed(t, system_of(t))
        assert ("TRF960" in fed.refused) == refused, fed.refused
        assert [line for line in fed.text.splitlines() if line.startswith("260")] == \
            ([] if refused else [f"260   1   3 {first:>4}    2"])
