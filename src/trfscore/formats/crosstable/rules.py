"""The CTB rule catalogue: the ids, severities and summaries of what the crosstable reader reports.

Each id is declared here once (:func:`trfscore.findings.declare`); the reader's findings take their
severity from the declaration.
"""
from __future__ import annotations

from ...findings import ERROR, INFO, WARNING, declare_summaries

#: The ids the crosstable reader reports, each declared with its severity and summary.
READER_RULES = declare_summaries(
    "Reported by the crosstable reader (:mod:`trfscore.formats.crosstable`); "
    "see its documentation for examples.", (
    ("CTB100", ERROR, "no crosstable found in the text"),
    ("CTB101", ERROR, "a cell that no crosstable notation reads"),
    ("CTB102", ERROR, "a row whose grid or round cells cannot be located"),
    ("CTB103", WARNING, "the two cells of one round-robin game disagree"),
    ("CTB104", WARNING, "a declared value (points, rank, tie-break) that is not a number, or a score out of range"),
    ("CTB105", WARNING, "row numbers missing, repeated or not 1..n"),
    ("CTB106", INFO, "how the table was read: layout, players, rounds"),
    ("CTB107", ERROR, "an opponent number that is no row of the table"),
    ("CTB108", WARNING, "a player paired twice in one round, or pairings that do not match"),
    ("CTB109", INFO, "lines of text around the table that were not read"),
    ("CTB110", ERROR, "the points the cells give differ from the printed total"),
    ("CTB111", ERROR, "rows of the table that were not read: the layout is uncertain"),
    ("CTB112", WARNING, "colour letters that are not one language's White/Black pair"),
))
