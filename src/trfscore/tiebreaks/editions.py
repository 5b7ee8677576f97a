"""Editions of the FIDE tie-break regulations (Handbook C.07) as data.

An :class:`Edition` is a handful of flags; the only code that reads the flags lives in
:mod:`trfscore.tiebreaks.unplayed`.  The tie-break families never test an edition's name.

Timeline (see docs/tiebreaks.md; the dates are those of the FIDE Council decisions on C.07):

* ``fide-2009``  virtual opponent (2009 Congress, C.02 13.15/13.16, C.07 up to the 2022 archive
  text): an opponent's unplayed rounds count as draws; a player's own unplayed round is a game
  against a virtual opponent.  Used by ``auto`` for start dates before 2023-09-01.
* ``fide-2023``  C.07 rewrite approved 2023-08-01 (in force 2023-09-01 for FIDE events, for all
  rated events from 2024-04-01; clarified 2023-12-14): Art. 16 dummy opponent with the player's
  own final score, trailing requested byes count as draws for opponents (16.3.2), voluntarily
  unplayed rounds are cut first (16.5).
* ``fide-2024``  the Aug-2024 text (2024-08-01 .. 2026-02-28): same computation, editorial
  changes only (GE renamed REP; Cut-1 worded on values).
* ``fide-2026``  from 2026-03-01: the dummy's score is capped (16.4.1/16.4.2); in round-robins
  forfeits stay unplayed for rating-based tie-breaks and forfeit losses for Type-B counts (15.2).
* ``none``       no adjustment: opponents at face value, a player's own unplayed round is worth 0.
"""
from __future__ import annotations

from typing import NamedTuple

__all__ = ["Edition", "EDITIONS", "EDITION_NAMES", "get_edition", "chosen_edition", "edition_for_date", "edition_of_year",
           "NEWEST"]


class Edition(NamedTuple):
    """How one edition of C.07 treats unplayed rounds (read only by ``unplayed.py``)."""

    name: str
    title: str
    in_force_from: str | None  # ISO date used by ``auto``; None: never picked by date
    # "dummy" (2023+ Art. 16.4), "virtual" (2009 virtual opponent), "zero" (no adjustment)
    own_unplayed: str
    # opponents' view: "late_requested_draw" (16.3.2), "all_unplayed_draw" (2009), "face" (none)
    opponent_view: str
    vur_cut_first: bool = False  # Art. 16.5: cut voluntarily unplayed rounds first
    dummy_caps: bool = False  # Art. 16.4.1 / 16.4.2 (2026)
    rr_forfeits_unplayed_for_ratings: bool = False  # Art. 15.2 (2026)
    rr_forfeit_losses_unplayed_for_counts: bool = False  # Art. 15.2 (2026)


EDITIONS: dict[str, Edition] = {
    "fide-2026": Edition(
        "fide-2026", "FIDE C.07 in force from 1 March 2026 (dummy caps 16.4.1/16.4.2)",
        "2026-03-01", own_unplayed="dummy", opponent_view="late_requested_draw",
        vur_cut_first=True, dummy_caps=True,
        rr_forfeits_unplayed_for_ratings=True, rr_forfeit_losses_unplayed_for_counts=True),
    "fide-2024": Edition(
        "fide-2024", "FIDE C.07, August 2024 text (1 Aug 2024 - 28 Feb 2026)",
        "2024-08-01", own_unplayed="dummy", opponent_view="late_requested_draw",
        vur_cut_first=True),
    "fide-2023": Edition(
        "fide-2023", "FIDE C.07, 2023 rewrite (from 1 Sep 2023; all rated events from 1 Apr 2024)",
        "2023-09-01", own_unplayed="dummy", opponent_view="late_requested_draw",
        vur_cut_first=True),
    "fide-2009": Edition(
        "fide-2009", "FIDE virtual-opponent rule (2009 Congress; C.02 13.15-16 / C.07 until 2023)",
        "0001-01-01", own_unplayed="virtual", opponent_view="all_unplayed_draw"),
    "none": Edition(
        "none", "no adjustment: unplayed rounds at face value, own unplayed rounds worth 0",
        None, own_unplayed="zero", opponent_view="face"),
}

EDITION_NAMES: tuple[str, ...] = ("auto",) + tuple(EDITIONS)
NEWEST = "fide-2026"

_ALIASES = {
    "2026": "fide-2026", "2024": "fide-2024", "2023": "fide-2023", "2009": "fide-2009",
    "fide2026": "fide-2026", "fide2024": "fide-2024", "fide2023": "fide-2023",
    "fide2009": "fide-2009", "v2026": "fide-2026", "v2024": "fide-2024", "v2023": "fide-2023",
    "v2009": "fide-2009", "raw": "none", "off": "none",
}


#: the edition a ``/Vyyyy`` modifier names, by year (other years: fide-2009 before 2023, else the newest)
_YEARS = {2026: "fide-2026", 2025: "fide-2024", 2024: "fide-2024", 2023: "fide-2023"}


def edition_of_year(year: str) -> str:
    """The edition a ``/Vyyyy`` (or ``/Vyy``) modifier names, for players and teams alike; a bare
    ``/V`` names the newest."""
    if not year:
        return NEWEST
    y = int(year)
    y = y + 2000 if y < 100 else y
    return _YEARS.get(y, "fide-2009" if y < 2023 else NEWEST)


def edition_for_date(iso_date: str | None) -> Edition:
    """The edition in force on ``iso_date`` (YYYY-MM-DD); the newest when there is no date."""
    if not iso_date:
        return EDITIONS[NEWEST]
    best = None
    for ed in EDITIONS.values():
        if ed.in_force_from is not None and ed.in_force_from <= iso_date:
            if best is None or ed.in_force_from > (best.in_force_from or ""):
                best = ed
    return best or EDITIONS["fide-2009"]


def chosen_edition(name: str, start_date_iso: str | None, notes: list[str]) -> Edition:
    """:func:`get_edition`, noting in ``notes`` which edition ``auto`` chose and why."""
    edition = get_edition(name, start_date_iso)
    if (name or "auto").strip().lower() == "auto":
        when = f"start date {start_date_iso}" if start_date_iso else "no start date, newest edition"
        notes.append(f"rules: {edition.name} (auto: {when})")
    return edition


def get_edition(name: str, start_date_iso: str | None = None) -> Edition:
    """Resolve ``--rules`` (``auto`` uses the start date).  Raises ValueError for unknown names."""
    key = (name or "auto").strip().lower()
    key = _ALIASES.get(key, key)
    if key == "auto":
        return edition_for_date(start_date_iso)
    try:
        return EDITIONS[key]
    except KeyError:
        raise ValueError(
            f"unknown rules edition {name!r}; choose one of: {', '.join(EDITION_NAMES)}") from None
