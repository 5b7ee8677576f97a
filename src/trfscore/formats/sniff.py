"""How each format is recognised from its content (never from the file name).

``.txt`` is used for TRF, crosstables and PGN alike, and "TRF" also names Tandem Repeats Finder
output, so the decision looks at the text: JSON starts with ``{``; a TRF has lines that start
with the record codes ``001 ``/``012 `` or JaVaFo's ``XXR``; a PGN has ``[Event "`` or
``[White "`` tag pairs; anything else is offered to the crosstable reader (which reports a
finding when it finds no table).  The order in which the tests are tried is the order of
:data:`trfscore.formats.registry.FORMATS`.
"""
from __future__ import annotations

import re

_TRF = re.compile(r"^(?:001|012|XXR)(?:[ \t]|$)", re.M)
_PGN = r'^[ \t]*\[(?:Event|White)[ \t]+"'  # compiled by re when a text is no TRF


def looks_like_json(head: str) -> bool:
    return head.startswith("{")


def looks_like_trf(head: str) -> bool:
    return _TRF.search(head) is not None


def looks_like_pgn(head: str) -> bool:
    return re.search(_PGN, head, re.M) is not None


def looks_like_crosstable(head: str) -> bool:
    """Everything: the crosstable reader is the last resort and says when it finds no table."""
    return True
