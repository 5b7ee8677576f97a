"""A line of progress on standard error, redrawn in place (``\\r``) while a long job runs: the
files ``check`` has done, a rating list being indexed, the round a pairing check judges."""
from __future__ import annotations

import time
from typing import IO


class StatusLine:
    """:meth:`show` redraws the line, at most once per ``every`` seconds (the last step always);
    :meth:`clear` blanks what was drawn, if anything."""

    def __init__(self, stream: IO[str], every: float = 0.0) -> None:
        self.stream = stream
        self.every = every
        self.last = -1.0  # when it was last drawn
        self.width = 0  # the longest text drawn

    def show(self, text: str, last_step: bool = False) -> None:
        now = time.monotonic()
        if not last_step and self.last >= 0 and now - self.last < self.every:
            return
        self.last = now
        self.width = max(self.width, len(text))
        self.stream.write("\r" + text)
        self.stream.flush()

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def bar(done: int, total: int, width: int = 30) -> str:
    """``[#####.....]``: ``done`` of ``total`` as a bar of ``width`` characters."""
    filled = width * min(done, total) // total if total > 0 else 0
    return f"[{'#' * filled}{'.' * (width - filled)}]"
