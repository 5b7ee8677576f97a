"""The terminal standings table, of players or of teams: aligned columns that fit the terminal (80
columns when unknown), colour only on a TTY (never with ``--no-color`` or ``NO_COLOR``).

The columns are :mod:`.columns`'; optional ones nobody fills (title, federation, rating) are left
out.  Long names are truncated with
``…`` (display width aware: wide CJK characters count two, combining marks none).  When the
tie-break and rating columns still do not fit, the table is paged: the first block holds the
player columns and as many values as fit; each further block repeats Rk, SNo and Name with the
next columns.  Untrusted text is neutralised (:func:`trfscore.safetext.neutralise`).
"""
from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import IO, TYPE_CHECKING

from ..model import Tournament
from ..safetext import neutralise
from .columns import columns_of

if TYPE_CHECKING:
    from .common import AnyStandings, RatingsByStart

BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
GAP = 2
NAME_MIN = 14


def display_width(text: str) -> int:
    """Columns a string takes in a terminal: wide East Asian characters 2, combining marks 0."""
    if text.isascii():  # no ASCII character is wide or combining (most names)
        return len(text)
    return sum(map(_char_width, text))


def _char_width(ch: str) -> int:
    import unicodedata

    return 0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def truncate(text: str, width: int) -> str:
    """``text`` cut to ``width`` display columns, ending in ``…`` when cut."""
    if display_width(text) <= width:
        return text
    out, used = "", 0
    for ch in text:
        w = _char_width(ch)
        if used + w > width - 1:
            break
        out += ch
        used += w
    return out + "…"


def _pad(text: str, width: int, right: bool) -> str:
    text = truncate(text, width)
    fill = " " * (width - display_width(text))
    return fill + text if right else text + fill


def use_colour(stream: IO[str], no_color: bool) -> bool:
    return not (no_color or os.environ.get("NO_COLOR")) and hasattr(stream, "isatty") and stream.isatty()


def align_decimals(cells: list[str]) -> list[str]:
    """A right-aligned column's numbers padded on the right so that their decimal points line
    up: ``25``, ``24.5``, ``16.25`` become ``25   ``, ``24.5 ``, ``16.25``; blanks stay blank."""
    decimals = [len(c) - c.find(".") if "." in c else 0 for c in cells]
    widest = max(decimals, default=0)
    if not widest:
        return cells
    return [c + " " * (widest - d) if c else c for c, d in zip(cells, decimals)]


class _Column:
    def __init__(self, head: str, cells: list[str], right: bool = True, group: str = "", role: str = ""):
        self.head = head
        self.group = group
        self.role = role
        self.cells = cells
        self.right = right
        self.width = max([display_width(head)] + [display_width(c) for c in cells])


def _columns(standings: AnyStandings, ratings: RatingsByStart | None) -> tuple[list[_Column], list[_Column]]:
    """(the participant columns, the value columns) of :mod:`.columns`' descriptions; optional
    columns nobody fills are dropped."""
    player: list[_Column] = []
    values: list[_Column] = []
    for c in columns_of(standings, ratings):
        if c.shown is None:
            continue
        cells = c.shown()
        if c.optional and not any(cell.strip() for cell in cells):
            continue
        if c.untrusted:
            cells = list(map(neutralise, cells))
        elif c.decimals:
            cells = align_decimals(cells)
        (values if c.group else player).append(_Column(neutralise(c.heading), cells, c.right, c.group, c.role))
    return player, values


def _span(columns: list[_Column]) -> int:
    return sum(c.width for c in columns) + GAP * (len(columns) - 1)


def _pages(player: list[_Column], values: list[_Column], width: int) -> list[list[_Column]]:
    """Blocks of columns, each fitting ``width`` with the name column shrunk to no less than
    :data:`NAME_MIN` (or its natural width when smaller).  The rating columns stay together when
    a block of their own can hold them."""
    name = next(c for c in player if c.role == "name")
    squeeze = min(name.width, NAME_MIN)
    key = [c for c in player if c.role == "key"] + [name]

    def fits(cols: list[_Column]) -> bool:
        return _span(cols) - name.width + squeeze <= width

    if fits(player + values):
        return [player + values]
    pages, block, rest = [], list(player), list(values)
    while rest:
        group = [c for c in rest if c.group == rest[0].group]
        if rest[0].group == "rating" and not fits(block + group) and fits(key + group) and len(block) > len(player):
            pages.append(block)
            block = list(key)
        fresh = block == key  # a block of its own takes a column even when it overflows
        if fits(block + rest[:1]) or fresh:
            block.append(rest.pop(0))
        else:
            pages.append(block)
            block = list(key)
    pages.append(block)
    return pages


def _table(block: list[_Column], width: int, colour: bool) -> list[str]:
    name = next(c for c in block if c.role == "name")
    widths = [c.width for c in block]
    over = _span(block) - width
    if over > 0:
        widths[block.index(name)] = max(min(name.width, NAME_MIN), name.width - over)

    def line(cells: list[str]) -> str:
        return (" " * GAP).join(_pad(cell, w, c.right) for cell, w, c in zip(cells, widths, block)).rstrip()

    head = line([c.head for c in block])
    out = [(BOLD + head + RESET) if colour else head]
    rule = "-" * min(display_width(head), width)
    out.append((DIM + rule + RESET) if colour else rule)
    return out + [line([c.cells[i] for c in block]) for i in range(len(block[0].cells))]


def _meta(t: Tournament, standings: AnyStandings) -> tuple[str, str]:
    """The title and the line under it: the event, the tie-breaks and the rules."""
    h = t.header
    codes = ", ".join(neutralise(c) for c in standings.tiebreaks) or "none"
    rules = f"under {standings.rules} ({standings.system})"
    if standings.kind == "teams":
        event = standings.event
        title = neutralise(h.name) or neutralise(t.source.path or "") or "team event"
        score = "match" if standings.primary == "MP" else "game"
        return title, (f"{len(event.teams)} teams, {event.rounds} rounds, {event.boards} boards; primary score "
                       f"{score} points; tie-breaks {codes} {rules}")
    title = neutralise(h.name) or neutralise(t.source.path or "") or "tournament"
    facts = [f for f in (neutralise(h.city).strip(), h.start_date_iso or neutralise(h.start_date).strip()) if f]
    rounds = t.event.describe(standings.rounds)  # "7 rounds", "standings after round 4 of 9; round 5 paired"
    meta = f"{len(t.players)} players, {rounds}" + (f", {', '.join(facts)}" if facts else "")
    return title, meta + f"; tie-breaks {codes} {rules}"


def render(t: Tournament, standings: AnyStandings, *, width: int | None = None, colour: bool = False,
           ratings: RatingsByStart | None = None) -> str:
    """The standings (of players, or of teams) as text fitting ``width`` columns (default: the
    terminal's, else 80)."""
    width = max(40, width or shutil.get_terminal_size((80, 24)).columns)
    title, meta = _meta(t, standings)
    lines = [(BOLD + truncate(title, width) + RESET) if colour else truncate(title, width)]
    lines += [(DIM + part + RESET) if colour else part for part in textwrap.wrap(meta, width, break_on_hyphens=False) or [""]]
    player, values = _columns(standings, ratings)
    pages = _pages(player, values, width)
    for n, block in enumerate(pages):
        lines.append("")
        if len(pages) > 1 and n:
            extra = [c.head for c in block if not c.role]
            note = f"continued ({n + 1}/{len(pages)}): {', '.join(extra)}"
            lines.append((DIM + note + RESET) if colour else note)
        lines.extend(_table(block, width, colour))
    lines += note_lines(standings.notes, width)
    return "\n".join(lines) + "\n"


def note_lines(texts: list[str], width: int) -> list[str]:
    """The notes after a table: a blank line, then ``note: ...`` wrapped to ``width``."""
    return ([""] if texts else []) + [line for text in texts for line in textwrap.wrap(
        "note: " + neutralise(text), width, subsequent_indent="  ", break_on_hyphens=False)]


def write(t: Tournament, standings: AnyStandings, stream: IO[str] | None = None, *, no_color: bool = False,
          ratings: RatingsByStart | None = None) -> None:
    stream = stream or sys.stdout
    stream.write(render(t, standings, colour=use_colour(stream, no_color), ratings=ratings))
