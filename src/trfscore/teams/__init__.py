"""Team events: the team-match model, team standings and the team tie-breaks of FIDE C.07.

* :func:`build_team_event` derives, for each team and round, the opponent team, colour, match and
  game points and the kind of round from a tournament's ``001`` boards and its 240/299/300/320/330
  records (:mod:`.build`); bad data becomes findings, never exceptions;
* :func:`team_standings` ranks the teams by match points (or game points) and a list of team
  tie-breaks (:mod:`.standings`; the codes are :data:`.codes.KNOWN`): Buchholz and extended SB with
  their cuts, EDE and its knock-out follow-ups, the board tie-breaks BC, TBR and BBE, MPvGP, MP, GP.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .build import build_team_event, is_team_event
    from .model import TeamEvent, TeamLine, TeamRound

__all__ = ["build_team_event", "is_team_event", "TeamEvent", "TeamLine", "TeamRound"]

#: the module of each public name, imported on first use (PEP 562): ``report`` reads the team
#: codes (:mod:`.codes`) for its help, and an individual event needs nothing else from here
_HOME = {"build_team_event": "build", "is_team_event": "build", "TeamEvent": "model", "TeamLine": "model",
         "TeamRound": "model"}


__getattr__ = lazy_names(__name__, _HOME)
