"""Every rule id trfscore reports, in one registry: the reader's and the checks'.

A :class:`~trfscore.findings.Rule` is a stable id, a default severity, a one-line summary and a
docstring with a passing and a failing example, as its module declares it
(:func:`trfscore.findings.declare`).
Reader rules (``TRF1xx``-``TRF4xx``, ``TRF7xx`` in :mod:`trfscore.formats.trf.rules`, ``JSON``,
``CTB``, ``PGN``) are reported while a file is read.  Check rules (``TRF5xx`` cross-record,
``TRF6xx`` teams, ``TRF8xx`` FIDE submission, ``FID`` rating list) are functions over a
:class:`~trfscore.checks.context.Context`, declared and registered with the :func:`rule` decorator.

Selection works as in ruff: a selector is a rule id or a prefix of one (``TRF5``, ``TRF50``,
``ALL``); the longest selector that matches a rule decides, and ``--ignore`` wins a tie.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..findings import CATALOGUE, SEVERITIES, Finding, Rule, declare

F = TypeVar("F", bound=Callable[..., Iterable[Finding]])

__all__ = ["Rule", "rule", "RULES", "all_rules", "get", "Selection", "family_of", "SEVERITIES"]


#: id -> Rule, in the order of :func:`all_rules` once it has run.
RULES: dict[str, Rule] = {}

FAMILIES = {
    "TRF0": "runner", "TRF1": "file and lexical level", "TRF2": "header records",
    "TRF3": "player record fields", "TRF4": "round cells", "TRF5": "cross-record consistency",
    "TRF6": "teams", "TRF7": "extension records", "TRF8": "FIDE submission profile",
    "TRF9": "pairing verification (with --pairings)",
    "FID": "FIDE rating list (with --rating-list)", "NRM": "FIDE title norms (profile fide)",
    "JSON": "JSON documents", "CTB": "crosstable reader", "PGN": "PGN reader",
    "CNV": "conversions (what convert's target format cannot keep)",
}

#: The modules that declare rule ids (:func:`trfscore.findings.declare`): the readers' rule
#: modules and the check rules.  A test fails when an id written in the package is declared by none.
DECLARING_MODULES = (
    "trfscore.formats.trf.rules", "trfscore.formats.json_read", "trfscore.formats.crosstable.rules",
    "trfscore.formats.pgn.rules", "trfscore.formats.losses", "trfscore.checks", "trfscore.checks.rules",
)


def family_of(rule_id: str) -> str:
    return FAMILIES.get(rule_id[:4], FAMILIES.get(rule_id[:4].rstrip("0123456789"), "other"))


def rule(rule_id: str, severity: str, summary: str, *, spec: str = "", source_columns: bool = False,
         lesser: str | None = None, why: str = "") -> Callable[[F], F]:
    """Declare ``rule_id`` and register the decorated check under it; its docstring is the
    rule's documentation (with a passing and a failing example)."""

    def wrap(func: F) -> F:
        declare(rule_id, severity, summary, func.__doc__ or "", spec=spec, lesser=lesser, why=why, func=func,
                source_columns=source_columns)
        return func

    return wrap


_loaded = False


def all_rules() -> dict[str, Rule]:
    """Every rule, sorted by id (imports the declaring modules on first use)."""
    global _loaded
    if not _loaded:
        for name in DECLARING_MODULES:
            importlib.import_module(name)
        RULES.update((r.id, r) for r in sorted(CATALOGUE.values(), key=lambda r: _order(r.id)))
        _loaded = True
    return dict(RULES)


def get(rule_id: str) -> Rule | None:
    """The rule ``rule_id`` (None: no such rule).  A rule a finding of this process names is
    declared already (its module made the finding): only another id loads every declaring module."""
    found = CATALOGUE.get(rule_id)
    if found is None and not _loaded:
        found = all_rules().get(rule_id)
    return found


_checks: list[Rule] | None = None
#: The modules that register the check functions (:func:`rule`): a subset of DECLARING_MODULES.
CHECK_MODULES = ("trfscore.checks", "trfscore.checks.rules")


def _order(rule_id: str) -> tuple[bool, str]:
    """The order of :func:`all_rules`: ``TRF`` ids first, then by id."""
    return not rule_id.startswith("TRF"), rule_id


def check_rules() -> list[Rule]:
    """The rules that are checks (functions), in the order of :func:`all_rules` and equal to its
    entries; computed once.  Only the check modules are imported (not the other formats' readers), so that checking a
    TRF loads no crosstable or PGN code."""
    global _checks
    if _checks is None:
        for name in CHECK_MODULES:
            importlib.import_module(name)
        _checks = sorted((r for r in CATALOGUE.values() if r.func is not None), key=lambda r: _order(r.id))
    return _checks


# -- selection ---------------------------------------------------------------------------

def parse_selectors(text: str | Iterable[str] | None) -> list[str]:
    """``"TRF5, TRF101"`` -> ``["TRF5", "TRF101"]`` (upper-cased, empties dropped)."""
    if text is None:
        return []
    items = text.split(",") if isinstance(text, str) else [s for part in text for s in str(part).split(",")]
    return [s.strip().upper() for s in items if s.strip()]


def unknown_selectors(selectors: Iterable[str]) -> list[str]:
    """Selectors that match no known rule (``ALL`` always matches)."""
    selectors = list(selectors)
    if not selectors:
        return []  # nothing to look up: the rules need not be loaded
    ids = all_rules().keys()
    return [s for s in selectors if s != "ALL" and not any(i.startswith(s) for i in ids)]


def _match_length(selector: str, rule_id: str) -> int:
    return 0 if selector == "ALL" else len(selector) if rule_id.startswith(selector) else -1


class Selection:
    """Which rule ids are on: the longest matching selector decides; ignore wins ties."""

    def __init__(self, select: list[str] | None = None, ignore: list[str] | None = None) -> None:
        self.select = ["ALL"] if select is None else select
        self.ignore: list[str] = [] if ignore is None else ignore
        self._cache: dict[str, bool] = {}
        self._chosen: tuple[list[Rule], list[Rule]] | None = None

    def chosen(self, rules: list[Rule]) -> list[Rule]:
        """The rules of ``rules`` that are on, in order (remembered for the same list)."""
        held = self._chosen
        if held is None or held[0] is not rules:
            held = self._chosen = (rules, [r for r in rules if self.enabled(r.id)])
        return held[1]

    def enabled(self, rule_id: str) -> bool:
        hit = self._cache.get(rule_id)
        if hit is None:
            best_select = max((_match_length(s, rule_id) for s in self.select), default=-1)
            best_ignore = max((_match_length(s, rule_id) for s in self.ignore), default=-1)
            hit = best_select >= 0 and best_select > best_ignore
            self._cache[rule_id] = hit
        return hit
