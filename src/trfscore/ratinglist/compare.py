"""A tournament's players set beside the rating lists: which list is in force, who is who.

:func:`choose` picks, among the lists given, the one in force on the tournament's start date
(``042``; lists come into force on the 1st of their month, rating-list spec "What the TRF says")
for the tournament's rating type, and the one the players' identities are checked against.
:class:`Comparison` holds, per player, the list entry of their FIDE id, and is computed once per
check however many ``FID`` rules use it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model import Player, Tournament
from .entry import Entry

if TYPE_CHECKING:
    from .ratinglist import RatingList

__all__ = ["rating_type", "choose", "Comparison", "player_id", "trf_year", "trf_sex"]


def rating_type(t: Tournament) -> str:
    """"rapid", "blitz" or "standard", from the tournament's type, system and time control."""
    h = t.header
    text = " ".join((h.type, h.system, h.time_control)).lower()
    return next((kind for kind in ("blitz", "rapid") if kind in text), "standard")


def carries(lst: RatingList, kind: str) -> bool:
    """True when ``lst`` holds ratings of ``kind``."""
    return lst.kind == "combined" or lst.kind == kind or (lst.kind == "" and kind == "standard")


def list_rating(lst: RatingList, e: Entry, kind: str) -> tuple[int | None, int | None, int | None]:
    """(rating, games, K) of ``kind`` on ``lst`` (a per-type list keeps its one type first)."""
    return e.rating_of(kind) if lst.kind == "combined" else (e.rating, e.games, e.k)


@dataclass
class Choice:
    """The list in force for ratings (None: none fits) and the one identities are checked with."""

    kind: str
    in_force: RatingList | None
    identity: RatingList | None
    why: str = ""


def choose(lists: Sequence[RatingList], start_iso: str | None, kind: str) -> Choice:
    """The list in force on ``start_iso`` (``YYYY-MM-DD``) for ``kind``: the latest dated list
    not after the start month; an undated list when none is dated; ``None`` when every dated
    list is later than the start."""
    fide = [lst for lst in lists if lst.kind != "national"]
    typed = [lst for lst in fide if carries(lst, kind)]
    month = (start_iso or "")[:7]
    in_force: RatingList | None = None
    why = ""
    dated = sorted((lst for lst in typed if lst.period), key=lambda lst: lst.period)
    if month and dated:
        before = [lst for lst in dated if lst.period <= month]
        if before:
            in_force = before[-1]
        else:
            why = f"every {kind} list given is later than the start date {start_iso}"
    elif dated and not month:
        in_force = dated[-1]
    if in_force is None and not why:
        in_force = next((lst for lst in typed if not lst.period), None)
        if in_force is None:
            why = f"no {kind} rating list was given" if fide else "only national lists were given"
    newest = sorted(fide, key=lambda lst: lst.period)
    identity = in_force or (newest[-1] if newest else (lists[0] if lists else None))
    return Choice(kind, in_force, identity, why)


def player_id(p: Player) -> int | None:
    text = p.fide_id.strip()
    return int(text) if text.isdecimal() and int(text) else None


def trf_year(p: Player) -> int | None:
    text = p.birth.strip()[:4]
    return int(text) if text.isdecimal() and int(text) else None


def trf_sex(p: Player) -> str:
    return {"m": "M", "w": "F", "f": "F"}.get(p.sex.strip().lower(), "")


@dataclass
class Comparison:
    """Per start rank, the entry of the player's FIDE id on the identity list (and on the list
    in force, when that is another one)."""

    choice: Choice
    by_id: dict[int, Entry] = field(default_factory=dict)
    in_force_by_id: dict[int, Entry] = field(default_factory=dict)

    @classmethod
    def of(cls, t: Tournament, lists: Sequence[RatingList]) -> Comparison:
        choice = choose(lists, t.header.start_date_iso, rating_type(t))
        ids = [i for i in (player_id(p) for p in t.players) if i]
        by_id = choice.identity.entries(ids) if choice.identity is not None else {}
        if choice.in_force is None or choice.in_force is choice.identity:
            in_force = by_id if choice.in_force is not None else {}
        else:
            in_force = choice.in_force.entries(ids)
        return cls(choice, by_id, in_force)
