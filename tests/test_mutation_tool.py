"""tools/mutation.py (docs/contributing.md, "Mutation testing"): the mutants it makes of a small
module, and the equivalent-mutants file it reads."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
tomllib = pytest.importorskip("tomllib")  # Python 3.11+, as the tool
mutation = pytest.importorskip("mutation")

SOURCE = '''"""Doc."""
LIMIT = 400


def cap(d: int, high: bool = False) -> int:
    """Docstring, not mutated."""
    if d > LIMIT and not high:
        return min(d, LIMIT) + 1
    label = "capped"
    print(label)
    return d
'''


def test_the_mutants_of_a_small_module():
    tree = ast.parse(SOURCE)
    keys = [m.key for m in mutation._Collector("m", tree, SOURCE).collect()]
    assert keys == [
        "m:<module>: 400 -> 401",
        "m:cap: d > LIMIT and (not high) -> d > LIMIT or not high",
        "m:cap: d > LIMIT -> d >= LIMIT",
        "m:cap: not high -> high",
        "m:cap: return min(d, LIMIT) + 1 -> return None",
        "m:cap: min(d, LIMIT) + 1 -> min(d, LIMIT) - 1",
        "m:cap: min(d, LIMIT) -> max(d, LIMIT)",
        "m:cap: 1 -> 2",
        "m:cap: label = 'capped' -> label = None",
        "m:cap: 'capped' -> 'XXcappedXX'",
        "m:cap: print(label) -> print(label) removed",
        "m:cap: return d -> return None",
    ]
    # the defaults and annotations of the signature and the docstrings are left alone;
    # every mutant compiles and its undo restores the source
    for m in mutation._Collector("m", tree, SOURCE).collect():
        m.apply()
        compile(tree, "m", "exec")
        m.undo()
    assert ast.unparse(tree) == ast.unparse(ast.parse(SOURCE))


def test_the_same_change_twice_in_a_function_is_numbered():
    source = "def f(a, b):\n    return a + 1 + (b + 1)\n"
    keys = [m.key for m in mutation._Collector("m", ast.parse(source), source).collect()]
    assert "m:f: 1 -> 2" in keys and "m:f: 1 -> 2 #1" in keys


def test_the_equivalent_mutants_file():
    data = tomllib.loads((ROOT / "tools" / "equivalent-mutants.toml").read_text(encoding="utf-8"))
    ids = [entry["id"] for entry in data["mutant"]]
    assert len(ids) == len(set(ids))
    assert all(entry.get("reason") for entry in data["mutant"])


def test_every_equivalent_mutant_is_one_the_tool_makes_today():
    """An entry whose module changed under it no longer names a mutant: it would set nothing
    aside, and the tool only reports it when that module is run (the file only holds live ids)."""
    equivalent = mutation.load_equivalent()
    stale = []
    for module in sorted({key.split(":", 1)[0] for key in equivalent}):
        path = ROOT / "src" / Path(*module.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        source = path.read_text(encoding="utf-8")
        made = {m.key for m in mutation._Collector(module, ast.parse(source), source).collect()}
        stale += [key for key in equivalent if key.split(":", 1)[0] == module and key not in made]
    assert not stale, stale
