"""The team standings as CSV (``trfscore report FILE --teams --format csv``): a header row, one row
per team, numbers with a dot.

Columns: ``rank, rank_to, team, name, match_points, game_points`` and one column per tie-break
(named by its code).  A shared place is ``rank`` < ``rank_to``.  Every cell goes through the
individual report's :func:`~trfscore.report.csv_report.safe_cell` against spreadsheet formula
injection.
"""
from __future__ import annotations

import csv
import io

from .common import plain_number
from .csv_report import safe_cell

__all__ = ["header", "rows", "render"]


def header(standings) -> list[str]:
    return ["rank", "rank_to", "team", "name", "match_points", "game_points"] + [str(c) for c in standings.tiebreaks]


def rows(standings) -> list[list[str]]:
    return [[str(r.rank), str(r.rank_to), str(r.number), r.name or "", plain_number(r.match_points),
             plain_number(r.game_points)] + [plain_number(r.tiebreaks.get(c)) for c in standings.tiebreaks]
            for r in standings.rows]


def render(standings) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    for cells in [header(standings), *rows(standings)]:
        writer.writerow([safe_cell(c) for c in cells])
    return buf.getvalue()
