"""The ``trfscore`` command line: a thin layer over the library.

``trfscore FILE`` is ``trfscore report FILE``.  Each subcommand lives in
:mod:`trfscore.commands` with ``add_parser(subparsers)`` and ``run(args) -> int``.
Exit codes: 0 clean, 1 findings at the failing level, 2 usage error or unreadable input.
No traceback ever reaches the user: an unexpected error is reported in one line with exit 2.
"""
from __future__ import annotations

import argparse
import errno
import gc
import importlib
import os
import sys
from typing import IO, Any, NoReturn

from . import __version__
from .errors import UsageError
from .safetext import neutralise_lines

COMMANDS = ("report", "check", "convert", "explain", "norms", "schema")
EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse with choices matched without regard to case (``--format JSON``) and usage errors
    said in one line with a suggestion, instead of the usage text."""

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        if action.choices and isinstance(arg_string, str) and arg_string not in action.choices:
            folded = {str(c).casefold(): c for c in action.choices if isinstance(c, str)}
            arg_string = folded.get(arg_string.casefold(), arg_string)
        return super()._get_value(action, arg_string)

    def error(self, message: str) -> NoReturn:  # exit 2, as argparse does, in one line
        self.exit(EXIT_USAGE, f"{self.prog}: error: {_suggest(message)} (see '{self.prog} --help')\n")


def _suggest(message: str) -> str:
    """argparse's message, shortened, with the closest valid choice when there is one."""
    import difflib
    import re

    m = re.match(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$", message)
    if not m:
        return message
    option, value, listed = m.group(1).split("/")[0], m.group(2), m.group(3)
    choices = re.findall(r"'([^']*)'", listed) or [c.strip() for c in listed.split(",")]
    close = difflib.get_close_matches(value.casefold(), choices, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"{option}: '{value}' is not one of {', '.join(choices)}{hint}"


def _unknown_command(word: str) -> str | None:
    """The message for ``trfscore chek FILE``: a word that is not a file but close to a command."""
    import difflib

    if os.path.exists(word):
        return None
    close = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.6)
    return f"unknown command '{word}' (did you mean {close[0]}?)" if close else None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command-line parser; ``only`` names the one subcommand to set up (each imports its
    own modules, so a run builds just the one it needs; help lists them all; ``--version``
    needs none)."""
    parser = _Parser(prog="trfscore", description="Read, check, score and convert chess tournament files "
                     "(FIDE TRF16/TRF26/TRF(x), PGN, crosstable text).",
                     epilog="'trfscore FILE' is short for 'trfscore report FILE'.")
    parser.add_argument("--version", action="version", version=f"trfscore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in (only,) if only in COMMANDS else () if only == "--version" else COMMANDS:
        module = importlib.import_module(f".commands.{name}", __package__)
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version"):
        message = None if argv[0].startswith("-") else _unknown_command(argv[0])
        if message:
            print(f"trfscore: {neutralise_lines(message)}", file=sys.stderr)
            return EXIT_USAGE
        argv.insert(0, "report")
    try:
        parser = build_parser(argv[0] if argv else None)
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        return int(args.run(args))
    except UsageError as exc:
        print(f"trfscore: {neutralise_lines(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("trfscore: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stdout = None
        return EXIT_OK
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) else EXIT_USAGE
    except OSError as exc:
        if exc.errno not in _WRITE_ERRORS:
            return _internal_error(exc)
        print(f"trfscore: cannot write the output ({exc.strerror or exc})", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:  # the last line of defence: never a traceback
        return _internal_error(exc)


#: errno values of a write that failed for want of room or a working device (standard output
#: on a full disk or ``/dev/full``): the output's problem, not trfscore's.
_WRITE_ERRORS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "EROFS")
                          if hasattr(errno, name))


def _internal_error(exc: BaseException) -> int:
    print(f"trfscore: internal error: {type(exc).__name__}: {neutralise_lines(str(exc))} "
          "(please report this with the input file)", file=sys.stderr)
    return EXIT_USAGE


def run() -> None:
    """The console entry point: :func:`main`, with the streams flushed before the exit code is
    returned (a full disk on standard output is said, not a traceback at shutdown)."""
    # Start-up (imports, the parser) allocates tens of thousands of objects that live until the
    # end, and the collector's young generation, collected every 700 allocations, walks them
    # again and again (~5 M instructions of a small report).  In the command's own process it is
    # collected every 20,000; cyclic garbage, which reference counting leaves, waits that long.
    gc.set_threshold(20_000, *gc.get_threshold()[1:])
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except OSError as exc:  # a closed pipe: nothing more to say; a full disk: say so
            if stream is sys.stdout and exc.errno in _WRITE_ERRORS:
                code = max(code, EXIT_USAGE)
                try:
                    print(f"trfscore: cannot write the output ({exc.strerror or exc})", file=sys.stderr)
                    sys.stderr.flush()
                except (OSError, ValueError):
                    pass
            _silence(stream)
        except ValueError:  # a closed stream
            pass
    # What is left now (modules, classes, tables made at import) lives until the process ends.
    # Frozen (gc.freeze, a documented stdlib call), the collector skips it: the interpreter's
    # shutdown still tears every module down and runs every exit handler, but its final
    # collections no longer walk these objects (~32 M instructions of a small report, about a
    # tenth of the command).  Nothing is lost: the outputs are written, closed and flushed
    # above; a cycle of garbage frozen here is memory the process returns on exit (CPython never
    # promised finalizers of objects alive at exit).
    gc.freeze()
    sys.exit(code)


def _silence(stream: IO[str]) -> None:
    """Point a stream whose flush failed at ``os.devnull``, so the interpreter's own flush at
    shutdown does not fail on the same bytes again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(null, stream.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(null)


if __name__ == "__main__":  # pragma: no cover
    run()
