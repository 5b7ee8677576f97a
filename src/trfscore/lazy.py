"""Names imported on first use (PEP 562), so that ``import trfscore`` and a command that needs
only a part of the library do not pay for the rest."""
from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, str],
               namespace: MutableMapping[str, Any] | None = None) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name of ``homes`` (name -> the
    package's module holding it) on first use; with ``namespace`` (the package's ``globals()``) the
    name is kept there, so the next use is a plain attribute."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", package), name)
        if namespace is not None:
            namespace[name] = value
        return value

    return __getattr__
