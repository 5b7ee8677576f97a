"""Typed TRF records (trfscore.records): generated from the record description (formats/trf/layout.py),
read, written back and checked."""
from __future__ import annotations

import json
from dataclasses import fields, replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore import records
from trfscore.formats.json_schema import schema
from trfscore.formats.trf import generate, layout
from trfscore.formats.trf.records import decode_fields
from trfscore.model import Team


def test_records_module_is_generated_from_the_description(root):
    assert (root / "src" / "trfscore" / "records.py").read_text(encoding="utf-8") == generate.classes(), \
        "run python -m trfscore.formats.trf.generate"


def test_schema_record_definitions_are_generated_from_the_description(root):
    text = (root / "src" / "trfscore" / "schema" / "tournament.schema.json").read_text(encoding="utf-8")
    assert text == generate.schema_text(text), "run python -m trfscore.formats.trf.generate"
    defs = schema()["$defs"]
    assert defs["tournamentDocument"]["properties"]["records"]["items"] == {"$ref": "#/$defs/trfRecord"}


@pytest.mark.parametrize("record", list(layout.TYPED.values()), ids=lambda r: r.code)
def test_each_typed_class_has_the_fields_of_its_description(record):
    cls = getattr(records, record.name)
    assert cls.code == record.code
    assert [f.name for f in fields(cls)] == [f.name for f in record.fields] + ["line"]
    assert (record.code in records.CLASSES) == (record.code in layout.PARSED)


def test_team_holds_the_fields_of_013_and_310():
    names = {f.name for f in fields(Team)}
    for code in ("013", "310"):
        assert {f.name for f in layout.BY_CODE[code].fields} <= names


def _value(f: layout.Field) -> st.SearchStrategy:
    """Values that fit field ``f``'s columns (numbers right-aligned, text without edge blanks)."""
    if f.type == "int":
        top = 10 ** min(f.width, 4) - 1
        return st.integers(1, top)
    if f.type == "score":
        whole = 10 ** (f.width - 2) - 1 if f.width > 3 else 9
        return st.integers(0, whole * 2).map(lambda n: Fraction(n, 2)).filter(lambda v: len(layout.score_text(v)) <= f.width)
    if f.choices:
        return st.sampled_from(f.choices)
    return st.text("ABCXYZ0189-+", min_size=1, max_size=f.width)


def _values(record: layout.Record, rounds: int) -> st.SearchStrategy:
    """Values of every field; the positional fields hold ``rounds`` cells each (blank ones
    included), the last round not blank in all of them (a line ends at its last filled column)."""
    parts = {}
    positional = [f for f in record.fields if f.positional]
    for f in record.fields:
        item = _value(f)
        if f.positional:
            blank = "" if f.type in ("text", "char") else None
            parts[f.name] = st.lists(st.one_of(st.just(blank), item), min_size=rounds, max_size=rounds)
        elif f.repeated:
            parts[f.name] = st.lists(item, max_size=6)
        else:
            parts[f.name] = item
    return st.fixed_dictionaries(parts).filter(
        lambda v: not rounds or any(v[f.name][-1] not in ("", None) for f in positional))


@pytest.mark.parametrize("record", list(layout.TYPED.values()), ids=lambda r: r.code)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_what_format_record_writes_decodes_to_the_same_record(record, data):
    rounds = data.draw(st.integers(0, 6)) if any(f.positional for f in record.fields) else 0
    values = data.draw(_values(record, rounds))
    if record.pattern:  # NRS: a federation code in columns 1-3
        values["federation"] = "GER"
    line = layout.format_record(record, values)
    if not record.pattern:
        assert line.startswith(record.code)
    decoded, bad = decode_fields(record, line)
    assert not bad, (line, bad)
    assert decoded == values, line


def test_a_changed_record_is_written_afresh_and_an_unchanged_one_keeps_its_bytes():
    text = "012 x\r\n240 H   3   12   15  \r\n330 +-   2   1   4\r\n"
    t = trfscore.loads(text)
    assert trfscore.dumps(t, format="trf") == text
    t.records[0].ids.append(7)
    t.records.append(records.TeamForfeit(type="--", round=3, white=2, black=5))
    out = trfscore.dumps(t, format="trf")
    assert out == "012 x\r\n240 H   3   12   15    7\r\n330 +-   2   1   4\r\n330 --   3   2   5\r\n"
    assert [replace(r, line=None) for r in trfscore.loads(out).records] == [replace(r, line=None) for r in t.records]


def test_a_document_that_kept_records_in_extras_still_reads():
    doc = trfscore.loads("012 x\n240 H   3   12   15\n").to_dict()
    old = dict(doc, extras={"240": [{"type": "H", "round": 3, "ids": [12, 15], "line": 2}]})
    del old["records"]
    t = trfscore.Tournament.from_dict(old)
    assert t.records == [records.Bye(type="H", round=3, ids=[12, 15], line=2)] and "240" not in t.extras


def _team_event() -> trfscore.Tournament:
    """Five teams of two boards over three rounds, built in code: team 5 has the pairing-allocated
    bye in round 1 (a 320 record), loses to team 1 by forfeit in round 2 (a 330 record; its boards
    forfeited), and team 2 takes a half-point bye in round 3 (a 240 record)."""
    from trfscore import Game, Kind, Player, Tournament
    from trfscore.model import Header

    result = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
    other = {"1": "0", "0": "1", "=": "=", "+": "-"}
    t = Tournament(header=Header(name="Built team event", system="FIDE_TEAM_MP_GP"))
    t.players.extend(Player(i, name=f"Player {i}", rating=2000 + i) for i in range(1, 11))
    t.teams.extend(Team(n, name=f"Team {n}", members=[2 * n - 1, 2 * n]) for n in range(1, 6))
    matches = [[(1, 2, "10"), (3, 4, "=1")], [(1, 5, "++"), (2, 3, "0=")], [(1, 3, "10"), (4, 5, "1=")]]
    for rnd, pairs in enumerate(matches, 1):
        cells = {sr: Game.absent(rnd) for sr in range(1, 11)}
        for a, b, codes in pairs:
            for board, code in enumerate(codes):
                white, black = 2 * a - 1 + board, 2 * b - 1 + board
                white, black = (black, white) if board else (white, black)
                code = other[code] if board else code
                cells[white] = Game(rnd, black, "w", code, result[code])
                cells[black] = Game(rnd, white, "b", other[code] if code != "-" else "+", result[other[code]]
                                    if code != "-" else Kind.FORFEIT_WIN)
        for p in t.players:
            p.games.append(cells[p.start_rank])
    for sr in (9, 10):
        t.players[sr - 1].games[0] = Game(1, None, None, "U", Kind.PAB)
    for sr in (3, 4):
        t.players[sr - 1].games[2] = Game(3, None, None, "H", Kind.HALF_BYE)
    t.records = [records.TeamPairingByes(teams=[5]), records.TeamForfeit(type="+-", round=2, white=1, black=5),
                 records.Bye(type="H", round=3, ids=[2])]
    t.rounds = len(matches)
    return t


def _warnings(text: str) -> list[str]:
    return [f"{f.rule} {f.message}" for f in trfscore.check(trfscore.loads(text)) if f.severity != "info"]


def test_a_team_event_built_in_code_writes_a_trf26_that_passes_check():
    t = _team_event()
    out = trfscore.dumps(t, format="trf26")
    assert "320             5" in out and "330 +-   2   1   5" in out and "240 H   3    2" in out
    assert _warnings(out) == []
    assert _team_points(trfscore.loads(out)) == _team_points(t)
    # team 5's match points: the PAB worth a won match (2 under the 362 defaults of TRF-2026), the
    # forfeited match and the lost one (1.5 - 0.5) worth nothing
    assert _team_points(t)[5][0] == 2 + 0 + 0


def _team_points(t: trfscore.Tournament) -> dict[int, tuple[Fraction, Fraction]]:
    from trfscore.teams.build import build_team_event

    return {line.number: (line.match_points, line.game_points) for line in build_team_event(t).teams}


def test_a_team_file_converted_through_a_document_without_source_lines_passes_check(root):
    """``to_dict(records=False)`` keeps no source lines: the 240/320/330 records are written
    afresh from their objects (the team points a 310 line declares still add up: no TRF605/TRF608)."""
    from trfscore.formats import json_write

    t = trfscore.load(root / "tests" / "data" / "tv10-team-swiss.trf")
    assert {r.code for r in t.records} >= {"240", "320", "330"}
    doc = json_write.to_dict(t, records=False)
    out = trfscore.dumps(trfscore.Tournament.from_dict(doc), format="trf26")
    assert _warnings(out) == []
    assert [replace(r, line=None) for r in trfscore.loads(out).records] == [replace(r, line=None) for r in t.records]


def test_a_team_crosstable_row_is_read_on_the_trf2026_columns():
    """802 (TRF-2026): team 5-7, nickname 9-13, match points 15-20, game points 22-27, then
    13 columns a round from 29: opponent or bye word, colour at 33, points at 35-38, flag at 39."""
    line = "802   3 SHK     19.0   32.5 FPB    4.0    16 w  2.5    11 b  0.0f"
    assert [line[28:31], line[32], line[34:38], line[38]] == ["FPB", " ", " 4.0", " "]
    t = trfscore.loads("012 x\n" + line + "\n")
    (row,) = t.records_of(records.TeamCrosstable)
    assert (row.team, row.nickname, row.match_points, row.game_points) == (3, "SHK", 19, Fraction(65, 2))
    assert row.opponents == ["FPB", "16", "11"] and row.colours == ["", "w", "b"]
    assert row.round_points == [4, Fraction(5, 2), 0] and row.forfeits == ["", "", "f"]
    assert layout.format_record(layout.BY_CODE["802"], vars(row)) == line
    assert trfscore.Tournament.from_dict(t.to_dict()).records == t.records


def test_a_javafo_list_names_each_player_once_to_the_references_check():
    """XXP/XXZ numbers are read token by token (``split`` fields), not also as a fixed cell."""
    text = ("012 x\nXXR 1\n"
            "001    1      A                                                                     1     2 w 1\n"
            "001    2      B                                                                     2     1 b 0\n"
            "XXP 999 2\n")
    found = [f for f in trfscore.check(text) if f.rule == "TRF560"]
    assert [(f.line, f.column, f.text) for f in found] == [(5, 5, "999")], found


@pytest.mark.parametrize("source", ["trf", "json"])
def test_convert_of_a_team_event_to_trf26_passes_check(root, tmp_path, capsys, source):
    """``trfscore convert`` of a team tournament (TRF26 team Swiss with 240/320/330 records, or its
    JSON document) to trf26, then ``trfscore check``: no finding at all."""
    from conftest import run_cli

    event = root / "tests" / "data" / "tv10-team-swiss.trf"
    if source == "json":
        assert run_cli(capsys, "convert", event, "--to", "json", "-o", tmp_path / "event.json")[0] == 0
        event = tmp_path / "event.json"
    assert run_cli(capsys, "convert", event, "--to", "trf26", "-o", tmp_path / "out.trf")[0] == 0
    code, out, _ = run_cli(capsys, "check", tmp_path / "out.trf", "--format", "json")
    assert code == 0 and json.loads(out)["summary"]["warnings"] == 0, out


def test_a_point_assignment_counts_in_the_declared_points_check():
    """A 299 bonus (no type letter) adds to the player's score when ``check`` compares declared
    points with the results (rule TRF510): the declared 2.0 is the win plus the bonus."""
    bonus = layout.format_record(layout.BY_CODE["299"], {"type": "", "points": Fraction(1), "round": 0, "ids": [1]})
    from trfscore import Game, Kind, Player
    from trfscore.formats.trf import format_player

    players = "".join(format_player(p) + "\n" for p in (
        Player(1, name="A", points=Fraction(2), rank=1, games=[Game(1, 2, "w", "1", Kind.WIN)]),
        Player(2, name="B", points=Fraction(0), rank=2, games=[Game(1, 1, "b", "0", Kind.LOSS)])))
    with_bonus = trfscore.check("012 x\n" + players + bonus + "\n")
    without = trfscore.check("012 x\n" + players)
    assert not [f for f in with_bonus if f.rule == "TRF510"]
    assert [f.line for f in without if f.rule == "TRF510"] == [2]


def test_no_code_looks_for_parsed_records_in_extras(root):
    """Parsed records live in ``Tournament.records`` (``records_of``); ``extras`` holds none of them."""
    import re

    codes = "|".join(re.escape(c) for c in layout.PARSED)
    looked_up = re.compile(rf"""extras(?:\.get\(|\[)\s*["'](?:{codes})["']""")
    found = [f"{p.relative_to(root)}:{n}" for p in (root / "src").rglob("*.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if looked_up.search(line)]
    assert found == [], "use t.records_of(<class from trfscore.records>)"


@pytest.mark.parametrize(("record", "message"), [
    ({"code": "240", "type": "H", "round": 3, "ids": "12"}, "/records/0/ids: expected an array"),
    ({"code": "999"}, "/records/0/code: expected one of"),
    ({"type": "H", "round": 3}, "/records/0: expected the properties code"),
])
def test_a_wrong_record_in_a_document_is_a_finding_at_its_pointer(record, message):
    doc = trfscore.loads("012 x\n").to_dict()
    t = trfscore.Tournament.from_dict(dict(doc, records=[record]))
    assert t.records == [] and any(f.rule == "JSON002" and f.message.startswith(message) for f in t.findings), \
        t.findings


def test_bbpairings_scoring_is_read_on_its_described_columns():
    """BB? values sit in columns 5-12 (their description); TRF570 compares them with 162."""
    points = layout.BY_CODE["BBW"].field("points")
    assert (points.first, points.last) == (5, 12)
    t = trfscore.loads("012 x\n162  W 3.0    D 1.0    L 0.0\nBBW  2.0\nBBD  1.0\n")
    assert t.scoring.values["W"] == 2 and t.scoring.values["D"] == 1  # the BB records are read after 162
    found = [f for f in trfscore.check(t) if f.rule == "TRF570"]
    assert [(f.line, f.text) for f in found] == [(3, "2.0")]


@pytest.mark.parametrize("written", ["1e308", "3/2", "1_0", "x"])
def test_team_points_not_written_as_a_decimal_are_a_finding_and_not_read(root, written):
    """A 310 field holds the number as TRF writes numbers (TRF-2026 §3.10: game points in
    columns 62-67, ``17.0``); an exponent or a ratio is no TRF number, so the team's declared
    game points stay unknown (they were once read as 10**308, past the JSON schema's bound)."""
    from trfscore.formats import json_schema, json_write

    lines = (root / "tests" / "data" / "tv10-team-swiss.trf").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("310   2 "))
    lines[at] = lines[at][:61] + written.rjust(6) + lines[at][67:]
    t = trfscore.loads("\n".join(lines) + "\n")
    team = next(x for x in t.teams if x.number == 2)
    assert team.game_points is None
    found = [f for f in t.findings if f.rule == "TRF703"]
    assert [(f.line, f.column, f.text.strip()) for f in found] == [(at + 1, 62, written)]
    assert "game points" in found[0].message
    json_schema.validate(json_write.to_dict(t))


@given(st.from_regex(r"[-+]?(?:[0-9]{1,4}(?:[.,][0-9]{0,2})?|[.,][0-9]{1,2})", fullmatch=True)
       | st.text(alphabet="0123456789.,-+e/_ x", max_size=7))
def test_a_fixed_column_number_is_plain_decimal_digits(text):
    """``parse_number`` reads exactly the decimals TRF writes (point or comma, an optional
    sign, a trailing point), to the value ``Fraction`` gives them, and nothing else."""
    from trfscore.formats.trf.records import parse_number

    plain = text.strip().rstrip(".").replace(",", ".")
    body = plain.lstrip("+-")
    decimal = body != "" and plain.count("-") + plain.count("+") <= 1 and plain[:1] in "+-0123456789." \
        and body.count(".") <= 1 and body.replace(".", "").isdigit()
    assert parse_number(text) == (Fraction(plain) if decimal else None)
