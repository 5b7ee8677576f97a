"""The explanation columns the HTML page ships (``tiebreaks.explain_columns``) rebuild, for every
player and tie-break they cover, the explanation ``Standings.explain`` gives: the same text and
the same value.  (The page's script writing that text is compared in the browser test.)"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfscore.testing.generate import round_robin, swiss
from trfscore.tiebreaks import explain_columns as XC

CODES = ["BH-C1", "BH", "SB", "PS", "BH-M1", "SB-C1", "FB", "PS-C1", "BH/F", "SB/F", "BH-B1W1", "SB-M1", "BH-C2",
         "PS-C3", "BH-M2", "SB-B1W2", "DE", "ARO", "BH/P"]
RULES = ["fide-2026", "fide-2024", "fide-2023", "fide-2009", "none"]


def compare(s) -> int:
    """Compares every covered (player, tie-break); returns how many were covered."""
    eng = s._engine
    data = XC.columns(eng, [s._specs[c] for c in s.tiebreaks])
    covered = 0
    for j, code in enumerate(s.tiebreaks):
        if data["tiebreaks"][j] is None:
            continue
        for i, sr in enumerate(eng.ctx.start_ranks):
            got, want = XC.explanation(data, j, i), s.explain(sr, code)
            assert str(got) == str(want), (code, sr)
            assert got.value == want.value, (code, sr)
            covered += 1
    return covered


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 40), rounds=st.integers(1, 9),
       rate=st.sampled_from([0.0, 0.05, 0.2]), rules=st.sampled_from(RULES))
def test_columns_rebuild_every_explanation(seed, players, rounds, rate, rules):
    t = swiss(players, rounds, seed=seed, forfeits=rate, byes=rate, withdrawals=rate)
    s = t.standings(tiebreaks=CODES, rules=rules, system="swiss")
    assert compare(s) > 0


def test_what_is_covered():
    """BH, FB, SB with cuts and /F, and PS (with cuts), are columns; /P, DE and the rest are not."""
    t = swiss(20, 5, seed=3, forfeits=0.1, byes=0.1, withdrawals=0.1)
    s = t.standings(tiebreaks=CODES, rules="fide-2026", system="swiss")
    data = XC.columns(s._engine, [s._specs[c] for c in s.tiebreaks])
    kinds = dict(zip(s.tiebreaks, [tb and tb["kind"] for tb in data["tiebreaks"]]))
    assert kinds["BH-C1"] == kinds["FB"] == kinds["BH-M2"] == "sum"  # BH/F reads as FB
    assert kinds["SB"] == kinds["SB-B1W2"] == "product" and kinds["PS-C3"] == "progressive"
    assert kinds["DE"] is kinds["ARO"] is kinds["BH/P"] is None
    assert compare(s) == 16 * 20


def test_round_robin_is_left_to_explain():
    """A round-robin's terms follow the opponents' order, not the cells': only PS is a column."""
    t = round_robin(8, seed=2)
    s = t.standings(tiebreaks=["SB", "BH", "PS"], rules="fide-2023", system="round-robin")
    data = XC.columns(s._engine, [s._specs[c] for c in s.tiebreaks])
    assert [tb and tb["kind"] for tb in data["tiebreaks"]] == [None, None, "progressive"]
    assert compare(s) == 8


def test_cuts_longer_than_the_event():
    """More values cut than there are rounds: every term is cut, once (PS-C5, BH-M2, SB-B1W2 and
    BH-C3 over two rounds), as ``Standings.explain`` says."""
    t = swiss(6, 2, seed=5, forfeits=0.2, byes=0.2)
    codes = ["PS-C5", "BH-M2", "SB-B1W2", "BH-C3", "FB-C1", "SB-M1"]
    s = t.standings(tiebreaks=codes, rules="fide-2024", system="swiss")
    data = XC.columns(s._engine, [s._specs[c] for c in s.tiebreaks])
    assert [tb["cuts"] for tb in data["tiebreaks"]] == [2, 2, 2, 2, 1, 2]
    assert [tb["name"] for tb in data["tiebreaks"]] == [
        "Progressive score", "Buchholz", "Sonneborn-Berger", "Buchholz", "Fore Buchholz", "Sonneborn-Berger"]
    assert data["tiebreaks"][4]["notes"] == ["every game paired in the last round counted as a draw (C.07 Art. 8.3)"]
    assert compare(s) == 6 * 6


def test_an_event_without_rounds_has_no_columns():
    t = swiss(4, 0)
    s = t.standings(tiebreaks=["BH", "PS"], rules="fide-2024", system="swiss")
    data = XC.columns(s._engine, [s._specs[c] for c in s.tiebreaks])
    assert data["tiebreaks"] == [None, None]
