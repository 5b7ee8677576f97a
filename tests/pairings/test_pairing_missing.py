"""Without the ``pairings`` extra: ``check --pairings`` stops with exit 2 and says how to install
it, before reading any file; the library raises :class:`trfscore.pairings.CheckerMissing`.  Runs
with or without gacrux installed (its absence is simulated)."""
from __future__ import annotations

from pathlib import Path

import pytest

import trfscore
from conftest import run_cli
from trfscore.pairings import CheckerMissing, engine

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("012 Two\n152 W\n"
        "001    1      A                                 2000                             1.0       "
        "  2 w 1\n"
        "001    2      B                                 2000                             0.0       "
        "  1 b 0\n")


@pytest.fixture()
def no_checker(monkeypatch):
    monkeypatch.setattr(engine.importlib.util, "find_spec", lambda name, *a: None if name == "gacrux" else object())


def test_cli_exit_2_with_the_install_command(no_checker, tmp_path, capsys):
    path = tmp_path / "t.trf"
    path.write_text(TEXT)
    code, out, err = run_cli(capsys, "check", "--pairings", str(path))
    assert code == 2 and out == ""
    assert "pip install 'trfscore[pairings]'" in err


def test_cli_without_pairings_needs_no_checker(no_checker, tmp_path, capsys):
    path = tmp_path / "t.trf"
    path.write_text(TEXT)
    code, _, _ = run_cli(capsys, "check", "--select", "TRF9", str(path))
    assert code == 0


def test_library_raises(no_checker):
    t = trfscore.loads(TEXT)
    with pytest.raises(CheckerMissing, match=r"trfscore\[pairings\]"):
        t.verify_pairings()
    with pytest.raises(ImportError):
        trfscore.check(t, pairings=True)


def test_extra_pins_the_range_the_adapter_names():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["pairings"] == [f"gacrux{engine.SUPPORTED}"]
    assert f"gacrux{engine.SUPPORTED}" in extras["test"]  # CI runs the pairing tests on the same range
