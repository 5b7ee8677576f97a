"""Which reader a text needs, from its content (never from the file name).

``.txt`` is used for TRF, crosstables and PGN alike, and "TRF" also names Tandem Repeats Finder
output, so the decision looks at the text: JSON starts with ``{``; a TRF has lines that start
with the record codes ``001 ``/``012 `` or JaVaFo's ``XXR``; a PGN has ``[Event "`` or
``[White "`` tag pairs; anything else is offered to the crosstable reader (which reports a
finding when it finds no table).
"""
from __future__ import annotations

import re

_TRF = re.compile(r"^(?:001|012|XXR)(?:[ \t]|$)", re.M)
_PGN = re.compile(r'^[ \t]*\[(?:Event|White)[ \t]+"', re.M)

FORMATS = ("trf", "json", "pgn", "crosstable")


def sniff_format(text: str) -> str:
    """``"trf"``, ``"json"``, ``"pgn"`` or ``"crosstable"`` for ``text``."""
    head = text[:65_536].lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        return "json"
    if _TRF.search(head):
        return "trf"
    if _PGN.search(head):
        return "pgn"
    return "crosstable"
