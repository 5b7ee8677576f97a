"""Applying ``grammars/trf.lark`` (generated from :mod:`.layout`): splitting a TRF document into typed records.

The grammar names the record kinds and the line structure; lark's LALR parser with its basic
lexer turns every text into one token per record and one per line ending (a run of player lines
is one token, cut into lines in C), which this module pairs into :class:`~trfscore.model.Record`
values.  Field decoding happens elsewhere (column tables).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from itertools import count, repeat
from typing import TYPE_CHECKING, cast

from ...model import Record

if TYPE_CHECKING:  # lark is imported on first use (see :func:`parser`)
    import lark

#: Longest line accepted as a record; longer ones are cut (and reported) so that no input can
#: make the column decoders do unbounded work.  A 9,999-round 001 line would be ~100k columns;
#: FIDE caps real events far below that.
MAX_LINE = 20_000
_LINE = r"([^\r\n]*)(\r\n|\r|\n)"  # compiled by re on first use (lark's path only)


def grammar_text(name: str) -> str:
    """The text of ``trfscore/grammars/<name>``: plain files inside the package, held equal to
    the repository's ``grammars/`` by a test (and ``trf.lark`` to :func:`.layout.grammar`)."""
    return resources.files("trfscore").joinpath("grammars", name).read_text(encoding="utf-8")


@lru_cache(maxsize=2)
def parser(lf_only: bool = False) -> lark.Lark:
    """The LALR parser for ``trf.lark``, built in memory once per process (nothing is written to
    disk; building takes a few tens of milliseconds, measured in docs/performance.md).

    ``lf_only``: the same grammar for a text without any CR, with "any character but CR or LF"
    written as ``.`` (on such a text the two match the same characters, and ``.`` is the
    regular-expression engine's fastest loop: the 001 run of a large file lexes 4x faster).
    """
    import lark

    text = grammar_text("trf.lark")
    if lf_only:
        text = text.replace("[^\\r\\n]", ".")
    return lark.Lark(text, parser="lalr", lexer="basic")


def split_records(text: str) -> list[Record]:
    """Records in file order, each with its text, its line ending and its 1-based line number,
    by lark's parser of ``trf.lark`` (any text: lone CRs, mixed endings)."""
    tree = parser("\r" not in text).parse(text)
    records: list[Record] = []
    append = records.append
    pending: Record | None = None
    lineno = 1
    # trf.lark's start rule holds terminals only (its one rule, _record, is inlined)
    for token in cast("list[lark.Token]", tree.children):
        kind = token.type
        if kind == "PLAYERS":  # a run of 001 lines, each with its ending
            run = token.value
            texts: Sequence[str]
            eols: Iterable[str]
            if "\r" in run:
                texts, eols = zip(*re.findall(_LINE, run))
            else:  # LF only (the common case): split in C
                lines = run.split("\n")
                lines.pop()  # the run ends with a line break
                texts = lines
                eols = repeat("\n", len(texts))
            records.extend(map(Record, repeat("PLAYER", len(texts)), texts, eols, count(lineno)))
            lineno += len(texts)
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
