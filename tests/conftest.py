"""Shared fixtures: the bundled samples, the permissive corpus copies and (when present) the
full shared corpus beside the repository."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

# pytest keeps each test module with its asserts rewritten in __pycache__ (ignored by git) and
# Python keeps compiled modules there; PYTHONDONTWRITEBYTECODE, which some sandboxes set, would
# make every run rewrite and compile them all again (seconds of the quick run).  Both read the
# cached files whatever the setting, so writing them is all this changes.
sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").glob("*.trf"))
LOCAL_CORPUS = sorted((ROOT / "tests" / "data" / "corpus").glob("*.trf"))
SHARED_CORPUS_DIR = ROOT.parent / "shared" / "corpus" / "trf"
SHARED_CORPUS = sorted(SHARED_CORPUS_DIR.glob("*.trf")) if SHARED_CORPUS_DIR.is_dir() else []
#: A translation of the Wikipedia "Sonneborn-Berger score" article with the 1975-80 crosstable
#: when it is beside the repository, else (a bare clone) the table alone as printed there.
SEED_000 = ROOT.parent / "shared" / "seeds" / "000_ece4b4437d9d8c46.txt"
if not SEED_000.is_file():
    SEED_000 = ROOT / "tests" / "data" / "seed-000-crosstable.txt"


#: Examples per property test in the quick run (``-m "not slow"``); the full suite runs each
#: test's own count.
QUICK_EXAMPLES = 10


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The gates (ruff, mypy --strict; marked ``gate``) run before every other test, so CI's one
    command reports a lint or type failure first; otherwise the collection order is kept.  In the
    quick run (``-m "not slow"``) every property test draws at most :data:`QUICK_EXAMPLES`."""
    items.sort(key=lambda item: item.get_closest_marker("gate") is None)
    if "not slow" in (config.getoption("markexpr") or ""):
        for item in items:
            quicken(getattr(item, "obj", None))


def quicken(test: object) -> None:
    """Cap a hypothesis test's examples at :data:`QUICK_EXAMPLES`, keeping its other settings
    and its explicit ``@example`` cases; the way hypothesis's own ``@seed`` decorator adjusts
    a test after ``@given`` (it reads the settings when the test runs)."""
    from hypothesis import settings

    current = getattr(test, "_hypothesis_internal_use_settings", None)
    if getattr(test, "is_hypothesis_test", False) and current is not None and current.max_examples > QUICK_EXAMPLES:
        test._hypothesis_internal_use_settings = settings(current, max_examples=QUICK_EXAMPLES)  # type: ignore[attr-defined]


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    """``trfscore ARGV`` in process: (exit code, standard output, standard error)."""
    from trfscore.cli import main

    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def corpus_params(paths):
    return [pytest.param(p, id=p.name) for p in paths]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
