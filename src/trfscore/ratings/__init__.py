"""Rating calculations: DWZ (classic Wertungsordnung and the 2026 reform) and FIDE Elo (B.02).

The public API::

    dwz_update(rating, index, age, opponents, score, *, edition="classic")  -> DwzResult
    fide_update(rating, opponents, score, *, birth_year=None, games_before=None,
                reached_2400=False, k=None, period=None)                     -> FideResult
    rate_tournament(tournament, system="fide"|"dwz", players=None, edition=None)
    read_players_csv(path) -> (players, messages)

Results are frozen dataclasses with exact values (Fractions) and the steps of the calculation.
See ``docs/ratings.md``.
"""
from __future__ import annotations

from .dwz import REFORM_2026, DwzResult, Reform2026, dwz_edition_for, dwz_update
from .fide import FideResult, fide_performance, fide_update
from .numbers import round_half_away
from .players_csv import PlayerInfo, lookup_player, parse_players_csv, read_players_csv
from .result import RatingResult
from .tournament import rate_tournament

__all__ = [
    "dwz_update", "fide_update", "rate_tournament", "dwz_edition_for", "fide_performance",
    "RatingResult", "DwzResult", "FideResult", "Reform2026", "REFORM_2026", "round_half_away",
    "PlayerInfo", "read_players_csv", "parse_players_csv", "lookup_player",
]
