"""Planted pairing defects for the pairing-check tests: each edits the 001 cells of one round of a
clean TRF text and keeps every game's two halves consistent (the other check rules stay quiet)."""
from __future__ import annotations

CELL = 10  # a round cell is 10 columns wide, the first starting at column 92 (TRF 001)
FIRST = 91  # 0-based offset of round 1's cell


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _cell(line: str, rnd: int) -> tuple[str, str, str]:
    at = FIRST + CELL * (rnd - 1)
    part = line[at:at + 8].ljust(8)
    return part[:4].strip(), part[5], part[7]


def _set(line: str, rnd: int, opponent: str, colour: str, result: str) -> str:
    at = FIRST + CELL * (rnd - 1)
    line = line.ljust(at + 8)
    return line[:at] + f"{opponent:>4} {colour} {result}" + line[at + 8:]


def _players(lines: list[str]) -> dict[int, int]:
    return {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}


def games(text: str, rnd: int) -> list[tuple[int, int, str]]:
    """(white, black, white's result) of every played game of round ``rnd``, by white's start rank."""
    lines = _lines(text)
    out = []
    for rank, i in sorted(_players(lines).items()):
        opponent, colour, result = _cell(lines[i], rnd)
        if colour == "w" and opponent.isdigit() and int(opponent) and result in "10=":
            out.append((rank, int(opponent), result))
    return out


def met(text: str) -> set[frozenset[int]]:
    lines = _lines(text)
    pairs = set()
    for rank, i in _players(lines).items():
        rounds = (len(lines[i]) - FIRST + 2) // CELL
        for r in range(1, rounds + 1):
            opponent = _cell(lines[i], r)[0]
            if opponent.isdigit() and int(opponent):
                pairs.add(frozenset((rank, int(opponent))))
    return pairs


def swap_blacks(text: str, rnd: int) -> str | None:
    """W1-B1 and W2-B2 (same result, never met) become W1-B2 and W2-B1; None when no such two boards."""
    lines = _lines(text)
    index = _players(lines)
    already = met(text)
    found = games(text, rnd)
    for i, (w1, b1, res1) in enumerate(found):
        for w2, b2, res2 in found[i + 1:]:
            if res1 == res2 and frozenset((w1, b2)) not in already and frozenset((w2, b1)) not in already:
                black = {"1": "0", "0": "1", "=": "="}[res1]
                lines[index[w1]] = _set(lines[index[w1]], rnd, str(b2), "w", res1)
                lines[index[w2]] = _set(lines[index[w2]], rnd, str(b1), "w", res1)
                lines[index[b1]] = _set(lines[index[b1]], rnd, str(w2), "b", black)
                lines[index[b2]] = _set(lines[index[b2]], rnd, str(w1), "b", black)
                return "\n".join(lines)
    return None


def flip_colours(text: str, rnd: int) -> str | None:
    """The first game of round ``rnd`` (by white's start rank) played with the colours reversed."""
    lines = _lines(text)
    index = _players(lines)
    found = games(text, rnd)
    if not found:
        return None
    white, black, result = found[0]
    lines[index[white]] = _set(lines[index[white]], rnd, str(black), "b", result)
    lines[index[black]] = _set(lines[index[black]], rnd, str(white), "w", {"1": "0", "0": "1", "=": "="}[result])
    return "\n".join(lines)


def move_bye(text: str, rnd: int) -> str | None:
    """The pairing-allocated bye of round ``rnd`` given to the white player of the last game
    instead, whose opponent meets the former bye receiver (who never met them) in their place."""
    lines = _lines(text)
    index = _players(lines)
    receiver = next((rank for rank, i in index.items() if _cell(lines[i], rnd)[2] == "U"), None)
    if receiver is None:
        return None
    already = met(text)
    for white, black, result in reversed(games(text, rnd)):
        if frozenset((receiver, black)) in already:
            continue
        lines[index[white]] = _set(lines[index[white]], rnd, "0000", "-", "U")
        lines[index[receiver]] = _set(lines[index[receiver]], rnd, str(black), "w", result)
        lines[index[black]] = _set(lines[index[black]], rnd, str(receiver), "b", _cell(lines[index[black]], rnd)[2])
        return "\n".join(lines)
    return None
