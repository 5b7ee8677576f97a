"""The collector pause used around bulk reading and ranking."""
from __future__ import annotations

import gc

from trfscore.gcpause import gc_paused


def test_the_collector_is_paused_and_restored():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # a program that had it off keeps it off
    finally:
        gc.enable()


def test_objects_made_while_paused_do_not_land_in_the_young_generation():
    gc.collect()
    before = gc.get_stats()[0]["collections"]
    with gc_paused():
        made = [[i] for i in range(50_000)]
    # left in the young generation, the very next allocation (this call's result) would start
    # a collection that walks all 50,000 lists
    assert gc.get_stats()[0]["collections"] == before
    assert gc.get_freeze_count() == 0  # moved to the oldest generation, not left frozen
    assert sum(map(len, made)) == 50_000


def test_a_programs_own_frozen_objects_stay_frozen():
    keep = [[i] for i in range(100)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            [[i] for i in range(1_000)]
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
    assert len(keep) == 100
