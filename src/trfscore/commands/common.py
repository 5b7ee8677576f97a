"""What several subcommands share: reading an input argument and writing an output."""
from __future__ import annotations

import argparse
import os
import sys
from argparse import ArgumentParser, Namespace
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any, TypeAlias

from ..errors import UsageError
from ..findings import Finding, LeftOut, counted
from ..formats import registry
from ..formats.files import NotReadable, read_file, read_stream
from ..loading import load_folder, loads, nothing_readable
from ..model import Tournament
from ..safetext import neutralise_lines
from ..unfinished import MODES as UNFINISHED_MODES

#: ``ArgumentParser.add_subparsers()``: what each command's ``add_parser`` adds its parser to.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def warn(message: object) -> None:
    """``trfscore: message`` on standard error, untrusted text in it neutralised."""
    print(f"trfscore: {neutralise_lines(str(message))}", file=sys.stderr)


def add_input_options(parser: ArgumentParser) -> None:
    parser.add_argument("--from", dest="input_format", choices=registry.choices(readable=True),
                        help="input format (default: sniffed)")
    parser.add_argument("--encoding", help="input encoding (default: UTF-8, else cp1252/Latin-1)")
    parser.add_argument("--event", metavar="NAME", help="PGN: the event to read from a file or folder that "
                        "holds several (TWIC); without it such input is refused with the list of its events")
    parser.add_argument("--round-mode", choices=("auto", "round", "round.board", "round.game"),
                        help="PGN: how Round \"3.1\" is read: round 3 (round; round.board also keeps board 1), "
                        "its own round (round.game: the games of a match), or auto (default: round.game when one "
                        "player has two games under one round number, else round); check applies --event and "
                        "--round-mode to its PGN inputs and reads its other files as usual")
    parser.add_argument("--unfinished", choices=UNFINISHED_MODES, default=UNFINISHED_MODES[0],
                        help="how games not finished (PGN '*') and unknown results (TRF X) score: auto (default: "
                        "'*' pending and not scored, X as record 162 says, a draw without it), pending (both not "
                        "scored, waiting for their result), draw (a draw for each player) or zero (0 for each); "
                        "always said in the report")


def _folder_formats() -> tuple[str, ...]:
    """The names under which a folder can be read (a folder of PGN files is one tournament)."""
    pgn = registry.get("pgn")
    return (pgn.name, *pgn.aliases)


def read_input(name: str) -> bytes:
    """Bytes of a file or of standard input ('-'); unreadable input is a UsageError (exit 2)."""
    try:
        return read_stream(sys.stdin.buffer) if name == "-" else read_file(name)
    except NotReadable as exc:
        raise UsageError(f"{name}: {exc}") from None
    except FileNotFoundError:
        raise UsageError(f"{name}: no such file") from None
    except OSError as exc:
        raise UsageError(f"{name}: cannot read ({exc.strerror or exc})") from None


def _empty_folder(name: str) -> str:
    """Why a folder gave no tournament: it holds no PGN games (a folder is one tournament only as
    PGN files, one per round or board), naming the other tournament files it holds."""
    files = [entry.name for entry in os.scandir(name) if entry.is_file()]
    others = sorted(n for n in files if (f := registry.by_extension(n)) is not None
                    and f.name not in ("pgn", "markdown"))  # a README.md is no event
    if not others:
        return f"{name}: no PGN games found in this folder"
    shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
    return (f"{name}: a folder is read as one tournament only from its PGN files, and it holds none; "
            f"it holds {len(others)} other tournament file(s) ({shown}): report one of them, "
            f"or check them all with 'trfscore check {name}'")


def load_input(name: str, args: Namespace) -> Tournament:
    """The tournament the input argument ``name`` names (a file, '-', a folder of PGN files); a
    UsageError (exit 2) when it cannot be read or holds nothing readable (:func:`unreadable`)."""
    if name != "-" and os.path.isdir(name):
        if getattr(args, "input_format", None) not in (None, *_folder_formats()):
            raise UsageError(f"{name}: is a directory (only a folder of PGN files can be read as one tournament)")
        t = load_folder(name, encoding=getattr(args, "encoding", None), event=getattr(args, "event", None),
                        round_mode=getattr(args, "round_mode", None), unfinished=getattr(args, "unfinished", "auto"))
        if not t.players:
            if any(f.rule in ("PGN110", "PGN111") for f in t.findings):
                unreadable(t, name)
            raise UsageError(_empty_folder(name))
        unreadable(t, name)
        return t
    return load_bytes(name, read_input(name), args)


def load_bytes(name: str, data: bytes, args: Namespace) -> Tournament:
    """The tournament in ``data``, the bytes of the input file ``name`` ('-': standard input), as
    :func:`load_input` reads it."""
    if not data or data.isspace():  # (strip() would copy the whole input)
        raise UsageError(f"{name}: the file is empty")
    try:
        t = loads(data, getattr(args, "input_format", None), path=None if name == "-" else name,
                     encoding=getattr(args, "encoding", None), event=getattr(args, "event", None),
                     round_mode=getattr(args, "round_mode", None), unfinished=getattr(args, "unfinished", "auto"))
    except (ValueError, UsageError) as exc:  # --event for input that is not PGN; a forced --encoding that does not fit
        raise UsageError(f"{name}: {exc}") from None
    unreadable(t, name)
    return t


#: The options of the subcommands that name files read in the run (``check`` adds the files its
#: folders and globs expand to).
INPUT_OPTIONS = ("input", "inputs", "rating_list", "fill_from", "players", "index")


def refuse_overwriting_inputs(args: Namespace, also: Iterable[str] = ()) -> None:
    """A UsageError (exit 2) when ``-o`` names a file that is an input of this run (the same file
    by device and inode: a link or another spelling too); called before anything is written."""
    name = getattr(args, "output", None)
    if name in (None, "-"):
        return
    inputs: list[str] = list(also)
    for option in INPUT_OPTIONS:
        value = getattr(args, option, None)
        inputs.extend([value] if isinstance(value, str) else value or [])
    from ..outfiles import same_file

    clash = same_file(name, inputs)
    if clash is not None:
        raise UsageError(f"{name}: is also an input of this run ({clash}); not overwritten: "
                         "write the output to another file")


def add_bom_option(parser: ArgumentParser) -> None:
    """``--no-bom``, for every command that writes CSV (``report``, ``convert``)."""
    parser.add_argument("--no-bom", action="store_true", help="CSV without the UTF-8 byte order mark (by default "
                        "CSV starts with one, so that spreadsheet programs read accented names right)")


def csv_text(data: str, args: Namespace) -> str:
    """CSV as the commands write it: with the UTF-8 byte order mark unless ``--no-bom`` (Excel
    takes a CSV without it for the local 8-bit code page and garbles every accented name)."""
    return data if getattr(args, "no_bom", False) else "\ufeff" + data


def format_for_output(name: str | None, given: str | None, found: str | None, default: str | None,
                      option: str, fits: bool | None = None) -> str | None:
    """The format to write: ``found`` (the one ``-o name``'s extension names) unless ``given``
    (``--format``/``--to``) is set, else ``default``.  A given format the extension contradicts
    is a UsageError (exit 2), as ``trfscore.dump`` writes what the file name names; ``fits`` says
    whether ``given`` fits the extension when the names differ (an alias such as ``trf26``)."""
    if name in (None, "-") or found is None:
        return given or default
    if given is None or given == found or fits:
        return given or found
    raise UsageError(f"{name}: the file name says {found}, but {option} {given} was given; "
                     f"drop {option} or name the file for {given}")


@contextmanager
def output(name: str | None, binary: bool = False) -> Iterator[IO[Any]]:
    """Standard output for None or '-', else the named file, replaced only once it is written
    whole (:func:`trfscore.outfiles.replaced`); errors are UsageErrors."""
    if name in (None, "-"):
        yield sys.stdout.buffer if binary else sys.stdout
        return
    from ..outfiles import replaced

    with cannot_write(name):
        with replaced(name, binary=binary, newline=None if binary else "") as handle:
            yield handle


@contextmanager
def cannot_write(name: str) -> Iterator[None]:
    """An ``OSError`` while writing to the file ``name`` (a full disk, ``-o /dev/full``) is a
    one-line UsageError (exit 2), not an internal error."""
    try:
        yield
    except OSError as exc:
        raise UsageError(f"{name}: cannot write ({exc.strerror or exc})") from None


def doubts(t: Tournament) -> list[Finding]:
    """The findings that make a reading's standings untrustworthy: for a text crosstable every
    error of the read (a layout guessed, a cell not read, printed totals that differ from the
    cells); for PGN every game that could not be placed (PGN108: a second game of a player in a
    round; PGN113: one player as White and Black; both dropped); with the reader's notes counting
    those of their rules it left out
    (:data:`~trfscore.findings.MAX_PER_RULE`).  ``report`` and ``convert`` print them and exit 1,
    so wrong standings never pass for right ones."""
    if t.source.format == "pgn":  # a game dropped: its players' points are short
        found = [f for f in t.findings if _dropped_game(f)]
    elif t.source.format == "crosstable":
        found = [f for f in t.findings if f.severity == "error"]
    else:
        return []
    rules = {f.rule for f in found}
    return found + [f for f in t.findings if isinstance(f, LeftOut) and f.of in rules]


def _dropped_game(f: Finding) -> bool:
    """True when ``f`` is a PGN game read and left out (the PGN reader's rules imported only then)."""
    if not f.rule.startswith("PGN"):
        return False
    from ..formats.pgn.rules import DROPPED_GAMES

    return f.rule in DROPPED_GAMES


def report_doubts(t: Tournament, name: str) -> bool:
    """Print :func:`doubts` of ``t`` (read from ``name``); true when there were any (exit 1)."""
    untrusted = doubts(t)
    if untrusted:
        print_doubts(untrusted, name)
    return bool(untrusted)


def print_doubts(findings: list[Finding], name: str, headline: str | None = None) -> None:
    """The findings of :func:`doubts` (or others, under ``headline``) on standard error, one
    compiler-style line each: all of them, as they are capped where they are found (a
    :class:`~trfscore.findings.LeftOut` note counts the rest of a rule)."""
    from ..safetext import neutralise as clean

    shown = clean(name)
    if headline is None:
        what = "game(s) not placed" if findings and _dropped_game(findings[0]) else "error(s) reading the table"
        headline = f"{what}; its standings cannot be trusted"
    print(f"trfscore: {shown}: {counted(findings)} {headline}:", file=sys.stderr)
    for f in findings:
        where = f"{shown}:{f.line}:{f.column}" if f.line and f.column else f"{shown}:{f.line}" if f.line else shown
        print(f"{where}: {f.severity} {f.rule} {clean(f.message)}", file=sys.stderr)
    if findings and _dropped_game(findings[0]) and findings[0].hint:
        print(f"hint: {clean(findings[0].hint)}", file=sys.stderr)


def unreadable(t: Tournament, name: str) -> None:
    """Exit 2 (UsageError) when the input held nothing readable: no players and an error."""
    error = nothing_readable(t)
    if error is not None:
        where = f":{error.line}" if error.line else ""
        raise UsageError(f"{name}{where}: {error.message}")
