"""trfscore: read, check, score and convert chess tournament files.

Public API::

    import trfscore
    t = trfscore.load("event.trf")          # or trfscore.loads(text)
    t.findings                               # data problems, never exceptions
    t.standings(tiebreaks=["BH-C1", "SB"])   # FIDE C.07 tie-breaks
"""
from __future__ import annotations

from .findings import Finding
from .loading import load, loads
from .model import Game, Header, Kind, Player, Scoring, Team, Tournament

__all__ = ["load", "loads", "Tournament", "Player", "Game", "Kind", "Header", "Scoring", "Team", "Finding"]
__version__ = "0.1.0"
