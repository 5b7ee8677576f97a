"""Round numbers from ``Round`` tags, by the round mode (``round``, ``round.board``, ``round.game``)."""
from __future__ import annotations

from .records import GameRecord


def round_key(text: str) -> tuple[int, ...] | None:
    """The numbers of a ``Round`` tag (``"3.1"`` is ``(3, 1)``), or None when it gives no round."""
    parts = text.split(".")
    if any(len(p) > 9 for p in parts):
        return None  # no round or board number has ten digits
    try:
        key = tuple(int(p) for p in parts if p != "")
    except ValueError:
        return None
    return key if key and key[0] > 0 else None


def guess_round_mode(records: list[GameRecord]) -> str:
    """``round.game`` when every ``Round`` is written ``r.g`` and some player has two games under
    one ``r`` (the games of a match, or of a knock-out's mini-match, numbered within the round:
    ``1.1``, ``1.2``), else ``round`` (a broadcast's ``3.12`` is round 3, board 12: each player
    once per round).  A file of plain round numbers is decided on its first game."""
    seen: dict[tuple[str, str], str] = {}
    twice = False
    for r in records:
        text = r.round_text
        head, dot, tail = text.partition(".")
        if not dot or not tail.isdecimal() or not head.isdecimal():
            return "round"
        for name in (r.white.name, r.black.name):
            before = seen.setdefault((head, name), text)
            twice = twice or before != text
    return "round.game" if twice else "round"


def round_numbers(records: list[GameRecord], round_mode: str,
                  boards: bool = False) -> tuple[list[tuple[int, ...] | None] | None, list[int | None]]:
    """The round key (with ``boards`` or in ``"round.game"`` mode, else None) and the round number
    (None: no round) of every record.

    ``"round.game"`` makes every distinct key its own round, numbered in order; the other modes
    take the number before the dot.
    """
    if round_mode != "round.game" and not boards:
        # only the round number: cached by the text before the dot (a broadcast's "3.12" is round 3)
        number_cache: dict[str, int | None] = {}
        rounds_of: list[int | None] = []
        for r in records:
            text = r.round_text
            head, dot, tail = text.partition(".")
            if head and (not dot or (tail.isdecimal() and len(tail) < 10)):
                got = number_cache.get(head, -1)
                if got == -1:
                    key = round_key(head)
                    got = number_cache[head] = key[0] if key is not None else None
            else:  # no number before the dot, or more than a board number after it
                key = round_key(text)
                got = key[0] if key is not None else None
            rounds_of.append(got)
        return None, rounds_of
    key_cache: dict[str, tuple[int, ...] | None] = {}  # a round's games share its text
    keys = [key_cache[text] if text in key_cache else key_cache.setdefault(text, round_key(text))
            for text in (r.round_text for r in records)]
    if round_mode == "round.game":
        distinct = sorted({k for k in keys if k is not None})
        number = {k: i for i, k in enumerate(distinct, 1)}
        rounds_of = [number[k] if k is not None else None for k in keys]
    else:
        rounds_of = [k[0] if k is not None else None for k in keys]
    return keys, rounds_of
