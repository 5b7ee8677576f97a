"""One player of a rating list, as every list reader yields it.

Fields are what FIDE publishes per player (rating-list spec, "XML layout"): id, name, federation,
sex, titles, the rating, games and K of each type, birth year and flag.  A national list fills the
fields it has (a DWZ list: ``national_id``, ``national_rating``, ``national_index`` and, where
the member has one, the FIDE id).  Empty cells and ``0`` mean "none" and become ``None``/``""``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..formats.trf.layout import TITLE_LETTERS

#: TRF16's title letters upper-cased (``layout.TITLE_LETTERS``) -> FIDE's abbreviation.
TRF_TITLES = {letters.upper(): title for letters, title in TITLE_LETTERS.items()}
#: FIDE player titles, strongest first (C.04.2 2.2 orders GM IM WGM FM WIM CM WFM WCM).
FIDE_TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def canonical_title(text: str) -> str:
    """``"g"`` / ``"GM"`` / ``" wg "`` -> ``"GM"`` / ``"GM"`` / ``"WGM"``; anything else ``""``."""
    code = text.strip().upper()
    code = TRF_TITLES.get(code, code)
    return code if code in FIDE_TITLES else ""


@dataclass(frozen=True, slots=True)
class Entry:
    """One player on a list; ``line`` is the 1-based line (TXT, CSV) or player number (XML)."""

    fide_id: int | None
    name: str
    federation: str = ""
    sex: str = ""  # "M" or "F"
    title: str = ""  # GM IM FM CM WGM WIM WFM WCM
    w_title: str = ""  # the women's title held besides an open one
    o_title: str = ""  # other titles (arbiter, trainer ...), comma-separated
    foa_title: str = ""  # FIDE Online Arena title: never a FIDE title
    rating: int | None = None  # standard (or the one type of a per-type list)
    games: int | None = None
    k: int | None = None
    rapid_rating: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz_rating: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str = ""  # "i" inactive, "w" woman, "wi" inactive woman
    national_id: str = ""
    national_rating: int | None = None
    national_index: int | None = None
    line: int = 0

    @property
    def inactive(self) -> bool:
        return "i" in self.flag.lower()

    def titles(self) -> frozenset[str]:
        """The FIDE titles the player holds (open and women's)."""
        return frozenset(t for t in (canonical_title(self.title), canonical_title(self.w_title)) if t)

    def rating_of(self, kind: str) -> tuple[int | None, int | None, int | None]:
        """(rating, games, K) of ``kind`` ("standard", "rapid" or "blitz")."""
        if kind == "rapid":
            return self.rapid_rating, self.rapid_games, self.rapid_k
        if kind == "blitz":
            return self.blitz_rating, self.blitz_games, self.blitz_k
        return self.rating, self.games, self.k

    def describe(self) -> str:
        """``"1503014 Carlsen, Magnus (NOR, 1990)"``: how a message names a list entry."""
        extra = ", ".join(x for x in (self.federation, str(self.birth_year or "")) if x)
        ident = str(self.fide_id) if self.fide_id else (self.national_id or "-")
        return f"{ident} {self.name}" + (f" ({extra})" if extra else "")
