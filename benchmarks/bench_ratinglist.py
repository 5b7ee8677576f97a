"""Benchmark: the rating-list index and checks against it.

1. A FIDE-layout combined XML list of ``--players`` (1,000,000) players is generated (ids from
   100001; the first 9,999 named as ``trfscore.testing.generate`` names tournament players, the
   rest with varied names, federations, titles, ratings, flags);
2. its index is built in a fresh process (``trfscore.RatingList.open``): wall time and peak
   memory (the child's maximum resident set);
3. one 500-player file is checked in process with and without the list (best of ``--repeat``):
   what the list adds to a check;
4. ``trfscore check FOLDER --jobs 2`` over ``--files`` (1,000) generated 100-player files, with and
   without ``--rating-list``, as commands (best of ``--repeat``, in turns).

Run:  python benchmarks/bench_ratinglist.py [--players 1000000] [--files 1000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

FEDERATIONS = ("GER", "FRA", "ESP", "IND", "USA", "RUS", "NOR", "ENG", "ITA", "POL", "CZE", "IRI", "BRA", "ARG")
TITLES = ("", "", "", "", "", "", "", "", "FM", "CM", "IM", "GM", "WFM", "WIM", "WGM", "WCM")


def write_list(path: Path, players: int, seed: int = 7) -> int:
    """A combined XML list in FIDE's element order (no XML declaration, as FIDE's has none)."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("<playerslist>\n")
        for i in range(1, players + 1):
            name = f"Player{i:04d}, Test" if i < 10000 else f"Surname{rng.randint(1, 400000)}, Given{i % 97}"
            rated = rng.random() < 0.45
            rating = rng.randint(1400, 2750) if rated else 0
            title = rng.choice(TITLES) if rating > 2000 else ""
            flag = rng.choice(("", "", "", "i", "w", "wi"))
            out.write(
                f"<player><fideid>{100000 + i}</fideid><name>{name}</name><country>{rng.choice(FEDERATIONS)}"
                f"</country><sex>{'F' if 'w' in flag else 'M'}</sex><title>{title}</title><w_title></w_title>"
                f"<o_title></o_title><foa_title></foa_title><rating>{rating or ''}</rating><games>"
                f"{rng.randint(0, 9) if rated else ''}</games><k>{rng.choice((10, 20, 40)) if rated else ''}</k>"
                f"<rapid_rating>{rating or ''}</rapid_rating><rapid_games></rapid_games><rapid_k></rapid_k>"
                f"<blitz_rating></blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k>"
                f"<birthday>{rng.randint(1940, 2018)}</birthday><flag>{flag}</flag></player>\n")
        out.write("</playerslist>\n")
    return path.stat().st_size


def write_events(folder: Path, files: int, players: int) -> None:
    from trfscore.testing.generate import swiss, to_trf

    for i in range(files):
        text = to_trf(swiss(players, 9, seed=i, forfeits=0.02, byes=0.03, name=f"Synthetic Open {i}"))
        (folder / f"event{i:04d}.trf").write_text(text, encoding="utf-8")


BUILD = """
import resource, sys, time
sys.path.insert(0, {src!r})
start = time.perf_counter()
from trfscore import RatingList
lst = RatingList.open({path!r}, index={index!r}, progress=False)
took = time.perf_counter() - start
use = resource.getrusage(resource.RUSAGE_SELF)
print(took, lst.players, use.ru_maxrss, use.ru_utime + use.ru_stime)
"""


def build_index(path: Path, index: Path) -> tuple[float, int, int, float]:
    """(wall seconds, players, peak resident KB, CPU seconds) of a build in a fresh process."""
    code = BUILD.format(src=str(ROOT / "src"), path=str(path), index=str(index))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]), int(out[2]), float(out[3])


def check_in_process(event: Path, lst, repeat: int) -> tuple[float, float, int]:
    import trfscore
    from trfscore.checks import check

    t = trfscore.load(event)
    plain, listed = [], []
    found = 0
    for _ in range(repeat):  # CPU time of this process: what the work costs, whatever the machine's load
        start = time.process_time()
        check(t, "fide")
        plain.append(time.process_time() - start)
        start = time.process_time()
        found = len(check(t, "fide", rating_lists=[lst]))
        listed.append(time.process_time() - start)
    return min(plain), min(listed), found


def run_cli(folder: Path, extra: list[str], index: Path) -> tuple[float, float]:
    """(wall, CPU of the command and its workers) of one ``check`` run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "XDG_CACHE_HOME": str(index)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trfscore.cli", "check", str(folder), "--jobs", "2", "--format", "json",
                    "--no-progress", "--profile", "fide", *extra], capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-ratinglist-") as tmp:
        root = Path(tmp)
        lst_path = root / "players_list_xml_foa.xml"
        start = time.perf_counter()
        size = write_list(lst_path, args.players)
        print(f"list: {args.players:,} players, {size / 1e6:.0f} MB XML (generated in "
              f"{time.perf_counter() - start:.1f} s)")
        index = root / "cache"
        builds = [build_index(lst_path, root / f"index{i}") for i in range(max(1, min(args.repeat, 2)))]
        took, players, rss, cpu = min(builds)
        print(f"index build: {took:.1f} s wall, {cpu:.1f} s CPU, peak memory {rss / 1024:.0f} MB, {players:,} "
              f"players indexed (best of {len(builds)}; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} CPUs)")
        from trfscore import RatingList

        lst = RatingList.open(str(lst_path), index=str(index / "trfscore"), progress=False)
        start = time.perf_counter()
        RatingList.open(str(lst_path), index=str(index / "trfscore"), progress=False)
        print(f"reopening the built index (hash remembered): {1000 * (time.perf_counter() - start):.1f} ms")
        events = root / "events"
        events.mkdir()
        write_events(events, 1, 500)
        plain, listed, found = check_in_process(events / "event0000.trf", lst, args.repeat * 3)
        print(f"one 500-player file, check in process (CPU): {1000 * plain:.1f} ms without the list, "
              f"{1000 * listed:.1f} ms with it (+{1000 * (listed - plain):.1f} ms; {found} findings)")
        (events / "event0000.trf").unlink()
        write_events(events, args.files, 100)
        without, with_list = [], []
        for _ in range(args.repeat):  # in turns: a drifting shared machine affects both alike
            without.append(run_cli(events, [], index))
            with_list.append(run_cli(events, ["--rating-list", str(lst_path)], index))
        print(f"check --jobs 2 of {args.files:,} files (100 players): {min(without)[0]:.2f} s wall / "
              f"{min(without)[1]:.2f} s CPU without the list, {min(with_list)[0]:.2f} s wall / "
              f"{min(with_list)[1]:.2f} s CPU with it (best of {args.repeat})")
        lst.close()


if __name__ == "__main__":
    main()
