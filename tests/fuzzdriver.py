"""Every command in every output format over one input file, in this (child) process.

``python tests/fuzzdriver.py INPUT`` runs report (each --format), check (each output format),
convert (each target), explain and norms on INPUT through ``trfscore.cli.main`` and prints, as one
JSON list on standard output, what went wrong: an exit code other than 0/1/2, a traceback or
internal error, a crashed check (TRF000), or an output that does not parse (JSON against the packaged
schema, HTML as HTML5 by html5lib's strict parser, SARIF as JSON, JUnit as XML, JSON lines).
The parent (``test_fuzz_commands``) runs it under a memory limit and a watchdog, so running out
of memory or time shows as the child's death, not the machine's.
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
import xml.etree.ElementTree as ET

REPORTS = ("text", "json", "markdown", "csv", "html")
CHECKS = ("text", "json", "jsonl", "sarif", "junit", "github")
CONVERTS = ("json", "trf", "trf16", "trf26", "pgn", "crosstable", "markdown", "csv")


def doors(path: str) -> list[tuple[str, str, list[str]]]:
    """(command, output format, argv) for every command and output format."""
    out = [("report", f, ["report", path, "--format", f]) for f in REPORTS]
    out += [("check", f, ["check", path, "--format", f, "--no-progress", "--profile", "fide"]) for f in CHECKS]
    out += [("convert", f, ["convert", path, "--to", f]) for f in CONVERTS]
    out += [("explain", f, ["explain", path, "--player", "1", "--tiebreak", "BH", "--format", f])
            for f in ("text", "json")]
    out.append(("report", "text", ["report", path, "--rules", "fide-2009"]))
    out.append(("report", "json", ["report", path, "--ratings", "fide", "--format", "json"]))
    out.append(("report", "markdown", ["report", path, "--ratings", "dwz", "--format", "markdown"]))
    out += [("norms", "text", ["norms", path]), ("norms", "json", ["norms", path, "--format", "json"]),
            ("norms", "json", ["norms", path, "--player", "1", "--format", "json"]),
            ("report", "html", ["report", path, "--norms", "--format", "html"]),
            ("report", "json", ["report", path, "--norms", "--format", "json"])]
    return out


@contextlib.contextmanager
def captured():
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = old


def output_problem(kind: str, fmt: str, data: bytes) -> str | None:
    """Why ``data`` is not the ``fmt`` it claims to be, or None."""
    from trfscore.formats.json_schema import validate

    if kind == "convert" and fmt.startswith("trf"):
        return None  # a TRF is written in its own encoding
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not UTF-8: {exc}"
    try:
        if fmt == "html":
            import html5lib

            html5lib.HTMLParser(strict=True).parse(text)
        elif fmt == "json" or (kind == "check" and fmt == "sarif"):
            doc = json.loads(text)
            if fmt == "json":
                problems = validate(doc)
                if problems:
                    return f"schema: {problems[:3]}"
        elif fmt == "jsonl":
            for line in text.splitlines():
                json.loads(line)
        elif fmt == "junit":
            ET.fromstring(data)
    except Exception as exc:  # whatever the parser says is the problem
        return f"{type(exc).__name__}: {str(exc)[:300]}"
    return None


def run_all(path: str) -> list[dict]:
    from trfscore.cli import main

    problems = []
    for kind, fmt, argv in doors(path):
        with captured() as (out, err):
            try:
                code = main(argv)
            except BaseException as exc:  # main must catch everything but a MemoryError might escape
                code = f"raised {type(exc).__name__}: {exc}"
            out.flush()
        data, errors = out.buffer.getvalue(), err.getvalue()
        what = None
        if code not in (0, 1, 2):
            what = f"exit code {code}"
        elif "Traceback" in errors or "internal error" in errors or "MemoryError" in errors:
            what = f"stderr: {errors[-500:]}"
        elif b"TRF000" in data or b"internal error" in data:
            what = "a check crashed: " + data.decode("utf-8", "replace")[-500:]
        elif code in (0, 1) and data:
            what = output_problem(kind, fmt, data)
        if what:
            problems.append({"argv": argv[:1] + argv[2:], "problem": what})
    return problems


if __name__ == "__main__":
    print(json.dumps(run_all(sys.argv[1])))
