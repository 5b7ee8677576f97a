"""Text inside a Markdown table cell: backslash escapes, shared by the Markdown writers (the
report and the crosstable) and the crosstable reader, which undoes them.

Backslash and the punctuation that Markdown or inline HTML would interpret
(``| \\ ` * _ [ ] < > ~ & $``) get a backslash; control, bidirectional and line-break characters
are neutralised (:func:`trfscore.safetext.neutralise`), so a name can neither end its cell or row
nor inject HTML, links or emphasis, nor reorder the text around it.
"""
from __future__ import annotations

import re

from ..safetext import neutralise

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&$])")
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>|~&$])")


def escape(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    text = neutralise(text)
    if text.isalnum() or _SPECIAL.search(text) is None:  # (most crosstable cells) nothing to escape
        return text.strip()
    return _SPECIAL.sub(r"\\\1", text).strip()


def unescape(text: str) -> str:
    """The inverse of :func:`escape` (for cell text without control characters)."""
    return _ESCAPED.sub(r"\1", text)
