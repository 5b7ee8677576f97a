"""``trfscore convert IN --to FORMAT [-o OUT]``: any input the model reads to any writer.

TRF -> JSON -> TRF gives back the original bytes of an unchanged file.
"""
from __future__ import annotations

from ..errors import UsageError
from .common import add_input_options, keep_until_exit, load_input, output, unreadable

WRITERS = ("json", "trf", "trf16", "trf26", "pgn", "crosstable", "markdown", "csv")


def add_parser(sub) -> None:
    p = sub.add_parser("convert", help="convert between TRF, JSON, PGN and crosstable formats")
    p.add_argument("input", help="input file ('-' for standard input)")
    p.add_argument("--to", required=True, choices=WRITERS, help="output format")
    p.add_argument("-o", "--output", help="output file (default or '-': standard output)")
    add_input_options(p)
    p.set_defaults(run=run)


def render(t, fmt: str) -> bytes:
    """The bytes of ``t`` written as ``fmt``."""
    if fmt == "json":
        from ..formats import json_model
        return json_model.write(t).encode("utf-8")
    if fmt == "trf":
        from ..formats import trf
        return trf.write_bytes(t)
    if fmt in ("trf16", "trf26"):
        from ..formats.trf import versions as trf_versions
        return trf_versions.write(t, fmt).encode("utf-8")
    if fmt == "pgn":
        from ..formats.pgn import writer as pgn_writer
        return pgn_writer.write(t).encode("utf-8")
    if fmt in ("crosstable", "markdown"):
        from ..formats.crosstable import writer as crosstable_writer
        return crosstable_writer.write(t, style="markdown" if fmt == "markdown" else "text").encode("utf-8")
    if fmt == "csv":
        from ..report import csv_report
        return csv_report.render(t.standings()).encode("utf-8")
    raise UsageError(f"unknown output format {fmt!r}")


def run(args) -> int:
    t = load_input(args.input, args)
    keep_until_exit(t)
    unreadable(t, args.input)
    data = render(t, args.to)
    with output(args.output, binary=True) as out:
        out.write(data)
    return 0
