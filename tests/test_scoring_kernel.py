"""The scoring kernel (trfscore.model.ScoreTable) gives the sum of Scoring.points, cell by cell,
under any scoring system; the model, the checks, the tie-break context and the team boards all score through it."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.checks.context import Context
from trfscore.checks.profiles import resolve
from trfscore.model import Game, Kind, Player, Scoring
from trfscore.teams.boards import board_points
from trfscore.tiebreaks.context import _CellTables
from trfscore.tournament import Tournament

VALUES = st.fractions(min_value=0, max_value=3, max_denominator=4)
DETAIL = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")
CELLS = st.tuples(st.sampled_from(Kind.ALL), st.sampled_from(["w", "b", None]))


@st.composite
def scorings(draw: st.DrawFn) -> Scoring:
    values = {k: draw(VALUES) for k in "WDLAPX"}
    detail = draw(st.dictionaries(st.sampled_from(DETAIL), VALUES, max_size=4))
    return Scoring(values, detail)


@settings(deadline=None)
@given(scorings(), st.lists(st.lists(CELLS, max_size=9), min_size=1, max_size=6))
def test_kernel_total_is_the_sum_of_the_cells(scoring, rows):
    t = Tournament()
    t.scoring = scoring
    for sr, row in enumerate(rows, 1):
        games = [Game(r, None, colour, " ", kind) for r, (kind, colour) in enumerate(row, 1)]
        t.players.append(Player(sr, games=games))
    table = scoring.table()
    expected = {p.start_rank: sum((scoring.points(g) for g in p.games), Fraction(0)) for p in t.players}
    assert {p.start_rank: t.score(p) for p in t.players} == expected
    assert {p.start_rank: Fraction(sum(table.row(p)), table.unit) for p in t.players} == expected
    assert Context(t, resolve("basic")).scores == expected
    cell_tables = _CellTables(scoring, False)
    assert cell_tables.unit == table.unit
    assert all(cell_tables.scaled((g.kind, g.colour)) == scoring.points(g) * table.unit
               for p in t.players for g in p.games)


def test_table_follows_changed_values():
    scoring = Scoring()
    first = scoring.table()
    scoring.values["W"] = Fraction(3)
    assert scoring.table() is not first and scoring.table().W == 3 * scoring.table().unit


@settings(deadline=None)
@given(scorings(), st.lists(st.tuples(CELLS, st.sampled_from([None, 7]), st.sampled_from(["+", "-", "1", " "])),
                            min_size=1, max_size=12))
def test_team_board_points_are_the_kernels(scoring, cells):
    """A team's board points (teams/boards.py) are Scoring.points of the cell, a forfeit win
    against an empty board (``0000 - +``) counted as a forfeit win."""
    table = scoring.table()
    for (kind, colour), opponent, code in cells:
        g = Game(1, opponent, colour, code, kind)
        as_scored = g._replace(kind=Kind.FORFEIT_WIN) if opponent is None and code == "+" else g
        assert board_points(table, g) == scoring.points(as_scored)


def test_systems_with_equal_values_share_one_table_that_later_changes_do_not_reach():
    """``Scoring.table`` is built once per set of values and kept for other tournaments with the
    same system; changing a system afterwards gives it a new table and leaves the shared one."""
    first, second = Scoring(), Scoring()
    assert first.table() is second.table()
    first.values["W"] = Fraction(3)
    assert first.table() is not second.table()
    assert (first.table().W, first.table().D, first.table().unit) == (6, 1, 2)
    assert (second.table().W, second.table().D, second.table().unit) == (2, 1, 2)
    assert second.table().by_kind[Kind.WIN] == 2 and first.table().by_kind[Kind.WIN] == 6
