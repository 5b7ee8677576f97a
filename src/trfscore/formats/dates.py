"""Reading the many date forms real TRF files use (TRF digest §8.4).

TRF26 wants ``YYYY/MM/DD`` (042/052) and ``YY/MM/DD`` (132).  Files also hold ``28. 07. 2005``,
``24/09/2010``, ``2018-04-08``, ``10.09.13``, ``May 29, 2020`` and more.  Where the order is
ambiguous the month is assumed to be in the middle, as the Irish Chess Union's reader does.
"""
from __future__ import annotations

import datetime as _dt
import re

MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_NUMERIC = re.compile(r"^\s*(\d{1,4})\s*[./\-]\s*(\d{1,2})\s*[./\-]\s*(\d{1,4})\s*$")
_WORDY = re.compile(r"^\s*([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\s*$")
_STANDARD = re.compile(r"^\d{4}/\d{2}/\d{2}$")


def _year(value: str) -> int:
    year = int(value)
    if len(value) <= 2:
        year += 2000 if year < 70 else 1900
    return year


def _make(year: int, month: int, day: int) -> str | None:
    try:
        return _dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def parse_date(text: str, *, short_year_first: bool = False) -> str | None:
    """ISO date for ``text``, or None when it does not parse.

    ``short_year_first`` reads a two-digit first field as the year (132 dates are ``YY/MM/DD``).
    """
    text = text.strip()
    if not text:
        return None
    m = _NUMERIC.match(text)
    if m:
        a, b, c = m.groups()
        if len(a) == 4 or (short_year_first and len(c) <= 2):
            iso = _make(_year(a), int(b), int(c))
            if iso is None and short_year_first:  # YY.DD.MM seen in the wild
                iso = _make(_year(a), int(c), int(b))
            return iso
        if len(c) == 4 or len(c) == 2:
            return _make(_year(c), int(b), int(a))
        return None
    m = _WORDY.match(text)
    if m and m.group(1).lower() in MONTHS:
        return _make(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2)))
    return None


def is_standard(text: str) -> bool:
    """True for the TRF26 form ``YYYY/MM/DD``."""
    return bool(_STANDARD.match(text.strip()))
