"""Every rating-list test builds its indexes in its own temporary cache folder, never the user's."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
