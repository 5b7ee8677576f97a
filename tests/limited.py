"""The command line run in a child process under a memory limit and a watchdog.

A test that an input cannot exhaust memory or hang must survive the bug it guards against: in
the child, ``resource.setrlimit`` caps the address space, so an allocation by a claimed size
ends in a MemoryError (reported, not fatal to the test run) instead of the machine's OOM killer,
and a hang ends at the watchdog's timeout.  The timeout is a watchdog, not a benchmark: every
input here is read in well under a second when the work is bounded.

(A module of its own, not ``conftest``: ``tests/conftest.py`` already has that name.)
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Address space of the child: Python with every dependency imported needs well under 1 GB.
MEMORY = 1024 * 1024 * 1024
#: Seconds before the watchdog stops the child.
TIMEOUT = 120


def _limit(memory: int):
    def set_limits() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return set_limits


def run_limited(args: list[str], *, stdin: bytes | None = None, memory: int = MEMORY, timeout: float = TIMEOUT,
                cwd: str | os.PathLike | None = None, env: dict[str, str] | None = None
                ) -> subprocess.CompletedProcess:
    """``python -m trfscore ARGS`` in a child under ``memory`` bytes of address space; raises
    ``AssertionError`` when the watchdog has to stop it."""
    child_env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), NO_COLOR="1", **(env or {}))
    try:
        return subprocess.run([sys.executable, "-m", "trfscore", *args], input=stdin if stdin is not None else b"",
                              capture_output=True, timeout=timeout, cwd=cwd, env=child_env,
                              preexec_fn=_limit(memory))
    except subprocess.TimeoutExpired:
        raise AssertionError(f"trfscore {' '.join(args)[:300]} still running after {timeout} s") from None


def run_python_limited(code: str, *, memory: int = MEMORY, timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
    """``python -c CODE`` under the same limits (for library calls that could exhaust memory)."""
    child_env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    try:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=timeout, env=child_env,
                              preexec_fn=_limit(memory))
    except subprocess.TimeoutExpired:
        raise AssertionError(f"python -c {code[:300]!r} still running after {timeout} s") from None


def assert_clean(proc: subprocess.CompletedProcess, *, codes=(0, 1, 2)) -> None:
    """Exit code in ``codes``, no traceback, no internal error, no crashed check (TRF000)."""
    err = proc.stderr.decode("utf-8", "replace")
    out = proc.stdout.decode("utf-8", "replace")
    assert proc.returncode in codes, (proc.args, proc.returncode, err[-2000:])
    assert "Traceback" not in err and "internal error" not in err, (proc.args, err[-2000:])
    assert "MemoryError" not in err + out, (proc.args, err[-2000:], out[-2000:])
    assert "TRF000" not in out and "internal error" not in out, (proc.args, out[-2000:])
