""":class:`RatingList`: one indexed list, with the look-ups a check needs."""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING

from .entry import Entry
from .index import ENTRY_FIELDS, ListIndexError, connect, open_index, valid
from .names import difference, edge_keys, name_key

if TYPE_CHECKING:
    from ..findings import Finding
    from ..model import Tournament

__all__ = ["RatingList"]

_SELECT = f"SELECT {', '.join(ENTRY_FIELDS)} FROM player"
#: Most candidates a name search returns.
MAX_CANDIDATES = 20


class RatingList:
    """A rating list file opened through its SQLite index.

    ``kind`` is ``combined``, ``standard``, ``rapid``, ``blitz`` or ``national``; ``period``
    the month the list came into force (``"2026-09"``, from the file name or the TXT header) or
    ``""`` when the file does not say.  Open one with :meth:`open`::

        lst = RatingList.open("players_list_xml.zip")
        lst.lookup(1503014)                      # Entry or None
        lst.search("Carlsen, Magnus", federation="NOR")
    """

    def __init__(self, db: sqlite3.Connection, where: str, source: str = "", period: str | None = None,
                 note: str = "") -> None:
        self._db = db
        self.where = where  # the index file (":memory:" when none could be written)
        self.note = note  # why the index is held in memory, when it is
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        self.sha256: str = meta.get("sha256", "")
        self.source: str = source or meta.get("source", "")
        self.kind: str = meta.get("kind", "")
        self.format: str = meta.get("format", "")
        self.period: str = period if period is not None else meta.get("period", "")
        self.players: int = int(meta.get("players", "0") or 0)
        self.skipped: int = int(meta.get("skipped", "0") or 0)
        self.problems: list[str] = [p for p in meta.get("problems", "").split("\n") if p]
        self.warnings: list[str] = [w for w in meta.get("warnings", "").split("\n") if w]
        self._label: tuple[tuple[str, str], str] = (("", ""), "")

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, index: str | None = None, period: str | None = None,
             progress: bool = True) -> RatingList:
        """Open the list at ``path``, building its index first when there is none (or it is stale
        or corrupt).  ``index``: a folder for indexes or a ``.sqlite`` file for this one;
        ``period``: ``YYYY-MM`` when the file name does not tell.  Raises
        :class:`~trfscore.ratinglist.ListFormatError` for a file that is not a rating list."""
        db, where, note = open_index(os.fspath(path), index, show_progress=progress)
        return cls(db, where, os.fspath(path), period, note)

    @classmethod
    def open_built(cls, where: str, period: str | None = None, sha256: str | None = None) -> RatingList:
        """Reopen an index built before (a worker process of ``check --jobs``); ``sha256``: the
        hash of the list it must hold (another run may have replaced the file since)."""
        try:
            db = connect(where)
            ok = valid(db, sha256)
        except sqlite3.Error:
            ok = False
        if not ok:
            raise ListIndexError(f"{where}: not a complete rating-list index"
                                 + (" of the list this run opened (replaced by another run?)" if sha256 else ""))
        return cls(db, where, "", period)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> RatingList:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RatingList({self.source!r}, kind={self.kind!r}, period={self.period!r}, players={self.players})"

    @property
    def label(self) -> str:
        """How a message names the list: its file name and period."""
        key = (self.source, self.period)
        if self._label[0] != key:
            name = os.path.basename(self.source) or os.path.basename(self.where)
            self._label = (key, f"{name} ({self.period})" if self.period else name)
        return self._label[1]

    # -- look-ups --------------------------------------------------------------------------
    def _rows(self, query: str, params: Sequence[object]) -> list[tuple[object, ...]]:
        """The rows of a look-up; an index damaged since it was opened is a ListIndexError
        naming it (deleting it makes the next run build it again), not an SQLite error."""
        try:
            return self._db.execute(query, params).fetchall()
        except sqlite3.Error as exc:
            raise ListIndexError(f"{self.where}: the rating-list index cannot be read ({exc}); delete it and run "
                                 "again to rebuild it") from None

    @staticmethod
    def _entry(row: tuple[object, ...]) -> Entry:
        return Entry(*row)  # type: ignore[arg-type]  # the columns are ENTRY_FIELDS, in order

    def lookup(self, fide_id: int | str) -> Entry | None:
        """The player with this FIDE id (for a national list also its member id), or None."""
        text = str(fide_id).strip()
        row = self._rows(f"{_SELECT} WHERE fide_id = ? LIMIT 1", (int(text),)) if text.isdecimal() and int(text) else []
        if not row and self.kind == "national" and text:
            row = self._rows(f"{_SELECT} WHERE national_id = ? LIMIT 1", (text,))
        return self._entry(row[0]) if row else None

    def search(self, name: str, *, federation: str | None = None, birth_year: int | None = None,
               limit: int = MAX_CANDIDATES) -> list[Entry]:
        """Players whose normalised name equals ``name``'s (case, diacritics, hyphens and word
        order ignored) or, for a name written in other letters than the list's, whom
        :func:`~trfscore.ratinglist.names.difference` calls the same name (``Карякин, Сергей``
        finds ``Karjakin, Sergey``), narrowed by ``federation`` and ``birth_year`` where those
        still leave someone."""
        key = name_key(name)
        if not key:
            return []
        found = [self._entry(r) for r in
                 self._rows(f"{_SELECT} WHERE name_key = ? LIMIT ?", (key, max(limit, 1) * 10))]
        if not found and not name.isascii():
            found = self._spelt_as(name, max(limit, 1) * 10)
        for wanted, attr in ((federation, "federation"), (birth_year, "birth_year")):
            if wanted and len(found) > 1:
                narrowed = [e for e in found if getattr(e, attr) == wanted]
                if narrowed:
                    found = narrowed
        return found[:limit]

    def _spelt_as(self, name: str, limit: int) -> list[Entry]:
        """The entries whose name is a spelling of ``name`` (by the comparison of
        :mod:`~trfscore.ratinglist.names`), found through the edge letters of their words."""
        return list(islice((e for e in self._among("name_edges", sorted(edge_keys(name)))
                            if difference(name, e.name) is None), limit))

    def _among(self, column: str, values: Sequence[object]) -> Iterator[Entry]:
        """The entries whose ``column`` is one of ``values``, asked 500 values at a time (SQLite's
        bound on the parameters of one query)."""
        for start in range(0, len(values), 500):
            chunk = values[start:start + 500]
            yield from map(self._entry, self._rows(f"{_SELECT} WHERE {column} IN ({', '.join('?' * len(chunk))})",
                                                   chunk))

    @staticmethod
    def check(tournament: Tournament, lists: RatingList | Sequence[RatingList], *, profile: str = "fide",
              select: str | None = None, ignore: str | None = None) -> list[Finding]:
        """Every finding for ``tournament`` under ``profile`` (default ``fide``), the ``FID``
        rules comparing it with ``lists`` (one list or several)."""
        from ..checks import check as run_check

        chosen = [lists] if isinstance(lists, RatingList) else list(lists)
        return run_check(tournament, profile, select=select, ignore=ignore, rating_lists=chosen)

    def entries(self, ids: Iterable[int]) -> dict[int, Entry]:
        """Many players by FIDE id at once: id -> Entry for the ids the list has."""
        out: dict[int, Entry] = {}
        for e in self._among("fide_id", sorted({i for i in ids if i})):
            if e.fide_id is not None:
                out.setdefault(e.fide_id, e)
        return out

