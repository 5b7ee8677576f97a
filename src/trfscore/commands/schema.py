"""``trfscore schema``: print the JSON Schema every trfscore JSON document follows."""
from __future__ import annotations

import json


def add_parser(sub) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of trfscore's JSON documents")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..formats.json_model import schema

    print(json.dumps(schema(), indent=1))
    return 0
