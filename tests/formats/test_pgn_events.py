"""Whole-event PGN as the world writes it: files of several events (TWIC), chess.com and lichess
exports, and picking one event (--event).

Layouts follow public material (fixtures are written here, no file is copied):
* TWIC issues: one game after another, tags Event, Site, Date, Round, White "Name,I", Black,
  Result, WhiteElo, BlackElo, EventDate, ECO, then the moves; one issue holds many events (a
  TWIC excerpt of the 8th Sinquefield Cup 2021 is quoted in the tests of guentherc/Ponziani,
  PonzianiComponentsTest/Data.cs);
* chess.com game exports: [Event "Live Chess"], [Round "-"] and, for tournament games, a
  Tournament tag with the tournament's address (EpictetusZ1/chess-opening-book
  src/components/GetChessCom/fakeData.ts; johnolek/chess_hair app/javascript/src/random_games.js);
* lichess study exports: [Event "<study>: <chapter>"] with StudyName and ChapterName tags
  (lichess-org/lila modules/study/src/main/PgnDump.scala); lichess game exports: Round "-",
  UTCDate, WhiteTitle, WhiteFideId (lichess-org/lila modules/game/src/main/PgnDump.scala).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import trfscore
from trfscore.cli import main
from trfscore.formats import pgn

TWIC = Path(__file__).resolve().parents[1] / "data" / "pgn" / "twic-two-events.pgn"


def rules(t):
    return [f.rule for f in t.findings]


def test_a_file_of_several_events_is_refused_with_the_list_of_its_events():
    t = pgn.read(TWIC.read_bytes())
    assert t.players == [] and rules(t) == ["PGN110"]
    message = t.findings[0].message
    assert "2 events" in message and "'Example Masters 2024' (4 games)" in message
    assert "'Example Challengers 2024' (2 games)" in message and "--event" in message
    assert pgn.events(TWIC.read_bytes()) == [("Example Masters 2024", 4), ("Example Challengers 2024", 2)]


def test_event_picks_one_event_and_says_which_others_the_file_holds():
    t = trfscore.load(TWIC, event="example masters 2024")  # case and blanks do not matter
    assert sorted(p.name for p in t.players) == ["Aaberg,K", "Brandt,L", "Castro,M", "Dahl,N"]
    assert t.rounds == 2 and t.header.name == "Example Masters 2024"
    info = [f for f in t.findings if f.rule == "PGN210"]
    assert len(info) == 1 and "'Example Challengers 2024' (2 games)" in info[0].message
    t = trfscore.load(TWIC, event="Challengers")  # the one event whose name holds the text
    assert sorted(p.name for p in t.players) == ["Eriksen,O", "Fischer,P"]


def test_an_event_that_names_none_or_several_is_an_error():
    t = trfscore.load(TWIC, event="Open")
    assert t.players == [] and rules(t) == ["PGN111"] and "no event is named like 'Open'" in t.findings[0].message
    t = trfscore.load(TWIC, event="Example")
    assert t.players == [] and "several events are named like 'Example'" in t.findings[0].message


def test_the_commands_refuse_a_file_of_several_events_and_take_event(tmp_path, capsys):
    path = str(TWIC)
    for command in (["report", path], ["convert", path, "--to", "trf"], ["check", path],
                    ["explain", path, "--player", "1", "--tiebreak", "BH"]):
        assert main(command) == 2, command
        said = capsys.readouterr()
        assert "Example Challengers 2024" in said.err + said.out, command
    assert main(["report", path, "--event", "Example Masters 2024", "-f", "json"]) == 0
    assert '"Castro,M"' in capsys.readouterr().out
    assert main(["check", path, "--event", "Masters"]) == 0
    capsys.readouterr()
    trf = tmp_path / "event.trf"
    trf.write_text(trfscore.dumps(trfscore.load(TWIC, event="Masters"), "trf"))
    assert main(["report", str(trf), "--event", "Masters"]) == 2
    assert "only from PGN" in capsys.readouterr().err


def game(white, black, result, **tags) -> str:
    head = {"Event": "Live Chess", "Site": "Chess.com", "Date": "2024.01.02", "Round": "-", "White": white,
            "Black": black, "Result": result, **tags}
    return "".join(f'[{k} "{v}"]\n' for k, v in head.items()) + "\n" + result + "\n\n"


def test_chess_com_tournament_games_are_grouped_by_their_tournament_tag():
    arena = "https://www.chess.com/tournament/live/example-blitz-january-02-2024-1234567"
    other = "https://www.chess.com/tournament/live/example-rapid-january-02-2024-7654321"
    text = (game("ann", "bob", "1-0", Tournament=arena) + game("cid", "ann", "0-1", Tournament=arena)
            + game("dan", "eve", "1/2-1/2", Tournament=other))
    assert pgn.events(text) == [(arena, 2), (other, 1)]
    t = pgn.read(text, event=arena)
    assert sorted(p.name for p in t.players) == ["ann", "bob", "cid"]
    assert [g.opponent is not None for g in t.players[0].games] == [True, True]  # Round "-": placed in order


def test_a_lichess_study_is_one_event_though_each_chapter_names_its_own():
    text = "".join(
        f'[Event "Club Championship: Board {i}"]\n[Site "https://lichess.org/study/abcd/ch{i}"]\n'
        f'[Result "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Round "1"]\n[UTCDate "2024.03.0{i}"]\n'
        f'[StudyName "Club Championship"]\n[ChapterName "Board {i}"]\n\n{r}\n\n'
        for i, (w, b, r) in enumerate([("Ann", "Bob", "1-0"), ("Cid", "Dan", "0-1")], 1))
    t = pgn.read(text)
    assert "PGN110" not in rules(t) and len(t.players) == 4


def test_games_without_an_event_tag_join_the_one_named_event():
    text = game("ann", "bob", "1-0", Event="Club Open", Round="1") + game("cid", "dan", "0-1", Event="?", Round="1")
    t = pgn.read(text)
    assert len(t.players) == 4 and rules(t) == ["PGN211"]


@pytest.mark.parametrize("event", ["", "?", "-"])
def test_unnamed_events_alone_are_one_event(event):
    t = pgn.read(game("ann", "bob", "1-0", Event=event, Round="1") + game("cid", "dan", "0-1", Event=event, Round="1"))
    assert len(t.players) == 4 and rules(t) == []
