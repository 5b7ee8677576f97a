"""Output files are never destructive: an output that is an input of the run is refused before
anything is written, and every file is written beside its target and renamed into place, so a
failure (a full disk, an interrupt) leaves the old file as it was (issue #28, item 1)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from trfscore.outfiles import replaced, same_file, staged

SAMPLE = ROOT / "samples" / "swiss-trf26.trf"


@pytest.fixture
def event(tmp_path) -> Path:
    path = tmp_path / "event.trf"
    path.write_bytes(SAMPLE.read_bytes())
    return path


@pytest.mark.parametrize("command", [
    ["check", "{event}", "-o", "{event}"],
    ["check", "{folder}", "-o", "{event}"],  # found by walking the folder
    ["report", "{event}", "-o", "{link}"],  # the same file through a link
    ["convert", "{event}", "--to", "json", "-o", "{event}"],
    ["check", "{other}", "--rating-list", "{xml}", "-o", "{xml}"],  # the list is an input too
    ["norms", "{event}", "-o", "{event}"],
    ["convert", "{event}", "--fill-from", "{xml}", "-o", "{xml}"],
])
def test_an_output_that_is_an_input_is_refused(tmp_path, event, capsys, command):
    link = tmp_path / "link.trf"
    link.symlink_to(event.name)
    other = tmp_path / "sub" / "other.trf"
    other.parent.mkdir()
    other.write_bytes(SAMPLE.read_bytes())
    xml = tmp_path / "list.xml"
    xml.write_text("<playerslist><player><fideid>1</fideid><name>A, B</name></player></playerslist>")
    before = event.read_bytes(), xml.read_bytes()
    argv = [a.format(event=event, folder=tmp_path, link=link, other=other, xml=xml) for a in command]
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and "is also an input of this run" in err
    assert (event.read_bytes(), xml.read_bytes()) == before


def test_another_output_file_is_written(tmp_path, event, capsys):
    out = tmp_path / "report.json"
    out.write_text("old")
    os.chmod(out, 0o640)
    code, _, _ = run_cli(capsys, "convert", event, "--to", "json", "-o", out)
    assert code == 0 and out.read_text().startswith("{") and (out.stat().st_mode & 0o777) == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_same_file_compares_inodes(tmp_path):
    a = tmp_path / "a"
    a.write_text("x")
    (tmp_path / "b").write_text("x")
    assert same_file(a, [tmp_path / "b", str(tmp_path / "." / "a")]) == str(tmp_path / "." / "a")
    assert same_file(a, [tmp_path / "b", None, "-", tmp_path / "missing"]) is None
    assert same_file(tmp_path / "missing", [a]) is None
    assert same_file("/dev/null", ["/dev/null"]) is None  # no file to lose


def test_a_failure_leaves_the_old_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old contents")
    with pytest.raises(RuntimeError):
        with replaced(target) as handle:
            handle.write("new half")
            raise RuntimeError("stop")
    assert target.read_text() == "old contents" and sorted(os.listdir(tmp_path)) == ["out.txt"]


FULL_DISK = """
import resource, sys
sys.path.insert(0, {src!r})
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # a disk that is full after 4 KB
from trfscore.cli import main
sys.exit(main({argv!r} + [{event!r}, "-o", {out!r}]))
"""


@pytest.mark.parametrize("argv", [["convert", "--to", "json"], ["check", "--format", "json"],
                                  ["report", "--format", "json"]])
def test_a_full_disk_leaves_the_old_file(tmp_path, event, argv):
    out = tmp_path / "out" / "out.json"
    out.parent.mkdir()
    out.write_text('{"old": true}\n')
    if argv[0] == "check":  # a report of more than 4 KB: 40 copies of the file, each with its findings
        folder = tmp_path / "events"
        folder.mkdir()
        for n in range(40):
            (folder / f"copy{n}.trf").write_bytes(event.read_bytes().replace(b"\n001 ", b"\n001 x", 1))
        event = folder
    code = FULL_DISK.format(src=str(ROOT / "src"), event=str(event), out=str(out), argv=argv)
    # SIGXFSZ ignored, as a shell's ``ulimit -f`` child would not be: the write fails with EFBIG
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: signal.signal(signal.SIGXFSZ, signal.SIG_IGN))
    assert done.returncode == 2 and "out.json: cannot write" in done.stderr, done.stderr
    assert out.read_text() == '{"old": true}\n'
    assert list(out.parent.iterdir()) == [out]


INTERRUPTED = """
import os, sys, time
sys.path.insert(0, {src!r})
from trfscore.outfiles import staged
with staged({target!r}) as temp:
    with open(temp, "w") as handle:
        handle.write("half")
    print(temp, flush=True)
    time.sleep(60)
"""


def test_sigterm_removes_the_temporary_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    code = INTERRUPTED.format(src=str(ROOT / "src"), target=str(target))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE, text=True)
    temp = child.stdout.readline().strip()
    assert os.path.exists(temp)
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == 128 + signal.SIGTERM
    assert not os.path.exists(temp) and target.read_text() == "old"


def test_staged_without_following_a_link_replaces_the_link(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("keep")
    link = tmp_path / "link"
    link.symlink_to(victim)
    with staged(link, follow_symlinks=False) as temp:
        Path(temp).write_text("new")
    assert victim.read_text() == "keep" and not link.is_symlink() and link.read_text() == "new"


def test_a_long_file_name_is_written(tmp_path):
    target = tmp_path / ("n" * 250)
    with replaced(target) as handle:
        handle.write("whole")
    assert target.read_text() == "whole"
