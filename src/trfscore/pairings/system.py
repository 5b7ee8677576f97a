"""Which pairing system judges a file, from the file: record 192, else a round robin recognised.

The ``192`` code when it names a system (TRF26 ETT codes such as ``FIDE_DUTCH_2026_BAKU``, or
free text such as "Swiss Dutch": the system, its edition, Baku acceleration), else the event's
own reading (:mod:`trfscore.event_reading`): a round robin is judged by the Berger tables, a
Swiss by the Dutch system, a team Swiss by the FIDE team system (C.04.6), a team round robin by
the Berger tables with the teams as the competitors.  Matches, the double Swiss and the other
Swiss systems are not judged.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..event_reading import MATCH, ROUND_ROBIN, reading
from ..model import Tournament

#: Words of a 192 code (TRF26 ETT codes, or the free text older files hold) naming a system that
#: is not judged: the double Swiss, the other Swiss systems, custom systems (individual or team).
NOT_JUDGED = ("DOUBLESWISS", "DUBOV", "BURSTEIN", "LIM", "KNOCKOUT", "SCHILLER", "SCHEVENINGEN", "CUSTOM",
              "MONRAD", "ACCELERATEDSWISS")
#: Words of a 192 code naming a round robin (individual or team): the Berger tables.
ROUND_ROBIN_WORDS = ("ROUNDROBIN", "BERGER")


@dataclass(frozen=True)
class System:
    """The system to judge by ("dutch", "berger", "fideteam" or "" for none) and where that comes from."""

    name: str
    source: str
    baku: bool = False  # 192 names Baku acceleration (C.04.5)
    edition: str = ""  # the edition the 192 code names ("2017", "2026"), "" when it names none
    declared: bool = False  # the system comes from 192 (else from the event's reading)
    #: the 192 code the checker is given: it picks the engine and, for round robins, the table
    #: variant (a double round robin by FIDE's tables reverses the last two rounds of the first cycle),
    #: for the team system its colour model and scores (C.04.6 art. 1.2, 1.7)
    code: str = "FIDE_DUTCH"
    #: a team round robin: the Berger tables with the teams as competitors (C.05 Annex 1)
    team_tables: bool = False

    @property
    def document(self) -> str:
        """The FIDE text of the system's rules (the criteria and colour rules a reason cites)."""
        return {"dutch": "C.04.3", "berger": "C.05 Annex 1", TEAM: "C.04.6"}.get(self.name, "")

    @property
    def teams(self) -> bool:
        """The competitors paired are teams (the FIDE team system, C.04.6, or a team round robin)."""
        return self.name == TEAM or self.team_tables


#: The FIDE team Swiss system (C.04.6), gacrux's ``fideteam`` engine.
TEAM = "fideteam"
#: The ETT26 code of the team Swiss with the defaults of C.04.6 (type A colour preferences, art.
#: 1.7; match points primary and game points for the colours, art. 1.2.2).
TEAM_DEFAULT = "FIDE_TEAM_TYPEA_MP_GP"


def system_of(t: Tournament) -> System:
    code = t.header.system.strip().upper().replace(" ", "").replace("-", "")
    said = f"192 {t.header.system.strip()}"
    if code.startswith("FIDE_TEAM") and "ROUNDROBIN" not in code:
        # ETT26: FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU] (the checker reads the same codes)
        return System(TEAM, said, baku="BAKU" in code, declared=True, code=code.removesuffix("_BAKU"))
    if "TEAM" in code and any(word in code for word in ROUND_ROBIN_WORDS) and "CUSTOM" not in code:
        return team_round_robin(said, declared=True, double="DOUBLE" in code, fide=code.startswith("FIDE"))
    if any(word in code for word in NOT_JUDGED) or "TEAM" in code:
        return System("", f"{said}: a system the checker does not judge (the Dutch system, the Berger tables and "
                          "the FIDE team Swiss are covered)")
    if "DUTCH" in code or code in ("SWISS", "FIDESWISS"):
        edition = next((year for year in ("2017", "2025", "2026") if year in code), "")
        return System("dutch", said, baku="BAKU" in code, edition=edition, declared=True)
    if any(word in code for word in ROUND_ROBIN_WORDS):
        table = ("FIDE_" if code.startswith("FIDE") else "BERGER_") + ("DOUBLE" if "DOUBLE" in code else "") + "ROUNDROBIN"
        return System("berger", said, declared=True, code=table)
    lead = f"{said} names no system the checker knows; " if code else "no 192 code; "
    event = reading(t)  # the event's own reading: team, match, round robin or Swiss
    if event.team:
        from ..teams.build import build_team_event  # (the team model: only for team files)

        teams = build_team_event(t)
        if teams.round_robin:
            cycle = len(teams.teams) + len(teams.teams) % 2 - 1  # rounds of one cycle of the tables
            return team_round_robin(lead + "a team round robin (092, or every two teams met)", declared=False,
                                    double=event.rounds > cycle)
        return System(TEAM, lead + "a file with teams: judged as a team Swiss by the FIDE team system with its "
                                   "defaults (type A colours, match points then game points; an individual Swiss "
                                   "with team records is judged as one when 192 says FIDE_DUTCH)", code=TEAM_DEFAULT)
    if event.system == MATCH:
        return System("", lead + "a match between two players: no pairing system applies")
    if event.system == ROUND_ROBIN:
        return System("berger", lead + ("092 says it is a round robin" if event.system_source == "file"
                                         else "every two players met: a round robin"),
                      code="BERGER_DOUBLEROUNDROBIN" if event.double else "BERGER_ROUNDROBIN")
    return System("dutch", lead + "judged as a Swiss by the Dutch system")


def team_round_robin(source: str, *, declared: bool, double: bool, fide: bool = False) -> System:
    """A team round robin judged by the Berger tables with the teams as competitors (by their
    team numbers; a match's colour is its first-named team's board-1 colour), as the checker
    reads the ETT26 codes ``BERGER_TEAM_[DOUBLE]ROUNDROBIN`` and ``FIDE_TEAM_[DOUBLE]ROUNDROBIN``."""
    code = ("FIDE_TEAM_" if fide else "BERGER_TEAM_") + ("DOUBLE" if double else "") + "ROUNDROBIN"
    return System("berger", source, declared=declared, code=code, team_tables=True)
