"""Tie-break engine: every FIDE C.07 tie-break under every edition of the rules.

Public API (the CLI uses these):

* :func:`parse_tiebreak_list` ``("BH-C1,BH,SB") -> ["BH-C1", "BH", "SB"]``; ValueError with a
  message for the user on an unknown code;
* :data:`EDITIONS` (name -> :class:`Edition`), :data:`EDITION_NAMES` (``auto`` first);
* :data:`TIEBREAKS` (base code -> definition with name and article);
* :class:`Explanation` (``str()`` and ``to_dict()``).

Ranking lives in :mod:`trfscore.standings` (``compute_standings``).  Layout: ``unplayed.py`` is
the only module where editions differ; one module per family; ``registry.py`` parses codes.
"""
from __future__ import annotations

from .editions import EDITION_NAMES, EDITIONS, Edition, edition_for_date, get_edition
from .explain import Explanation, Term
from .registry import TIEBREAKS, known_codes, parse_tiebreak, parse_tiebreak_list

__all__ = ["EDITIONS", "EDITION_NAMES", "Edition", "edition_for_date", "get_edition",
           "Explanation", "Term", "TIEBREAKS", "known_codes", "parse_tiebreak",
           "parse_tiebreak_list"]
