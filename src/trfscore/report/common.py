"""What the Markdown, CSV and HTML reports share: column sets, tie-break names, rating numbers.

The numbers come from the standings and the rating calculation untouched; this module only
decides how they are labelled and written (a dot for decimals, never a locale).
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..decimals import exact_decimal
from ..model import Tournament

#: The rating-change columns (keys of a ``--ratings`` entry) and their headings.
RATING_KEYS = ("ro", "we", "w", "coefficient", "rn", "change")
RATING_HEADINGS = {"ro": "Ro", "we": "We", "w": "W", "coefficient": "K/E", "rn": "Rn", "change": "+/-"}
RATING_TITLES = {"ro": "rating before the event", "we": "expected score", "w": "score in rated games",
                 "coefficient": "development coefficient (K for FIDE, E or K for DWZ)",
                 "rn": "rating after the event", "change": "rating change"}

_NAMES = {
    "BH": "Buchholz", "FB": "Fore Buchholz", "AOB": "average of opponents' Buchholz",
    "SB": "Sonneborn-Berger", "PS": "progressive score", "DE": "direct encounter",
    "WIN": "number of wins", "WON": "games won over the board", "BPG": "games played with black",
    "BWG": "games won with black", "GE": "games elected to play", "REP": "rounds elected to play",
    "ARO": "average rating of opponents", "TPR": "tournament performance rating",
    "PTP": "perfect tournament performance", "APRO": "average perfect performance of opponents",
    "APPO": "average perfect performance of opponents", "KS": "Koya system", "SSSC": "sum of scores",
    "MBH": "median Buchholz", "CBH": "Buchholz cut", "ARO-C1": "average rating of opponents cut 1",
    "PTS": "points", "TB": "tie-break",
}
_MODIFIER = re.compile(r"^([CM])(\d+)$")


def present(standings) -> dict[str, bool]:
    """Which optional player columns (``Ti``, ``FED``, ``Rtg``) anybody fills; the others are
    left out of the text, Markdown and HTML tables (CSV and JSON keep every column)."""
    rows = standings.rows
    return {"Ti": any((r.player.title or "").strip() for r in rows),
            "FED": any((r.player.federation or "").strip() for r in rows),
            "Rtg": any(r.player.rating is not None for r in rows)}


def tiebreak_name(code: str) -> str:
    """A readable name for a FIDE C.07 code (``BH-C1`` -> ``Buchholz, cut 1``); the code if unknown."""
    parts = re.split(r"[-/]", code.strip())
    base = _NAMES.get(parts[0].upper())
    if base is None:
        return code
    extra = []
    for part in parts[1:]:
        m = _MODIFIER.match(part.upper())
        if m:
            extra.append(("cut " if m.group(1) == "C" else "median ") + m.group(2))
        elif part:
            extra.append(part)
    return base + (", " + ", ".join(extra) if extra else "")


def rules_title(rules: str) -> str:
    """The edition's title when the tie-break package knows it, else its name."""
    try:
        from ..tiebreaks.editions import EDITIONS

        edition = EDITIONS.get(rules)
        return edition.title if edition is not None else rules
    except Exception:  # pragma: no cover - the editions table is optional for a report
        return rules


def plain_number(value: Any, places: int = 4) -> str:
    """A number with a dot: ints as ints, finite decimals exactly (``69.5``, ``0.125``), other
    fractions (``1/3``) to ``places`` decimals; ``"p/q"`` strings (JSON) are accepted."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return str(int(value))
    value = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    text = exact_decimal(value)
    if text is None:
        text = f"{float(value):.{places}f}".rstrip("0").rstrip(".")
    return text


def rating_value(entry: dict | None, key: str, *, signed: bool = False) -> str:
    """One rating-change number as text (``""`` when missing); ``signed`` puts ``+`` on gains."""
    if not entry:
        return ""
    value = entry.get(key)
    if value is None:
        return ""
    text = plain_number(value, 2)
    if signed and key == "change" and text and not text.startswith("-") and text != "0":
        text = "+" + text
    return text


def facts(t: Tournament) -> list[tuple[str, str]]:
    """Header facts worth showing, as (label, text) pairs, only those the file has."""
    h = t.header
    out: list[tuple[str, str]] = []
    place = ", ".join(x for x in (h.city.strip(), h.federation.strip()) if x)
    if place:
        out.append(("Place", place))
    start = h.start_date_iso or h.start_date.strip()
    end = h.end_date_iso or h.end_date.strip()
    if start or end:
        out.append(("Dates", start if not end or end == start else f"{start} – {end}" if start else end))
    out.append(("Rounds", str(t.rounds or h.rounds_declared or 0)))
    out.append(("Players", str(len(t.players))))
    if h.chief_arbiter.strip():
        out.append(("Chief arbiter", h.chief_arbiter.strip()))
    deputies = [d.strip() for d in h.deputy_arbiters if d.strip()]
    if deputies:
        out.append(("Deputy arbiters", "; ".join(deputies)))
    if h.time_control.strip():
        out.append(("Time control", h.time_control.strip()))
    return out
