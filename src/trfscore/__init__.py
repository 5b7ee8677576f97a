"""trfscore: read, check, score and convert chess tournament files.

Public API (docs/api.md)::

    import trfscore
    t = trfscore.load("event.trf")           # or trfscore.loads(text); any format, sniffed
    t.findings                               # data problems, never exceptions
    t.standings(tiebreaks=["BH-C1", "SB"])   # FIDE C.07 tie-breaks
    trfscore.check(t, profile="fide")        # what ``trfscore check`` finds
    trfscore.dump(t, "event.json")           # or trfscore.dumps(t, format="trf26")
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .api import WRITE_FORMATS, check, dump, dumps
from .findings import Finding
from .loading import load, loads
from .model import Game, Header, Kind, Player, Scoring, Team, Tournament

if TYPE_CHECKING:  # imported on first use: the tie-break engine is not needed to read or check
    from .ratinglist import RatingList
    from .standings import StandingRow, Standings

__all__ = ["load", "loads", "dump", "dumps", "check", "WRITE_FORMATS", "Tournament", "Player", "Game", "Kind",
           "Header", "Scoring", "Team", "Finding", "Standings", "StandingRow", "RatingList"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in ("Standings", "StandingRow"):
        from . import standings

        return getattr(standings, name)
    if name == "RatingList":  # imported on first use, like the standings
        from .ratinglist import RatingList

        return RatingList
    raise AttributeError(f"module 'trfscore' has no attribute {name!r}")
