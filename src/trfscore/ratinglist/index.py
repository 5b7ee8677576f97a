"""The SQLite index of one list file: built once, then reused by every check.

An index is keyed by the SHA-256 of the list file's bytes and stored in the user cache directory
(``$XDG_CACHE_HOME/trfscore`` or ``~/.cache/trfscore``) unless ``--index PATH`` names a folder
or file.  It is built into a temporary file with journaling off and renamed into place when
complete, so a half-built index is never found; an index whose ``meta`` does not say it is
complete, for this hash and this schema version, is rebuilt, never trusted.  When the cache
directory cannot be written, the index goes to a temporary file (or memory) for this run.

The file's hash is remembered per (path, size, modification time) in a small table of the cache,
so a list of hundreds of MB is hashed once, not on every run.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields
from pathlib import Path

from .entry import Entry
from .names import name_key
from .readers import ListFormatError, ListInfo, ReadStats, read_entries, sniff

__all__ = ["SCHEMA_VERSION", "cache_dir", "file_hash", "build", "open_index", "ENTRY_FIELDS"]

#: Bumped whenever the tables change: an index of another version is rebuilt.
SCHEMA_VERSION = 1
ENTRY_FIELDS = tuple(f.name for f in fields(Entry))
_COLUMNS = ", ".join(ENTRY_FIELDS)
#: Rows inserted per executemany call while building.
BATCH = 20000


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/trfscore`` or ``~/.cache/trfscore`` (not created here)."""
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "trfscore"


def _hash_bytes(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def file_hash(path: str, folder: Path | None) -> str:
    """The SHA-256 of ``path``, remembered in ``folder/hashes.sqlite`` by path, size and mtime."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ListFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    key = (os.path.realpath(path), st.st_size, st.st_mtime_ns)
    memo = None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            memo = sqlite3.connect(folder / "hashes.sqlite", timeout=5)
            memo.execute("CREATE TABLE IF NOT EXISTS hashes (path TEXT PRIMARY KEY, size INT, mtime INT, sha TEXT)")
            row = memo.execute("SELECT sha FROM hashes WHERE path=? AND size=? AND mtime=?", key).fetchone()
            if row:
                memo.close()
                return str(row[0])
        except (OSError, sqlite3.Error):
            memo = None
    try:
        sha = _hash_bytes(path)
    except OSError as exc:
        raise ListFormatError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if memo is not None:
        try:
            with memo:
                memo.execute("INSERT OR REPLACE INTO hashes VALUES (?, ?, ?, ?)", (*key, sha))
            memo.close()
        except sqlite3.Error:
            pass
    return sha


_CREATE = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE player (rowid INTEGER PRIMARY KEY, name_key TEXT, {_COLUMNS});
"""
_INDEXES = """
CREATE INDEX player_id ON player (fide_id);
CREATE INDEX player_name ON player (name_key);
CREATE INDEX player_national ON player (national_id);
"""


class Progress:
    """Players read so far, on standard error, only when it is a terminal."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.on = sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, count: int, done: int = 0, total: int = 0) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < 0.2:
            return
        self.last = now
        filled = 30 * min(done, total) // total if total else 0
        bar = f" [{'#' * filled}{'.' * (30 - filled)}]" if total else ""
        sys.stderr.write(f"\rindexing {self.label}:{bar} {count:,} players")
        sys.stderr.flush()

    def close(self) -> None:
        if self.on and self.last:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


def _rows(entries: Iterable[Entry]) -> Iterator[tuple[object, ...]]:
    for e in entries:
        yield (name_key(e.name), *(getattr(e, f) for f in ENTRY_FIELDS))


def _fill(db: sqlite3.Connection, path: str, info: ListInfo, sha: str,
          progress: Callable[[int, int, int], None]) -> None:
    stats = ReadStats()
    db.executescript(_CREATE)
    insert = f"INSERT INTO player (name_key, {_COLUMNS}) VALUES ({', '.join('?' * (len(ENTRY_FIELDS) + 1))})"
    batch: list[tuple[object, ...]] = []
    combined = False
    count = 0
    total = os.path.getsize(path)
    for row in _rows(read_entries(path, stats)):
        batch.append(row)
        if len(batch) >= BATCH:
            combined = combined or any(r[1 + ENTRY_FIELDS.index("rapid_k")] is not None for r in batch)
            db.executemany(insert, batch)
            count += len(batch)
            batch.clear()
            progress(count, stats.position() if stats.position else 0, total)
    if batch:
        combined = combined or any(r[1 + ENTRY_FIELDS.index("rapid_k")] is not None for r in batch)
        db.executemany(insert, batch)
        count += len(batch)
    if not count:
        raise ListFormatError(f"{path}: no player could be read ({stats.skipped} malformed rows"
                              + (f"; {stats.problems[0]}" if stats.problems else "") + "); expected a rating list")
    db.executescript(_INDEXES)
    kind = info.kind or ("combined" if combined else "standard")
    if info.format == "xml" and combined and info.kind in ("", "standard"):
        kind = "combined"
    meta = {"schema": str(SCHEMA_VERSION), "sha256": sha, "source": os.path.abspath(path), "format": info.format,
            "kind": kind, "period": info.period, "member": info.member, "players": str(count),
            "skipped": str(stats.skipped), "problems": "\n".join(stats.problems), "complete": "yes"}
    db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())


def build(path: str, target: str | None, sha: str, *, show_progress: bool = True) -> sqlite3.Connection:
    """Build the index of ``path`` at ``target`` (a temporary file renamed into place), or in
    memory when ``target`` is None; returns it opened read-only (or the memory database)."""
    info = sniff(path)
    progress = Progress(os.path.basename(path))
    progress.on = progress.on and show_progress
    if target is None:
        db = sqlite3.connect(":memory:")
        try:
            _fill(db, path, info, sha, progress)
        finally:
            progress.close()
        return db
    folder = os.path.dirname(os.path.abspath(target))
    fd, temp = tempfile.mkstemp(prefix=".building-", suffix=".sqlite", dir=folder)
    os.close(fd)
    try:
        db = sqlite3.connect(temp)
        try:
            db.execute("PRAGMA journal_mode=OFF")
            db.execute("PRAGMA synchronous=OFF")
            db.execute("PRAGMA cache_size=-65536")  # 64 MB of page cache while the indexes are made
            with db:
                _fill(db, path, info, sha, progress)
        finally:
            db.close()
            progress.close()
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    return connect(target)


def connect(target: str) -> sqlite3.Connection:
    """A built index opened read-only (the path percent-encoded into the URI SQLite reads)."""
    return sqlite3.connect(f"{Path(target).resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)


def valid(db: sqlite3.Connection, sha: str) -> bool:
    """True when ``db`` is a complete index of this schema version for the file hashed ``sha``."""
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        db.execute("SELECT count(*) FROM player WHERE rowid = 1").fetchone()
    except sqlite3.Error:
        return False
    return meta.get("complete") == "yes" and meta.get("schema") == str(SCHEMA_VERSION) and meta.get("sha256") == sha


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-", delete=True)
        probe.close()
        return True
    except OSError:
        return False


def open_index(path: str, index: str | None = None, *, show_progress: bool = True) -> tuple[sqlite3.Connection, str]:
    """The index of the list at ``path`` (built when missing, stale or corrupt) and where it is
    (``":memory:"`` when nothing could be written).  ``index`` is a folder for the indexes or
    a file name for this one list's index; by default the user cache directory."""
    if not os.path.isfile(path):
        raise ListFormatError(f"{path}: no such file" if not os.path.exists(path) else
                              f"{path}: not a file; expected a rating list")
    if index and (index.endswith((".sqlite", ".db", ".sqlite3")) and not os.path.isdir(index)):
        folder, target_name = Path(index).parent, Path(index).name
    else:
        folder, target_name = (Path(index) if index else cache_dir()), None
    usable = _writable(folder)
    if not usable:
        folder = Path(tempfile.gettempdir()) / f"trfscore-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
        usable = _writable(folder)
    sha = file_hash(path, folder if usable else None)
    if not usable:
        return build(path, None, sha, show_progress=show_progress), ":memory:"
    target = str(folder / (target_name or f"list-{sha[:24]}.sqlite"))
    if os.path.exists(target):
        try:
            db = connect(target)
            if valid(db, sha):
                return db, target
            db.close()
        except sqlite3.Error:
            pass
    try:
        db = build(path, target, sha, show_progress=show_progress)
    except OSError:
        return build(path, None, sha, show_progress=show_progress), ":memory:"
    if target_name is None:
        _prune(folder, os.path.abspath(path), target)
    return db, target


def _prune(folder: Path, source: str, keep: str) -> None:
    """Remove the indexes of earlier contents of ``source`` (last month's download under the same
    name): each is as large as the list, and nothing will ask for those bytes again."""
    for old in folder.glob("list-*.sqlite"):
        if str(old) == keep:
            continue
        try:
            db = connect(str(old))
            try:
                row = db.execute("SELECT value FROM meta WHERE key = 'source'").fetchone()
            finally:
                db.close()
            if row and row[0] == source:
                old.unlink()
        except (sqlite3.Error, OSError):
            continue
