"""The knock-out tie-breaks of C.07 (2026) Art. 12, on a team's game points board by board.

They compare two (or more) teams on the points each scored on each board, whoever sat there:

* **BC**, board count (12.1): every board's points times the board number, added; the *lower*
  sum ranks higher (points on the top boards weigh least, so a team that scored them on the top
  boards is ahead).  The article meant it for teams equal on game points;
* **TBR**, top board results (12.2): board 1's points; if equal, board 2's, and so on down;
* **BBE**, bottom board elimination (12.3): the points of every board but the last; if equal, the
  next board up is left out too, and so on down to board 1.

Two places use them: EDE's knock-out follow-ups (13.3.2: EDET, EDEB, EDEBT = EDE then BC then TBR,
EDEBB = EDE then BC then BBE), on the boards of the matches the two teams still tied played
against each other (:mod:`.encounter`); and the codes ``BC``, ``TBR``, ``BBE`` on their own in a
tie-break list, on every round of the event (:func:`event_totals`).
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import groupby
from typing import TYPE_CHECKING

from ..tiebreaks.encounter import places_of
from ..tiebreaks.explain import fmt_number
from .codes import TeamTieBreak
from .model import TeamLine

if TYPE_CHECKING:  # the engine's module computes BC through this one
    from .tiebreaks import TeamEngine

__all__ = ["board_count", "steps", "sort_key", "event_totals", "counts", "all_totals", "board_places",
           "board_count_column"]


def board_count(totals: list[Fraction]) -> Fraction:
    """C.07 Art. 12.1: the sum of board number x points on that board (lower ranks higher)."""
    return sum((k * x for k, x in enumerate(totals, 1)), Fraction(0))


def steps(rule: str, a: list[Fraction], b: list[Fraction]) -> Iterator[tuple[str, Fraction, Fraction, bool]]:
    """The comparisons ``rule`` (``BC``, ``TBR``, ``BBE``) makes between two teams' board totals, in
    order: ``(label, a's value, b's value, lower_wins)``; the first unequal pair decides."""
    width = max(len(a), len(b))
    a = a + [Fraction(0)] * (width - len(a))
    b = b + [Fraction(0)] * (width - len(b))
    if rule == "BC":
        yield "board count", board_count(a), board_count(b), True
    elif rule == "TBR":  # 12.2: board 1, then board 2, ...
        for k in range(width):
            yield f"board {k + 1}", a[k], b[k], False
    else:  # BBE, 12.3: boards 1..m for m = width - 1 down to 1
        for m in range(width - 1, 0, -1):
            yield (f"boards 1-{m}" if m > 1 else "board 1"), sum(a[:m], Fraction(0)), sum(b[:m], Fraction(0)), False


def sort_key(rule: str, totals: list[Fraction], width: int) -> tuple[Fraction, ...]:
    """A key that sorts teams best first under ``rule`` (what :func:`steps` compares, in order)."""
    values = [(x, lower) for _, x, _, lower in steps(rule, totals, [Fraction(0)] * width)]
    return tuple(x if lower else -x for x, lower in values)


def event_totals(line: TeamLine, width: int) -> list[Fraction]:
    """The team's own game points board by board over the event.  A match read from the boards
    gives each board its points (an empty board nothing; a board won or lost by forfeit is part of
    the match); a round without boards (a bye, a match forfeited by record, an absence) gives every
    board the same share of its game points, as the match model values such rounds (every board
    the same outcome).  Record 299 bonuses and penalties belong to no board."""
    totals = [Fraction(0)] * width
    for r in line.rounds:
        if r.board_points:
            for k, x in enumerate(r.board_points[:width]):
                totals[k] += x or 0
        elif r.game_points and width:
            totals = [x + r.game_points / width for x in totals]
    return totals


def counts(totals: list[Fraction]) -> str:
    """``1 x 2.5 + 2 x 1.0 + ...`` of a board count."""
    return " + ".join(f"{k} x {fmt_number(x)}" for k, x in enumerate(totals, 1)) or "0"


def all_totals(eng: TeamEngine, tb: TeamTieBreak) -> list[list[Fraction]]:
    """:func:`event_totals` of every team (indexed like the views), once per standings call."""
    got = eng.cache.get("boards")
    if got is None:
        view = eng.view("GP")
        got = eng.cache["boards"] = [event_totals(line, view.boards) for line in view.players]
    return got


def board_count_column(eng: TeamEngine, tb: TeamTieBreak) -> list[Fraction]:
    """``BC`` on its own: every team's board count over the event (Art. 12.1, lower ranks higher)."""
    return [board_count(totals) for totals in all_totals(eng, tb)]


def board_places(eng: TeamEngine, tb: TeamTieBreak, members: list[int],
                 log: list[str] | None = None) -> dict[int, int]:
    """``TBR`` or ``BBE`` on its own, applied to the tied group ``members``: the place of every member
    in the group (all 0 when nobody was separated); ``log`` receives each member's comparisons."""
    totals = all_totals(eng, tb)
    width = max((len(x) for x in totals), default=0)
    keys = {a: sort_key(tb.base, totals[a], width) for a in members}
    numbers = eng.view("GP").start_ranks
    ordered = sorted(members, key=lambda a: (keys[a], numbers[a]))
    groups = [list(run) for _, run in groupby(ordered, keys.__getitem__)]
    if log is not None:
        for a in ordered:
            shown = ", ".join(f"{label} {fmt_number(x)}" for label, x, _, _ in steps(tb.base, totals[a], []))
            log.append(f"#{numbers[a]}: {shown or 'no boards'}")
    return places_of(groups, members)
