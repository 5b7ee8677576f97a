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

#: the characters that get a backslash
SPECIALS = "\\`*_[]<>|~&$"
_SPECIAL = re.compile(f"([{re.escape(SPECIALS)}])")
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>|~&$])")


def escape(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    text = neutralise(text)
    if text.isalnum() or _SPECIAL.search(text) is None:  # (most crosstable cells) nothing to escape
        return text.strip()
    return _SPECIAL.sub(r"\\\1", text).strip()


def _unchanged(texts: list[str]) -> bool:
    """Whether :func:`escape` gives back every one of ``texts`` as it is, checked once for all:
    the empty ones are, and the others joined by single blanks are printable, hold no special
    character and no blank at either end of a text (that would show as two blanks in a row, or
    one at the start or end).  (A column of titles is mostly empty texts: joined with them, it
    would be all blanks.)"""
    try:
        probe = " ".join(filter(None, texts))
    except TypeError:  # not all strings: each is escaped on its own
        return False
    return _plain(probe)


def _plain(probe: str) -> bool:
    return (probe.isprintable() and "  " not in probe and probe[:1] != " " and probe[-1:] != " "
            and not any(map(probe.__contains__, SPECIALS)))  # one fast scan per character


def escape_each(texts: list[str]) -> list[str]:
    """``[escape(x) for x in texts]`` for strings, with one check for all of them."""
    return list(texts) if _unchanged(texts) else list(map(escape, texts))


def escape_joined(cells: list[str], sep: str = " | ") -> str:
    """``sep.join(map(escape, cells))`` for strings, with one check for the whole row."""
    return sep.join(cells) if _unchanged(cells) else sep.join(map(escape, cells))


def joined_unchanged(joined: str, count: int) -> bool:
    """Whether ``joined``, ``count`` texts joined by ``" | "``, is what :func:`escape_joined`
    gives for them: its only bars are the ``count - 1`` separators (so no text holds one, and
    blanking the separators gives the texts joined by single blanks), and :func:`escape` leaves
    every text as it is."""
    return count > 0 and joined.count("|") == count - 1 and _plain(joined.replace(" | ", " "))


def rows_unchanged(rows: list[str], count: int) -> bool:
    """``all(joined_unchanged(row, count) for row in rows)`` for rows that are each ``count``
    texts joined by ``" | "`` (so each holds at least ``count - 1`` bars), checked once over the
    rows joined by the same separator: with exactly ``count - 1`` bars a row, every bar is a
    separator, and a text starting or ending with a blank shows as two blanks in a row.  An empty
    row among others fails the check (the caller then escapes each text, with the same result)."""
    if not rows:
        return True
    return joined_unchanged(" | ".join(rows), count * len(rows))


def unescape(text: str) -> str:
    """The inverse of :func:`escape` (for cell text without control characters)."""
    return _ESCAPED.sub(r"\1", text)
