"""The checks that first ask "is everything in order?" over whole columns (TRF510, TRF511)
answer exactly when their player-by-player comparison finds nothing."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.checks.context import Context
from trfscore.checks.rules.points import _all_agree
from trfscore.checks.rules.ranks import _in_order, _misordered, _totals
from trfscore.model import Player, Tournament

POINTS = [Fraction(n, 2) for n in range(0, 14)] + [Fraction(1, 3), Fraction(7, 4), 3, 0]


def _value(draw, shared: bool):
    value = draw(st.sampled_from(POINTS))
    # the reader shares one object per distinct text; values built elsewhere may not be shared
    return value if shared or not isinstance(value, Fraction) else Fraction(value.numerator, value.denominator)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), size=st.integers(2, 12), shared=st.booleans())
def test_in_order_is_true_exactly_when_rank_order_reports_nothing(data, size, shared):
    ranks = data.draw(st.lists(st.integers(1, size + 1), min_size=size, max_size=size))
    if data.draw(st.booleans()):  # most files: ranks in the order of the points
        ranks = sorted(ranks)
    values = sorted((_value(data.draw, shared) for _ in range(size)), reverse=data.draw(st.booleans()))
    players = [Player(sr, rank=rank, points=v) for sr, (rank, v) in enumerate(zip(ranks, values), 1)]
    points = {p.start_rank: p.points for p in players}
    totals = _totals(Context(Tournament(players=players)), players, True)  # (in the default system's half points)
    assert _in_order([p.rank for p in players], totals) == (not list(_misordered(list(players), points)))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), size=st.integers(1, 12), unit=st.sampled_from([1, 2, 4, 6]), shared=st.booleans())
def test_all_agree_is_true_exactly_when_every_declared_total_is_the_computed_one(data, size, unit, shared):
    totals = {sr: data.draw(st.integers(0, 14)) for sr in range(1, size + 1)}
    players = []
    for sr, total in totals.items():
        choice = data.draw(st.sampled_from(["same", "other", "none"]))
        declared = None if choice == "none" else Fraction(total, unit) if choice == "same" else _value(data.draw, shared)
        players.append(Player(sr, points=declared))
    expected = all(p.points is None or p.points == Fraction(totals[p.start_rank], unit) for p in players)
    ctx = Context(Tournament(players=players))
    ctx.score_units = (unit, totals)  # the computed totals this case gives (a cached property's value, set)
    assert _all_agree(ctx) == expected


def test_a_consistent_individual_event_makes_no_fraction_scores():
    """Checking a consistent individual event compares totals in whole units (``score_units``):
    no rule asks for the Fraction scores (``Context.scores``), which only a team event's
    TRF612 and the messages of a disagreement need."""
    import trfscore
    from trfscore.checks import resolve
    from trfscore.checks.context import Context
    from trfscore.checks.registry import check_rules
    from trfscore.testing.generate import swiss, to_trf

    t = trfscore.loads(to_trf(swiss(40, 7, seed=2, forfeits=0.05, byes=0.05)), "trf")
    profile = resolve("fide")
    ctx = Context(t, profile)
    found = [f for r in profile.selection.chosen(check_rules()) for f in r.func(ctx)]
    assert "score_units" in ctx.__dict__ and "scores" not in ctx.__dict__
    assert not [f for f in found if f.rule in ("TRF510", "TRF511", "TRF612")]


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(st.tuples(st.integers(1, 5), st.integers(0, 6), st.sampled_from(POINTS)), min_size=2, max_size=9))
def test_in_order_reads_a_start_rank_held_twice_as_rank_order_reports_it(rows):
    """A tournament built by hand may give two players one start rank, and some no rank: the
    totals compared are the ranked players' by start rank, as the points ``_misordered`` reports."""
    players = [Player(sr, rank=rank, points=v) for sr, rank, v in rows]
    ranked = [p for p in players if p.rank]
    points = {p.start_rank: p.points for p in ranked}
    totals = _totals(Context(Tournament(players=players)), ranked, True)
    assert _in_order([p.rank for p in ranked], totals) == (not list(_misordered(list(ranked), points)))
