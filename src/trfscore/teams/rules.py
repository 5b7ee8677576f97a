"""Rule ids of the findings the team-match model reports, with their severities.

New ids (``TRF607``-``TRF611``) name problems only the team model sees; a fact ``trfscore check``
already reports under an id of its own keeps that id here (a member that is no player: TRF601; a
player in two teams: TRF602; a team number used twice: TRF603; boards facing several teams:
TRF606; a record naming a team that does not exist: TRF560), so one fact has one id everywhere.

The severity of each is written once, in :data:`SEVERITY`: the check rules that declare these ids
with their documentation (:mod:`trfscore.checks.rules.team_matches` and ``.teams``,
``.references``) take it from here, so the team model, which sits below the checks, needs no
declaration to make its findings (a team standing computed without ``check`` ever run included).
"""
from __future__ import annotations

from ..findings import ERROR, INFO, WARNING, Finding

__all__ = ["SEVERITY", "finding"]

#: rule id -> its severity, for every id the team model reports.
SEVERITY = {
    "TRF560": ERROR, "TRF601": ERROR, "TRF602": ERROR, "TRF603": ERROR, "TRF606": ERROR,
    "TRF607": WARNING, "TRF608": WARNING, "TRF609": WARNING, "TRF610": WARNING, "TRF611": INFO,
}


def finding(rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "") -> Finding:
    """A finding of one of the team model's ids, with the severity :data:`SEVERITY` gives it."""
    return Finding(rule, SEVERITY[rule], message, line, column, hint, text)
