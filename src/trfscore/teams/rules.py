"""Rule ids of the findings the team-match model reports.

New ids (``TRF607``-``TRF610``) name problems only the team model sees; a fact ``trfscore check``
already reports under an id of its own keeps that id here (a member that is no player: TRF601; a
player in two teams: TRF602; a team number used twice: TRF603; boards facing several teams:
TRF606; a record naming a team that does not exist: TRF560), so one fact has one id everywhere.
All of them are declared, with severity and documentation, by the check rules that report them too
(:mod:`trfscore.checks.rules.team_matches` and ``.teams``, ``.references``); the team model's
findings take their severity from those declarations through :func:`trfscore.findings.finding`.
"""
from __future__ import annotations

from ..findings import finding

__all__ = ["finding"]
