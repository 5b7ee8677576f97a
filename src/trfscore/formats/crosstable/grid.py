"""Round-robin grids: one row per player, one column per opponent, and the games put into rounds.

Round-robin grids have no rounds; the games are put into Berger-table rounds (FIDE C.05
Annex 1; a double round-robin repeats the table) so that every game sits in the same round for
both players; an odd player count gives each player one ``NOT_SCHEDULED`` round (never a bye).
``rr_rounds="order"`` instead puts a player's k-th opponent (in start-rank order) in round k.
Colours are not known from a grid and stay None.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from operator import itemgetter
from typing import TypeGuard

from ...model import Game, Kind, Player
from ..limits import too_sparse
from .cells import KIND_OF, MIRROR, is_diagonal, parse_number, rr_cell
from .columns import label_roles, prefix
from .lexing import Items, Tok
from .rows import HeadRow, Row, _int
from .state import ReadState

#: One row as placed: (located, start index of the cells, the n cell tokens, unreadable tokens).
Placed = tuple[bool, int | None, Sequence[Tok], list[Tok]]
#: Start rank -> opponent -> (the codes of the cell, or None when unreadable; the cell).
Grid = dict[int, dict[int, tuple[tuple[str, ...] | None, Tok]]]


class GridReader:
    """Reads a round-robin grid into the tournament of a :class:`~.state.ReadState`."""

    def __init__(self, state: ReadState, rr_rounds: str) -> None:
        self.state = state
        self.rr_rounds = rr_rounds

    def read(self, head: HeadRow, rows: Sequence[Row]) -> None:
        state, t = self.state, self.state.t
        n = len(head.run) if head.kind == "numbers" and head.run else len(rows)
        if too_sparse(n, n, n * len(rows)):
            state.add("CTB100", f"the header numbers {n} columns but only {len(rows)} row(s) follow: not a "
                      "round-robin grid", head.line or rows[0].line, head.run[-1].col if head.run else 1,
                      "a grid has one row per numbered column")
            return
        if head.kind == "numbers" and n < len(rows):
            state.add("CTB111", f"the header numbers {n} columns but the table has {len(rows)} rows: read as a "
                      f"round-robin grid of {n} players, the rows past them are not read", head.line,
                      head.run[-1].col if head.run else 1, "a grid has one column per player; a Swiss table "
                      "needs cells naming the opponent (12w1, 27:W, W12 ...)")
        elif head.kind == "numbers" and n != len(rows):
            state.add("CTB105", f"the header numbers {n} columns but the table has {len(rows)} rows",
                      head.line, head.run[-1].col if head.run else 1)
        double, parsed = _best_reading(head, rows, n)
        start_ranks = self._start_ranks(rows, n)
        grid, players = self._read_rows(head, rows, parsed, start_ranks, n, double)
        for sr in range(1, n + 1):
            if sr not in players:
                players[sr] = Player(sr, name=f"(player {sr})")
                state.add("CTB105", f"no row for player {sr}; their games are taken from the other rows",
                          head.line or None, None)
                grid[sr] = {}
        t.players = [players[k] for k in sorted(players)]
        codes = self._resolve_grid(grid, n, double)
        schedule = _schedule_in_order if self.rr_rounds == "order" else _schedule_by_berger
        t.rounds = schedule(t.players, codes, n, 2 if double else 1)
        t.header.system = "CUSTOM_ROUNDROBIN"
        t.source.dialect = "double round-robin grid" if double else "round-robin grid"
        sched = ("Berger-table rounds" if self.rr_rounds == "berger" else
                 "one round per opponent in start-rank order")
        state.add("CTB106", f"read a {'double ' if double else ''}round-robin grid of {n} players; "
                  f"{t.rounds} rounds by {sched}" + (", one round off per player" if n % 2 and
                                                     self.rr_rounds == "berger" else "")
                  + "; colours are not known", head.line or rows[0].line, 1)

    def _start_ranks(self, rows: Sequence[Row], n: int) -> list[int]:
        """The start rank of each row: its number when the rows are numbered 1..n, else its place."""
        ids = _row_numbers(rows)
        if _one_to_n(ids) and len(rows) == n:
            return [ids[row.ordinal - 1] for row in rows]
        if any(i is not None for i in ids) and rows:
            self.state.add("CTB105", "the row numbers are not 1.." + str(len(rows)) + "; rows are numbered in "
                           "order", rows[0].line, rows[0].ident.col if rows[0].ident else 1)
        return [row.ordinal for row in rows]

    def _read_rows(self, head: HeadRow, rows: Sequence[Row], parsed: list[Placed], start_ranks: list[int], n: int,
                   double: bool) -> tuple[Grid, dict[int, Player]]:
        """The player of each row, with its columns and declared values, and its grid cells."""
        state = self.state
        before, after = label_roles(head)
        has_header = head.kind == "numbers"
        grid: Grid = {}
        players: dict[int, Player] = {}
        for row, (_row_ok, s, cells, _bad_cells), sr in zip(rows, parsed, start_ranks):
            if sr in players or sr > n:
                if sr > n:
                    state.add("CTB111", f"row {sr} is beyond the {n} numbered columns; it is not read", row.line,
                              row.ident.col if row.ident else 1)
                continue
            player = Player(sr, line=row.line)
            players[sr] = player
            if s is None:
                state.add("CTB102", f"row {sr}: the {n} grid cells with the diagonal in place {sr} were not "
                          "found", row.line, row.ident.col if row.ident else 1,
                          f"a grid row has the number, the name, {n} cells (one of them X on the diagonal) "
                          "and the declared columns", " ".join(x.text for x in row.toks)[:80])
                player.name = " ".join(x.text for x in row.toks if x.kind in ("WORD", "NAME", "FED"))
                continue
            info = prefix(row.toks[:s], before, row.sep is not None, has_header)
            player.name, player.title, player.rating, player.federation, player.fide_id = (
                info["name"], info["title"], info["rating"], info["fed"], info["fide_id"])
            state.declare_row(sr, player, row, before, info, row.toks[s + n:], after, has_header)
            grid[sr] = {j: (rr_cell(tok.text, double), tok) for j, tok in enumerate(cells, 1) if j != sr}
        return grid, players

    def _resolve_grid(self, grid: Grid, n: int, double: bool) -> dict[tuple[int, int], tuple[str, ...]]:
        """Codes per ordered pair, unreadable cells filled from the opponent's cell."""
        width = 2 if double else 1
        codes: dict[tuple[int, int], tuple[str, ...]] = {}
        reported: set[tuple[int, int]] = set()
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                if i == j:
                    continue
                mine = grid.get(i, {}).get(j)
                theirs = grid.get(j, {}).get(i)
                if mine is not None and mine[0] is not None:
                    codes[(i, j)] = mine[0]
                    if theirs is not None and theirs[0] is not None and (j, i) not in reported:
                        want = tuple(MIRROR[c] for c in mine[0])
                        if theirs[0] != want:
                            reported.add((i, j))
                            self.state.add(
                                "CTB103", f"players {i} and {j}: cell {mine[1].text!r} (line {mine[1].line}, "
                                f"column {mine[1].col}) and cell {theirs[1].text!r} (line {theirs[1].line}, "
                                f"column {theirs[1].col}) do not describe the same game",
                                mine[1].line, mine[1].col, "one of the two cells is wrong; each is kept as "
                                "written", f"{mine[1].text} / {theirs[1].text}")
                    continue
                if theirs is not None and theirs[0] is not None:
                    codes[(i, j)] = tuple(MIRROR[c] for c in theirs[0])
                    if mine is not None:
                        shown = " ".join("½" if c == "=" else c for c in codes[(i, j)])
                        self.state.add(
                            "CTB101", f"player {i} against {j}: cell {mine[1].text!r} is not a result; "
                            f"read as {shown!r} from the cell of player {j}", mine[1].line, mine[1].col,
                            "round-robin cells are 1 0 ½ 1/2 0.5 = + - (X on the diagonal)", mine[1].text)
                    continue
                codes[(i, j)] = (" ",) * width
                if mine is not None:
                    self.state.add(
                        "CTB101", f"player {i} against {j}: cell {mine[1].text!r} is not a result "
                        "(nor is the opponent's cell); read as not played", mine[1].line, mine[1].col,
                        "round-robin cells are 1 0 ½ 1/2 0.5 = + - (X on the diagonal)", mine[1].text)
        return codes


def _row_numbers(rows: Sequence[Row]) -> list[int | None]:
    """The number of each row (None: it has none)."""
    return [_int(r.ident) if r.ident is not None else None for r in rows]


def _one_to_n(ids: list[int | None]) -> TypeGuard[list[int]]:
    """Whether the row numbers ``ids`` are 1..len(ids) in some order."""
    return sorted(i for i in ids if i is not None) == list(range(1, len(ids) + 1))


def _best_reading(head: HeadRow, rows: Sequence[Row], n: int) -> tuple[bool, list[Placed]]:
    """Single or double round-robin: the reading with fewer unreadable cells and unplaced rows."""
    readings: list[tuple[int, bool, list[Placed]]] = []
    for double in (False, True):
        attempt = _grid_rows(head, rows, n, double)
        bad = sum(len(a[3]) for a in attempt) + 3 * sum(1 for a in attempt if a[1] is None)
        readings.append((bad, double, attempt))
        if bad == 0:
            break
    _, double, parsed = min(readings, key=itemgetter(0))  # the first of the best
    return double, parsed


def _grid_rows(head: HeadRow, rows: Sequence[Row], n: int, double: bool) -> list[Placed]:
    """For each row: (ok, start index of the cells, the n cell tokens, unreadable tokens)."""
    k = len(head.suffix) if head.kind == "numbers" else None
    out: list[Placed] = []
    ids = _row_numbers(rows)
    numbers = ids if _one_to_n(ids) else None
    for row in rows:
        g = numbers[row.ordinal - 1] if numbers is not None else row.ordinal
        s = _grid_start(row.toks, g, n, k, double) if 1 <= g <= n else None
        if s is None:
            out.append((False, None, [], []))
            continue
        cells = row.toks[s:s + n]
        bad = [x for j, x in enumerate(cells, 1) if j != g and rr_cell(x.text, double) is None]
        if not is_diagonal(cells[g - 1].text):
            bad.append(cells[g - 1])
        out.append((True, s, cells, bad))
    return out


def _grid_start(toks: Items, g: int, n: int, k: int | None, double: bool) -> int | None:
    """Where the ``n`` grid cells of row ``g`` start in ``toks`` (the diagonal in place ``g``;
    ``k`` declared columns after them under a header), or None when they are not found."""
    best = None
    kinds, texts = toks.kinds, toks.texts
    # per item once (not per window): results before each position, numbers from it to the end
    results = [0, *accumulate(rr_cell(text, double) is not None for text in texts)]
    numeric_tail = [True] * (len(texts) + 1)
    for j in range(len(texts) - 1, -1, -1):
        numeric_tail[j] = numeric_tail[j + 1] and (kinds[j] == "EMPTY" or parse_number(texts[j]) is not None)
    for s in range(1, len(texts) - n + 1):
        d = s + g - 1
        if not is_diagonal(texts[d]):
            continue
        score = results[s + n] - results[s] - (results[d + 1] - results[d])
        tail = len(texts) - (s + n)
        key = (score, k is not None and tail == k, numeric_tail[s + n], s)
        if best is None or key > best[0]:
            best = (key, s)
    if best is None and k is not None and len(texts) - k - n >= 1:
        return len(texts) - k - n
    if best is None or best[0][0] < (n - 1) - max(2, (n - 1) // 3):
        return None
    return best[1]


def _schedule_in_order(players: list[Player], codes: dict[tuple[int, int], tuple[str, ...]], n: int,
                       cycles: int) -> int:
    """A player's k-th opponent (in start-rank order) in round k; the number of rounds."""
    per = n - 1
    for p in players:
        opps = [j for j in range(1, n + 1) if j != p.start_rank]
        p.games = [_game(c * per + k, j, codes[(p.start_rank, j)][c]) for c in range(cycles) for k, j in enumerate(opps, 1)]
    return per * cycles


def _schedule_by_berger(players: list[Player], codes: dict[tuple[int, int], tuple[str, ...]], n: int,
                        cycles: int) -> int:
    """Every game in its Berger-table round; the number of rounds."""
    table = berger(n)
    per = len(table)
    opponent: dict[tuple[int, int], int | None] = {}
    for r, pairs in enumerate(table, 1):
        for a, b in pairs:
            opponent[(r, a)] = b if b <= n else None
            if a <= n:
                opponent[(r, b)] = a if b <= n else None
    for p in players:
        p.games = [Game(c * per + r, None, None, " ", Kind.NOT_SCHEDULED) if (j := opponent.get((r, p.start_rank))) is None
                   else _game(c * per + r, j, codes[(p.start_rank, j)][c]) for c in range(cycles) for r in range(1, per + 1)]
    return per * cycles


def _game(rnd: int, opponent: int, code: str) -> Game:
    return Game.absent(rnd) if code == " " else Game(rnd, opponent, None, code, KIND_OF[code])


def berger(n: int) -> list[list[tuple[int, int]]]:
    """Berger tables (FIDE C.05 Annex 1): per round the pairs (White, Black) of players 1..n.

    With an odd ``n`` a dummy player ``n + 1`` is added; pairing with it means a round off.
    """
    if n < 2:
        return []
    m = n if n % 2 == 0 else n + 1
    rounds = []
    for r in range(1, m):
        p = ((r - 1) * (m // 2)) % (m - 1) + 1
        rounds.append([(p, m) if r % 2 else (m, p)]  # then (White, Black) of the other tables
                      + [((p + i - 1) % (m - 1) + 1, (p - i - 1) % (m - 1) + 1) for i in range(1, m // 2)])
    return rounds
