"""Property: whatever a Swiss holds (byes of every kind, forfeits and double forfeits with or
without colours, withdrawals, games without colours), the pairing check gives every paired
round one verdict, names why a round or the file cannot be judged, and never fails: the
checker is given a file it reads (trfscore's normalised TRF26), and no rule breaks."""
from __future__ import annotations

import importlib.util

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.builders import random_swiss
from trfscore.checks import check
from trfscore.event_reading import reading
from trfscore.model import Kind
from trfscore.pairings import Status

pytestmark = pytest.mark.skipif(importlib.util.find_spec("gacrux") is None,
                                reason="gacrux (the pairings extra) not installed")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 14), rounds=st.integers(1, 6),
       colours=st.booleans(), forfeits=st.sampled_from([0.0, 0.2, 0.5]))
def test_every_paired_round_gets_one_verdict(seed, players, rounds, colours, forfeits):
    t = random_swiss(seed, players, rounds, p_forfeit=forfeits, colours=colours)
    t.header.system = "FIDE_DUTCH"
    report = t.verify_pairings()
    premarked = {r.number for r in reading(t).pending if not r.waiting and not r.results}  # only byes: not paired
    paired = sorted({g.round for p in t.players for g in p.games
                     if g.opponent is not None or g.kind == Kind.PAB} - premarked)
    if report.refused:
        # no 152 in these files: refused only when no game shows a colour either
        assert "initial colour" in report.refused
        assert not any(g.colour and g.opponent is not None for p in t.players for g in p.games)
        assert report.rounds == []
    else:
        assert "the checker refused" not in report.refused
        assert [v.round for v in report.rounds] == paired
        for v in report.rounds:
            assert v.status in (Status.SAME, Status.DIFFERS, Status.NO_LEGAL_PAIRING, Status.NOT_CHECKABLE)
            assert "checker failed" not in v.reason
            if v.status == Status.NOT_CHECKABLE:
                assert v.reason
    found = check(t, select="TRF9,TRF000", pairings=True)
    assert not [f for f in found if f.rule == "TRF000"]
