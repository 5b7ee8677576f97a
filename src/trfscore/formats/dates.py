"""Reading the many date forms real TRF files use (docs/formats.md lists them).

TRF26 wants ``YYYY/MM/DD`` (042/052) and ``YY/MM/DD`` (132).  Files also hold ``28. 07. 2005``,
``24/09/2010``, ``2018-04-08``, ``10.09.13``, ``May 29, 2020`` and more.  Where the order is
ambiguous the month is assumed to be in the middle, as the Irish Chess Union's reader does.
"""
from __future__ import annotations

import re
from functools import lru_cache

MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
#: compiled on first use (re's cache): only a date not written YYYY/MM/DD needs it
_NUMERIC = r"^\s*(\d{1,4})\s*[./\-]\s*(\d{1,2})\s*[./\-]\s*(\d{1,4})\s*$"
_WORDY = r"^\s*([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\s*$"  # rare: compiled by re on first use
_STANDARD = re.compile(r"^\d{4}/\d{2}/\d{2}$")


def _year(value: str) -> int:
    year = int(value)
    if len(value) <= 2:
        year += 2000 if year < 70 else 1900
    return year


_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _make(year: int, month: int, day: int) -> str | None:
    """``datetime.date(year, month, day).isoformat()``, None for a day that does not exist (the
    Gregorian calendar of ``datetime``, years 1-9999), without importing ``datetime``: every
    command reads dates, few compute with them."""
    if not (1 <= year <= 9999 and 1 <= month <= 12 and day >= 1):
        return None
    leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if day > _DAYS[month - 1] + leap:
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def date_candidates(text: str, *, short_year_first: bool = False) -> list[str]:
    """Every ISO date ``text`` may mean, the preferred reading first.

    ``short_year_first`` prefers a two-digit first field as the year (132 dates are
    ``YY/MM/DD``); ``10.09.13`` is then 2010-09-13 before 2013-09-10.
    """
    # short texts (any real date) are remembered, a bounded number: the files of a series, and
    # the reader and the checks, read the same dates again
    if len(text) <= 32:
        return list(_remembered(text, short_year_first))
    return _candidates(text, short_year_first)


def _candidates(text: str, short_year_first: bool) -> list[str]:
    text = text.strip()
    if not text:
        return []
    m = re.match(_NUMERIC, text)
    if m:
        a, b, c = m.groups()
        readings: list[str | None] = []
        if len(a) == 4:
            readings.append(_make(_year(a), int(b), int(c)))
        elif len(c) == 4:
            readings.append(_make(_year(c), int(b), int(a)))
        elif len(a) <= 2 and len(c) <= 2:
            year_first = [_make(_year(a), int(b), int(c)), _make(_year(a), int(c), int(b))]
            year_last = [_make(_year(c), int(b), int(a))]
            readings += year_first + year_last if short_year_first else year_last + year_first
        return list(dict.fromkeys(r for r in readings if r))
    m = re.match(_WORDY, text)
    if m and m.group(1).lower() in MONTHS:
        iso = _make(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2)))
        return [iso] if iso else []
    return []


@lru_cache(maxsize=4096)
def _remembered(text: str, short_year_first: bool) -> tuple[str, ...]:
    return tuple(_candidates(text, short_year_first))


def parse_date(text: str, *, short_year_first: bool = False) -> str | None:
    """ISO date for ``text`` (its preferred reading), or None when it does not parse."""
    found = date_candidates(text, short_year_first=short_year_first)
    return found[0] if found else None


def closest(candidates: list[str], anchor: str) -> str:
    """The candidate nearest to the ISO date ``anchor``."""
    import datetime as _dt

    target = _dt.date.fromisoformat(anchor)
    return min(candidates, key=lambda iso: abs((_dt.date.fromisoformat(iso) - target).days))


def is_standard(text: str) -> bool:
    """True for the TRF26 form ``YYYY/MM/DD``."""
    return bool(_STANDARD.match(text.strip()))


def parse_round_date(text: str) -> str | None:
    """A TRF 132 round date (``YY/MM/DD``; ``YY.DD.MM`` and other orders are tried too)."""
    # any real date is short: those are remembered (a bounded number), since the files of one
    # series repeat their dates and the checks read them again
    return _remembered_date(text) if len(text) <= 32 else _read_round_date(text)


def _read_round_date(text: str) -> str | None:
    return parse_date(text, short_year_first=True)


_remembered_date = lru_cache(maxsize=4096)(_read_round_date)
