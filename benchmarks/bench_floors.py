"""Benchmark: trfscore commands against their floors (../shared/bench-floors), in turns.

Rows (issue 14): ``check`` of one 9,999-player, 13-round file; ``check`` of 1,000 files of
100 players x 9 rounds with ``--jobs 1..16``; reading a 40,000-player JSON document (against
``json.load``); ``convert doc.json --to trf`` of the 9,999-player event.  Every measurement is a
fresh process (start-up included), the floor and trfscore taken one after the other, best of
``--repeat``; the ratio is trfscore's best over the floor's best, and the peak resident memory
is the child's own (``os.wait4``).  Inputs are generated into a temporary folder.

Run:  python benchmarks/bench_floors.py [--only check,check-many,json,totrf] [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
FLOORS = Path(os.environ.get("TRFSCORE_FLOORS", ROOT.parent / "shared" / "bench-floors"))
if not FLOORS.is_dir():
    FLOORS = Path("/work/shared/bench-floors")


@dataclass
class Row:
    """One line of the table: a job, the floor's and trfscore's best times, trfscore's peak."""

    job: str
    floor: float
    ours: float
    rss_mb: float
    note: str = ""

    @property
    def ratio(self) -> float:
        return self.ours / self.floor

    def __str__(self) -> str:
        return (f"{self.job:<44} floor {self.floor:6.3f} s  trfscore {self.ours:6.3f} s  "
                f"{self.ratio:5.2f}x  peak {self.rss_mb:4.0f} MB{'  ' + self.note if self.note else ''}")


def child_env(cache: str) -> dict[str, str]:
    """The source tree on the path, byte-code compiled once into ``cache`` (as installed)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT / "src"), PYTHONPYCACHEPREFIX=cache)
    return env


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and peak resident memory (MB) of ``argv`` as a fresh process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{argv} exited {proc.returncode}")
    return elapsed, usage.ru_maxrss / 1024


def in_turns(repeat: int, floor: list[str], ours: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Best floor time, best trfscore time and trfscore's peak memory, taken in turn."""
    run(floor, env)  # compile, and warm the file cache
    run(ours, env)
    best_floor = best_ours = float("inf")
    peak = 0.0
    for _ in range(repeat):
        best_floor = min(best_floor, run(floor, env)[0])
        took, rss = run(ours, env)
        best_ours = min(best_ours, took)
        peak = max(peak, rss)
    return best_floor, best_ours, peak


def _big_trf(folder: Path, players: int = 9999, rounds: int = 13) -> Path:
    from trfscore.testing.generate import swiss, to_trf

    path = folder / f"swiss{players}x{rounds}.trf"
    if not path.exists():
        path.write_text(to_trf(swiss(players, rounds, seed=7, forfeits=0.02, byes=0.02, withdrawals=0.05)),
                        encoding="utf-8")
    return path


def _many(folder: Path, files: int = 1000) -> Path:
    from trfscore.testing.generate import swiss, to_trf

    many = folder / "many"
    if not many.exists():
        many.mkdir()
        for i in range(files):
            text = to_trf(swiss(100, 9, seed=i, forfeits=0.02, byes=0.03, withdrawals=0.05,
                                name=f"Synthetic Open {i}"))
            (many / f"event{i:04d}.trf").write_text(text, encoding="utf-8")
    return many


def _json_doc(folder: Path, players: int) -> Path:
    """The event as trfscore's JSON: converted from the TRF when TRF can hold it (9,999
    players: the document carries the source records), else written from the generated model."""
    from trfscore.formats import json_model
    from trfscore.testing.generate import swiss

    path = folder / f"swiss{players}.json"
    if path.exists():
        return path
    if players <= 9999:
        from trfscore import load

        text = json_model.write(load(_big_trf(folder, players)))
    else:
        text = json_model.write(swiss(players, 13, seed=7, forfeits=0.02, byes=0.02, withdrawals=0.05))
    path.write_text(text, encoding="utf-8")
    return path


PY = sys.executable
TRFSCORE = [PY, "-m", "trfscore"]


def check_one(folder: Path, env: dict[str, str], repeat: int) -> list[Row]:
    path = str(_big_trf(folder))
    f, o, rss = in_turns(repeat, [PY, str(FLOORS / "floor_check.py"), path], [*TRFSCORE, "check", path], env)
    return [Row("check one file (9,999 x 13)", f, o, rss)]


def check_many(folder: Path, env: dict[str, str], repeat: int, jobs: tuple[int, ...] = (1, 2, 4, 16)) -> list[Row]:
    many = str(_many(folder))
    rows = []
    for j in jobs:
        f, o, rss = in_turns(repeat, [PY, str(FLOORS / "floor_check.py"), many],
                             [*TRFSCORE, "check", many, "--jobs", str(j), "--no-progress"], env)
        rows.append(Row(f"check 1,000 files (100 x 9) --jobs {j}", f, o, rss))
    return rows


def json_read(folder: Path, env: dict[str, str], repeat: int, players: int = 40000) -> list[Row]:
    path = str(_json_doc(folder, players))
    floor = [PY, "-c", "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))", path]
    ours = [PY, "-c", "import sys, trfscore; trfscore.load(sys.argv[1])", path]
    f, o, rss = in_turns(repeat, floor, ours, env)
    # the memory reference: the same load of the 9,999-player event, as TRF and as JSON
    trf = str(_big_trf(folder))
    small = str(_json_doc(folder, 9999))
    _, trf_rss = run([PY, "-c", "import sys, trfscore; trfscore.load(sys.argv[1])", trf], env)
    _, json_rss = run([PY, "-c", "import sys, trfscore; trfscore.load(sys.argv[1])", small], env)
    return [Row(f"read a {players:,}-player JSON (vs json.load)", f, o, rss,
                f"9,999 players: JSON {json_rss:.0f} MB vs TRF {trf_rss:.0f} MB ({json_rss / trf_rss:.2f}x)")]


def to_trf(folder: Path, env: dict[str, str], repeat: int) -> list[Row]:
    path = str(_json_doc(folder, 9999))
    f, o, rss = in_turns(repeat, [PY, str(FLOORS / "floor_totrf.py"), path],
                         [*TRFSCORE, "convert", path, "--to", "trf"], env)
    return [Row("convert doc.json --to trf (9,999 x 13)", f, o, rss)]


JOBS = {"check": check_one, "check-many": check_many, "json": json_read, "totrf": to_trf}


def prepare(folder: Path) -> None:
    """Generate every input into ``folder`` in a child process: a child's peak memory counts
    its parent's at the time it started (Linux keeps it across exec), so this one stays small."""
    code = ("import sys; from pathlib import Path; import bench_floors as b; f = Path(sys.argv[1]); "
            "b._big_trf(f); b._many(f); b._json_doc(f, 9999); b._json_doc(f, 40000)")
    subprocess.run([PY, "-c", code, str(folder)], check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT / "benchmarks")})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(JOBS), help="comma-separated: " + ", ".join(JOBS))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--data", help="keep generated inputs in this folder (reused next time)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="trfscore-bench-") as tmp:
        folder = Path(args.data or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        prepare(folder)
        env = child_env(os.path.join(tmp, "pycache"))
        for name in args.only.split(","):
            for row in JOBS[name.strip()](folder, env, args.repeat):
                print(row, flush=True)
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
