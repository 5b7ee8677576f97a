"""FIDE federation codes, read once from ``data/federations.json`` (the check rules' TRF810
and the norms' 1.4.2a judge a federation by the same table)."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

__all__ = ["federations"]


@lru_cache(maxsize=1)
def federations() -> tuple[frozenset[str], frozenset[str]]:
    """(current FIDE federation codes, FID included; historic codes) from ``data/federations.json``."""
    data = json.loads(resources.files("trfscore").joinpath("data", "federations.json").read_text("utf-8"))
    return frozenset(data["federations"]), frozenset(data.get("historic", {}))
