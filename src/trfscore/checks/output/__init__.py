"""Formatters for check results, apart from the checks themselves.

Each format is a :class:`Writer`: ``file(result)`` is called once per checked input in input
order, ``finish(summary)`` once at the end.  Streaming formats (``text``, ``jsonl``, ``github``)
write as results arrive; document formats (``json``, ``sarif``, ``junit``) write at the end.

* ``text`` -- like a compiler: ``path:line:col: severity RULE message``, a hint, the source line,
  then a verdict line per file (``path: passed`` / ``path: failed (2 errors, 5 warnings)``)
* ``concise`` -- one line a finding, ``path:line:col: RULE severity message`` (as ruff's concise)
* ``json`` -- ``{"files": [...], "summary": {...}}`` (``checkDocument`` in the packaged schema)
* ``jsonl`` -- one JSON object per line: findings, unreadable files, then the summary
* ``sarif`` -- SARIF 2.1.0, for code-scanning tools
* ``junit`` -- JUnit XML, one test case per file
* ``github`` -- GitHub Actions workflow commands that annotate the offending lines
"""
from __future__ import annotations

from typing import IO, Any

from .base import FAILED as FAILED
from .base import PASSED as PASSED
from .base import SKIPPED as SKIPPED
from .base import UNREADABLE as UNREADABLE
from .base import Summary as Summary
from .base import Writer as Writer
from .base import counts as counts
from .base import display_path as display_path
from .base import finding_dict as finding_dict
from .base import plural as plural
from .base import statistics_lines as statistics_lines
from .base import status as status
from .base import verdict as verdict

FORMATS = ("text", "concise", "json", "jsonl", "sarif", "junit", "github")
#: The formats ``--statistics`` (counts by rule instead of the findings) goes with.
STATISTICS_FORMATS = ("text", "concise")


def writer(name: str, stream: IO[str], **options: Any) -> Writer:
    """The writer for format ``name`` (its module imported only when asked for)."""
    cls: type[Writer]
    if name in ("text", "concise"):
        from .text import ConciseWriter, TextWriter

        cls = TextWriter if name == "text" else ConciseWriter
    elif name in ("json", "jsonl"):
        from .json_out import JsonLinesWriter, JsonWriter

        cls = JsonWriter if name == "json" else JsonLinesWriter
    elif name == "sarif":
        from .sarif import SarifWriter

        cls = SarifWriter
    elif name == "junit":
        from .junit import JunitWriter

        cls = JunitWriter
    elif name == "github":
        from .github import GithubWriter

        cls = GithubWriter
    else:
        raise ValueError(f"unknown format {name!r}")
    return cls(stream, **options)
