"""The team standings as a terminal table (``trfscore report FILE --teams``).

Columns: rank, team number, name, match points, game points, then one column per tie-break.  Long
team names are truncated to fit the width (80 columns when unknown); colour only on a TTY.  The
notes of the computation (edition picked, tie-breaks left out) follow the table.
"""
from __future__ import annotations

import shutil
import sys
import textwrap

from ..model import Tournament
from ..safetext import neutralise
from .common import notes
from .text import BOLD, DIM, RESET, align_decimals, display_width, note_lines, truncate, use_colour
from .values import format_score

__all__ = ["render", "write"]

GAP = "  "
NAME_MIN = 12




def _pad(text: str, width: int, right: bool) -> str:
    text = truncate(text, width)
    fill = " " * (width - display_width(text))
    return fill + text if right else text + fill


def render(t: Tournament, standings, *, width: int | None = None, colour: bool = False) -> str:
    """The team standings as text fitting ``width`` columns."""
    width = max(40, width or shutil.get_terminal_size((80, 24)).columns)
    event = standings.event
    title = neutralise(t.header.name) or neutralise(t.source.path or "") or "team event"
    meta = (f"{len(event.teams)} teams, {event.rounds} rounds, {event.boards} boards; primary score "
            f"{'match' if standings.primary == 'MP' else 'game'} points; tie-breaks "
            f"{', '.join(neutralise(c) for c in standings.tiebreaks) or 'none'} under {standings.rules} "
            f"({standings.system})")
    heads = ["Rk", "No", "Team", "MP", "GP"] + [neutralise(c) for c in standings.tiebreaks]
    rows = [[r.label, str(r.number), neutralise(r.name), format_score(r.match_points), format_score(r.game_points)]
            + [format_score(r.tiebreaks.get(c)) for c in standings.tiebreaks] for r in standings.rows]
    if rows:  # the number columns (MP, GP, tie-breaks) with their decimal points lined up
        columns = [align_decimals(list(col)) if k >= 3 else list(col) for k, col in enumerate(zip(*rows))]
        rows = [list(row) for row in zip(*columns)]
    widths = [max([display_width(h)] + [display_width(row[k]) for row in rows]) for k, h in enumerate(heads)]
    over = sum(widths) + len(GAP) * (len(widths) - 1) - width
    if over > 0:
        widths[2] = max(min(widths[2], NAME_MIN), widths[2] - over)

    def line(cells: list[str]) -> str:
        return GAP.join(_pad(c, w, k != 2) for k, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [(BOLD + truncate(title, width) + RESET) if colour else truncate(title, width)]
    out += [(DIM + part + RESET) if colour else part for part in textwrap.wrap(meta, width, break_on_hyphens=False)]
    out.append("")
    head = line(heads)
    out.append((BOLD + head + RESET) if colour else head)
    out.append("-" * min(display_width(head), width))
    out += [line(row) for row in rows]
    out += note_lines(notes(standings), width)
    return "\n".join(out) + "\n"


def write(t: Tournament, standings, stream=None, *, no_color: bool = False) -> None:
    stream = stream or sys.stdout
    stream.write(render(t, standings, colour=use_colour(stream, no_color)))
