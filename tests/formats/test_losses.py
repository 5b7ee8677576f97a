"""``convert`` says what its target format cannot keep (trfscore.formats.losses, rules CNV001-CNV010):
a finding on standard error, exit 1 when the written file's standings differ (an error)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from test_pgn_unfinished import MID_EVENT

import trfscore
from conftest import ROOT, run_cli
from trfscore.formats import registry
from trfscore.formats.losses import lost
from trfscore.formats.trf.layout import RECORDS
from trfscore.model import Game, Header, Kind, Player
from trfscore.records import NationalRecord
from trfscore.testing import generate

GAME_FORMATS = [f.name for f in registry.FORMATS if f.writable and (f.readable or f.read_by)]


def rules(err: str) -> list[str]:
    """The CNV rules of convert's standard error, one per finding line."""
    return [word for line in err.splitlines() for word in line.split()[2:3] if word.startswith("CNV")]


def three_points_for_a_win() -> str:
    """The TRF26 sample under a 162 of 3 points a win and 1 a draw, its points those the results give."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.scoring.values.update({"W": Fraction(3), "D": Fraction(1)})
    t.players = [replace(p, points=None, rank=None) for p in t.players]
    return trfscore.dumps(t, format="trf26")


def unranked(text: str) -> trfscore.Tournament:
    """The tournament of a generated TRF without its declared ranks (their loss, CNV007, has its own test)."""
    t = trfscore.loads(text)
    t.players = [replace(p, rank=None) for p in t.players]
    return t


def test_not_rated_games_lose_their_mark_in_a_table_only(tmp_path, capsys):
    path = tmp_path / "mid.trf"
    path.write_text(MID_EVENT, encoding="utf-8")
    for fmt in GAME_FORMATS:
        code, _, err = run_cli(capsys, "convert", path, "--to", fmt)
        table = fmt in ("crosstable", "markdown")  # W, D, L: 4 cells of MID_EVENT
        assert code == 0 and rules(err) == (["CNV001"] if table else []), (fmt, err)
        assert ("warning CNV001 4 cell(s) of not-rated games" in err) == table


def test_a_scoring_the_target_cannot_hold_is_an_error(tmp_path, capsys):
    text = three_points_for_a_win()
    path = tmp_path / "football.trf"
    path.write_text(text, encoding="utf-8")
    source = trfscore.loads(text)
    for fmt in GAME_FORMATS:
        code, out, err = run_cli(capsys, "convert", path, "--to", fmt)
        back = trfscore.loads(out)
        differ = sorted(map(back.score, back.players)) != sorted(map(source.score, source.players))
        assert differ == (fmt in ("trf16", "pgn", "crosstable", "markdown")), fmt  # no 162 to write it in
        assert code == int(differ) and rules(err) == (["CNV002"] if differ else []) + beside(fmt), (fmt, err)
        if differ:
            assert f"the scoring of record 162 has no place in {fmt}" in err and "a win 3 (read back: 1)" in err


def beside(fmt: str) -> list[str]:
    """The warnings of the TRF26 sample written as ``fmt`` (its 162 aside): its ranks (players tied
    on points) where the format has no place for them, its 192 and 202 records in TRF16, its
    032-202 records in PGN and tables."""
    holds = registry.get(fmt).holds
    return ((["CNV007"] if not holds.ranks else []) + (["CNV008"] if fmt == "trf16" else [])
            + (["CNV010"] if holds.header_records is not None else []))


def test_the_findings_come_only_where_something_is_lost():
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")  # 162 with the default values
    for fmt in GAME_FORMATS:
        assert [f.rule for f in lost(t, registry.get(fmt).write(t), fmt)] == beside(fmt), fmt
    t.header = Header(name=t.header.name)
    t.players = [replace(p, rank=None) for p in t.players]  # nothing left to lose
    for fmt in GAME_FORMATS + ["csv"]:
        assert lost(t, registry.get(fmt).write(t), fmt) == [], fmt


def test_a_player_without_a_game_is_not_written_to_pgn_and_said_so():
    t = trfscore.loads(MID_EVENT)
    t.players = [*t.players, replace(t.players[-1], start_rank=6, name="Zeta, Z", games=[], points=None)]
    assert [f.rule for f in lost(t, registry.get("pgn").write(t), "pgn")] == ["CNV003"]
    assert len(trfscore.loads(registry.get("pgn").write(t)).players) == 5  # what the finding says
    assert lost(t, registry.get("trf26").write(t), "trf26") == []


def test_teams_are_lost_where_the_format_holds_none():
    t = trfscore.load(ROOT / "tests" / "data" / "tv10-team-swiss.trf")
    assert t.teams
    for fmt in GAME_FORMATS:
        found = [f.rule for f in lost(t, registry.get(fmt).write(t), fmt)]
        assert ("CNV004" in found) == (not registry.get(fmt).holds.teams), (fmt, found)


@pytest.mark.parametrize("fmt", ["crosstable", "pgn", "trf16"])
def test_the_zero_of_unfinished_zero_is_lost_as_an_error(fmt, tmp_path, capsys):
    path = tmp_path / "mid.trf"
    path.write_text(MID_EVENT, encoding="utf-8")
    code, _, err = run_cli(capsys, "convert", path, "--to", fmt, "--unfinished", "zero")
    assert code == 1 and "error CNV002 the value --unfinished zero gives unknown results has no place" in err
    assert "an unknown result (X) 0 (read back: 0.5), so 2 player(s) get other points" in err  # players 3 and 4
    code, _, err = run_cli(capsys, "convert", path, "--to", fmt, "--unfinished", "draw")  # a draw, as read back
    assert "CNV002" not in err


def test_a_grid_says_it_holds_no_rounds_or_colours():
    t = unranked(generate.to_trf(generate.round_robin(6, seed=3)))
    assert [f.rule for f in lost(t, registry.get("crosstable").write(t), "crosstable")] == ["CNV005", "CNV010"]
    grid = trfscore.load(ROOT / "tests" / "data" / "seed-000-crosstable.txt")  # read from a grid: nothing to lose
    assert lost(grid, registry.get("crosstable").write(grid), "crosstable") == []


def test_a_declared_system_the_table_reads_otherwise_is_said():
    swiss = unranked(generate.to_trf(generate.swiss(4, 3, seed=1)))  # everybody met everybody in 3 rounds
    assert swiss.is_round_robin is False and swiss.event.system == "swiss"
    data = registry.get("crosstable").write(swiss)
    assert [f.rule for f in lost(swiss, data, "crosstable")] == ["CNV006", "CNV010"]  # (CNV010: 022-132)
    assert trfscore.loads(data).event.system == "round-robin"  # what the finding says
    assert [f.rule for f in lost(swiss, registry.get("pgn").write(swiss), "pgn")] == ["CNV010"]  # EventType keeps it
    # a round robin of six after two rounds, the third paired: a Swiss-style table (it keeps the games to
    # come), whose pairings are no round robin yet
    rr = generate.round_robin(6, seed=3)
    for p in rr.players:
        p.games[2] = p.games[2]._replace(code=" ", kind=Kind.ABSENT)
        del p.games[3:]
    rr.rounds = 3
    t = unranked(generate.to_trf(rr))
    data = registry.get("crosstable").write(t)
    assert [f.rule for f in lost(t, data, "crosstable")] == ["CNV006", "CNV010"]
    assert trfscore.loads(data).event.system == "swiss" and "w*" in data.decode()


def test_fail_on_says_which_loss_fails_the_run(tmp_path, capsys):
    path = tmp_path / "mid.trf"
    path.write_text(MID_EVENT, encoding="utf-8")  # to a table: a CNV001 warning (W/D/L), the file written
    for level, code in (("error", 0), ("warning", 1), ("info", 1)):
        out = tmp_path / f"{level}.txt"
        assert run_cli(capsys, "convert", path, "--to", "crosstable", "-o", out, "--fail-on", level)[0] == code
        assert trfscore.load(out).players  # written whatever the exit code
    assert run_cli(capsys, "convert", path, "--to", "trf26", "--fail-on", "info")[0] == 0  # nothing lost


def test_the_library_reports_the_losses_convert_prints(tmp_path, capsys):
    path = tmp_path / "mid.trf"
    path.write_text(MID_EVENT, encoding="utf-8")
    t = trfscore.load(path)
    for fmt in GAME_FORMATS:
        _, _, err = run_cli(capsys, "convert", path, "--to", fmt)
        found = trfscore.conversion_losses(t, fmt)
        assert [f.rule for f in found] == rules(err), fmt  # one implementation: the same findings
        assert all(f.message in err for f in found), fmt
    assert [f.rule for f in trfscore.conversion_losses(t, "md")] == ["CNV001"]  # aliases as dumps takes them
    with pytest.raises(ValueError, match="unknown format"):
        trfscore.conversion_losses(t, "docx")


def test_dumps_refuses_a_text_that_scores_otherwise_unless_asked(tmp_path):
    t = trfscore.loads(three_points_for_a_win())
    with pytest.raises(trfscore.ConversionLoss) as raised:
        trfscore.dumps(t, format="pgn")
    # the error, and the warnings of the ranks trf26 wrote and of its records (PGN has no place for them)
    assert isinstance(raised.value, ValueError) and [f.rule for f in raised.value.findings] == ["CNV002", "CNV007",
                                                                                               "CNV010"]
    assert "error CNV002 the scoring of record 162 has no place in pgn" in str(raised.value)
    text = trfscore.dumps(t, format="pgn", fail_on=None)  # asked for: written as convert writes it
    assert text.encode("utf-8") == registry.get("pgn").write(t)
    assert trfscore.dumps(t, format="trf26").startswith("012")  # record 162 keeps the scoring
    target = tmp_path / "event.pgn"
    with pytest.raises(trfscore.ConversionLoss):
        trfscore.dump(t, target)
    assert not target.exists()  # nothing written
    trfscore.dump(t, target, fail_on=None)
    assert target.read_bytes() == registry.get("pgn").write(t)


def test_fail_on_of_the_library_is_the_level_of_convert():
    t = trfscore.loads(MID_EVENT)  # to a table: a CNV001 warning (W/D/L)
    assert trfscore.dumps(t, format="crosstable") == trfscore.dumps(t, format="crosstable", fail_on="error")
    for level in ("warning", "info"):
        with pytest.raises(trfscore.ConversionLoss) as raised:
            trfscore.dumps(t, format="crosstable", fail_on=level)
        assert [f.rule for f in raised.value.findings] == ["CNV001"]
    assert trfscore.dumps(t, format="trf26", fail_on="info")  # nothing lost
    with pytest.raises(ValueError, match="unknown fail_on 'loud'"):
        trfscore.dumps(t, format="trf26", fail_on="loud")


def test_declared_ranks_are_lost_where_the_format_has_no_place_for_them():
    t = trfscore.load(ROOT / "samples" / "swiss-byes-forfeits.trf")  # a TRF16: every player ranked
    scores = Counter(map(t.score, t.players))
    tied = sum(n for n in scores.values() if n > 1)  # players sharing a score with another
    for fmt in GAME_FORMATS:
        data = registry.get(fmt).write(t)
        found = [f for f in lost(t, data, fmt) if f.rule == "CNV007"]
        assert bool(found) == (fmt in ("pgn", "crosstable", "markdown")), fmt
        back = trfscore.loads(data)
        assert any(p.rank for p in back.players) == (not found), fmt  # what the finding says: no rank written
        if found:
            assert f"the ranks of {len(t.players)} player(s) are not written ({fmt} has no place" in found[0].message
            assert f"{tied} player(s) share a score" in found[0].message


def two_players(ranks: tuple[int, int]) -> trfscore.Tournament:
    """White beats Black in one round; their declared ranks ``ranks``."""
    built = trfscore.Tournament(rounds=1)
    built.players = [Player(1, "White, W", rank=ranks[0], games=[Game(1, 2, "w", "1", Kind.WIN)]),
                     Player(2, "Black, B", rank=ranks[1], games=[Game(1, 1, "b", "0", Kind.LOSS)])]
    return built


def test_ranks_the_points_alone_give_are_not_lost():
    t = two_players((1, 2))  # 1 point, 0 points: any standings rank them so
    assert lost(t, registry.get("pgn").write(t), "pgn") == []
    t = two_players((2, 1))  # the loser declared first: read back, the winner is first
    data = registry.get("pgn").write(t)
    found = lost(t, data, "pgn")
    assert [f.rule for f in found] == ["CNV007"] and "do not follow the points" in found[0].message
    assert trfscore.loads(data).standings().rows[0].player.name == "White, W"


def test_trf26_records_trf16_has_no_place_for_are_said():
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")  # records 192 and 202
    t.players[2].national["GER"] = NationalRecord("GER", 3, rating=1450)
    data = registry.get("trf16").write(t)
    [found] = [f for f in lost(t, data, "trf16") if f.rule == "CNV008"]
    assert found.message.startswith("records 192 (coded tournament type), 202 (tie-break definition), NRS (national "
                                    "rating of 1 player) not written")
    assert "the standings use the default tie-breaks" in found.message
    t.players[4].national["GER"] = NationalRecord("GER", 5, rating=1510)  # two players: said plainly, no nesting
    [found] = [f for f in lost(t, data, "trf16") if f.rule == "CNV008"]
    assert "NRS (national ratings of 2 players) not written" in found.message
    back = trfscore.loads(data)  # what the finding says
    assert (back.header.system, back.header.tiebreaks, back.players[2].national) == ("", [], {})
    assert (t.header.system, t.header.tiebreaks[0]) == ("FIDE_DUTCH_2026", "BH/C1")
    assert [f for f in lost(t, registry.get("trf26").write(t), "trf26") if f.rule == "CNV008"] == []
    plain = trfscore.load(ROOT / "samples" / "swiss-byes-forfeits.trf")  # a TRF16 keeps all it has
    assert lost(plain, registry.get("trf16").write(plain), "trf16") == []


#: lines of the TRF26 sample's kind a PGN or table has no place for, beside its 032-202 records
OTHER_LINES = ["### pairings checked by the deputy", "260   1   7    1    2", "XXC white1", "DDD a line that is no record"]


def with_other_records() -> trfscore.Tournament:
    """The TRF26 sample with :data:`OTHER_LINES` and a national rating (NRS) of player 3."""
    text = (ROOT / "samples" / "swiss-trf26.trf").read_text(encoding="utf-8") + "\n".join(OTHER_LINES) + "\n"
    t = trfscore.loads(text)
    t.players[2].national["GER"] = NationalRecord("GER", 3, rating=1450)
    return t


@pytest.mark.parametrize("fmt", ["pgn", "crosstable", "markdown"])
def test_records_pgn_and_tables_have_no_place_for_are_said(fmt):
    t = with_other_records()
    data = registry.get(fmt).write(t)
    [found] = [f for f in lost(t, data, fmt) if f.rule == "CNV010"]
    back = trfscore.loads(data, registry.get(fmt).read_by or fmt)
    # each header record the finding names is one the written file, read back, lacks, and the
    # other way round (not the numbers of players and teams, which the written file says, nor the
    # scoring, CNV002's, nor 142, the 7 rounds written)
    held = [r for r in RECORDS if r.kind == "HEADER" and r.from_model and r.attr
            and getattr(t.header, r.attr) not in (None, "", []) and r.code not in ("062", "072", "082", "142", "162")]
    assert len(held) >= 9
    for r in held:
        named = f"{r.code} ({r.title})" in found.message
        assert named == (getattr(back.header, r.attr) != getattr(t.header, r.attr)), (fmt, r.code)
    assert ("022 (city)" in found.message) == (fmt != "pgn")  # PGN's Site keeps it
    assert "NRS (national rating of 1 player)" in found.message and not any(p.national for p in back.players)
    assert ("4 other line(s) read (### comment, 260 prohibited pairings, XXC configuration (rank, white1, black1), "
            "line that is no record)") in found.message
    assert not {rec.code for rec in back.source.records} & {"###", "260", "XXC", "DDD"}
    assert "read back, the standings use the default tie-breaks" in found.message and back.header.tiebreaks == []
    assert found.message.endswith(f"not written: {fmt} has no place for them; read back, the standings use the "
                                  "default tie-breaks; TRF and JSON keep them")
    assert [f for f in lost(t, registry.get("trf26").write(t), "trf26") if f.rule == "CNV010"] == []


@pytest.mark.parametrize("fmt", ["pgn", "crosstable"])
def test_a_pgn_or_table_written_again_loses_no_record(fmt):
    """What a PGN or table holds (its reader's header: a grid's CUSTOM_ROUNDROBIN, PGN's dates) it keeps."""
    for t in (with_other_records(), trfscore.loads(generate.to_trf(generate.round_robin(5, seed=2)))):
        back = trfscore.loads(registry.get(fmt).write(t), fmt)
        assert "CNV010" not in [f.rule for f in lost(back, registry.get(fmt).write(back), fmt)], fmt


ODD_BYES = """012 Odd cells
XXR 2
001    1 m    Alpha, A                          2300 GER     4100018             1.5          2 w 1     4 b H
001    2 m    Beta, B                           2200 GER     4100026             1.0          1 b 0     3 w 1
001    3 m    Gamma, C                          2100 GER     4100034             1.0          4 w 1     2 b 0
001    4 m    Delta, D                          2000 GER     4100042             0.5          3 b 0     1 w H
"""


@pytest.mark.parametrize("fmt", ["crosstable", "markdown", "pgn"])
def test_a_bye_naming_an_opponent_is_written_as_the_bye_and_said(fmt, tmp_path, capsys):
    path = tmp_path / "odd.trf"
    path.write_text(ODD_BYES, encoding="utf-8")  # round 2 of players 1 and 4: a half-point bye with an opponent
    source = trfscore.load(path)
    assert [f.rule for f in source.findings] == ["TRF405", "TRF405"]
    code, out, err = run_cli(capsys, "convert", path, "--to", fmt)
    assert code == 0 and rules(err) == ["CNV009"], err  # a warning: the points stay
    assert "warning CNV009 2 cell(s) name an opponent but say no game was played" in err
    back = trfscore.loads(out, registry.get(fmt).read_by or fmt)
    assert sorted(map(back.score, back.players)) == sorted(map(source.score, source.players))
    for p in back.players:
        if p.name in ("Alpha, A", "Delta, D"):
            assert (p.games[1].kind, p.games[1].opponent) == (Kind.HALF_BYE, None), fmt  # the bye, not "?"
    assert ('[Result "*"]' if fmt == "pgn" else "?") not in out  # no game to come, no unknown result


def test_the_other_lines_leave_out_what_the_model_or_another_rule_holds():
    """CNV010 counts the lines a PGN has no place for but not those the model keeps elsewhere or
    another rule reports: a team (013: CNV004), the scoring (XXS, BBW: CNV002), a blank line; it
    counts repeats (``x2``) and shows six kinds, then ``...``."""
    from trfscore.formats.trf.layout import BY_CODE

    kept_elsewhere = ["013 Team Alpha                            1    2", "XXS W=1 D=0.5", "BBW  1.0", ""]
    other = ["### one", "### two", "DDD not a record", "801 x", "802 y", "240 z", "XXC white1", "XXA    1  1.0"]
    text = (ROOT / "samples" / "swiss-trf26.trf").read_text(encoding="utf-8")
    t = trfscore.loads(text + "\n".join(kept_elsewhere + other) + "\n")
    [found] = [f for f in lost(t, registry.get("pgn").write(t), "pgn") if f.rule == "CNV010"]
    shown = ["### comment x2", "line that is no record", *(f"{code} {BY_CODE[code].title}" for code in ("801", "802",
                                                                                                       "240", "XXC"))]
    assert f"{len(other)} other line(s) read ({', '.join(shown)} ...)" in found.message
    six = trfscore.loads(text + "\n".join(other[:-1]) + "\n")  # six kinds: all shown, no "..."
    [found_six] = [f for f in lost(six, registry.get("pgn").write(six), "pgn") if f.rule == "CNV010"]
    assert f"{len(other) - 1} other line(s) read ({', '.join(shown)}) not written" in found_six.message
    assert "CNV004" in [f.rule for f in lost(t, registry.get("pgn").write(t), "pgn")]


def test_pgn_keeps_the_end_date_only_when_its_last_game_gives_it():
    """PGN has no end date: a reader takes the last game's ``Date`` (``pgn.writer.end_date``). An
    052 after the last round's date is lost, and CNV010 names it; the sample's (its last round's) is kept."""
    text = (ROOT / "samples" / "swiss-trf26.trf").read_text(encoding="utf-8")
    later = trfscore.loads(text.replace("052 2026/04/07", "052 2026/04/30"))
    for t, named in ((trfscore.loads(text), False), (later, True)):
        back = trfscore.loads(registry.get("pgn").write(t), "pgn")
        [found] = [f for f in lost(t, registry.get("pgn").write(t), "pgn") if f.rule == "CNV010"]
        assert ("052 (end date)" in found.message) is named
        assert (back.header.end_date_iso != t.header.end_date_iso) is named


@pytest.mark.parametrize(("start", "dates", "lost_codes"), [
    ("2026/04/01", ("26/04/01", "26/04/02"), set()),  # both read as dates: both written (round 3 on: 042's)
    ("sometime in April", ("26/04/01", "26/04/02"), {"042", "132"}),  # no EventDate, rounds 3-7 of unknown date
    ("sometime in April", ("26/04/01",) + ("26/04/02",) * 6, {"042"}),  # every round has its own date
    ("2026/04/01", ("26/04/01", "the second"), {"132"}),  # a 132 date unreadable: written as the start date
    ("2026/04/01", ("26/04/01",) * 8, {"132"}),  # a date of a round not played: no game carries it
    ("01.04.2026", ("01.04.26", ""), set()),  # other orders read as dates; a blank date is no loss
])
def test_pgn_loses_the_start_and_round_dates_exactly_when_it_cannot_write_them(start, dates, lost_codes):
    """042 is lost (CNV010) exactly when the written PGN does not give it back (no ``EventDate``);
    132 exactly when the games' ``Date`` tags do not (the writer and the loss list agree)."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")  # 7 rounds
    t.header = Header(name=t.header.name, start_date=start, round_dates=list(dates))
    t = trfscore.loads(trfscore.dumps(t, "trf26"))  # the dates as the reader reads them
    pgn = trfscore.dumps(t, "pgn", fail_on=None)
    back = trfscore.loads(pgn, "pgn")
    found = [f.message for f in lost(t, pgn, "pgn") if f.rule == "CNV010"]
    named = {code for code in ("042", "132") if found and f" {code} (" in found[0]}
    assert named == lost_codes, found
    assert ("042" in named) == (back.header.start_date_iso != t.header.start_date_iso) == ("EventDate" not in pgn)
    given = [d for d in t.header.round_dates if d.strip()]
    assert ("132" in named) == (given != [d for d, g in zip(back.header.round_dates, t.header.round_dates) if g.strip()])
