"""Rule ids of the findings the team-match model reports.

New ids (``TRF607``-``TRF610``) name problems only the team model sees; a fact ``trfscore check``
already reports under an id of its own keeps that id here (a member that is no player: TRF601; a
player in two teams: TRF602; a team number used twice: TRF603; boards facing several teams:
TRF606; a record naming a team that does not exist: TRF560), so one fact has one id everywhere.
All of them are declared, with severity and documentation, by the check rules that report them too
(:mod:`trfscore.checks.rules.team_matches` and ``.teams``, ``.references``); the team model's
findings take their severity from those declarations through :func:`finding`, which imports the
declaring modules before the first team finding (they import the team model themselves, so not at
import time): a team standing computed without ``check`` ever run still finds its ids.
"""
from __future__ import annotations

from ..findings import CATALOGUE, Finding
from ..findings import finding as declared_finding

__all__ = ["finding"]


def finding(rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "") -> Finding:
    """:func:`trfscore.findings.finding` for the team model's ids (see the module text)."""
    if rule not in CATALOGUE:
        from ..checks import rules  # noqa: F401  (declares TRF560, TRF601-TRF611)
    return declared_finding(rule, message, line, column, hint, text)
