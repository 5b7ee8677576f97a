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

from ..lazy import lazy_names

# Names are imported on first use (PEP 562), so that ``import trfscore.ratings.tables`` (the
# rating-based tie-breaks need only the FIDE tables) does not load every calculation.
_WHERE = {
    "REFORM_2026": "dwz", "DwzResult": "dwz", "Reform2026": "dwz", "dwz_edition_for": "dwz", "dwz_update": "dwz",
    "FideResult": "fide", "fide_performance": "fide", "fide_update": "fide",
    "round_half_away": "numbers", "RatingResult": "result", "rate_tournament": "tournament",
    "PlayerInfo": "players_csv", "lookup_player": "players_csv", "parse_players_csv": "players_csv",
    "read_players_csv": "players_csv",
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "dwz_update", "fide_update", "rate_tournament", "dwz_edition_for", "fide_performance",
    "RatingResult", "DwzResult", "FideResult", "Reform2026", "REFORM_2026", "round_half_away",
    "PlayerInfo", "read_players_csv", "parse_players_csv", "lookup_player",
]
