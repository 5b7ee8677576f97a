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


def test_games_not_placed_are_printed_as_the_reader_caps_them(capsys, tmp_path):
    """Every game the reader could not place is printed, and past MAX_PER_RULE of them (the one
    cap of findings) its note counting the rest; the headline counts them all."""
    from trfscore.findings import MAX_PER_RULE

    extra = 2  # a game after the first of the pair in round 1: a PGN108 for each of its two players
    path = tmp_path / "clash.pgn"
    path.write_text(game("Alpha, A", "Beta, B", "1-0", "1") * (1 + (MAX_PER_RULE + extra) // 2), encoding="utf-8")
    code, out, err = run_cli(capsys, "report", path, "--round-mode", "round")
    assert code == 1 and f": {MAX_PER_RULE + extra} game(s) not placed;" in err.splitlines()[0]
    assert sum(" PGN108 " in line and " TRF001 " not in line for line in err.splitlines()) == MAX_PER_RULE
    assert f"TRF001 {extra} more PGN108 finding(s) left out" in err


#: a TRF saved mid-event: round 1 with a not-rated win/loss (W/L) and an unknown result (X),
#: round 2 with a not-rated draw (D), a forfeit and a half-point bye, round 3 paired, no results
MID_EVENT = """012 Round trip
XXR 3
001    1 m    Alpha, A                          2300 GER     4100018             2.0          2 w W     3 b +     4 w
001    2 m    Beta, B                           2200 GER     4100026             0.5          1 b L     5 w D     3 b
001    3 m    Gamma, C                          2100 GER     4100034             0.5          4 w X     1 w -     2 w
001    4 m    Delta, D                          2000 GER     4100042             1.5          3 b X  0000 - H     1 b
001    5 m    Epsilon, E                        1900 GER     4100050             0.5       0000 - H     2 b D
"""


def test_a_trf_saved_mid_event_goes_to_pgn_and_back_with_every_cell(capsys, tmp_path):
    """TRF -> PGN -> TRF as a user runs it: X stays unknown, W/D/L stay not rated, the paired
    round without results stays paired and pending, byes stay byes (issue 24)."""
    source = tmp_path / "mid.trf"
    source.write_text(MID_EVENT, encoding="utf-8")
    written = tmp_path / "mid.pgn"
    code, _, err = run_cli(capsys, "convert", source, "--to", "pgn", "-o", written)
    assert code == 0, err
    code, back, err = run_cli(capsys, "convert", written, "--to", "trf")
    assert code == 0, err

    def cells(t: trfscore.Tournament) -> dict[str, list[tuple[str | None, str | None, str, str]]]:
        name = {p.start_rank: p.name for p in t.players}
        return {p.name: [(name.get(g.opponent), g.colour, g.code, g.kind) for g in p.games] for p in t.players}

    before, after = trfscore.loads(MID_EVENT), trfscore.loads(back)
    assert cells(after) == cells(before)
    alpha = cells(before)["Alpha, A"]  # what is compared holds the cases named above
    assert alpha[0][2:] == ("W", "win") and alpha[2] == ("Delta, D", "w", " ", "absent")
    assert cells(before)["Gamma, C"][:2] == [("Delta, D", "w", "X", "unknown"), ("Alpha, A", "w", "-", "forfeit_loss")]
    assert cells(before)["Beta, B"][1][2] == "D" and cells(before)["Epsilon, E"][0][2:] == ("H", "half_bye")


def test_a_game_not_finished_is_scored_as_asked_whatever_the_players_names():
    """--unfinished draw scores a '*' game for every pair of players: a shortcut for players with
    names of 12 or more characters once kept such a game pending while PGN204 said it was scored."""
    for white, black in (("Beta, B", "Delta, D"), ("Betancourt, Bernard", "Delacroix, Dominique")):
        text = UNFINISHED.replace("Beta, B", white).replace("Delta, D", black)
        t = trfscore.loads(text, unfinished="draw")
        assert [f.rule for f in t.findings if f.rule.startswith("PGN2")] == ["PGN204"]
        cells = {p.name: p.games[1].code for p in t.players}
        assert (cells[white], cells[black]) == ("X", "X")  # an unknown result, scored as asked
        points = {r.name: r.points for r in t.standings().rows}
        assert (points[white], points[black]) == (0.5, 1)  # round 1 (0 and 0.5) and a half each
