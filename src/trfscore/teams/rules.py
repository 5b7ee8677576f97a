"""Rule ids of the findings the team-match model reports.

New ids (``TRF607``-``TRF610``) name problems only the team model sees; a fact ``trfscore check``
already reports under an id of its own keeps that id here (a member that is no player: TRF601; a
player in two teams: TRF602; a team number used twice: TRF603; boards facing several teams:
TRF606; a record naming a team that does not exist: TRF560), so one fact has one id everywhere.
The documentation of the new ids is the check rules in :mod:`trfscore.check.rules.team_matches`.
"""
from __future__ import annotations

from ..findings import ERROR, WARNING, Finding

__all__ = ["TEAM_RULES", "finding"]

# id -> (severity, one-line summary)
TEAM_RULES: dict[str, tuple[str, str]] = {
    "TRF560": (ERROR, "extension records name existing players and teams"),
    "TRF601": (ERROR, "team members (013/310) are players of the file"),
    "TRF602": (ERROR, "a player is a member of at most one team"),
    "TRF603": (ERROR, "310 team numbers are unique and run 1..T"),
    "TRF606": (ERROR, "in each round all boards of a team face the same team"),
    "TRF607": (WARNING, "a team-match record (240, 300, 320, 330) applies: its round exists and it agrees "
                        "with the boards and the other records"),
    "TRF608": (WARNING, "every board of a team match faces a member of a team, or the match is explained by "
                        "a record"),
    "TRF609": (WARNING, "the two teams of a match name each other"),
    "TRF610": (WARNING, "a 299 point assignment of a team event can be applied"),
}


def finding(rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "") -> Finding:
    """A finding of ``rule`` with its registered severity."""
    return Finding(rule, TEAM_RULES[rule][0], message, line, column, hint, text)
