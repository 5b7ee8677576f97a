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
    ("CTB100", ERROR, "no crosstable found in the text",
     "error: nothing is read, so no number can be computed; the text is no crosstable"),
    ("CTB101", ERROR, "a cell that no crosstable notation reads",
     "error: a game that cannot be read would be left out of every score and tie-break computed from the table"),
    ("CTB102", ERROR, "a row whose grid or round cells cannot be located",
     "error: a row whose cells cannot be placed loses that player's games, so every score computed would be "
     "wrong"),
    ("CTB103", WARNING, "the two cells of one round-robin game disagree",
     "warning: one of the two cells of the game is a typo; both are kept as written and a person decides which "
     "is right"),
    ("CTB104", WARNING, "a declared value (points, rank, tie-break) that is not a number, or a score out of range",
     "warning: the declared value is only compared with what the cells give, never used to compute; a person "
     "corrects it"),
    ("CTB105", WARNING, "row numbers missing, repeated or not 1..n",
     "warning: the rows are numbered in order instead, which reads the games right when the numbering is "
     "merely untidy; a person confirms"),
    ("CTB106", INFO, "how the table was read: layout, players, rounds",
     "info: it only says how the table was read (layout, players, rounds), for a person to confirm the reading"),
    ("CTB107", ERROR, "an opponent number that is no row of the table",
     "error: a game against a player the table does not hold cannot be scored for both sides, so scores and "
     "tie-breaks would be wrong"),
    ("CTB108", WARNING, "a player paired twice in one round, or pairings that do not match",
     "warning: the table contradicts itself about who met whom; each cell is read as written and a person "
     "settles it"),
    ("CTB109", INFO, "lines of text around the table that were not read",
     "info: titles, footnotes and legends around a table are normal on results pages; they are listed so "
     "nothing is lost unseen"),
    ("CTB110", ERROR, "the points the cells give differ from the printed total",
     "error: the table's own printed total contradicts its cells, so either the reading or the table is wrong "
     "and a computed number would differ from the published one"),
    ("CTB111", ERROR, "rows of the table that were not read: the layout is uncertain",
     "error: rows were left unread, so players or games are missing from every number computed"),
    ("CTB112", WARNING, "colour letters that are not one language's White/Black pair",
     "warning: the letters were read by the language that fits best; a wrong guess swaps colours, which a "
     "person should confirm"),
))
