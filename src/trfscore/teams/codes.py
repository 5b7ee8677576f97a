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

The syntax, the modifiers and the normalised form are the individual codes' (one parser:
:mod:`trfscore.tiebreaks.registry`); this module holds the team table (:data:`TEAM_TIEBREAKS`).
Normalised codes use ``-`` for cuts and ``/`` for flags: ``BH:MP-C1``, ``EMGSB-C1/P``, ``EDE/P``.
Unknown or unsupported codes raise :class:`ValueError` with a message for the user.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..tiebreaks.registry import normalise, read_modifiers, split_head, squeeze

__all__ = ["TeamTieBreak", "TeamCode", "TEAM_TIEBREAKS", "parse_team_tiebreak", "parse_team_tiebreaks",
           "is_team_code", "KNOWN", "POINTS_CODES"]


@dataclass(frozen=True)
class TeamCode:
    """One team code of the table: how it is computed and which modifiers it takes."""

    kind: str  # TeamTieBreak.base: "BH", "ESB", "EDE", "BC", "TBR", "BBE", "SECONDARY", "MP", "GP"
    name: str  # the normalised code before its modifiers
    article: str
    modifiers: str = "PV"  # letters of the shared modifier syntax (tiebreaks.registry)
    scores: tuple[str | None, str | None] = (None, None)  # (opponent's, own): ESB's MP/GP
    knockout: str = ""  # EDE's 13.3.2 follow-ups for two teams still tied, joined by "+"


#: every team code trfscore computes (after upper-casing): the one table the parser reads
TEAM_TIEBREAKS: dict[str, TeamCode] = {
    "BH": TeamCode("BH", "BH", "C.07 8.1", "CMPV"),
    **{f"E{o[0]}{w[0]}SB": TeamCode("ESB", f"E{o[0]}{w[0]}SB", "C.07 13.2", "CPV", (o, w))
       for o in ("MP", "GP") for w in ("MP", "GP")},
    "EDE": TeamCode("EDE", "EDE", "C.07 13.3"),
    **{code: TeamCode("EDE", code, "C.07 13.3.2", knockout=follow)
       for code, follow in (("EDET", "TBR"), ("EDEB", "BBE"), ("EDEBT", "BC+TBR"), ("EDEBB", "BC+BBE"))},
    "BC": TeamCode("BC", "BC", "C.07 12.1"),
    "TBR": TeamCode("TBR", "TBR", "C.07 12.2"),
    "BBE": TeamCode("BBE", "BBE", "C.07 12.3"),
    "MPVGP": TeamCode("SECONDARY", "MPvGP", "C.07 13.1"),
    "GPVMP": TeamCode("SECONDARY", "MPvGP", "C.07 13.1"),
    "MP": TeamCode("MP", "MP", "C.07 13"), "MPTS": TeamCode("MP", "MP", "C.07 13"),
    "GP": TeamCode("GP", "GP", "C.07 13"), "GPTS": TeamCode("GP", "GP", "C.07 13"),
}
#: the codes as help texts list them
KNOWN = ("BH:MP", "BH:GP", *dict.fromkeys(d.name for d in TEAM_TIEBREAKS.values() if d.kind != "BH"))
#: FIDE team codes trfscore does not compute, with the reason given to the user
UNSUPPORTED = {
    "EDEC": "EDE followed by the board count alone is not a C.07 (2026) code: write EDEBT or EDEBB",
    "SSSC": "SSSC is not computed for teams",
}
POINTS_CODES = {"PTS", "POINTS"}  # the primary score itself: dropped from a tie-break list


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
    """True when ``text`` names a team-only tie-break (``:MP``/``:GP``, extended SB, EDE, MPvGP ...)."""
    head = split_head(squeeze(text))
    if head is None:
        return False
    base, points, _ = head
    return bool(points) or (base in TEAM_TIEBREAKS and base not in ("BH", "MP", "GP")) or base == "ESB" \
        or base.startswith("EDE")


def parse_team_tiebreak(text: str) -> TeamTieBreak:
    """Parse one team code (``BH:MP/C1``, ``EMMSB-C1``, ``EDE/P`` ...) with the individual codes'
    syntax (:func:`trfscore.tiebreaks.registry.read_modifiers`) and the team table above."""
    original = text
    s = squeeze(text)
    head = split_head(s)
    if head is None:
        raise ValueError(f"cannot read the team tie-break {original!r}; known: {', '.join(KNOWN)}")
    base, points, pos = head
    if base in UNSUPPORTED:
        raise ValueError(f"team tie-break {original!r} is not computed by trfscore ({UNSUPPORTED[base]}); "
                         f"known: {', '.join(KNOWN)}")
    if base == "ESB":  # ESB:MG is EMGSB
        if not points or len(points) != 2 or points in ("MP", "GP"):
            raise ValueError(f"ESB needs the scores, e.g. ESB:MG (= EMGSB) ({original!r})")
        base, points = f"E{points}SB", None
    if base == "SB":
        raise ValueError(f"for teams write the extended Sonneborn-Berger: EMMSB, EMGSB, EGMSB or EGGSB "
                         f"({original!r}; C.07 13.2)")
    d = TEAM_TIEBREAKS.get(base)
    if d is None:
        raise ValueError(f"unknown team tie-break {original!r}; known: {', '.join(KNOWN)} "
                         "(modifiers: -C1, -C2, -M1 for BH, /P, /V2024)")
    if points and (d.kind != "BH" or points not in ("MP", "GP")):
        raise ValueError(f"{base} takes no :{points} ({original!r}; BH takes :MP or :GP)")
    if d.kind == "ESB" and re.search(r"[-/#!]?M\d", s[pos:]):
        raise ValueError(f"Median is not defined for extended Sonneborn-Berger ({original!r}; C.07 13.2)")
    if "C" not in d.modifiers and re.search(r"[-/#!]?[CM]\d", s[pos:]):
        raise ValueError(f"{d.name} takes no cut ({original!r})")
    mods = read_modifiers(s, pos, original, d.name, d.modifiers)
    code = normalise(d.name, points, mods.low, mods.high, None, 0, mods.fp, False, None,
                     mods.edition, False)
    opponent, own = d.scores if d.kind == "ESB" else (points, None)
    return TeamTieBreak(code, d.kind, opponent, own, mods.low, mods.high, mods.fp, mods.edition,
                        d.knockout)


def parse_team_tiebreaks(codes: str | Iterable[str] | None) -> list[TeamTieBreak]:
    """``"EDE, BH:MP-C1"`` (commas, semicolons or blanks) or a list -> parsed tie-breaks; ``PTS``
    dropped.  ValueError for an unknown code."""
    if codes is None:
        return []
    items = re.split(r"[,;\s]+", codes) if isinstance(codes, str) else [str(c) for c in codes]
    return [parse_team_tiebreak(c) for c in items if c.strip() and c.strip().upper() not in POINTS_CODES]
