"""Games not finished and unknown results: scored the file's way unless the user says otherwise.

By default (``auto``) a game not finished (PGN ``*``: paired, its result pending, PGN203) is not
scored, and an unknown result (TRF ``X``/``?``) scores what record 162's ``X`` says (a draw
without a 162, TRF26).  An arbiter who must rank before every result is in chooses otherwise
(``--unfinished`` on the command line, ``unfinished=`` of :func:`trfscore.load`/``loads``):

* ``pending``: both are games not finished: not scored, the game waits for its result (an ``X``
  is read as a PGN ``*`` is, a paired cell without a result);
* ``draw``: both score a draw for each player (the draw's value: ½, or record 162's ``D``);
* ``zero``: both score nothing for either player (a game played, as an ``X`` counts, lost by both).

The cells keep what they are: a ``*`` scored by the choice becomes an unknown result (``X``, which
the TRF, JSON and PGN writers keep, the PGN one as ``*`` with ``Termination "result unknown"``),
and the choice sets the points of ``X`` (:attr:`~trfscore.model.Scoring.values`, written by the
TRF26 writer as a 162 record and by the JSON writer); the choice itself is kept in
:attr:`~trfscore.model.Scoring.unfinished` and said in every report (a note of the standings).
"""
from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

from .event_reading import UNKNOWN_CODES
from .model import Game, Kind, Player, Tournament

#: The choices, the default first.
MODES = ("auto", "pending", "draw", "zero")
#: The tournament handed in, handed back (the readers' :class:`trfscore.tournament.Tournament` stays one).
T = TypeVar("T", bound=Tournament)


def check_mode(mode: str) -> str:
    """``mode`` when it is one of :data:`MODES`, else ValueError."""
    if mode not in MODES:
        raise ValueError(f"unfinished={mode!r}: choose one of {', '.join(MODES)}")
    return mode


def score_unfinished(t: T, mode: str) -> T:
    """``t`` with its games not finished and unknown results scored as ``mode`` says (see the
    module text); ``t`` itself, changed in place."""
    if check_mode(mode) == "auto":
        return t
    t.scoring.unfinished = mode
    if mode == "pending":
        _unknown_pending(t)
    else:
        values = t.scoring.values
        values["X"] = values.get("D", Fraction(1, 2)) if mode == "draw" else Fraction(0)
    return t


def _unknown_pending(t: Tournament) -> None:
    """Every unknown result (``X``/``?``) read as a game not finished: a paired cell without a
    result, as the PGN reader reads ``*`` (only the players holding one are made anew)."""
    players = list(t.players)
    changed = False
    for i, p in enumerate(players):
        if not UNKNOWN_CODES.isdisjoint(p.codes()):
            players[i] = _pending_cells(p)
            changed = True
    if changed:
        t.players = players


def _pending_cells(p: Player) -> Player:
    """``p`` with each unknown result made a paired cell without a result (opponent and colour kept)."""
    from dataclasses import replace

    return replace(p, games=[Game(g.round, g.opponent, g.colour, " ", Kind.ABSENT) if g.code in UNKNOWN_CODES else g
                             for g in p.games])
