"""The TRF record description (formats/trf/layout.py) and what is derived from it."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.checks import context
from trfscore.formats.trf import format_player, layout
from trfscore.formats.trf.bulk import parse_players
from trfscore.formats.trf.grammar import split_records
from trfscore.formats.trf.versions import VERSIONS
from trfscore.model import Game, Kind, Player, Record
from trfscore.records import Bye, TeamForfeit


@pytest.mark.parametrize("record", layout.RECORDS, ids=lambda r: r.code)
def test_fields_are_in_order_and_do_not_overlap(record):
    column = 1 if record.pattern else len(record.code) + 1
    for f in record.fields:
        assert f.first >= column, (record.code, f.name)  # column: the first one not yet taken
        assert f.width >= 1 and f.align in ("left", "right")
        assert f.type in ("text", "char", "int", "score", "date", "codes")
        column = f.last + 1 if not f.step else column
    if record.block is not None:
        assert record.block.first > column


@pytest.mark.parametrize("record", [r for r in layout.RECORDS if r.pattern is None], ids=lambda r: r.code)
def test_the_grammar_classifies_every_described_code(record):
    (rec,) = split_records(f"{record.code} x")
    assert rec.kind == record.kind


def test_nrs_records_are_classified_by_their_pattern():
    (rec,) = split_records("GER    1 m    Doe, Jane")
    assert rec.kind == layout.NATIONAL.kind


def test_dialect_comes_from_the_editions():
    assert layout.dialect({"012", "001"}) == "TRF16"
    assert layout.dialect({"012", "001", "142"}) == "TRF26"
    assert layout.dialect({"012", "001", "XXR"}) == "TRF(x)"
    assert layout.dialect({"001", "BBW"}) == "TRF(x)"
    assert {"240", "250", "260", "299", "300", "310", "320", "330", "801", "802"} <= layout.TRF26_CODES
    assert not {"001", "012", "013", "132", "###"} & layout.TRF26_CODES


def test_check_columns_are_the_description():
    fields = {f.name: f.first for f in layout.PLAYER.fields}
    assert (context.COL_START_RANK, context.COL_NAME, context.COL_RATING, context.COL_POINTS, context.COL_RANK) == (
        fields["start_rank"], fields["name"], fields["rating"], fields["points"], fields["rank"])
    assert (context.round_col(1), context.colour_col(1), context.result_col(1)) == (92, 97, 99)  # FIDE TRF16/TRF-2026, record 001
    assert context.round_col(3) == 112


_names = st.text(alphabet="abcdefghij ,-", min_size=1, max_size=40).map(str.strip).filter(bool)


@settings(max_examples=100, deadline=None)
@given(name=_names, rating=st.one_of(st.none(), st.integers(1000, 2900)), sno=st.integers(1, 9999),
       rank=st.one_of(st.none(), st.integers(1, 9999)), points=st.integers(0, 40),
       rounds=st.lists(st.tuples(st.integers(1, 9999), st.sampled_from("wb"), st.sampled_from("10=")), max_size=5))
def test_what_format_player_writes_sits_where_the_decoder_reads_it(name, rating, sno, rank, points, rounds):
    kinds = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW}
    games = [Game(i, opp, colour, code, kinds[code]) for i, (opp, colour, code) in enumerate(rounds, 1) if opp != sno]
    games = [g._replace(round=i) for i, g in enumerate(games, 1)]
    p = Player(start_rank=sno, name=name, rating=rating, rank=rank, points=Fraction(points, 2), federation="GER",
               fide_id="12345", birth="1990/01/01", sex="w", title="WFM", games=games)
    line = format_player(p)
    found = []
    (back,) = parse_players([Record("PLAYER", line, "\n", 1)], found.append)
    assert not found, found
    assert (back.start_rank, back.name, back.rating, back.rank, back.points, back.federation, back.fide_id,
            back.birth, back.sex, back.title) == (sno, name[:33].strip(), rating, rank, Fraction(points, 2), "GER",
                                                   "12345", "1990/01/01", "w", "WFM")
    assert back.games == games
    for g in games:  # each cell where the description puts it
        assert line[layout.round_column(g.round) - 1:][:4].strip() == str(g.opponent)
        assert line[layout.round_column(g.round, "result") - 1] == g.code


def test_template_and_cells():
    team = layout.BY_CODE["310"]
    text = layout.template(team).format(number=3, name="Sharks", nickname="SHK", strength="2100", match_points="7.0",
                                        game_points="15.5", rank=2)
    text += layout.cells(team.field("members"), [1, 12, 7])
    for f in team.fields:
        if not f.step:
            assert text[f.cut].strip() == {"number": "3", "name": "Sharks", "nickname": "SHK", "strength": "2100",
                                            "match_points": "7.0", "game_points": "15.5", "rank": "2"}[f.name]
    assert text[73:77] == "   1" and text[78:82] == "  12" and text[83:87] == "   7"


EXTRA_LINES = ["### a comment the writer must keep", "XXA    3  1.0", "BBW  3.0", "801 informative crosstable",
               "0123456789012345678901234567890"]


@pytest.mark.parametrize("version", VERSIONS)
def test_the_fresh_writers_never_drop_a_record_they_read(root, version):
    """Records the model does not hold are carried over verbatim; those it holds are written
    afresh (TRF16 leaves out only the TRF26 headers and NRS records it has no place for)."""
    import trfscore
    from trfscore.formats.trf import versions

    text = (root / "tests" / "data" / "tv10-team-swiss.trf").read_text(encoding="utf-8")
    t = trfscore.loads(text.rstrip("\n") + "\n" + "\n".join(EXTRA_LINES) + "\n")
    out = versions.write(t, version).splitlines()
    for rec in t.source.records:
        described = layout.BY_CODE.get(rec.code)
        if rec.kind in ("", "PLAYER", "TEAM") or (described is not None and described.from_model):
            continue
        assert rec.text in out, f"{version} dropped {rec.text!r}"
    back = trfscore.loads("\n".join(out) + "\n")
    assert {r.code for r in t.records} >= {"240", "320", "330", "XXA"}
    assert [replace(r, line=None) for r in back.records] == [replace(r, line=None) for r in t.records]
    if version == "trf26":
        assert {r.code for r in back.source.records if r.kind} >= {r.code for r in t.source.records if r.kind} - {"013"}


def test_the_schema_names_the_described_record_kinds():
    from trfscore.formats.json_schema import schema

    defs = schema()["$defs"]
    assert defs["record"]["properties"]["kind"]["enum"] == ["", *layout.kinds()]
    team_codes = [r.code for r in layout.RECORDS if r.kind == "TEAM"]
    assert sorted(defs["team"]["properties"]["record"]["enum"]) == sorted([*team_codes, ""])


def test_round_records_decode_by_their_description():
    import trfscore

    t = trfscore.loads("012 x\n240 H   3   12   15\n330 +-   2   1   4\n240 Q   3   12\n")
    assert t.records[:2] == [Bye(type="H", round=3, ids=[12, 15], line=2),
                             TeamForfeit(type="+-", round=2, white=1, black=4, line=3)]
    assert t.records_of(TeamForfeit) == [t.records[1]]
    (bad,) = [f for f in t.findings if f.rule == "TRF702"]
    assert (bad.line, bad.column) == (4, layout.BY_CODE["240"].field("type").first) and "'Q'" in bad.message


def test_single_valued_records_are_the_header_records_of_one_value():
    from trfscore.formats.trf.header import SINGLE_VALUED

    # FIDE TRF16 (Handbook C.04 Annex 2) and TRF-2026 give each of these header records one value
    # for the whole tournament (name, city, federation, start and end date, rounds, initial colour,
    # scoring, starting-rank method, type, tie-break lists, time control, board colours, team
    # scoring): 012, 022, 032, 042, 052, 142, 152, 162, 172, 192, 202/212, 222, 352, 362 appear
    # at most once (062-082 are informative, 112 repeats per deputy arbiter)
    assert SINGLE_VALUED == {"012", "022", "032", "042", "052", "142", "152", "162", "172", "192", "202", "212",
                             "222", "352", "362"}


@pytest.mark.parametrize("record", [r for r in layout.RECORDS if r.kind == "HEADER"], ids=lambda r: r.code)
def test_every_header_record_is_read_into_the_header_attribute_it_names(record):
    """A header record's value goes to the Header attribute of its description, read the way its
    field's type says; the few whose value is more than that have a reader of their own."""
    from trfscore.formats.trf import header
    from trfscore.model import Header

    assert record.code in header._BY_CODE or (
        record.attr and hasattr(Header(), record.attr) and
        ("list" if record.fields[0].step else record.fields[0].type) in header._BY_TYPE)


@pytest.mark.parametrize(("line", "expected", "rules"), [
    ("362 TW 2     TD 1     TL 0", {"TW": 2, "TD": 1, "TL": 0}, []),  # as FIDE's TRF-2026 sample writes it
    ("362 TW  3.0   TD  1.5   TL  0.0", {"TW": 3, "TD": Fraction(3, 2), "TL": 0}, []),  # on the columns
    ("362 TW 3 TD 1 TL 0", {"TW": 3, "TD": 1, "TL": 0}, []),  # off the columns: read as pairs
    ("362 TW x", {}, [("TRF207", 7)]),
])
def test_team_scoring_is_read_on_the_described_columns(line, expected, rules):
    import trfscore

    t = trfscore.loads("012 x\n" + line + "\n")
    assert t.header.team_scoring == expected
    assert [(f.rule, f.column) for f in t.findings if f.rule != "TRF104"] == rules


@pytest.mark.parametrize(("line", "expected", "rules"), [
    # TRF-2026 §2.1: symbols at columns 6, 15, 24, each value in the four columns after it
    ("162  W 3.0    D 1.0    L 0.0", {"W": 3, "D": 1, "L": 0}, []),
    # the D and L pairs one column to the right: the grid's symbol cells 15 and 24 are blank, so
    # the grid alone read 3/½/0 and said nothing; the pairs are read and the layout reported
    ("162  W 3.0     D 1.0     L 0.0", {"W": 3, "D": 1, "L": 0}, [("TRF207", "warning", 5)]),
    ("162  W 3.0     D1.0", {"W": 3, "D": 1, "L": 0}, [("TRF207", "warning", 5)]),  # D under 15-18, a value cell
    ("162  W3.0 D1.0 L0.0", {"W": 3, "D": 1, "L": 0}, [("TRF207", "warning", 5)]),
    ("162  W 3.0    D  x", {"W": 3, "D": Fraction(1, 2), "L": 0}, [("TRF207", "error", 16)]),
])
def test_game_scoring_off_its_columns_is_read_as_pairs_and_reported(line, expected, rules):
    import trfscore

    t = trfscore.loads("012 x\n" + line + "\n")
    assert {k: t.scoring.values[k] for k in expected} == expected
    assert [(f.rule, f.severity, f.column) for f in t.findings if f.rule != "TRF104"] == rules


def test_on_grid_follows_the_description():
    team = layout.BY_CODE["362"]
    assert layout.on_grid(team, "362 TW 2     TD 1     TL 0")
    assert not layout.on_grid(team, "362 TW 3 TD 1 TL 0")
