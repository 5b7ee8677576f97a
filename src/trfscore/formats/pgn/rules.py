"""The PGN reader's rule catalogue, and the sink its findings go through."""
from __future__ import annotations

from ...findings import ERROR, INFO, WARNING, CappedFindings, Finding, declare_summaries, finding

#: The ids the PGN reader reports, each declared with its severity and summary.
READER_RULES = declare_summaries(
    "Reported by the PGN reader (:mod:`trfscore.formats.pgn`); "
    "see its documentation for examples.", (
    ("PGN100", ERROR, "the input is not PGN (no tag pairs found)",
     "error: nothing can be read from a file with no tag pairs (PGN standard 8.1)"),
    ("PGN101", WARNING, "a tag line that is not a well-formed tag pair",
     'warning: the PGN standard (8.1) writes a tag pair as [Name "value"]; the line is skipped and a person '
     "should look"),
    ("PGN102", WARNING, "python-chess read a different number of games than the text holds",
     "warning: a game lost or run together changes a player's score, so a person should compare the count"),
    ("PGN103", WARNING, "the file is not UTF-8, or mixes encodings line by line",
     "warning: the PGN standard's character set is ISO 8859-1 and most programs write UTF-8; names read in a "
     "guessed encoding may be garbled"),
    ("PGN104", WARNING, "a game without White or Black",
     "warning: the PGN standard's Seven Tag Roster (8.1.1) requires White and Black; a game without them is "
     "skipped, which a person should look at"),
    ("PGN105", WARNING, "a Result that is not 1-0, 0-1, 1/2-1/2 or *",
     "warning: the PGN standard (8.1.1.7) allows only these four results; the game is read as an unknown "
     "result, which a person must settle before the event is rated"),
    ("PGN106", WARNING, "illegal or unreadable moves (only when moves are read)",
     "warning: the moves do not change a score or tie-break; only when moves are read are they worth a look"),
    ("PGN107", WARNING, "a Round tag that gives no round number",
     "warning: the PGN standard (8.1.1.4) allows '?' and '-' for an unknown round; the game is put in the "
     "first round both players are free, which a person should confirm"),
    ("PGN108", WARNING, "a player with two games in one round",
     "warning: a player meets one opponent per round; only the first game is kept, so a person should find the "
     "game in the wrong round (or read a match with --round-mode round.game)"),
    ("PGN109", WARNING, "a FIDE id that is not a number",
     "warning: the FIDE id (FideId tag) is the player's number in FIDE's list; the player is matched by name "
     "instead, which a person should confirm"),
    ("PGN110", ERROR, "the file holds several events and none was picked (--event)",
     "error: games of several events read as one tournament would give wrong scores and tie-breaks, so the "
     "reader asks which one"),
    ("PGN111", ERROR, "no single event of the file answers to the --event given",
     "error: the --event asked for names none or several of the file's events, so nothing can be read as asked"),
    ("PGN113", ERROR, "a game with the same player as White and Black",
     "error: a game has two players (PGN standard 8.1.1.5-6: White and Black); one with the same player on "
     "both sides cannot be scored, so it is left out and a person must name the real opponent"),
    ("PGN201", INFO, "a game read as a forfeit (which convention)",
     "info: PGN has no forfeit notation; the convention used is a tolerated form, said so a person can confirm"),
    ("PGN202", INFO, "a game read as a bye (which convention)",
     "info: PGN has no bye notation; the convention used is a tolerated form, said so a person can confirm"),
    ("PGN112", INFO, "Round tags r.g read as the games of a match (round.game)",
     "info: a match's r.g numbering is a tolerated form (the PGN standard, 8.1.1.4, allows sub-round numbers); "
     "it only says how it was read"),
    ("PGN203", INFO, "a game not finished (result '*'): paired, its result pending, not scored",
     "info: the PGN standard (8.1.1.7) writes '*' for a game in progress; it is paired and not yet scored, "
     "which is normal mid-event"),
    ("PGN204", INFO, "a game not finished (result '*') scored as the user asked (--unfinished draw or zero)",
     "info: the user chose to score games not finished (--unfinished, unfinished=); it says which games "
     "the choice scored"),
    ("PGN210", INFO, "the file holds other events than the one read",
     "info: a file with several events is common (one download holds many); the others are not lost, only not "
     "read now"),
    ("PGN211", WARNING, "games without an Event tag, read as games of the file's one event",
     "warning: the Seven Tag Roster (PGN standard 8.1.1) requires Event; the games are assumed to belong to "
     "the one event, which a person should confirm"),
))

#: The rules of a game the reader read and left out (a second game in a round, one player as
#: both White and Black): its players' points are short, so ``report`` and ``convert`` exit 1.
DROPPED_GAMES = ("PGN108", "PGN113")


class Sink(CappedFindings):
    """The reader's findings: at most :data:`~trfscore.findings.MAX_PER_RULE` of one rule (the
    rest counted, see ``close``), each labelled with the file it comes from when there are several."""

    def __init__(self, findings: list[Finding], unfinished: str = "auto") -> None:
        super().__init__(findings)
        self.file = ""
        #: how a game not finished is read (:mod:`trfscore.unfinished`): ``draw``/``zero`` read
        #: ``*`` as an unknown result, scored by that choice (PGN204); else pending (PGN203)
        self.unfinished = unfinished

    def add(self, rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "") -> None:
        """Add a finding of ``rule`` with its registered severity."""
        if self.file:
            message = f"{self.file}: {message}"
        self(finding(rule, message, line, column, hint, text))
