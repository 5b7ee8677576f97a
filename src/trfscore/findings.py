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
