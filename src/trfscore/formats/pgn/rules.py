"""The PGN reader's rule catalogue, and the sink its findings go through."""
from __future__ import annotations

from ...findings import ERROR, INFO, WARNING, CappedFindings, Finding, declare_summaries, finding

#: The ids the PGN reader reports, each declared with its severity and summary.
READER_RULES = declare_summaries(
    "Reported by the PGN reader (:mod:`trfscore.formats.pgn`); "
    "see its documentation for examples.", (
    ("PGN100", ERROR, "the input is not PGN (no tag pairs found)"),
    ("PGN101", WARNING, "a tag line that is not a well-formed tag pair"),
    ("PGN102", WARNING, "python-chess read a different number of games than the text holds"),
    ("PGN103", WARNING, "the file is not UTF-8, or mixes encodings line by line"),
    ("PGN104", WARNING, "a game without White or Black"),
    ("PGN105", WARNING, "a Result that is not 1-0, 0-1, 1/2-1/2 or *"),
    ("PGN106", WARNING, "illegal or unreadable moves (only when moves are read)"),
    ("PGN107", WARNING, "a Round tag that gives no round number"),
    ("PGN108", WARNING, "a player with two games in one round"),
    ("PGN109", WARNING, "a FIDE id that is not a number"),
    ("PGN110", ERROR, "the file holds several events and none was picked (--event)"),
    ("PGN111", ERROR, "no single event of the file answers to the --event given"),
    ("PGN201", INFO, "a game read as a forfeit (which convention)"),
    ("PGN202", INFO, "a game read as a bye (which convention)"),
    ("PGN112", INFO, "Round tags r.g read as the games of a match (round.game)"),
    ("PGN203", INFO, "a game not finished (result '*'): paired, its result pending, not scored"),
    ("PGN210", INFO, "the file holds other events than the one read"),
    ("PGN211", WARNING, "games without an Event tag, read as games of the file's one event"),
))


class Sink(CappedFindings):
    """The reader's findings: at most :data:`~trfscore.findings.MAX_PER_RULE` of one rule (the
    rest counted, see ``close``), each labelled with the file it comes from when there are several."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__(findings)
        self.file = ""

    def add(self, rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "") -> None:
        """Add a finding of ``rule`` with its registered severity."""
        if self.file:
            message = f"{self.file}: {message}"
        self(finding(rule, message, line, column, hint, text))
