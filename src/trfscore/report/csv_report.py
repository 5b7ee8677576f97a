"""The standings as CSV: a header row, one row per player, numbers with a dot.

Columns: ``rank, rank_to, start_rank, title, name, federation, rating, fide_id, points``, one
column per tie-break (named by its code) and, with ``--ratings``, ``ro, we, w, coefficient, rn,
change``.  A shared place is ``rank`` < ``rank_to`` (two numbers rather than ``3-4``, which a
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

from ..safetext import neutralise
from .common import RATING_KEYS, plain_number, rating_value
from .values import title_label

_NUMBER = re.compile(r"-?\d+(\.\d+)?\Z")
_TRIGGERS = ("=", "+", "-", "@")  # tab, CR and LF are made visible before this test


def safe_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: unsafe characters made visible, ``'=cmd`` for
    ``=cmd``; plain numbers (``-12``, ``6.5``) are left as they are."""
    text = neutralise(text)
    if text.startswith(_TRIGGERS) and not _NUMBER.match(text):
        return "'" + text
    return text


def header(standings, ratings: dict | None = None) -> list[str]:
    cols = ["rank", "rank_to", "start_rank", "title", "name", "federation", "rating", "fide_id", "points"]
    cols += [str(code) for code in standings.tiebreaks]
    if ratings is not None:
        cols += list(RATING_KEYS)
    return cols


def rows(standings, ratings: dict | None = None) -> list[list[str]]:
    out = []
    for row in standings.rows:
        p = row.player
        cells = [str(row.rank), str(getattr(row, "rank_to", row.rank) or row.rank), str(row.start_rank),
                 title_label(p.title), p.name or "", p.federation or "", "" if p.rating is None else str(p.rating),
                 p.fide_id or "", plain_number(row.points)]
        cells += [plain_number(row.tiebreaks.get(code)) for code in standings.tiebreaks]
        if ratings is not None:
            entry = ratings.get(row.start_rank)
            cells += [rating_value(entry, key) for key in RATING_KEYS]
        out.append(cells)
    return out


def render(standings, *, ratings: dict | None = None) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow([safe_cell(c) for c in header(standings, ratings)])
    for cells in rows(standings, ratings):
        writer.writerow([safe_cell(c) for c in cells])
    return buf.getvalue()
