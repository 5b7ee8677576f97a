"""Lexing: the items of every line, typed by the terminals of ``grammars/crosstable.lark``."""
from __future__ import annotations

import re
from functools import lru_cache


class Tok:
    """One item of a line: its terminal name, text and 1-based line and column."""

    __slots__ = ("kind", "text", "line", "col")

    def __init__(self, kind: str, text: str, line: int, col: int) -> None:
        self.kind = kind
        self.text = text
        self.line = line
        self.col = col

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Tok({self.kind}, {self.text!r}, {self.line}:{self.col})"


def _grammar_text() -> str:
    from ..trf.grammar import grammar_text

    return grammar_text("crosstable.lark")


@lru_cache(maxsize=1)
def _terminals() -> list:
    """The grammar's terminals in the order lark's basic lexer tries them.

    Only the terminals are needed, so the grammar is compiled without building the LALR tables
    (lark's ``load_grammar``, a fifth of the cost); the full ``Lark`` object when that fails."""
    try:
        from lark.load_grammar import load_grammar

        grammar, _ = load_grammar(_grammar_text(), "crosstable.lark", None, False)
        terms = list(grammar.compile(["start"], "*")[0])
    except Exception:  # pragma: no cover - another lark release
        from lark import Lark

        terms = list(Lark(_grammar_text(), parser="lalr", lexer="basic").terminals)
    terms.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    return terms


@lru_cache(maxsize=1)
def _scanner() -> re.Pattern:
    """The item and separator terminals as one alternation, tried in the lexer's order.

    Applied to one line at a time with ``finditer`` (blanks between items match nothing and are
    skipped, as the grammar's ``%ignore`` does), it gives the tokens the LALR parser would, at a
    fraction of the cost: a 4 MB text of separators is millions of tokens.
    """
    return re.compile("|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in _terminals()
                               if not t.name.startswith("_")))


@lru_cache(maxsize=1)
def _item_patterns() -> list[tuple[str, re.Pattern]]:
    """The grammar's item terminals in lexer order, for typing the text of a joined cell."""
    return [(t.name, re.compile(t.pattern.to_regexp())) for t in _terminals()
            if not t.name.startswith("_") and t.name not in ("PIPE", "SEMI", "TAB")]


#: Items holding a number that the reader converts with ``int``; longer than this they are words
#: (no crosstable number has 50 digits, and Python refuses to convert 4,300).
_NUMERIC = frozenset({"INT", "RANKDOT", "DEC", "HALF", "CR_CELL", "US_CELL", "FIDE_CELL"})
_LONGEST_NUMBER = 50
#: Blanks that the grammar does not know (ideographic and em spaces, U+2028 ...) become spaces:
#: same columns, and the text still splits into items.
_SPACES = {c: " " for c in range(0x3001) if chr(c).isspace() and chr(c) not in "\t\n\r \f\v\xa0\u2007\u202f"}


def _kind(name: str, text: str) -> str:
    return "WORD" if name in _NUMERIC and len(text) > _LONGEST_NUMBER else name


def classify(text: str) -> str:
    """The terminal name the grammar gives ``text`` as one item (``"WORD"`` when none fits)."""
    for name, pattern in _item_patterns():
        if pattern.fullmatch(text):
            return _kind(name, text)
    return "WORD"


def lex_line(line: str, no: int) -> list[Tok]:
    """The typed items of one line (without line breaks), numbered ``no``: what :func:`lex`
    gives for that line of a whole text."""
    return [Tok(_kind(m.lastgroup, m.group()), m.group(), no, m.start() + 1)
            for m in _scanner().finditer(line.translate(_SPACES))]


def lex(text: str) -> list[list[Tok]]:
    """The typed items of every line (index 0 is line 1)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_SPACES)
    finditer = _scanner().finditer
    return [[Tok(_kind(m.lastgroup, m.group()), m.group(), no, m.start() + 1) for m in finditer(line)]
            for no, line in enumerate(text.split("\n"), 1)]
