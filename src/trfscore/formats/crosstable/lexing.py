"""Lexing: the items of every line, typed by the terminals of ``grammars/crosstable.lark``
(their table generated into :mod:`.terminals`)."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import repeat
from operator import attrgetter
from typing import overload

from .terminals import TERMINALS, Terminal


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


_KIND, _TEXT, _COL = attrgetter("kind"), attrgetter("text"), attrgetter("col")


class Items(Sequence[Tok]):
    """The typed items of one line, or a run of them, kept as columns: their kinds, texts and
    1-based columns (found when first asked for).  An item read by position is a :class:`Tok`
    made then (a finding, a declared value); the readers' passes over many rows read
    :attr:`kinds` and :attr:`texts` and make none.  A slice is an ``Items`` again, over the
    same columns (nothing copied: a table's rows are slices of its lines)."""

    __slots__ = ("no", "_kinds", "_texts", "_cols", "_line", "_a", "_b", "_toks")

    def __init__(self, no: int, kinds: Sequence[str], texts: Sequence[str], cols: list[int],
                 line: str = "", a: int = 0, b: int | None = None, toks: Sequence[Tok] | None = None) -> None:
        self.no = no
        #: the whole line's kinds, texts and columns, of which these are items ``a`` to ``b - 1``;
        #: ``cols`` is shared by the line's slices and filled from ``line`` when first needed
        #: (empty until then), or those of ``toks``, the line's tokens when made already
        self._kinds, self._texts, self._cols, self._line = kinds, texts, cols, line
        self._a = a
        self._b = len(kinds) if b is None else b
        self._toks = toks

    @classmethod
    def of(cls, toks: Sequence[Tok], no: int) -> Items:
        """The tokens ``toks`` of line ``no`` (a line with separators) as items."""
        return cls(no, list(map(_KIND, toks)), list(map(_TEXT, toks)), list(map(_COL, toks)), toks=toks)

    @property
    def kinds(self) -> Sequence[str]:
        """The kind (terminal name) of each item."""
        kinds = self._kinds
        return kinds if self._a == 0 and self._b == len(kinds) else kinds[self._a:self._b]

    @property
    def texts(self) -> Sequence[str]:
        """The text of each item."""
        texts = self._texts
        return texts if self._a == 0 and self._b == len(texts) else texts[self._a:self._b]

    @property
    def cols(self) -> Sequence[int]:
        """The 1-based column of each item."""
        return self._line_cols()[self._a:self._b]

    def _line_cols(self) -> list[int]:
        """The columns of all the line's items, found once for the line and its slices: every item
        is a run of non-blanks between blanks, so ``find`` from the end of the item before it
        lands on it."""
        cols = self._cols
        if not cols and self._texts:
            find, at = self._line.find, 0
            for item in self._texts:
                at = find(item, at)
                cols.append(at + 1)
                at += len(item)
        return cols

    def tok(self, i: int) -> Tok:
        """Item ``i`` (0 <= i < len) as a token."""
        if self._toks is not None:  # a line with separators: its tokens
            return self._toks[self._a + i]
        j, texts = self._a + i, self._texts
        if self._cols:
            col = self._cols[j]
        elif j == 0:  # (a row's number) the first non-blanks of the line
            col = self._line.find(texts[0]) + 1
        elif j == len(texts) - 1:  # (a row's last declared value) the last non-blanks of the line
            col = self._line.rfind(texts[j]) + 1
        else:
            col = self._line_cols()[j]
        return Tok(self._kinds[j], texts[j], self.no, col)

    def __len__(self) -> int:
        return self._b - self._a

    @overload
    def __getitem__(self, i: int) -> Tok: ...
    @overload
    def __getitem__(self, i: slice) -> Items: ...

    def __getitem__(self, i: int | slice) -> Tok | Items:
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            if step != 1:
                raise ValueError("items are sliced with step 1")
            a = self._a + start
            return Items(self.no, self._kinds, self._texts, self._cols, self._line, a, max(a, self._a + stop),
                         self._toks)
        return self.tok(range(len(self))[i])  # (an IndexError as a list's)

    def toks(self) -> Sequence[Tok]:
        """The items as tokens (those of a line with separators as they were made)."""
        if self._toks is not None:
            return self._toks if self._a == 0 and self._b == len(self._toks) else self._toks[self._a:self._b]
        return list(self)

    def __iter__(self) -> Iterator[Tok]:
        if self._toks is not None:
            return iter(self._toks[self._a:self._b])
        return map(Tok, self.kinds, self.texts, repeat(self.no), self.cols)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Items({self.no}, {list(self)!r})"


def _grammar_text() -> str:
    from ..trf.grammar import grammar_text

    return grammar_text("crosstable.lark")


def compiled_terminals() -> list[Terminal]:
    """The terminals as lark compiles them from ``grammars/crosstable.lark``, in its lexer's order.

    Only the terminals are needed, so the grammar is compiled without building the LALR tables
    (lark's ``load_grammar``); the full ``Lark`` object when that fails."""
    try:
        from lark.load_grammar import load_grammar

        # lark's load_grammar carries no annotations (its Lark class does)
        grammar, _ = load_grammar(_grammar_text(), "crosstable.lark", None, False)  # type: ignore[no-untyped-call]
        terms = list(grammar.compile(["start"], "*")[0])
    except Exception:  # pragma: no cover - another lark release
        from lark import Lark

        terms = list(Lark(_grammar_text(), parser="lalr", lexer="basic").terminals)
    terms.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    return [Terminal(t.name, t.pattern.to_regexp(), t.priority) for t in terms]


def terminal_table() -> str:
    """The text of :mod:`.terminals`, generated from the grammar."""
    rows = "".join(f"    Terminal({t.name!r}, {t.regexp!r}, {t.priority}),\n" for t in compiled_terminals())
    return ('"""The terminals of ``grammars/crosstable.lark``, in the order lark\'s basic lexer tries them.\n\n'
            "GENERATED from the grammar (python -m trfscore.formats.crosstable.lexing >\n"
            "src/trfscore/formats/crosstable/terminals.py); do not edit.  A test holds it equal to what lark\n"
            'compiles from the grammar, so reading a crosstable needs no lark at run time.\n"""\n'
            "# ruff: noqa: E501 (one terminal a line)\n"
            "from typing import NamedTuple\n\n\n"
            "class Terminal(NamedTuple):\n"
            '    """One terminal of the grammar: its name, its regular expression (as lark compiles it) and\n'
            '    its priority."""\n'
            "    name: str\n    regexp: str\n    priority: int\n\n\n"
            f"TERMINALS: tuple[Terminal, ...] = (\n{rows})\n")


@lru_cache(maxsize=1)
def _scanner() -> re.Pattern[str]:
    """The item and separator terminals as one alternation, tried in the lexer's order (the
    generated table :data:`.terminals.TERMINALS`: no lark at run time).

    Applied to one line at a time with ``finditer`` (blanks between items match nothing and are
    skipped, as the grammar's ``%ignore`` does), it gives the tokens the LALR parser would, at a
    fraction of the cost: a 4 MB text of separators is millions of tokens.
    """
    return re.compile("|".join(f"(?P<{t.name}>{t.regexp})" for t in TERMINALS
                               if not t.name.startswith("_")))


@lru_cache(maxsize=1)
def _item_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The grammar's item terminals in lexer order, for typing the text of a joined cell."""
    return [(t.name, re.compile(t.regexp)) for t in TERMINALS
            if not t.name.startswith("_") and t.name not in ("PIPE", "SEMI", "TAB")]


#: Items holding a number that the reader converts with ``int``; longer than this they are words
#: (no crosstable number has 50 digits, and Python refuses to convert 4,300).
_NUMERIC = frozenset({"INT", "RANKDOT", "DEC", "HALF", "CR_CELL", "US_CELL", "FIDE_CELL"})
_LONGEST_NUMBER = 50
#: Blanks that the grammar does not know (ideographic and em spaces, U+2028 ...) become spaces:
#: same columns, and the text still splits into items.
_SPACES = {c: " " for c in range(0x3001) if chr(c).isspace() and chr(c) not in "\t\n\r \f\v\xa0\u2007\u202f"}


def _kind(name: str | None, text: str) -> str:
    """The kind of an item the terminal ``name`` matched (a match of :func:`_scanner` always
    names one: each of its alternatives is a named group)."""
    return "WORD" if name in _NUMERIC and len(text) > _LONGEST_NUMBER else name or "WORD"


def classify(text: str) -> str:
    """The terminal name the grammar gives ``text`` as one item (``"WORD"`` when none fits)."""
    return next((_kind(name, text) for name, pattern in _item_patterns() if pattern.fullmatch(text)), "WORD")


def lex(text: str, lines: list[str] | None = None) -> list[Items]:
    """The typed items of every line (index 0 is line 1); ``lines`` the text's lines, when split
    already."""
    if _has_odd_space(text):
        text, lines = text.translate(_SPACES), None
    if lines is None:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kinds = _Kinds(_scanner().match)
    return [_items(line, no, kinds) for no, line in enumerate(lines, 1)]


def _items(line: str, no: int, kinds: _Kinds) -> Items:
    """The typed items of ``line`` (its odd blanks made spaces), numbered ``no``.

    In a line without ``|``, tabs or ``;`` every run of non-blank characters is one item (each
    item terminal ends at a blank, a separator or the line's end, and WORD takes any run), so
    the line is split at its blanks and each distinct run is typed once (``kinds``), by the
    scanner's first alternative that matches it whole; its columns are found when asked for
    (:attr:`Items.cols`).  Other lines are scanned item by item."""
    if "|" in line or "\t" in line or ";" in line:
        return Items.of([Tok(_kind(m.lastgroup, m.group()), m.group(), no, m.start() + 1)
                         for m in _scanner().finditer(line)], no)
    texts = line.split()
    texts = list(map(kinds.texts.setdefault, texts, texts))  # a text met before: that one object
    return Items(no, kinds.shape(tuple(map(kinds.__getitem__, texts))), texts, [], line)


class _Kinds(dict[str, str]):
    """The kind of each distinct item text, found by the scanner when first asked for."""

    def __init__(self, match: Callable[[str], re.Match[str] | None]) -> None:
        super().__init__()
        self.match = match

        #: each distinct sequence of kinds, kept once (the rows of a table repeat a few shapes)
        self.shapes: dict[tuple[str, ...], tuple[str, ...]] = {}
        #: each distinct item text, kept once (a table repeats its cells and values)
        self.texts: dict[str, str] = {}

    def __missing__(self, text: str) -> str:
        m = self.match(text)
        kind = self[text] = _kind(m.lastgroup if m is not None else None, text)
        return kind

    def shape(self, kinds: tuple[str, ...]) -> tuple[str, ...]:
        """``kinds`` as the one tuple kept for its value."""
        return self.shapes.setdefault(kinds, kinds)


#: The blanks the grammar does not know (see _SPACES): only a text holding one is translated.
_ODD_SPACES = tuple(map(chr, _SPACES))


def _has_odd_space(text: str) -> bool:
    """Whether ``text`` holds a blank the grammar does not know: one search of the text per
    blank (a search for a character wider than any of the text's returns at once), a tenth of
    a regular expression's character-by-character test on a table of Latin-1 text."""
    return any(map(text.__contains__, _ODD_SPACES))


if __name__ == "__main__":  # python -m trfscore.formats.crosstable.lexing > .../crosstable/terminals.py
    import sys

    sys.stdout.write(terminal_table())
