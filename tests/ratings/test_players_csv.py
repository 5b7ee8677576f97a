"""The --players CSV reader: good rows become PlayerInfo, bad ones messages, never exceptions."""
from __future__ import annotations

import io

import pytest
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


# --- every cause and bound, with the messages (the bounds are those of players_csv._INTS and the
# birth-year range 1850-2100 the module documents) ---------------------------------------------

def _one(header: str, row: str) -> tuple[PlayerInfo | None, list[str]]:
    players, msgs = parse_players_csv(f"{header}\n{row}\n", name="p.csv")
    return (next(iter(players.values())) if players else None), msgs


def test_whole_number_columns_keep_their_bounds():
    # (column, lowest accepted, highest accepted, the message's expectation)
    for column, low, high, expected in (("index", 0, 999, "a whole number 0-999"),
                                        ("games_before", 0, 10 ** 6, "a whole number >= 0"),
                                        ("k", 1, 100, "a whole number 1-100, usually 10, 20 or 40")):
        for good in (low, high):
            info, msgs = _one(f"start_rank,{column}", f"1,{good}")
            assert msgs == [] and getattr(info, column) == good
        for bad in (low - 1, high + 1):
            info, msgs = _one(f"start_rank,{column}", f"1,{bad}")
            assert getattr(info, column) is None
            assert msgs == [f"p.csv:2: bad value '{bad}' in column {column} (expected {expected})"]


def test_start_rank_bounds_and_a_row_without_a_key():
    assert _one("start_rank", "1")[0].start_rank == 1
    assert _one("start_rank", "1000000")[0].start_rank == 10 ** 6
    info, msgs = _one("start_rank", "0")
    assert info is None
    assert msgs == ["p.csv:2: bad value '0' in column start_rank (expected a positive whole number)",
                    "p.csv:2: row without a usable fide_id or start_rank ignored"]


def test_fide_ids_are_digits_without_leading_zeros():
    assert _one("fide_id", "0004 100 018")[0].fide_id == "4100018"  # blanks and leading zeros dropped
    info, msgs = _one("fide_id", "0")
    assert info is None and msgs[0] == "p.csv:2: bad value '0' in column fide_id (expected a FIDE id, digits only)"
    assert _one("fide_id", "41x")[1][0] == "p.csv:2: bad value '41x' in column fide_id (expected a FIDE id, digits only)"


def test_birth_year_forms_and_range():
    for text, year in (("1850", 1850), ("2100", 2100), ("1990-05-01", 1990), ("1990/5/1", 1990),
                       ("01.05.1990", 1990), ("1.5.1990", 1990)):
        info, msgs = _one("start_rank,birth_year", f"1,{text}")
        assert (info.birth_year, msgs) == (year, []), text
    for text in ("1849", "2101", "90", "05.1990"):
        info, msgs = _one("start_rank,birth_year", f"1,{text}")
        assert info.birth_year is None
        assert msgs == [f"p.csv:2: bad value '{text}' in column birth_year (expected a year such as 1990 or a date)"]


def test_dwz_with_and_without_index():
    info, msgs = _one("start_rank,dwz", "1,1742 - 81")
    assert (info.dwz, info.index, msgs) == (1742, 81, [])
    info, msgs = _one("start_rank,dwz,index", "1,1742-81,81")  # the same index twice: no message
    assert (info.dwz, info.index, msgs) == (1742, 81, [])
    info, msgs = _one("start_rank,dwz,index", "1,1742-81,80")
    assert info.index == 80
    assert msgs == ["p.csv:2: index 80 differs from the one in the dwz column; the index column is used"]
    info, msgs = _one("start_rank,dwz", "1,17420")
    assert info.dwz is None
    assert msgs == ["p.csv:2: bad value '17420' in column dwz (expected a rating such as 1742 or 1742-81)"]


def test_reached_2400_words():
    for word in ("1", "y", "yes", "TRUE", "t", "ja", "j", "x", "wahr"):
        assert _one("start_rank,reached_2400", f"1,{word}")[0].reached_2400 is True, word
    for word in ("0", "n", "no", "false", "f", "nein", "falsch", "-"):
        assert _one("start_rank,reached_2400", f"1,{word}")[0].reached_2400 is False, word
    assert _one("start_rank,reached_2400", "1,")[0].reached_2400 is None
    assert _one("start_rank,reached_2400", "1,maybe")[1] == [
        "p.csv:2: bad value 'maybe' in column reached_2400 (expected yes or no)"]


def test_header_messages_and_separators():
    players, msgs = parse_players_csv("\n\nstart_rank|DWZ|Start-Rank|note\n1|1500|2|x|y\n", name="p.csv")
    # the header is line 3 (two blank lines before it); '|' counted most often in it
    assert msgs == ["p.csv:3: column 'Start-Rank' repeated, later one ignored",
                    "p.csv:3: unknown column 'note' ignored",
                    "p.csv:4: more cells than columns; extra cells ignored"]
    assert players == {("start_rank", 1): PlayerInfo(start_rank=1, dwz=1500, line=4)}
    players, msgs = parse_players_csv("start_rank\tdwz\n7\t1600\n")
    assert msgs == [] and players[("start_rank", 7)].dwz == 1600
    players, msgs = parse_players_csv("start_rank\n7\n")  # no separator in the header: comma
    assert msgs == [] and ("start_rank", 7) in players
    # a surplus cell that is blank is no message
    assert parse_players_csv("start_rank,dwz\n7,1600, \n")[1] == []


def test_blank_rows_are_skipped_and_line_numbers_follow_the_file():
    players, msgs = parse_players_csv("start_rank,k\n1,10\n,\n2,0\n", name="p.csv")
    assert sorted(players) == [("start_rank", 1), ("start_rank", 2)]
    assert msgs == ["p.csv:4: bad value '0' in column k (expected a whole number 1-100, usually 10, 20 or 40)"]
    assert players[("start_rank", 2)].line == 4


def test_a_duplicate_key_names_both_lines():
    players, msgs = parse_players_csv("fide_id,start_rank\n100,1\n100,2\n", name="p.csv")
    assert msgs == ["p.csv:3: fide_id 100 already given on line 2; this row ignored for it"]
    assert players[("start_rank", 2)].line == 3  # its other key is new: kept under it


def test_read_from_binary_streams_and_unreadable_ones():
    players, msgs = read_players_csv(io.BytesIO("start_rank;dwz\n1;1500\n".encode("cp1252")))
    assert msgs == [] and players[("start_rank", 1)].dwz == 1500

    class Broken(io.StringIO):
        name = "broken.csv"

        def read(self, *args):
            raise OSError("device gone")

    assert read_players_csv(Broken()) == ({}, ["broken.csv: cannot read: device gone"])


def test_lookup_falls_back_to_the_start_rank():
    players, _ = parse_players_csv("fide_id,start_rank,k\n100,1,10\n,2,20\n")
    assert lookup_player(players, fide_id=" 0100 ").k == 10  # read as the reader reads ids
    assert lookup_player(players, fide_id="0", start_rank=2).k == 20  # id 0 is no id
    assert lookup_player(players, fide_id="abc", start_rank=2).k == 20
    assert lookup_player(players, fide_id="100") is not None
    assert lookup_player(players, fide_id="999") is None
    assert lookup_player({}, start_rank=1) is None


@pytest.mark.parametrize(("heading", "column"), [
    ("fide_id", "fide_id"), ("FideID", "fide_id"), ("FIDE", "fide_id"), ("ID FIDE", "fide_id"),
    ("Start Rank", "start_rank"), ("startrank", "start_rank"), ("Rank", "start_rank"),
    ("Start-Number", "start_rank"), ("Start No.", "start_rank"), ("SNr", "start_rank"), ("TlN", "start_rank"),
    ("DWZ Index", "index"), ("Index", "index"), ("Birth Year", "birth_year"), ("BirthYear", "birth_year"),
    ("Birth", "birth_year"), ("Born", "birth_year"), ("YoB", "birth_year"),
    ("Games Before", "games_before"), ("Games", "games_before"), ("Reached 2400", "reached_2400"), ("K", "k"),
])
def test_every_heading_alias(heading, column):
    key = "start_rank" if column != "start_rank" else "fide_id"
    value = {"fide_id": "4100018", "start_rank": "3", "index": "81", "birth_year": "1964", "games_before": "250",
             "reached_2400": "yes", "k": "20"}[column]
    players, msgs = parse_players_csv(f"{key};{heading}\n7;{value}\n")
    assert msgs == []
    info = next(iter(players.values()))
    expected = {"fide_id": "4100018", "start_rank": 3, "index": 81, "birth_year": 1964, "games_before": 250,
                "reached_2400": True, "k": 20}[column]
    assert getattr(info, column) == expected


def test_the_comma_is_the_separator_when_the_heading_has_none():
    players, msgs = parse_players_csv("start_rank\n7,1600\n", name="p.csv")
    assert msgs == ["p.csv:2: more cells than columns; extra cells ignored"]


def test_surplus_cells_are_reported_when_any_is_filled():
    assert parse_players_csv("start_rank,dwz\n7,1600,,x\n", name="p.csv")[1] == [
        "p.csv:2: more cells than columns; extra cells ignored"]


def test_unreadable_header_and_rows():
    # the csv module refuses a cell longer than its field limit (131,072 characters)
    huge = "x" * 200_000
    assert parse_players_csv(f'\n"{huge}\n', name="p.csv") == ({}, [
        "p.csv:2: cannot read the header: field larger than field limit (131072)"])
    players, msgs = parse_players_csv(f'start_rank,k\n1,10\n2,"{huge}\n', name="p.csv")
    assert ("start_rank", 1) in players
    assert msgs == ["p.csv:3: unreadable row: field larger than field limit (131072)"]


def test_messages_name_the_heading_line():
    assert parse_players_csv("\n\ndwz,k\n1500,20\n", name="p.csv") == ({}, [
        "p.csv:3: no 'fide_id' or 'start_rank' column"])


def test_a_stream_without_a_name_and_undecodable_bytes():
    # 0x81 is no character of Windows-1252: read as Latin-1 (formats/decode.py), the row still read
    players, msgs = read_players_csv(io.BytesIO(b"start_rank;dwz;club\n1;1500;M\x81ller\n"))
    assert players[("start_rank", 1)].dwz == 1500
    assert msgs == ["players.csv:1: unknown column 'club' ignored"]


def test_a_missing_file_says_why(tmp_path):
    path = tmp_path / "nope.csv"
    assert read_players_csv(path) == ({}, [f"{path}: cannot read: No such file or directory"])


def test_the_smallest_fide_id_and_the_largest_start_rank():
    assert _one("fide_id", "1")[0].fide_id == "1"
    info, msgs = _one("start_rank", "1000001")
    assert info is None and msgs[0] == ("p.csv:2: bad value '1000001' in column start_rank "
                                        "(expected a positive whole number)")


def test_lookup_by_the_smallest_fide_id():
    players, _ = parse_players_csv("fide_id,start_rank,k\n1,5,10\n,2,20\n")
    assert lookup_player(players, fide_id="1", start_rank=2).k == 10


def test_reading_goes_on_after_an_unreadable_row():
    huge = "x" * 200_000  # quoted and closed, but longer than the csv module's field limit
    players, msgs = parse_players_csv(f'\nstart_rank,k\n1,10\n2,"{huge}"\n3,30\n', name="p.csv")
    assert sorted(players) == [("start_rank", 1), ("start_rank", 3)]  # the row after it is read
    assert msgs == ["p.csv:4: unreadable row: field larger than field limit (131072)"]  # the file's line 4


def test_the_separator_counted_most_often_wins():
    # two commas and one semicolon in the heading: comma-separated, 'k;x' one (unknown) heading
    players, msgs = parse_players_csv("start_rank,dwz,k;x\n1,1500,20;x\n")
    assert players[("start_rank", 1)].dwz == 1500
    assert msgs == ["players.csv:1: unknown column 'k;x' ignored"]
