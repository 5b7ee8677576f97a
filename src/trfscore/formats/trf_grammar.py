"""Applying ``grammars/trf.lark``: splitting a TRF document into typed records.

The grammar names the record kinds and the line structure; lark's LALR parser with its basic
lexer turns the text into one token per record and one per line ending, which this module pairs
into :class:`~trfscore.model.Record` values.  Field decoding happens elsewhere (column tables).
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..model import Record

#: Longest line accepted as a record; longer ones are cut (and reported) so that no input can
#: make the column decoders do unbounded work.  A 9,999-round 001 line would be ~100k columns;
#: FIDE caps real events far below that.
MAX_LINE = 20_000
_LINE = re.compile(r"([^\r\n]*)(\r\n|\r|\n)")


def grammar_text(name: str) -> str:
    """The text of ``grammars/<name>`` from the installed package (or the source tree)."""
    try:
        return resources.files("trfscore").joinpath("grammars", name).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        here = Path(__file__).resolve().parents[3] / "grammars" / name
        return here.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def parser():
    from lark import Lark

    return Lark(grammar_text("trf.lark"), parser="lalr", lexer="basic")


def split_records(text: str) -> list[Record]:
    """Records in file order, each with its text, its line ending and its 1-based line number."""
    tree = parser().parse(text)
    records: list[Record] = []
    append = records.append
    pending: Record | None = None
    lineno = 1
    for token in tree.children:
        kind = token.type
        if kind == "PLAYERS":  # a run of 001 lines, each with its ending
            for text, eol in _LINE.findall(token.value):
                append(Record("PLAYER", text, eol, lineno))
                lineno += 1
            continue
        if kind == "EOL":
            if pending is None:
                append(Record("", "", token.value, lineno))
            else:
                pending.eol = token.value
                append(pending)
                pending = None
            lineno += 1
        else:
            pending = Record(kind, token.value, "", lineno)
    if pending is not None:
        append(pending)
    return records
