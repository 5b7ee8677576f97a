"""The team standings and the team-vs-team crosstable as GitHub-flavoured Markdown
(``trfscore report FILE --teams --format markdown``).  The standings table is the individual
report's (:func:`.markdown.standings_table`, driven by :mod:`.columns`); this module adds the team
facts and the team-vs-team crosstable.

Untrusted text (team names, header fields) is escaped for a table cell by
:func:`trfscore.formats.markdown_text.escape`.  Numbers use a dot; shared places print as ``3-4``.
"""
from __future__ import annotations

from ..formats.markdown_text import escape
from ..model import Tournament
from .common import markdown_header, markdown_table, notes, team_facts
from .markdown import standings_table
from .team_crosstable import LEGEND, crosstable_rows
from .values import format_score

__all__ = ["render", "crosstable"]


def crosstable(standings) -> list[str]:
    """The legend and one row per team: Rk, No, Team, one cell per round, MP, GP."""
    rounds = standings.event.rounds
    head = ["Rk", "No", "Team", *(f"R{r}" for r in range(1, rounds + 1)), "MP", "GP"]
    rows = [[r.label, str(r.number), escape(r.name), *(escape(c.label) for c in cells),
             format_score(r.match_points), format_score(r.game_points)]
            for r, cells in zip(standings.rows, crosstable_rows(standings))]
    return [LEGEND, "", *markdown_table(head, rows, ["r", "r", "l"] + ["c"] * rounds + ["r", "r"])]


def render(t: Tournament, standings) -> str:
    """The whole document."""
    title = escape(t.header.name) or escape(t.source.path or "") or "Team event"
    lines = markdown_header(title, team_facts(t, standings), list(standings.tiebreaks), standings.rules,
                            standings.system)
    lines += [f"- **Note:** {escape(note)}" for note in notes(standings)]
    lines += ["", "## Team standings", "", *standings_table(standings)]
    lines += ["", "## Crosstable", "", *crosstable(standings)]
    return "\n".join(lines) + "\n"
