"""The SQLite index of one list file: built once, then reused by every check.

An index is named by the SHA-256 of the list file's bytes and stored in the user's cache folder
(``$XDG_CACHE_HOME/trfscore`` or ``~/.cache/trfscore``) or where ``--index PATH`` says (a folder,
or a ``.sqlite``/``.db`` file for one list); nowhere else.  What makes a file an index:

* SQLite's ``application_id`` is :data:`APPLICATION_ID` and ``user_version`` the schema version;
* it holds exactly our tables and indexes (no other table, no view, no trigger);
* its ``meta`` says it is complete and names the hash of the list it was built from;
* ``PRAGMA quick_check`` finds no damage (a damaged index is rebuilt).

Anything else is not used, and is replaced only where it cannot be somebody's file: an index
file named by ``--index`` is replaced only when SQLite's header carries our marker (or the file is
empty); another database, a text file or a symbolic link is refused.  Indexes are opened read-only
for look-ups.  An index is built into a temporary file beside its place (:func:`~trfscore.outfiles.
staged`), removed on any failure or ``SIGTERM``, and renamed into place when complete; the
connection returned is opened on the built file before the rename, so a concurrent run replacing
the same name never hands this run another list.

The list's hash is not computed again while the list file is the same file: the index remembers
the device, inode, size, modification and change times (``ctime``, which copying with ``cp -p``,
``rsync -t`` or unzipping cannot set back) of the file it was built from.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields
from functools import cache
from pathlib import Path

from ..outfiles import staged
from ..statusline import StatusLine, bar
from .entry import Entry
from .names import index_keys
from .readers import ListFormatError, ListInfo, ReadStats, read_entries, sniff

__all__ = ["SCHEMA_VERSION", "APPLICATION_ID", "ListIndexError", "cache_dir", "file_hash", "build", "open_index",
           "ENTRY_FIELDS", "MAX_PLAYERS", "MAX_INDEX_BYTES"]

#: Bumped whenever the tables change: an index of another version is rebuilt.
SCHEMA_VERSION = 3  # 3: the name_edges column (a Cyrillic name found on a Latin list)
#: SQLite's application_id of a trfscore index ("TRFS"): the marker of our files.
APPLICATION_ID = 0x54524653
ENTRY_FIELDS = tuple(f.name for f in fields(Entry))
_COLUMNS = ", ".join(ENTRY_FIELDS)
#: Rows inserted per executemany call while building.
BATCH = 20000
#: Most players an index takes: FIDE's combined list has about 1.3 million (rating-list spec).
MAX_PLAYERS = 5_000_000
#: Largest index file (a million players take about 140 MB).
MAX_INDEX_BYTES = 4 << 30
#: Names ``--index FILE`` can have (anything else is a folder).
INDEX_SUFFIXES = (".sqlite", ".db", ".sqlite3")
#: Indexes of the cache folder not used for this long are removed.
UNUSED_DAYS = 60
_SQLITE_MAGIC = b"SQLite format 3\x00"


class ListIndexError(ListFormatError):
    """The index of a list cannot be used or built (not our file, a link, a full disk ...); the
    message says which file and why."""


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/trfscore`` or ``~/.cache/trfscore`` (not created here)."""
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "trfscore"


def file_hash(path: str) -> str:
    """The SHA-256 of the file at ``path``."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
    except OSError as exc:
        raise ListFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    return digest.hexdigest()


_CREATE = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE player (rowid INTEGER PRIMARY KEY, name_key TEXT, name_edges TEXT, {_COLUMNS});
"""
_INDEXES = """
CREATE INDEX player_id ON player (fide_id);
CREATE INDEX player_name ON player (name_key);
CREATE INDEX player_edges ON player (name_edges);
CREATE INDEX player_national ON player (national_id);
"""
_SCHEMA_QUERY = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"


@cache
def _expected_schema() -> list[tuple[object, ...]]:
    """The schema rows of an index as this version makes it (made once, in memory)."""
    db = sqlite3.connect(":memory:")
    db.executescript(_CREATE + _INDEXES)
    rows = db.execute(_SCHEMA_QUERY).fetchall()
    db.close()
    return rows


def is_index(db: sqlite3.Connection) -> bool:
    """True when ``db`` carries our marker and exactly our tables and indexes (an added table,
    view or trigger makes it somebody else's file)."""
    try:
        marks = (db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0])
        return marks == (APPLICATION_ID, SCHEMA_VERSION) and db.execute(_SCHEMA_QUERY).fetchall() == _expected_schema()
    except sqlite3.Error:
        return False


class Progress:
    """Players read so far, on standard error, only when it is a terminal (``on``)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.on = sys.stderr.isatty()
        self.line = StatusLine(sys.stderr, every=0.2)

    def __call__(self, count: int, done: int = 0, total: int = 0) -> None:
        if self.on:
            self.line.show(f"indexing {self.label}:{' ' + bar(done, total) if total else ''} {count:,} players")

    def close(self) -> None:
        self.line.clear()


def _rows(entries: Iterable[Entry]) -> Iterator[tuple[object, ...]]:
    for e in entries:
        yield (*index_keys(e.name), *(getattr(e, f) for f in ENTRY_FIELDS))


def _fill(db: sqlite3.Connection, path: str, info: ListInfo, meta: dict[str, str],
          progress: Callable[[int, int, int], None]) -> None:
    stats = ReadStats()
    db.executescript(_CREATE)
    insert = f"INSERT INTO player (name_key, name_edges, {_COLUMNS}) VALUES ({', '.join('?' * (len(ENTRY_FIELDS) + 2))})"
    batch: list[tuple[object, ...]] = []
    combined = False
    count = 0
    total = os.path.getsize(path)
    rapid_k = 1 + ENTRY_FIELDS.index("rapid_k")
    for row in _rows(read_entries(path, stats, info)):
        batch.append(row)
        if len(batch) >= BATCH:
            combined = combined or any(r[rapid_k] is not None for r in batch)
            db.executemany(insert, batch)
            count += len(batch)
            batch.clear()
            if count > MAX_PLAYERS:
                raise ListFormatError(f"{path}: more than {MAX_PLAYERS:,} players; no rating list is that long "
                                      "(FIDE's combined list has about 1.3 million)")
            progress(count, stats.position() if stats.position else 0, total)
    if batch:
        combined = combined or any(r[rapid_k] is not None for r in batch)
        db.executemany(insert, batch)
        count += len(batch)
    if not count:
        raise ListFormatError(f"{path}: no player could be read ({stats.skipped} malformed rows"
                              + (f"; {stats.problems[0]}" if stats.problems else "") + "); expected a rating list")
    db.executescript(_INDEXES)
    kind = info.kind or ("combined" if combined else "standard")
    if info.format == "xml" and combined and info.kind in ("", "standard"):
        kind = "combined"
    meta.update({"schema": str(SCHEMA_VERSION), "format": info.format, "kind": kind, "period": info.period,
                 "member": info.member, "players": str(count), "skipped": str(stats.skipped),
                 "problems": "\n".join(stats.problems), "warnings": "\n".join(stats.warnings), "complete": "yes"})
    db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())


def _build_into(db: sqlite3.Connection, path: str, info: ListInfo, meta: dict[str, str], show_progress: bool) -> None:
    """Fill ``db`` with the index of ``path``; SQLite and OS failures become ListIndexErrors."""
    progress = Progress(os.path.basename(path))
    progress.on = progress.on and show_progress
    try:
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute(f"PRAGMA max_page_count = {MAX_INDEX_BYTES // 4096}")  # pages of 4 KB (SQLite's default)
        with db:
            _fill(db, path, info, meta, progress)
    except sqlite3.Error as exc:
        full = "full" in str(exc)
        raise ListIndexError(f"{path}: cannot build its index ({exc}" + (
            f"; the index is limited to {MAX_INDEX_BYTES >> 30} GB, or the disk is full" if full else "") + ")") from None
    finally:
        progress.close()


def build(path: str, info: ListInfo, target: str | None, meta: dict[str, str], *,
          show_progress: bool = True) -> sqlite3.Connection:
    """Build the index of ``path`` at ``target`` (a temporary file beside it, renamed into place;
    a link at ``target`` is replaced, never followed), or in memory when ``target`` is None.
    Returns the index opened read-only on the built file (or the memory database)."""
    if target is None:
        db = sqlite3.connect(":memory:")
        _build_into(db, path, info, meta, show_progress)
        return db
    try:
        with staged(target, follow_symlinks=False, prefix=".building-") as temp:
            db = sqlite3.connect(temp)
            try:
                db.execute("PRAGMA journal_mode=OFF")
                db.execute("PRAGMA synchronous=OFF")
                db.execute("PRAGMA cache_size=-65536")  # 64 MB of page cache while the indexes are made
                _build_into(db, path, info, meta, show_progress)
            finally:
                db.close()
            built = connect(temp)  # held through the rename: this run reads what it built
    except OSError as exc:
        raise ListIndexError(f"{target}: cannot write the index ({exc.strerror or exc})") from None
    return built


def connect(target: str) -> sqlite3.Connection:
    """An index opened read-only (the path percent-encoded into the URI SQLite reads), its schema
    code never run (``trusted_schema`` off)."""
    db = sqlite3.connect(f"{Path(target).absolute().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    try:
        db.execute("PRAGMA trusted_schema = OFF")
    except sqlite3.Error:
        pass
    return db


def _meta(db: sqlite3.Connection) -> dict[str, str]:
    return {str(k): str(v) for k, v in db.execute("SELECT key, value FROM meta").fetchall()}


def valid(db: sqlite3.Connection, sha: str | None = None, *, deep: bool = False) -> bool:
    """True when ``db`` is a complete index of ours (:func:`is_index`), for the list hashed
    ``sha`` when given; ``deep`` also runs SQLite's ``quick_check`` (a damaged page)."""
    if not is_index(db):
        return False
    try:
        meta = _meta(db)
        if meta.get("complete") != "yes" or (sha is not None and meta.get("sha256") != sha):
            return False
        return not deep or db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    except sqlite3.Error:
        return False


def _stamp(st: os.stat_result) -> str:
    """What tells that a file is still the same file with the same bytes: a copy (``cp -p``,
    ``rsync -t``) or a rewrite in place changes the inode or the change time, which no tool
    sets back."""
    return f"{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}"


def _header_mark(path: str) -> str:
    """``"ours"``, ``"empty"`` or ``"other"``: what the first bytes of ``path`` say it is."""
    with open(path, "rb") as handle:
        head = handle.read(100)
    if not head:
        return "empty"
    if head.startswith(_SQLITE_MAGIC) and len(head) >= 72 and int.from_bytes(head[68:72], "big") == APPLICATION_ID:
        return "ours"
    return "other"


def _use(target: str, sha: str | None, stamp: str, source: str) -> sqlite3.Connection | None:
    """The index at ``target`` when it is a sound index of ours for this list (by ``sha``, or by
    the list file's ``stamp`` and ``source`` when ``sha`` is None); None otherwise."""
    try:
        st = os.lstat(target)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):  # a link or anything else: never followed
        return None
    try:
        db = connect(target)
    except sqlite3.Error:
        return None
    try:
        meta = _meta(db) if is_index(db) else {}
        same = meta.get("sha256") == sha if sha else (meta.get("stamp"), meta.get("source")) == (stamp, source)
        if same and valid(db, meta.get("sha256"), deep=True):
            return db
    except sqlite3.Error:
        pass
    db.close()
    return None


def _remember_stamp(target: str, stamp: str, source: str) -> None:
    """Note in the index that the list file ``source`` now has ``stamp`` (same bytes, hashed
    again): the next run skips the hashing."""
    try:
        db = sqlite3.connect(target, timeout=2)
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", (("stamp", stamp), ("source", source)))
        finally:
            db.close()
    except sqlite3.Error:
        pass  # another run holds it: the hash is computed again next time


def _own_folder(folder: Path, *, cache: bool) -> str:
    """Make ``folder`` (mode 0700) and say why it cannot hold indexes ("" when it can).  The cache
    folder must be the user's own and writable by nobody else."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.stat(folder)
    except OSError as exc:
        return f"cannot be made ({exc.strerror or exc})"
    if not stat.S_ISDIR(st.st_mode):
        return "is not a folder"
    if cache and hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        return "belongs to another user or others can write to it"
    if not os.access(folder, os.W_OK | os.X_OK):
        return "cannot be written"
    return ""


def _named(path: str, info: ListInfo, target: Path, stamp: str, source: str, show_progress: bool) -> tuple[sqlite3.Connection, str]:
    """``--index FILE``: the index at ``target``, built there when it is missing, stale or damaged;
    a file that is not ours (or a link) is refused, never opened or replaced."""
    where = str(target)
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise ListIndexError(f"{where}: cannot use it as an index ({exc.strerror or exc})") from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise ListIndexError(f"{where}: is a symbolic link; an index is never read or written through a link")
        if not stat.S_ISREG(st.st_mode):
            raise ListIndexError(f"{where}: is not a regular file; not used as an index")
        try:
            mark = _header_mark(where)
        except OSError as exc:
            raise ListIndexError(f"{where}: cannot read ({exc.strerror or exc})") from None
        if mark == "other":
            raise ListIndexError(f"{where}: is not a trfscore index (another database or file); not opened or "
                                 "replaced: give --index a new file name or a folder")
        db = _use(where, None, stamp, source)
        if db is not None:
            return db, where
    problem = _own_folder(target.parent, cache=False)
    if problem:
        raise ListIndexError(f"{target.parent}: {problem}; the index {target.name} cannot be written there")
    sha = file_hash(path)
    db = _use(where, sha, stamp, source)
    if db is not None:
        _remember_stamp(where, stamp, source)
        return db, where
    return build(path, info, where, _new_meta(sha, stamp, source), show_progress=show_progress), where


def _new_meta(sha: str, stamp: str, source: str) -> dict[str, str]:
    return {"sha256": sha, "stamp": stamp, "source": source}


def open_index(path: str, index: str | None = None, *,
               show_progress: bool = True) -> tuple[sqlite3.Connection, str, str]:
    """The index of the list at ``path`` (built when missing, stale or damaged), where it is
    (``":memory:"`` when the cache folder cannot hold it) and a note saying why it is in memory
    ("" otherwise).  ``index`` is a folder for the indexes or a ``.sqlite`` file for this one
    list's index; by default the user's cache folder.  Raises :class:`ListFormatError` for a file
    that is not a list, :class:`ListIndexError` when the index named cannot be used."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise ListFormatError(f"{path}: no such file") from None
    except OSError as exc:
        raise ListFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise ListFormatError(f"{path}: not a file; expected a rating list")
    info = sniff(path)  # a file that is not a list is refused on its first bytes, before it is hashed
    stamp, source = _stamp(st), os.path.realpath(path)
    if index and (os.path.lexists(index) and not os.path.isdir(index)
                  or index.endswith(INDEX_SUFFIXES) and not os.path.lexists(index)):  # one list's index file
        db, where = _named(path, info, Path(index), stamp, source, show_progress)
        return db, where, ""
    folder = Path(index) if index else cache_dir()
    problem = _own_folder(folder, cache=not index)
    if problem and index:
        raise ListIndexError(f"--index {index}: the folder {problem}")
    if problem:  # the user's cache folder: no other place is trusted, the index lives in memory
        sha = file_hash(path)
        db = build(path, info, None, _new_meta(sha, stamp, source), show_progress=show_progress)
        return db, ":memory:", f"the cache folder {folder} {problem}; the index is held in memory for this run"
    db, target = _in_folder(path, info, folder, stamp, source, show_progress)
    _prune(folder, source, target)
    return db, target, ""


def _in_folder(path: str, info: ListInfo, folder: Path, stamp: str, source: str,
               show_progress: bool) -> tuple[sqlite3.Connection, str]:
    """The index of ``path`` among the ``list-<hash>.sqlite`` files of ``folder``: found by the
    list file's stamp, else by its hash, else built."""
    for candidate in sorted(folder.glob("list-*.sqlite")):
        db = _use(str(candidate), None, stamp, source)
        if db is not None:
            _touch(candidate)
            return db, str(candidate)
    sha = file_hash(path)
    target = str(folder / f"list-{sha[:24]}.sqlite")
    db = _use(target, sha, stamp, source)
    if db is not None:
        _remember_stamp(target, stamp, source)
        _touch(Path(target))
        return db, target
    return build(path, info, target, _new_meta(sha, stamp, source), show_progress=show_progress), target


def _touch(index: Path) -> None:
    """Mark an index as used now (its modification time): unused ones are pruned."""
    try:
        os.utime(index)
    except OSError:
        pass


def _prune(folder: Path, source: str, keep: str) -> None:
    """Remove the indexes that nothing will ask for again: those of earlier contents of
    ``source`` (last month's download under the same name; each is as large as the list), those
    unused for :data:`UNUSED_DAYS`, and temporary files of builds stopped for good (killed)."""
    now = time.time()
    legacy = folder / "hashes.sqlite"  # the hash memo of schema 1, keyed by size and mtime only
    if legacy.is_file() and not legacy.is_symlink():
        try:
            legacy.unlink()
        except OSError:
            pass
    for old in [*folder.glob(".building-*.part"), *folder.glob(".building-*.sqlite")]:  # the latter: schema 1
        try:
            if now - os.lstat(old).st_mtime > 3600:  # a build writes its file until it ends
                old.unlink()
        except OSError:
            continue
    for old in folder.glob("list-*.sqlite"):
        if str(old) == keep:
            continue
        try:
            st = os.lstat(old)
            if not stat.S_ISREG(st.st_mode):
                continue
            if now - st.st_mtime > UNUSED_DAYS * 86400:
                old.unlink()
                continue
            db = connect(str(old))
            try:
                mine = is_index(db) and _meta(db).get("source") == source
            finally:
                db.close()
            if mine:
                old.unlink()
        except (sqlite3.Error, OSError):
            continue
