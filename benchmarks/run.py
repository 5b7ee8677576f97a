"""Every job's benchmark in one table: trfscore's time as a ratio to the job's natural floor.

Each row runs two commands as fresh processes, in turns (floor, trfscore, floor, trfscore ...;
a shared machine speeding up or slowing down affects both alike), best of ``--repeat``, and
reads each one's peak resident memory from the kernel (``os.wait4``).  The floors are the
programs in ``/work/shared/bench-floors`` (``--floors`` or ``TRFSCORE_BENCH_FLOORS`` for
another folder); without them the script says so and exits 2.

The inputs are generated deterministically (``trfscore.testing.generate``, the generators of
``bench_check.py`` and ``bench_pgn.py``, and ``trfscore convert`` for the crosstable, JSON and
PGN copies of the large event) into a cache folder keyed by their sizes, and reused by later
runs (``--fresh`` rebuilds them).  Byte-code is compiled once into the cache, as an installed
package has it.

Run:  python benchmarks/run.py [--only html,markdown] [--repeat 5] [--list]
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
DEFAULT_FLOORS = "/work/shared/bench-floors"
TIEBREAKS = ["--tiebreaks", "BH-C1,BH,SB,PS", "--rules", "fide-2026"]

# A reading job as a command: load the file, print a count, end as any program does.
LOAD = "import sys, trfscore; t = trfscore.load(sys.argv[1]); print(len(t.players))"
JSON_LOAD = "import json, sys; d = json.load(open(sys.argv[1], encoding='utf-8')); print(len(d['players']))"


@dataclass
class Sizes:
    """How big each generated input is (the defaults are the issue's table)."""
    players: int = 9999
    rounds: int = 13
    small_players: int = 100
    small_rounds: int = 9
    files: int = 1000
    pgn_games: int = 100_000
    json_players: int = 40_000
    club_files: int = 300

    def key(self) -> str:
        return (f"p{self.players}r{self.rounds}-s{self.small_players}r{self.small_rounds}-f{self.files}"
                f"-g{self.pgn_games}-j{self.json_players}-c{self.club_files}")


@dataclass
class Row:
    """One line of the table: a floor command and trfscore's command for the same job."""
    key: str
    job: str
    goal: str
    inputs: tuple[str, ...]
    floor: Callable[[Path, Path], list[str]]  # (floors folder, input folder) -> argv
    ours: Callable[[Path], list[str]]  # input folder -> argv
    page: bool = False  # report trfscore's output size
    #: (input, reference input): also the peak RSS of reading each with ``trfscore.load``, as a ratio
    memory: tuple[str, str] | None = None
    notes: list[str] = field(default_factory=list)


#: (players, rounds) of the events at the sizes events have (issue #23): reports and check of their TRF,
#: and JSON input (Swiss events, as ``convert --to json`` writes them from their TRF: with the source records)
EVENTS = ((24, 7), (100, 9), (300, 9), (1000, 11))
#: the players' range of the folder of small files checked in one run (``Sizes.club_files`` of them)
CLUB_PLAYERS = (20, 60)


def py(*args: str) -> list[str]:
    return [sys.executable, *args]


def trfscore(*args: str) -> list[str]:
    return py("-m", "trfscore", *args)


def rows(jobs: list[int], club_files: int = Sizes.club_files) -> list[Row]:
    """The table's rows, in the issue's order."""
    def floor(script: str, name: str) -> Callable[[Path, Path], list[str]]:
        return lambda floors, d: py(str(floors / script), str(d / name))

    table = [
        Row("standings", "`report --format json` (BH-C1, BH, SB, PS)", "<= 2x", ("big.trf",),
            floor("floor_standings.py", "big.trf"),
            lambda d: trfscore("report", str(d / "big.trf"), "--format", "json", *TIEBREAKS)),
        Row("ratings", "`report --ratings fide --format json`", "<= 2x", ("big.trf",),
            floor("floor_ratings.py", "big.trf"),
            lambda d: trfscore("report", str(d / "big.trf"), "--ratings", "fide", "--format", "json", *TIEBREAKS)),
        Row("html", "`report --format html`", "<= 2x; page <= 10 MB", ("big.trf",),
            floor("floor_html.py", "big.trf"),
            lambda d: trfscore("report", str(d / "big.trf"), "--format", "html", *TIEBREAKS), page=True),
        Row("markdown", "`report --format markdown`", "<= 2x", ("big.trf",),
            floor("floor_standings.py", "big.trf"),
            lambda d: trfscore("report", str(d / "big.trf"), "--format", "markdown", *TIEBREAKS)),
        Row("check", "`check` one file", "<= 2x", ("big.trf",),
            floor("floor_check.py", "big.trf"),
            lambda d: trfscore("check", str(d / "big.trf"), "--no-progress")),
    ]
    for j in jobs:
        table.append(Row(f"check-files-j{j}", f"`check` of the small files, `--jobs {j}`", "<= 2x", ("files",),
                         floor("floor_check.py", "files"),
                         lambda d, j=j: trfscore("check", str(d / "files"), "--jobs", str(j), "--no-progress")))
    table += [
        Row("crosstable", "crosstable text input (`report --format json`)", "<= 2x", ("big.txt",),
            floor("floor_ct.py", "big.txt"),
            lambda d: trfscore("report", str(d / "big.txt"), "--format", "json", *TIEBREAKS)),
        Row("totrf", "`convert doc.json --to trf`", "<= 2x", ("big.json",),
            floor("floor_totrf.py", "big.json"),
            lambda d: trfscore("convert", str(d / "big.json"), "--to", "trf")),
        Row("pgn", "reading the large event's PGN (`trfscore.load`)", "<= 3x", ("big.pgn",),
            floor("floor_pgn.py", "big.pgn"),
            lambda d: py("-c", LOAD, str(d / "big.pgn"))),
        Row("pgn-100k", "reading the 100,000-game PGN (`trfscore.load`)", "<= 3x; <= 100 MB", ("games.pgn",),
            floor("floor_pgn.py", "games.pgn"),
            lambda d: py("-c", LOAD, str(d / "games.pgn"))),
        Row("small", "small event `report` (text)", "<= 2x", ("small.trf",),
            floor("floor_standings.py", "small.trf"),
            lambda d: trfscore("report", str(d / "small.trf"))),
        Row("version", "`trfscore --version` vs `python -c pass`", "<= 2.5x", (),
            lambda floors, d: py("-c", "pass"),
            lambda d: trfscore("--version")),
        Row("json-big", "reading the large JSON document (`trfscore.load`) vs `json.load`", "<= 1.5x; <= 2x the TRF's memory",
            ("players.json", "big.json", "big.trf"),
            lambda floors, d: py("-c", JSON_LOAD, str(d / "players.json")),
            lambda d: py("-c", LOAD, str(d / "players.json")), memory=("big.json", "big.trf")),
    ]
    for players, _ in EVENTS:  # reports and check at the sizes events have (issue #23)
        name = f"event{players}.trf"
        table += [
            Row(f"report-json-{players}", f"`report --format json`, {players} players", "<= 2x", (name,),
                floor("floor_standings.py", name),
                lambda d, name=name: trfscore("report", str(d / name), "--format", "json", *TIEBREAKS)),
            Row(f"report-html-{players}", f"`report --format html`, {players} players", "<= 2x", (name,),
                floor("floor_html.py", name),
                lambda d, name=name: trfscore("report", str(d / name), "--format", "html", *TIEBREAKS)),
            Row(f"check-{players}", f"`check`, {players} players", "<= 2x", (name,), floor("floor_check.py", name),
                lambda d, name=name: trfscore("check", str(d / name), "--no-progress")),
        ]
    table.append(Row("check-clubs-j1", f"`check --jobs 1` of {club_files} files of {CLUB_PLAYERS[0]}-{CLUB_PLAYERS[1]} "
                     "players", "<= 2x", ("clubs",), floor("floor_check.py", "clubs"),
                     lambda d: trfscore("check", str(d / "clubs"), "--jobs", "1", "--no-progress")))
    for players, _ in EVENTS:  # JSON input at the sizes events have (issue #23)
        name = f"json{players}.json"
        table.append(Row(f"json-{players}", f"JSON input, {players} players (`convert doc.json --to trf`)", "<= 2x",
                         (name,), floor("floor_totrf.py", name),
                         lambda d, name=name: trfscore("convert", str(d / name), "--to", "trf")))
    return table


# ---------------------------------------------------------------------------------------------
# inputs

def child_env(cache: Path) -> dict[str, str]:
    """The timed commands' environment: the source tree, byte-code compiled once into the cache
    (whatever PYTHONDONTWRITEBYTECODE says), no colours."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env.update(PYTHONPATH=str(ROOT / "src"), PYTHONPYCACHEPREFIX=str(cache / "pycache"), NO_COLOR="1")
    return env


def _atomic_text(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _convert(source: Path, fmt: str, target: Path, env: dict[str, str]) -> None:
    tmp = target.with_name(target.name + f".{os.getpid()}.tmp")
    subprocess.run(trfscore("convert", str(source), "--to", fmt, "-o", str(tmp)), env=env, check=True)
    os.replace(tmp, target)


def build_input(name: str, folder: Path, sizes: Sizes, env: dict[str, str]) -> None:
    """Generate one input into ``folder`` (deterministic: fixed seeds)."""
    from trfscore.testing.generate import swiss, to_trf

    target = folder / name
    if name == "big.trf":
        _atomic_text(target, to_trf(swiss(sizes.players, sizes.rounds, seed=7, forfeits=0.02, byes=0.02,
                                          withdrawals=0.05)))
    elif name == "small.trf":
        _atomic_text(target, to_trf(swiss(sizes.small_players, sizes.small_rounds, seed=1, forfeits=0.02,
                                          byes=0.03, withdrawals=0.05, name="Synthetic Open")))
    elif name in ("big.txt", "big.json", "big.pgn"):
        build(["big.trf"], folder, sizes, env)
        _convert(folder / "big.trf", {"txt": "crosstable", "json": "json", "pgn": "pgn"}[name[4:]], target, env)
    elif name.startswith("event") and name.endswith(".trf"):
        players = int(name[5:-4])
        _atomic_text(target, to_trf(swiss(players, dict(EVENTS)[players], seed=players, forfeits=0.02, byes=0.03,
                                          withdrawals=0.05, name=f"Open {players}")))
    elif name == "clubs":
        import random

        tmp = folder / f"clubs.{os.getpid()}.tmp"
        tmp.mkdir()
        rng = random.Random(300)
        for i in range(sizes.club_files):
            players, rounds = rng.randint(*CLUB_PLAYERS), rng.randint(5, 9)
            (tmp / f"event{i:03d}.trf").write_text(to_trf(swiss(players, rounds, seed=1000 + i, forfeits=0.02, byes=0.03,
                                                                withdrawals=0.05, name=f"Club {i}")), encoding="utf-8")
        os.replace(tmp, target)
    elif name == "files":
        import bench_check

        tmp = folder / f"files.{os.getpid()}.tmp"
        tmp.mkdir()
        bench_check.generate(tmp, sizes.files, sizes.small_players, sizes.small_rounds)
        os.replace(tmp, target)
    elif name == "games.pgn":
        import bench_pgn

        tmp = target.with_name(target.name + f".{os.getpid()}.tmp")
        bench_pgn.generate(str(tmp), sizes.pgn_games, players=max(2, min(1000, sizes.pgn_games)))
        os.replace(tmp, target)
    elif name.startswith("json") and name.endswith(".json"):
        from trfscore import loads
        from trfscore.formats import json_write

        players = int(name[4:-5])
        rounds = dict(EVENTS)[players]
        t = swiss(players, rounds, seed=players, forfeits=0.02, byes=0.02, withdrawals=0.05)
        _atomic_text(target, json_write.write(loads(to_trf(t))))
    elif name == "players.json":
        from trfscore.formats import json_write

        t = swiss(sizes.json_players, sizes.rounds, seed=40, forfeits=0.02, byes=0.02, withdrawals=0.05)
        _atomic_text(target, json_write.write(t))
    else:
        raise ValueError(name)


def ensure(names: list[str], folder: Path, sizes: Sizes, env: dict[str, str]) -> None:
    """Generate the missing inputs in a child process: this one stays small, because a child's
    peak RSS counts the memory of the process it was forked from."""
    missing = [name for name in names if not (folder / name).exists()]
    if missing:
        sizes_args = [a for name, value in vars(sizes).items() for a in ("--" + name.replace("_", "-"), str(value))]
        subprocess.run([sys.executable, __file__, "--build", ",".join(missing), "--cache", str(folder.parent),
                        *sizes_args], env=env, check=True)


def build(names: list[str], folder: Path, sizes: Sizes, env: dict[str, str]) -> None:
    for name in names:
        if not (folder / name).exists():
            start = time.perf_counter()
            build_input(name, folder, sizes, env)
            print(f"  generated {name} in {time.perf_counter() - start:.1f} s", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# measuring

@dataclass
class Run:
    seconds: float
    rss_mb: float
    out_bytes: int


def run_once(argv: list[str], env: dict[str, str], out: Path) -> Run:
    """``argv`` as a fresh process, its standard output into ``out``: wall time, peak RSS."""
    with open(out, "wb") as sink:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=sink, stderr=subprocess.PIPE)
        stderr = proc.stderr.read() if proc.stderr else b""
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):  # 1: check found something; anything else is a failure
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}:\n{stderr.decode(errors='replace')[-2000:]}")
    return Run(elapsed, usage.ru_maxrss / 1024, out.stat().st_size)


def measure(row: Row, floors: Path, data: Path, env: dict[str, str], repeat: int) -> tuple[Run, Run]:
    """Best of ``repeat`` for the floor and for trfscore, taken in turns, after one warm-up each."""
    floor_argv, ours_argv = row.floor(floors, data), row.ours(data)
    seconds, rss, size = [float("inf")] * 2, [0.0] * 2, [0] * 2
    for i in range(repeat + 1):
        for side, argv in enumerate((floor_argv, ours_argv)):
            r = run_once(argv, env, data / f"out.{os.getpid()}.{side}")
            rss[side], size[side] = max(rss[side], r.rss_mb), r.out_bytes
            if i:  # the first turn warms the file cache and compiles
                seconds[side] = min(seconds[side], r.seconds)
    for side in (0, 1):
        os.unlink(data / f"out.{os.getpid()}.{side}")
    best = [Run(seconds[side], rss[side], size[side]) for side in (0, 1)]
    return best[0], best[1]


def memory_peaks(row: Row, data: Path, env: dict[str, str], repeat: int) -> tuple[float, float] | None:
    """The peak RSS of reading ``row.memory``'s input and its reference input, the largest of
    ``repeat`` runs in turns; None for a row without them."""
    if row.memory is None:
        return None
    rss = [0.0, 0.0]
    for _ in range(repeat):
        for side, name in enumerate(row.memory):
            run = run_once(py("-c", LOAD, str(data / name)), env, data / f"out.{os.getpid()}.{side}")
            rss[side] = max(rss[side], run.rss_mb)
    for side in (0, 1):
        os.unlink(data / f"out.{os.getpid()}.{side}")
    return rss[0], rss[1]


def table_line(row: Row, floor: Run, ours: Run, peaks: tuple[float, float] | None = None) -> str:
    extra = f"; page {ours.out_bytes / 1e6:.1f} MB" if row.page else ""
    if peaks is not None and row.memory is not None:
        extra += (f"; {row.memory[0]} {peaks[0]:.0f} MB vs {row.memory[1]} {peaks[1]:.0f} MB: "
                  f"**{peaks[0] / peaks[1]:.2f}x**")
    return (f"| {row.key} | {row.job} | {floor.seconds:.3f} s | {ours.seconds:.3f} s | **{ours.seconds / floor.seconds:.2f}x** "
            f"| {floor.rss_mb:.0f} MB | {ours.rss_mb:.0f} MB{extra} | {row.goal} |")


def main(argv: list[str] | None = None) -> int:
    sizes = Sizes()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="comma-separated row keys (see --list)")
    ap.add_argument("--repeat", type=int, default=5, help="best of N, in turns (default 5)")
    ap.add_argument("--list", action="store_true", help="list the row keys and exit")
    ap.add_argument("--floors", default=os.environ.get("TRFSCORE_BENCH_FLOORS", DEFAULT_FLOORS),
                    help=f"folder of the floor programs (default {DEFAULT_FLOORS})")
    ap.add_argument("--cache", help="folder for generated inputs (default: <tmp>/trfscore-bench)")
    ap.add_argument("--fresh", action="store_true", help="regenerate the inputs")
    ap.add_argument("--build", help=argparse.SUPPRESS)  # the child process that generates inputs
    ap.add_argument("--jobs", default="1,2,16", help="--jobs values of the many-files row (default 1,2,16)")
    for name, value in vars(sizes).items():
        ap.add_argument("--" + name.replace("_", "-"), type=int, default=value, help=f"(default {value})")
    args = ap.parse_args(argv)
    for name in vars(sizes):
        setattr(sizes, name, getattr(args, name))
    table = rows([int(j) for j in args.jobs.split(",") if j], sizes.club_files)
    if args.list:
        for row in table:
            print(f"{row.key:16} {row.job}")
        return 0
    if args.only:
        wanted = [k.strip() for k in args.only.split(",") if k.strip()]
        unknown = [k for k in wanted if k not in {r.key for r in table}]
        if unknown:
            print(f"run.py: unknown row(s) {', '.join(unknown)}; see --list", file=sys.stderr)
            return 2
        table = [r for r in table if r.key in wanted]
    if args.build:
        sys.path.insert(0, str(ROOT / "src"))
        folder = Path(args.cache) / sizes.key()
        build(args.build.split(","), folder, sizes, child_env(folder.parent))
        return 0
    floors = Path(args.floors)
    if not floors.is_dir():
        print(f"run.py: the floor programs are not here: {floors} is absent (--floors DIR or "
              f"TRFSCORE_BENCH_FLOORS); nothing measured", file=sys.stderr)
        return 2

    data = Path(args.cache or os.path.join(tempfile.gettempdir(), "trfscore-bench")) / sizes.key()
    if args.fresh and data.exists():
        import shutil
        shutil.rmtree(data)
    data.mkdir(parents=True, exist_ok=True)
    env = child_env(data.parent)
    ensure(sorted({n for r in table for n in r.inputs}), data, sizes, env)

    print(f"trfscore benchmarks, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs; best of {args.repeat}, in turns")
    print(f"large event {sizes.players} x {sizes.rounds}; small event {sizes.small_players} x {sizes.small_rounds} "
          f"({sizes.files} files); PGN {sizes.pgn_games} games; JSON {sizes.json_players} players\n")
    print("| row | job | floor | trfscore | trfscore / floor | floor peak RSS | trfscore peak RSS | goal |")
    print("|---|---|---|---|---|---|---|---|")
    for row in table:
        floor, ours = measure(row, floors, data, env, args.repeat)
        print(table_line(row, floor, ours, memory_peaks(row, data, env, args.repeat)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
