"""The SQLite index: built once and reused, rebuilt when stale or corrupt, never a failure when
the cache cannot be written; several lists side by side."""
from __future__ import annotations

import os
import sqlite3

import pytest

from trfscore.ratinglist import RatingList
from trfscore.ratinglist.index import cache_dir

from .listhelp import CARLSEN, write, xml_list


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "trfscore"


def test_cache_dir_follows_xdg(tmp_path, monkeypatch):
    assert cache_dir() == tmp_path / "cache" / "trfscore"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "trfscore"


def test_built_once_then_reused(tmp_path, cache):
    path = write(tmp_path, "l.xml", xml_list([CARLSEN]))
    first = RatingList.open(str(path), progress=False)
    assert first.where.startswith(str(cache)) and first.lookup(1503014).name == "Carlsen, Magnus"
    inode = os.stat(first.where).st_ino
    second = RatingList.open(str(path), progress=False)
    assert second.where == first.where and os.stat(second.where).st_ino == inode  # not built again


def test_changed_file_gets_a_new_index(tmp_path):
    path = write(tmp_path, "l.xml", xml_list([CARLSEN]))
    first = RatingList.open(str(path), progress=False)
    write(tmp_path, "l.xml", xml_list([dict(CARLSEN, rating="2850")]))
    os.utime(path, ns=(1, 1))  # a different modification time: the file is hashed again
    second = RatingList.open(str(path), progress=False)
    assert second.where != first.where and second.lookup(1503014).rating == 2850
    assert not os.path.exists(first.where)  # the index of the old contents is removed


@pytest.mark.parametrize("damage", ["garbage", "incomplete"])
def test_corrupt_or_incomplete_index_is_rebuilt(tmp_path, damage):
    path = write(tmp_path, "l.xml", xml_list([CARLSEN]))
    where = RatingList.open(str(path), progress=False).where
    if damage == "garbage":
        with open(where, "wb") as handle:
            handle.write(b"not a database" * 100)
    else:
        db = sqlite3.connect(where)
        with db:
            db.execute("DELETE FROM meta WHERE key = 'complete'")
        db.close()
    again = RatingList.open(str(path), progress=False)
    assert again.where == where and again.lookup(1503014) is not None


def test_index_path_option(tmp_path):
    path = write(tmp_path, "l.xml", xml_list([CARLSEN]))
    target = tmp_path / "idx" / "my.sqlite"
    lst = RatingList.open(str(path), index=str(target), progress=False)
    assert lst.where == str(target) and target.exists()
    folder = tmp_path / "indexes"
    lst = RatingList.open(str(path), index=str(folder), progress=False)
    assert os.path.dirname(lst.where) == str(folder)


def test_unwritable_cache_falls_back(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file: no folder can be made under it
    monkeypatch.setattr("tempfile.tempdir", str(blocker))  # and no temporary folder either
    path = write(tmp_path, "l.xml", xml_list([CARLSEN]))
    lst = RatingList.open(str(path), progress=False)
    assert lst.where == ":memory:" and lst.lookup("1503014").federation == "NOR"


def test_lists_side_by_side(tmp_path):
    sep = RatingList.open(str(write(tmp_path, "standard_sep26frl.xml", xml_list([CARLSEN]))), progress=False)
    oct_ = RatingList.open(str(write(tmp_path, "standard_oct26frl.xml", xml_list([dict(CARLSEN, rating="2841")]))),
                           progress=False)
    assert (sep.period, oct_.period) == ("2026-09", "2026-10") and sep.where != oct_.where
    assert os.path.exists(sep.where) and os.path.exists(oct_.where)  # another file's index is kept
    assert (sep.lookup(1503014).rating, oct_.lookup(1503014).rating) == (2839, 2841)


def test_search_normalises_and_narrows(tmp_path):
    rows = [CARLSEN, dict(CARLSEN, fideid="2", country="USA", birthday="1990"),
            dict(CARLSEN, fideid="3", country="NOR", birthday="2001"),
            {"fideid": "4", "name": "Müller-Lüdenscheidt, Jörg", "country": "GER"}]
    lst = RatingList.open(str(write(tmp_path, "l.xml", xml_list(rows))), progress=False)
    assert {e.fide_id for e in lst.search("MAGNUS CARLSEN")} == {1503014, 2, 3}
    assert {e.fide_id for e in lst.search("Carlsen, Magnus", federation="NOR")} == {1503014, 3}
    assert [e.fide_id for e in lst.search("Carlsen, Magnus", federation="NOR", birth_year=2001)] == [3]
    assert [e.fide_id for e in lst.search("Jorg Muller Ludenscheidt")] == [4]
    assert lst.search("") == []


def test_search_finds_a_cyrillic_name_on_a_list_that_writes_it_in_latin(tmp_path):
    rows = [{"fideid": "14109603", "name": "Karjakin, Sergey", "country": "RUS"},
            {"fideid": "24101605", "name": "Nepomniachtchi, Ian", "country": "RUS"},
            {"fideid": "5", "name": "Kuzmin, Sergey", "country": "RUS"}]  # the same edge letters, another name
    lst = RatingList.open(str(write(tmp_path, "l.xml", xml_list(rows))), progress=False)
    assert [e.fide_id for e in lst.search("Карякин, Сергей")] == [14109603]
    assert [e.fide_id for e in lst.search("Ян Непомнящий")] == [24101605]
    assert lst.search("Каспаров, Гарри") == []


@pytest.mark.parametrize("terminal", [True, False])
def test_progress_bar_only_on_a_terminal(tmp_path, monkeypatch, capsys, terminal):
    import sys

    from trfscore.ratinglist import index

    monkeypatch.setattr(index, "BATCH", 1)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal)
    path = write(tmp_path, "l.xml", xml_list([CARLSEN, dict(CARLSEN, fideid="2")]))
    RatingList.open(str(path))
    err = capsys.readouterr().err
    assert ("indexing l.xml: [" in err) == terminal
    assert err.strip() == "" or terminal


def test_index_folder_with_uri_characters(tmp_path):
    path = write(tmp_path, "l.xml", xml_list([CARLSEN]))
    folder = tmp_path / "a b#c?d%20"
    lst = RatingList.open(str(path), index=str(folder), progress=False)
    assert lst.where.startswith(str(folder))
    assert RatingList.open_built(lst.where).lookup(1503014).name == "Carlsen, Magnus"
