"""Check profiles: which rules run, at which severity, with which thresholds.

The profiles live in one versioned data file, ``trfscore/data/profiles.json``:

* ``basic`` -- consistency only (every rule but the ``TRF8xx`` FIDE-submission ones);
* ``fide`` -- what FIDE's rating server needs for a rated tournament (all rules, some raised).

Top-level ``thresholds`` hold the numbers the FIDE rules use (mandatory header records, minimum
rated opponents of an unrated player, round-robin quotas ...); a profile may override them.
``--select``/``--ignore`` on the command line refine a profile as in ruff: ``--select`` replaces
the profile's selection, ``--ignore`` removes rules from whatever is selected.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from typing import Any

from ..errors import UsageError
from ..findings import SEVERITIES
from .registry import Selection, parse_selectors, unknown_selectors

DATA_FILE = "profiles.json"


@lru_cache(maxsize=1)
def load_data() -> dict[str, Any]:
    """The parsed ``profiles.json`` (packaged with trfscore)."""
    text = resources.files("trfscore").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def names() -> list[str]:
    return list(load_data()["profiles"])


def default_name() -> str:
    return str(load_data().get("default", "basic"))


class Profile:
    """A resolved profile: selection, severity overrides and thresholds."""

    __slots__ = ("name", "description", "selection", "severity", "thresholds", "version")

    def __init__(self, name: str, description: str = "", selection: Selection | None = None,
                 severity: dict[str, str] | None = None, thresholds: dict[str, Any] | None = None,
                 version: int = 1) -> None:
        self.name, self.description, self.version = name, description, version
        self.selection = Selection() if selection is None else selection
        self.severity: dict[str, str] = {} if severity is None else severity
        self.thresholds: dict[str, Any] = {} if thresholds is None else thresholds

    def enabled(self, rule_id: str) -> bool:
        return self.selection.enabled(rule_id)

    def severity_of(self, rule_id: str, default: str) -> str:
        return self.severity.get(rule_id, default)

    def threshold(self, key: str, default: Any = None) -> Any:
        return self.thresholds.get(key, default)


def resolve(name: str | None = None, select: str | Iterable[str] | None = None,
            ignore: str | Iterable[str] | None = None) -> Profile:
    """The profile ``name`` refined by ``select``/``ignore`` selectors; bad input is a UsageError."""
    data = load_data()
    name = name or default_name()
    spec = data["profiles"].get(name)
    if spec is None:
        raise UsageError(f"unknown profile {name!r}; choose one of {', '.join(names())}")
    chosen = parse_selectors(select)
    dropped = parse_selectors(ignore)
    bad = unknown_selectors(chosen + dropped)
    if bad:
        raise UsageError(f"unknown rule selector(s) {', '.join(bad)}; see 'trfscore check --list-rules'")
    if chosen:
        selection = Selection(select=chosen, ignore=dropped)
    else:
        selection = Selection(select=list(spec.get("select", ["ALL"])), ignore=list(spec.get("ignore", [])) + dropped)
    severity = {k.upper(): v for k, v in spec.get("severity", {}).items() if v in SEVERITIES}
    thresholds = {**data.get("thresholds", {}), **spec.get("thresholds", {})}
    return Profile(name, spec.get("description", ""), selection, severity, thresholds, data.get("version", 1))
