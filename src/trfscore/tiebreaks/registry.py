"""Tie-break codes: parsing, normalising, and the table code -> function.

Syntax (case-insensitive; FIDE C.07 acronyms plus the TRF-26 / FIDE TEC reference program
spelling)::

    BASE[:MP|:GP][modifier...]

where each modifier may be preceded by ``-``, ``/``, ``#`` or ``!``:

* ``Cn``  cut the n least significant values (Cut-1, Cut-2; Art. 14.1/14.2)
* ``Mn``  cut the n least and the n most significant values (Median-1, Median-2; 14.3/14.4)
* ``Bn`` / ``Wn``  cut the n best / n worst results (the Swiss-Manager "best result / worst
  result" settings; ``BH-W1`` is BH-C1, ``BH-B1W1`` is BH-M1, ``BH-B1W2`` has no C.07 name)
* ``Lx``  Koya limit: ``L40`` = 40 % of the maximum, ``L+1``/``L-2`` = half points up/down,
  ``L-1.5`` = points (Art. 14.5)
* ``P``   forfeits count as games against the scheduled opponent (e.g. ``DE/P``, Art. 6.1.1)
* ``F``   fore mode (``AOB/F``: average of the opponents' Fore Buchholz; ``BH/F`` is ``FB``)
* ``Unnnn`` rating given to unrated players (rating-based tie-breaks)
* ``Vyyyy`` rules edition for this tie-break only (``V2024``, ``V2026``, ``V2009``)
* ``R``   reverse the default order (TPN, RTNG, counts)

Examples: ``BH-C1``, ``BH/C1``, ``BH:MP/C1/P``, ``SB-C1``, ``PS-C1``, ``KS/L-2``, ``ARO-C1``.
Normalised codes use ``-`` for the cut or limit and ``/`` for flags: ``BH-C1``, ``DE/P``,
``ARO-C1/U1400``.  Unknown codes raise :class:`ValueError` with a message for the user.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Generic, NamedTuple, ParamSpec, TypeVar

from ..decimals import code_number
from .base import Column, Engine, TieBreak
from .editions import edition_of_year

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["TieBreakDef", "TIEBREAKS", "POINTS", "parse_tiebreak", "parse_tiebreaks",
           "parse_tiebreak_list", "compute", "explain", "known_codes", "squeeze", "split_head", "read_modifiers",
           "normalise"]

#: A tie-break's values for every player (``compute_*`` of a family module).
Compute = Callable[[Engine, TieBreak], Column]
#: How one player's value came about (``explain_*`` of a family module).
Explain = Callable[[Engine, TieBreak, int], "Explanation"]


class TieBreakDef(NamedTuple):
    base: str
    name: str
    article: str
    compute: Compute | None  # None for a tie-break of the tied group (DE): the standings compute it
    explain: Explain | None
    modifiers: str = "V"  # letters allowed
    group: bool = False  # computed on the group still tied (DE)
    buchholz_family: bool = False  # barred from round-robins from 2026 (Art. 8 note)


_P = ParamSpec("_P")
_R = TypeVar("_R")


class _Family(Generic[_P, _R]):
    """A function of a tie-break family's module (a ``compute_*`` or ``explain_*`` named in
    :data:`TIEBREAKS`), imported on its first call (a command that ranks by Buchholz and
    Sonneborn-Berger need not import the rating tables); typed as the function it stands for
    (:data:`Compute` or :data:`Explain`, from the annotation it is made for)."""

    __slots__ = ("module", "name", "function")

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self.function: Callable[_P, _R] | None = None

    def _load(self) -> Callable[_P, _R]:
        function: Callable[_P, _R] = getattr(import_module(f"{__package__}.{self.module}"), self.name)
        return function

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if self.function is None:
            self.function = self._load()
        return self.function(*args, **kwargs)


def _family(module: str, compute: str, explain: str) -> tuple[Compute, Explain]:
    computes: _Family[[Engine, TieBreak], Column] = _Family(module, compute)
    explains: _Family[[Engine, TieBreak, int], Explanation] = _Family(module, explain)
    return computes, explains


_BH = _family("buchholz", "compute_bh", "explain_bh")
_SB = _family("sonneborn", "compute_sb", "explain_sb")
_NNSB = _family("sonneborn", "compute_nnsb", "explain_nnsb")
_COUNT = _family("counts", "compute_count", "explain_count")
_RATING = _family("rating_based", "compute_rating", "explain_rating")
_US = _family("us_chess", "compute_us", "explain_us")


def _def(base: str, name: str, article: str, functions: tuple[Compute | None, Explain | None], modifiers: str,
         *, group: bool = False, buchholz_family: bool = False) -> TieBreakDef:
    return TieBreakDef(base, name, article, *functions, modifiers, group=group, buchholz_family=buchholz_family)


# base, name, article, (compute, explain), modifiers allowed, flags
TIEBREAKS: dict[str, TieBreakDef] = {d.base: d for d in [
    _def("BH", "Buchholz", "C.07 8.1", _BH, "CMBWPFV", buchholz_family=True),
    _def("FB", "Fore Buchholz", "C.07 8.3", _BH, "CMBWPV", buchholz_family=True),
    _def("AOB", "Average of opponents' Buchholz", "C.07 8.2",
         _family("buchholz", "compute_aob", "explain_aob"), "PFV", buchholz_family=True),
    _def("SB", "Sonneborn-Berger", "C.07 9.1", _SB, "CMBWPFV"),
    _def("NNSB", "Non-Neustadtl Sonneborn-Berger (SB + own score)", "Sonneborn-Berger article", _NNSB, "PV"),
    _def("NNSB2", "Non-Neustadtl Sonneborn-Berger (SB + own score squared)", "Sonneborn-Berger article", _NNSB,
         "PV"),
    _def("PS", "Progressive score", "C.07 7.5", _family("progressive", "compute_ps", "explain_ps"), "CV"),
    _def("KS", "Koya system", "C.07 9.2", _family("koya", "compute_ks", "explain_ks"), "LPV"),
    _def("DE", "Direct encounter", "C.07 6", (None, None), "PV", group=True),
    _def("WIN", "Number of wins", "C.07 7.1", _COUNT, "RV"),
    _def("WON", "Games won over the board", "C.07 7.2", _COUNT, "PRV"),
    _def("BPG", "Games played with Black", "C.07 7.3", _COUNT, "PRV"),
    _def("BWG", "Games won with Black", "C.07 7.4", _COUNT, "PRV"),
    _def("REP", "Rounds elected to play (GE until 2024)", "C.07 7.6", _COUNT, "PRV"),
    _def("STD", "Standard points", "C.07 7.7 (2026)", _COUNT, "V"),
    _def("TPN", "Tournament pairing number", "C.07 7.8 (2026)", _COUNT, "R"),
    _def("ARO", "Average rating of opponents", "C.07 10.1", _RATING, "CMBWPUV"),
    _def("TPR", "Tournament performance rating", "C.07 10.2", _RATING, "PUV"),
    _def("PTP", "Perfect tournament performance", "C.07 10.3", _RATING, "PUV"),
    _def("APRO", "Average performance rating of opponents", "C.07 10.4", _RATING, "PUV"),
    _def("APPO", "Average perfect performance of opponents", "C.07 10.5", _RATING, "PUV"),
    _def("RTNG", "Rating", "C.07 10.6 (2026)", _RATING, "UR"),
    _def("MMED", "Modified Median (US Chess)", "US Chess 34E1", _US, ""),
    _def("SOLK", "Solkoff (US Chess)", "US Chess 34E2", _US, ""),
    _def("CUM", "Cumulative (US Chess)", "US Chess 34E3", _US, ""),
    _def("OCUM", "Cumulative of opposition (US Chess)", "US Chess 34E4", _US, ""),
    _def("KASH", "Kashdan (US Chess)", "US Chess 34E7", _US, ""),
]}

# Whole-code aliases (after upper-casing and removing blanks and underscores).
_ALIASES = {
    "GE": "REP", "BUCHHOLZ": "BH", "BUCHHOLZCUT1": "BH-C1", "BUCHHOLZCUT2": "BH-C2",
    "BHC1": "BH-C1", "BHC2": "BH-C2", "BHM1": "BH-M1", "BHM2": "BH-M2", "SBC1": "SB-C1",
    "MEDIANBUCHHOLZ": "BH-M1", "MEDIAN": "BH-M1", "FOREBUCHHOLZ": "FB",
    "SONNEBORNBERGER": "SB", "SONNEBORN-BERGER": "SB", "NEUSTADTL": "SB", "BERGER": "SB",
    "NONNEUSTADTL": "NNSB", "PROGRESSIVE": "PS", "KOYA": "KS", "DIRECTENCOUNTER": "DE",
    "H2H": "DE", "HEADTOHEAD": "DE", "WINS": "WIN", "MOSTWINS": "WIN", "BLACK": "BPG",
    "MODIFIEDMEDIAN": "MMED", "MODIFIED-MEDIAN": "MMED", "MM": "MMED", "SOLKOFF": "SOLK",
    "CUMULATIVE": "CUM", "OPPCUM": "OCUM", "OPPOSITIONCUMULATIVE": "OCUM",
    "CUMULATIVEOPPOSITION": "OCUM", "KASHDAN": "KASH", "RATING": "RTNG", "ELO": "RTNG",
}

_BASE_RE = re.compile(r"([A-Z]+[0-9]*)")
_PT_RE = re.compile(r":(MP|GP|MM|MG|GM|GG)")
_MOD_RE = re.compile(
    r"[-/#!]?(?:(?P<c>C\d+)|(?P<m>M\d+)|(?P<b>B\d+)|(?P<w>W\d+)"
    r"|(?P<l>L[+-]?\d+(?:\.\d+)?%?)|(?P<u>U\d+)|(?P<v>V\d*)|(?P<flag>[PFR]))")

def squeeze(text: str | None) -> str:
    """A code as the parsers read it: upper case, without blanks and underscores."""
    return re.sub(r"[\s_]", "", str(text).upper()) if text is not None else ""


def split_head(s: str) -> tuple[str, str | None, int] | None:
    """``BASE[:MP|:GP|:MG...]`` at the start of a squeezed code: (base, points, where the modifiers
    start), or None."""
    m = _BASE_RE.match(s)
    if not m:
        return None
    pm = _PT_RE.match(s, m.end())
    return m.group(1), (pm.group(1) if pm else None), (pm.end() if pm else m.end())


def known_codes() -> list[str]:
    """The base codes the engine knows, for help texts."""
    return list(TIEBREAKS)


def _unknown(text: str, base: str) -> ValueError:
    import difflib  # only to suggest a name for a mistyped code

    close = difflib.get_close_matches(base, list(TIEBREAKS) + list(_ALIASES), n=3, cutoff=0.6)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    return ValueError(
        f"unknown tie-break {text!r}.{hint} Known codes: {', '.join(TIEBREAKS)} "
        "(modifiers: -C1, -C2, -M1, -M2, -B1W2, /P, KS/L.., ARO/U1400, /V2024)")


@lru_cache(maxsize=256)
def parse_tiebreak(text: str) -> TieBreak:
    """Parse one code (``BH-C1``, ``BH/C1``, ``BH:MP/C1/P`` ...) into a :class:`TieBreak`.

    Cached: reports explain every value of a column, each call naming the same code."""
    original = text
    s = squeeze(text)
    if not s:
        raise ValueError("empty tie-break code")
    s = _ALIASES.get(s, s)
    m = _BASE_RE.match(s)
    if not m:
        raise _unknown(original, s)
    base = m.group(1)
    pos = m.end()
    if base not in TIEBREAKS and base in _ALIASES:
        alias = _ALIASES[base]
        base, _, extra = alias.partition("-")
        s = base + ("-" + extra if extra else "") + s[pos:]
        pos = len(base)
    if base not in TIEBREAKS:
        raise _unknown(original, base)
    d = TIEBREAKS[base]
    points = None
    pm = _PT_RE.match(s, pos)
    if pm:
        points = pm.group(1)
        pos = pm.end()
    mods = read_modifiers(s, pos, original, base, d.modifiers)
    if base == "BH" and mods.fore:
        base, mods.fore = "FB", False
    code = normalise(base, points, mods.low, mods.high, mods.limit_pct, mods.limit_delta, mods.fp, mods.fore,
                      mods.unrated, mods.edition, mods.reverse)
    return TieBreak(code, base, mods.low, mods.high, mods.limit_pct, mods.limit_delta, mods.fp, mods.fore,
                    mods.unrated, mods.edition, points, mods.reverse)


def read_modifiers(s: str, pos: int, original: str, base: str, allowed: str) -> _Modifiers:
    """The modifiers of code ``s`` from ``pos`` on (players' and teams' codes alike), each of the
    letters ``allowed`` for ``base``; ValueError with a message for the user otherwise."""
    mods = _Modifiers()
    while pos < len(s):
        mm = _MOD_RE.match(s, pos)
        if not mm or mm.end() == pos:
            raise ValueError(f"cannot read the modifier {s[pos:]!r} of tie-break {original!r} "
                             f"(allowed for {base}: {_allowed(allowed)})")
        pos = mm.end()
        kind = mm.lastgroup or ""
        tok = mm.group(kind)
        letter = "BW" if kind in ("b", "w") else tok[0]
        if not all(ch in allowed for ch in letter):
            raise ValueError(f"modifier {tok!r} is not allowed for {base} "
                             f"(allowed: {_allowed(allowed)})")
        mods.apply(kind, tok)
    return mods


class _Modifiers:
    """The modifiers of one code as they are read (see :class:`TieBreak` for their meaning); each
    class attribute is the default until :meth:`apply` sets it."""

    low: int = 0
    high: int = 0
    limit_pct: Fraction | None = None
    limit_delta: Fraction = Fraction(0)
    fp: bool = False
    fore: bool = False
    reverse: bool = False
    unrated: int | None = None
    edition: str | None = None

    def apply(self, kind: str, tok: str) -> None:
        """One modifier token, by its ``_MOD_RE`` group name."""
        if kind == "c":  # Cut-n: the n lowest values
            self.low = int(tok[1:])
        elif kind == "m":  # Median-n: the n lowest and n highest
            self.low = self.high = int(tok[1:])
        elif kind == "b":  # Swiss-Manager: best n results cut
            self.high = int(tok[1:])
        elif kind == "w":  # Swiss-Manager: worst n results cut
            self.low = int(tok[1:])
        elif kind == "l":  # Koya limit (Art. 14.5): a percentage, or half-point steps
            body = tok[1:].rstrip("%")
            if body[0] in "+-":
                amount = Fraction(body[1:])
                if "." not in body:
                    amount = amount / 2  # half-point steps
                self.limit_delta = amount if body[0] == "+" else -amount
            else:
                self.limit_pct = Fraction(body)
        elif kind == "u":
            self.unrated = int(tok[1:])
        elif kind == "v":
            self.edition = edition_of_year(tok[1:])
        elif tok == "P":
            self.fp = True
        elif tok == "F":
            self.fore = True
        else:
            self.reverse = True


def _allowed(letters: str) -> str:
    names = {"C": "Cn", "M": "Mn", "B": "Bn", "W": "Wn", "L": "Lx", "P": "P", "F": "F",
             "U": "Unnnn", "V": "Vyyyy", "R": "R"}
    return ", ".join(names[c] for c in letters) or "none"


def normalise(base: str, points: str | None, low: int, high: int, limit_pct: Fraction | None,
              limit_delta: Fraction | int, fp: bool, fore: bool, unrated: int | None, edition: str | None,
              reverse: bool) -> str:
    """The normalised code of a parsed tie-break (``BH``, ``-C1``, ``/P`` ... in one order)."""
    code = base + (f":{points}" if points else "")
    if low and high and low == high:
        code += f"-M{low}"
    elif high:
        code += f"-B{high}" + (f"W{low}" if low else "")
    elif low:
        code += f"-C{low}"
    if limit_pct is not None:
        code += f"-L{code_number(limit_pct)}"
    if limit_delta:
        steps = limit_delta * 2
        if steps.denominator == 1:
            code += f"-L{'+' if steps > 0 else '-'}{abs(int(steps))}"
        else:
            code += f"-L{'+' if limit_delta > 0 else '-'}{float(abs(limit_delta))}"
    if fp:
        code += "/P"
    if fore:
        code += "/F"
    if unrated is not None:
        code += f"/U{unrated}"
    if edition:
        code += f"/V{edition.split('-')[1]}"
    if reverse:
        code += "/R"
    return code


POINTS = frozenset({"PTS", "POINTS", "MPTS", "GPTS"})  # points: always the first criterion


def parse_tiebreaks(codes: str | Iterable[str] | None) -> list[TieBreak]:
    """``"BH-C1,BH,SB"`` (codes separated by commas, semicolons or blanks) or a list of codes
    -> parsed tie-breaks; ``PTS`` is dropped.  ValueError for an unknown code."""
    if codes is None:
        return []
    items = re.split(r"[,;\s]+", codes) if isinstance(codes, str) else [str(c) for c in codes]
    return [parse_tiebreak(c) for c in items if c.strip() and c.strip().upper() not in POINTS]


def parse_tiebreak_list(codes: str | Iterable[str] | None) -> list[str]:
    """Normalised codes of :func:`parse_tiebreaks` (``"BH/C1 SB"`` -> ``["BH-C1", "SB"]``)."""
    return [tb.code for tb in parse_tiebreaks(codes)]


def compute(eng: Engine, tb: TieBreak) -> Column:
    function = TIEBREAKS[tb.base].compute
    if function is None:
        raise TypeError(f"{tb.code} is a tie-break of the tied group: the standings compute it")
    return eng.column(tb, function)


def explain(eng: Engine, tb: TieBreak, i: int) -> Explanation:
    function = TIEBREAKS[tb.base].explain
    if function is None:
        raise TypeError(f"{tb.code} is a tie-break of the tied group: the standings explain it")
    return function(eng, tb, i)
