"""Bounds that keep a small input from becoming a huge tournament.

A tournament is ``players x rounds`` cells, every one of them a :class:`~trfscore.model.Game`
(absent rounds included), and every command after reading walks them.  In a TRF, JSON or a
dense crosstable each cell is written out, so the work follows the size of the input.  PGN tags
and crosstable headers are different: one ``[Round "999999999"]`` tag, or a header numbering
3,000 columns over three rows, would make millions of absent cells out of a few bytes.  The
readers refuse such input with an error finding instead (:func:`too_sparse`).
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import Tournament

#: Inputs larger than this are refused (exit 2) rather than read into memory.
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Scores a document may give (points per result, declared totals): at most this much either
#: way, in steps no finer than one millionth.  Real scoring systems use a few points and
#: halves; a win worth 1e308 would make every total a number no float can hold.
MAX_SCORE = 10 ** 6
MAX_SCORE_DENOMINATOR = 10 ** 6
#: A score as text: a decimal (exponent of at most three digits, so that reading it never builds
#: a number of millions of digits) or ``p/q``.
_SCORE_TEXT = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?|[-+]?\d+/\d+"  # compiled on first use (re's cache)
#: Up to this many cells any shape is read.
DENSE_CELLS = 200_000
#: Above it, at most this many cells for every cell the input fills.
PADDING = 20


def too_sparse(players: int, rounds: int, filled: int) -> bool:
    """True when ``players`` x ``rounds`` cells would be mostly padding around ``filled`` ones."""
    cells = players * rounds
    return cells > DENSE_CELLS and cells > PADDING * max(filled, 1)


def dense_rounds(players: int, filled: int) -> int:
    """The most rounds ``players`` rows may have around ``filled`` cells before :func:`too_sparse`
    calls them mostly padding."""
    return max(DENSE_CELLS, PADDING * max(filled, 1)) // max(players, 1)


def data_rounds(t: Tournament) -> int:
    """The rounds a writer or a crosstable shows: as far as the players' cells go.

    Every reader pads the cells to ``t.rounds``, so this is ``t.rounds``; a JSON document may
    claim any number of rounds (100,000,000) over a few cells, which would be that many columns.
    """
    from ..cells import round_counts

    return max(round_counts(t.players), default=0)


def bounded_score(value: Fraction) -> Fraction:
    """``value`` when it is a score trfscore computes with (see :data:`MAX_SCORE`), else ValueError."""
    if abs(value) > MAX_SCORE or value.denominator > MAX_SCORE_DENOMINATOR:
        raise ValueError(f"out of range: at most {MAX_SCORE:,} either way, in steps no finer than "
                         f"1/{MAX_SCORE_DENOMINATOR:,}")
    return value


def parse_score(text: str) -> Fraction:
    """The exact score ``text`` writes (``1``, ``0.5``, ``-1.25``, ``1e1``, ``3/2``); ValueError
    for anything else, a zero denominator or a value out of range."""
    text = text.strip()
    if len(text) > 40 or not re.fullmatch(_SCORE_TEXT, text):
        raise ValueError("not a number")
    try:
        value = Fraction(text)
    except ZeroDivisionError:
        raise ValueError("zero denominator") from None
    return bounded_score(value)
