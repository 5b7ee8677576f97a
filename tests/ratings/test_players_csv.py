"""The --players CSV reader: good rows become PlayerInfo, bad ones messages, never exceptions."""
from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.ratings.players_csv import (
    PlayerInfo,
    lookup_player,
    parse_players_csv,
    read_players_csv,
)


def test_full_row_by_fide_id_and_start_rank():
    text = ("fide_id,start_rank,dwz,index,birth_year,games_before,reached_2400,k\n"
            "4100018,3,1742,81,1964,250,no,20\n")
    players, msgs = parse_players_csv(text)
    assert msgs == []
    info = players[("fide_id", "4100018")]
    assert info is players[("start_rank", 3)]
    assert info == PlayerInfo(fide_id="4100018", start_rank=3, dwz=1742, index=81,
                              birth_year=1964, games_before=250, reached_2400=False, k=20,
                              line=2)


def test_semicolon_bom_aliases_and_dwz_with_index(tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes("\ufeffFIDE ID;DWZ;Birth\r\n 012345 ;1742-81;1990/05/01\r\n".encode())
    players, msgs = read_players_csv(path)
    assert msgs == []
    info = players[("fide_id", "12345")]
    assert (info.dwz, info.index, info.birth_year) == (1742, 81, 1990)


def test_windows_1252_file(tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes("start_rank;dwz;name\n1;1500;M\xfcller\n".encode("cp1252"))
    players, msgs = read_players_csv(path)
    assert players[("start_rank", 1)].dwz == 1500
    assert any("unknown column 'name'" in m for m in msgs)


def test_bad_values_become_messages():
    text = ("start_rank,dwz,index,birth_year,reached_2400,k,games_before\n"
            "1,abc,x,19x0,maybe,0,-3\n"
            "two,1500,,,,,\n"
            ",,,,,,\n"
            "3,1600-5,7,,yes,,\n")
    players, msgs = parse_players_csv(text, name="p.csv")
    assert players[("start_rank", 1)] == PlayerInfo(start_rank=1, line=2)
    assert ("start_rank", 3) in players and players[("start_rank", 3)].index == 7
    joined = "\n".join(msgs)
    for column in ("dwz", "index", "birth_year", "reached_2400", "k", "games_before"):
        assert f"column {column}" in joined
    assert "p.csv:3:" in joined and "without a usable fide_id or start_rank" in joined
    assert "p.csv:5: index 7 differs" in joined
    assert players[("start_rank", 3)].reached_2400 is True


def test_duplicates_keep_the_first_row():
    players, msgs = parse_players_csv("start_rank,dwz\n1,1500\n1,1600\n")
    assert players[("start_rank", 1)].dwz == 1500
    assert len(msgs) == 1 and "already given on line 2" in msgs[0]


def test_missing_key_column_and_empty_and_missing_file(tmp_path):
    players, msgs = parse_players_csv("dwz,index\n1500,3\n")
    assert players == {} and "no 'fide_id' or 'start_rank' column" in msgs[-1]
    assert parse_players_csv("\n\n") == ({}, ["players.csv: empty file"])
    players, msgs = read_players_csv(tmp_path / "nope.csv")
    assert players == {} and "cannot read" in msgs[0]


def test_open_text_file():
    players, msgs = read_players_csv(io.StringIO("start_rank\tk\n4\t40\n"))
    assert msgs == [] and players[("start_rank", 4)].k == 40


def test_lookup_prefers_fide_id():
    players, _ = parse_players_csv("fide_id,start_rank,k\n100,1,10\n,2,20\n")
    assert lookup_player(players, fide_id="100", start_rank=2).k == 10
    assert lookup_player(players, fide_id="999", start_rank=2).k == 20
    assert lookup_player(players, fide_id="", start_rank=1).k == 10
    assert lookup_player(None, fide_id="100") is None


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_never_raises(text):
    players, msgs = parse_players_csv("start_rank,fide_id,dwz,index,birth_year,k\n" + text)
    assert isinstance(players, dict) and isinstance(msgs, list)
    parse_players_csv(text)
