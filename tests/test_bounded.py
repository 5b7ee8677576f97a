"""Bounded work for any input: whatever a field claims (rounds, ranks, scores), a path that
never ends, an output that cannot be written.

Each input here once made a command allocate by a claimed size, hang, or end in an internal
error; each runs in a child under a memory limit (see :mod:`limited`), so a regression fails
the test instead of the machine.
"""
from __future__ import annotations

import json
import os
import stat

import pytest

import trfscore
from limited import assert_clean, run_limited, run_python_limited
from trfscore.formats import json_schema, json_write
from trfscore.testing.generate import swiss, to_trf

#: Every test runs commands in children under a memory limit (about 30 s in all): left out of the
#: quick run while working (``-m "not slow"``); CI and the README's command run them.
pytestmark = pytest.mark.slow
COMMANDS = (["check"], ["check", "--profile", "fide"], ["report"], ["report", "--format", "html"],
            ["report", "--format", "json"], ["convert", "--to", "json"], ["convert", "--to", "trf"],
            ["convert", "--to", "crosstable"], ["explain", "--player", "1", "--tiebreak", "BH"], ["norms"],
            ["norms", "--format", "json"])


def document(**changes) -> dict:
    doc = json_write.to_dict(swiss(10, 4, seed=5, forfeits=0.1, byes=0.1))
    doc.update(changes)
    return doc


def every_command(tmp_path, name: str, data: bytes) -> dict[str, tuple[int, str, str]]:
    path = tmp_path / name
    path.write_bytes(data)
    out = {}
    for argv in COMMANDS:
        proc = run_limited([*argv, str(path)])
        assert_clean(proc)
        out[" ".join(argv)] = (proc.returncode, proc.stdout.decode(), proc.stderr.decode())
    return out


# -- claimed sizes --------------------------------------------------------------------------
@pytest.mark.parametrize("rounds", [10 ** 9, 10 ** 30])
def test_json_claiming_a_huge_number_of_rounds(tmp_path, rounds):
    """``"rounds": 1000000000`` made check build every round's number (MemoryError, TRF000, or
    the OOM killer); the claim is now read as the rounds the games cover, with a warning."""
    results = every_command(tmp_path, "rounds.json", json.dumps(document(rounds=rounds)).encode())
    code, out, _ = results["check"]
    assert code == 0 and "JSON004" in out and "cover 4; read as 4" in out


@pytest.mark.slow
def test_json_with_duplicate_keys_claiming_huge_sizes(tmp_path):
    """Duplicate keys (``"rounds": 1000000000, "rounds": ...``, the last one wins as in every
    JSON reader) made check run past 20 s; whichever value is last, the work stays bounded."""
    text = json.dumps(document())
    for last in ("4", "1000000000", "1" + "0" * 30):
        data = text.replace('"rounds": 4', f'"rounds": 1000000000, "rounds": {"1" + "0" * 30}, "rounds": {last}')
        assert data != text
        results = every_command(tmp_path, "dup.json", data.encode())
        code, out, _ = results["check"]
        assert code == 0 and ("JSON004" in out) == (last != "4"), out


def test_check_never_lists_rounds_a_built_tournament_claims():
    """A tournament built in Python may say it has more rounds than its cells: the rounds past
    the data are pending, counted without being listed."""
    proc = run_python_limited(
        "from trfscore.checks import check\n"
        "from trfscore.checks.context import Context\n"
        "from trfscore.testing.generate import swiss\n"
        "t = swiss(6, 3, seed=1)\n"
        "t.rounds = 10 ** 30\n"
        "pending = Context(t).pending_rounds\n"
        "assert 4 in pending and 10 ** 29 in pending and 3 not in pending and pending.count == 10 ** 30 - 3\n"
        "assert not [f for f in check(t, 'fide') if f.rule == 'TRF000']\n")
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]


def test_a_start_rank_of_99999999(tmp_path):
    """One 100-byte line with start rank 99999999 made TRF520 list every rank below it (3.85 GB)."""
    line = "001 99999999 Player, One                      1900 GER     1234567 1990/01/01  0.0    1\n"
    results = every_command(tmp_path, "rank.trf", ("012 Big rank\n" + line).encode())
    code, out, _ = results["check"]
    assert code == 1 and "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 99999988 more missing" in out


def _absent(rnd: int) -> dict:
    return {"round": rnd, "opponent": None, "colour": None, "code": "-", "kind": "absent"}


def test_json_with_one_player_far_past_the_rest_is_refused():
    """A JSON player with 1,000 games among 1,000 players with 5 made every command pad all of
    them to 1,000 cells (a 3.6 MB document took 15 GB and 7 minutes in the HTML report); such a
    document is now refused (JSON005) with no cell padded, as TRF409 refuses the TRF."""
    doc = json_write.to_dict(swiss(1000, 5, seed=2), records=False)
    games = doc["players"][0]["games"]
    games += [_absent(rnd) for rnd in range(len(games) + 1, 1001)]
    t = trfscore.loads(json.dumps(doc))
    assert [f.rule for f in t.findings if f.severity == "error"] == ["JSON005"]
    assert "has 1,000 games, but the 1,000 players hold only 5,995 in all" in t.findings[-1].message
    assert t.players == [] and t.rounds == 0
    doc["players"][0]["games"] = games[:5]  # the same document without the long list is read
    assert trfscore.loads(json.dumps(doc)).rounds == 5


@pytest.mark.slow
def test_every_command_refuses_a_sparse_json_document(tmp_path):
    doc = json_write.to_dict(swiss(1000, 5, seed=2), records=False)
    games = doc["players"][0]["games"]
    games += [_absent(rnd) for rnd in range(len(games) + 1, 1001)]
    results = every_command(tmp_path, "sparse.json", json.dumps(doc).encode())
    assert {code for code, _, _ in results.values()} == {2}
    assert "JSON005" in results["check"][1]


def test_json_game_claiming_a_far_round_is_read_in_its_place(tmp_path):
    """``"round": 1000000000`` on a first game made check walk a billion rounds (TRF532); games
    are read one per round in list order, as every reader and writer takes them, with a warning."""
    doc = document()
    doc["players"][0]["games"][0]["round"] = 10 ** 9
    t = trfscore.loads(json.dumps(doc))
    assert [g.round for g in t.players[0].games] == [1, 2, 3, 4]
    assert [f.rule for f in t.findings] == ["JSON006"]
    assert "/players/0/games/0/round says 1,000,000,000 but is game 1" in t.findings[0].message
    path = tmp_path / "round.json"
    path.write_text(json.dumps(doc))
    proc = run_limited(["check", "--profile", "fide", str(path)], timeout=60)
    assert_clean(proc)
    assert "JSON006" in proc.stdout.decode()


@pytest.mark.parametrize("value, message", [(1e308, "/scoring/values/W: expected a number <= 1000000"), ("1/0", "zero denominator"),
                                            (1e-12, "out of range"), ("123456789012/1", "out of range")])
def test_json_scores_out_of_range(tmp_path, value, message):
    """A win worth 1e308 made the HTML report end in an OverflowError and the text report print
    a 300-digit number; "1/0" said ``ZeroDivisionError: Fraction(1, 0)``."""
    doc = document()
    if isinstance(value, str):  # an exact "p/q" form lives in the document's exact object (JSON has numbers only)
        doc["scoring"]["values"]["W"] = 1
        doc["exact"] = {"/scoring/values/W": value}
    else:
        doc["scoring"]["values"]["W"] = value
    results = every_command(tmp_path, "score.json", json.dumps(doc).encode())
    code, _, err = results["report"]
    assert code == 2 and message in err and "Error" not in err
    assert "JSON002" in results["check"][1] and message in results["check"][1]


def test_the_schema_states_the_score_bounds():
    """The schema says what the readers hold scores to (one bound, :data:`limits.MAX_SCORE`):
    a document's scores are finite numbers of at most 1,000,000 either way, and a validator other
    than trfscore's rejects a win worth 1e308 by the schema alone."""
    from trfscore.formats.limits import MAX_SCORE

    defs = json_schema.schema()["$defs"]
    for name in ("score", "nullableScore"):
        assert (defs[name]["minimum"], defs[name]["maximum"]) == (-MAX_SCORE, MAX_SCORE)
    doc = document()
    doc["scoring"]["values"]["W"] = 1e308
    assert json_schema.validate(doc) == [("expected a number <= 1000000, found the number 1e+308",
                                          "/scoring/values/W")]


@pytest.mark.parametrize("players", [10, 400])  # 400: past the sample a large document is validated on
def test_a_player_total_out_of_range_is_named(players):
    """Declared points are scores too: the finding names the player's field, on the column
    checks of a large document as in jsonschema's."""
    doc = json_write.to_dict(swiss(players, 60 if players > 10 else 4, seed=5), records=False)
    doc["players"][-1]["points"] = 2e6
    t = trfscore.loads(json.dumps(doc))
    assert [f.message for f in t.findings] == [
        f"/players/{players - 1}/points: expected a number <= 1000000, found the number 2000000.0"]


@pytest.mark.parametrize("record", ["XXS W=1e308", "XXS WW=1e999999999", "XXS W=0.0000001", "BBW  1e99999",
                                    "362 TW 99999999999999999 TD 1.0"])
def test_trf_scores_out_of_range(record):
    """XXS took any number Python reads (``1e999999999`` is a billion-digit integer)."""
    t = trfscore.loads(to_trf(swiss(6, 3, seed=5)) + record + "\n")
    assert "TRF207" in {f.rule for f in t.findings}
    assert max(abs(v) for v in (*t.scoring.values.values(), *t.scoring.detail.values())) <= 1


# -- paths that never end ------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_nobody_writes_to_is_refused(tmp_path):
    """Reading a FIFO nobody writes to waited for ever, also inside ``check DIR``."""
    folder = tmp_path / "folder"
    folder.mkdir()
    os.mkfifo(folder / "pipe.trf")
    (folder / "good.trf").write_text(to_trf(swiss(6, 3, seed=5)))
    fifo = str(folder / "pipe.trf")
    for argv in (["report", fifo], ["check", fifo], ["check", str(folder)], ["check", "--jobs", "2", str(folder)],
                 ["convert", fifo, "--to", "json"], ["explain", fifo, "-p", "1", "-t", "BH"]):
        proc = run_limited(argv)
        assert_clean(proc, codes=(2,))
        assert b"is a FIFO, not a regular file" in proc.stdout + proc.stderr, argv
    proc = run_python_limited(f"import trfscore\ntry:\n    trfscore.load({fifo!r})\nexcept ValueError as exc:\n"
                              "    assert 'FIFO' in str(exc)\nelse:\n    raise AssertionError('read')\n", timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused():
    proc = run_limited(["report", "/dev/zero"])
    assert_clean(proc, codes=(2,))
    assert b"is a device" in proc.stderr


# -- outputs that cannot be written -----------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["report"], ["report", "-f", "html"], ["check"], ["check", "-f", "sarif"],
                                  ["convert", "--to", "json"]])
def test_a_full_disk_is_a_one_line_error(tmp_path, argv):
    """``-o /dev/full`` ended in "internal error: OSError ..."; so did standard output there."""
    path = tmp_path / "event.trf"
    path.write_text(to_trf(swiss(6, 3, seed=5)))
    proc = run_limited([*argv, str(path), "-o", "/dev/full"])
    assert_clean(proc, codes=(2,))
    assert proc.stderr.decode().strip() == "trfscore: /dev/full: cannot write (No space left on device)"
    with open("/dev/full", "wb") as full:
        proc = subprocess_to(full, [*argv, str(path)])
    assert proc.returncode == 2
    assert proc.stderr.decode().strip() == "trfscore: cannot write the output (No space left on device)"


def subprocess_to(stdout, args):
    import subprocess
    import sys

    from limited import ROOT

    return subprocess.run([sys.executable, "-m", "trfscore", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env=dict(os.environ, PYTHONPATH=str(ROOT / "src")), timeout=120)


# -- a stopped batch ----------------------------------------------------------------------------
def _children(pid: int) -> set[int]:
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc to find the workers")
def test_check_jobs_stopped_by_sigterm_leaves_no_worker(tmp_path):
    """``check --jobs 2`` stopped by SIGTERM left its workers checking for about an hour; they
    now end with their parent."""
    import signal
    import subprocess
    import sys
    import time

    from limited import ROOT

    text = to_trf(swiss(120, 9, seed=3, byes=0.1))
    for i in range(400):
        (tmp_path / f"e{i:03}.trf").write_text(text)
    proc = subprocess.Popen([sys.executable, "-m", "trfscore", "check", "--jobs", "2", str(tmp_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    workers: set[int] = set()
    try:
        for _ in range(600):  # until both workers run (a bounded wait, not a measurement)
            workers = _children(proc.pid)
            if len(workers) >= 2 or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert len(workers) >= 2 and proc.poll() is None, "the batch ended before it could be stopped"
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        for _ in range(300):
            if not any(_alive(w) for w in workers):
                break
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)], "workers still running after their parent was stopped"
    finally:
        if proc.poll() is None:
            proc.kill()
        for w in workers | _children(proc.pid):  # never leave a worker behind, whatever failed
            if _alive(w):
                os.kill(w, signal.SIGKILL)


def test_one_long_line_among_short_ones_is_not_padded(tmp_path):
    """Every player was padded to the longest line: 7,400 players with 5 rounds and one line of
    8,000 took 4.5 GB in report.  Such a file is now refused (TRF409) without a cell padded."""
    lines = to_trf(swiss(5000, 5, seed=2)).split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[first] += "  0000 - H" * 1990
    results = every_command(tmp_path, "sparse.trf", "\n".join(lines).encode())
    assert {code for code, _, _ in results.values()} == {2}
    assert "TRF409" in results["check"][1] and "5000 players hold only" in results["check"][1]
