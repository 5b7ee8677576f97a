"""SARIF 2.1.0 (Static Analysis Results Interchange Format), for code-scanning services.

One run, tool ``trfscore``; the rules that fired are described in ``tool.driver.rules`` (id,
summary, documentation, default level); each finding is a result with its physical location
(relative URI, line and column).  Files that could not be read are tool execution
notifications of the invocation.  Every input is an artifact whose properties hold its verdict
(``status``: passed, failed, unreadable or skipped) and its findings per severity.
"""
from __future__ import annotations

import json
from typing import IO, Any
from urllib.parse import quote

from ... import __version__
from ...safetext import escape_json_text
from ..registry import get
from ..runner import FileResult
from .base import Summary, Writer, display_path, file_status

LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def artifact(path: str) -> dict[str, Any]:
    shown = display_path(path)
    location: dict[str, Any] = {"uri": quote(shown, safe="/:._-~")}
    if not shown.startswith("/") and ":" not in shown[:3]:
        location["uriBaseId"] = "%SRCROOT%"
    return location


class SarifWriter(Writer):
    def __init__(self, stream: IO[str], **options: Any) -> None:
        super().__init__(stream, **options)
        self.results: list[dict[str, Any]] = []
        self.notifications: list[dict[str, Any]] = []
        self.rule_index: dict[str, int] = {}
        self.rules: list[dict[str, Any]] = []
        self.artifacts: list[dict[str, Any]] = []

    def _rule(self, rule_id: str, severity: str) -> int:
        index = self.rule_index.get(rule_id)
        if index is None:
            r = get(rule_id)
            entry: dict[str, Any] = {"id": rule_id, "name": rule_id,
                                     "shortDescription": {"text": r.summary if r else rule_id},
                                     "defaultConfiguration": {"level": LEVELS.get(r.severity if r else severity,
                                                                                  "warning")}}
            if r and r.doc:
                entry["fullDescription"] = {"text": r.doc.split("\n\n")[0].replace("\n", " ")}
                entry["help"] = {"text": r.doc}
            index = self.rule_index[rule_id] = len(self.rules)
            self.rules.append(entry)
        return index

    def file(self, result: FileResult) -> None:
        self.artifacts.append({"location": artifact(result.path), "properties": file_status(result, self.fail_on)})
        if result.error:
            self.notifications.append({"level": "error", "message": {"text": f"cannot check: {result.error}"},
                                       "locations": [{"physicalLocation": {"artifactLocation": artifact(result.path)}}]})
            return
        for f in result.findings:
            physical: dict[str, Any] = {"artifactLocation": artifact(result.path)}
            if f.line:
                region: dict[str, Any] = {"startLine": max(1, f.line)}
                if f.column:
                    region["startColumn"] = max(1, f.column)
                physical["region"] = region
            message = f.message + (f" (hint: {f.hint})" if f.hint else "")
            item: dict[str, Any] = {"ruleId": f.rule, "ruleIndex": self._rule(f.rule, f.severity),
                                    "level": LEVELS.get(f.severity, "warning"), "message": {"text": message},
                                    "locations": [{"physicalLocation": physical}]}
            self.results.append(item)

    def document(self, summary: Summary) -> dict[str, Any]:
        return {
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {"name": "trfscore", "version": __version__, "semanticVersion": __version__,
                                    "rules": self.rules}},
                "invocations": [{"executionSuccessful": summary.unreadable == 0, "exitCode": summary.exit_code,
                                 "toolExecutionNotifications": self.notifications}],
                "artifacts": self.artifacts,
                "results": self.results,
                "columnKind": "unicodeCodePoints",
            }],
        }

    def finish(self, summary: Summary) -> None:
        self.stream.write(escape_json_text(json.dumps(self.document(summary), ensure_ascii=False, indent=1)))
        self.stream.write("\n")
