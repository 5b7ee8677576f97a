"""Writers refuse instead of shifting (issue 24): a value wider than its TRF field, or a number
that is no whole number where the field holds one, stops ``convert`` with TRF960 (exit 1,
nothing written); not-rated games are said to be lost in a crosstable.  Files written here."""
from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from conftest import ROOT, run_cli
from trfscore.formats.trf.fits import misfits
from trfscore.formats.trf.layout import PLAYER

SWISS = """012 Fits
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.0    1     2 w W
001    2 m    Player0002, Test                  1700 GER      100002 1990/01/01  0.0    2     1 b L
"""


def _document(capsys, tmp_path) -> dict:
    path = tmp_path / "fits.trf"
    path.write_text(SWISS, encoding="utf-8")
    code, out, _ = run_cli(capsys, "convert", path, "--to", "json")
    assert code == 0
    return json.loads(out)


def test_a_value_wider_than_its_field_is_refused(capsys, tmp_path):
    doc = _document(capsys, tmp_path)
    doc["players"][0]["rating"] = 12345
    doc["players"][1]["rank"] = 99999
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for target in ("trf16", "trf26"):
        code, out, err = run_cli(capsys, "convert", path, "--to", target)
        assert (code, out) == (1, "") and err.count("TRF960") == 2, target
        assert "rating '12345' is 5 characters wide" in err


def test_a_whole_number_written_as_a_float_is_refused(capsys, tmp_path):
    doc = _document(capsys, tmp_path)
    doc["players"][0]["rating"] = 2.0
    path = tmp_path / "float.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "trf16")
    assert (code, out) == (1, "") and "rating 2.0 is not a whole number" in err


def test_values_that_fit_are_written(capsys, tmp_path):
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(_document(capsys, tmp_path)), encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "trf16")
    assert code == 0 and "TRF960" not in err and "1800" in out


def test_not_rated_games_lost_in_a_crosstable_are_said(capsys, tmp_path):
    path = tmp_path / "fits.trf"
    path.write_text(SWISS, encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "crosstable")
    assert code == 0 and "2 cell(s) of not-rated games" in err


def test_a_text_wider_than_its_field_is_refused_as_one_that_would_be_cut(capsys, tmp_path):
    """A name is cut to its 33 columns by the writer's template (text is, numbers are not): the
    finding says so instead of a shift that would not happen."""
    doc = _document(capsys, tmp_path)
    name = next(f for f in PLAYER.fields if f.name == "name")
    doc["players"][0]["name"] = "N" * (name.width + 1)
    doc["players"][1]["rating"] = 12345
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "trf16")
    assert (code, out) == (1, "") and f"is {name.width + 1} characters wide" in err
    hints = [f.hint for f in misfits(trfscore.load(path))]
    assert hints == [f"shorten it: written, it would be cut to {name.width} characters",
                     "correct the value: written, it would shift every later column"]


def test_the_library_refuses_too_where_it_writes_a_trf_afresh(tmp_path):
    """trfscore.dumps/dump to a TRF written afresh (trf16, trf26, or trf of a tournament not read
    from a TRF) raise instead of shifting columns; the file asked for is not written."""
    from trfscore.formats.trf.fits import Misfits
    from trfscore.testing.generate import swiss

    t = swiss(3, 1, seed=1)
    t.players[0].rating = 12345
    for version in ("trf16", "trf26", "trf"):
        try:
            trfscore.dumps(t, version)
        except Misfits as exc:
            assert [f.rule for f in exc.findings] == ["TRF960"] and "rating '12345'" in str(exc)
        else:
            raise AssertionError(f"{version}: written")
    target = tmp_path / "out.trf"
    try:
        trfscore.dump(t, target)
    except ValueError:
        pass
    assert not target.exists()
    t.players[0].rating = 2345
    assert trfscore.loads(trfscore.dumps(t, "trf16")).players[0].rating == 2345


def test_misfits_are_capped_as_every_finding_is(capsys, tmp_path):
    """Over MAX_PER_RULE values that do not fit: that many TRF960 findings and one TRF001 note
    counting the rest (findings.CappedFindings), all printed by ``convert``, the headline counting
    every value."""
    from trfscore.findings import MAX_PER_RULE, LeftOut
    from trfscore.testing.generate import swiss

    extra = 3
    t = swiss(MAX_PER_RULE + extra, 1, seed=1)
    for p in t.players:
        p.rating = 12345
    found = misfits(t)
    assert [f.rule for f in found] == ["TRF960"] * MAX_PER_RULE + ["TRF001"]
    assert isinstance(found[-1], LeftOut) and (found[-1].of, found[-1].count) == ("TRF960", extra)
    path = tmp_path / "wide.json"
    path.write_text(trfscore.dumps(t, "json"), encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "trf16")
    assert (code, out) == (1, "")
    assert f": {MAX_PER_RULE + extra} value(s) do not fit their TRF columns" in err.splitlines()[0]
    assert err.count(" error TRF960 ") == MAX_PER_RULE
    assert f"TRF001 {extra} more TRF960 finding(s) left out" in err


def _wide_totals() -> tuple[trfscore.Tournament, list[tuple[trfscore.model.Player, str]]]:
    """swiss-trf26.trf scored with a win worth 3 and a draw worth 1.25 (record 162), no points
    declared, and the players whose totals do not fit columns 81-84, each with the total as TRF
    writes it (quarters with two decimals: 10 points or more take five characters)."""
    from fractions import Fraction

    from conftest import ROOT

    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.scoring.values.update(W=Fraction(3), D=Fraction(5, 4))
    t.players = [replace(p, points=None, rank=None) for p in t.players]
    texts = [(p, f"{float(t.score(p)):.{2 if t.score(p).denominator == 4 else 1}f}") for p in t.players]
    points = next(f for f in PLAYER.fields if f.name == "points")
    wide = [(p, text) for p, text in texts if len(text) > points.width]
    assert wide and len(wide) < len(t.players)  # (some fit: only the wide ones are named)
    return t, wide


def test_a_computed_total_wider_than_the_points_field_is_refused(capsys, tmp_path):
    """A total the writer computes (no points declared) is measured like a declared value: ``convert``
    writes nothing and names each player, the total and the columns (TRF960), instead of a file
    whose later columns are shifted."""
    t, wide = _wide_totals()
    path = tmp_path / "quarters.json"
    path.write_text(trfscore.dumps(t, "json"), encoding="utf-8")
    for target in ("trf16", "trf26"):
        code, out, err = run_cli(capsys, "convert", path, "--to", target)
        assert (code, out) == (1, ""), target
        assert err.count(" error TRF960 ") == len(wide) and "CNV002" not in err
        p, text = wide[0]
        assert (f"player {p.start_rank} ({p.name}): the sum of the results, {text}, is {len(text)} characters wide; "
                "the TRF points field (001 columns 81-84) has 4") in err


def test_the_library_refuses_a_computed_total_too_wide_whichever_trf_writer(tmp_path):
    """trfscore.dumps raises Misfits (not ConversionLoss, after writing) for TRF16 and TRF26 written
    afresh and for a TRF read whose lines are written anew (its points changed)."""
    from trfscore.formats.trf.fits import Misfits

    t, wide = _wide_totals()
    assert t.source.format == "trf"
    for version in ("trf16", "trf26", "trf"):
        try:
            trfscore.dumps(t, version)
        except Misfits as exc:
            assert [f.text for f in exc.findings] == [text for _, text in wide], version
        else:
            raise AssertionError(f"{version}: written")
    t.scoring.values["D"] = t.scoring.values["W"] / 2  # halves: every total fits again
    assert trfscore.loads(trfscore.dumps(t, "trf26")).players[0].points == t.score(t.players[0])


@settings(max_examples=25, deadline=None)
@given(win=st.integers(1, 4), draw_quarters=st.integers(0, 16), rounds=st.integers(1, 9), seed=st.integers(0, 99))
def test_a_trf_written_afresh_holds_every_total_or_is_refused(win, draw_quarters, rounds, seed):
    """Whatever the scoring (a win worth 1-4, a draw worth any quarter up to 4): TRF26 written
    afresh either reads back with every player's total, or is refused with one TRF960 finding per
    player whose total, as TRF writes it, is wider than columns 81-84."""
    from fractions import Fraction

    from trfscore.decimals import trf_points
    from trfscore.formats.trf.fits import Misfits
    from trfscore.testing.generate import swiss

    t = swiss(8, rounds, seed=seed)
    t.scoring.values.update(W=Fraction(win), D=Fraction(draw_quarters, 4))
    t.players = [replace(p, points=None, rank=None) for p in t.players]
    totals = {p.start_rank: t.score(p) for p in t.players}
    points = next(f for f in PLAYER.fields if f.name == "points")
    wide = [sr for sr, v in totals.items() if len(trf_points(v)) > points.width]
    try:
        back = trfscore.loads(trfscore.dumps(t, "trf26"))
    except Misfits as exc:
        assert [f.text for f in exc.findings] == [trf_points(totals[sr]) for sr in wide] and wide
    else:
        assert not wide and {p.start_rank: p.points for p in back.players} == totals


def test_a_name_holding_a_line_break_stays_on_its_record_line():
    """Every character str.splitlines breaks at (``\\n``, ``\\r``, NEL, the Unicode line and
    paragraph separators) is written as a blank: each 001 record stays one line, read back as
    the same two players."""
    t = trfscore.loads(SWISS)
    for version in ("trf16", "trf26"):
        for brk in ("\n", "\r", "\x85", "\u2028", "\u2029"):
            t.players[0].name = f"Player0001{brk}001    9 m    Ghost"
            text = trfscore.dumps(t, version, fail_on=None)
            assert len(text.splitlines()) == text.count("\n"), (version, repr(brk))
            assert [p.name for p in trfscore.loads(text).players] == ["Player0001 001    9 m    Ghost",
                                                                       "Player0002, Test"]


def test_a_team_number_too_wide_for_310_is_refused_not_shifted(capsys, tmp_path):
    """A 310 record's team number has columns 5-7: team 1000 (from JSON) written would read back as
    team 100 without members; TRF26 refuses it (TRF960), TRF16 (013, no number) writes the team."""
    doc = json.loads(trfscore.dumps(trfscore.load(ROOT / "tests" / "data" / "tv10-team-swiss.trf"), "json",
                                    fail_on=None))
    doc["teams"][0]["number"] = 1000
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "trf26")
    assert code == 1 and out == "" and "TRF960" in err
    assert "team 1000 (Antelopes): number 1000 is 4 characters wide; its TRF field (310 columns 5-7) has 3" in err
    code, out, _ = run_cli(capsys, "convert", path, "--to", "trf16")
    assert code == 0
    assert [(team.name, team.members) for team in trfscore.loads(out).teams] == \
        [(team["name"], team["members"]) for team in doc["teams"]]


def _with_records(capsys, tmp_path, records: list[dict]) -> dict:
    """The two-player document with these typed records (TRF(x)/TRF26 lines given in JSON alone)."""
    doc = _document(capsys, tmp_path)
    doc["records"] = records
    return doc


def test_a_record_naming_an_id_above_9999_is_refused_not_shifted(capsys, tmp_path):
    """A 250 or 260 from JSON naming player 10001 (or an XXA of start rank 12345) would be written
    with its 5 digits in 4 columns, read back as other players (1000, then 1 off the grid): every
    TRF writer refuses with TRF960 instead, naming the record and its field; XXP, whose start
    ranks are separated by blanks, fits any number."""
    records = [{"code": "250", "points": 1, "first_round": 1, "last_round": 2, "first_id": 1, "last_id": 10001},
               {"code": "260", "first_round": 1, "last_round": 3, "ids": [10001, 2]},
               {"code": "240", "type": "H", "round": 2, "ids": [1, 10002]},  # (a text field before the ids)
               {"code": "XXA", "start_rank": 12345, "points": [1]},
               {"code": "XXP", "ids": [10001, 2]}]
    path = tmp_path / "records.json"
    path.write_text(json.dumps(_with_records(capsys, tmp_path, records)), encoding="utf-8")
    for target in ("trf", "trf16", "trf26"):
        code, out, err = run_cli(capsys, "convert", path, "--to", target)
        assert (code, out) == (1, ""), (target, err)
        assert err.count("TRF960") == 4 and "Traceback" not in err, err
        assert "record 240 (byes): ids 10002 is 5 characters wide; its TRF field (240 columns 11-14) has 4" in err
        assert "record 250 (accelerated rounds): last_id 10001 is 5 characters wide; its TRF field (250 columns " \
               "28-31) has 4" in err
        assert "record 260 (prohibited pairings): ids 10001 is 5 characters wide" in err
        assert "record XXA (acceleration of a player): start_rank 12345 is 5 characters wide" in err
    path.write_text(json.dumps(_with_records(capsys, tmp_path, records[4:])), encoding="utf-8")
    code, out, err = run_cli(capsys, "convert", path, "--to", "trf26")
    assert code == 0 and "XXP 10001 2\n" in out


def test_record_misfits_are_capped_as_every_finding_is():
    """Over MAX_PER_RULE records that do not fit: that many TRF960 findings, then one note
    counting the rest (findings.CappedFindings), as for players."""
    from trfscore.findings import MAX_PER_RULE, LeftOut
    from trfscore.formats.trf.fits import record_misfits
    from trfscore.records import ProhibitedPairing

    found = record_misfits([ProhibitedPairing(1, 2, [10000 + i, 1]) for i in range(MAX_PER_RULE + 2)])
    assert [f.rule for f in found] == ["TRF960"] * MAX_PER_RULE + ["TRF001"]
    assert isinstance(found[-1], LeftOut) and (found[-1].of, found[-1].count) == ("TRF960", 2)


def test_a_team_member_too_wide_for_310_is_refused_not_shifted():
    """A 310 (or 013) member's start rank has 4 columns: a member 10001 (from JSON) is refused by
    both TRF writers, named with its team."""
    t = trfscore.load(ROOT / "tests" / "data" / "tv10-team-swiss.trf")
    t.teams[0] = replace(t.teams[0], members=[*t.teams[0].members, 10001])
    for target in ("trf16", "trf26"):
        try:
            trfscore.dumps(t, target, fail_on=None)
        except ValueError as exc:
            assert [f.message for f in exc.findings] == [
                f"team {t.teams[0].number} (Antelopes): members 10001 is 5 characters wide; its TRF field "
                f"({'310 columns 74-77' if target == 'trf26' else '013 columns 37-40'}) has 4"], target
        else:
            raise AssertionError(f"{target}: written")


@settings(max_examples=30, deadline=None)
@given(first=st.integers(0, 99_999), second=st.integers(0, 99_999), points=st.sampled_from([1, 0.5, 12.5, 0.25, 999]))
def test_a_record_is_written_on_its_columns_or_refused(first, second, points):
    """Whatever the numbers of a 260 or 250 from JSON, the TRF written reads back as the same
    record, or the writer refuses (TRF960) exactly when one is wider than its field."""
    doc = json.loads(trfscore.dumps(trfscore.loads(SWISS), "json"))
    doc["records"] = [{"code": "260", "first_round": 1, "last_round": 2, "ids": [first, second]},
                      {"code": "250", "points": points, "first_round": 1, "last_round": 1, "first_id": first,
                       "last_id": second}]
    t = trfscore.loads(json.dumps(doc), "json")
    wide = max(len(str(first)), len(str(second))) > 4 or points == 999  # 999.0: 5 characters in 4
    try:
        text = trfscore.dumps(t, "trf26")
    except ValueError as exc:
        assert wide and "TRF960" in str(exc.findings[0].rule)
        return
    assert not wide
    back = trfscore.loads(text)
    assert [vars(r) | {"line": None} for r in back.records] == [vars(r) for r in t.records]


def test_a_line_kept_is_not_measured_a_line_written_afresh_is():
    """Read then written, an unchanged file gives its bytes back even when a value it holds would
    not fit if formatted afresh (points ``100`` in cols 81-84 formats as ``100.0``, 5 characters:
    the fuzz test's find); once that player changes, its line is written afresh and refused."""
    from trfscore.formats import trf
    from trfscore.formats.trf.fits import Misfits

    data = SWISS.replace(" 1.0    1 ", " 100    1 ").encode()
    t = trfscore.loads(data, "trf")
    assert t.players[0].points == 100
    assert trf.write_bytes(t) == data
    t.players[1].rating = 1701  # another player changed: the kept line is still not measured
    assert trf.write_bytes(t) == data.replace(b"1700", b"1701")
    t.players[0].rating = 1801
    try:
        trf.write_bytes(t)
    except Misfits as exc:
        assert [f.rule for f in exc.findings] == ["TRF960"] and "points '100.0' is 5 characters wide" in str(exc)
    else:
        raise AssertionError("a line written afresh with points too wide was written")
