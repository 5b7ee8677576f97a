"""Player names compared the way a rating officer does, and as FIDE writes them.

:func:`name_key` is the normalised form both the index and a TRF name are looked up by: case
folded, diacritics removed, hyphens, dots and commas as spaces, the words sorted (so "Carlsen,
Magnus", "Magnus Carlsen" and "CARLSEN, Magnus" share one key).  A name in other letters than
the list's is looked up by :func:`edge_keys`, the first and last letters its words may have as
:func:`same_word` spells them, and the candidates are kept when :func:`difference` calls them the
same name: the comparison is the one judge of a spelling.

:func:`difference` says how two names differ.  FIDE's list is ASCII, so the comparison is blind
to how a name was carried into ASCII: accents dropped or spelt out (``ä`` = ``a`` = ``ae``, ``ß``
= ``ss``, ``ø`` = ``o`` = ``oe``, ``š`` = ``s`` = ``sh``), Cyrillic in any of the Latin forms
FIDE's list uses (``Карякин`` = ``Karjakin``, ``Непомнящий`` = ``Nepomniachtchi``), case, word
order, hyphens and spacing: none of these is a difference.  What is left is a typo (a letter or
two), a different given name beside the same surname (``John`` / ``Jonathan``), or another name.

Each special letter stands for a set of spellings (:data:`SPELLINGS`) matched as a regular
expression against the other name, rather than one transliteration (such as ``unidecode`` or
``anyascii`` give): FIDE's list writes ``я`` as ``ya``, ``ja`` and ``ia`` in different names, so
any single transliteration misses some of them.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from itertools import product
from math import prod

__all__ = ["fold", "name_key", "edge_key", "index_keys", "edge_keys", "difference", "same_word"]

#: Letters that do not decompose into a base letter and a mark.
_SPECIAL = str.maketrans({"ß": "ss", "ø": "o", "đ": "d", "ł": "l", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th",
                          "ð": "d", "ħ": "h", "ŀ": "l"})
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015,.;'`´’()]+")
#: Two names at least this similar (0-1, letters only) differ by a typo, not by person.
TYPO_SIMILARITY = 0.8
#: A typo changes at most this many letters; more is another (given) name.
TYPO_LETTERS = 2

#: The ASCII spellings of a letter in FIDE's list: German, Nordic and other Latin letters spelt
#: out or dropped, and Cyrillic (Russian, Ukrainian, Belarusian, Bulgarian, Serbian) in the
#: English, German and French forms FIDE's list holds.  A letter not here that decomposes
#: (é, č, ł after :data:`_SPECIAL`) stands for its base letter.
SPELLINGS: dict[str, tuple[str, ...]] = {
    "ä": ("a", "ae"), "ö": ("o", "oe"), "ü": ("u", "ue"), "ß": ("ss", "s"), "ø": ("o", "oe"), "å": ("a", "aa"),
    "æ": ("ae", "a", "e"), "œ": ("oe", "o"), "þ": ("th",), "ð": ("d", "dh"), "ł": ("l",), "đ": ("d", "dj"),
    "š": ("s", "sh"), "ž": ("z", "zh"), "č": ("c", "ch"), "ć": ("c", "ch"), "ñ": ("n", "ny", "nh"),
    "а": ("a",), "б": ("b",), "в": ("v", "w"), "г": ("g", "h"), "ґ": ("g",), "д": ("d",), "е": ("e", "ye", "ie"),
    "ё": ("e", "yo", "jo", "io"), "є": ("ye", "ie", "je", "e"), "ж": ("zh", "j", "z", "sh"),
    "з": ("z", "s"), "и": ("i", "y"), "і": ("i",), "ї": ("yi", "i", "ji"), "й": ("y", "i", "j", ""),
    "к": ("k", "c"), "л": ("l",), "м": ("m",), "н": ("n",), "о": ("o",), "п": ("p",), "р": ("r",), "с": ("s", "ss"),
    "т": ("t",), "у": ("u", "ou", "oo"), "ў": ("u", "w"), "ф": ("f", "ph"), "х": ("kh", "h", "ch", "x"),
    "ц": ("ts", "tz", "c", "z", "tc"), "ч": ("ch", "tch", "tsch", "c"), "ш": ("sh", "sch", "ch", "s"),
    "щ": ("shch", "sch", "shh", "chtch", "stch", "sc", "sh"), "ъ": ("", "'"), "ы": ("y", "i"), "ь": ("", "'"),
    "э": ("e",), "ю": ("yu", "ju", "iu", "u", "ou"), "я": ("ya", "ja", "ia", "a"),
    "кс": ("ks", "x", "cs"), "ий": ("iy", "ii", "ij", "i", "y"), "ый": ("y", "yi", "iy", "i"),
    "ј": ("j", "y"), "љ": ("lj", "l"), "њ": ("nj", "n"), "ћ": ("c", "ch"), "ђ": ("dj", "d"), "џ": ("dz", "dzh"),
}


def fold(text: str) -> str:
    """Case folded, without diacritics: ``"Müller-Ørsted"`` -> ``"muller-orsted"``."""
    text = unicodedata.normalize("NFKD", text.casefold().translate(_SPECIAL))
    return "".join(c for c in text if not unicodedata.combining(c)).translate(_SPECIAL)


def words(text: str) -> list[str]:
    return [w for w in _SEPARATORS.split(fold(text)) if w]


_ASCII_SEPARATORS = re.compile(r"[\s\-,.;'`()]+")


def _key_words(text: str) -> list[str]:
    """:func:`words`, faster for the common ASCII name (no Unicode decomposition, same result)."""
    if text.isascii():
        return [w for w in _ASCII_SEPARATORS.split(text.lower()) if w]
    return words(text)


def name_key(text: str) -> str:
    """The lookup key of a name: folded words, sorted, joined by spaces ("" for no name)."""
    return " ".join(sorted(_key_words(text)))


def _edges(word: str, *, last: bool) -> set[str]:
    """The letters a spelling of ``word`` (case folded) may start with (``last``: end with), as
    :func:`same_word` spells it: its folded letter and every :data:`SPELLINGS` form, looking one
    letter further while a spelling may be empty (``ъ``, ``й``)."""
    seq = word[::-1] if last else word
    out: set[str] = set()
    for i, letter in enumerate(seq):
        pair = (seq[i + 1] + letter if last else letter + seq[i + 1]) if i + 1 < len(seq) else ""
        spellings = {fold(letter), *SPELLINGS.get(letter, ()), *SPELLINGS.get(pair, ())}
        kept = {sp.strip("'") for sp in spellings}
        out |= {sp[-1] if last else sp[0] for sp in kept if sp}
        if "" not in kept:
            break
    return out


def edge_key(text: str) -> str:
    """The coarse key a list entry is indexed by beside :func:`name_key`: the first and last
    letter of each folded word, sorted (``"Karjakin, Sergey"`` -> ``"kn sy"``).  Two names
    that :func:`difference` calls the same have keys among each other's :func:`edge_keys`."""
    return _edge_key_of(_key_words(text))


def _edge_key_of(found: list[str]) -> str:
    return " ".join(sorted(w[0] + w[-1] for w in found))


def index_keys(text: str) -> tuple[str, str]:
    """:func:`name_key` and :func:`edge_key` of ``text``, its words split once (an index build
    stores both for each of a million entries)."""
    found = _key_words(text)
    return " ".join(sorted(found)), _edge_key_of(found)


def edge_keys(text: str, limit: int = 4096) -> set[str]:
    """Every :func:`edge_key` a FIDE spelling of ``text`` may have (``"Карякин Сергей"`` gives
    ``"kn sy"`` among others), at most ``limit`` of them (an empty set beyond: too many to look up)."""
    options = [sorted({f + e for f in _edges(w, last=False) for e in _edges(w, last=True)})
               for w in _split(text)]
    if not options or prod(map(len, options)) > limit:
        return set()
    return {" ".join(sorted(combo)) for combo in product(*options)}


def _letters(text: str) -> str:
    """The folded letters of a name, its words sorted (word order ignored)."""
    return "".join(sorted(words(text)))


def _word_pattern(word: str) -> re.Pattern[str] | None:
    """The ASCII spellings of ``word`` (case folded) as a pattern; None for an ASCII word."""
    if word.isascii():
        return None
    def one(letters: str) -> str:
        options = SPELLINGS.get(letters)
        if options is None:
            return re.escape(fold(letters))
        return "(?:" + "|".join(re.escape(o) for o in sorted(set(options), key=len, reverse=True)) + ")"

    parts = []
    word = unicodedata.normalize("NFC", word)
    i = 0
    while i < len(word):
        pair = word[i:i + 2]
        if len(pair) == 2 and pair in SPELLINGS:  # a letter pair spelt as one (кс = x), or letter by letter
            parts.append(f"(?:{one(pair)}|{one(pair[0])}{one(pair[1])})")
            i += 2
        else:
            parts.append(one(word[i]))
            i += 1
    return re.compile("".join(parts))


@lru_cache(maxsize=8192)
def same_word(a: str, b: str) -> bool:
    """True when two words (case folded) are one word as FIDE writes it: equal without accents,
    or one a spelling of the other (``müller``/``mueller``, ``карякин``/``karjakin``)."""
    return a == b or fold(a) == fold(b) or any(
        (pattern := _word_pattern(x)) is not None and pattern.fullmatch(fold(y) if not y.isascii() else y) is not None
        for x, y in ((a, b), (b, a)))


def _split(text: str) -> list[str]:
    """Words, case folded, accents kept (for :func:`same_word`)."""
    return [w for w in _SEPARATORS.split(unicodedata.normalize("NFC", text.casefold())) if w]


def _same_words(a: list[str], b: list[str]) -> bool:
    """The two word lists are the same words in any order (matched one to one)."""
    if len(a) != len(b):
        return False
    left = list(b)
    for w in a:
        for i, v in enumerate(left):
            if same_word(w, v):
                del left[i]
                break
        else:
            return False
    return True


def _typo(a: str, b: str) -> str | None:
    """``a typo (N letters)`` when the folded letters of two names differ by a letter or two."""
    from difflib import SequenceMatcher

    x, y = _letters(a), _letters(b)
    matcher = SequenceMatcher(None, x, y, autojunk=False)
    if not (x and y) or matcher.ratio() < TYPO_SIMILARITY:
        return None
    edits = sum(max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal")
    return f"a typo ({edits} letter{'s' if edits != 1 else ''})" if edits <= TYPO_LETTERS else None


@lru_cache(maxsize=4096)  # every FID rule asks about the same pairs
def difference(written: str, listed: str) -> str | None:
    """How ``written`` differs from ``listed`` as FIDE writes names: None when they are the same
    name (whatever the accents, transliteration, case, word order, hyphens or spacing), else
    ``"a typo (1 letter)"``, ``"a different given name ('John' here, 'Jonathan' on the list)"``
    or ``"different"`` when they are not the same name."""
    a, b = written.strip(), listed.strip()
    if a == b or _same_words(_split(a), _split(b)):
        return None
    if typo := _typo(a, b):
        return typo
    if "," in a and "," in b:
        (sa, ga), (sb, gb) = a.split(",", 1), b.split(",", 1)
        if _same_words(_split(sa), _split(sb)) and ga.strip() and gb.strip():
            return f"a different given name ({ga.strip()!r} here, {gb.strip()!r} on the list)"
    return "different"
