"""FIDE title norms (Handbook B.01, editions 2017, 2022, 2024) from a tournament file.

:func:`tournament_norms` (``Tournament.norms()``, ``trfscore norms``) judges, for every player
and every norm the player could gain (GM, IM, and for women WGM, WIM), each condition of the
regulations with its article.  The modules, one job each: :mod:`.editions` (the editions and
the norm types' figures), :mod:`.event` (the event read once, with the options for what a TRF
does not say), :mod:`.games` (a player's games counted and not included), :mod:`.conditions`
(one function per article), :mod:`.engine` (the verdicts, games ignored, the norm's length),
:mod:`.forecast` (the remaining rounds' needs), :mod:`.explain` (text and JSON) and
:mod:`.certificate` (the data of FIDE's certificate of title result).  See docs/norms.md.
"""
from __future__ import annotations

from .editions import EDITIONS, NORM_TYPES
from .engine import NormResult, Norms, PlayerNorms, tournament_norms
from .event import EVENT_TYPES, SYSTEMS, Options

__all__ = ["EDITIONS", "NORM_TYPES", "EVENT_TYPES", "SYSTEMS", "Options", "NormResult", "Norms", "PlayerNorms",
           "tournament_norms"]
