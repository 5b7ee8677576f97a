"""The standings as CSV: a header row, one row per player or team, numbers with a dot.

The columns are :mod:`.columns`' (their ``key`` is the heading).  Players: ``rank, rank_to,
start_rank, title, name, federation, rating, fide_id, points``, one column per tie-break (named by
its code) and, with ``--ratings``, ``ro, we, w, coefficient, rn, change``.  Teams (``--teams``):
``rank, rank_to, team, name, match_points, game_points`` and the tie-breaks.  A shared place is
``rank`` < ``rank_to`` (two numbers rather than ``3-4``, which a
spreadsheet would read as a date).  Fractions that are not finite decimals are rounded to four
places; everything else is exact.

Untrusted text is neutralised against spreadsheet formula injection (OWASP "CSV injection"):
a cell starting with ``= + - @`` gets a leading ``'``, unless the whole cell is
a plain number such as a negative rating change; control and bidirectional characters are
neutralised like in every output (:func:`trfscore.safetext.neutralise`).
"""
from __future__ import annotations

import csv
import io
import re
from typing import TYPE_CHECKING

from ..safetext import neutralise
from .columns import columns_of

if TYPE_CHECKING:
    from .common import AnyStandings, RatingsByStart

_NUMBER = re.compile(r"-?\d+(\.\d+)?\Z")
_TRIGGERS = ("=", "+", "-", "@")  # tab, CR and LF are made visible before this test


def safe_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: unsafe characters made visible, ``'=cmd`` for
    ``=cmd``; plain numbers (``-12``, ``6.5``) are left as they are."""
    text = neutralise(text)
    return "'" + text if text.startswith(_TRIGGERS) and not _NUMBER.match(text) else text


def header(standings: AnyStandings, ratings: RatingsByStart | None = None) -> list[str]:
    return [c.key for c in columns_of(standings, ratings) if c.csv is not None]


def rows(standings: AnyStandings, ratings: RatingsByStart | None = None) -> list[list[str]]:
    cells = [c.csv() for c in columns_of(standings, ratings) if c.csv is not None]
    return [list(row) for row in zip(*cells)]


def render(standings: AnyStandings, *, ratings: RatingsByStart | None = None) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(
        list(map(safe_cell, cells)) for cells in [header(standings, ratings), *rows(standings, ratings)])
    return buf.getvalue()
