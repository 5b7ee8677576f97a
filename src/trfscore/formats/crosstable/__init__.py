"""Plain-text crosstables (round-robin grids and Swiss tables): reading.

This package owns the meaning of pasted crosstable text.  ``grammars/crosstable.lark`` types
every item of every line (number, rank with a dot, round-robin cell, Swiss cell, bye code,
title, federation, word); its terminals, in the order lark's lexer tries them, run here as one
regular expression that types each distinct item (:func:`lex`, the tokens of the LALR parse at a
fraction of its cost), and the layout detection below decides which items are the grid, which
are the name and which are declared columns.  It reads the crosstables of FIDE rating reports, chess-results, US Chess
and FIDE-style cells, and ``docs/formats.md`` lists the notations and its own choices.

Round-robin grids have no rounds: :mod:`.grid` puts their games into Berger-table rounds.

Declared columns are kept as declared: points in :attr:`Player.points`, a rank column in
:attr:`Player.rank`, tie-break columns in ``t.extras["declared"][start_rank][code]`` (codes such
as ``"SB"`` for a column headed ``ns``, ``SB`` or ``S-B``), with the source position of every
declared value in ``t.extras["declared_at"][start_rank][code] = [line, column]`` (``"PTS"`` and
``"RANK"`` included) and the printed heading in ``t.extras["declared_labels"][code]``.

Nothing here raises for bad input: an unreadable cell becomes a finding with its line, column
and text, and the rest of the table is still read.

Modules: :mod:`.rules` (the CTB rule ids), :mod:`.lexing` (items), :mod:`.cells` (cell
notations), :mod:`.labels` (header labels), :mod:`.rows` (lines as cells, rows), :mod:`.locate`
(finding the table), :mod:`.columns` (name, rating ... beside the results), :mod:`.state`
(findings and declared values), :mod:`.grid` (round-robin grids), :mod:`.swiss` (Swiss tables)
and :mod:`.reader` (:func:`read`, :func:`sniff`).
"""
from __future__ import annotations

from .cells import KIND_OF, MIRROR, is_diagonal, parse_number, rr_cell, swiss_cell
from .columns import FEDERATIONS
from .grid import berger
from .labels import label_role
from .lexing import Tok, classify, lex
from .reader import MAX_TEXT, read, sniff
from .rows import HeadRow, Row
from .rules import READER_RULES

__all__ = [
    "FEDERATIONS", "KIND_OF", "MAX_TEXT", "MIRROR", "READER_RULES", "HeadRow", "Row", "Tok", "berger",
    "classify", "is_diagonal", "label_role", "lex", "parse_number", "read", "rr_cell", "sniff", "swiss_cell",
]
