"""trfscore: read, check, score and convert chess tournament files.

Public API (docs/api.md)::

    import trfscore
    t = trfscore.load("event.trf")           # or trfscore.loads(text); any format, sniffed
    t.findings                               # data problems, never exceptions
    t.standings(tiebreaks=["BH-C1", "SB"])   # FIDE C.07 tie-breaks
    trfscore.check(t, profile="fide")        # what ``trfscore check`` finds
    trfscore.dump(t, "event.json")           # or trfscore.dumps(t, format="trf26")
    trfscore.conversion_losses(t, "pgn")     # what a format cannot keep, as findings
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

if TYPE_CHECKING:
    from .api import WRITE_FORMATS, ConversionLoss, check, conversion_losses, dump, dumps
    from .findings import Finding
    from .loading import load, loads
    from .model import Game, Header, Kind, Player, Scoring, Team
    from .ratinglist import RatingList
    from .standings import StandingRow, Standings
    from .tournament import Tournament

__all__ = ["load", "loads", "dump", "dumps", "conversion_losses", "ConversionLoss", "check", "WRITE_FORMATS",
           "Tournament", "Player", "Game", "Kind", "Header", "Scoring", "Team", "Finding", "Standings", "StandingRow",
           "RatingList"]
__version__ = "0.1.0"

# Each name is imported on first use (PEP 562): ``trfscore --version`` and a command that needs
# only a part of the library do not pay for the rest.
_HOME = {"load": "loading", "loads": "loading", "dump": "api", "dumps": "api", "check": "api",
         "conversion_losses": "api", "ConversionLoss": "api",
         "WRITE_FORMATS": "api", "Finding": "findings", "Game": "model", "Header": "model", "Kind": "model",
         "Player": "model", "Scoring": "model", "Team": "model", "Tournament": "tournament",
         "Standings": "standings", "StandingRow": "standings", "RatingList": "ratinglist"}


__getattr__ = lazy_names(__name__, _HOME, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
