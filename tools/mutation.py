"""Mutation testing: would the tests notice a bug in MODULE?  (run from the repository root)

    python tools/mutation.py src/trfscore/tiebreaks/sonneborn.py [MODULE...] [--tests PATH...]
                             [--slow] [--timeout SECONDS] [--list]

Each mutant is one small change of the module's source (an operator, a comparison, a constant, a
string, ``min``/``max``, ``and``/``or``, a returned or assigned value set to ``None``, a call
statement removed, ``break``/``continue`` swapped).  The tests (``tests/`` unless ``--tests`` is
given; the quick run, ``-m "not slow and not gate"``, unless ``--slow``) run once to learn which
test executes which line; then each mutant runs against the tests that execute its line, fastest
first, stopping at the first failure (the mutant is *killed*).  A mutant that no failing test
notices *survives*; one whose line no test executes survives as *not reached*.  The score is
killed / (mutants - equivalent).  Equivalent mutants (a change that cannot alter behaviour) are
listed with their reason in ``tools/equivalent-mutants.toml`` and set aside.

Why our own mutator rather than mutmut 3: mutmut 3 rewrites every function of the package into
trampolines inside a copy of the tree (``mutants/``), where the tests that find the shared corpus
and seeds by their place beside the repository no longer do, and runs its own test discovery
over the whole suite; here the mutants are made on the ``ast`` of one module, applied inside a
forked copy of one pytest session (the function's code object is swapped, so every reference to
the function sees the mutant, and no process start or import is paid per mutant), which keeps a
module's run to minutes on a shared machine.  Run it niced with one process at a time
(``nice -n 10``); it is not part of CI.

Exit status: 0 when every module reaches ``--fail-under`` (default 0), 1 otherwise.
"""
from __future__ import annotations

import argparse
import ast
import functools
import importlib
import json
import os
import select
import signal
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT_FILE = ROOT / "tools" / "equivalent-mutants.toml"

BINOP_SWAPS: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift,
}
COMPARE_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
NAME_SWAPS = {"min": "max", "max": "min", "any": "all", "all": "any"}


@dataclass
class Mutant:
    """One change: where it is, what it does, and how to apply it to the module's tree."""

    module: str  # dotted name
    qualname: str  # the enclosing function ("<module>" for a top-level assignment)
    line: int
    end_line: int
    before: str
    after: str
    apply: Callable[[], None] = field(repr=False)
    undo: Callable[[], None] = field(repr=False)
    occurrence: int = 0

    @property
    def key(self) -> str:
        """Stable across edits elsewhere in the module (no line number): the equivalence file's id."""
        suffix = f" #{self.occurrence}" if self.occurrence else ""
        return f"{self.module}:{self.qualname}: {self.before} -> {self.after}{suffix}"


def _text(node: ast.AST) -> str:
    return " ".join(ast.unparse(node).split())[:120]


def _docstring_nodes(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _no_mutate_lines(source: str) -> set[int]:
    return {i for i, line in enumerate(source.splitlines(), 1) if "pragma: no mutate" in line}


class _Collector:
    """Walks one module's tree and records the mutants of function bodies and top-level assignments."""

    def __init__(self, module: str, tree: ast.Module, source: str) -> None:
        self.module, self.tree = module, tree
        self.docstrings = _docstring_nodes(tree)
        self.skip_lines = _no_mutate_lines(source)
        self.mutants: list[Mutant] = []

    def collect(self) -> list[Mutant]:
        for stmt in self.tree.body:
            self._statement_scope(stmt, "")
        seen: dict[str, int] = {}
        for m in self.mutants:
            base = m.key
            m.occurrence = seen.get(base, 0)
            seen[base] = m.occurrence + 1
        return self.mutants

    def _statement_scope(self, stmt: ast.stmt, prefix: str) -> None:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            qual = f"{prefix}{stmt.name}"
            for inner in stmt.body:
                self._walk(inner, qual)
        elif isinstance(stmt, ast.ClassDef):
            for inner in stmt.body:
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    self._statement_scope(inner, f"{prefix}{stmt.name}.")
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and not prefix and stmt.value is not None:
            if not (isinstance(stmt, ast.Assign) and stmt.targets and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id == "__all__"):
                self._walk(stmt.value, "<module>")
        # imports, TYPE_CHECKING blocks, class attributes: not mutated

    def _add(self, qual: str, node: ast.AST, before: str, apply: Callable[[], None], undo: Callable[[], None],
             after_node: ast.AST | None = None, after: str | None = None) -> None:
        line = getattr(node, "lineno", 0)
        if line in self.skip_lines:
            return
        if after is None:
            apply()
            after = _text(after_node if after_node is not None else node)
            undo()
        self.mutants.append(Mutant(self.module, qual, line, getattr(node, "end_lineno", line) or line,
                                   before, after, apply, undo))

    def _walk(self, node: ast.AST, qual: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            # a nested function lives in its parent's code object: mutate its body with the parent's name
            body = node.body if isinstance(node.body, list) else [node.body]
            for inner in body:
                self._walk(inner, qual)
            return
        if isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    self._walk(value.value, qual)
            return
        self._mutate(node, qual)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.expr_context, ast.operator, ast.cmpop, ast.boolop, ast.unaryop)):
                continue
            if isinstance(node, ast.AnnAssign) and child is node.annotation:
                continue
            self._walk(child, qual)

    def _mutate(self, node: ast.AST, qual: str) -> None:  # noqa: C901 - one branch per operator family
        if isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAPS:
            self._swap_attr(qual, node, "op", BINOP_SWAPS[type(node.op)]())
        elif isinstance(node, ast.AugAssign) and type(node.op) in BINOP_SWAPS:
            self._swap_attr(qual, node, "op", BINOP_SWAPS[type(node.op)]())
        elif isinstance(node, ast.BoolOp):
            self._swap_attr(qual, node, "op", ast.Or() if isinstance(node.op, ast.And) else ast.And())
        elif isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in COMPARE_SWAPS:
                    ops = list(node.ops)
                    ops[i] = COMPARE_SWAPS[type(op)]()
                    self._swap_attr(qual, node, "ops", ops)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            self._replace_in_parent(qual, node, node.operand)
        elif isinstance(node, ast.Constant):
            self._constant(qual, node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in NAME_SWAPS:
            self._swap_attr(qual, node.func, "id", NAME_SWAPS[node.func.id], shown=node)
        elif isinstance(node, ast.Return) and node.value is not None and not isinstance(node.value, ast.Constant):
            self._swap_attr(qual, node, "value", ast.copy_location(ast.Constant(None), node.value))
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and not _is_none(node.value):
            self._swap_attr(qual, node, "value", ast.copy_location(ast.Constant(None), node.value))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            self._replace_statement(qual, node, ast.Pass())
        elif isinstance(node, ast.Break):
            self._replace_statement(qual, node, ast.Continue())
        elif isinstance(node, ast.Continue):
            self._replace_statement(qual, node, ast.Break())

    def _constant(self, qual: str, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self._swap_attr(qual, node, "value", not value)
        elif isinstance(value, int):
            self._swap_attr(qual, node, "value", value + 1)
        elif isinstance(value, float):
            self._swap_attr(qual, node, "value", value + 1.0)
        elif isinstance(value, str) and id(node) not in self.docstrings:
            self._swap_attr(qual, node, "value", f"XX{value}XX")

    def _swap_attr(self, qual: str, node: ast.AST, attr: str, new: object, shown: ast.AST | None = None) -> None:
        old = getattr(node, attr)
        target = shown if shown is not None else node
        before = _text(target)

        def apply() -> None:
            setattr(node, attr, new)

        def undo() -> None:
            setattr(node, attr, old)

        self._add(qual, target, before, apply, undo)

    def _replace_in_parent(self, qual: str, node: ast.expr, new: ast.expr) -> None:
        parent, attr, index = self._parent_slot(node)
        if parent is None:
            return
        before = _text(node)

        def put(value: ast.AST) -> None:
            if index is None:
                setattr(parent, attr, value)
            else:
                getattr(parent, attr)[index] = value

        self._add(qual, node, before, lambda: put(new), lambda: put(node), after=_text(new))

    def _replace_statement(self, qual: str, node: ast.stmt, new: ast.stmt) -> None:
        ast.copy_location(new, node)
        self._replace_in_parent(qual, node, new)  # type: ignore[arg-type]
        if self.mutants and self.mutants[-1].after == "pass":
            self.mutants[-1].after = f"{self.mutants[-1].before} removed"

    @functools.cached_property
    def _parents(self) -> dict[int, tuple[ast.AST, str, int | None]]:
        out: dict[int, tuple[ast.AST, str, int | None]] = {}
        for parent in ast.walk(self.tree):
            for attr, value in ast.iter_fields(parent):
                if isinstance(value, list):
                    for i, item in enumerate(value):
                        if isinstance(item, ast.AST):
                            out[id(item)] = (parent, attr, i)
                elif isinstance(value, ast.AST):
                    out[id(value)] = (parent, attr, None)
        return out

    def _parent_slot(self, node: ast.AST) -> tuple[ast.AST | None, str, int | None]:
        return self._parents.get(id(node), (None, "", None))


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


# --------------------------------------------------------------------------------------------
# Applying a mutant inside a forked pytest session


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const
            if "<locals>" not in const.co_qualname:
                yield from _codes(const)


def _live_functions(module: types.ModuleType) -> Iterator[types.FunctionType]:
    """Every function object whose code comes from the module: its top-level functions and
    methods, through decorators (``__wrapped__``, closures) and ``property``/``staticmethod``."""
    seen: set[int] = set()
    filename = module.__file__

    def visit(obj: object, depth: int = 0) -> Iterator[types.FunctionType]:
        if id(obj) in seen or depth > 6:
            return
        seen.add(id(obj))
        if isinstance(obj, types.FunctionType):
            if obj.__code__.co_filename == filename:
                yield obj
            for cell in obj.__closure__ or ():
                try:
                    yield from visit(cell.cell_contents, depth + 1)
                except ValueError:  # empty cell
                    pass
        if isinstance(obj, (staticmethod, classmethod)):
            yield from visit(obj.__func__, depth + 1)
        elif isinstance(obj, property):
            for f in (obj.fget, obj.fset, obj.fdel):
                if f is not None:
                    yield from visit(f, depth + 1)
        elif isinstance(obj, functools.cached_property):
            yield from visit(obj.func, depth + 1)
        elif isinstance(obj, type) and obj.__module__ == module.__name__:
            for value in vars(obj).values():
                yield from visit(value, depth + 1)
        wrapped = getattr(obj, "__wrapped__", None)
        if wrapped is not None:
            yield from visit(wrapped, depth + 1)

    for value in list(vars(module).values()):
        yield from visit(value)


def _clear_caches() -> None:
    """Empty the memo caches of the package, so a mutant's function is run, not remembered."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("trfscore") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def _apply_in_process(mutant: Mutant, tree: ast.Module) -> None:
    """Make the running interpreter execute the mutant: swap the enclosing function's code
    object, or re-run a top-level assignment (and rebind the names other modules imported)."""
    module = sys.modules[mutant.module]
    filename = str(module.__file__)
    mutant.apply()
    try:
        if mutant.qualname == "<module>":
            stmt = next(s for s in tree.body if getattr(s, "lineno", -1) <= mutant.line <= getattr(s, "end_lineno", -1))
            names = [t.id for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
                     if isinstance(t, ast.Name)]
            old = {n: getattr(module, n) for n in names if hasattr(module, n)}
            exec(compile(ast.Module(body=[stmt], type_ignores=[]), filename, "exec"), vars(module))
            for name, value in old.items():
                new = getattr(module, name)
                for other in list(sys.modules.values()):
                    space = getattr(other, "__dict__", None)
                    if isinstance(space, dict) and space.get(name) is value:
                        space[name] = new
            return
        code = compile(tree, filename, "exec")
    finally:
        mutant.undo()
    new_code = next(c for c in _codes(code) if c.co_qualname == mutant.qualname)
    swapped = 0
    for func in _live_functions(module):
        if func.__code__.co_qualname == mutant.qualname:
            func.__code__ = new_code
            swapped += 1
    if not swapped:
        raise LookupError(f"no live function {mutant.qualname} in {mutant.module}")


# --------------------------------------------------------------------------------------------
# The pytest plugin: one line-coverage pass, then one forked child per mutant


@dataclass
class Outcome:
    mutant: Mutant
    status: str  # killed, timeout, survived, unreached, equivalent, error
    by: str = ""


def _silence() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _run_items(items: list, stop_on_failure: bool, tracer: Callable | None = None) -> list[tuple[str, bool, float]]:
    from _pytest.runner import runtestprotocol

    results = []
    for i, item in enumerate(items):
        nextitem = items[i + 1] if i + 1 < len(items) else None
        start = time.perf_counter()
        if tracer is not None:
            tracer(item.nodeid)
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        failed = any(r.failed for r in reports)
        results.append((item.nodeid, failed, time.perf_counter() - start))
        if failed and stop_on_failure:
            break
    return results


def _fork(work: Callable[[], object], timeout: float | None) -> tuple[object | None, bool]:
    """Run ``work`` in a forked child; its JSON result, or (None, True) after a timeout."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read)
        code = 0
        try:
            _silence()
            payload = json.dumps(work()).encode()
        except BaseException as exc:  # noqa: BLE001 - the child reports whatever stopped it
            payload = json.dumps({"error": repr(exc)}).encode()
            code = 3
        with os.fdopen(write, "wb") as out:
            out.write(payload)
        os._exit(code)
    os.close(write)
    chunks, deadline = [], None if timeout is None else time.monotonic() + timeout
    timed_out = False
    with os.fdopen(read, "rb") as inp:
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([inp], [], [], wait)
            if not ready:
                timed_out = True
                os.kill(pid, signal.SIGKILL)
                break
            chunk = os.read(inp.fileno(), 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    if timed_out:
        return None, True
    data = b"".join(chunks)
    return (json.loads(data) if data else None), False


class MutationPlugin:
    def __init__(self, modules: list[tuple[str, Path]], equivalent: dict[str, str], timeout: float, listing: bool) -> None:
        self.modules, self.equivalent, self.timeout, self.listing = modules, equivalent, timeout, listing
        self.outcomes: dict[str, list[Outcome]] = {}

    def pytest_runtestloop(self, session) -> bool:  # noqa: ANN001 - pytest's hook signature
        items = list(session.items)
        for name, _ in self.modules:
            importlib.import_module(name)
        files = {os.path.realpath(path): name for name, path in self.modules}
        print(f"\nLine coverage of {len(items)} tests over {len(files)} module(s)...", flush=True)
        coverage, timed = self._coverage(items, files)
        by_id = {item.nodeid: item for item in items}
        for name, path in self.modules:
            self.outcomes[name] = self._mutate_module(name, path, coverage.get(name, {}), timed, by_id)
        return True

    def _coverage(self, items: list, files: dict[str, str]) -> tuple[dict[str, dict[int, list[str]]], dict[str, float]]:
        def work() -> object:
            current: list[str] = [""]
            hits: dict[str, dict[int, set[str]]] = {name: {} for name in files.values()}

            @functools.cache
            def target(filename: str) -> str | None:
                return files.get(os.path.realpath(filename))

            def local(frame, event, arg):  # noqa: ANN001, ANN202 - sys.settrace's protocol
                if event == "line":
                    hits[target(frame.f_code.co_filename)].setdefault(frame.f_lineno, set()).add(current[0])
                return local

            def global_(frame, event, arg):  # noqa: ANN001, ANN202
                name = target(frame.f_code.co_filename)
                if name is not None:
                    hits[name].setdefault(frame.f_code.co_firstlineno, set()).add(current[0])
                    return local
                return None

            def tracer(nodeid: str) -> None:
                current[0] = nodeid

            sys.settrace(global_)
            results = _run_items(items, stop_on_failure=False, tracer=tracer)
            sys.settrace(None)
            return {"hits": {m: {str(k): sorted(v) for k, v in lines.items()} for m, lines in hits.items()},
                    "results": results}

        data, _ = _fork(work, None)
        assert isinstance(data, dict), data
        if "error" in data:
            raise SystemExit(f"the coverage pass stopped: {data['error']}")
        failing = {nodeid for nodeid, failed, _ in data["results"] if failed}
        if failing:
            print(f"{len(failing)} test(s) fail without any mutant and are left out: {sorted(failing)[:5]}", flush=True)
        timed = {nodeid: seconds for nodeid, failed, seconds in data["results"] if not failed}
        coverage = {m: {int(k): [t for t in v if t in timed] for k, v in lines.items()} for m, lines in data["hits"].items()}
        return coverage, timed

    def _mutate_module(self, name: str, path: Path, lines: dict[int, list[str]], timed: dict[str, float],
                       by_id: dict) -> list[Outcome]:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, str(path))
        mutants = _Collector(name, tree, source).collect()
        outcomes: list[Outcome] = []
        started = time.monotonic()
        print(f"{name}: {len(mutants)} mutants", flush=True)
        made = {m.key for m in mutants}
        for key in sorted(k for k in self.equivalent if k.startswith(name + ":") and k not in made):
            print(f"  stale in {EQUIVALENT_FILE.name} (no such mutant now): {key}", flush=True)
        for n, mutant in enumerate(mutants, 1):
            if mutant.key in self.equivalent:
                outcomes.append(Outcome(mutant, "equivalent", self.equivalent[mutant.key]))
                continue
            if self.listing:
                print(f"  {mutant.line}: {mutant.key}")
                continue
            if mutant.qualname == "<module>":  # run at import, before any test: every test of the module
                reach = {t for ts in lines.values() for t in ts}
            else:
                reach = {t for ln in range(mutant.line, mutant.end_line + 1) for t in lines.get(ln, [])}
            tests = sorted(reach, key=lambda t: timed[t])
            if not tests:
                outcomes.append(Outcome(mutant, "unreached"))
                continue
            items = [by_id[t] for t in tests]
            budget = max(10.0, 5 * sum(timed[t] for t in tests)) if self.timeout <= 0 else self.timeout

            def work(mutant: Mutant = mutant, items: list = items) -> object:
                try:
                    _apply_in_process(mutant, tree)
                except Exception as exc:
                    if mutant.qualname == "<module>":  # the module would not import: every test fails
                        return [f"(import fails: {type(exc).__name__})"]
                    raise
                _clear_caches()
                results = _run_items(items, stop_on_failure=True)
                return [nodeid for nodeid, failed, _ in results if failed]

            data, timed_out = _fork(work, budget)
            if timed_out:
                outcomes.append(Outcome(mutant, "timeout"))
            elif isinstance(data, dict):
                outcomes.append(Outcome(mutant, "error", data.get("error", "")))
            elif data:
                outcomes.append(Outcome(mutant, "killed", data[0]))
            else:
                outcomes.append(Outcome(mutant, "survived"))
            if n % 50 == 0:
                print(f"  {n}/{len(mutants)} ({time.monotonic() - started:.0f} s)", flush=True)
        return outcomes


def score(outcomes: list[Outcome]) -> tuple[int, int, int]:
    """(killed, counted, equivalent): killed includes time-outs; counted leaves out the equivalent."""
    killed = sum(o.status in ("killed", "timeout") for o in outcomes)
    equivalent = sum(o.status == "equivalent" for o in outcomes)
    return killed, len(outcomes) - equivalent, equivalent


def load_equivalent(path: Path = EQUIVALENT_FILE) -> dict[str, str]:
    """The equivalent mutants' ids and reasons (``[[mutant]] id = ..., reason = ...``)."""
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = {}
    for entry in data.get("mutant", []):
        if not entry.get("reason"):
            raise SystemExit(f"{path}: {entry.get('id')!r} has no reason")
        out[entry["id"]] = entry["reason"]
    return out


def module_name(path: Path) -> str:
    rel = path.resolve().relative_to(ROOT / "src")
    return ".".join(rel.with_suffix("").parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="+", type=Path, help="module files under src/ (a directory: its modules)")
    parser.add_argument("--tests", nargs="+", default=["tests"], help="test paths to choose from (default: tests)")
    parser.add_argument("--slow", action="store_true", help="also the tests marked slow")
    parser.add_argument("--timeout", type=float, default=0, help="seconds per mutant (default: 5x its tests' time, at least 10)")
    parser.add_argument("--fail-under", type=float, default=0, help="exit 1 when a module scores below this percentage")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--json", type=Path, help="also write the outcomes to this file")
    args = parser.parse_args(argv)

    paths: list[Path] = []
    for p in args.modules:
        paths += sorted(q for q in p.glob("*.py") if q.name != "__init__.py") if p.is_dir() else [p]
    modules = [(module_name(p), p) for p in paths]
    sys.path.insert(0, str(ROOT / "src"))
    # the tests that start trfscore as a process find it the same way
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))
    import hypothesis
    import pytest

    hypothesis.settings.register_profile("mutation", database=None, deadline=None)
    hypothesis.settings.load_profile("mutation")
    plugin = MutationPlugin(modules, load_equivalent(), args.timeout, args.list)
    marks = "not gate" if args.slow else "not slow and not gate"
    os.chdir(ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        code = pytest.main([*args.tests, "-m", marks, "-p", "no:cacheprovider", "-q", "--basetemp", tmp,
                            "-W", "ignore"], plugins=[plugin])
    if code not in (0, 5) and not plugin.outcomes:
        return 2
    return report(plugin.outcomes, args.fail_under, args.json)


def report(outcomes: dict[str, list[Outcome]], fail_under: float, json_path: Path | None) -> int:
    worst = 100.0
    print()
    for name, items in outcomes.items():
        killed, counted, equivalent = score(items)
        pct = 100.0 * killed / counted if counted else 100.0
        worst = min(worst, pct)
        left = [o for o in items if o.status in ("survived", "unreached", "error")]
        print(f"{name}: {pct:.1f} % ({killed} of {counted} killed; {equivalent} equivalent set aside; "
              f"{len(left)} left)")
        for o in left:
            note = "" if o.status == "survived" else f"  [{o.status}{': ' + o.by if o.by else ''}]"
            print(f"    {o.mutant.line}: {o.mutant.key}{note}")
    if json_path is not None:
        json_path.write_text(json.dumps({name: [{"id": o.mutant.key, "line": o.mutant.line, "status": o.status,
                                                  "by": o.by} for o in items] for name, items in outcomes.items()},
                                        indent=1), encoding="utf-8")
    return 0 if worst >= fail_under else 1


if __name__ == "__main__":
    sys.exit(main())
