"""``trfscore schema``: print the JSON Schema every trfscore JSON document follows."""
from __future__ import annotations

import json
from argparse import Namespace

from .common import Subparsers


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of trfscore's JSON documents")
    p.set_defaults(run=run)


def run(args: Namespace) -> int:
    from ..formats.json_schema import schema

    print(json.dumps(schema(), indent=1))
    return 0
