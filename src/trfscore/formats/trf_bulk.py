"""Decoding a run of ``001`` records column by column: the reader's hot path for big files.

:func:`trfscore.formats.trf_player.parse_player` decodes one line and reports every deviation.
Most lines of a real file are clean, and for them the same fields can be cut out of all lines
at once: each field becomes a column (one slice per line), each column is checked in bulk
(distinct values once, or a C-level ``all(map(...))``), and all round blocks of the run are
matched by one regular expression over their concatenation.  A line that fails any check goes
to ``parse_player`` and gets its findings there, so both paths give the same players.
"""
from __future__ import annotations

import re
from itertools import repeat
from typing import Callable

from ..findings import Finding
from ..model import PackedCells, Player, Record
from .trf_player import BIRTH_FORMS, CELLS, FIRST_ROUND, TITLES, parse_player, parse_points

#: Below this many lines the per-line decoder is as fast and simpler.
BULK_MIN = 64
#: The concatenated round blocks may be at most this many times the text they come from, so
#: that one very long line cannot make every short line be padded to its length.
MAX_PADDING = 4

_BLOCK = 10
#: A clean round block, capturing only its opponent field: one the per-line decoder reads
#: without a finding (``trf_player.CELLS``).  Either a game or forfeit -- a right-aligned,
#: non-zero start rank, colour w/b, a result with an opponent -- or no opponent (``0000`` or
#: blank), colour ``-``/blank and a bye, absence or blank result.
CLEAN_CELL = re.compile(r"""
    (   (?=\ *0*[1-9])(?:\ {3}[0-9]|\ {2}[0-9]{2}|\ [0-9]{3}|[0-9]{4})  (?=\ [wb]\ [10=+\-WDL]\ \ )
      | (?:0000|\ {4})                                                (?=\ [-\ ]\ [HFUZ\ ]\ \ )
    ) .{6}""", re.VERBOSE)
_NO_OPPONENT = ("0000", "    ")


def _kind_by_code() -> dict[str, str]:
    """In a clean cell the result code alone tells the kind (a code is clean either with an
    opponent or without one, never both): read off the per-line decoder's own table."""
    table: dict[str, str] = {}
    for (_, _, code), (kind, problem) in CELLS.items():
        if problem is None:
            assert table.setdefault(code, kind) == kind, code
    return table


KIND_BY_CODE = _kind_by_code()


def parse_players(records: list[Record], add: Callable[[Finding], None]) -> list[Player]:
    """The players of consecutive ``001`` records, in order (None-free)."""
    if len(records) < BULK_MIN:
        return _one_by_one(records, add)
    texts = [r.text for r in records]
    slow: set[int] = set()
    heads = _heads(texts, slow)
    cells, counts = _rounds(texts, heads[0], slow)
    if len(slow) == len(texts):
        return _one_by_one(records, add)
    if slow:
        bulk = [i for i in range(len(texts)) if i not in slow]
        heads = [[col[i] for i in bulk] for col in heads]
    else:
        bulk = range(len(texts))
    fast = list(map(Player, *heads, map(list, repeat((), len(bulk))), map(dict, repeat((), len(bulk))),
                    [records[i].line for i in bulk]))
    for player, i in zip(fast, bulk):
        player.defer_games(cells, i, counts[i])
    if not slow:
        return fast
    parsed = dict(zip(bulk, fast))
    out: list[Player] = []
    for i in range(len(texts)):
        player = parsed.get(i)
        if player is None:
            player = parse_player(records[i].text, records[i].line, add)
        if player is not None:
            out.append(player)
    return out


def _one_by_one(records: list[Record], add: Callable[[Finding], None]) -> list[Player]:
    players = (parse_player(r.text, r.line, add) for r in records)
    return [p for p in players if p is not None]


def _mark(values: list, bad: Callable[[object], bool], slow: set[int]) -> None:
    """Add the indices of ``values`` for which ``bad`` holds to ``slow`` (checked per distinct value)."""
    wrong = {v for v in set(values) if bad(v)}
    if wrong:
        slow.update(i for i, v in enumerate(values) if v in wrong)


def _heads(texts: list[str], slow: set[int]) -> list[list]:
    """Columns 1-89 of every line as field columns, in ``Player`` argument order; a line whose
    fields ``parse_player`` would report on is added to ``slow``."""
    for i, t in enumerate(texts):  # tabs, short lines, a fifth start-rank digit (TRF103/313/314)
        if len(t) < 84 or "\t" in t or t[8:9].isdecimal():
            slow.add(i)
    snos = [t[4:8].strip() for t in texts]
    if not all(map(str.isdecimal, snos)):
        _mark(snos, lambda v: not v.isdecimal(), slow)
        snos = [int(v) if v.isdecimal() else 0 for v in snos]
    else:
        snos = list(map(int, snos))
    if 0 in snos:
        slow.update(i for i, v in enumerate(snos) if v == 0)
    sexes = [t[9:10] for t in texts]
    _mark(sexes, lambda v: v not in ("m", "w", " ", ""), slow)
    sexes = list(map(str.strip, sexes))
    titles = [t[10:13].strip() for t in texts]
    _mark(titles, lambda v: v.upper() not in TITLES, slow)
    names = [t[14:47].strip() for t in texts]
    if "" in names:
        slow.update(i for i, v in enumerate(names) if not v)
    ratings = _numbers([t[48:52].strip() for t in texts], slow, zero_is_none=True)
    feds = [t[53:56].strip() for t in texts]
    _mark(feds, lambda v: bool(v) and not (len(v) == 3 and v.isalpha()), slow)
    ids = [t[57:68].strip() for t in texts]
    if not all(map(str.isdecimal, filter(None, ids))):
        _mark(ids, lambda v: bool(v) and not v.isdecimal(), slow)
    births = [t[69:79].strip() for t in texts]
    if not all(map(BIRTH_FORMS.match, filter(None, births))):
        _mark(births, lambda v: bool(v) and not BIRTH_FORMS.match(v), slow)
    points_text = [t[80:84].strip() for t in texts]
    table = {v: parse_points(v) for v in set(points_text)}
    _mark(points_text, lambda v: table[v][1] is not None, slow)
    points = [table[v][0] for v in points_text]
    ranks = _numbers([t[85:89].strip() for t in texts], slow, zero_is_none=False)
    return [snos, names, sexes, titles, ratings, feds, ids, births, points, ranks]


def _numbers(values: list[str], slow: set[int], zero_is_none: bool) -> list[int | None]:
    """Blank-or-digits fields as ints (None for blank; for ratings also for 0)."""
    if not all(map(str.isdecimal, filter(None, values))):
        _mark(values, lambda v: bool(v) and not v.isdecimal(), slow)
        values = [v if v.isdecimal() else "" for v in values]
    distinct = set(values)
    distinct.discard("")
    table: dict[str, int | None] = dict(zip(distinct, map(int, distinct)))
    if zero_is_none:
        table.update((v, None) for v, number in list(table.items()) if number == 0)
    table[""] = None
    return list(map(table.__getitem__, values))


def _rounds(texts: list[str], snos: list[int], slow: set[int]) -> tuple[PackedCells, list[int]]:
    """The round cells of every line, packed, and the number of rounds each line records
    (lines sent to the checked decoder are added to ``slow``; their cells are ignored).

    All round blocks are padded to the longest line and matched by one ``findall``: when it
    returns exactly one match per block, every block is on the grid (a skipped character would
    leave fewer).  Colours and results are then every tenth character of the padded text, and
    cells come from table look-ups over the whole run at once.
    """
    count = len(texts)
    rests = [t[FIRST_ROUND:].rstrip() for t in texts]
    lengths = list(map(len, rests))
    n = -(-max(lengths) // _BLOCK)
    if n == 0:
        return PackedCells(0, [], "", "", []), [0] * count
    width = n * _BLOCK
    if width * count > MAX_PADDING * (sum(lengths) + count * _BLOCK):
        slow.update(range(count))  # one very long line: decode line by line
        return PackedCells(0, [], "", "", []), [0] * count
    blocks = "".join([r.ljust(width) for r in rests])
    opps = CLEAN_CELL.findall(blocks)
    if len(opps) != n * count:  # some line has an irregular block: find it, blank it, match again
        for i, r in enumerate(rests):
            if len(CLEAN_CELL.findall(r.ljust(width))) != n:
                slow.add(i)
                rests[i] = ""
        blocks = "".join([r.ljust(width) for r in rests])
        opps = CLEAN_CELL.findall(blocks)
        if len(opps) != n * count:  # cannot happen: every line left matched on its own
            slow.update(range(count))
            return PackedCells(0, [], "", "", []), [0] * count
    colours = blocks[5::_BLOCK]
    codes = blocks[7::_BLOCK]
    numbers = set(opps)
    numbers.difference_update(_NO_OPPONENT)
    opponent: dict[str, int | None] = dict(zip(numbers, map(int, numbers)))
    opponent.update(dict.fromkeys(_NO_OPPONENT))
    opp = list(map(opponent.__getitem__, opps))
    kinds = list(map(KIND_BY_CODE.__getitem__, codes))
    cells = PackedCells(n, opp, colours, codes, kinds)
    counts = []
    for i in range(count):
        base = i * n
        used = -(-lengths[i] // _BLOCK)
        while used and codes[base + used - 1] == " ":  # trailing "no entry" cells (TRF digest §3.1)
            used -= 1
        if snos[i] in opp[base:base + used]:  # paired with themself: the checked decoder reports it
            slow.add(i)
        counts.append(used)
    return cells, counts
