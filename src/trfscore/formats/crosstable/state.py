"""What one reading builds and shares between the grid and Swiss readers: the tournament, the
findings sink and the declared values (points, rank, tie-break columns)."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...cells import columns
from ...decimals import half_glyph_points
from ...findings import CappedFindings, finding
from ...model import Player, Source, in_units
from ...tournament import Tournament
from ..limits import bounded_score
from .cells import parse_number
from .columns import Role, RowInfo
from .lexing import Tok
from .rows import Line, Row, split_lines, table_lines


class ReadState:
    """The tournament being read from ``text``, its findings and the values its columns declare."""

    def __init__(self, text: str, path: str | None) -> None:
        self.text = text
        self.t = Tournament(source=Source(path=path, format="crosstable", dialect=""))
        self._sink = CappedFindings(self.t.findings)  # at most MAX_PER_RULE of a rule, as every reader
        self.raw_lines = split_lines(text)
        self.declared: dict[int, dict[str, Fraction]] = {}
        self._declared_at: dict[int, dict[str, list[int]]] = {}
        #: (start rank, code, token) of the declared values read and not yet placed into
        #: ``_declared_at`` (see declared_at)
        self._pending_at: list[tuple[int, str, Tok]] = []
        self.labels: dict[str, str] = {}
        #: texts of declared scores already read and found within bounds, with their values (a
        #: table repeats its points and tie-break values)
        self._scores: dict[str, Fraction] = {}

    @property
    def declared_at(self) -> dict[int, dict[str, list[int]]]:
        """Start rank -> code -> ``[line, column]`` of each declared value read, in the order
        they were read.  Placed when first asked for (a finding, the published tie-break
        columns): a table that declares only its points never makes a dict per row."""
        pending, into = self._pending_at, self._declared_at
        for sr, code, tok in pending:
            into.setdefault(sr, {})[code] = [tok.line, tok.col]
        pending.clear()
        return into

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
        if tok.kind == "EMPTY":
            return
        value = self._scores.get(tok.text) if code != "RANK" else None
        if value is not None:  # read and within bounds before
            self._keep(sr, code, label, tok, player, value)
            return
        value = parse_number(tok.text)
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
        self._pending_at.append((sr, code, tok))
        if code == "PTS":
            player.points = value
        elif code == "RANK":
            if value.denominator == 1:
                player.rank = int(value)
        else:
            self.declared.setdefault(sr, {})[code] = value
            self.labels.setdefault(code, label)

    def declare_row(self, sr: int, player: Player, row: Row, roles_before: list[Role], info: RowInfo,
                    tail: Sequence[Tok] | None, roles_after: list[Role], has_header: bool) -> None:
        """A row's declared values: a rank in its number column (``row.ident``), those left of the
        cells (``info`` from :func:`~.columns.prefix`) and those right of them (``tail``, when located)."""
        if roles_before and roles_before[0][0] == "rank" and row.ident is not None:
            self.declare(sr, "RANK", roles_before[0][2], row.ident, player)
        for code, label, tok in info["declared"]:
            self.declare(sr, code, label, tok, player)
        if tail is not None:
            self.tail(sr, tail, roles_after, player, has_header)

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
            declared = p.points  # the cells' units / unit == the declared fraction: compared as integers
            if declared is None or total * declared.denominator == declared.numerator * unit:
                continue
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


def _all_agree(players: list[Player], totals: list[int], unit: int) -> bool:
    """Whether every player declares points and they are the cells' ``totals`` (in units of
    ``1/unit``), the columns compared at once (:func:`~trfscore.model.in_units` scales each
    distinct declared object once: a table's rows share the values of their texts)."""
    return in_units([p.points for p in players], unit) == totals
