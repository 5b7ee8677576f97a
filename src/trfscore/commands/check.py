"""``trfscore check``: placeholder until the validator lands (issue 4)."""
from __future__ import annotations


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="validate tournament files")
    p.add_argument("inputs", nargs="*")
    p.set_defaults(run=run)


def run(args) -> int:
    return 2
