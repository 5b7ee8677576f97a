"""Shared fixtures: the bundled samples, the permissive corpus copies and (when present) the
full shared corpus beside the repository."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").glob("*.trf"))
LOCAL_CORPUS = sorted((ROOT / "tests" / "data" / "corpus").glob("*.trf"))
SHARED_CORPUS_DIR = ROOT.parent / "shared" / "corpus" / "trf"
SHARED_CORPUS = sorted(SHARED_CORPUS_DIR.glob("*.trf")) if SHARED_CORPUS_DIR.is_dir() else []


def corpus_params(paths):
    return [pytest.param(p, id=p.name) for p in paths]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
