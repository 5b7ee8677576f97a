"""Which of the TRF reader's findings are about a round cell that only waits for its result.

A file saved between rounds holds the next round's pairings with blank results (``  12 w  ``,
or the line ending after the colour).  The reader reports such a cell like any other cell that
lacks its result (TRF405, TRF402 when the line ends there); :func:`settle_findings` then drops
the findings of the cells the event reading (:mod:`trfscore.event_reading`) calls waiting.
Both steps tell those findings by their structured fields, never by their wording: the rule id,
the column (the first of a round cell, which gives the round) and the cell's text (an opponent
and no result).
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING

from ...findings import Finding, stands_for
from .layout import PLAYER

if TYPE_CHECKING:  # pragma: no cover
    from ...model import Tournament

#: The reader's rules that report a cell beside an opponent without a result: the result is
#: blank (TRF405), or the line ends before it (TRF402).
WAITING_RULES = frozenset({"TRF402", "TRF405"})

assert PLAYER.block is not None
_FIRST = PLAYER.block.first  # 1-based column of round 1's cell
_WIDTH = PLAYER.block.width
_OPPONENT = PLAYER.block.field("opponent")
_OPPONENT_AT = _OPPONENT.start - (_FIRST - 1)
_OPPONENT_END = _OPPONENT_AT + _OPPONENT.width
_RESULT_AT = PLAYER.block.field("result").start - (_FIRST - 1)


def waiting_cell(f: Finding) -> tuple[int, int] | None:
    """(round, opponent) when ``f`` is a finding of :data:`WAITING_RULES` on a round cell whose
    text names an opponent and holds no result, else None."""
    if f.rule not in WAITING_RULES or f.column is None:
        return None
    offset = f.column - _FIRST
    if offset < 0 or offset % _WIDTH:
        return None  # not the first column of a round cell
    opponent = f.text[_OPPONENT_AT:_OPPONENT_END].strip()
    if not opponent.isdecimal() or not int(opponent) or f.text[_RESULT_AT:_RESULT_AT + 1].strip():
        return None
    return offset // _WIDTH + 1, int(opponent)


def waiting_kind(f: Finding) -> str | None:
    """The kind the TRF reader caps ``f`` with when it may be a cell waiting for its result (apart
    from the rule's other findings, so that :func:`settle_findings` can count them), else None."""
    return waiting_kind_of(f.rule) if waiting_cell(f) is not None else None


def waiting_kind_of(rule: str) -> str:
    """The kind of the findings of ``rule`` that may be cells waiting for their result."""
    return "waiting " + rule


def settle_findings(t: Tournament, notes: list[Finding], counted: Mapping[Hashable, int]) -> Tournament:
    """Drop the reader's findings about cells that only wait for their result, in the rounds the
    event reading calls pending: a round paired but not played is information (``check``'s
    TRF533), not a broken cell.  The findings are told by their rule, line (the player), column
    (the round) and cell text (:func:`waiting_cell`), never by their wording.  ``notes`` are the
    reader's notes closing its capped kinds (:class:`~trfscore.findings.LeftOut`) and ``counted`` its count of each kind
    (:class:`~trfscore.findings.CappedFindings`): the notes of the waiting kinds go too when the
    cells without a result (listed and counted) are as many as the waiting ones, since then every
    one of them waits.  Cheap when the reader found no such cell."""
    if not any(f.rule in WAITING_RULES for f in t.findings):
        return t
    event = t.event  # (:mod:`trfscore.event_reading`)
    if not event.pending:
        return t
    rank_of = {p.line: p.start_rank for p in t.players}
    waiting = {(sr, p.number) for p in event.pending for sr in p.waiting}
    noted = {id(f) for f in notes}
    blank = [(f, cell) for f in t.findings if id(f) not in noted and (cell := waiting_cell(f)) is not None]
    settled = {id(f) for f, (rnd, opponent) in blank
               if (sr := rank_of.get(f.line)) != opponent and (sr, rnd) in waiting}
    # each waiting cell has one TRF405 (a TRF402 only when the line ends there)
    if len(settled) == len(blank) and counted.get(waiting_kind_of("TRF405"), 0) == len(waiting):
        settled.update(id(f) for f in notes if waiting_cell(stands_for(f)[0]) is not None)
    t.findings[:] = [f for f in t.findings if id(f) not in settled]
    return t
