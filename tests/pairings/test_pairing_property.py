"""Property: whatever a Swiss holds (byes of every kind, forfeits and double forfeits with or
without colours, withdrawals, games without colours), the pairing check gives every paired
round one verdict, names why a round or the file cannot be judged, and never fails: the
checker is given a file it reads (trfscore's normalised TRF26), and no rule breaks."""
from __future__ import annotations

import importlib.util

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
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


@pytest.fixture(scope="module")
def team_text() -> str:
    import teamgen

    return teamgen.generate(7, 3, 4, 5, bye_rate=0.1).text()


CELLS = ["0000 - -", "0000 - +", "0000 - H", "0000 - Z", "0000 - F", "0000 - U", "        ", "{o:>4} w 1",
         "{o:>4} b 0", "{o:>4} w =", "{o:>4} - +", "{o:>4} b -", "{o:>4} w X"]


@settings(max_examples=20, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(1, 21), st.integers(1, 4), st.integers(0, len(CELLS) - 1),
                                st.integers(0, 22)), max_size=6),
       drop=st.sets(st.sampled_from(["320", "240", "352", "362", "142", "152", "192", "310   7"]), max_size=3),
       extra=st.sampled_from(["", "330 +-   2   1   2", "330 --   3   4   5", "300   2   3   4    9    0    8",
                              "299 W  2.0  1.5   1    6", "250  1.0  0.5   1   2    1    3", "260   1   4    1    2"]))
def test_a_team_event_however_changed_gets_a_verdict_per_round_or_a_reason(team_text, edits, drop, extra):
    """Whatever a team file holds (cells of every kind, team records missing or added), the team
    pairing check judges each paired round or says why it cannot, and never fails."""
    from planting import _set  # a round cell written in its columns

    lines = [ln for ln in team_text.split("\n") if not any(ln.startswith(code) for code in drop)]
    index = {int(ln[4:8]): i for i, ln in enumerate(lines) if ln.startswith("001")}
    for player, rnd, kind, opponent in edits:
        cell = CELLS[kind].format(o=opponent)
        lines[index[player]] = _set(lines[index[player]], rnd, cell[:4], cell[5], cell[7])
    text = "\n".join(lines + [extra])
    t = trfscore.loads(text.encode("utf-8"))
    report = t.verify_pairings()
    assert report.refused or report.rounds
    for v in report.rounds:
        assert v.status in (Status.SAME, Status.DIFFERS, Status.NO_LEGAL_PAIRING, Status.NOT_CHECKABLE)
        if v.status == Status.NOT_CHECKABLE:
            assert v.reason
    found = check(t, select="TRF9,TRF000", pairings=True)
    assert not [f for f in found if f.rule == "TRF000"]
