"""Property tests on generated tournaments (hypothesis)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.standings import compute_standings

from .builders import from_matrix, random_swiss, renumber

EDITIONS = ["fide-2026", "fide-2024", "fide-2023", "fide-2009", "none"]
INVARIANT_CODES = ("BH,BH-C1,BH-C2,BH-M1,FB,AOB,SB,SB-C1,PS,PS-C1,KS,WIN,WON,BPG,BWG,REP,STD,"
                   "ARO,ARO-C1,TPR,PTP,APRO,APPO,RTNG,MMED,SOLK,CUM,OCUM,KASH,DE")


@st.composite
def round_robin_matrix(draw):
    n = draw(st.integers(min_value=2, max_value=9))
    cycles = draw(st.sampled_from([1, 2]))
    halves = st.sampled_from([0, 1, 2])
    cells = {}
    for i in range(n):
        for j in range(i + 1, n):
            cells[(i, j)] = [Fraction(draw(halves), 2) for _ in range(cycles)]
    rows = []
    for i in range(n):
        row = []
        for j in range(n):
            if i == j:
                row.append("X")
            elif i < j:
                row.append("/".join(str(v) for v in cells[(i, j)]))
            else:
                row.append("/".join(str(1 - v) for v in cells[(j, i)]))
        rows.append(" ".join(row))
    sitout = draw(st.sampled_from(["NS", "PAB", "--"]))
    return rows, n, cycles, sitout


@settings(max_examples=60, deadline=None)
@given(round_robin_matrix(), st.sampled_from(EDITIONS))
def test_sb_over_complete_round_robin_sums_to_known_total(data, rules):
    rows, n, cycles, sitout = data
    t = from_matrix(rows, cycles=cycles, sitout=sitout)
    res = compute_standings(t, "SB", rules=rules)
    assert res.system == "round-robin"
    games = cycles * (n - 1)
    assert sum(r.points for r in res.rows) == Fraction(games * n, 2)
    total = sum(r.tiebreaks["SB"] for r in res.rows)
    assert total == sum(r.points * (games - r.points) for r in res.rows)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 14), st.integers(1, 8), st.sampled_from(EDITIONS))
def test_cuts_never_raise_values(seed, players, rounds, rules):
    t = random_swiss(seed, players, rounds)
    res = compute_standings(t, "BH,BH-C1,BH-C2,BH-M1,FB,FB-C1,SB,SB-C1,PS,PS-C1,ARO,ARO-C1",
                            rules=rules)
    for r in res.rows:
        tb = r.tiebreaks
        assert tb["BH-C2"] <= tb["BH-C1"] <= tb["BH"]
        assert tb["BH-M1"] <= tb["BH-C1"]
        assert tb["FB-C1"] <= tb["FB"]
        assert tb["SB-C1"] <= tb["SB"]
        assert tb["PS-C1"] <= tb["PS"]
        assert min(tb["BH-C2"], tb["SB-C1"], tb["PS-C1"]) >= 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 12), st.integers(1, 7), st.sampled_from(EDITIONS),
       st.randoms(use_true_random=False))
def test_invariant_under_renumbering(seed, players, rounds, rules, rnd):
    t = random_swiss(seed, players, rounds)
    ranks = [p.start_rank for p in t.players]
    shuffled = ranks[:]
    rnd.shuffle(shuffled)
    perm = dict(zip(ranks, shuffled))
    a = compute_standings(t, INVARIANT_CODES, rules=rules, system="swiss")
    b = compute_standings(renumber(t, perm), INVARIANT_CODES, rules=rules, system="swiss")
    got_a = {perm[r.start_rank]: (r.rank, r.rank_to, r.points, r.tiebreaks) for r in a.rows}
    got_b = {r.start_rank: (r.rank, r.rank_to, r.points, r.tiebreaks) for r in b.rows}
    assert got_a == got_b


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 10), st.integers(1, 6))
def test_every_code_runs_on_messy_events(seed, players, rounds):
    rng = random.Random(seed)
    t = random_swiss(seed, players, rounds, p_hpb=rng.random() / 3, p_zpb=rng.random() / 4,
                     p_forfeit=rng.random() / 3, p_withdraw=rng.random() / 4,
                     ratings=rng.random() < 0.8, colours=rng.random() < 0.8)
    codes = INVARIANT_CODES + ",TPN,NNSB,KS/L-2,BH-B1W2,DE/P,AOB/F,BH/P"
    for rules in EDITIONS:
        res = compute_standings(t, codes, rules=rules)
        assert len(res.rows) == players
        assert [r.rank for r in res.rows] == sorted(r.rank for r in res.rows)


CUT_CODES = "BH,BH-C1,BH-C2,BH-M1,BH-B1W2,SB,SB-C1,SB-M1,FB,AOB,NNSB"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 14), rounds=st.integers(1, 8),
       edition=st.sampled_from(EDITIONS))
def test_terms_over_the_flat_cells_equal_the_general_layout(seed, n, rounds, edition):
    """A Swiss without sit-outs has its Buchholz/SB terms computed over the flat cells
    (``terms.one_term_per_cell``); the general per-player layout must give the same values."""
    from trfscore.tiebreaks import terms

    t = random_swiss(seed, n, rounds, p_forfeit=0.1, p_withdraw=0.08)
    fast = compute_standings(t, CUT_CODES, rules=edition, system="swiss")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(terms, "one_term_per_cell", lambda ctx, fp: False)
        general = compute_standings(t, CUT_CODES, rules=edition, system="swiss")
    assert [(r.start_rank, r.tiebreaks) for r in fast.rows] == [(r.start_rank, r.tiebreaks) for r in general.rows]


def _virtual_direct(ctx, k: int) -> int:
    """The 2009 virtual opponent of one unplayed cell computed straight from the rule, over
    the whole row (the general computation ``unplayed.own_values`` once made per cell): the
    player's points in the scheduled rounds before it, the complement of the player's result,
    a draw in every scheduled round after it."""
    from trfscore.tiebreaks.unplayed import NOSCHED

    i, r = divmod(k, ctx.round_count)
    pts, cats = ctx.flat_pts[ctx.slices[i]], ctx.flat_categories[ctx.slices[i]]
    before = sum(pts[j] for j in range(r) if cats[j] != NOSCHED)
    got = pts[r]
    comp = ctx.L if got >= ctx.W else ctx.W if got <= ctx.L else ctx.D
    later = sum(1 for j in range(r + 1, ctx.round_count) if cats[j] != NOSCHED)
    return before + comp + ctx.D * later


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 14), rounds=st.integers(1, 9), rr=st.booleans())
def test_virtual_opponents_of_2009_equal_the_rule_cell_by_cell(seed, n, rounds, rr):
    """The 2009 virtual-opponent values come from running sums made once per player (linear
    in the rounds, not quadratic per player); they equal the rule applied to each cell alone."""
    from trfscore.tiebreaks import unplayed
    from trfscore.tiebreaks.context import build_context
    from trfscore.tiebreaks.editions import EDITIONS

    t = random_swiss(seed, n, rounds, p_forfeit=0.15, p_withdraw=0.1)
    ctx = build_context(t, rr=rr)
    ed = EDITIONS["fide-2009"]
    adj = unplayed.adjusted_scores(ctx, ed)
    cells = list(reversed(ctx.unplayed))  # any order, each player's cells apart
    got = unplayed.own_values(ctx, ed, cells, adj)
    assert got == [(_virtual_direct(ctx, k), "virtual") for k in cells]


@pytest.mark.slow  # a watchdog over 120,000 cells (the values are the previous test's)
def test_virtual_opponents_of_2009_are_linear_per_player():
    """Every unplayed round summed the player's whole row: 40 players with 3,000 half-point
    byes each took 360 million steps (minutes; fuzzed files ran past 300 s).  A watchdog, not
    a benchmark: the running sums take a fraction of a second."""
    import signal

    from trfscore.model import Game, Kind, Player
    from trfscore.tiebreaks import unplayed
    from trfscore.tiebreaks.context import build_context
    from trfscore.tiebreaks.editions import EDITIONS
    from trfscore.tournament import Tournament

    rounds = 3000
    t = Tournament(players=[Player(i, games=[Game(r, None, None, "H", Kind.HALF_BYE) for r in range(1, rounds + 1)])
                            for i in range(1, 41)], rounds=rounds)
    ctx = build_context(t, rr=False)
    ed = EDITIONS["fide-2009"]

    def expire(signum, frame):
        raise TimeoutError("the 2009 valuation is quadratic per player again")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        got = unplayed.own_values(ctx, ed, ctx.unplayed, unplayed.adjusted_scores(ctx, ed))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # a half-point bye in every round: the virtual opponent scores a draw in each, D x rounds
    assert len(got) == 40 * rounds and {value for value, _ in got} == {ctx.D * rounds}
