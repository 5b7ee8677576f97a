"""The index trusts nothing it did not build itself (issue #28, items 1, 3 and 4): a file that is
not our index is refused, never replaced; links are not followed; a list changed without a change
of size or modification time gets a new index; a damaged index is rebuilt; two lists sharing one
index file never mix; an interrupted or failed build leaves nothing behind."""
from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from trfscore.ratinglist import RatingList
from trfscore.ratinglist import index as index_module
from trfscore.ratinglist.index import APPLICATION_ID, ListIndexError

from .listhelp import CARLSEN, SWISS, run, trf, write, xml_list

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def user_cache(tmp_path, monkeypatch) -> Path:
    """The user's cache folder of the test, in tmp_path (as conftest's ``cache`` sets it)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "trfscore"


@pytest.fixture
def xml(tmp_path) -> Path:
    return write(tmp_path, "l.xml", xml_list([CARLSEN]))


def _other_database(path: Path) -> bytes:
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE invoices (n INT)")
        db.execute("INSERT INTO invoices VALUES (42)")
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize("kind", ["text", "database", "list"])
def test_index_file_that_is_not_ours_is_refused_untouched(tmp_path, xml, kind):
    target = tmp_path / ("notes.sqlite" if kind != "list" else "other.xml")
    if kind == "text":
        target.write_text("my notes\n")
        before = target.read_bytes()
    elif kind == "database":
        before = _other_database(target)
    else:
        target.write_text(xml.read_text())
        before = target.read_bytes()
    with pytest.raises(ListIndexError, match="is not a trfscore index"):
        RatingList.open(str(xml), index=str(target), progress=False)
    assert target.read_bytes() == before


def test_index_through_a_link_is_refused(tmp_path, xml):
    victim = tmp_path / "victim.sqlite"
    before = _other_database(victim)
    link = tmp_path / "idx.sqlite"
    link.symlink_to(victim)
    with pytest.raises(ListIndexError, match="symbolic link"):
        RatingList.open(str(xml), index=str(link), progress=False)
    dangling = tmp_path / "dangling.sqlite"
    dangling.symlink_to(tmp_path / "chosen-by-someone-else")
    with pytest.raises(ListIndexError, match="symbolic link"):
        RatingList.open(str(xml), index=str(dangling), progress=False)
    assert victim.read_bytes() == before and not (tmp_path / "chosen-by-someone-else").exists()


def test_planted_link_in_the_cache_is_replaced_not_followed(tmp_path, xml, user_cache):
    lst = RatingList.open(str(xml), progress=False)
    where = Path(lst.where)
    lst.close()
    victim = tmp_path / "victim.sqlite"
    before = _other_database(victim)
    where.unlink()
    where.symlink_to(victim)
    again = RatingList.open(str(xml), progress=False)
    assert again.lookup(1503014).rating == 2839 and not where.is_symlink()
    assert victim.read_bytes() == before


@pytest.mark.parametrize("addition", [
    "CREATE TABLE extra (x INT)",
    "CREATE VIEW extra AS SELECT 1",
    "CREATE TRIGGER extra AFTER INSERT ON meta BEGIN DELETE FROM player; END",
])
def test_our_index_with_something_added_is_not_used(tmp_path, xml, addition):
    target = tmp_path / "idx.sqlite"
    RatingList.open(str(xml), index=str(target), progress=False).close()
    db = sqlite3.connect(target)
    with db:
        db.execute("UPDATE player SET rating = 1000")  # what the planted file says
        db.execute(addition)
    db.close()
    lst = RatingList.open(str(xml), index=str(target), progress=False)
    assert lst.lookup(1503014).rating == 2839  # rebuilt from the list
    names = {r[0] for r in sqlite3.connect(target).execute("SELECT name FROM sqlite_master")}
    assert "extra" not in names


def test_no_shared_temporary_folder_is_trusted(tmp_path, monkeypatch, xml):
    """An unwritable cache: the index lives in memory; an index planted in the temporary folder
    that older versions fell back to is never read."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    planted_folder = tmp_path / "tmp" / f"trfscore-{os.getuid()}"
    planted_folder.mkdir(parents=True)
    planted = write(tmp_path, "planted.xml", xml_list([dict(CARLSEN, rating="1000")]))
    RatingList.open(str(planted), index=str(planted_folder), progress=False).close()
    for built in planted_folder.glob("list-*.sqlite"):  # named as the real list's index would be
        sha = index_module.file_hash(str(xml))
        built.rename(planted_folder / f"list-{sha[:24]}.sqlite")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    lst = RatingList.open(str(xml), progress=False)
    assert lst.where == ":memory:" and "held in memory" in lst.note and lst.lookup(1503014).rating == 2839


def test_cache_folder_others_can_write_is_not_used(tmp_path, xml, user_cache):
    user_cache.mkdir(parents=True)
    os.chmod(user_cache, 0o777)
    lst = RatingList.open(str(xml), progress=False)
    assert lst.where == ":memory:" and "another user or others can write" in lst.note
    assert list(user_cache.iterdir()) == []


def test_list_changed_without_size_or_mtime_change(tmp_path, xml):
    first = RatingList.open(str(xml), progress=False)
    assert first.lookup(1503014).rating == 2839
    st = os.stat(xml)
    changed = xml_list([dict(CARLSEN, rating="2738")])  # the same length
    assert len(changed) == st.st_size
    xml.write_text(changed)
    os.utime(xml, ns=(st.st_atime_ns, st.st_mtime_ns))  # as cp -p or rsync -t leave it
    assert (os.stat(xml).st_size, os.stat(xml).st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    assert RatingList.open(str(xml), progress=False).lookup(1503014).rating == 2738


def test_unchanged_list_is_not_hashed_again(xml, monkeypatch):
    RatingList.open(str(xml), progress=False).close()

    def refuse(path):
        raise AssertionError("hashed again")

    monkeypatch.setattr(index_module, "file_hash", refuse)
    assert RatingList.open(str(xml), progress=False).lookup(1503014) is not None


def test_damaged_index_is_rebuilt(tmp_path):
    rows = [dict(CARLSEN, fideid=str(1000 + i), name=f"Player{i}, Some") for i in range(3000)]
    path = write(tmp_path, "l.xml", xml_list(rows))
    target = tmp_path / "idx.sqlite"
    RatingList.open(str(path), index=str(target), progress=False).close()
    data = bytearray(target.read_bytes())
    middle = len(data) // 2 // 4096 * 4096
    data[middle:middle + 4096] = b"\xff" * 4096  # one page of the tables destroyed
    target.write_bytes(bytes(data))
    lst = RatingList.open(str(path), index=str(target), progress=False)
    assert len(lst.entries(range(1000, 4000))) == 3000
    assert sqlite3.connect(target).execute("PRAGMA quick_check").fetchall() == [("ok",)]


def test_two_lists_sharing_an_index_file_never_mix(tmp_path):
    a = write(tmp_path, "a.xml", xml_list([CARLSEN]))
    b = write(tmp_path, "b.xml", xml_list([dict(CARLSEN, rating="1111")]))
    target = tmp_path / "shared.sqlite"
    first = RatingList.open(str(a), index=str(target), progress=False)
    second = RatingList.open(str(b), index=str(target), progress=False)  # replaces the file
    assert first.lookup(1503014).rating == 2839 and second.lookup(1503014).rating == 1111
    with pytest.raises(ListIndexError, match="replaced by another run"):
        RatingList.open_built(first.where, None, first.sha256)  # a worker of the first run
    assert RatingList.open_built(second.where, None, second.sha256).lookup(1503014).rating == 1111


def test_format_sniffed_before_hashing(tmp_path, monkeypatch):
    big = tmp_path / "video.mp4"
    big.write_bytes(b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 100000)

    def refuse(path):
        raise AssertionError("a file that is not a list was hashed")

    monkeypatch.setattr(index_module, "file_hash", refuse)
    with pytest.raises(ValueError, match="not a rating list"):
        RatingList.open(str(big), progress=False)


def test_player_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(index_module, "MAX_PLAYERS", 2)
    monkeypatch.setattr(index_module, "BATCH", 1)
    path = write(tmp_path, "l.xml", xml_list([dict(CARLSEN, fideid=str(i)) for i in range(1, 5)]))
    with pytest.raises(ValueError, match="more than 2 players"):
        RatingList.open(str(path), index=str(tmp_path / "idx"), progress=False)
    assert list((tmp_path / "idx").iterdir()) == []  # the partial build removed


def test_stale_builds_and_unused_indexes_are_pruned(tmp_path, xml, user_cache):
    user_cache.mkdir(parents=True, mode=0o700)
    stale = user_cache / ".building-x.part"
    stale.write_bytes(b"half")
    fresh = user_cache / ".building-y.part"
    fresh.write_bytes(b"being written")
    old_index = user_cache / "list-000000000000000000000000.sqlite"
    old_index.write_bytes(b"")
    legacy = user_cache / ".building-abc.sqlite"  # left by a build of schema 1 stopped by SIGTERM
    legacy.write_bytes(b"half")
    long_ago = time.time() - (index_module.UNUSED_DAYS + 1) * 86400
    os.utime(stale, (long_ago, long_ago))
    os.utime(legacy, (long_ago, long_ago))
    os.utime(old_index, (long_ago, long_ago))
    RatingList.open(str(xml), progress=False)
    assert not stale.exists() and not legacy.exists() and not old_index.exists() and fresh.exists()


INTERRUPTED = """
import sys, time
sys.path.insert(0, {src!r})
from trfscore.ratinglist import index

read = index.read_entries
def slow(path, stats, info=None):  # the first players, then a pause in the middle of the build
    for n, entry in enumerate(read(path, stats, info)):
        if n == 1:
            print("building", flush=True)
            time.sleep(60)
        yield entry
index.read_entries = slow
index.BATCH = 1
from trfscore import RatingList
RatingList.open({path!r}, index={folder!r}, progress=False)
"""


def test_sigterm_during_a_build_leaves_nothing(tmp_path):
    path = write(tmp_path, "l.xml", xml_list([dict(CARLSEN, fideid=str(i)) for i in range(1, 5)]))
    folder = tmp_path / "idx"
    code = INTERRUPTED.format(src=str(ROOT / "src"), path=str(path), folder=str(folder))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "building"
    assert [p.name for p in folder.iterdir() if p.name.startswith(".building-")]
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == 128 + signal.SIGTERM
    assert list(folder.iterdir()) == []


FULL_DISK = """
import resource, signal, sys
sys.path.insert(0, {src!r})
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))  # the disk is full after 64 KB
from trfscore.cli import main
sys.exit(main(["check", {event!r}, "--rating-list", {path!r}, "--index", {folder!r}]))
"""


def test_full_disk_while_indexing(tmp_path):
    rows = [dict(CARLSEN, fideid=str(1000 + i), name=f"Player{i}, Some") for i in range(3000)]
    path = write(tmp_path, "l.xml", xml_list(rows))
    event = tmp_path / "e.trf"
    event.write_text(trf(SWISS))
    folder = tmp_path / "idx"
    code = FULL_DISK.format(src=str(ROOT / "src"), event=str(event), path=str(path), folder=str(folder))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "cannot build its index" in done.stderr and "internal error" not in done.stderr
    assert list(folder.iterdir()) == []


def test_cli_refuses_an_index_that_is_a_list(tmp_path, xml, capsys):
    event = tmp_path / "e.trf"
    event.write_text(trf(SWISS))
    before = xml.read_bytes()
    code, _, err = run(capsys, "check", event, "--rating-list", xml, "--index", xml)
    assert code == 2 and "is not a trfscore index" in err and xml.read_bytes() == before
    code, _, err = run(capsys, "check", event, "--rating-list", xml, "--index", "/dev/full")
    assert code == 2 and "not a regular file" in err


def test_marker_is_sqlite_application_id(tmp_path, xml, monkeypatch):
    target = tmp_path / "idx.sqlite"
    RatingList.open(str(xml), index=str(target), progress=False).close()
    head = target.read_bytes()[:100]
    assert int.from_bytes(head[68:72], "big") == APPLICATION_ID == int.from_bytes(b"TRFS", "big")
    shutil.copy(target, tmp_path / "copy.sqlite")  # an index of ours under another name is reused

    def refuse(*args, **kwargs):
        raise AssertionError("built again")

    monkeypatch.setattr(index_module, "build", refuse)
    assert RatingList.open(str(xml), index=str(tmp_path / "copy.sqlite"), progress=False).lookup(1503014)


def test_an_index_failing_during_lookups_is_a_list_index_error(tmp_path, xml):
    lst = RatingList.open(str(xml), index=str(tmp_path / "idx.sqlite"), progress=False)
    lst._db.close()  # as an index whose pages became unreadable while in use
    with pytest.raises(ListIndexError, match="delete it and run again"):
        lst.lookup(1503014)
