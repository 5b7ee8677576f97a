"""``__repr__``, ``__eq__`` and ``__hash__`` of the public dataclasses, written once.

``dataclasses`` compiles these methods from generated source text for every class it makes, in
every process that imports the class (~1.5 M instructions a class of ten fields): the model's
seven classes and the two of :mod:`trfscore.findings` spent ~14 M of a small ``check`` on them.
A class declared ``@dataclass(repr=False, eq=False)`` on :class:`Fieldwise` (or, frozen, on
:class:`FrozenFieldwise`) gets the same methods from here: the same text, the same truth and
the same hash as the generated ones (``tests/test_fieldwise.py`` holds them to what
``dataclasses`` makes), from the class's fields read on the first call.  It stays a dataclass
(``fields``, ``replace``, ``asdict``); only its ``__dataclass_params__`` say ``repr=False,
eq=False``.
"""
from __future__ import annotations

from _thread import get_ident
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

#: (class, "repr"/"compare"/"hash") -> the names of the fields that take part, in field order
_NAMES: dict[tuple[type, str], tuple[str, ...]] = {}
#: (class, "compare"/"hash") -> a function giving the tuple of those fields' values
_VALUES: dict[tuple[type, str], Callable[[Any], tuple[Any, ...]]] = {}
#: (id, thread) of each object whose repr is being made: a repr that meets itself says "..."
_IN_REPR: set[tuple[int, int]] = set()


def _names(cls: type, part: str) -> tuple[str, ...]:
    """The fields of ``cls`` in ``part``, as ``dataclasses`` chooses them for that method
    (``hash``: a field's ``hash`` flag, or its ``compare`` flag when that is None)."""
    names = _NAMES.get((cls, part))
    if names is None:
        names = _NAMES[cls, part] = tuple(
            f.name for f in fields(cls)
            if (f.repr if part == "repr" else f.compare if part == "compare" or f.hash is None else f.hash))
    return names


def _values(cls: type, part: str) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the tuple of an object's values of the fields of ``cls`` in ``part``."""
    values = _VALUES.get((cls, part))
    if values is None:
        names = _names(cls, part)
        if len(names) > 1:
            values = attrgetter(*names)  # a tuple, in C
        else:  # attrgetter of one name gives the value itself, of none no getter at all
            def values(obj: Any, names: tuple[str, ...] = names) -> tuple[Any, ...]:
                return tuple(getattr(obj, name) for name in names)
        _VALUES[cls, part] = values
    return values


class Fieldwise:
    """Base of a mutable dataclass declared ``repr=False, eq=False``: shown, compared and left
    unhashable as ``dataclasses`` would make it."""

    __slots__ = ()

    def __repr__(self) -> str:
        key = (id(self), get_ident())
        if key in _IN_REPR:
            return "..."
        _IN_REPR.add(key)
        try:
            cls = self.__class__
            shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in _names(cls, "repr")])
            return f"{cls.__qualname__}({shown})"
        finally:
            _IN_REPR.discard(key)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            values = _values(self.__class__, "compare")
            return values(self) == values(other)
        return NotImplemented

    # (defining __eq__ without __hash__ makes Python set __hash__ to None here: unhashable, as a
    # mutable dataclass compared by value is)


class FrozenFieldwise(Fieldwise):
    """Base of a frozen dataclass declared ``repr=False, eq=False``: hashed by its fields as
    ``dataclasses`` would make it."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(_values(self.__class__, "hash")(self))
