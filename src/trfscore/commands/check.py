"""``trfscore check FILE|FOLDER|GLOB|- ...``: validate tournament files.

Exit codes: 0 when no finding reaches ``--fail-on`` (default ``error``), 1 when one does, 2 for a
usage error or an input that cannot be read at all (missing, unreadable, a folder with nothing
to check, too big).  One bad file never stops the others; with ``--jobs N`` the files are checked
in a process pool.  The report goes to standard output; the progress bar (on a terminal only)
and, for machine formats, the summary go to standard error.
"""
from __future__ import annotations

import json
import os
import sys
from argparse import Namespace
from typing import IO, TYPE_CHECKING

from ..errors import UsageError
from ..findings import SEVERITIES
from ..safetext import escape_json_text
from .common import Subparsers, add_input_options, output, refuse_overwriting_inputs, warn

if TYPE_CHECKING:
    from ..ratinglist.ratinglist import RatingList


def add_parser(sub: Subparsers) -> None:
    from ..checks.output import FORMATS
    from ..checks.profiles import default_name, names

    p = sub.add_parser("check", help="validate tournament files (TRF, JSON, PGN, crosstable)",
                       description="Check tournament files for format errors, inconsistent pairings, "
                       "results, points and ranks, and (with --profile fide) what FIDE's rating server needs.")
    p.add_argument("inputs", nargs="*", metavar="PATH",
                   help="files, folders (searched for *.trf *.txt *.pgn *.json), globs, or '-' for standard input")
    p.add_argument("--profile", choices=names(), default=None,
                   help=f"rule set: 'basic' (consistency only) or 'fide' (FIDE rating-server needs); default "
                   f"'{default_name()}', or 'fide' when --rating-list is given")
    p.add_argument("--select", metavar="RULES", help="only these rules: ids or prefixes, comma-separated "
                   "(e.g. TRF5,TRF101); replaces the profile's selection")
    p.add_argument("--ignore", metavar="RULES", help="leave out these rules (ids or prefixes, comma-separated)")
    p.add_argument("--format", "-f", dest="output_format", choices=FORMATS, default="text",
                   help="report format (default: text)")
    p.add_argument("--statistics", action="store_true",
                   help="counts by rule instead of the findings (with --format text or concise)")
    p.add_argument("--fail-on", choices=("error", "warning", "info"), default="error",
                   help="lowest severity that makes the exit code 1 (default: error)")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                   help="check files in N processes, at most one per CPU (0: one per CPU; default 1)")
    p.add_argument("--list-rules", action="store_true", help="list every rule id and exit")
    p.add_argument("--pairings", action="store_true",
                   help="also judge every round's pairing against the FIDE Dutch system or the Berger tables (rules "
                   "TRF9xx; needs the optional checker: pip install 'trfscore[pairings]'; see docs/pairings.md)")
    p.add_argument("--only-tournaments", action="store_true",
                   help="skip files that are no tournament file by their content (empty, binary, text in which no "
                   "table is found, JSON without players), as a pre-commit hook over every text file wants")
    p.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")
    p.add_argument("--no-color", action="store_true", help="no colour in the text report")
    p.add_argument("-o", "--output", help="write the report to this file instead of standard output")
    add_input_options(p)
    from ..ratinglist.cli import add_options

    add_options(p)
    p.set_defaults(run=run)


def list_rules(args: Namespace) -> int:
    from ..checks.profiles import resolve
    from ..checks.registry import all_rules

    profiles = {name: resolve(name) for name in ("basic", "fide")}
    selection = resolve(args.profile, args.select, args.ignore)
    rules = all_rules()
    if args.output_format in ("json", "jsonl"):
        items = [{"rule": r.id, "severity": selection.severity_of(r.id, r.severity), "default_severity": r.severity,
                  "summary": r.summary, "source": r.source, "spec": r.spec,
                  "profiles": [n for n, prof in profiles.items() if prof.enabled(r.id)],
                  "selected": selection.enabled(r.id), "doc": r.doc, "why": r.why} for r in rules.values()]
        if args.output_format == "json":
            print(escape_json_text(json.dumps({"rules": items}, ensure_ascii=False, indent=1)))
        else:
            for item in items:
                print(escape_json_text(json.dumps(item, ensure_ascii=False)))
        return 0
    for r in rules.values():
        mark = " " if selection.enabled(r.id) else "-"
        in_profiles = ",".join(n for n, prof in profiles.items() if prof.enabled(r.id))
        print(f"{mark} {r.id:<7} {selection.severity_of(r.id, r.severity):<7} {in_profiles:<10} {r.summary}")
    return 0


class Progress:
    """A one-line progress bar of the files checked on ``stream``, redrawn at most ~20 times a second."""

    def __init__(self, stream: IO[str]) -> None:
        from ..statusline import StatusLine

        self.line = StatusLine(stream, every=0.05)

    def __call__(self, done: int, total: int) -> None:
        from ..statusline import bar

        self.line.show(f"{bar(done, total)} {done}/{total} files", last_step=done >= total)

    def clear(self) -> None:
        self.line.clear()


def run(args: Namespace) -> int:
    from ..checks.output import Summary, writer
    from ..checks.profiles import resolve
    from ..checks.runner import Options, expand, run_all
    from ..formats.decode import text_encoding
    from ..formats.files import read_stream

    args.profile = args.profile or ("fide" if args.rating_list else None)
    profile = resolve(args.profile, args.select, args.ignore)  # UsageError on unknown selectors
    if args.list_rules:
        return list_rules(args)
    if not args.inputs:
        raise UsageError("check: give files, folders, globs or '-' (standard input); "
                         "'trfscore check --list-rules' lists the rules")
    from ..checks.output import STATISTICS_FORMATS

    if args.statistics and args.output_format not in STATISTICS_FORMATS:
        raise UsageError(f"--statistics goes with --format {' or '.join(STATISTICS_FORMATS)}; the "
                         f"{args.output_format} report's summary already counts the findings by rule")
    if args.pairings:
        from ..pairings.engine import CheckerMissing, available

        if not available():  # asked for and impossible: a usage error (exit 2), before any file is read
            raise UsageError(f"check --pairings: {CheckerMissing()}")
    encoding = text_encoding(args.encoding) if args.encoding else None  # a UsageError when unknown
    if args.jobs < 0:
        raise UsageError("--jobs must be 0 (one per CPU) or more")
    jobs = args.jobs or os.cpu_count() or 1
    targets = expand(args.inputs)
    refuse_overwriting_inputs(args, [target.path for target in targets])  # before anything is written
    lists: tuple[RatingList, ...] = ()
    if args.rating_list:
        from ..ratinglist.cli import open_lists

        lists = tuple(open_lists(args.rating_list, args.index))
        if not any(profile.enabled(r) for r in ("FID001", "FID009")):
            print(f"trfscore: the FID rules are off in profile {profile.name!r}; use --profile fide to check "
                  "against the rating list", file=sys.stderr)
        if any(lst.where == ":memory:" for lst in lists):
            jobs = 1  # an index held in memory cannot be shared with worker processes
    options = Options(profile=args.profile, select=args.select, ignore=args.ignore, encoding=encoding,
                      event=args.event, round_mode=args.round_mode, unfinished=args.unfinished,
                      input_format=args.input_format, excerpts=args.output_format == "text",
                      rating_lists=tuple((lst.where, lst.period, lst.sha256) for lst in lists),
                      tournaments_only=args.only_tournaments, pairings=args.pairings)
    if lists:
        from ..checks.runner import remember_lists

        remember_lists(options.rating_lists, lists)
    if args.pairings and not args.no_progress and len(targets) == 1 and sys.stderr.isatty():
        options = options._replace(pairing_progress=True)
    if args.output in (None, "-"):
        try:  # a terminal that cannot show a character gets an escape, not a crash
            sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass
    with output(args.output) as stream:  # a file is renamed into place only when written whole
        colour = (args.output_format == "text" and not args.no_color and not os.environ.get("NO_COLOR")
                  and args.output in (None, "-") and hasattr(stream, "isatty") and stream.isatty())
        out = writer(args.output_format, stream, colour=colour, fail_on=args.fail_on, profile=profile.name,
                     statistics=args.statistics)
        summary = Summary(fail_on=args.fail_on, profile=profile.name)
        progress = None
        if not args.no_progress and len(targets) > 1 and sys.stderr.isatty():
            progress = Progress(sys.stderr)

        for result in run_all(targets, options, jobs=jobs, stdin=lambda: read_stream(sys.stdin.buffer),
                              progress=progress):
            if result.skipped and not result.listed:
                continue  # --only-tournaments on files named one by one (a pre-commit hook): not shown
            summary.add(result)
            out.file(result)
        if progress:
            progress.clear()
        out.finish(summary)
        stream.flush()
    if not out.summary_inline or args.output not in (None, "-"):
        for line in summary.text():
            warn(line)
    return summary.exit_code


__all__ = ["add_parser", "run", "SEVERITIES"]
