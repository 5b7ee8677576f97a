"""The pairing questions of :class:`~trfscore.checks.cells.FlatCells`, answered a round at a time
over bytes, for tournaments of at most 255 players (the typical event).

Each player gets a one-byte number (its row + 1; 0 stands for "no opponent, or none that is a
player").  A round is then three byte strings, one byte per player: the opponent's number,
the colour and the result code.  Looking up "what does my opponent hold in this round" for
all players at once is ``bytes.translate`` with the round itself as the table; comparing two
rounds lane by lane is an exclusive or of two big integers.  A consistent round costs a dozen
C-level operations on ~100 bytes instead of a few list passes per cell, and only the cells a
finding is about are looked at one by one.

Every answer equals the list-based one of ``FlatCells`` (the same cells, in the same order);
``tests/check/test_flat_cells.py`` holds the rules' findings on both to those of the
cell-by-cell path.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import compress, count, repeat
from operator import add, ne, sub
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cells import FlatCells

#: The most players a round's byte string can number (0 is "no opponent").
MAX_PLAYERS = 255
#: Up to this many rounds, the rows that name an opponent twice are found by comparing every
#: two rounds (n * (n - 1) / 2 integer operations); past it, by a set of each row's opponents.
PAIRWISE_ROUNDS = 16


def _table(test: Callable[[int], bool]) -> bytes:
    """A ``bytes.translate`` table giving 1 for the bytes ``test`` accepts and 0 for the others."""
    return bytes(1 if test(b) else 0 for b in range(256))


_ZERO_IS_ONE = _table(lambda b: b == 0)
_NONZERO_IS_ONE = _table(lambda b: b != 0)


class Lanes:
    """The opponents, colours and result codes of every round of a :class:`FlatCells` as one
    byte per player (see the module docstring).  Made by :func:`lanes`."""

    def __init__(self, flat: FlatCells, numbers: bytes, colours: bytes, codes: bytes) -> None:
        n, size = flat.round_count, flat.player_count
        self.round_count, self.player_count = n, size
        # what the one-by-one tests read (not ``flat`` itself, which keeps these lanes: no cycle)
        self.opp, self.start_ranks, self.index, self.col, self.code = flat.opp, flat.start_ranks, flat.index, flat.col, flat.code
        self._colours, self._codes = colours, codes
        self._pair_bytes: dict[str, list[tuple[int, bytes]]] = {}  # see _pairs
        #: per round: the opponent numbers
        self.opponents: list[bytes] = [numbers[r::n] for r in range(n)]
        #: per round: 1 where the player names a player who names them back (both halves of a
        #: game, and a player paired with themself), else 0
        self.confirmed: list[bytes] = []
        #: per round: 1 where the player names a player, else 0
        self.named: list[bytes] = []
        padding = bytes(MAX_PLAYERS - size)
        own = int.from_bytes(bytes(range(1, size + 1)), "big")
        for o in self.opponents:
            back = o.translate(b"\0" + o + padding)  # the opponent's opponent
            same = (int.from_bytes(back, "big") ^ own).to_bytes(size, "big").translate(_ZERO_IS_ONE)
            named = o.translate(_NONZERO_IS_ONE)
            self.named.append(named)
            self.confirmed.append((int.from_bytes(same, "big") & int.from_bytes(named, "big")).to_bytes(size, "big"))

    def _cells(self, r: int, lanes: int) -> compress[int]:
        """The flat positions of the players whose lane is 1 in ``lanes`` (round ``r``, 0-based)."""
        return compress(range(r, self.player_count * self.round_count, self.round_count), lanes.to_bytes(self.player_count, "big"))

    def unconfirmed(self) -> list[int]:
        """``FlatCells.unconfirmed``: cells naming a player that does not name the player back."""
        found: list[int] = []
        for r, (named, confirmed) in enumerate(zip(self.named, self.confirmed)):
            lanes = int.from_bytes(named, "big") ^ int.from_bytes(confirmed, "big")
            if lanes:
                found.extend(self._cells(r, lanes))
        found.sort()
        return found

    def mutual_where(self, column: str, test: Callable[[str, str], bool]) -> list[int]:
        """The cells of ``FlatCells.mutual`` whose ``column`` (``"col"`` or ``"code"``) value and
        the partner cell's pass ``test(mine, theirs)``, in order.

        Both halves of every confirmed game are tested at once through a 256-entry table of
        ``test`` over the pair of characters (each as a number below 16, when the round holds
        no other character); the cells it flags are then filtered one by one (the lower start
        rank's half, and ``test`` itself)."""
        _, verdicts = _verdicts(column, test)
        n, opp, sr, index = self.round_count, self.opp, self.start_ranks, self.index
        text = self.col if column == "col" else self.code
        found: list[int] = []
        for r, (confirmed, pairs) in enumerate(self._pairs(column, test)):
            if not confirmed:
                continue
            lanes = confirmed & int.from_bytes(pairs.translate(verdicts), "big")
            if lanes:
                for k in self._cells(r, lanes):
                    theirs_at = index[opp[k]] * n + r
                    if opp[k] > sr[k // n] and test(text[k], text[theirs_at]):
                        found.append(k)
        found.sort()
        return found

    def _pairs(self, column: str, test: Callable[[str, str], bool]) -> list[tuple[int, bytes]]:
        """Per round: the confirmed lanes (an integer) and, per player, the numbers of the
        ``column`` characters of both halves of the game (``mine * 16 + theirs``, a byte each);
        made once per column (TRF502 and TRF503 both read the colours)."""
        held = self._pair_bytes.get(column)
        if held is None:
            values = self._colours if column == "col" else self._codes
            alphabet, _ = _verdicts(column, test)
            n, size = self.round_count, self.player_count
            held = []
            for o, confirmed in zip(self.opponents, self.confirmed):
                lanes = int.from_bytes(confirmed, "big")
                if not lanes:
                    held.append((0, b""))
                    continue
                mine = values[len(held)::n]  # this round's characters
                theirs = o.translate(b"\0" + mine + bytes(MAX_PLAYERS - size))
                pair = (int.from_bytes(mine.translate(alphabet), "big") << 4) | int.from_bytes(theirs.translate(alphabet), "big")
                held.append((lanes, pair.to_bytes(size, "big")))
            self._pair_bytes[column] = held
        return held

    def repeated_meetings(self) -> dict[tuple[int, int], list[int]]:
        """``FlatCells.repeated_meetings``: the pairs that meet more than once, each with the
        cells of its lower start rank, from rows where an opponent number repeats."""
        n, size = self.round_count, self.player_count
        numbers = b"".join(self.opponents)  # round after round
        found: dict[tuple[int, int], list[int]] = {}
        if n <= PAIRWISE_ROUNDS:
            repeats = self._rows_naming_one_twice()
        else:
            rows = list(map(numbers.__getitem__, map(slice, range(size), repeat(None), repeat(size))))
            zeros = list(map(bytes.count, rows, repeat(0)))
            # a row names no opponent twice when its distinct bytes are its non-zero ones, plus 0 if any
            distinct = list(map(len, map(set, rows)))
            expected = list(map(add, map(sub, repeat(n), zeros), map(bool, zeros)))
            repeats = list(compress(count(), map(ne, distinct, expected)))
        sr, confirmed = self.start_ranks, self.confirmed
        for i in repeats:
            row, own = numbers[i::size], sr[i]
            pairs: dict[int, list[int]] = {}
            for r, number in enumerate(row):
                if number and confirmed[r][i] and sr[number - 1] > own:
                    pairs.setdefault(sr[number - 1], []).append(i * n + r)
            found.update(((own, other), cells) for other, cells in pairs.items() if len(cells) > 1)
        return found

    def _rows_naming_one_twice(self) -> list[int]:
        """The players (rows) who name the same player in two rounds: every two rounds compared
        lane by lane (an exclusive or of two big integers), in order."""
        n, size = self.round_count, self.player_count
        values = [int.from_bytes(o, "big") for o in self.opponents]
        named = [int.from_bytes(x, "big") for x in self.named]
        twice = 0
        for r in range(n - 1):
            mine, own_named = values[r], named[r]
            for s in range(r + 1, n):
                twice |= int.from_bytes((mine ^ values[s]).to_bytes(size, "big").translate(_ZERO_IS_ONE), "big") & own_named
        if not twice:
            return []
        return list(compress(count(), twice.to_bytes(size, "big")))


def lanes(flat: FlatCells) -> Lanes | None:
    """The byte lanes of ``flat``, or None when they do not apply (more than 255 players, or
    colours or codes that are not ASCII)."""
    if flat.player_count > MAX_PLAYERS or not flat.player_count or not flat.round_count or not (flat.col.isascii() and flat.code.isascii()):
        return None
    numbers = flat.opp_bytes
    size = flat.player_count
    # the opponents' start ranks are their numbers when the players are 1, 2, 3 ... in order
    # (the usual file) and every opponent is one of them: the reader's bytes serve as they are
    if numbers is None or max(numbers) > size or flat.start_ranks != list(range(1, size + 1)):
        number = dict(zip(flat.start_ranks, range(1, size + 1)))
        numbers = bytes(map(number.get, flat.opp, repeat(0)))
    return Lanes(flat, numbers, flat.col.encode("ascii"), flat.code.encode("ascii"))


#: The characters each column's cells hold, numbered 1.. in this order (at most 15 of them).
ALPHABETS = {"col": "wb-", "code": "10=+-WDLHFUZ X?"}
_VERDICTS: dict[tuple[str, Callable[[str, str], bool]], tuple[bytes, bytes]] = {}


def _verdicts(column: str, test: Callable[[str, str], bool]) -> tuple[bytes, bytes]:
    """``(alphabet, verdicts)`` for ``test`` over ``column``: ``alphabet`` numbers the characters
    of :data:`ALPHABETS` 1..15 (any other character 0); ``verdicts`` maps ``mine * 16 + theirs``
    to 1 where ``test`` holds or a character is not numbered (that cell is then tested one by one)."""
    found = _VERDICTS.get((column, test))
    if found is None:
        chars = ALPHABETS[column]
        assert len(set(chars)) == len(chars) < 16
        number = {c: i for i, c in enumerate(chars, 1)}
        alphabet = bytes(number.get(chr(b), 0) for b in range(256))
        verdicts = bytearray(256)
        for a in range(16):
            for b in range(16):
                if not a or not b or a > len(chars) or b > len(chars) or test(chars[a - 1], chars[b - 1]):
                    verdicts[a * 16 + b] = 1
        found = _VERDICTS[column, test] = (alphabet, bytes(verdicts))
    return found
