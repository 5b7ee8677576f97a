"""Games not finished (PGN ``*``) and unknown results (TRF ``X``) scored the file's way unless the
user says otherwise (issue 24, ``--unfinished``/``unfinished=``): each choice through the
library and the command line, said in the report, reaching ``check``, and kept by the converters.
Every file is written here; every expected total is added up in the comments."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import trfscore
from conftest import run_cli


def game(white: str, black: str, result: str, rnd: str) -> str:
    return (f'[Event "Club"]\n[Site "Town"]\n[Date "2026.01.01"]\n[Round "{rnd}"]\n[White "{white}"]\n'
            f'[Black "{black}"]\n[Result "{result}"]\n\n{result}\n\n')


#: round 1: Alpha-Beta 1-0, Gamma-Delta ½-½; round 2: Alpha-Gamma 0-1, Beta-Delta not finished
PGN = (game("Alpha", "Beta", "1-0", "1") + game("Gamma", "Delta", "1/2-1/2", "1")
       + game("Alpha", "Gamma", "0-1", "2") + game("Beta", "Delta", "*", "2"))

#: round 3 of player 1 against player 4 unknown (X on both sides); the declared points count it as
#: a draw (TRF16 has no 162: X scores ½): 1: 1+½+½ = 2, 2: 0+1+0 = 1, 3: ½+½+1 = 2, 4: ½+0+½ = 1
TRF16 = """012 Unknown result in the last round
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  2.0    1     2 w 1     3 b =     4 w X
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  1.0    3     1 b 0     4 w 1     3 b 0
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  2.0    2     4 w =     1 w =     2 w 1
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  1.0    4     3 b =     2 b 0     1 b X
"""
#: the same games under a 162 of 3-1-0 (no X: X scores the draw's 1): 1: 3+1+1 = 5, 2: 0+3+0 = 3,
#: 3: 1+1+3 = 5, 4: 1+0+1 = 2
TRF26 = """012 Football scoring, unknown result in the last round
162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0
""" + "\n".join(line[:80] + {"1": " 5.0", "2": " 3.0", "3": " 5.0", "4": " 2.0"}[line[7]] + line[84:]
                for line in TRF16.splitlines()[1:]) + "\n"


def points(t: trfscore.Tournament, rounds: int | None = None) -> dict[str, float]:
    return {row.player.name: float(row.points) for row in t.standings(rounds=rounds).rows}


def trf_points(t: trfscore.Tournament, rounds: int | None = None) -> dict[int, float]:
    return {row.player.start_rank: float(row.points) for row in t.standings(rounds=rounds).rows}


@pytest.mark.parametrize(("mode", "expected", "after"), [
    # the '*' pending: round 2 in progress, the standings after round 1
    ("auto", {"Alpha": 1, "Beta": 0, "Gamma": 0.5, "Delta": 0.5}, 1),
    ("pending", {"Alpha": 1, "Beta": 0, "Gamma": 0.5, "Delta": 0.5}, 1),
    # scored: round 2 is played; Beta 0+½, Delta ½+½ (draw) or Beta 0+0, Delta ½+0 (zero)
    ("draw", {"Alpha": 1, "Beta": 0.5, "Gamma": 1.5, "Delta": 1}, 2),
    ("zero", {"Alpha": 1, "Beta": 0, "Gamma": 1.5, "Delta": 0.5}, 2),
])
def test_a_pgn_game_not_finished_is_scored_as_the_user_says(mode, expected, after, tmp_path, capsys):
    t = trfscore.loads(PGN, unfinished=mode)
    assert points(t) == expected and t.standings().rounds == after
    assert [f.rule for f in t.findings] == ["PGN204" if mode in ("draw", "zero") else "PGN203"]
    beta = next(p for p in t.players if p.name == "Beta")
    assert beta.games[1].code == ("X" if mode in ("draw", "zero") else " ")
    path = tmp_path / "club.pgn"
    path.write_text(PGN, encoding="utf-8")
    assert points(trfscore.load(path, unfinished=mode)) == expected
    assert points(trfscore.load(tmp_path, unfinished=mode)) == expected  # a folder of PGN files
    code, out, _ = run_cli(capsys, "report", path, "--format", "json", "--unfinished", mode)
    doc = json.loads(out)
    assert code == 0 and {r["name"]: r["points"] for r in doc["standings"]} == expected
    notes = " ".join(doc["notes"])
    if mode in ("draw", "zero"):  # always said: which results, their value and why
        assert "2 result(s) unknown (X, players" in notes and f"(unfinished: {mode})" in notes
    elif mode == "pending":
        assert "not scored, pending, as asked (unfinished: pending)" in notes
    else:
        assert "unfinished" not in notes and "round 2 in progress" in notes
    code, out, _ = run_cli(capsys, "check", path, "--format", "json", "--unfinished", mode)
    assert {f["rule"] for f in json.loads(out)["files"][0]["findings"]} == (
        {"PGN204"} if mode in ("draw", "zero") else {"PGN203", "TRF533"})


@pytest.mark.parametrize(("mode", "expected", "why"), [
    ("auto", {1: 2, 3: 2, 2: 1, 4: 1}, "each scored 0.5, a draw, X's default (no record 162)"),
    ("draw", {1: 2, 3: 2, 2: 1, 4: 1}, "each scored 0.5, as asked (unfinished: draw)"),
    ("zero", {1: 1.5, 3: 2, 2: 1, 4: 0.5}, "each scored 0.0, as asked (unfinished: zero)"),
])
def test_a_trf_unknown_result_scores_as_record_162_or_the_user_says(mode, expected, why, tmp_path, capsys):
    t = trfscore.loads(TRF16, unfinished=mode)
    assert trf_points(t) == expected
    assert f"2 result(s) unknown (X, players 1, 4): {why}" in t.standings().notes
    path = tmp_path / "x.trf"
    path.write_text(TRF16, encoding="utf-8")
    code, out, _ = run_cli(capsys, "report", path, "--format", "json", "--unfinished", mode)
    assert {r["start_rank"]: r["points"] for r in json.loads(out)["standings"]} == expected
    # the declared points count X as a draw: a choice that scores it otherwise makes them wrong
    code, out, _ = run_cli(capsys, "check", path, "--format", "json", "--unfinished", mode)
    wrong = [f for f in json.loads(out)["files"][0]["findings"] if f["rule"] == "TRF510"]
    assert [f["line"] for f in wrong] == ([2, 5] if mode == "zero" else [])
    assert all("unknown results (X) scored 0.0 as asked (unfinished: zero)" in f["message"] for f in wrong)
    assert code == (1 if mode == "zero" else 0)


@pytest.mark.parametrize(("mode", "x", "why"), [
    ("auto", 1, "as record 162's X says"),  # 162 gives D 1.0 and no X: X is the draw's value
    ("draw", 1, "as asked (unfinished: draw)"),
    ("zero", 0, "as asked (unfinished: zero)"),
])
def test_the_draw_of_record_162_is_the_draw_a_user_asks_for(mode, x, why):
    t = trfscore.loads(TRF26, unfinished=mode)
    assert t.scoring.source == "162" and t.scoring.values["X"] == x
    assert trf_points(t) == {1: 4 + x, 2: 3, 3: 5, 4: 1 + x}
    assert any(note.endswith(why) for note in t.standings().notes)


def test_unknown_results_pending_wait_like_a_game_not_finished(tmp_path, capsys):
    t = trfscore.loads(TRF16, unfinished="pending")
    assert t.event.played == 2 and t.event.pending[0].waiting == {1, 4}  # round 3 in progress
    assert trf_points(t) == {1: 1.5, 3: 1, 2: 1, 4: 0.5}  # after round 2: 1+½, ½+½, 0+1, ½+0
    assert trf_points(t, rounds=3) == {3: 2, 1: 1.5, 2: 1, 4: 0.5}  # the X game scores for nobody
    path = tmp_path / "x.trf"
    path.write_text(TRF16, encoding="utf-8")
    code, out, _ = run_cli(capsys, "check", path, "--format", "json", "--unfinished", "pending")
    rules = [f["rule"] for f in json.loads(out)["files"][0]["findings"]]
    assert "TRF533" in rules and rules.count("TRF510") == 2  # declared 2 and 1 count the X as ½
    # the converters write the game as one not finished: a PGN '*' read back as pending
    code, out, _ = run_cli(capsys, "convert", path, "--to", "pgn", "--unfinished", "pending")
    assert code == 0 and out.count('[Result "*"]') == 1 and "result unknown" not in out
    back = trfscore.loads(out)
    assert [f.rule for f in back.findings if f.rule.startswith("PGN2")] == ["PGN203"]


@pytest.mark.parametrize(("mode", "x"), [("draw", 0.5), ("zero", 0)])
def test_converters_keep_a_scored_game_not_finished_as_an_unknown_result(mode, x, tmp_path, capsys):
    path = tmp_path / "club.pgn"
    path.write_text(PGN, encoding="utf-8")
    expected = points(trfscore.loads(PGN, unfinished=mode))
    for fmt in ("trf26", "json"):
        code, out, _ = run_cli(capsys, "convert", path, "--to", fmt, "--unfinished", mode)
        assert code == 0
        back = trfscore.loads(out)  # read back without the option: the file itself says it
        assert back.scoring.values["X"] == x and points(back) == expected
        beta = next(p for p in back.players if p.name == "Beta")
        assert beta.games[1].code == "X"  # an unknown result, not a draw nor a loss
    for fmt in ("trf26", "json"):  # they hold the value: nothing to say
        assert "has no place" not in run_cli(capsys, "convert", path, "--to", fmt, "--unfinished", mode)[2]
    for fmt in ("pgn", "trf16"):
        code, out, err = run_cli(capsys, "convert", path, "--to", fmt, "--unfinished", mode)
        assert "X" in {g.code for p in trfscore.loads(out).players for g in p.games}
        if fmt == "pgn":
            assert '[Termination "result unknown"]' in out  # PGN keeps the X (its value is the scoring's)
        # without a 162 an X read back is worth a draw: the zero of 'zero' is lost, said so (CNV002), exit 1
        assert ("error CNV002 the value --unfinished zero gives unknown results has no place in " + fmt in err) \
            == (x == 0), err
        assert code == (1 if x == 0 else 0)


def test_an_unknown_choice_is_refused():
    with pytest.raises(ValueError, match="unfinished='later'"):
        trfscore.loads(PGN, unfinished="later")
    with pytest.raises(ValueError, match="unfinished="):
        trfscore.load(TRF16, unfinished="")


def test_an_unknown_choice_is_a_usage_error(tmp_path, capsys):
    path = tmp_path / "x.trf"
    path.write_text(TRF16, encoding="utf-8")
    code, out, err = run_cli(capsys, "report", path, "--unfinished", "later")
    assert code == 2 and out == "" and "--unfinished" in err and "pending" in err


def test_check_reads_pgn_rounds_as_round_mode_says(tmp_path, capsys):
    # a two-game match numbered 1.1, 1.2: auto reads the games as rounds 1 and 2 (PGN112); as asked,
    # round 1 twice (the second game a clash, PGN108); check used to ignore --round-mode
    path = tmp_path / "match.pgn"
    path.write_text(game("Alpha", "Beta", "1-0", "1.1") + game("Beta", "Alpha", "1/2-1/2", "1.2"), encoding="utf-8")
    _, auto, _ = run_cli(capsys, "check", path, "--format", "json")
    _, asked, _ = run_cli(capsys, "check", path, "--format", "json", "--round-mode", "round")
    assert "PGN112" in {f["rule"] for f in json.loads(auto)["files"][0]["findings"]}
    assert "PGN108" in {f["rule"] for f in json.loads(asked)["files"][0]["findings"]}


def test_check_applies_pgn_options_to_the_pgn_files_of_a_folder_only(tmp_path, capsys):
    # a folder of a PGN match and a TRF file: --round-mode and --event are for the PGN file; the TRF
    # file is read as without them (it used to be unreadable: "a round mode is only for PGN input")
    (tmp_path / "match.pgn").write_text(game("Alpha", "Beta", "1-0", "1.1") + game("Beta", "Alpha", "1/2-1/2", "1.2"),
                                        encoding="utf-8")
    (tmp_path / "club.trf").write_text(TRF16, encoding="utf-8")
    _, plain, _ = run_cli(capsys, "check", tmp_path, "--format", "json")
    before = {Path(f["path"]).name: f for f in json.loads(plain)["files"]}
    for option, pgn_rule in ((["--round-mode", "round"], "PGN108"), (["--event", "Club"], "PGN112")):
        _, out, _ = run_cli(capsys, "check", tmp_path, "--format", "json", *option)
        files = {Path(f["path"]).name: f for f in json.loads(out)["files"]}
        assert files["club.trf"] == before["club.trf"] and files["club.trf"]["status"] != "unreadable"
        assert pgn_rule in {f["rule"] for f in files["match.pgn"]["findings"]}  # the PGN file read as asked


def test_a_game_not_finished_before_played_rounds_is_named_so_and_can_be_scored(tmp_path, capsys):
    # round 1: Alpha-Beta '*', Gamma-Delta 1-0; round 2 played: the '*' is no round still to come
    text = (game("Alpha", "Beta", "*", "1") + game("Gamma", "Delta", "1-0", "1")
            + game("Beta", "Gamma", "1/2-1/2", "2") + game("Delta", "Alpha", "0-1", "2"))
    path = tmp_path / "club.pgn"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "check", path, "--format", "json")
    wrong = [f for f in json.loads(out)["files"][0]["findings"] if f["rule"] == "TRF504"]
    assert code == 1 and len(wrong) == 2
    assert all("has no result on either side, though a later round is played: a game not finished?" in f["message"]
               and "--unfinished draw or zero" in f["hint"] for f in wrong)
    code, out, _ = run_cli(capsys, "check", path, "--format", "json", "--unfinished", "draw")
    assert code == 0 and "TRF504" not in {f["rule"] for f in json.loads(out)["files"][0]["findings"]}
