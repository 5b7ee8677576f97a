"""benchmarks/run.py works end to end on tiny inputs (it measures; nothing here asserts a speed)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "benchmarks" / "run.py"
FLOORS = ("floor_standings.py", "floor_html.py", "floor_ratings.py", "floor_check.py", "floor_ct.py",
          "floor_totrf.py", "floor_pgn.py")
TINY = ["--players", "24", "--rounds", "5", "--small-players", "12", "--small-rounds", "4", "--files", "3",
        "--pgn-games", "40", "--json-players", "30", "--club-files", "3", "--jobs", "1,2", "--repeat", "1"]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(RUN), *args], capture_output=True, text=True, env=env, timeout=600)


def stand_in_floors(folder: Path) -> Path:
    """Floor programs that only read their input (the real ones live outside the repository)."""
    folder.mkdir()
    for name in FLOORS:
        (folder / name).write_text("import os, sys\nfor a in sys.argv[1:]:\n"
                                   "    print(len(os.listdir(a)) if os.path.isdir(a) else len(open(a, 'rb').read()))\n")
    return folder


def test_every_row_is_measured_on_tiny_inputs(tmp_path: Path) -> None:
    floors = stand_in_floors(tmp_path / "floors")
    listed = run("--list", *TINY)
    assert listed.returncode == 0
    keys = [line.split()[0] for line in listed.stdout.splitlines()]
    assert {"standings", "ratings", "html", "markdown", "check", "check-files-j1", "check-files-j2", "crosstable",
            "totrf", "pgn", "pgn-100k", "small", "version", "json-big", "json-24", "json-100", "json-300",
            "json-1000", "check-clubs-j1", *(f"{row}-{n}" for row in ("report-json", "report-html", "check")
                                             for n in (24, 100, 300, 1000))} == set(keys)
    done = run("--floors", str(floors), "--cache", str(tmp_path / "cache"), *TINY)
    assert done.returncode == 0, done.stderr
    measured = [line.split("|")[1].strip() for line in done.stdout.splitlines() if line.startswith("| ")][1:]
    assert measured == keys
    json_row = next(line for line in done.stdout.splitlines() if line.startswith("| json-big "))
    assert "big.json" in json_row and "vs big.trf" in json_row  # the memory goal: reading it as JSON vs as TRF
    again = run("--floors", str(floors), "--cache", str(tmp_path / "cache"), "--only", "html,version", *TINY)
    assert again.returncode == 0, again.stderr
    assert "generated" not in again.stderr  # the inputs are reused
    assert "page" in again.stdout and again.stdout.count("\n| ") == 3


def test_without_the_floors_it_says_so_and_exits_2(tmp_path: Path) -> None:
    env = {**os.environ, "TRFSCORE_BENCH_FLOORS": str(tmp_path / "absent")}
    done = run("--only", "version", env=env)
    assert done.returncode == 2
    assert "absent" in done.stderr and not done.stdout


def test_an_unknown_row_is_a_usage_error(tmp_path: Path) -> None:
    done = run("--only", "nonsense", "--floors", str(stand_in_floors(tmp_path / "floors")))
    assert done.returncode == 2 and "nonsense" in done.stderr
