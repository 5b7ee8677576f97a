"""JUnit XML: one test case per checked file, failing when a finding reaches ``--fail-on``.

CI servers that read JUnit reports show each file as a test: findings at or above the failing
level make a ``<failure>`` (every finding listed in its text), lesser ones go to
``<system-out>``, an unreadable file (missing, empty, nothing read) is an ``<error>``, a file a
folder held that is no tournament file is ``<skipped>``.  Each test case carries its verdict
and counts as properties (``status``, ``errors``, ``warnings``, ``info``).  All text is escaped, and characters XML
1.0 cannot hold (control characters from binary input) are neutralised, so the document
always parses.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import IO, Any

from ...findings import Finding
from ...safetext import neutralise_lines
from ..runner import FileResult
from .base import SKIPPED, UNREADABLE, Summary, Writer, display_path, file_status


def xml_safe(text: str) -> str:
    """Text for an XML 1.0 attribute or element: unsafe characters (among them every character
    XML 1.0 forbids) neutralised, line feeds kept; ElementTree escapes the markup."""
    return neutralise_lines(text)


def describe(f: Finding) -> str:
    where = (f"{f.line}:{f.column}: " if f.column else f"{f.line}: ") if f.line else ""
    return f"{where}{f.severity} {f.rule} {f.message}" + (
        f" (hint: {f.hint})" if f.hint else "")


class JunitWriter(Writer):
    def __init__(self, stream: IO[str], **options: Any) -> None:
        super().__init__(stream, **options)
        self.cases: list[ET.Element] = []
        self.failures = 0
        self.errors = 0
        self.skipped = 0

    def file(self, result: FileResult) -> None:
        path = xml_safe(display_path(result.path))
        case = ET.Element("testcase", {"classname": "trfscore.check", "name": path, "file": path})
        verdict = file_status(result, self.fail_on)
        state = verdict["status"]
        properties = ET.SubElement(case, "properties")
        for key, value in verdict.items():
            ET.SubElement(properties, "property", {"name": key, "value": str(value)})
        if state == SKIPPED:
            self.skipped += 1
            ET.SubElement(case, "skipped", {"message": "not a tournament file"})
        elif state == UNREADABLE:
            self.errors += 1
            reason = result.error or "; ".join(f.message for f in result.findings if f.severity == "error") or "nothing read"
            error = ET.SubElement(case, "error", {"message": xml_safe(reason), "type": "unreadable"})
            error.text = xml_safe(result.error or "\n".join(describe(f) for f in result.findings))
        else:
            failing = [f for f in result.findings if f.at_least(self.fail_on)]
            other = [f for f in result.findings if not f.at_least(self.fail_on)]
            if failing:
                self.failures += 1
                rules = sorted({f.rule for f in failing})
                failure = ET.SubElement(case, "failure", {
                    "message": xml_safe(f"{len(failing)} finding(s) at or above '{self.fail_on}': {', '.join(rules)}"),
                    "type": rules[0]})
                failure.text = xml_safe("\n".join(describe(f) for f in failing))
            if other:
                out = ET.SubElement(case, "system-out")
                out.text = xml_safe("\n".join(describe(f) for f in other))
        self.cases.append(case)

    def finish(self, summary: Summary) -> None:
        attrs = {"name": "trfscore check", "tests": str(len(self.cases)), "failures": str(self.failures),
                 "errors": str(self.errors), "skipped": str(self.skipped)}
        root = ET.Element("testsuites", attrs)
        suite = ET.SubElement(root, "testsuite", {**attrs, "name": f"trfscore check ({summary.profile})"})
        suite.extend(self.cases)
        self.stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        self.stream.write(ET.tostring(root, encoding="unicode"))
        self.stream.write("\n")
