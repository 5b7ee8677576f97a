"""What one reading builds and shares between the grid and Swiss readers: the tournament, the
findings sink and the declared values (points, rank, tie-break columns)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import repeat
from typing import TYPE_CHECKING

from ...cells import columns
from ...decimals import half_glyph_points
from ...findings import CappedFindings, finding
from ...model import PackedCells, PackedRow, Player, Source, in_units
from ...tournament import Tournament
from ..limits import bounded_score
from .cells import parse_number
from .columns import Role, RowInfo
from .lexing import Tok
from .rows import Line, RowView, split_lines, table_lines

if TYPE_CHECKING:
    from .block import Block


class ReadState:
    """The tournament being read from ``text``, its findings and the values its columns declare."""

    def __init__(self, text: str, path: str | None) -> None:
        self.text = text
        self.t = Tournament(source=Source(path=path, format="crosstable", dialect=""))
        self._sink = CappedFindings(self.t.findings)  # at most MAX_PER_RULE of a rule, as every reader
        self.raw_lines = split_lines(text)
        self.declared: dict[int, dict[str, Fraction]] = {}
        self._declared_at: dict[int, dict[str, list[int]]] = {}
        #: positions of a block's declared values not placed into ``_declared_at`` yet (see declared_at)
        self._pending: list[Callable[[], None]] = []
        self.labels: dict[str, str] = {}
        #: texts of declared scores already read and found within bounds, with their values (a
        #: table repeats its points and tie-break values)
        self._scores: dict[str, Fraction] = {}

    @property
    def declared_at(self) -> dict[int, dict[str, list[int]]]:
        """Start rank -> code -> ``[line, column]`` of each declared value read.  A block's
        positions are placed here when first asked for (a finding or the published values),
        in the order they were read."""
        while self._pending:
            self._pending.pop(0)()
        return self._declared_at

    # findings
    def add(self, rule: str, message: str, line: int | None = None, column: int | None = None,
            hint: str = "", text: str = "") -> None:
        self._sink(finding(rule, message, line, column, hint, text))

    def finish(self) -> Tournament:
        """The tournament read, its findings closed with a note per capped rule."""
        self._sink.close()
        return self.t

    def lines(self) -> list[Line]:
        """(line number, separator, cells) of every line."""
        return table_lines(self.text, self.raw_lines)

    def declare(self, sr: int, code: str, label: str, tok: Tok, player: Player) -> None:
        if code != "RANK" and tok.kind != "EMPTY":
            value = self._scores.get(tok.text)
            if value is not None:  # read and within bounds before
                self._keep(sr, code, label, tok, player, value)
                return
        value = parse_number(tok.text)
        if tok.kind == "EMPTY":
            return
        if value is None:
            self.add("CTB104", f"{label or code} of player {sr} is {tok.text!r}, not a number", tok.line, tok.col,
                     "write numbers as 11, 10½, 10.5 or 10,5", tok.text)
            return
        if code != "RANK":  # a declared score: within what a score may be (a document's schema holds it too)
            try:
                bounded_score(value)
            except ValueError as exc:
                self.add("CTB104", f"{label or code} of player {sr} is {tok.text!r}, {exc}", tok.line, tok.col,
                         "write the value the event gives", tok.text)
                return
            self._scores[tok.text] = value
        self._keep(sr, code, label, tok, player, value)

    def _keep(self, sr: int, code: str, label: str, tok: Tok, player: Player, value: Fraction) -> None:
        """Record a declared value that was read and is within bounds."""
        self.declared_at.setdefault(sr, {})[code] = [tok.line, tok.col]
        if code == "PTS":
            player.points = value
        elif code == "RANK":
            if value.denominator == 1:
                player.rank = int(value)
        else:
            self.declared.setdefault(sr, {})[code] = value
            self.labels.setdefault(code, label)

    def declare_row(self, sr: int, player: Player, row: RowView, roles_before: list[Role], info: RowInfo,
                    tail: Sequence[Tok] | None, roles_after: list[Role], has_header: bool) -> None:
        """A row's declared values: a rank in its number column (``row.ident``), those left of the
        cells (``info`` from :func:`~.columns.prefix`) and those right of them (``tail``, when located)."""
        if roles_before and roles_before[0][0] == "rank" and row.ident is not None:
            self.declare(sr, "RANK", roles_before[0][2], row.ident, player)
        for code, label, tok in info["declared"]:
            self.declare(sr, code, label, tok, player)
        if tail is not None:
            self.tail(sr, tail, roles_after, player, has_header)

    def declare_block(self, start_ranks: list[int], block: Block, rows: Sequence[RowView], roles_before: list[Role],
                      roles_after: list[Role], packed: PackedCells) -> list[Player]:
        """The players of a block's rows (row ``j`` is ``rows[j]``, start rank ``start_ranks[j]``)
        with the values they declare: what ``Player(...)`` and :meth:`declare_row` give row by
        row, a column at a time.  When a declared text is no number or out of bounds, row by row
        (the findings then come in the same order)."""
        n = len(block)
        texts, lines = block.texts, block.lines
        # (code, label, texts, columns) of every declared column, in the order declare_row reads them
        declared: list[tuple[str, str, list[str], Callable[[], list[int]]]] = []
        if roles_before and roles_before[0][0] == "rank":
            declared.append(("RANK", roles_before[0][2], block.idents,
                             lambda: [len(t) - len(t.lstrip()) + 1 for t in texts]))
        tail_cols: list[list[int]] = []

        def tail_at(j: int) -> Callable[[], list[int]]:
            def columns() -> list[int]:
                if not tail_cols:
                    tail_cols.extend(block.tail_columns())
                return tail_cols[j]
            return columns

        for j, ((role, code, label, _), items) in enumerate(zip(roles_after, block.tails)):
            if role in ("points", "tb", "rank"):
                declared.append((code, label, items, tail_at(j)))
        values: list[list[Fraction]] = []
        for code, _, items, _ in declared:
            value_of = {text: self._value(code, text) for text in set(items)}
            if None in value_of.values():
                players = self._players_by_row(start_ranks, block, rows, roles_before, roles_after)
                Player.defer_all(players, packed, range(n), repeat(block.rounds, n))
                return players
            values.append(list(map(value_of.__getitem__, items)))  # type: ignore[arg-type]
        points: Iterable[Fraction | None] = repeat(None, n)
        ranks: list[int | None] | Iterable[None] = repeat(None, n)
        scores: list[tuple[str, str, list[Fraction]]] = []
        for (code, label, _, _), column in zip(declared, values):
            if code == "PTS":
                points = column
            elif code == "RANK":
                ranks = [int(v) if v.denominator == 1 else r for v, r in zip(column, ranks)]
            else:
                scores.append((code, label, column))
        if declared:
            codes = [code for code, _, _, _ in declared]
            wheres = [where for _, _, _, where in declared]
            into = self.declared_at  # (the closure holds no reference to the state: no cycle)

            def place() -> None:
                at = [list(map(list, zip(lines, where()))) for where in wheres]
                into.update(zip(start_ranks, map(dict, map(zip, repeat(codes), zip(*at)))))

            self._pending.append(place)
        if scores and n:
            # (not ``codes``: place() above reads that name when it runs, after this)
            score_codes = [code for code, _, _ in scores]
            self.declared.update(zip(start_ranks, map(dict, map(zip, repeat(score_codes),
                                                                 zip(*(c for _, _, c in scores))))))
            for code, label, _ in scores:
                self.labels.setdefault(code, label)
        return list(map(Player, start_ranks, block.names, repeat(""), block.titles, block.ratings, block.feds,
                        repeat(""), repeat(""), points, ranks, _packed_rows(packed, n, block.rounds),
                        map(dict, repeat((), n)), lines))

    def _value(self, code: str, text: str) -> Fraction | None:
        """The value of a declared ``text`` when :meth:`declare` keeps it without a finding, else None."""
        value = parse_number(text)
        if value is None or code == "RANK":
            return value
        try:
            return bounded_score(value)
        except ValueError:
            return None

    def _players_by_row(self, start_ranks: list[int], block: Block, rows: Sequence[RowView],
                        roles_before: list[Role], roles_after: list[Role]) -> list[Player]:
        """:meth:`declare_block` row by row."""
        players = []
        for j, sr in enumerate(start_ranks):
            p = Player(sr, name=block.names[j], title=block.titles[j], rating=block.ratings[j],
                       federation=block.feds[j], fide_id="", line=block.lines[j])
            info: RowInfo = {"name": "", "title": "", "rating": None, "fed": "", "sno": None, "fide_id": "",
                             "declared": []}
            self.declare_row(sr, p, rows[j], roles_before, info, block.tail_toks(j), roles_after, True)
            players.append(p)
        return players

    def tail(self, sr: int, toks: Sequence[Tok], roles_after: list[Role], player: Player,
             has_header: bool) -> None:
        if has_header and roles_after:
            for j, (role, code, label, _) in enumerate(roles_after[:len(toks)]):
                if role in ("points", "tb", "rank"):
                    self.declare(sr, code, label, toks[j], player)  # (a token made for these only)
            return
        numbers = [t for t in toks if parse_number(t.text) is not None]
        first = 1 if "PTS" in self.declared_at.get(sr, {}) else 0  # printed before the cells
        for j, tok in enumerate(numbers, first):
            code = "PTS" if j == 0 else f"TB{j}"
            self.declare(sr, code, "Pts" if j == 0 else code, tok, player)

    def compare_totals(self) -> None:
        """A printed total that differs from the points the cells give is an error (CTB110): the
        table was read wrong, or it is wrong; either way its standings cannot be trusted."""
        t = self.t
        table = t.scoring.table()  # the same sum as t.score, integer arithmetic per kind
        unit = table.unit
        totals = table.totals(columns(t.players))
        if _all_agree(t.players, totals, unit):
            return
        for p, total in zip(t.players, totals):
            declared = p.points
            if declared is None:
                continue
            if total * declared.denominator == declared.numerator * unit:
                continue  # the cells' units / unit == the declared fraction, compared as integers
            computed = table.total(p)
            line, column = self.declared_at.get(p.start_rank, {}).get("PTS") or (p.line, 1)
            self.add("CTB110", f"player {p.start_rank} ({p.name or 'no name'}): the cells give "
                     f"{half_glyph_points(computed)} points but the table prints {half_glyph_points(declared)}",
                     line, column, "check the cells of this row (and that each notation was read as meant); "
                     "the standings use the points the cells give", half_glyph_points(declared))

    def publish_declared(self) -> None:
        """Put the declared values into ``t.extras`` (when there are any)."""
        if self.declared:
            self.t.extras["declared"] = self.declared
            self.t.extras["declared_at"] = self.declared_at
            self.t.extras["declared_labels"] = self.labels


def _packed_rows(packed: PackedCells, n: int, rounds: int) -> Iterable[PackedRow]:
    """Rows ``0 .. n-1`` of ``packed``, each with ``rounds`` cells, as the games of the players made
    from them (the cells stay packed: ``Player.games``)."""
    return map(tuple.__new__, repeat(PackedRow), zip(repeat(packed), range(n), repeat(rounds)))


def _all_agree(players: list[Player], totals: list[int], unit: int) -> bool:
    """Whether every player declares points and they are the cells' ``totals`` (in units of
    ``1/unit``), the columns compared at once (:func:`~trfscore.model.in_units` scales each
    distinct declared object once: a table's rows share the values of their texts)."""
    return in_units([p.points for p in players], unit) == totals
