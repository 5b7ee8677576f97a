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

from typing import TYPE_CHECKING

from ..lazy import lazy_names
from .editions import EDITION_NAMES, EDITIONS, Edition, edition_for_date, get_edition
from .registry import TIEBREAKS, known_codes, parse_tiebreak, parse_tiebreak_list

if TYPE_CHECKING:
    from .explain import Explanation, Term

__all__ = ["EDITIONS", "EDITION_NAMES", "Edition", "edition_for_date", "get_edition",
           "Explanation", "Term", "TIEBREAKS", "known_codes", "parse_tiebreak",
           "parse_tiebreak_list"]

# Explanations are imported on first use (PEP 562): ranking, as a report does, builds none.
__getattr__ = lazy_names(__name__, {"Explanation": "explain", "Term": "explain"}, globals())
