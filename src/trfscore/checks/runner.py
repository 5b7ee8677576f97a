"""Checking files: one input -> a :class:`FileResult`, many inputs -> a process pool.

Every failure stays inside its file's result: a file that cannot be read gets ``error`` (exit
code 2 for the run), a file that reads gets findings, and an unexpected exception in trfscore
itself becomes an ``error`` naming it, never a traceback.  Workers receive only picklable
options and return plain results, so ``--jobs N`` runs the same code as ``--jobs 1``.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import UsageError
from ..findings import SEVERITY_ORDER, Finding, finding
from ..formats.decode import looks_binary
from ..formats.files import NotReadable, read_file
from ..formats.limits import MAX_INPUT_BYTES  # larger inputs are not read (exit 2), as in the other commands

if TYPE_CHECKING:
    from ..model import Tournament
    from ..ratinglist import RatingList
    from .profiles import Profile

#: File name endings a folder is searched for.
SUFFIXES = (".trf", ".txt", ".pgn", ".json")
#: Lines of source text kept per finding for the text output (excerpts only).
EXCERPT = 160


class Options(NamedTuple):
    """What a worker needs to check one file (picklable).  This class and :class:`Target` are
    NamedTuples and :class:`FileResult` a plain class: a dataclass costs every process ~2.5 M
    instructions to make (docs/performance.md, "Start-up")."""

    profile: str | None = None
    select: str | None = None
    ignore: str | None = None
    encoding: str | None = None
    input_format: str | None = None
    event: str | None = None  # the event to read from a PGN file that holds several (--event)
    round_mode: str | None = None  # how a PGN file's Round tags are read (--round-mode)
    unfinished: str = "auto"  # how games not finished and unknown results score (--unfinished)
    excerpts: bool = True
    rating_lists: tuple[tuple[str, str, str], ...] = ()  # (index file, period, list hash) of each --rating-list
    #: skip what is no tournament file at all (``--only-tournaments``; see :func:`not_a_tournament`)
    tournaments_only: bool = False
    pairings: bool = False  # judge each round's pairing (check --pairings, the TRF9xx rules)
    pairing_progress: bool = False  # show the rounds being judged on standard error (one file, on a terminal)


class FileResult:
    """The outcome for one input (picklable: a worker sends it back)."""

    __slots__ = ("path", "findings", "encoding", "format", "error", "unreadable", "skipped", "listed", "lines",
                 "players", "rounds", "event")

    def __init__(self, path: str, findings: list[Finding] | None = None, encoding: str | None = None,
                 format: str | None = None, error: str | None = None, lines: dict[int, tuple[int, str]] | None = None
                 ) -> None:
        self.path, self.encoding, self.format = path, encoding, format
        self.findings: list[Finding] = [] if findings is None else findings
        self.error = error  # the file could not be read at all (exit 2)
        self.unreadable = False  # read, but nothing in it (no player, an error): exit 2, findings kept
        self.skipped = False  # not a tournament file (found in a folder, or --only-tournaments): not checked
        self.listed = False  # a skipped file a folder held: listed as skipped (--only-tournaments ones are not)
        self.lines: dict[int, tuple[int, str]] = {} if lines is None else lines  # line -> (offset, excerpt)
        self.players = self.rounds = 0
        #: the event reading the rules judged the file by (rounds played and pending, system), as the
        #: report's JSON gives it (:meth:`trfscore.event_reading.EventReading.to_dict`); None unread
        self.event: dict[str, Any] | None = None

    def reaches(self, level: str) -> bool:
        need = SEVERITY_ORDER[level]
        return any(SEVERITY_ORDER[f.severity] >= need for f in self.findings)


# -- one file ----------------------------------------------------------------------------

def not_a_tournament(t: Tournament) -> bool:
    """Content that no specific format claimed and the last-resort crosstable reader found no
    table in (a ``notes.txt``), a JSON document that holds no players (a ``package.json``), or
    binary content (which the sniffer hands to the TRF reader, and that reader says is binary).
    A file that looks like TRF or PGN is always checked, however broken."""
    return (not t.players and t.source.format in ("crosstable", "json")) or t.source.encoding == "binary"


def check_data(data: bytes, path: str, options: Options) -> FileResult:
    """Check bytes already read (standard input, or a file)."""
    result = FileResult(path)
    try:
        from .. import loading
        from . import check

        profile = _profile(options)
        blank = not data or data.isspace()  # (strip() would copy the whole input)
        # binary content is no tournament: tested here when a format is given, else once, on
        # the way to the TRF reader the sniffer hands it to (not_a_tournament, below)
        if options.tournaments_only and (blank or (options.input_format is not None and looks_binary(data))):
            result.skipped = True
            return result
        if blank:
            empty = finding("TRF100", "the file is empty" if not data else "the file holds only blanks",
                            1, 1, "give a TRF text file (FIDE Tournament Report File)")
            result.findings = [empty] if profile.enabled("TRF100") else []
            result.format = options.input_format or "trf"
            result.unreadable = True
            return result
        event, round_mode = options.event, options.round_mode
        if (event is not None or round_mode is not None) and not loading.reads_as_pgn(
                data, options.input_format, options.encoding):
            event = round_mode = None  # options for the PGN files of a run: its other files are read as usual
        t = loading.loads(data, options.input_format, path=None if path == "-" else path,
                          encoding=options.encoding, event=event, round_mode=round_mode,
                          unfinished=options.unfinished)
        if options.tournaments_only and not_a_tournament(t):
            result.skipped = True
            return result
        result.encoding = t.source.encoding
        result.format = t.source.format
        result.players = len(t.players)
        result.rounds = t.rounds
        if t.players:
            result.event = t.event.to_dict()
        progress = _RoundProgress(path) if options.pairing_progress and options.pairings else None
        try:
            result.findings = check(t, profile, rating_lists=_rating_lists(options.rating_lists),
                                    pairings=options.pairings, progress=progress)
        finally:
            if progress is not None:
                progress.clear()
        result.unreadable = loading.nothing_readable(t) is not None
        if options.excerpts and result.findings:
            wanted: dict[int, list[int]] = {}
            for f in result.findings:
                if f.line:
                    wanted.setdefault(f.line, []).append(f.column or 1)
            for rec in t.source.records:
                if rec.line in wanted:
                    result.lines[rec.line] = _excerpt(rec.text, wanted[rec.line])
            missing = [n for n in wanted if n not in result.lines]
            if missing:  # lines no record holds (a crosstable's table rows): from the input itself
                source = _source_lines(data, t.source.encoding)
                for n in missing:
                    if 0 < n <= len(source):
                        result.lines[n] = _excerpt(source[n - 1], wanted[n])
    except (UsageError, ValueError) as exc:  # a forced --encoding that does not fit, --event for no PGN
        result.error = str(exc)
    except ImportError as exc:
        result.error = f"cannot read this format: {exc}"
    except RecursionError:
        result.error = "input nested too deeply to read"
    except MemoryError:
        result.error = "not enough memory to read this input"
    except Exception as exc:  # never a traceback: report it as this file's problem
        result.error = f"internal error: {type(exc).__name__}: {exc} (please report this with the input file)"
    return result


class _RoundProgress:
    """The round being judged, on standard error (redrawn in place): the pairing check of a large
    event takes seconds per round."""

    def __init__(self, path: str) -> None:
        import sys

        from ..statusline import StatusLine

        self.path = path
        self.line = StatusLine(sys.stderr)

    def __call__(self, done: int, total: int) -> None:
        self.line.show(f"{self.path}: judging the pairing of round {done} of {total}  ")

    def clear(self) -> None:
        self.line.clear()


def _source_lines(data: bytes, encoding: str | None) -> list[str]:
    """The input's lines as read (decoded as the reader did; undecodable bytes replaced)."""
    try:
        text = data.decode(encoding or "utf-8", errors="replace")
    except LookupError:
        text = data.decode("utf-8", errors="replace")
    return text.lstrip("\ufeff").splitlines()


def _excerpt(text: str, columns: list[int]) -> tuple[int, str]:
    """(0-based offset, text): the line, or for a long one the part around the first column."""
    if len(text) <= EXCERPT * 2:
        return 0, text
    start = max(0, min(columns) - 1 - EXCERPT // 2)
    return start, text[start:start + EXCERPT]


_PROFILES: dict[tuple[str | None, str | None, str | None], Profile] = {}


def _profile(options: Options) -> Profile:
    key = (options.profile, options.select, options.ignore)
    profile = _PROFILES.get(key)
    if profile is None:
        from .profiles import resolve

        profile = _PROFILES[key] = resolve(options.profile, options.select, options.ignore)
    return profile


_LISTS: dict[tuple[tuple[str, str, str], ...], tuple[int, list[RatingList]]] = {}


def remember_lists(key: tuple[tuple[str, str, str], ...], lists: Iterable[RatingList]) -> None:
    """Lists already open in this process (the command's), reused for ``key``."""
    _LISTS[key] = (os.getpid(), list(lists))


def _rating_lists(key: tuple[tuple[str, str, str], ...]) -> list[RatingList]:
    """The open rating lists of ``Options.rating_lists``.  A worker process opens the built
    indexes itself, once: an SQLite connection is never used across a fork."""
    if not key:
        return []
    held = _LISTS.get(key)
    if held is None or held[0] != os.getpid():
        from ..ratinglist import RatingList

        held = _LISTS[key] = (os.getpid(), [RatingList.open_built(*item) for item in key])
    return held[1]


def check_path(path: str, options: Options) -> FileResult:
    """Check one file by name; unreadable files come back with ``error`` set."""
    try:  # a folder, a FIFO or device, a file too large: OSError/ValueError (formats.files.read_file)
        data = read_file(path, MAX_INPUT_BYTES)
    except FileNotFoundError:
        return FileResult(path, error="no such file")
    except PermissionError:
        return FileResult(path, error="permission denied")
    except (OSError, ValueError) as exc:
        return FileResult(path, error=getattr(exc, "strerror", None) or str(exc) or "cannot read")
    return check_data(data, path, options)


# -- many files --------------------------------------------------------------------------

class Target(NamedTuple):
    """One thing to check: a file path, standard input, or an argument that named nothing."""

    path: str
    stdin: bool = False
    error: str | None = None
    in_folder: bool = False  # found by walking a folder: checked only when its content is a tournament file


def expand(inputs: Iterable[str]) -> list[Target]:
    """Files, folders (searched recursively for *.trf *.txt *.pgn *.json), globs and ``-``.  A file
    found in a folder is checked only when its content is a tournament file (a ``README.txt`` or
    ``settings.json`` beside the TRF files is listed as skipped, never an error)."""
    targets: list[Target] = []
    seen: set[str] = set()

    def add(path: str, in_folder: bool = False) -> None:
        key = os.path.normpath(path)
        if key not in seen:
            seen.add(key)
            targets.append(Target(path, in_folder=in_folder))

    for item in inputs:
        if item == "-":
            if "-" not in seen:
                seen.add("-")
                targets.append(Target("-", stdin=True))
            continue
        if os.path.isdir(item):
            found = _walk(item)
            if not found:
                targets.append(Target(item, error="folder holds no " + " ".join("*" + s for s in SUFFIXES) + " files"))
            for path in found:
                add(path, True)
            continue
        if os.path.exists(item):
            add(item)
            continue
        import glob  # only an item naming no file may be a pattern (~2 M instructions to import)

        if not glob.has_magic(item):
            add(item)
            continue
        matches = sorted(glob.glob(item, recursive=True))
        files: list[tuple[str, bool]] = []
        for match in matches:
            files.extend([(f, True) for f in _walk(match)] if os.path.isdir(match) else [(match, False)])
        if not files:
            targets.append(Target(item, error="no file matches this pattern"))
        for path, in_folder in files:
            add(path, in_folder)
    return targets


def _walk(folder: str) -> list[str]:
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out += [os.path.join(root, name) for name in sorted(files)
                if name.lower().endswith(SUFFIXES) and not name.startswith(".")]
    return out


def options_for(target: Target, options: Options) -> Options:
    """A file found in a folder is checked only when it is a tournament file by its content."""
    return options._replace(tournaments_only=True) if target.in_folder else options


def run_all(targets: list[Target], options: Options, jobs: int = 1, stdin: Callable[[], bytes] | None = None,
            progress: Callable[[int, int], None] | None = None) -> Iterator[FileResult]:
    """Check every target, yielding results in input order."""
    total = len(targets)
    done = 0
    files = [t for t in targets if not t.error and not t.stdin]
    pooled: Iterator[FileResult] | None = None
    workers = min(jobs, usable_cpus(), len(files))
    if workers > 1:
        pooled = _pool(files, options, workers)
    for target in targets:
        if target.error:
            result = FileResult(target.path, error=target.error)
        elif target.stdin:
            try:
                data = stdin() if stdin else b""
            except NotReadable as exc:  # larger than the limit
                result = FileResult("-", error=str(exc))
            except Exception as exc:  # unreadable standard input
                result = FileResult("-", error=f"cannot read standard input: {exc}")
            else:
                result = check_data(data, "-", options)
        elif pooled is not None:
            result = next(pooled)
        else:
            result = check_path(target.path, options_for(target, options))
        if result.skipped and target.in_folder:
            result.listed = True
        done += 1
        if progress:
            progress(done, total)
        yield result


def usable_cpus() -> int:
    """The CPUs this process may run on.  Checking is CPU-bound, so ``--jobs`` above this
    number would only add processes that take turns on the same CPUs (each started, each with
    cold caches): the pool never has more workers than this."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this platform
        return os.cpu_count() or 1


def _pool(files: list[Target], options: Options, jobs: int) -> Iterator[FileResult]:
    """Results of ``files`` in order from a process pool; if the pool breaks, the rest run here."""
    from concurrent.futures import ProcessPoolExecutor  # (10 ms of imports a run with one job skips)
    from concurrent.futures.process import BrokenProcessPool

    paths = [t.path for t in files]
    each = [options_for(t, options) for t in files]
    chunk = max(1, min(32, len(paths) // (jobs * 8) or 1))
    index = 0
    pool = None
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(os.getpid(),))
        for result in pool.map(check_path, paths, each, chunksize=chunk):
            index += 1
            yield result
    except (BrokenProcessPool, OSError, RuntimeError, ImportError, NotImplementedError):
        # no working process pool here (or a worker died): check the rest in this process
        for path, opts in zip(paths[index:], each[index:]):
            yield check_path(path, opts)
    finally:  # stopped early (Ctrl-C, an error, the caller gone): the queued files are dropped
        if pool is not None:
            pool.shutdown(wait=index >= len(paths), cancel_futures=True)


def _worker_start(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle, and the worker ends as soon as its
    parent is gone (stopped by SIGTERM or SIGKILL, which no clean-up in the parent survives)."""
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="trfscore-parent-watch", daemon=True).start()
