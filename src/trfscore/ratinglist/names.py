"""Player names compared the way a rating officer does.

:func:`name_key` is the normalised form both the index and a TRF name are looked up by: case
folded, diacritics removed, hyphens, dots and commas as spaces, the words sorted (so "Carlsen,
Magnus", "Magnus Carlsen" and "CARLSEN, Magnus" share one key).  :func:`difference` says how two
names that are not equal differ: only diacritics, case, word order, hyphens or spacing, or how many
letters (a typo), or not at all alike.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["fold", "name_key", "difference", "similarity"]

#: Letters that do not decompose into a base letter and a mark.
_SPECIAL = str.maketrans({"ß": "ss", "ø": "o", "đ": "d", "ł": "l", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th",
                          "ð": "d", "ħ": "h", "ŀ": "l"})
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015,.;'`´’()]+")
#: Two names at least this similar (0-1, letters only) differ by a typo, not by person.
TYPO_SIMILARITY = 0.8


def fold(text: str) -> str:
    """Case folded, without diacritics: ``"Müller-Ørsted"`` -> ``"muller-orsted"``."""
    text = unicodedata.normalize("NFKD", text.casefold().translate(_SPECIAL))
    return "".join(c for c in text if not unicodedata.combining(c)).translate(_SPECIAL)


def words(text: str) -> list[str]:
    return [w for w in _SEPARATORS.split(fold(text)) if w]


_ASCII_SEPARATORS = re.compile(r"[\s\-,.;'`()]+")


def name_key(text: str) -> str:
    """The lookup key of a name: folded words, sorted, joined by spaces ("" for no name)."""
    if text.isascii():  # the common case, without Unicode decomposition (same result)
        return " ".join(sorted(w for w in _ASCII_SEPARATORS.split(text.lower()) if w))
    return " ".join(sorted(words(text)))


def _plain(text: str) -> str:
    return "".join(words(text))


def similarity(a: str, b: str) -> float:
    """0-1: how alike the folded letters of two names are (word order ignored)."""
    from difflib import SequenceMatcher

    x, y = "".join(sorted(words(a))), "".join(sorted(words(b)))
    if not x or not y:
        return 0.0
    return SequenceMatcher(None, x, y, autojunk=False).ratio()


def _letters(text: str) -> str:
    return _SEPARATORS.sub("", text)


@lru_cache(maxsize=4096)  # every FID rule asks about the same pairs
def difference(written: str, listed: str) -> str | None:
    """How ``written`` differs from ``listed``: None when equal, else a phrase ("diacritics",
    "word order", "a typo (1 letter)" ...); ``"different"`` when they are not the same name."""
    a, b = written.strip(), listed.strip()
    if a == b:
        return None
    wa, wb = words(a), words(b)
    if sorted(wa) != sorted(wb):
        from difflib import SequenceMatcher

        if "".join(wa) == "".join(wb) or "".join(sorted(wa)) == "".join(sorted(wb)):
            return "hyphen or spacing"
        x, y = "".join(sorted(wa)), "".join(sorted(wb))
        if x and y and SequenceMatcher(None, x, y, autojunk=False).ratio() >= TYPO_SIMILARITY:
            edits = sum(max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in
                        SequenceMatcher(None, x, y, autojunk=False).get_opcodes() if op != "equal")
            return f"a typo ({edits} letter{'s' if edits != 1 else ''})"
        return "different"
    how = []
    if wa != wb:
        how.append("word order")
    if sorted(_SEPARATORS.split(a.casefold())) != sorted(_SEPARATORS.split(b.casefold())):
        how.append("diacritics")
    elif _letters(a) != _letters(b) and sorted(_SEPARATORS.split(a)) != sorted(_SEPARATORS.split(b)):
        how.append("case")
    if a.count("-") != b.count("-"):
        how.append("hyphen")
    if not how:
        how.append("spacing or punctuation")
    return ", ".join(how)
