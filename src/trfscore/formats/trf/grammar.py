"""Applying ``grammars/trf.lark``: splitting a TRF document into typed records.

The grammar names the record kinds and the line structure; lark's LALR parser with its basic
lexer turns the text into one token per record and one per line ending, which this module pairs
into :class:`~trfscore.model.Record` values.  Field decoding happens elsewhere (column tables).
"""
from __future__ import annotations

import contextlib
import os
import re
import sys
import zlib
from functools import lru_cache
from itertools import count, repeat
from importlib import resources
from pathlib import Path

from ...model import Record

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
        here = Path(__file__).resolve().parents[4] / "grammars" / name
        return here.read_text(encoding="utf-8")


@lru_cache(maxsize=2)
def parser(lf_only: bool = False):
    """The LALR parser for ``trf.lark``, loaded from the user's cache when it was built before.

    Building the tables takes longer than reading a typical file, so the built parser is saved
    (lark's own format) under ``$TRFSCORE_CACHE_DIR`` or ``~/.cache/trfscore``, named by a hash
    of the grammar, lark's version and Python's.  Any problem with the cache means building.

    ``lf_only``: the same grammar for a text without any CR, with "any character but CR or LF"
    written as ``.`` (on such a text the two match the same characters, and ``.`` is the
    regular-expression engine's fastest loop: the 001 run of a large file lexes 4x faster).
    """
    import lark

    text = grammar_text("trf.lark")
    if lf_only:
        text = text.replace("[^\\r\\n]", ".")
    path = _cache_path(text, lark.__version__)
    if path is not None:
        try:
            with open(path, "rb") as handle:
                return lark.Lark.load(handle)
        except Exception:  # missing, unreadable or from another version: build it
            pass
    built = lark.Lark(text, parser="lalr", lexer="basic")
    if path is not None:
        _save(built, path)
    return built


def _cache_path(text: str, lark_version: str) -> Path | None:
    base = os.environ.get("TRFSCORE_CACHE_DIR")
    if not base:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(home, "trfscore")
    key = zlib.crc32(text.encode())  # the name changes with the grammar, lark and Python
    return Path(base) / f"trf-grammar-{key:08x}-lark{lark_version}-py{sys.version_info[0]}{sys.version_info[1]}.lark"


def _save(built, path: Path) -> None:
    """Write the parser atomically (another process may be reading the same file)."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as handle:
            built.save(handle)
        os.replace(temporary, path)
    except OSError:  # a read-only home: no cache, no harm
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def split_records(text: str) -> list[Record]:
    """Records in file order, each with its text, its line ending and its 1-based line number."""
    tree = parser("\r" not in text).parse(text)
    records: list[Record] = []
    append = records.append
    pending: Record | None = None
    lineno = 1
    for token in tree.children:
        kind = token.type
        if kind == "PLAYERS":  # a run of 001 lines, each with its ending
            run = token.value
            if "\r" in run:
                texts, eols = zip(*_LINE.findall(run))
            else:  # LF only (the common case): split in C
                texts = run.split("\n")
                texts.pop()  # the run ends with a line break
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
