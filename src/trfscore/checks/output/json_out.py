"""JSON (one document) and JSON Lines (one object per line) output.

The JSON document is ``checkDocument`` in the packaged schema, a shape other tools rely on::

    {"files": [{"path": "event.trf", "encoding": "utf-8", "format": "trf",
                "findings": [{"rule": "TRF101", "severity": "warning", "line": 1, "column": 1,
                              "message": "...", "hint": "..."}]}],
     "summary": {"files": 1, "errors": 0, "warnings": 1, ...}}

Each file has its ``"status"`` (``passed``, ``failed`` at ``--fail-on``, ``unreadable`` or
``skipped`` when a folder held it but it is no tournament file) and its ``"errors"``,
``"warnings"`` and ``"info"`` counts, and a file read as a tournament its ``"event"``: the
reading of the event the rules judged it by (rounds played and pending, system), as the JSON
report gives it.  A file that could not be read has ``"error"`` and no findings.  JSON Lines writes each finding
as ``{"type": "finding", "path": ..., "rule": ...}`` as soon as its file is checked, each
unreadable file as ``{"type": "error", ...}``, each file's verdict as ``{"type": "file", "path": ...,
"status": ...}`` after its findings, and the summary last as ``{"type": "summary", ...}``.
Fields may be added in later versions, never removed or renamed.
"""
from __future__ import annotations

import json
from typing import IO, Any

from ...findings import ERROR
from ...formats.json_text import SCHEMA_ID
from ...safetext import escape_json_text
from ..runner import FileResult
from .base import Summary, Writer, display_path, file_status, finding_dict


def file_dict(result: FileResult, fail_on: str = ERROR) -> dict[str, Any]:
    item: dict[str, Any] = {"path": display_path(result.path), "encoding": result.encoding,
                            "format": result.format, **file_status(result, fail_on),
                            "findings": [finding_dict(f) for f in result.findings]}
    if result.event is not None:
        item["event"] = result.event  # the reading check judged by: the same a report gives
    if result.error:
        item["error"] = result.error
    return item


class JsonWriter(Writer):
    def __init__(self, stream: IO[str], **options: Any) -> None:
        super().__init__(stream, **options)
        self.files: list[dict[str, Any]] = []

    def file(self, result: FileResult) -> None:
        self.files.append(file_dict(result, self.fail_on))

    def document(self, summary: Summary) -> dict[str, Any]:
        return {"$schema": SCHEMA_ID, "files": self.files, "summary": summary.to_dict()}

    def finish(self, summary: Summary) -> None:
        self.stream.write(escape_json_text(json.dumps(self.document(summary), ensure_ascii=False, indent=1)) + "\n")


class JsonLinesWriter(Writer):
    def _line(self, obj: dict[str, Any]) -> None:
        # escaped too: U+0085, U+2028 and U+2029, which some line splitters (Python's
        # str.splitlines, pre-2019 JavaScript) take for line ends, so one object is one line
        self.stream.write(escape_json_text(json.dumps(obj, ensure_ascii=False)) + "\n")

    def file(self, result: FileResult) -> None:
        path = display_path(result.path)
        if result.error:
            self._line({"type": "error", "path": path, "message": result.error})
        for f in result.findings:
            self._line({"type": "finding", "path": path, **finding_dict(f)})
        self._line({"type": "file", "path": path, **file_status(result, self.fail_on)})
        self.stream.flush()

    def finish(self, summary: Summary) -> None:
        self._line({"type": "summary", **summary.to_dict()})
