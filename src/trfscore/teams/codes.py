"""Team tie-break codes as FIDE (C.07 Art. 5 table, TRF26 records 202/212) and the FIDE TEC reference
program write them: ``BASE[:MP|:GP][modifier...]``, each modifier preceded by ``-``, ``/``, ``#``
or ``!``.

* ``BH:MP``, ``BH:GP`` Buchholz on the opponents' match or game points (C.07 8.1 with team
  scores); plain ``BH`` uses the primary score.  Modifiers ``Cn``, ``Mn`` (Art. 14).
* ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` extended Sonneborn-Berger (C.07 13.2):
  E<opponent's score><own score>SB, e.g. EMGSB = opponent's match points x own game points;
  ``ESB:MG`` is EMGSB.  Modifier ``Cn`` (Median is not defined for SB).
* ``EDE`` extended direct encounter (C.07 13.3), a tie-break of the tied group; ``EDET``,
  ``EDEB``, ``EDEBT`` and ``EDEBB`` the same, then, for two teams still tied, the knock-out
  follow-ups of 13.3.2 on the boards of their matches: top board results (TBR), bottom board
  elimination (BBE), board count then TBR, board count then BBE.
* ``BC``, ``TBR``, ``BBE`` the knock-out tie-breaks of C.07 Art. 12 on their own, on the game
  points each team scored board by board over the event: board count (a column, lower ranks
  higher), top board results and bottom board elimination (group tie-breaks: the place in the
  tied group).
* ``MPvGP`` (also ``GPvMP``): the secondary score (game points when the primary is match points,
  and the other way round), as the FIDE TEC reference program defines it; ``MP``/``MPTS`` and
  ``GP``/``GPTS`` the totals.
* Every code takes ``P`` (forfeits count as games against the scheduled opponent; Art. 6.1.1 for
  EDE) and ``Vyyyy`` (rules edition for this tie-break only).

Normalised codes use ``-`` for cuts and ``/`` for flags: ``BH:MP-C1``, ``EMGSB-C1/P``, ``EDE/P``.
Unknown or unsupported codes raise :class:`ValueError` with a message for the user.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..tiebreaks.editions import edition_of_year

__all__ = ["TeamTieBreak", "parse_team_tiebreak", "parse_team_tiebreaks", "is_team_code", "KNOWN",
           "POINTS_CODES"]

KNOWN = ("BH:MP", "BH:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB",
         "BC", "TBR", "BBE", "MPvGP", "MP", "GP")
#: FIDE team codes trfscore does not compute, with the reason given to the user
UNSUPPORTED = {
    "EDEC": "EDE followed by the board count alone is not a C.07 (2026) code: write EDEBT or EDEBB",
    "SSSC": "SSSC is not computed for teams",
}
#: EDE codes and their knock-out follow-ups (C.07 2026 13.3.2), joined by "+": code -> follow-ups
KNOCKOUTS = {"EDE": "", "EDET": "TBR", "EDEB": "BBE", "EDEBT": "BC+TBR", "EDEBB": "BC+BBE"}
#: the knock-out tie-breaks of C.07 Art. 12 on their own (board count, top board results,
#: bottom board elimination)
BOARD_CODES = ("BC", "TBR", "BBE")
POINTS_CODES = {"PTS", "POINTS"}  # the primary score itself: dropped from a tie-break list
_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}
_LETTER = {"M": "MP", "G": "GP"}
_HEAD = re.compile(r"([A-Z]+)(?::(MP|GP|MM|MG|GM|GG))?")
_MOD = re.compile(r"[-/#!](?:(?P<c>C\d+)|(?P<m>M\d+)|(?P<v>V\d*)|(?P<p>P))")


@dataclass(frozen=True)
class TeamTieBreak:
    """One parsed team tie-break."""

    code: str  # normalised, e.g. "BH:MP-C1"
    base: str  # "BH", "ESB", "EDE", "SECONDARY", "MP", "GP"
    opponent: str | None = None  # "MP"/"GP": the opponents' score (BH, ESB); None = the primary score
    own: str | None = None  # "MP"/"GP": the team's own points per round (ESB)
    low: int = 0  # values cut from the bottom (Cut-n, low side of Median-n)
    high: int = 0  # values cut from the top (high side of Median-n)
    forfeits_played: bool = False  # /P
    edition: str | None = None  # /Vyyyy
    knockout: str = ""  # the 13.3.2 follow-ups for two teams still tied: "TBR", "BBE", "BC+TBR", "BC+BBE"

    @property
    def group(self) -> bool:
        """Computed on the group still tied (the EDE family, TBR, BBE), not per team."""
        return self.base == "EDE" or self.base in ("TBR", "BBE")

    @property
    def ascending(self) -> bool:
        """Lower values rank higher (the board count, C.07 Art. 12.1)."""
        return self.base == "BC"


def is_team_code(text: str) -> bool:
    """True when ``text`` names a team-only tie-break (``:MP``/``:GP``, extended SB, EDE, MPvGP)."""
    s = re.sub(r"\s", "", str(text)).upper()
    head = _HEAD.match(s)
    if not head:
        return False
    base = head.group(1)
    return bool(head.group(2)) or base in _ESB or base in ("ESB", "MPVGP", "GPVMP", "MPTS", "GPTS") \
        or base.startswith("EDE") or base in BOARD_CODES


def parse_team_tiebreak(text: str) -> TeamTieBreak:
    """Parse one team code (``BH:MP/C1``, ``EMMSB-C1``, ``EDE/P`` ...)."""
    original = text
    s = re.sub(r"[\s_]", "", str(text or "")).upper()
    head = _HEAD.match(s)
    if not s or not head:
        raise ValueError(f"cannot read the team tie-break {original!r}; known: {', '.join(KNOWN)}")
    base, points = head.group(1), head.group(2)
    pos = head.end()
    low = high = 0
    fp = False
    edition = None
    while pos < len(s):
        m = _MOD.match(s, pos)
        if not m:
            raise ValueError(f"cannot read the modifier {s[pos:]!r} of team tie-break {original!r} "
                             "(modifiers: -C1, -C2, -M1 for BH, /P, /V2024)")
        pos = m.end()
        if m.group("c"):
            low = int(m.group("c")[1:])
        elif m.group("m"):
            low = high = int(m.group("m")[1:])
        elif m.group("p"):
            fp = True
        else:
            edition = edition_of_year(m.group("v")[1:])
    if base in UNSUPPORTED:
        raise ValueError(f"team tie-break {original!r} is not computed by trfscore ({UNSUPPORTED[base]}); "
                         f"known: {', '.join(KNOWN)}")
    opponent = own = None
    if base == "BH":
        if points and points not in ("MP", "GP"):
            raise ValueError(f"BH takes :MP or :GP, not :{points} ({original!r})")
        opponent = points
        name = "BH" + (f":{points}" if points else "")
        kind = "BH"
    elif base in _ESB or base == "ESB":
        if base == "ESB":
            if not points or len(points) != 2 or points in ("MP", "GP"):
                raise ValueError(f"ESB needs the scores, e.g. ESB:MG (= EMGSB) ({original!r})")
            opponent, own = _LETTER[points[0]], _LETTER[points[1]]
            base = f"E{points}SB"
        else:
            if points:
                raise ValueError(f"{base} takes no :MP/:GP ({original!r})")
            opponent, own = _ESB[base]
        if high:
            raise ValueError(f"Median is not defined for extended Sonneborn-Berger ({original!r}; C.07 13.2)")
        name = base
        kind = "ESB"
    elif base in KNOCKOUTS or base in BOARD_CODES or base in ("MPVGP", "GPVMP", "MP", "GP", "MPTS", "GPTS"):
        if low or high or points:
            raise ValueError(f"{base} takes no cut and no :MP/:GP ({original!r})")
        if base in KNOCKOUTS:
            name, kind = base, "EDE"
        elif base in BOARD_CODES:
            name = kind = base
        elif base in ("MPVGP", "GPVMP"):
            name, kind = "MPvGP", "SECONDARY"
        else:
            name = kind = base[:2]
    elif base == "SB":
        raise ValueError(f"for teams write the extended Sonneborn-Berger: EMMSB, EMGSB, EGMSB or EGGSB "
                         f"({original!r}; C.07 13.2)")
    else:
        raise ValueError(f"unknown team tie-break {original!r}; known: {', '.join(KNOWN)} "
                         "(modifiers: -C1, -C2, -M1 for BH, /P, /V2024)")
    code = name
    if high:
        code += f"-M{low}"
    elif low:
        code += f"-C{low}"
    if fp:
        code += "/P"
    if edition:
        code += f"/V{edition.split('-')[1]}"
    return TeamTieBreak(code, kind, opponent, own, low, high, fp, edition, KNOCKOUTS.get(name, ""))


def parse_team_tiebreaks(codes: str | Iterable[str] | None) -> list[TeamTieBreak]:
    """``"EDE, BH:MP-C1"`` (commas, semicolons or blanks) or a list -> parsed tie-breaks; ``PTS``
    dropped.  ValueError for an unknown code."""
    if codes is None:
        return []
    items = re.split(r"[,;\s]+", codes) if isinstance(codes, str) else [str(c) for c in codes]
    return [parse_team_tiebreak(c) for c in items if c.strip() and c.strip().upper() not in POINTS_CODES]
