"""Cell notations: numbers, round-robin cells and Swiss cells, as result codes."""
from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from ...model import Kind
from .lexing import _LONGEST_NUMBER

#: Result code -> kind, as in the TRF reader.
KIND_OF = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
           "H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "U": Kind.PAB, "Z": Kind.ZERO_BYE, " ": Kind.ABSENT,
           "X": Kind.UNKNOWN}
#: The code the opponent's cell must hold for the same game.
MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " ", "X": "X"}

_NUMBER = re.compile(r"(\d*)(?:([.,])(\d+))?(½)?")


@lru_cache(maxsize=4096)
def parse_number(text: str) -> Fraction | None:
    """``11``, ``69.5``, ``3,5``, ``10½``, ``½``, ``1/2``, ``.5`` as an exact value; None otherwise.
    (Cached: a table repeats its points and tie-break values; a Fraction is immutable.)"""
    text = text.strip()
    if len(text) > _LONGEST_NUMBER:
        return None
    if text in ("1/2",):
        return Fraction(1, 2)
    if text.endswith(" 1/2") and text[:-4].isdecimal():
        return Fraction(int(text[:-4])) + Fraction(1, 2)
    m = _NUMBER.fullmatch(text)
    if not m or not (m.group(1) or m.group(3) or m.group(4)):
        return None
    value = Fraction(int(m.group(1) or 0))
    if m.group(3):
        value += Fraction(int(m.group(3)), 10 ** len(m.group(3)))
    if m.group(4):
        if m.group(3):
            return None
        value += Fraction(1, 2)
    return value


# -- round-robin cells ------------------------------------------------------------------------

_RR_SINGLE = {"1": "1", "0": "0", "½": "=", "1/2": "=", "0.5": "=", "0,5": "=", ".5": "=", ",5": "=",
              "=": "=", "+": "+", "-": "-", "–": "-", "—": "-", ".": " ", "·": " ", "": " ", "--": " ",
              "?": "X"}
_RR_SYMBOL = {"1": "1", "0": "0", "½": "=", "=": "=", "+": "+", "-": "-", "–": "-", ".": " ", "?": "X"}
_DIAGONALS = frozenset({"X", "x", "*", "×", "XX", "xx", "**", "××", "-", "–", "—", "--", "■", "█"})


def rr_cell(text: str, double: bool = False) -> tuple[str, ...] | None:
    """The result code(s) of a round-robin cell (one, or two in a double round-robin)."""
    if double:
        if text in ("", ".", "·", "--"):
            return (" ", " ")
        if len(text) == 2 and text[0] in _RR_SYMBOL and text[1] in _RR_SYMBOL:
            return (_RR_SYMBOL[text[0]], _RR_SYMBOL[text[1]])
        return None
    code = _RR_SINGLE.get(text)
    return None if code is None else (code,)


def is_diagonal(text: str) -> bool:
    return text in _DIAGONALS


# -- Swiss cells ------------------------------------------------------------------------------

_CR = re.compile(r"(\d+)(.)(1|0|½|=|\+|-|1/2|0[.,]5|\?|\*)")
#: ``?`` a result not known (``X``); ``*`` a game paired whose result is still to come (TRF's
#: paired cell without a result, PGN's ``*``): no result code, the opponent kept
_CR_RESULT = {"1": "1", "0": "0", "½": "=", "=": "=", "1/2": "=", "0.5": "=", "0,5": "=", "+": "+", "-": "-",
              "?": "X", "*": " "}
_CR_BYE = {"1": "U", "+": "U", "½": "H", "1/2": "H", "0.5": "H", "0,5": "H", "0": "Z"}
_US = {"W": "1", "L": "0", "D": "=", "X": "+", "F": "-"}
_FIDE = re.compile(r"([+=\-])([WwBbSs])(\d+)([fF]?)")
_BYES = {"HPB": "H", "PAB": "U", "FPB": "F", "ZPB": "Z"}
#: SwissPerfect result letters: with an opponent (played W L D, not played + - =; no letter is a
#: loss) and without one (0 or no number: a bye worth the letter's points).
_SP_GAME = {"W": "1", "L": "0", "D": "=", "+": "+", "-": "-", "=": "=", "": "0"}
_SP_BYE = {"W": "U", "+": "U", "D": "H", "=": "H", "L": "Z", "-": "Z", "": "Z"}
_ONE_LETTER = {"B": "U", "H": "H", "U": " ", "F": "Z", "Z": "Z", "X": "F", "x": "F", "+": "U", "=": "H",
               "-": " ", "–": " ", "—": " ", "--": " ", ".": " ", "·": " ", "": " ", "?": "X"}
_STRONG_SWISS = frozenset({"CR_CELL", "CR_BYE", "SP_CELL", "US_CELL", "FIDE_CELL", "BYE"})
_WEAK_SWISS = frozenset({"LETTER", "DIAG", "SIGN", "DOT", "EMPTY"})


def swiss_cell(kind: str, text: str) -> tuple[int | None, str | None, str] | None:
    """``(opponent, colour, code)`` of a Swiss cell of ``kind`` (its terminal) and ``text`` in
    any accepted notation; None if unreadable."""
    if kind == "CR_CELL":
        m = _CR.fullmatch(text)
        if m:
            number, letter, result = m.groups()
            # the colour letter as written (lower case): its language is decided per table (.colours)
            letter = letter.lower()
            return int(number), None if letter == "-" else letter, _CR_RESULT[result]
    elif kind == "SP_CELL":
        number, _, letter = text.partition(":")
        letter = letter.upper()
        if not number:
            return None, None, " " if not letter else _SP_BYE[letter]
        if int(number) == 0:
            return None, None, _SP_BYE[letter]
        return int(number), None, _SP_GAME[letter]
    elif kind == "CR_BYE":
        code = _CR_BYE.get(text[1:])
        if code:
            return None, None, code
    elif kind == "US_CELL":
        return int(text[1:]), None, _US[text[0]]
    elif kind == "FIDE_CELL":
        m = _FIDE.fullmatch(text)
        if m:
            sign, colour, opp, forfeit = m.groups()
            code = {"+": "1", "=": "=", "-": "0"}[sign]
            if forfeit:
                code = {"1": "+", "0": "-"}.get(code, code)
            return int(opp), "w" if colour in "Ww" else "b", code
    elif kind == "BYE":
        return None, None, _BYES.get(text.upper(), "U")
    elif kind == "INT" and text == "0":
        return None, None, " "  # a round not paired, no points (chess-results)
    elif kind in _WEAK_SWISS and text in _ONE_LETTER:
        return None, None, _ONE_LETTER[text]
    return None
