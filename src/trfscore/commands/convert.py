"""``trfscore convert IN --to FORMAT [-o OUT]``: any input the model reads to any writer.

Without ``--to``, the format is the one ``-o``'s file name names (``.json .trf .pgn .txt .md
.csv``), as ``trfscore.dump`` does; a ``--to`` the file name contradicts is a usage error.

TRF -> JSON -> TRF gives back the original bytes of an unchanged file.  A text crosstable read
with errors is still written, but its findings go to standard error and the exit code is 1; so
does what the target format cannot keep (:mod:`trfscore.formats.losses`, rules CNV001-CNV010)
when a finding reaches ``--fail-on`` (default ``error``: the written file's standings differ).
"""
from __future__ import annotations

from argparse import Namespace

from ..errors import UsageError
from ..formats import registry
from ..formats.losses import lost, reaches
from ..formats.trf.fits import Misfits
from ..model import Tournament
from .common import (
    Subparsers,
    add_bom_option,
    add_input_options,
    csv_text,
    format_for_output,
    load_bytes,
    load_input,
    output,
    print_doubts,
    read_input,
    refuse_overwriting_inputs,
    report_doubts,
)


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser("convert", help="convert between TRF, JSON, PGN and crosstable formats")
    p.add_argument("input", help="input file ('-' for standard input)")
    p.add_argument("--to", choices=registry.choices(writable=True),
                   help="output format (default: the one -o's file name names, e.g. out.json; 'trf' with "
                   "--fill-from; required otherwise)")
    p.add_argument("-o", "--output", help="output file (default or '-': standard output)")
    add_bom_option(p)
    add_input_options(p)
    p.add_argument("--fill-from", action="append", default=[], metavar="LIST",
                   help="rating list (repeatable): fill in missing FIDE ids, the ratings of the list in force on "
                   "the start date, titles, birth years and federations; each change is reported on standard error")
    p.add_argument("--index", metavar="PATH", help="folder (or .sqlite file) for the rating-list index")
    p.add_argument("--fail-on", choices=("error", "warning", "info"), default="error",
                   help="exit 1 when what the target format cannot keep (rules CNV001-CNV010, on standard error) "
                   "reaches this severity (default: error; the file is written all the same)")
    p.set_defaults(run=run)


def render(t: Tournament, fmt: str) -> bytes:
    """The bytes of ``t`` written as ``fmt`` (a writable format of the registry)."""
    try:
        target = registry.get(fmt)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not target.writable:
        raise UsageError(f"trfscore does not write {target.name}")
    return target.write(t)


def target_format(args: Namespace) -> str:
    """``--to``, else the format ``-o``'s file name names, else ``trf`` with ``--fill-from``."""
    found = registry.by_extension(args.output) if args.output not in (None, "-") else None
    found = found if found is not None and found.writable else None
    given = registry.get(args.to) if args.to else None
    # trf16 and trf26 are TRF written afresh: a .trf file fits them
    fits = given is not None and found is not None and given.name.startswith(found.name)
    fmt = format_for_output(args.output, given.name if given else None, found.name if found else None,
                            "trf" if args.fill_from else None, "--to", fits)
    if fmt is None:
        raise UsageError("convert: give --to FORMAT, or -o a file whose name says the format "
                         f"({', '.join(e for f in registry.FORMATS if f.writable for e in f.extensions)})")
    return fmt


def run(args: Namespace) -> int:
    refuse_overwriting_inputs(args)
    fmt = target_format(args)
    if args.fill_from:  # the input's bytes are read once: the fill writes into them
        from ..ratinglist.cli import fill_input

        raw = read_input(args.input)
        t = fill_input(load_bytes(args.input, raw, args), raw, args)
    else:
        t = load_input(args.input, args)
    try:
        data = render(t, fmt)
    except Misfits as exc:  # the TRF writers refuse values that do not fit their columns
        print_doubts(exc.findings, args.input, headline="value(s) do not fit their TRF columns; nothing written")
        return 1
    losses = lost(t, data, fmt)
    if losses:  # written all the same, but never passed off as the source
        print_doubts(losses, args.input, headline=f"loss(es) converting to {fmt}")
    if fmt == "csv":  # as report --format csv writes it
        data = csv_text(data.decode("utf-8"), args).encode("utf-8")
    with output(args.output, binary=True) as out:
        out.write(data)
    if report_doubts(t, args.input):  # a crosstable read with errors: written, but never passed off as right
        return 1
    return 1 if reaches(losses, args.fail_on) else 0
