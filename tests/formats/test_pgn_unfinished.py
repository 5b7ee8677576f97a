"""PGN games not finished (``*``), unknown and not-rated results kept through the converters, and
``Round "r.g"`` read without an option (issue 24).  Every file here is written by the test."""
from __future__ import annotations

import json

import trfscore
from conftest import run_cli
from trfscore.formats import pgn


def game(white: str, black: str, result: str, rnd: str, **tags: str) -> str:
    extra = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return (f'[Event "Match"]\n[Site "Town"]\n[Date "2026.01.01"]\n[Round "{rnd}"]\n[White "{white}"]\n'
            f'[Black "{black}"]\n[Result "{result}"]\n{extra}\n{result}\n\n')


#: a four-player event: round 1 played, round 2 under way (one game finished, one '*')
UNFINISHED = (game("Alpha, A", "Beta, B", "1-0", "1") + game("Gamma, C", "Delta, D", "1/2-1/2", "1")
              + game("Alpha, A", "Gamma, C", "0-1", "2") + game("Beta, B", "Delta, D", "*", "2"))


def test_a_game_not_finished_is_pending_not_scored_and_reported(capsys, tmp_path):
    t = pgn.read(UNFINISHED)
    assert [f.rule for f in t.findings] == ["PGN203"]
    beta = next(p for p in t.players if p.name == "Beta, B")
    assert (beta.games[1].code, beta.games[1].opponent) == (" ", next(p.start_rank for p in t.players
                                                                       if p.name == "Delta, D"))
    # round 2 is in progress: the standings are after round 1 and say so; nobody scores the '*'
    standings = t.standings()
    assert standings.rounds == 1 and "standings after round 1 of 2; round 2 in progress" in standings.notes
    path = tmp_path / "unfinished.pgn"
    path.write_text(UNFINISHED, encoding="utf-8")
    code, out, err = run_cli(capsys, "report", path, "--format", "json", "--after-round", "2")
    points = {r["name"]: r["points"] for r in json.loads(out)["standings"]}
    assert points == {"Alpha, A": 1, "Gamma, C": 1.5, "Delta, D": 0.5, "Beta, B": 0}  # the '*' counts 0 for both


def test_converters_keep_a_pending_game_an_unknown_result_and_a_not_rated_game(capsys, tmp_path):
    path = tmp_path / "unfinished.pgn"
    path.write_text(UNFINISHED, encoding="utf-8")
    code, trf, _ = run_cli(capsys, "convert", path, "--to", "trf")
    assert code == 0
    t = trfscore.loads(trf)
    beta = next(p for p in t.players if p.name == "Beta, B")
    assert beta.games[1].code == " " and beta.games[1].opponent is not None  # still paired, no result
    assert beta.points == 0  # the declared points do not bake in a half point
    # a TRF X (unknown) and a W/L (not rated) go to PGN and come back as they were
    from trfscore.formats.pgn import writer

    t.players[0].games[0] = t.players[0].games[0]._replace(code="W")
    opp = t.player(t.players[0].games[0].opponent)
    opp.games[0] = opp.games[0]._replace(code="L")
    gamma = next(p for p in t.players if p.name == "Gamma, C")
    delta = next(p for p in t.players if p.name == "Delta, D")
    gamma.games[0] = gamma.games[0]._replace(code="X", kind="unknown")
    delta.games[0] = delta.games[0]._replace(code="X", kind="unknown")
    back = pgn.read(writer.write(t))
    codes = {(p.name, g.round): g.code for p in back.players for g in p.games}
    assert codes[("Alpha, A", 1)] == "W" and codes[("Beta, B", 1)] == "L"
    assert codes[("Gamma, C", 1)] == "X" and codes[("Delta, D", 1)] == "X"
    assert codes[("Beta, B", 2)] == " "


def test_unknown_results_are_scored_as_162_says_and_always_reported():
    text = game("Alpha, A", "Beta, B", "1-0", "1") + game("Gamma, C", "Delta, D", "1/2-1/2", "1")
    t = pgn.read(text)
    for p in t.players:
        if p.name in ("Gamma, C", "Delta, D"):
            p.games[0] = p.games[0]._replace(code="X", kind="unknown")
    notes = t.standings().notes
    assert any("2 result(s) unknown (X" in n and "each scored 0.5" in n for n in notes), notes


#: a 100-game match written with Round "r.g" (50 rounds of two games)
MATCH = "".join(game(*(("Alpha, A", "Beta, B") if g == 1 else ("Beta, B", "Alpha, A")),
                     "1-0" if (r + g) % 3 else "1/2-1/2", f"{r}.{g}") for r in range(1, 51) for g in (1, 2))


def test_round_dot_game_is_read_without_an_option_and_the_option_exists(capsys, tmp_path):
    path = tmp_path / "match.pgn"
    path.write_text(MATCH, encoding="utf-8")
    code, out, err = run_cli(capsys, "report", path, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["tournament"]["rounds"] == 100 and doc["system"] == "round-robin"
    assert sum(r["points"] for r in doc["standings"]) == 100
    # read as round numbers only, half the games cannot be placed: the exit says so
    code, out, err = run_cli(capsys, "report", path, "--round-mode", "round")
    assert code == 1 and "game(s) not placed" in err and "--round-mode round.game" in err
