"""Results, forfeits and byes as PGN files write them (the conventions docs/formats.md lists)."""
from __future__ import annotations

from ...model import Kind

BYE_NAMES = frozenset({"bye", "-", "—", "spielfrei", "freilos", "exempt", "(bye)", "bye.", "pab", "hpb",
                       "fpb", "zpb"})
BYE_TYPES = {"PAB": "U", "U": "U", "HPB": "H", "H": "H", "FPB": "F", "F": "F", "ZPB": "Z", "Z": "Z"}
FORFEIT_WORDS = ("forfeit", "default", "walkover", "walk-over", "w.o.", "no show", "noshow", "not played",
                 "unplayed", "nicht gespielt", "kampflos")
RESULTS = {
    "1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "½-½": ("=", "="), "=-=": ("=", "="),
    "0.5-0.5": ("=", "="), "*": (" ", " "),  # a game not finished: paired, its result pending (PGN203)
}
#: The Termination tag trfscore writes beside ``*`` for a TRF ``X`` (a result unknown, scored as
#: record 162's X), and beside the result of a not-rated game (TRF ``W``/``D``/``L``), so that
#: reading its own PGN back keeps what the result stands for.
UNKNOWN_TERMINATION = "result unknown"
UNRATED_TERMINATION = "not rated"
#: a played result's code -> the same result not rated (TRF ``W``/``D``/``L``)
UNRATED_CODE = {"1": "W", "0": "L", "=": "D"}
FORFEIT_RESULTS = {"+:-": ("+", "-"), "-:+": ("-", "+"), "-:-": ("-", "-"), "+/-": ("+", "-"),
                   "-/+": ("-", "+"), "0-0": ("-", "-"), "0:0": ("-", "-"), "--": ("-", "-"),
                   "1-0 ff": ("+", "-"), "0-1 ff": ("-", "+"), "+--": ("+", "-"), "--+": ("-", "+")}
#: what a game's text ends with: a result, standard or a forfeit notation
TERMINATIONS = tuple(RESULTS) + tuple(FORFEIT_RESULTS)
KIND_OF = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
           "X": Kind.UNKNOWN, " ": Kind.ABSENT, "W": Kind.WIN, "L": Kind.LOSS, "D": Kind.DRAW,
           "H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "U": Kind.PAB, "Z": Kind.ZERO_BYE}


def is_bye_name(name: str) -> bool:
    """True when a player's name says there is no opponent (``BYE``, ``-``, ``spielfrei`` ...)."""
    return len(name) < 12 and name.strip().casefold() in BYE_NAMES


def forfeit_termination(term: str) -> bool:
    """True when a ``Termination`` tag says the game was not played."""
    low = term.casefold()  # "time forfeit" is a game lost on time: played
    return "time" not in low and any(word in low for word in FORFEIT_WORDS)
