"""What the rating calculations read off a tournament besides the games (ratings/event.py): the
birth year in a birth-date text, the end date that selects the rules in force, a player's row of
the players CSV."""
from __future__ import annotations

import datetime as dt

import pytest

from trfscore.model import Header, Player, Tournament
from trfscore.ratings.event import NO_INFO, end_date, player_info, year_of_birth
from trfscore.ratings.players_csv import parse_players_csv


@pytest.mark.parametrize(("text", "year"), [
    ("1990/05/01", 1990),  # TRF16 001 columns 70-79: YYYY/MM/DD
    ("1990", 1990),
    ("01.05.1990", 1990),
    ("1800", 1800), ("1899", 1899), ("2000", 2000), ("2099", 2099),  # the range the docstring gives
    ("1799", None), ("2100", None), ("1700/01/01", None),
    ("19901", None), ("11990", None),  # a year is four digits, not part of a longer number
    ("", None), ("    ", None), ("90/05/01", None),
])
def test_year_of_birth(text, year):
    assert year_of_birth(text) == year


def _event(iso: str | None, text: str | None) -> Tournament:
    return Tournament(header=Header(end_date_iso=iso, end_date=text))


def test_end_date_prefers_the_iso_text_then_the_header_text():
    assert end_date(_event("2026-06-08", "2025-01-01")) == dt.date(2026, 6, 8)
    assert end_date(_event(None, "2025-01-01")) == dt.date(2025, 1, 1)
    assert end_date(_event("2026/06/08", "2025-01-01")) == dt.date(2025, 1, 1)  # unreadable ISO: the next
    assert end_date(_event("", "")) is None
    assert end_date(_event("junk", "more junk")) is None


def test_player_info_by_fide_id_then_start_rank():
    rows, _ = parse_players_csv("fide_id,start_rank,k\n4100018,,10\n,2,20\n")
    assert player_info(rows, Player(start_rank=1, fide_id="4100018")).k == 10
    assert player_info(rows, Player(start_rank=2, fide_id="999")).k == 20
    assert player_info(rows, Player(start_rank=3)) is NO_INFO
    assert player_info(None, Player(start_rank=2)) is NO_INFO
    assert player_info({}, Player(start_rank=2)) is NO_INFO
    assert NO_INFO.k is None and NO_INFO.dwz is None
