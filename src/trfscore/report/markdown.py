"""The standings and the crosstable as GitHub-flavoured Markdown tables, of players or of teams
(``--teams``: the team facts and the team-vs-team crosstable).

Untrusted text (names, header fields, codes) is escaped for a table cell by
:func:`trfscore.formats.markdown_text.escape`, so a name can neither end its cell nor inject HTML
or links.  Numbers use a dot; shared places print as ``3-4``.
"""
from __future__ import annotations

from typing import IO, TYPE_CHECKING

from ..decimals import format_points, format_score
from ..formats.limits import data_rounds
from ..formats.markdown_text import escape, escape_each, escape_joined, rows_unchanged, unescape
from ..model import Tournament
from . import crosstable as X
from .columns import columns_of
from .common import facts, markdown_header, markdown_rows, markdown_table, team_facts
from .values import each_once

if TYPE_CHECKING:
    from ..standings import RankColumns, Standings
    from ..teams.standings import TeamStandings
    from .common import AnyStandings, RatingsByStart

__all__ = ["escape", "unescape", "render", "write"]


def standings_table(standings: AnyStandings, ratings: RatingsByStart | None = None, names: list[str] | None = None) -> list[str]:
    """The standings rows of players or teams (:mod:`.columns`); ``names``: the escaped names in
    rank order, if made already."""
    head, align, cells = [], [], []
    for c in columns_of(standings, ratings):
        if c.shown is None:
            continue
        if c.role == "name" and names is not None:
            column = names
        else:
            column = c.shown()
            if c.optional and not "".join(column).strip():  # no cell holds more than blanks
                continue
            if c.untrusted:
                column = escape_each(column)
        head.append(escape(c.heading))
        align.append("r" if c.right else "l")
        cells.append(column)
    return markdown_table(head, [], align) + markdown_rows(cells)


def escaped_names(table: RankColumns) -> list[str]:
    return escape_each([p.name for p in table.players])


def crosstable(t: Tournament, standings: Standings, names: list[str] | None = None) -> list[str]:
    """The crosstable rows; ``names`` as in :func:`standings_table`."""
    if X.is_grid(t, standings):
        n = len(standings.rows)
        head = ["No.", "SNo", "Name", *(str(i) for i in range(1, n + 1)), "Pts"]
        grid: list[list[str]] = []
        for i, (row, cells) in enumerate(zip(standings.rows, X.grid_rows(t, standings)), 1):
            line = [str(i), str(row.start_rank), escape(row.player.name)]
            line += ["×" if c is None else " ".join(x.result for x in c) for c in cells]
            line.append(format_points(row.points))
            grid.append(line)
        return [X.legend(t, grid=True), "", *markdown_table(head, grid, ["r", "r", "l"] + ["c"] * n + ["r"])]
    rounds = data_rounds(t)
    head = ["No.", "SNo", "Name", *(f"R{r}" for r in range(1, rounds + 1)), "Pts"]
    table = standings.columns()
    points = each_once(format_points, table.points)
    names = names if names is not None else escaped_names(table)
    # each row's round cells joined as markdown_table would join them; escaped cell by cell only
    # when a joined row holds anything escape would change
    labels = X.swiss_label_rows(t, standings, " | ", rounds) if rounds else []
    if rounds and not rows_unchanged(labels, rounds):
        labels = list(map(escape_joined, X.swiss_labels(t, standings)))
    # the rows as markdown_table would join them, written by one join
    numbers = list(map(str, range(1, len(names) + 1)))
    columns = [numbers, list(map(str, table.start_ranks)), names, *([labels] if rounds else []), points]
    rows = markdown_rows(columns)
    return [X.legend(t), "", *markdown_table(head, [], ["r", "r", "l"] + ["c"] * rounds + ["r"]), *rows]


def team_crosstable(standings: TeamStandings) -> list[str]:
    """The legend and one row per team: Rk, No, Team, one cell per round, MP, GP."""
    from .team_crosstable import LEGEND, crosstable_rows

    rounds = standings.rounds
    head = ["Rk", "No", "Team", *(f"R{r}" for r in range(1, rounds + 1)), "MP", "GP"]
    rows = [[r.label, str(r.number), escape(r.name), *(escape(c.label) for c in cells),
             format_score(r.match_points), format_score(r.game_points)]
            for r, cells in zip(standings.rows, crosstable_rows(standings))]
    return [LEGEND, "", *markdown_table(head, rows, ["r", "r", "l"] + ["c"] * rounds + ["r", "r"])]


def render(t: Tournament, standings: AnyStandings, *, ratings: RatingsByStart | None = None) -> str:
    """The whole document, of players or teams."""
    return "\n".join([*document_lines(t, standings, ratings), ""])  # each line ends with a line break


def write(t: Tournament, standings: AnyStandings, out: IO[str], *, ratings: RatingsByStart | None = None) -> None:
    """:func:`render`'s text written to ``out`` line by line (the tables are one line each here),
    without making the whole document as one string: the 10,000-player tables are written as
    they are, not copied once more into a 2.4 MB text."""
    for line in document_lines(t, standings, ratings):
        out.write(line)
        out.write("\n")


def document_lines(t: Tournament, standings: AnyStandings, ratings: RatingsByStart | None = None) -> list[str]:
    """The document's lines, each table's rows as one string (joined by line breaks already); of
    teams: the team facts, the standings table and the team-vs-team crosstable."""
    teams = standings.kind == "teams"
    title = escape(t.header.name) or escape(t.source.path or "") or ("Team event" if teams else "Tournament")
    lines = markdown_header(title, team_facts(t, standings) if teams else facts(t), list(standings.tiebreaks),
                            standings.rules, standings.system)
    lines += [f"- **Note:** {escape(note)}" for note in standings.notes]
    if standings.kind == "teams":  # (narrows the type)
        return [*lines, "", "## Team standings", "", *standings_table(standings),
                "", "## Crosstable", "", *team_crosstable(standings)]
    names = escaped_names(standings.columns())
    return [*lines, "", "## Standings", "", *standings_table(standings, ratings, names),
            "", "## Crosstable", "", *crosstable(t, standings, names)]
