"""The players of a set of games: one person by FIDE id, else by name; start ranks by rating."""
from __future__ import annotations

from typing import Any

from ...model import Player
from .records import GameRecord, Side


def _norm(name: str) -> str:
    """A name as names are compared: a space after each comma, single spaces, case folded."""
    return " ".join(name.replace(",", ", ").split()).casefold()


class PlayerIndex:
    """Every player met in the games, by key: FIDE id, else name (a name seen with exactly one id is
    that player)."""

    __slots__ = ("_norm_cache", "_ids_of_name", "_name_key", "_id_key", "info")

    def __init__(self, records: list[GameRecord]) -> None:
        self._norm_cache: dict[str, str] = {}
        norm = self._normalised
        ids_of_name: dict[str, set[str]] = {}
        for rec in records:
            for side in (rec.white, rec.black):
                if side.fide_id and side.name:
                    ids_of_name.setdefault(norm(side.name), set()).add(side.fide_id)
        self._ids_of_name = ids_of_name
        self._name_key: dict[str, str] = {}
        self._id_key: dict[str, str] = {}
        self.info: dict[str, list[Any]] = {}  # key -> [elo, title, fed, fide id, first line, {spelling: count}]

    def _normalised(self, name: str) -> str:
        """``_norm(name)``, computed once a name."""
        got = self._norm_cache.get(name)
        if got is None:
            got = self._norm_cache[name] = _norm(name)
        return got

    def key(self, side: Side) -> str:
        """The player's key: ``id:<FIDE id>`` or ``name:<normalised name>``."""
        if side.fide_id:
            got = self._id_key.get(side.fide_id)
            if got is None:
                got = self._id_key[side.fide_id] = "id:" + side.fide_id  # one string per player
            return got
        got = self._name_key.get(side.name)
        if got is None:
            n = self._normalised(side.name)
            ids = self._ids_of_name.get(n)
            got = self._name_key[side.name] = "id:" + next(iter(ids)) if ids and len(ids) == 1 else "name:" + n
        return got

    def note(self, side: Side, line: int) -> str:
        """The key of a side met at ``line``, keeping what it tells of the player (rating, title, ...)."""
        k = self.key(side)
        entry = self.info.get(k)
        if entry is None:
            entry = self.info[k] = [side.elo, side.title, side.fed, side.fide_id, line, {side.name: 1}]
            return k
        spellings = entry[5]
        spellings[side.name] = spellings.get(side.name, 0) + 1
        for j, fact in enumerate((side.elo, side.title, side.fed)):  # kept from the first game that gives it
            if fact and not entry[j]:
                entry[j] = fact
        if side.fide_id:
            entry[3] = side.fide_id
        return k

    def ranked(self) -> tuple[list[Player], dict[str, int]]:
        """The players in start-rank order, and the start rank of every key."""
        info = self.info
        # start ranks: rating (highest first, unrated last), then name
        shown = {k: max(e[5].items(), key=lambda kv: kv[1])[0] for k, e in info.items()}
        order = sorted(info, key=lambda k: (-(info[k][0] or 0), shown[k].casefold(), k))
        sr_of = {k: i for i, k in enumerate(order, 1)}
        players = []
        for k in order:
            elo, title, fed, fide, line, _ = info[k]
            players.append(Player(sr_of[k], name=shown[k], title=title, rating=elo,
                                  federation=fed.upper() if len(fed) == 3 else fed, fide_id=fide, line=line))
        return players, sr_of
