"""Findings: every data problem a reader or check finds, as a value (never an exception).

A finding names a stable rule id (``TRF101`` ...), a severity, the 1-based line and column it
points at, a message a person can act on and, where useful, a fix hint and the offending text.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITIES = (INFO, WARNING, ERROR)
SEVERITY_ORDER = {INFO: 0, WARNING: 1, ERROR: 2}


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in the input."""

    rule: str
    severity: str
    message: str
    line: int | None = None
    column: int | None = None
    hint: str = ""
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def at_least(self, severity: str) -> bool:
        """True when this finding is as severe as ``severity`` or more."""
        return SEVERITY_ORDER[self.severity] >= SEVERITY_ORDER[severity]


#: A reader keeps at most this many findings of one rule per input; the rest are counted.
MAX_PER_RULE = 500


class CappedFindings:
    """The sink a reader reports through: it appends to ``findings`` at most ``limit`` findings of
    each rule and counts the rest; :meth:`close` then adds, per capped rule, one finding saying how
    many were left out and where the last one was.  A damaged file can hold a problem per cell."""

    def __init__(self, findings: list[Finding], limit: int = MAX_PER_RULE) -> None:
        self.findings = findings
        self.limit = limit
        self.counts: dict[str, int] = {}
        self.last: dict[str, Finding] = {}

    def __call__(self, finding: Finding) -> None:
        n = self.counts[finding.rule] = self.counts.get(finding.rule, 0) + 1
        if n <= self.limit:
            self.findings.append(finding)
        else:
            self.last[finding.rule] = finding

    def close(self) -> None:
        """Add the "... and N more" findings (once)."""
        for rule, f in self.last.items():
            more = self.counts[rule] - self.limit
            self.findings.append(Finding(rule, f.severity, f"... and {more} more findings of this rule "
                                         f"(the last on line {f.line})", f.line, f.column, f.hint))
        self.last.clear()
