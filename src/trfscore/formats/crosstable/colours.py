"""Colour letters of Swiss cells (``12w1``, ``12z1``, ``12n1`` ...): which language a table uses.

chess-results and Swiss-Manager write a cell as opponent, colour letter, result, where the
letter is the initial of the word for White or Black in the export's language.  The same letter
means different colours in different languages (``b`` is Black in English, White in French), so
the letters are read per table: the pair whose two letters cover every letter the table uses.
"""
from __future__ import annotations

from typing import NamedTuple


class ColourPair(NamedTuple):
    """The letters for White and Black in one group of export languages."""

    white: str
    black: str
    languages: str


#: Every pair read, in the order preferred when several fit the letters a table uses.
#: English, German and Dutch are taken from real chess-results exports; the others are the
#: initials of the words for White and Black in each language.
PAIRS: tuple[ColourPair, ...] = (
    ColourPair("w", "b", "English"),
    ColourPair("w", "s", "German"),
    ColourPair("w", "z", "Dutch"),
    ColourPair("b", "n", "French, Spanish, Italian, Portuguese, Catalan"),
    ColourPair("b", "p", "Portuguese (brancas/pretas)"),
    ColourPair("b", "c", "Polish, Croatian, Serbian"),
    ColourPair("b", "č", "Czech, Slovak, Slovenian"),
    ColourPair("b", "s", "Turkish"),
    ColourPair("v", "s", "Swedish, Hungarian"),
    ColourPair("h", "s", "Danish, Norwegian"),
    ColourPair("v", "m", "Finnish, Estonian"),
    ColourPair("б", "ч", "Russian, Ukrainian, Bulgarian"),
)

#: Every colour letter of :data:`PAIRS` (lower case), as the grammar's CR_CELL lists them.
LETTERS = frozenset(letter for pair in PAIRS for letter in (pair.white, pair.black))


def fitting(letters: set[str]) -> list[ColourPair]:
    """The pairs that cover every letter in ``letters`` (lower case), in order of preference."""
    return [pair for pair in PAIRS if letters <= {pair.white, pair.black}]


def mapping(pair: ColourPair) -> dict[str, str]:
    """Letter -> the model's colour (``"w"`` / ``"b"``) under ``pair``."""
    return {pair.white: "w", pair.black: "b"}
