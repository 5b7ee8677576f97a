"""Splitting a regular TRF text into records without lark: the fast path of
:func:`.grammar.split_records`, held to the grammar by a hypothesis test.

A text is *regular* when all its line endings are LF, or all are CRLF (what writers produce).
Such a text is cut at its line endings in C, and each line is classified the way the grammar's
lexer would: by its first four characters when they are a fixed record code of
:data:`.layout.RECORDS` followed by a blank, a tab or the line's end (one dictionary look-up,
the common case), otherwise (comments, NRS records, ruler lines ...) by the terminals of
``grammars/trf.lark`` themselves, tried in the order lark's basic lexer tries them.  Any other
text (a lone CR, mixed line endings) returns None and is read by the grammar, which stays the
definition of what a TRF line is.

Importing lark and building its parser costs tens of milliseconds per process (see
docs/performance.md): most of a small event's report.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import count, repeat
from operator import itemgetter
from typing import cast

from ...model import Record
from .layout import RECORDS

_FIRST_FOUR = itemgetter(slice(4))
#: grammar terminals that are no single record: the player run and the line ending
_NOT_ONE_LINE = ("PLAYERS", "EOL")
_TERMINAL = r"^([A-Z_]+)(?:\.(-?\d+))?: /(.*)/$"  # compiled by re for _terminals() only


def _kinds_by_head() -> dict[str, str]:
    """Record kind by a line's first four characters, for the fixed codes (the grammar's
    ``CODE(?=[ \\t\\r\\n]|$)`` terminals, generated from the same description); ``""`` is an empty line."""
    heads = {"": ""}
    for r in RECORDS:
        if r.pattern is None and r.kind != "COMMENT":  # comments are a prefix, not a code
            heads.update((r.code + end, r.kind) for end in ("", " ", "\t"))
    return heads


_KIND_BY_HEAD = _kinds_by_head()


@lru_cache(maxsize=1)
def _terminals() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The one-line terminals of ``trf.lark`` as (kind, compiled pattern), in the order of lark's
    basic lexer: higher priority first, then the longer pattern, then the name (every one of
    them ends in an unbounded repeat, so lark's "widest first" key does not separate them)."""
    from .grammar import grammar_text

    found = [(-int(priority or 0), -len(pattern), name, pattern)
             for name, priority, pattern in re.findall(_TERMINAL, grammar_text("trf.lark"), re.MULTILINE)
             if name not in _NOT_ONE_LINE]
    return tuple((name, re.compile(pattern)) for _, _, name, pattern in sorted(found))


def _kind_by_grammar(line: str) -> str | None:
    """The kind of the first terminal that matches ``line`` (a line without its ending); None
    when that terminal would leave part of the line to another token (the grammar decides)."""
    for kind, pattern in _terminals():
        match = pattern.match(line)
        if match:
            return kind if match.end() == len(line) else None
    return None  # no terminal matches (the grammar reports it)


def split_regular(text: str) -> list[Record] | None:
    """The records of ``text`` exactly as :func:`.grammar.split_by_grammar` gives them (kind,
    text, line ending, 1-based line number), or None when the text is not regular."""
    if "\r" in text:
        crlf = text.count("\r\n")
        if text.count("\r") != crlf or text.count("\n") != crlf:
            return None  # a lone CR or LF beside CRLF endings
        eol = "\r\n"
    else:
        eol = "\n"
    lines = text.split(eol)
    last = lines.pop()  # after the final line ending: "" (no record), else a line without one
    kinds = list(map(_KIND_BY_HEAD.get, map(_FIRST_FOUR, lines)))
    if None in kinds:
        for index, kind in enumerate(kinds):
            if kind is None:
                kind = _kind_by_grammar(lines[index])
                if kind is None:
                    return None
                kinds[index] = kind
    # no None is left in kinds (each was replaced above or the text returned)
    records = list(map(Record, cast("list[str]", kinds), lines, repeat(eol), count(1)))
    if last:
        kind = _KIND_BY_HEAD.get(last[:4]) or _kind_by_grammar(last)
        if kind is None:
            return None
        records.append(Record(kind, last, "", len(lines) + 1))
    return records
