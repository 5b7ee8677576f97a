"""The pairing questions of :class:`~trfscore.checks.cells.FlatCells`, answered a round at a time
over lanes: which claims are not returned, which games are confirmed, whose halves disagree, who
meets whom twice.

Each player gets a number (its row + 1; 0 stands for "no opponent, or none that is a player"),
held in a lane of ``width`` bytes: one byte up to 255 players (the typical event), two up to
65,535, four past that.  A round is then one byte string of lanes, one per player.  "What does my
opponent hold in this round" for every player at once is a gather with the round itself as the
table (:meth:`Lanes.gather`), and comparing two rounds lane by lane is an exclusive or of two
big integers.  A consistent round costs a dozen C-level operations instead of a few list passes
per cell, and only the cells a finding is about are looked at one by one.

A start rank held by two rows (``TRF302``: readers drop the second; a tournament built by hand
may keep it) names the last row holding it, as ``Context.by_rank`` does, and a row is confirmed
when that row names its start rank back.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable
from itertools import compress, count, repeat
from operator import add, ne, sub
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cells import FlatCells

#: Up to this many rounds, the rows that name an opponent twice are found by comparing every
#: two rounds (n * (n - 1) / 2 integer operations); past it, by a set of each row's opponents.
PAIRWISE_ROUNDS = 16


def _table(test: Callable[[int], bool]) -> bytes:
    """A ``bytes.translate`` table giving 1 for the bytes ``test`` accepts and 0 for the others."""
    return bytes(1 if test(b) else 0 for b in range(256))


_ZERO_IS_ONE = _table(lambda b: b == 0)  # (over flags 0 and 1: their negation)


#: the ``array`` type of each lane width, narrowest first
_TYPECODE = {array(code).itemsize: code for code in "BHIL"}


def _typecode(players: int) -> str:
    """The ``array`` type of the smallest lane that numbers ``players`` players (and 0)."""
    return next(code for width, code in _TYPECODE.items() if players < 256 ** width)


class Lanes:
    """The opponents, colours and result codes of every round of a :class:`FlatCells` in
    lanes (see the module docstring).  Made once per ``FlatCells`` (``FlatCells.lanes``)."""

    def __init__(self, flat: FlatCells) -> None:
        n, size = flat.round_count, flat.player_count
        self.round_count, self.player_count = n, size
        # what the one-by-one tests read (not ``flat`` itself, which keeps these lanes: no cycle)
        self.opp, self.start_ranks, self.index, self.col, self.code = flat.opp, flat.start_ranks, flat.index, flat.col, flat.code
        self.typecode = _typecode(size)
        self.width = array(self.typecode).itemsize
        self._colours, self._codes = _ascii(flat.col), _ascii(flat.code)
        self._pair_bytes: dict[str, list[tuple[int, bytes]]] = {}  # see _pairs
        given = flat.opp_bytes  # one byte a cell from the reader (0: none)
        # the opponents' start ranks are their numbers when the players are 1, 2, 3 ... in order
        # (the usual file) and every opponent is one of them: the reader's bytes serve as they are
        if (given is not None and self.width == 1 and not given.translate(None, bytes(range(size + 1)))
                and flat.start_ranks == list(range(1, size + 1))):
            numbers, own = array(self.typecode, given), array(self.typecode, range(1, size + 1))
        else:
            number = dict(zip(flat.start_ranks, range(1, size + 1)))  # a repeated rank: its last row
            numbers = array(self.typecode, map(number.get, flat.opp, repeat(0)))  # type: ignore[arg-type]
            own = array(self.typecode, map(number.__getitem__, flat.start_ranks))
        #: per cell (player after player, as ``FlatCells``): the opponent's number
        self.numbers = numbers
        #: per round: the opponent numbers, ``width`` bytes each
        self.opponents: list[bytes] = [numbers[r::n].tobytes() for r in range(n)]
        #: per round: 1 where the player names a player who names them back (both halves of a
        #: game, and a player paired with themself), else 0
        self.confirmed: list[bytes] = []
        #: per round: 1 where the player names a player, else 0
        self.named: list[bytes] = []
        mine = int.from_bytes(own, "big")
        for o in self.opponents:
            back = int.from_bytes(self.gather(o, o, self.width), "big")  # the opponent's opponent
            named = self.zero_lanes(o).translate(_ZERO_IS_ONE)  # (flags: 1 where not zero)
            self.named.append(named)
            same = int.from_bytes(self.zero_lanes((back ^ mine).to_bytes(size * self.width, "big")), "big")
            self.confirmed.append((same & int.from_bytes(named, "big")).to_bytes(size, "big"))

    # -- the two primitives --------------------------------------------------------------------
    def gather(self, values: bytes, numbers: bytes, width: int) -> bytes:
        """Per lane of ``numbers``, the value of that player (``width`` bytes a player in
        ``values``; 0 for the number 0): what each player's opponent holds."""
        if self.width == 1:  # a byte a number (and a value): bytes.translate looks every lane up at once
            return numbers.translate(b"\0" + values + bytes(255 - len(values)))
        table = array(_TYPECODE[width], bytes(width) + values)
        return array(_TYPECODE[width], map(table.__getitem__, array(self.typecode, numbers))).tobytes()

    def zero_lanes(self, lanes: bytes) -> bytes:
        """A byte per lane of ``lanes`` (``width`` bytes each): 1 where the lane is zero, else 0."""
        w = self.width
        zeros = lanes.translate(_ZERO_IS_ONE)
        found = zeros[::w]
        for k in range(1, w):  # and each further byte of the lane
            found = (int.from_bytes(found, "big") & int.from_bytes(zeros[k::w], "big")).to_bytes(len(found), "big")
        return found

    def _cells(self, r: int, lanes: int) -> compress[int]:
        """The flat positions of the players whose lane is 1 in ``lanes`` (round ``r``, 0-based)."""
        return compress(range(r, self.player_count * self.round_count, self.round_count), lanes.to_bytes(self.player_count, "big"))

    # -- the questions ---------------------------------------------------------------------------
    def is_confirmed(self, k: int) -> bool:
        """Cell ``k`` names a player who names the player back."""
        return bool(self.confirmed[k % self.round_count][k // self.round_count])

    def unconfirmed(self) -> list[int]:
        """Cells naming an opponent (a player) that does not name the player back, in order."""
        found: list[int] = []
        for r, (named, confirmed) in enumerate(zip(self.named, self.confirmed)):
            lanes = int.from_bytes(named, "big") ^ int.from_bytes(confirmed, "big")
            if lanes:
                found.extend(self._cells(r, lanes))
        found.sort()
        return found

    def mutual(self) -> list[int]:
        """The cells of mutually confirmed pairings against a higher start rank, in order:
        the cells ``Context.meetings`` lists, a player's cells against each opponent."""
        n, opp, sr = self.round_count, self.opp, self.start_ranks
        found: list[int] = []
        for r, confirmed in enumerate(self.confirmed):
            lanes = int.from_bytes(confirmed, "big")
            if lanes:
                found.extend(k for k in self._cells(r, lanes) if opp[k] > sr[k // n])  # type: ignore[operator]
        found.sort()
        return found

    def mutual_where(self, column: str, test: Callable[[str, str], bool]) -> list[int]:
        """The cells of :meth:`mutual` whose ``column`` (``"col"`` or ``"code"``) value and
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
                    theirs_at = index[opp[k]] * n + r  # type: ignore[index]
                    if opp[k] > sr[k // n] and test(text[k], text[theirs_at]):  # type: ignore[operator]
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
                theirs = self.gather(mine, o, 1)
                pair = (int.from_bytes(mine.translate(alphabet), "big") << 4) | int.from_bytes(theirs.translate(alphabet), "big")
                held.append((lanes, pair.to_bytes(size, "big")))
            self._pair_bytes[column] = held
        return held

    def repeated_meetings(self) -> dict[tuple[int, int], list[int]]:
        """The pairs (low, high start rank) that meet more than once, each with its
        :meth:`mutual` cells (the lower start rank's), found from the rows where an opponent
        number repeats."""
        n, size, numbers = self.round_count, self.player_count, self.numbers
        found: dict[tuple[int, int], list[int]] = {}
        if n <= PAIRWISE_ROUNDS:
            repeats = self._rows_naming_one_twice()
        else:
            rows = [numbers[i * n:(i + 1) * n] for i in range(size)]
            zeros = list(map(array.count, rows, repeat(0)))
            # a row names no opponent twice when its distinct numbers are its non-zero ones, plus 0 if any
            distinct = list(map(len, map(set, rows)))
            expected = list(map(add, map(sub, repeat(n), zeros), map(bool, zeros)))
            repeats = list(compress(count(), map(ne, distinct, expected)))
        sr, confirmed = self.start_ranks, self.confirmed
        for i in repeats:
            own = sr[i]
            pairs: dict[int, list[int]] = {}
            for r, number in enumerate(numbers[i * n:(i + 1) * n]):
                if number and confirmed[r][i] and sr[number - 1] > own:
                    pairs.setdefault(sr[number - 1], []).append(i * n + r)
            found.update(((own, other), cells) for other, cells in pairs.items() if len(cells) > 1)
        return found

    def _rows_naming_one_twice(self) -> list[int]:
        """The players (rows) who name the same player in two rounds: every two rounds compared
        lane by lane (an exclusive or of two big integers), in order."""
        n, size = self.round_count, self.player_count * self.width
        values = [int.from_bytes(o, "big") for o in self.opponents]
        named = [int.from_bytes(x, "big") for x in self.named]
        twice = 0
        for r in range(n - 1):  # (the bytes of all the differences, zero lanes found once a round)
            mine = values[r]
            same = b"".join((mine ^ values[s]).to_bytes(size, "big") for s in range(r + 1, n))
            lanes = int.from_bytes(self.zero_lanes(same), "big")
            while lanes:  # each later round's lanes, as many as the players
                twice |= lanes & named[r]
                lanes >>= 8 * self.player_count
        if not twice:
            return []
        return list(compress(count(), twice.to_bytes(self.player_count, "big")))


def _ascii(text: str) -> bytes:
    """``text`` a byte a character; a character past ASCII becomes DEL, which no alphabet
    numbers (its cells are then tested one by one on the text itself)."""
    if text.isascii():
        return text.encode("ascii")
    return bytes(map(min, map(ord, text), repeat(127)))


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
