"""Report formatters: they only format the standings they are given (text, JSON, CSV, Markdown, HTML).

:data:`FORMATS` says once what ``trfscore report --format`` offers and what each format is."""
from __future__ import annotations

from typing import NamedTuple


class ReportFormat(NamedTuple):
    """One format of ``trfscore report``: its name, the file name endings that choose it (``-o``)
    and whether its output explains the tie-break values (the HTML page's panel, with the text of
    ``trfscore explain``), for which the standings keep their workings."""

    name: str
    extensions: tuple[str, ...]
    explains: bool = False


#: The report formats, in the order ``--format`` lists them.
FORMATS: tuple[ReportFormat, ...] = (
    ReportFormat("text", (".txt",)),
    ReportFormat("json", (".json",)),
    ReportFormat("markdown", (".md", ".markdown")),
    ReportFormat("csv", (".csv",)),
    ReportFormat("html", (".html", ".htm"), explains=True),
)
#: The report format by name.
BY_NAME = {f.name: f for f in FORMATS}
