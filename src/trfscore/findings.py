"""Findings: every data problem a reader or check finds, as a value (never an exception).

A finding names a stable rule id (``TRF101`` ...), a severity, the 1-based line and column it
points at, a message a person can act on and, where useful, a fix hint and the offending text.

Every rule id is declared once, with :func:`declare`, in the module that reports it (the TRF
reader's ids in :mod:`trfscore.formats.trf.reader`, ``.header``, ``.player`` and ``.records``; a
check's id in its ``@rule`` decorator).  Emitters build findings with :func:`finding`, which takes
the severity from the declaration, so a severity is written once.  :data:`CATALOGUE` holds the
declarations; :func:`trfscore.checks.registry.all_rules` imports every declaring module.
"""
# Annotations evaluated, not postponed (no ``from __future__ import annotations``): the
# NamedTuple here gets its field types as objects; as text, ``typing`` compiles each field's type
# at import (~57 K instructions a field, on every command; docs/performance.md).

from collections.abc import Callable, Hashable, Iterable
from dataclasses import asdict, dataclass, fields
from inspect import cleandoc
from typing import Any, NamedTuple

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


class Rule(NamedTuple):
    """One rule, as its declaring module states it: a stable id, a default severity, a one-line
    summary, its documentation with a passing and a failing example and, for a check, the
    function over a :class:`~trfscore.checks.context.Context` (None for a reader's rule, reported
    while a file is read)."""

    id: str
    severity: str
    summary: str
    written: str = ""  # the documentation as written in the declaring module (indentation kept)
    spec: str = ""  # the rule letter in the TRF rules (A1 ... G3, docs/rules.md) or the need, e.g. "FIDE"
    lesser: str | None = None  # the severity of the milder case the documentation describes, if any
    why: str = ""  # why the rule has its severity, with the source (TRF16/TRF26 text, B.02, FIDE's example files)
    func: Callable[..., Iterable[Finding]] | None = None
    source_columns: bool = False  # a check whose columns point into the source text whatever its format

    @property
    def doc(self) -> str:
        """The documentation, its indentation cleaned (:func:`inspect.cleandoc`) when it is read:
        only the rule listings and SARIF read it, so a ``check`` does not clean ~150 texts at
        start-up (docs/performance.md)."""
        return cleandoc(self.written or self.summary)

    @property
    def source(self) -> str:
        """``"check"`` for a check function, ``"reader"`` for a rule reported while reading."""
        return "reader" if self.func is None else "check"


#: rule id -> its rule, filled as the declaring modules are imported.
CATALOGUE: dict[str, Rule] = {}


def declare(rule_id: str, severity: str, summary: str, doc: str = "", *, spec: str = "",
            lesser: str | None = None, why: str = "", func: Callable[..., Iterable[Finding]] | None = None,
            source_columns: bool = False) -> str:
    """Declare ``rule_id`` (once in the package) and return it."""
    if severity not in SEVERITIES or (lesser is not None and lesser not in SEVERITIES):
        raise ValueError(f"bad severity for {rule_id}")  # pragma: no cover - programming error
    if rule_id in CATALOGUE:
        raise ValueError(f"rule {rule_id} declared twice")  # pragma: no cover - programming error
    CATALOGUE[rule_id] = Rule(rule_id, severity, summary, doc, spec, lesser, why, func,
                              source_columns)
    return rule_id


def declare_summaries(note: str, rows: tuple[tuple[str, str, str, str], ...]) -> tuple[str, ...]:
    """Declare each ``(id, severity, summary, why)`` with the summary, then ``note``, as
    documentation and ``why`` as the reason for its severity; return the ids."""
    return tuple(declare(rule_id, severity, summary, f"{summary[0].upper()}{summary[1:]}.\n\n{note}", why=why)
                 for rule_id, severity, summary, why in rows)


def finding(rule: str, message: str, line: int | None = None, column: int | None = None, hint: str = "",
            text: str = "", *, lesser: bool = False) -> Finding:
    """A finding of ``rule`` with the severity its declaration gives (its ``lesser`` one when
    ``lesser`` is true: the milder case the rule's documentation describes)."""
    d = CATALOGUE[rule]  # the emitting module imports the module that declares ``rule``
    severity = d.lesser if lesser else d.severity
    if severity is None:
        raise ValueError(f"rule {rule} declares no lesser severity")  # pragma: no cover - programming error
    return Finding(rule, severity, message, line, column, hint, text)


#: At most this many findings of one rule are listed per input, by every reader while it reads
#: and by ``check`` (a damaged file can hold a problem per cell); the rest are counted, in one
#: :class:`LeftOut` note per rule (TRF001).
MAX_PER_RULE = 500

declare("TRF001", INFO, "more findings of one rule than the per-file limit; the rest are left out", f"""
    At most {MAX_PER_RULE} findings of one rule are listed per file, by the reader and by ``check``
    alike; this finding counts the rest.

    Passing: a file with a few findings per rule.

    Failing (info): a 50 MB file of garbage, with a ``TRF104`` for every line.
""", why=(
        "info: it only counts the findings left out; the kept ones carry the severity"))


@dataclass(frozen=True, slots=True)
class LeftOut(Finding):
    """The TRF001 note saying that ``count`` more findings of the rule ``of`` were left out;
    ``like``, for a kind of findings capped apart from the rest of its rule (a reader's
    :class:`CappedFindings` ``kind``), the last of them.  Written like any finding."""

    of: str = ""
    count: int = 0
    like: Finding | None = None

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _FINDING_FIELDS}


_FINDING_FIELDS = tuple(f.name for f in fields(Finding))


def left_out(rule: str, count: int, at: Finding | None, like: Finding | None = None) -> LeftOut:
    """The note (TRF001) that ``count`` more findings of ``rule`` were left out, at ``at`` (the
    last one listed; else line 1); ``like``: see :class:`LeftOut` (its message is repeated, so
    the note names its kind)."""
    message = f"{count} more {rule} finding(s) left out (limit {MAX_PER_RULE} per rule and file)"
    if like is not None:
        message += f"; the last on line {like.line}: {like.message}"
    line, column = (at.line or 1, at.column or 1) if at is not None else (1, 1)
    return LeftOut("TRF001", CATALOGUE["TRF001"].severity, message, line, column,
                   "fix the listed ones first, then check again for the rest", "", rule, count, like)


def counted(findings: Iterable[Finding]) -> int:
    """How many findings ``findings`` stand for: a :class:`LeftOut` note counts those it left out."""
    return sum(f.count if isinstance(f, LeftOut) else 1 for f in findings)


def stands_for(f: Finding) -> tuple[Finding, int]:
    """The finding ``f`` counts and how many times: for a note of a kind capped apart, the last
    finding it left out and its count; else ``f`` once."""
    if isinstance(f, LeftOut) and f.like is not None:
        return f.like, f.count
    return f, 1


class CappedFindings:
    """The sink a reader reports through: it appends to ``findings`` at most :data:`MAX_PER_RULE`
    findings of each rule and counts the rest; :meth:`close` then adds, per capped rule, its
    :func:`left_out` note.

    ``kind`` splits a rule's findings into kinds capped apart (default: one kind per rule), so a
    kind found in every cell cannot crowd the others out; the note of a kind other than the rule
    itself carries the last one left out (:attr:`LeftOut.like`)."""

    def __init__(self, findings: list[Finding], kind: Callable[[Finding], Hashable] | None = None) -> None:
        self.findings = findings
        self.kind = kind
        self.counts: dict[Hashable, int] = {}
        self.listed: dict[Hashable, Finding] = {}  # per kind, the last finding listed
        self.last: dict[Hashable, Finding] = {}  # per capped kind, the last finding left out

    def __call__(self, finding: Finding) -> None:
        key = finding.rule if self.kind is None else self.kind(finding)
        n = self.counts[key] = self.counts.get(key, 0) + 1
        if n <= MAX_PER_RULE:
            self.findings.append(finding)
            self.listed[key] = finding
        else:
            self.last[key] = finding

    def close(self) -> None:
        """Add the :func:`left_out` notes (once)."""
        for key, f in self.last.items():
            self.findings.append(left_out(f.rule, self.counts[key] - MAX_PER_RULE, self.listed[key],
                                          f if key != f.rule else None))
        self.last.clear()
