"""JSON (one document) and JSON Lines (one object per line) output.

The JSON document is ``checkDocument`` in the packaged schema, a shape other tools rely on::

    {"files": [{"path": "event.trf", "encoding": "utf-8", "format": "trf",
                "findings": [{"rule": "TRF101", "severity": "warning", "line": 1, "column": 1,
                              "message": "...", "hint": "..."}]}],
     "summary": {"files": 1, "errors": 0, "warnings": 1, ...}}

A file that could not be read has ``"error"`` and no findings.  JSON Lines writes each finding
as ``{"type": "finding", "path": ..., "rule": ...}`` as soon as its file is checked, each
unreadable file as ``{"type": "error", ...}`` and the summary last as ``{"type": "summary", ...}``.
Fields may be added in later versions, never removed or renamed.
"""
from __future__ import annotations

import json
from typing import Any

from ...formats.json_model import SCHEMA_ID
from ..runner import FileResult
from . import Summary, Writer, display_path, finding_dict


def file_dict(result: FileResult) -> dict[str, Any]:
    item: dict[str, Any] = {"path": display_path(result.path), "encoding": result.encoding,
                            "format": result.format, "findings": [finding_dict(f) for f in result.findings]}
    if result.error:
        item["error"] = result.error
    return item


class JsonWriter(Writer):
    def __init__(self, stream, **options) -> None:
        super().__init__(stream, **options)
        self.files: list[dict[str, Any]] = []

    def file(self, result: FileResult) -> None:
        self.files.append(file_dict(result))

    def document(self, summary: Summary) -> dict[str, Any]:
        return {"$schema": SCHEMA_ID, "files": self.files, "summary": summary.to_dict()}

    def finish(self, summary: Summary) -> None:
        json.dump(self.document(summary), self.stream, ensure_ascii=False, indent=1)
        self.stream.write("\n")


#: Characters that JSON leaves raw but that some line splitters (Python's ``str.splitlines``,
#: pre-2019 JavaScript) take for line ends: escaped, so one object is always one line.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


class JsonLinesWriter(Writer):
    def _line(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False).translate(_LINE_BREAKS) + "\n")

    def file(self, result: FileResult) -> None:
        path = display_path(result.path)
        if result.error:
            self._line({"type": "error", "path": path, "message": result.error})
            return
        for f in result.findings:
            self._line({"type": "finding", "path": path, **finding_dict(f)})
        self.stream.flush()

    def finish(self, summary: Summary) -> None:
        self._line({"type": "summary", **summary.to_dict()})
