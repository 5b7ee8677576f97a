"""The public dataclasses built on :mod:`trfscore.fieldwise` show, compare and hash exactly as the
methods ``dataclasses`` generates would: each class is held to a twin that ``dataclasses`` makes
from the same fields with its own generated ``__repr__``, ``__eq__`` and ``__hash__``."""
from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trfscore
from trfscore import findings, model
from trfscore.fieldwise import Fieldwise, FrozenFieldwise
from trfscore.tournament import Tournament

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
CLASSES = [model.Scoring, model.Player, model.Team, model.Record, model.Source, model.Header, model.Tournament,
           Tournament, findings.Finding, findings.LeftOut]


@cache
def twin_class(cls: type) -> type:
    """A class ``dataclasses`` makes with the fields of ``cls`` (and its name, frozenness and
    field flags), its ``__repr__``, ``__eq__`` and ``__hash__`` generated."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    made = dataclasses.make_dataclass(
        cls.__name__, [(f.name, Any, dataclasses.field(default=None, repr=f.repr, compare=f.compare, hash=f.hash))
                       for f in dataclasses.fields(cls)], frozen=params.frozen)
    made.__qualname__ = cls.__qualname__
    return made


def twin(obj: Any) -> Any:
    """``obj``'s values in its :func:`twin_class`."""
    return twin_class(obj.__class__)(**{f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)})


def held_to_twins(a: Any, b: Any) -> None:
    ta, tb = twin(a), twin(b)
    assert repr(a) == repr(ta) and repr(b) == repr(tb)
    assert (a == b) is (ta == tb) and (a != b) is (ta != tb)
    assert (a == a) is True and (a == "other") is False
    if dataclasses.fields(a) and a.__dataclass_params__.frozen:
        assert hash(a) == hash(ta) and hash(b) == hash(tb)


def sample_objects() -> list[Any]:
    """Every class's objects as a sample TRF's reading and check make them."""
    t = trfscore.load(SAMPLES / "swiss-byes-forfeits.trf")
    found = trfscore.check(t)
    return [t, t.header, t.scoring, t.source, *t.players[:3], *t.source.records[:3], *t.teams, *found,
            findings.finding("TRF001", "one"), findings.left_out("TRF101", 7, None)]


@pytest.mark.parametrize("cls", CLASSES)
def test_every_class_is_a_dataclass_on_the_shared_methods(cls):
    assert dataclasses.is_dataclass(cls)
    assert issubclass(cls, FrozenFieldwise if cls.__dataclass_params__.frozen else Fieldwise)
    assert {"__repr__", "__eq__"}.isdisjoint(cls.__dict__)


def test_sample_objects_show_compare_and_hash_as_generated_ones():
    objects = sample_objects()
    assert {type(o) for o in objects} >= {model.Player, model.Header, model.Record, Tournament, findings.LeftOut}
    for a in objects:
        for b in objects:
            if type(a) is type(b):
                held_to_twins(a, b)
        changed = [f for f in dataclasses.fields(a) if f.init and f.compare]
        if changed:  # the same object with one compared field changed
            name = changed[0].name
            held_to_twins(a, dataclasses.replace(a, **{name: "changed" if getattr(a, name) != "changed" else "x"}))
    with pytest.raises(TypeError):
        hash(objects[0])
    assert len({findings.finding("TRF001", "one"), findings.finding("TRF001", "one")}) == 1


def test_a_repr_that_meets_itself_says_so():
    team, same = model.Team(1, "A"), twin(model.Team(1, "A"))
    team.members, same.members = [team], [same]  # type: ignore[list-item]
    assert repr(team) == repr(same) and "members=[...]" in repr(team)


@given(st.text(max_size=5), st.text(max_size=5), st.one_of(st.none(), st.integers()), st.one_of(st.none(), st.integers()),
       st.text(max_size=3), st.integers(0, 3))
def test_findings_show_compare_and_hash_as_generated_ones(rule, message, line, column, hint, count):
    a = findings.Finding(rule, "error", message, line, column, hint)
    b = findings.Finding(rule, "error", message, line, None, hint)
    note = findings.LeftOut(rule, "info", message, line, column, hint, "", "TRF101", count, a)
    held_to_twins(a, b)
    held_to_twins(note, dataclasses.replace(note, count=count + 1))
    assert (a == note) is False and (note == a) is False
