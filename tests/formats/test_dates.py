"""Dates read without importing ``datetime``: the calendar check held to ``datetime.date``."""
from __future__ import annotations

import datetime

from hypothesis import example, given
from hypothesis import strategies as st

from trfscore.formats.dates import _make, closest, date_candidates


@given(st.integers(-5, 10_005), st.integers(-1, 14), st.integers(-1, 33))
@example(2000, 2, 29)  # a leap year by the 400 rule
@example(1900, 2, 29)  # not one by the 100 rule
@example(2024, 2, 29)
@example(2023, 2, 29)
@example(9999, 12, 31)
@example(0, 1, 1)
@example(10_000, 1, 1)
def test_a_day_is_made_as_datetime_makes_it(year, month, day):
    try:
        expected: str | None = datetime.date(year, month, day).isoformat()
    except ValueError:
        expected = None
    assert _make(year, month, day) == expected


def test_readings_of_real_forms():
    assert date_candidates("28. 07. 2005") == ["2005-07-28"]
    assert date_candidates("10.09.13", short_year_first=True) == ["2010-09-13", "2013-09-10"]
    assert date_candidates("29/02/2023") == []
    assert date_candidates("May 29, 2020") == ["2020-05-29"]
    assert closest(["2013-09-10", "2010-09-13"], "2010-10-01") == "2010-09-13"
