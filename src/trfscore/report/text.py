"""The terminal standings table: aligned columns that fit 80 columns, colour only on a TTY."""
from __future__ import annotations

import os
import shutil
import sys

from ..model import Tournament
from .values import format_points, format_score, rank_label

BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"


def _clean(text: str) -> str:
    """Strip control characters from untrusted text so it cannot drive the terminal."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def use_colour(stream, no_color: bool) -> bool:
    if no_color or os.environ.get("NO_COLOR"):
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def render(t: Tournament, standings, *, width: int | None = None, colour: bool = False,
           ratings: dict | None = None) -> str:
    """The standings as text; names are truncated so the table fits ``width`` columns."""
    width = width or shutil.get_terminal_size((80, 24)).columns
    codes = list(standings.tiebreaks)
    rating_cols = ["Ro", "We", "W", "K/E", "Rn", "+/-"] if ratings is not None else []
    header = ["Rk", "SNo", "Ti", "Name", "FED", "Rtg", "Pts", *codes, *rating_cols]
    body = []
    for row in standings.rows:
        p = row.player
        cells = [rank_label(row), str(row.start_rank), _clean(p.title), _clean(p.name), _clean(p.federation),
                 str(p.rating or ""), format_points(row.points)]
        cells += [format_score(row.tiebreaks.get(code)) for code in codes]
        if ratings is not None:
            r = ratings.get(row.start_rank) or {}
            cells += [str(r.get(k, "") if r.get(k) is not None else "") for k in ("ro", "we", "w", "coefficient", "rn", "change")]
        body.append(cells)
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    fixed = sum(w for i, w in enumerate(widths) if i != 3) + 2 * (len(widths) - 1)
    widths[3] = max(8, min(widths[3], width - fixed)) if fixed + widths[3] > width else widths[3]
    right = {0, 1, 5, 6} | set(range(7, len(header)))

    def line(cells: list[str]) -> str:
        out = []
        for i, (cell, w) in enumerate(zip(cells, widths)):
            if len(cell) > w:
                cell = cell[: max(1, w - 1)] + "…"
            out.append(cell.rjust(w) if i in right else cell.ljust(w))
        return "  ".join(out).rstrip()

    h = t.header
    title = _clean(h.name or (t.source.path or "tournament"))
    facts = [f for f in (_clean(h.city), h.start_date_iso or _clean(h.start_date)) if f]
    lines = [(BOLD + title + RESET) if colour else title]
    meta = f"{len(t.players)} players, {t.rounds} rounds" + (f", {', '.join(facts)}" if facts else "")
    meta += f"; tie-breaks {', '.join(codes) or 'none'} under {standings.rules} ({standings.system})"
    lines.append((DIM + meta + RESET) if colour else meta)
    lines.append("")
    head = line(header)
    lines.append((BOLD + head + RESET) if colour else head)
    lines.append("-" * min(len(head), width))
    lines.extend(line(cells) for cells in body)
    return "\n".join(lines) + "\n"


def write(t: Tournament, standings, stream=None, *, no_color: bool = False, ratings: dict | None = None) -> None:
    stream = stream or sys.stdout
    stream.write(render(t, standings, colour=use_colour(stream, no_color), ratings=ratings))
