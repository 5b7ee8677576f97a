"""The editions of the FIDE Title Regulations (Handbook B.01) and the four norm types.

One table of the facts that differ between the 2017, 2022 and 2024 editions, and one of the
norm types' figures (B.01 1.4.5, 1.4.6b, 1.4.8, 1.4.8a: the same in every edition read).  A
change of a regulation applies to tournaments *starting* on or after its effective date (2017
edition 0.22), so the edition follows the start date (``042``, else the first ``132`` date).
The 2017 and 2022 texts were read only in part (docs/norms.md, "Sources"): what they were not
seen to say is taken from the 2024 edition and listed in :attr:`Edition.unverified`, which every
report repeats.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Edition", "EDITIONS", "NormType", "NORM_TYPES", "NORM_TITLES", "TITLED", "TITLEHOLDERS", "edition_for",
           "edition_named"]


@dataclass(frozen=True)
class Edition:
    """The figures of one edition of B.01 that the norm engine needs."""

    name: str  # "2017", "2022", "2024"
    effective: str  # ISO date: tournaments starting on or after it
    unrated: int  # 1.4.6d: the rating of an unrated opponent not raised to the floor
    missed_round_clause: bool  # 1.4.3d: players missing more than one round (PAB excepted) not counted
    old_numbers: bool  # 2017 numbers its articles 1.41 ... 1.49 (1.4.3d is 1.43e)
    unverified: tuple[str, ...] = ()  # rules taken from the 2024 text because this one was not read

    def article(self, number: str) -> str:
        """The article as this edition numbers it: ``1.4.3d`` is ``1.43e`` in 2017."""
        if not self.old_numbers:
            return number
        m = re.fullmatch(r"1\.4\.(\d)([a-z]?)", number)
        if not m:
            return number
        letter = m.group(2)
        if m.group(1) == "3" and letter == "d":
            letter = "e"  # 2017 lists the Swiss exemption fifth (1.43e)
        return f"1.4{m.group(1)}{letter}"


EDITIONS: dict[str, Edition] = {
    "2017": Edition("2017", "2017-07-01", 1000, False, True, unverified=(
        "1.4.1c (8 games + a forfeit win or PAB) is counted as a 9-game norm as in 2024",
        "1.4.1d (extra games), 1.4.1e/f (games ignored) as in 2024",
        "1.4.8b (35 % minimum score) as in 2024",
        "1.7 (events over 13 rounds count 13 games) as in 2024",
        "1.4.6d unrated opponents count 1000 (a secondary source)")),
    "2022": Edition("2022", "2022-01-01", 1000, True, False, unverified=(
        "1.4.8b (35 % minimum score) as in 2024",
        "1.7 (events over 13 rounds count 13 games) as in 2024",
        "1.4.6d unrated opponents count 1000 (a secondary source)")),
    "2024": Edition("2024", "2024-01-01", 1400, True, False),
}
#: Events starting earlier fall under the 2014 edition, which is not implemented.
FIRST_DATE = EDITIONS["2017"].effective


def edition_for(start_iso: str | None) -> Edition:
    """The edition in force for an event starting on ``start_iso`` (None: the newest)."""
    if not start_iso:
        return EDITIONS["2024"]
    return next((e for e in reversed(EDITIONS.values()) if start_iso >= e.effective), EDITIONS["2017"])


def edition_named(name: str) -> Edition:
    """``--rules``: ``2017``, ``2022`` or ``2024`` (``b01-`` prefix allowed); ValueError otherwise."""
    key = name.lower().removeprefix("b01-").removeprefix("fide-")
    if key not in EDITIONS:
        raise ValueError(f"unknown title-regulations edition {name!r}: use one of {', '.join(EDITIONS)}")
    return EDITIONS[key]


#: 1.4.5a: the titles that count as "titleholders" (CM and WCM do not), in the order texts list them.
TITLEHOLDERS = ("GM", "IM", "WGM", "WIM", "FM", "WFM")
TITLED = frozenset(TITLEHOLDERS)


@dataclass(frozen=True)
class NormType:
    """One norm: the figures B.01 gives it."""

    code: str  # GM, IM, WGM, WIM
    article: str  # 1.4.5b ... e: the titles of its level
    level: frozenset[str]  # opponents' titles that count for 1.4.5b-e
    floor: int  # 1.4.6b: the adjusted rating floor
    min_ra: int  # 1.4.8a: the minimum average rating of the opponents
    min_rp: int  # 1.4.8: the minimum performance
    women: bool  # WGM/WIM: for women only
    held_by: frozenset[str]  # titles with which the norm is not needed (this one or a higher one)


NORM_TYPES: tuple[NormType, ...] = (
    NormType("GM", "1.4.5b", frozenset({"GM"}), 2200, 2380, 2600, False, frozenset({"GM"})),
    NormType("IM", "1.4.5c", frozenset({"GM", "IM"}), 2050, 2230, 2450, False, frozenset({"GM", "IM"})),
    NormType("WGM", "1.4.5d", frozenset({"GM", "IM", "WGM"}), 2000, 2180, 2400, True, frozenset({"GM", "WGM"})),
    NormType("WIM", "1.4.5e", frozenset({"GM", "IM", "WGM", "WIM"}), 1850, 2030, 2250, True,
             frozenset({"GM", "IM", "WGM", "WIM"})),
)
#: The titles a norm is for, in the order of :data:`NORM_TYPES`.
NORM_TITLES = tuple(n.code for n in NORM_TYPES)
