"""No import cycles in the package, deferred (function-level) imports included: the modules form
layers (the model at the bottom; readers, standings, tie-breaks and teams above it; the commands
on top), and a module never imports one that imports it back.  Imports under ``TYPE_CHECKING``
do not count (they never run).

The import graph is read with :mod:`ast`; its cycles are the strongly connected groups of more
than one module (Tarjan's algorithm, written here: the test needs no graph library)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.gate

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "trfscore"


def modules(package: Path = PACKAGE) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (its file, whether it is a package's ``__init__``)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside ``if TYPE_CHECKING:`` blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            inside.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return inside


def _imported(name: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement of module ``name`` may load (a ``from x import y``
    loads ``x``, and ``x.y`` when ``y`` is a submodule)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [source, *(f"{source}.{alias.name}" for alias in node.names)]


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports, at any level of its code."""
    found = modules(package)
    graph: dict[str, set[str]] = {name: set() for name in found}
    for name, (path, is_package) in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skip:
                graph[name].update(t for t in _imported(name, is_package, node) if t in found and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(frozenset(group))
    return groups


def test_cycles_are_found_in_a_small_graph():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(map(sorted, cycles(graph))) == [["a", "b", "c"], ["d", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_deferred_imports_count_and_type_checking_ones_do_not(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def f():\n    from . import high\n")
    (package / "high.py").write_text("from .low import f\n")
    (package / "typed.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import high\n")
    (package / "side.py").write_text("from .typed import x\n")
    # the other branch of the test, and a test that is not TYPE_CHECKING itself, run
    (package / "other.py").write_text("import typing\nif not typing.TYPE_CHECKING:\n    from . import low\n"
                                      "if typing.TYPE_CHECKING:\n    pass\nelse:\n    from . import side\n")
    graph = import_graph(package)
    assert cycles(graph) == [frozenset({"pkg.low", "pkg.high"})]
    assert "pkg.high" not in graph["pkg.typed"]
    assert graph["pkg.other"] == {"pkg", "pkg.low", "pkg.side"}  # ("from . import" loads the package too)


def assert_no_cycles(package: Path) -> None:
    """The gate: no import cycle at all in ``package`` (the assertion names each one found)."""
    found = sorted(sorted(group) for group in cycles(import_graph(package)))
    assert not found, f"import cycles: {found}"


def test_a_cycle_fails_the_gate(tmp_path):
    """The gate asked of a package with one cycle (a property of the model reading a module that
    imports the model back): it fails, naming the modules."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "model.py").write_text("def event():\n    from .reading import read\n    return read()\n")
    (package / "reading.py").write_text("from .model import event\n")
    with pytest.raises(AssertionError, match=r"import cycles: \[\['pkg.model', 'pkg.reading'\]\]"):
        assert_no_cycles(package)
    (package / "reading.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                        "    from .model import event\n")
    assert_no_cycles(package)  # the same import for types only


def test_the_package_has_no_import_cycles():
    assert_no_cycles(PACKAGE)
