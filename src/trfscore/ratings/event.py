"""What the rating calculations read off a tournament besides the games: the end date (it
selects the rules in force), a player's row of the players CSV and a birth year from the
player's birth date text."""
from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .players_csv import PlayerInfo, PlayerKey, lookup_player

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Player, Tournament

__all__ = ["NO_INFO", "as_date", "end_date", "player_info", "year_of_birth"]

NO_INFO = PlayerInfo()  # a player the players CSV says nothing about


def year_of_birth(text: str) -> int | None:
    """The year in a birth date text (1800-2099), or None."""
    match = re.search(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)", text)
    return int(match.group(1)) if match else None


def as_date(value: _dt.date | str | int) -> _dt.date:
    """A date given as a date, a year (its last day) or text: ``YYYY-MM-DD``, ``YYYY/MM/DD``,
    ``DD.MM.YYYY``, ``YY/MM/DD`` (20YY), ``YYYY-MM`` (the 1st) or ``YYYY`` (the 31st of December).
    Raises ValueError for text that is not a date."""
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    texts = str(value).strip().replace("/", "-").replace(".", "-").split("-")
    if len(texts) == 3 and len(texts[2]) == 4:  # DD.MM.YYYY
        texts.reverse()
    parts = [int(text) for text in texts]
    if len(parts) == 1:
        return _dt.date(parts[0], 12, 31)
    year, month, day = (*parts, 1) if len(parts) == 2 else parts
    return _dt.date(year + 2000 if year < 100 else year, month, day)


def end_date(tournament: Tournament) -> _dt.date | None:
    """The tournament's last day (the ISO text, else the header's), or None."""
    header = tournament.header
    for text in (header.end_date_iso, header.end_date):
        if text:
            try:
                return _dt.date.fromisoformat(text)
            except ValueError:
                continue
    return None


def player_info(players: Mapping[PlayerKey, PlayerInfo] | None, p: Player) -> PlayerInfo:
    """The player's row of the players CSV (by FIDE id, then start rank), else :data:`NO_INFO`."""
    return lookup_player(players, fide_id=p.fide_id, start_rank=p.start_rank) or NO_INFO
