"""Each game record as an entry of the tournament: its round, its players and the result codes.

Forfeits and byes are read by the conventions of :mod:`.conventions`, each guess an info finding
saying which convention was used.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import repeat

from .conventions import (
    BYE_TYPES,
    FORFEIT_RESULTS,
    RESULTS,
    UNKNOWN_TERMINATION,
    UNRATED_CODE,
    UNRATED_TERMINATION,
    forfeit_termination,
    is_bye_name,
)
from .players import PlayerIndex
from .records import GameRecord, Side, location
from .rules import Sink

# (round or None, white key, black key or None for a bye, result codes (white's, black's: "" for a bye), record)
Entry = tuple[int | None, str, str | None, tuple[str, str], GameRecord]
# (round, board, white key, black key)
Board = tuple[int, int, str, str]


def game_entries(records: list[GameRecord], keys: list[tuple[int, ...] | None] | None, rounds_of: list[int | None],
                 want_boards: bool, players: PlayerIndex, sink: Sink) -> tuple[list[Entry], list[Board]]:
    """The entry of every game that has a player, and (``want_boards``, with the ``keys``) the
    board of every game whose ``Round`` gives one."""
    boards: list[Board] = []
    files_with_moves = {r.file for r in records if r.has_moves}
    # games: (round or None, white key or None, black key or None, codes, record)
    entries: list[Entry] = []
    note = players.note
    for rec, rnd, rkey in zip(records, rounds_of, keys if keys is not None else repeat(None)):
        white, black = rec.white, rec.black
        w_bye = is_bye_name(white.name)
        b_bye = is_bye_name(black.name)
        if not white.name and not black.name:
            sink.add("PGN104", f"game at {location(rec)} has neither White nor Black; skipped", rec.line, 1)
            continue
        if rnd is None:
            sink.add("PGN107", f"game at {location(rec)}: Round {rec.round_text!r} gives no round number; the "
                     "game is put in the first round both players are free", rec.line, 1,
                     'write [Round "3"] or [Round "3.1"] (round.board)', rec.round_text)
        bye = _bye(rec, w_bye, b_bye, sink)
        if bye is not None:
            player, code = bye
            if player.name:
                entries.append((rnd, note(player, rec.line), None, (code, ""), rec))
            continue
        if not white.name or not black.name:
            sink.add("PGN104", f"game at {location(rec)} has no {'White' if not white.name else 'Black'} "
                     "player; skipped", rec.line, 1)
            continue
        wk = note(white, rec.line)
        bk = note(black, rec.line)
        entries.append((rnd, wk, bk, _result_codes(rec, files_with_moves, sink), rec))
        if want_boards and rkey is not None and len(rkey) > 1 and rnd is not None:
            boards.append((rnd, rkey[1], wk, bk))
    return entries, boards


def _bye(rec: GameRecord, w_bye: bool, b_bye: bool, sink: Sink) -> tuple[Side, str] | None:
    """The side that has a bye and the bye's code, or None when the game is no bye.

    A bye is a ``ByeType`` tag, ``Termination "bye"`` or a side named as a bye (``w_bye``,
    ``b_bye``); without ``ByeType`` the result gives the code, and PGN202 says so.
    """
    result = rec.result
    score: int | Fraction | None
    bye_tag = BYE_TYPES.get(rec.bye_type.upper()) if rec.bye_type else None
    if not (bye_tag is not None or rec.termination.casefold() == "bye" or w_bye or b_bye):
        return None
    if w_bye and not b_bye:
        player, score = rec.black, {"1-0": 0, "0-1": 1}.get(result)
    else:
        player, score = rec.white, {"1-0": 1, "0-1": 0}.get(result)
    if result in ("1/2-1/2", "½-½"):
        score = Fraction(1, 2)
    if bye_tag:
        code, how = bye_tag, f"ByeType {rec.bye_type!r}"
    else:
        code = "Z" if score == 0 else "H" if score == Fraction(1, 2) else "U"
        how = ("the opponent is named " + repr(rec.black.name if not w_bye else rec.white.name)
               if (w_bye or b_bye) else "Termination \"bye\"")
        what = {"U": "a pairing-allocated bye", "H": "a half-point bye"}.get(code, "a zero-point bye")
        sink.add("PGN202", f"game at {location(rec)}: read as a bye for {player.name!r} ({how}); result "
                 f"{result!r} taken as {what}",
                 rec.line, 1, 'write [ByeType "PAB"] (or HPB, FPB, ZPB) to say which bye', result)
    return player, code


def _unfinished(rec: GameRecord, sink: Sink) -> tuple[str, str]:
    """The codes of a game ending ``*``: paired with its result pending, not scored (PGN203),
    unless the user chose to score such games (``--unfinished draw|zero``): then an unknown
    result, which that choice scores (PGN204, :mod:`trfscore.unfinished`)."""
    if sink.unfinished in ("draw", "zero"):
        sink.add("PGN204", f"game at {location(rec)}: result '*' (not finished): read as an unknown result, "
                 f"scored {'as a draw' if sink.unfinished == 'draw' else '0'} for each player as asked "
                 f"(unfinished: {sink.unfinished})", rec.line, 1,
                 "write the result (1-0, 0-1, 1/2-1/2) once the game is over", "*")
        return "X", "X"
    sink.add("PGN203", f"game at {location(rec)}: result '*' (not finished): read as paired, result pending, "
             "not scored", rec.line, 1, "write the result (1-0, 0-1, 1/2-1/2) once the game is over", "*")
    return " ", " "


def _result_codes(rec: GameRecord, files_with_moves: set[str], sink: Sink) -> tuple[str, str]:
    """The result codes (white, black) of a game between two players, forfeits read as such (PGN201)."""
    result = rec.result
    compact = result.replace(" ", "")
    if result not in RESULTS and (compact in FORFEIT_RESULTS or result in FORFEIT_RESULTS):
        codes = FORFEIT_RESULTS.get(compact) or FORFEIT_RESULTS[result]
        sink.add("PGN201", f"game at {location(rec)}: result {result!r} read as "
                 f"{'a double forfeit' if codes == ('-', '-') else 'a forfeit'}", rec.line, 1, "", result)
    elif result in RESULTS:
        codes = RESULTS[result]
        termination = rec.termination.casefold()
        if codes[0] == " " and termination == UNKNOWN_TERMINATION:
            codes = ("X", "X")  # trfscore's own writing of a TRF X
        elif codes[0] == " ":
            codes = _unfinished(rec, sink)
        elif termination == UNRATED_TERMINATION:
            codes = (UNRATED_CODE[codes[0]], UNRATED_CODE[codes[1]])
        elif codes[0] in "10" and rec.termination and forfeit_termination(rec.termination):
            codes = ("+", "-") if codes[0] == "1" else ("-", "+")
            sink.add("PGN201", f"game at {location(rec)}: read as a forfeit (Termination "
                     f"{rec.termination!r})", rec.line, 1, "", rec.termination)
        elif codes[0] in "10" and rec.has_moves is False and rec.file in files_with_moves:
            codes = ("+", "-") if codes[0] == "1" else ("-", "+")
            sink.add("PGN201", f"game at {location(rec)}: {result} without moves, read as a forfeit (other "
                     "games in the file have moves)", rec.line, 1,
                     'add [Termination "forfeit"] to say so, or the moves if it was played', result)
    else:
        sink.add("PGN105", f"game at {location(rec)}: result {result!r} is not 1-0, 0-1, 1/2-1/2 or *; read as "
                 "unknown", rec.line, 1, "", result)
        codes = ("X", "X")
    return codes
