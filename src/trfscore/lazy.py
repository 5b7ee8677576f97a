"""Names imported on first use (PEP 562), so that ``import trfscore`` and a command that needs
only a part of the library do not pay for the rest; and standard modules a dependency imports
but a command seldom uses, deferred in the command's own process (:func:`defer_module`)."""
from __future__ import annotations

import sys
import types
from collections.abc import Callable, Mapping, MutableMapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names", "defer_module"]


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


class _Deferred(types.ModuleType):
    """A module's stand-in in ``sys.modules``: ``import name`` binds it at no cost, and the first
    name read from it imports the module itself, whose names it then holds (so later reads are
    plain attributes, and ``sys.modules`` holds the module itself)."""

    def __getattr__(self, attr: str) -> Any:
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        module = import_module(name)
        self.__dict__.update(module.__dict__)
        return getattr(module, attr)


def defer_module(name: str) -> None:
    """Let the module ``name``, when not imported yet, be imported when a name is first read
    from it rather than where it is imported.  For the command's own process only
    (``cli.run``): :mod:`dataclasses` imports :mod:`inspect` (with ``ast``, ``dis`` and
    ``tokenize``: ~20 M instructions, an eighth of what a small report adds to the interpreter's
    start-up) and reads it only to describe a class without a docstring, which trfscore's
    dataclasses all have."""
    if name not in sys.modules:
        sys.modules[name] = _Deferred(name)
