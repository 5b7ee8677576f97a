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
    # every cell of a one-round event a bye (seed 2170, 2 players): the round is pre-marked, the
    # standings are after round 0 and no value is explained
    assert compare(s) > 0 or s.rounds == 0


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


def without_opponent(term: dict) -> dict:
    return {k: v for k, v in term.items() if k != "opponent" or term["unplayed"]}


def test_the_payload_shares_texts_contexts_and_groups():
    """Each text, context and (context, edition) group is shipped once, whatever reads it; every
    tie-break has its cut lists; the JSON form of every rebuilt term (VUR flags and notes too) is
    that of ``Standings.explain`` but for the opponents of games, which the text does not name and
    the columns do not carry; under the 2009 rule (no VUR) and the 2024 text."""
    for rules in ("fide-2009", "fide-2024"):
        t = swiss(12, 4, seed=11, forfeits=0.15, byes=0.15, withdrawals=0.1)
        s = t.standings(tiebreaks=["BH", "BH-C1", "SB", "PS", "FB", "SB/F"], rules=rules, system="swiss")
        data = XC.columns(s._engine, [s._specs[c] for c in s.tiebreaks])
        assert data["start_ranks"] == [r.start_rank for r in sorted(s.rows, key=lambda r: r.start_rank)]
        assert len(data["strings"]) == len(set(data["strings"]))
        assert len(data["contexts"]) == 2 and len(data["groups"]) == 2  # the plain and the Fore view
        assert all("cut" in tb and "why" in tb for tb in data["tiebreaks"])
        for j, code in enumerate(s.tiebreaks):
            for i, sr in enumerate(data["start_ranks"]):
                got, want = XC.explanation(data, j, i), s.explain(sr, code)
                assert [without_opponent(t) for t in got.to_dict()["terms"]] == [
                    without_opponent(t) for t in want.to_dict()["terms"]], (rules, code, sr)


def test_columns_of_a_fresh_engine_and_a_short_row():
    """The columns do not lean on values the standings computed first, and a player whose row is
    shorter than the event (no cell for the last round) is explained as absent there."""
    from trfscore.tiebreaks.base import Engine
    from trfscore.tiebreaks.context import build_context
    from trfscore.tiebreaks.editions import EDITIONS
    from trfscore.tiebreaks.registry import parse_tiebreak

    from .builders import from_rows

    rows = {1: "+W2 =B3", 2: "-B1", 3: "-- =W1"}
    s = from_rows(rows, system="Swiss").standings(tiebreaks=["BH"], rules="fide-2024", system="swiss")
    eng = Engine(build_context(from_rows(rows, system="Swiss"), rr=False), EDITIONS["fide-2024"])
    data = XC.columns(eng, [parse_tiebreak("BH")])
    for i, sr in enumerate(data["start_ranks"]):
        assert str(XC.explanation(data, 0, i)) == str(s.explain(sr, "BH")), sr
    assert "R2: absent / not paired" in str(XC.explanation(data, 0, 1))
