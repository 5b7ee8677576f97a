"""The lint gate: ruff finds nothing in the repository (the rule set and its reasons are in
pyproject.toml's [tool.ruff]); run in CI with the tests, and by contributors through
.pre-commit-config.yaml."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.gate
def test_ruff_finds_nothing():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_nested_conftests_live_in_packages():
    """pytest imports a conftest.py outside a package as the top-level module `conftest`; a second
    one then replaces tests/conftest.py in sys.modules and every `from conftest import ...` that
    runs after it fails (CI broke this way once). A nested conftest needs an __init__.py beside it."""
    nested = [p for p in (ROOT / "tests").rglob("conftest.py") if p.parent != ROOT / "tests"]
    assert [p for p in nested if not (p.parent / "__init__.py").exists()] == []


#: Phrases naming documents that are not in the repository (the team's working notes and issue
#: tracker): a reader of the code, the docs or the tests cannot follow them.  Tests cite the public
#: source of an expected value (a FIDE Handbook article, the TRF specification, the DSB
#: Wertungsordnung, a published booklet or article) or show how it is computed.
OUTSIDE_REFERENCES = ("TRF digest", "user-needs", "shared/spec", "-spec.md", "spec digest", "the digest", "digest's",
                      "(spec 1", "(spec 2", "(spec 3", "seed 000", "seed 001", "seed 002", "seed's", "seed-style",
                      "seed document", "seed round-robin", "issue 3", "issue 5", "issue 12", "issue 13", "issue 14",
                      "issue 15", "issue 16", "issue 17")


def test_code_and_docs_cite_only_what_the_repository_holds():
    own = Path(__file__).resolve()
    paths = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "grammars").glob("*"),
             *(p for p in (ROOT / "src").rglob("*") if p.suffix in (".py", ".json", ".lark", ".md")),
             *(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".py", ".md") and p.resolve() != own)]
    cited = [f"{p.relative_to(ROOT)}: {phrase}" for p in paths if p.is_file()
             for phrase in OUTSIDE_REFERENCES if phrase.lower() in p.read_text(encoding="utf-8").lower()]
    assert cited == []


def test_the_collection_hook_puts_the_gates_first_and_keeps_the_order():
    """The hook itself, in process (the quick run); the next test runs pytest's collection."""
    from conftest import pytest_collection_modifyitems

    class Item:
        def __init__(self, name: str, gate: bool) -> None:
            self.name, self.gate = name, gate

        def get_closest_marker(self, name: str) -> object:
            return object() if name == "gate" and self.gate else None

    class Config:
        def getoption(self, name: str) -> str:
            return ""

    items = [Item("a", False), Item("ruff", True), Item("b", False), Item("c", False), Item("mypy", True)]
    pytest_collection_modifyitems(Config(), items)  # type: ignore[arg-type]
    assert [item.name for item in items] == ["ruff", "mypy", "a", "b", "c"]


@pytest.mark.slow  # a pytest process collecting three folders (about 1 s)
def test_gates_are_collected_before_every_other_test():
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-o", "addopts=", "-q", "-p", "no:cacheprovider",
                           "tests/benchmarks", "tests/test_lint.py", "tests/test_public_api.py"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    ids = [line for line in proc.stdout.splitlines() if "::" in line]
    gates = ["tests/test_lint.py::test_ruff_finds_nothing", "tests/test_public_api.py::test_public_api_passes_mypy_strict"]
    assert sorted(ids[:2]) == sorted(gates), ids[:5]
    assert ids[2].startswith("tests/benchmarks/")  # collected first when the gates are not moved


def test_the_quick_run_caps_property_tests_and_keeps_their_settings():
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from conftest import QUICK_EXAMPLES, quicken

    drawn: list[int] = []

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(st.integers())
    def prop(x):
        drawn.append(x)

    quicken(prop)
    prop()
    assert 0 < len(drawn) <= QUICK_EXAMPLES
    assert list(prop._hypothesis_internal_use_settings.suppress_health_check) == [HealthCheck.too_slow]
