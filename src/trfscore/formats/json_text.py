"""The JSON text trfscore writes: the documents' schema id and one row per line of a list.

Kept apart from the tournament document's writer and reader (:mod:`.json_write`,
:mod:`.json_read`) so that writing a JSON report imports neither the document's code nor the
record classes.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from ..safetext import escape_json_text

SCHEMA_VERSION = 1
SCHEMA_ID = "https://trfscore.readthedocs.io/schema/tournament-1.json"
#: Header fields of a tournament document holding a date: ``null`` when missing, in every
#: document trfscore writes.
DATE_FIELDS = ("start_date", "end_date", "start_date_iso", "end_date_iso")


def dumps(doc: dict[str, Any], rows_key: str, body: Iterable[str] | None = None) -> str:
    """JSON text with each element of ``doc[rows_key]`` on a line of its own: :func:`pieces` joined."""
    return "".join(pieces(doc, rows_key, body))


def pieces(doc: dict[str, Any], rows_key: str, body: Iterable[str] | None = None) -> Iterator[str]:
    """The JSON text of ``doc`` with each element of ``doc[rows_key]`` on a line of its own, in
    pieces: the document up to the rows' ``[``, each run of rows, the end.

    Readable and diff-friendly like indented JSON, but encoded by the C encoder (``indent``
    would switch to the pure-Python one, several times slower on 10,000 players).
    ``body``: the rows already encoded, in runs of whole rows each joined by ``",\n"`` (then
    ``doc`` need not hold them); the runs are separated by ``",\n"`` too.  A run is asked for
    when its piece is, so a writer that writes each piece holds one run at a time, never the
    whole text.  Each piece is escaped apart (:func:`escape_json_text` writes single characters
    anew, so the pieces joined are the whole text escaped).
    """
    if body is None:
        encode = _ENCODER.encode
        body = [",\n".join([encode(row) for row in doc.get(rows_key) or []])]
    head = {k: v for k, v in doc.items() if k != rows_key}
    yield escape_json_text("".join([_ENCODER.encode(head)[:-1], ", " if head else "", f'"{rows_key}": [\n']))
    for n, run in enumerate(body):
        if n:
            yield ",\n"
        yield escape_json_text(run)
    yield "\n]}\n"


_ENCODER = json.JSONEncoder(ensure_ascii=False)
