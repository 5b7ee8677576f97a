"""What the check output formats share: the verdict of a file, the run's :class:`Summary`, the
:class:`Writer` base and the JSON form of a finding (:mod:`trfscore.checks.output` picks the format)."""
from __future__ import annotations

from typing import IO, TYPE_CHECKING, Any

from ...findings import ERROR, INFO, SEVERITY_ORDER, WARNING, Finding

if TYPE_CHECKING:  # pragma: no cover  (the runner, with its process pool, is not needed to name formats)
    from ..runner import FileResult

PASSED, FAILED, UNREADABLE, SKIPPED = "passed", "failed", "unreadable", "skipped"


def counts(result: FileResult) -> dict[str, int]:
    """Findings of ``result`` per severity (every severity present, 0 when none)."""
    out = {ERROR: 0, WARNING: 0, INFO: 0}
    for f in result.findings:
        out[f.severity] = out.get(f.severity, 0) + 1
    return out


def status(result: FileResult, fail_on: str) -> str:
    """One file's verdict: ``skipped`` (no tournament file by its content), ``unreadable`` (could
    not be read, or nothing in it), ``failed`` (a finding reaches ``fail_on``) or ``passed``."""
    if result.skipped:
        return SKIPPED
    if result.error or result.unreadable:
        return UNREADABLE
    return FAILED if result.reaches(fail_on) else PASSED


def file_status(result: FileResult, fail_on: str) -> dict[str, Any]:
    """The file's verdict and its findings per severity, as the JSON, SARIF and JUnit formats
    give them for each file: ``status``, ``errors``, ``warnings``, ``info``."""
    n = counts(result)
    return {"status": status(result, fail_on), "errors": n[ERROR], "warnings": n[WARNING], "info": n[INFO]}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 or word == "info" else "s")


def verdict(result: FileResult, fail_on: str) -> str:
    """``passed``, ``failed (2 errors, 5 warnings)``, ``unreadable (no such file)``, ``skipped (...)``."""
    state = status(result, fail_on)
    if state == SKIPPED:
        return f"{state} (not a tournament file)"
    if result.error:
        return f"{state} ({result.error})"
    n = counts(result)
    parts = [plural(n[s], w) for s, w in ((ERROR, "error"), (WARNING, "warning"), (INFO, "info")) if n[s]]
    return state + (f" ({', '.join(parts)})" if parts else "")


def statistics_lines(summary: Summary) -> list[str]:
    """``--statistics``: one line per rule that fired, most findings first:
    ``  404  TRF303  info     sex is not m, w or blank``."""
    from ..registry import get

    rows = sorted(((n, rule_id, severity) for rule_id, per in summary.rules.items() for severity, n in per.items()),
                  key=lambda r: (-r[0], r[1], -SEVERITY_ORDER[r[2]]))
    width = max((len(str(r[0])) for r in rows), default=1)
    return [f"{n:>{width}}  {rule_id:<7} {severity:<8} {r.summary if (r := get(rule_id)) else ''}".rstrip()
            for n, rule_id, severity in rows]


class Summary:
    """Totals over a run: files, unreadable files, findings per severity and per rule (a plain
    class: a dataclass costs every process ~2.5 M instructions to make, docs/performance.md)."""

    def __init__(self, fail_on: str = ERROR, profile: str = "basic") -> None:
        self.fail_on, self.profile = fail_on, profile
        self.files = self.unreadable = self.with_findings = self.failing = 0
        self.skipped = 0  # not a tournament file by its content (listed, never counted as checked)
        self.severities: dict[str, int] = {ERROR: 0, WARNING: 0, INFO: 0}
        self.rules: dict[str, dict[str, int]] = {}

    def add(self, result: FileResult) -> None:
        if result.skipped:
            self.skipped += 1
            return
        self.files += 1
        if result.error or result.unreadable:
            self.unreadable += 1
        if result.error:
            return
        if result.findings:
            self.with_findings += 1
        if result.reaches(self.fail_on):
            self.failing += 1
        for f in result.findings:
            self.severities[f.severity] = self.severities.get(f.severity, 0) + 1
            per = self.rules.setdefault(f.rule, {})
            per[f.severity] = per.get(f.severity, 0) + 1

    @property
    def exit_code(self) -> int:
        return 2 if self.unreadable else 1 if self.failing else 0

    def to_dict(self) -> dict[str, Any]:
        return {"files": self.files, "unreadable": self.unreadable, "with_findings": self.with_findings,
                "errors": self.severities.get(ERROR, 0), "warnings": self.severities.get(WARNING, 0),
                "info": self.severities.get(INFO, 0), "skipped": self.skipped, "failed": self.failing,
                "rules": dict(sorted(self.rules.items())),
                "profile": self.profile, "fail_on": self.fail_on, "exit_code": self.exit_code}

    def text(self) -> list[str]:
        """A few lines for a person."""
        e, w, i = (self.severities.get(s, 0) for s in (ERROR, WARNING, INFO))
        head = f"checked {plural(self.files, 'file')}: {plural(e, 'error')}, {plural(w, 'warning')}, {plural(i, 'info')}"
        if self.unreadable:
            head += f"; {plural(self.unreadable, 'file')} could not be read"
        if self.skipped:
            head += f"; {self.skipped} skipped (not tournament files)"
        lines = [head]
        if self.rules:
            from ..registry import get

            width = max(len(r) for r in self.rules)
            for rule_id, counts in sorted(self.rules.items(), key=lambda kv: (-max(SEVERITY_ORDER[s] for s in kv[1]),
                                                                               kv[0])):
                parts = ", ".join(f"{n} {s}" for s, n in sorted(counts.items(), key=lambda kv: -SEVERITY_ORDER[kv[0]]))
                r = get(rule_id)
                lines.append(f"  {rule_id:<{width}}  {parts:<18} {r.summary if r else ''}".rstrip())
        verdict = {0: "passed", 1: f"failed (findings at or above '{self.fail_on}')", 2: "failed (unreadable input)"}
        lines.append(f"result: {verdict[self.exit_code]}")
        return lines


class Writer:
    """Base formatter: subclasses override :meth:`file` and :meth:`finish`."""

    def __init__(self, stream: IO[str], *, colour: bool = False, fail_on: str = ERROR, profile: str = "basic",
                 statistics: bool = False) -> None:
        self.stream, self.colour, self.fail_on, self.profile = stream, colour, fail_on, profile
        self.statistics = statistics  # counts by rule instead of the findings (text and concise)

    def file(self, result: FileResult) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def finish(self, summary: Summary) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    #: True when the summary is part of the output (else the command prints it to stderr).
    summary_inline = False


def finding_dict(f: Finding) -> dict[str, Any]:
    """A finding as the JSON formats write it (``text`` only when there is some)."""
    item: dict[str, Any] = {"rule": f.rule, "severity": f.severity, "line": f.line, "column": f.column,
                            "message": f.message, "hint": f.hint}
    if f.text:
        item["text"] = f.text
    return item


def display_path(path: str) -> str:
    """Paths with forward slashes (``stdin`` for ``-``)."""
    return "stdin" if path == "-" else path.replace("\\", "/")
