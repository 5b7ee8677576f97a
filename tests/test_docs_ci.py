"""docs/ci.md works as written: its commands are read from the page and run (issue #25).

The quick tests run the page's ``trfscore`` commands (the pre-commit hook's entry, the GitHub
Actions and SARIF steps, the JSON Lines example) in a repository of tournament files with a
README and a settings file beside them, with ``trfscore`` on the PATH as a shim for this
checkout.  The slow test follows the installation section itself: it builds the wheel with the
page's command, installs it into a fresh environment and runs the hook's entry with the
installed ``trfscore``.
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
GOOD = """012 Test Open
022 Testville
032 GER
042 2026/04/01
052 2026/04/03
102 Arbiter, Chief
132                                                                                        26/04/01  26/04/02
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.5    1     2 w 1     3 b =
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  1.0    2     1 b 0     4 w 1
001    3 m    Player0003, Test                  1800 GER      100003 1990/01/01  1.0    3     4 w =     1 w =
001    4 m    Player0004, Test                  1800 GER      100004 1990/01/01  0.5    4     3 b =     2 b 0
"""


def blocks(language: str) -> list[str]:
    """The page's fenced code blocks in ``language``."""
    return re.findall(rf"```{language}\n(.*?)```", PAGE, re.S)


def yaml_values(key: str, language: str = "yaml") -> list[str]:
    """Every ``key: value`` of the page's YAML blocks (the value as written, comments cut)."""
    return [m.group(1).strip() for block in blocks(language)
            for m in re.finditer(rf"^\s*(?:- )?{key}: (.*?)(?:\s+#.*)?$", block, re.M)]


def repository(tmp_path: Path) -> Path:
    """A repository of tournament files as a federation keeps one."""
    repo = tmp_path / "repo"
    (repo / "reports").mkdir(parents=True)
    (repo / "reports" / "open.trf").write_text(GOOD, encoding="utf-8")
    (repo / "reports" / "README.txt").write_text("Reports submitted for the April list.\n", encoding="utf-8")
    (repo / "reports" / "settings.json").write_text('{"columns": ["name", "rating"]}\n', encoding="utf-8")
    (repo / "incoming").mkdir()
    (repo / "incoming" / "open.trf").write_text(GOOD, encoding="utf-8")
    return repo


def shim(tmp_path: Path) -> dict[str, str]:
    """An environment whose PATH has a ``trfscore`` command running this checkout."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    script = bindir / "trfscore"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m trfscore "$@"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONPATH=str(ROOT / "src"),
               NO_COLOR="1")
    return env


def sh(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["/bin/sh", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the page's commands are POSIX shell")


def test_the_page_has_no_placeholders():
    assert "OWNER" not in PAGE and not re.search(r"rev: [0-9a-f]{6,}", PAGE)
    assert "git+https://" not in PAGE  # nothing is published to install from


def test_the_pre_commit_hook_as_written(tmp_path):
    (entry,) = yaml_values("entry")
    assert entry.startswith("trfscore check ")
    repo, env = repository(tmp_path), shim(tmp_path)
    files = "reports/open.trf reports/README.txt reports/settings.json"  # pre-commit passes every text file
    done = sh(f"{entry} {files}", repo, env)
    assert done.returncode == 0, done.stdout + done.stderr
    (repo / "reports" / "bad.trf").write_text(GOOD.replace(" 1.5    1", " 2.5    1"), encoding="utf-8")
    done = sh(f"{entry} {files} reports/bad.trf", repo, env)
    assert done.returncode == 1 and "TRF510" in done.stdout  # declared points against the results


def test_the_github_actions_steps_as_written(tmp_path):
    runs = [r for r in yaml_values("run") if r.startswith("trfscore ")]
    assert any("--format github" in r for r in runs) and any("--format sarif" in r for r in runs)
    repo, env = repository(tmp_path), shim(tmp_path)
    for command in runs:
        done = sh(command, repo, env)
        assert done.returncode == 0, (command, done.stdout, done.stderr)  # the README and settings file are skipped
    (repo / "reports" / "bad.trf").write_text(GOOD.replace(" 1.5    1", " 2.5    1"), encoding="utf-8")
    github = next(r for r in runs if "--format github" in r)
    done = sh(github, repo, env)
    assert done.returncode == 1 and "::error file=reports/bad.trf,line=8" in done.stdout


def test_the_jsonl_example_as_written(tmp_path):
    (command,) = re.findall(r"`(trfscore check [^`]*--format jsonl[^`]*)`", PAGE)
    repo, env = repository(tmp_path), shim(tmp_path)
    done = sh(command, repo, env)
    assert done.returncode == 0, done.stderr
    assert '"status": "passed"' in (repo / "findings.jsonl").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_installation_section_as_written(tmp_path):
    """Build the wheel with the page's commands from a copy of this checkout, install it into a
    fresh environment (that sees the installed dependencies) and run the hook's entry with it."""
    (install,) = [b for b in blocks("sh") if "pip wheel" in b]
    copy = tmp_path / "trfscore"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["NO_COLOR"] = "1"
    # Where trfscore is installed system-wide already (CI installs the test extras first), the
    # fresh environment sees it and pip would leave the wheel uninstalled: install it anyway, and
    # only it (the dependencies come from the system as before).
    env["PIP_FORCE_REINSTALL"] = "1"
    env["PIP_NO_DEPS"] = "1"
    for command in install.strip().splitlines():
        done = sh(command, tmp_path, env)
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    repo = repository(tmp_path)
    (entry,) = yaml_values("entry")
    done = sh(f"{entry} reports/open.trf reports/README.txt", repo, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert shutil.which("trfscore", path=str(venv / "bin"))
