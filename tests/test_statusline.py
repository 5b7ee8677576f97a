"""The progress line every long job draws on a terminal (``trfscore.statusline``)."""
from __future__ import annotations

import io

from trfscore.statusline import StatusLine, bar


def test_the_line_is_throttled_but_for_the_last_step_and_blanked_as_wide_as_drawn():
    stream = io.StringIO()
    line = StatusLine(stream, every=3600)
    line.show("a long first text")
    line.show("skipped: drawn too soon after the first")
    line.show("last", last_step=True)
    line.clear()
    line.clear()  # nothing drawn since: nothing written
    assert stream.getvalue() == "\ra long first text\rlast\r" + " " * len("a long first text") + "\r"


def test_a_line_never_drawn_is_not_cleared():
    stream = io.StringIO()
    StatusLine(stream).clear()
    assert stream.getvalue() == ""


def test_the_bar_fills_in_proportion_and_stays_in_its_width():
    assert bar(0, 10) == "[" + "." * 30 + "]"
    assert bar(5, 10) == "[" + "#" * 15 + "." * 15 + "]"
    assert bar(12, 10) == "[" + "#" * 30 + "]"  # more done than announced: full, not wider
    assert bar(3, 0) == "[" + "." * 30 + "]"  # nothing announced
    assert bar(1, 3, width=10) == "[###.......]"
