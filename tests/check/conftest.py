"""Fixtures of the validator tests (helpers live in ``checkhelp``)."""
from __future__ import annotations

import pytest

from checkhelp import run_main


@pytest.fixture()
def cli(capsys):
    """Run ``trfscore`` in-process: ``code, out, err = cli("check", path)``."""
    return lambda *argv: run_main(capsys, *argv)
