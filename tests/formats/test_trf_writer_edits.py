"""The TRF writer after a change (formats/trf/writer.py): a read file gives its own bytes back
line by line except the player lines whose facts changed, which are written afresh on the 001
column grid (TRF16: rating at 49-52, points at 81-84, round blocks from 92); a changed game makes
the written points the sum of the results, so the line agrees with itself (check TRF510); players
added in code go at the end with the file's line ending; the bytes keep the file's encoding, or
UTF-8 when a new character has no place in it."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import trfscore
from trfscore.checks import check
from trfscore.formats.trf.versions import format_player
from trfscore.formats.trf.writer import write_bytes, write_text
from trfscore.model import Game, Kind, Player

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "swiss-byes-forfeits.trf"


def _load(text: str | None = None):
    text = SAMPLE.read_text(encoding="utf-8") if text is None else text
    return text, trfscore.loads(text)


def _player_line(text: str, sno: int) -> int:
    """0-based index of the 001 line of start rank ``sno``."""
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith("001") and int(line[4:8]) == sno)


def test_a_changed_rating_rewrites_that_line_only_and_keeps_its_points():
    text, t = _load()
    p = t.player(2)
    p.rating = 2499
    out = write_text(t)
    before, after = text.splitlines(), out.splitlines()
    i = _player_line(text, 2)
    assert [k for k, (a, b) in enumerate(zip(before, after)) if a != b] == [i]
    assert after[i][48:52] == "2499"  # columns 49-52
    assert after[i][80:84] == before[i][80:84] == " 4.0"  # the declared points: the games did not change
    back = trfscore.loads(out).player(2)
    assert (back.rating, back.points, back.games) == (2499, Fraction(4), t.player(2).games)


def test_a_changed_result_writes_the_points_the_results_give():
    text, t = _load()
    p = t.player(2)
    first = p.games[0]  # a loss to 1 (declared points 4.0)
    p.games[0] = first._replace(code="1", kind=Kind.WIN)
    out = write_text(t)
    line = out.splitlines()[_player_line(text, 2)]
    total = t.scoring.totaller()(p)
    assert total == p.points + 1 if p.points is not None else False
    assert Fraction(line[80:84].strip()) == total == Fraction(5)
    assert line[91:101] == "   1 b 1  "  # round 1's block: opponent 1, black, won
    assert not [f for f in check(trfscore.loads(out)) if f.rule == "TRF510" and f.line == _player_line(text, 2) + 1]


def test_an_unchanged_file_is_its_own_bytes():
    text, t = _load()
    assert write_text(t) == text
    assert write_bytes(t) == SAMPLE.read_bytes()


def test_a_player_added_in_code_goes_last_with_the_files_line_ending():
    text, t = _load()
    crlf = text.replace("\n", "\r\n").rstrip("\r\n")  # CRLF, and no line break after the last line
    _, t = _load(crlf)
    t.players.append(Player(start_rank=25, name="Added, New", rating=1500, games=[Game(1, None, None, "Z", Kind.ZERO_BYE)]))
    out = write_text(t)
    assert out.startswith(crlf + "\r\n")
    assert out.endswith("\r\n") and out.count("\n") == crlf.count("\n") + 2
    added = out.splitlines()[-1]
    assert added == format_player(Player(start_rank=25, name="Added, New", rating=1500, points=Fraction(0),
                                         games=[Game(1, None, None, "Z", Kind.ZERO_BYE)]))
    assert added[80:84] == " 0.0" and added[91:99] == "0000 - Z"
    back = trfscore.loads(out).player(25)
    assert (back.name, back.rating, back.points) == ("Added, New", 1500, 0)


def test_a_round_without_any_cell_is_blank_and_a_bye_has_0000():
    p = Player(start_rank=3, name="X, Y", games=[Game(1, None, None, " ", Kind.ABSENT),
                                                  Game(2, None, None, "H", Kind.HALF_BYE), Game(3, 7, "w", "1", Kind.WIN)])
    line = format_player(p)
    assert line[91:101] == "     -    "  # no opponent, no result: blank opponent field
    assert line[101:111] == "0000 - H  "
    assert line[111:] == "   7 w 1"


def test_a_value_that_does_not_fit_its_column_is_refused():
    _, t = _load()
    t.player(1).rating = 12345  # columns 49-52 hold four digits
    with pytest.raises(ValueError) as err:
        write_text(t)
    assert "TRF960" in {f.rule for f in err.value.findings}


def test_the_bytes_keep_the_encoding_or_fall_back_to_utf8(tmp_path):
    text, _ = _load()
    latin = text.replace("Nowhere", "Nöwhere").encode("latin-1")
    t = trfscore.loads(latin)
    assert write_bytes(t) == latin  # read as Latin-1 (or cp1252), written the same way
    t.player(1).name = "Łukasz, Test"  # Ł has no Latin-1 byte
    data = write_bytes(t)
    assert "Łukasz".encode() in data and "Nöwhere".encode() in data  # the whole file in UTF-8
    t.source.encoding = "binary"
    assert write_bytes(t) == write_text(t).encode("utf-8")


def test_a_tournament_from_elsewhere_is_written_afresh_in_its_dialect():
    trf26 = Path(__file__).resolve().parents[2] / "samples" / "swiss-trf26.trf"
    t = trfscore.load(trf26)
    t.source.records = []  # as if built in code
    assert write_text(t) == trfscore.dumps(t, "trf26") != trfscore.dumps(t, "trf16")
    _, t16 = _load()
    t16.source.records = []
    assert write_text(t16) == trfscore.dumps(t16, "trf16")
    empty = trfscore.loads(trfscore.dumps(t16, "json"), "json")
    empty.players.clear()
    assert write_text(empty) == trfscore.dumps(empty, "trf16") != ""


def test_a_header_built_in_code_is_written():
    """Bug fixed: a tournament built in code with a header and no players was written as '' (its
    header lost) by the TRF writer, while trf16 wrote it."""
    from trfscore.model import Header, Tournament

    t = Tournament(header=Header(name="Built"))
    assert write_text(t) == trfscore.dumps(t, "trf16") and write_text(t).startswith("012 Built\n")
    assert write_text(trfscore.loads("", "trf")) == ""  # an empty file read as TRF stays empty


@pytest.mark.parametrize(("text", "eol"), [("012 One line", "\n"), ("012 Old Mac\r", "\r"), ("012 Unix\n", "\n")])
def test_the_line_ending_of_players_added_to_a_short_file(text, eol):
    # the first record's line ending, "\n" when it has none; a last line without one gets it
    t = trfscore.loads(text, "trf")
    t.players.append(Player(start_rank=1, name="Added, New", games=[]))
    out = write_text(t)
    head = text.rstrip("\r\n")
    assert out == head + eol + format_player(Player(start_rank=1, name="Added, New", points=Fraction(0))) + eol
