"""Applying ``grammars/trf.lark`` (generated from :mod:`.layout`): splitting a TRF document into typed records.

The grammar names the record kinds and the line structure; lark's LALR parser with its basic
lexer turns every text into one token per record and one per line ending (a run of player lines,
or of header lines, is one token, cut into lines in C), which this module pairs into
:class:`~trfscore.model.Record` values.  Field decoding happens elsewhere (column tables).
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from itertools import count, repeat
from typing import TYPE_CHECKING, Any, cast

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


#: The built parsers shipped inside the package (:func:`built_parsers`, written by
#: ``python -m trfscore.formats.trf.generate``): loading them costs ~2 ms of CPU where building
#: them costs ~15 ms, in every process that reads a TRF.
PARSERS = "trf.lark.parsers"


def _grammar(lf_only: bool) -> str:
    """``trf.lark``; for a text without any CR (``lf_only``), with "any character but CR or LF"
    written as ``.``: on such a text the two match the same characters, and ``.`` is the
    regular-expression engine's fastest loop (the 001 run of a large file lexes 4x faster)."""
    text = grammar_text("trf.lark")
    return text.replace("[^\\r\\n]", ".") if lf_only else text


#: how lark builds the parsers: LALR with its basic lexer
_OPTIONS = {"parser": "lalr", "lexer": "basic"}


def _build(lf_only: bool) -> lark.Lark:
    import lark

    return lark.Lark(_grammar(lf_only), **_OPTIONS)


def stamp() -> dict[str, str]:
    """What the shipped parsers were built from: the SHA-256 of everything lark was given (both
    grammar texts of :func:`_grammar` and :data:`_OPTIONS`, so that a change to either here, not
    only to ``trf.lark``, makes the shipped file stale) and lark's version."""
    import hashlib  # (with pickle: imported by lark anyway, so where the parser is used; not by MAX_LINE's readers)

    import lark

    given = "\0".join((_grammar(False), _grammar(True), repr(sorted(_OPTIONS.items()))))
    return {"grammar": hashlib.sha256(given.encode()).hexdigest(), "lark": lark.__version__}


def built_parsers() -> bytes:
    """The file :data:`PARSERS`: :func:`stamp`, then both parsers as ``lark.Lark.save`` writes them."""
    import pickle

    saved: dict[str, Any] = {"stamp": stamp()}
    for lf_only in (False, True):
        out = io.BytesIO()
        _build(lf_only).save(out)
        saved["lf" if lf_only else "any"] = out.getvalue()
    return pickle.dumps(saved, protocol=4)


@lru_cache(maxsize=2)
def parser(lf_only: bool = False) -> lark.Lark:
    """The LALR parser of ``trf.lark`` with lark's basic lexer (``lf_only``: see :func:`_grammar`),
    once per process: loaded from the package's :data:`PARSERS` (our own file, written by the
    generator), or built in memory when that file was built from another grammar or lark version
    (nothing is written anywhere)."""
    import pickle

    import lark

    data = resources.files("trfscore").joinpath("grammars", PARSERS).read_bytes()
    saved = pickle.loads(data)  # noqa: S301  (the package's own file)
    if saved.get("stamp") != stamp():
        return _build(lf_only)
    return lark.Lark.load(io.BytesIO(saved["lf" if lf_only else "any"]))


#: the grammar's run tokens (a run of lines of one kind with their endings) and the kind of each line
_RUNS = {"PLAYERS": "PLAYER", "HEADERS": "HEADER"}


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
        line_kind = _RUNS.get(kind)
        if line_kind is not None:  # a run of lines of one kind, each with its ending
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
            records.extend(map(Record, repeat(line_kind, len(texts)), texts, eols, count(lineno)))
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
