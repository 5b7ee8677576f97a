"""Which pairing system judges a file, from the file: record 192, else a round robin recognised.

The ``192`` code when it names a system (TRF26 ETT codes such as ``FIDE_DUTCH_2026_BAKU``, or
free text such as "Swiss Dutch": the system, its edition, Baku acceleration), else the event's
own reading (:mod:`trfscore.event_reading`): a round robin is judged by the Berger tables, a
Swiss by the Dutch system.  Team events, matches, the double Swiss and the
other Swiss systems are not judged.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..event_reading import MATCH, ROUND_ROBIN, reading
from ..model import Tournament

#: Words of a 192 code (TRF26 ETT codes, or the free text older files hold) naming a system that
#: is not judged: team systems, the double Swiss, the other Swiss systems.
NOT_JUDGED = ("TEAM", "DOUBLESWISS", "DUBOV", "BURSTEIN", "LIM", "KNOCKOUT", "SCHILLER", "SCHEVENINGEN", "CUSTOM",
              "MONRAD", "ACCELERATEDSWISS")


@dataclass(frozen=True)
class System:
    """The system to judge by ("dutch", "berger" or "" for none) and where that comes from."""

    name: str
    source: str
    baku: bool = False  # 192 names Baku acceleration (C.04.5)
    edition: str = ""  # the edition the 192 code names ("2017", "2026"), "" when it names none
    declared: bool = False  # the system comes from 192 (else from the event's reading)
    #: the 192 code the checker is given: it picks the engine and, for round robins, the table
    #: variant (a double round robin by FIDE's tables reverses the last two rounds of the first cycle)
    code: str = "FIDE_DUTCH"


def system_of(t: Tournament) -> System:
    code = t.header.system.strip().upper().replace(" ", "").replace("-", "")
    said = f"192 {t.header.system.strip()}"
    if any(word in code for word in NOT_JUDGED):
        return System("", f"{said}: a system the checker does not judge (the Dutch system and the Berger tables "
                          "are covered)")
    if "DUTCH" in code or code in ("SWISS", "FIDESWISS"):
        edition = next((year for year in ("2017", "2025", "2026") if year in code), "")
        return System("dutch", said, baku="BAKU" in code, edition=edition, declared=True)
    if "ROUNDROBIN" in code or "BERGER" in code:
        table = ("FIDE_" if code.startswith("FIDE") else "BERGER_") + ("DOUBLE" if "DOUBLE" in code else "") + "ROUNDROBIN"
        return System("berger", said, declared=True, code=table)
    lead = f"{said} names no system the checker knows; " if code else "no 192 code; "
    event = reading(t)  # the event's own reading: team, match, round robin or Swiss
    if event.team:
        return System("", lead + "a file with teams: the team pairing system is not judged (an individual Swiss "
                                 "with team records is judged when 192 says FIDE_DUTCH)")
    if event.system == MATCH:
        return System("", lead + "a match between two players: no pairing system applies")
    if event.system == ROUND_ROBIN:
        return System("berger", lead + ("092 says it is a round robin" if event.system_source == "file"
                                         else "every two players met: a round robin"),
                      code="BERGER_DOUBLEROUNDROBIN" if event.double else "BERGER_ROUNDROBIN")
    return System("dutch", lead + "judged as a Swiss by the Dutch system")
