"""Text inside a Markdown table cell: backslash escapes, shared by the Markdown writers (the
report and the crosstable) and the crosstable reader, which undoes them.

Backslash and the punctuation that Markdown or inline HTML would interpret
(``| \\ ` * _ [ ] < > ~ & $``) get a backslash; control characters and line breaks become
spaces, so a name can neither end its cell or row nor inject HTML, links or emphasis.
"""
from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&$])")
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>|~&$])")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]")


def escape(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    return _SPECIAL.sub(r"\\\1", _CONTROL.sub(" ", str(text))).strip()


def unescape(text: str) -> str:
    """The inverse of :func:`escape` (for cell text without control characters)."""
    return _ESCAPED.sub(r"\1", text)
