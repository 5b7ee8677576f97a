"""Which pairing system judges a file, from the file: record 192, else a round robin recognised.

Kept small on purpose: the ``192`` code when there is one (TRF26 ETT codes), else an event in
which every two players met exactly once is a round robin (Berger tables), else a Swiss paired by
the Dutch system.  Team events and the other Swiss systems are not judged.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Tournament
from ..teams.build import is_team_event

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
    if is_team_event(t):
        return System("", "a file with teams and no 192 code: the team pairing system is not judged (an individual "
                          "Swiss with team records is judged when 192 says FIDE_DUTCH)")
    if _all_met_once(t):
        return System("berger", "no 192 code; every two players met exactly once: a round robin")
    return System("dutch", "no 192 code: judged as a Swiss by the Dutch system")


def _all_met_once(t: Tournament) -> bool:
    """Whether every two players met exactly once over the rounds (a complete single round robin)."""
    players = [p.start_rank for p in t.players]
    n = len(players)
    if n < 3:
        return False
    met: set[tuple[int, int]] = set()
    for p in t.players:
        for g in p.games:
            if g.opponent is not None and g.opponent > p.start_rank:  # each game once, from its lower rank
                if (p.start_rank, g.opponent) in met:
                    return False  # met twice
                met.add((p.start_rank, g.opponent))
    return len(met) == n * (n - 1) // 2
