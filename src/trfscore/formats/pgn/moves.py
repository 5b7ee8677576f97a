"""Moves: whether a game has any (told from the text), and the moves themselves when asked for."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, AnyStr

from .records import GameRecord, location
from .rules import Sink
from .sections import LineStarts

if TYPE_CHECKING:
    import chess.pgn

_MOVE = re.compile(r"(?:^|[\s.)}])"
                   r"(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[QRBN])?|O-O(?:-O)?|0-0-0)"
                   r"(?=[\s+#!?)({;]|$)")
_COMMENT = re.compile(r"\{[^}]*(?:\}|\Z)|;[^\n]*|%[^\n]*")  # an open comment runs to the end
_ANY_MOVES = LineStarts.compile(r"[ \t]*(?:\{[^}\n]*\}[ \t]*)?\d+[ \t]*\.(?:[ \t]*\.\.)?[ \t]*"
                                r"(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]|O-O)")


def any_moves_in(text: AnyStr) -> bool:
    """True when some game of a PGN text (``str`` or UTF-8 ``bytes``) has moves (a numbered move at
    the start of a line)."""
    return next(_ANY_MOVES.starts(text), None) is not None


def has_moves(movetext: str) -> bool:
    """True when a game's movetext (comments aside) holds a move."""
    return bool(_MOVE.search(_COMMENT.sub(" ", movetext)))


def section_has_moves(section: str) -> bool:
    """True when the movetext of a game section (its lines not starting with ``[``) holds a move."""
    return has_moves("\n".join(ln for ln in section.split("\n") if not ln.lstrip().startswith("[")))


def moves_of(game: chess.pgn.Game, rec: GameRecord, sink: Sink) -> bool:
    """Keep a python-chess game's moves (SAN) and ply count in ``rec``; True when it has moves."""
    try:
        board = game.board()
        sans = []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        rec.moves = " ".join(sans)
        rec.plies = len(sans)
        if game.errors:
            sink.add("PGN106", f"game at {location(rec)}: {len(game.errors)} move error(s): {game.errors[0]}",
                     rec.line, 1, "the moves after the first error are not read")
        return bool(sans)
    except Exception as exc:  # pragma: no cover - python-chess keeps errors in game.errors
        sink.add("PGN106", f"game at {location(rec)}: moves unreadable ({type(exc).__name__})", rec.line, 1)
        return False
