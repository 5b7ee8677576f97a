"""Which pairing system judges a file, from the file: record 192, else a round robin recognised.

The ``192`` code when there is one (TRF26 ETT codes: the system, its edition, Baku
acceleration), else the event's own reading (:mod:`trfscore.event_reading`): a round robin is
judged by the Berger tables, a Swiss by the Dutch system.  Team events, matches, double round
robins and the other Swiss systems are not judged.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..event_reading import MATCH, ROUND_ROBIN, TEAM, reading
from ..model import Tournament

#: 192 codes of the Dutch system (TRF26 ETT, with the edition or Baku acceleration spelled out).
DUTCH_CODES = ("FIDE_DUTCH",)
#: Single round robins by the Berger tables.  Double round robins are left out: not measured.
BERGER_CODES = ("BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN")


@dataclass(frozen=True)
class System:
    """The system to judge by ("dutch", "berger" or "" for none) and where that comes from."""

    name: str
    source: str
    baku: bool = False  # 192 names Baku acceleration (C.04.5)
    edition: str = ""  # the edition the 192 code names ("2017", "2026"), "" when it names none


def system_of(t: Tournament) -> System:
    code = t.header.system.strip().upper().replace(" ", "")
    if code:
        said = f"192 {t.header.system.strip()}"
        if code.startswith(DUTCH_CODES):
            rest = code[len("FIDE_DUTCH"):]
            edition = next((year for year in ("2017", "2025", "2026") if year in rest), "")
            return System("dutch", said, baku="BAKU" in rest, edition=edition)
        if code in BERGER_CODES:
            return System("berger", said)
        return System("", f"{said}: a system the checker does not judge (the Dutch system and single "
                          "round robins are covered)")
    event = reading(t)  # the event's own reading: team, match, round robin or Swiss
    if event.system == TEAM:
        return System("", "a file with teams and no 192 code: the team pairing system is not judged (an individual "
                          "Swiss with team records is judged when 192 says FIDE_DUTCH)")
    if event.system == MATCH:
        return System("", "a match between two players: no pairing system applies")
    if event.system == ROUND_ROBIN:
        return System("berger", "no 192 code; " + ("092 says it is a round robin" if event.system_source == "file"
                                                   else "every two players met: a round robin"))
    return System("dutch", "no 192 code: judged as a Swiss by the Dutch system")
