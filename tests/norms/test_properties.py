"""Properties of the norm engine on generated events (Swiss and round robins with random titles,
federations, ratings, forfeits and byes): it never fails, its arithmetic is the regulations'
(Ra and p rounded .5 upwards, Rp = Ra + dp), a norm is achieved exactly when every condition
holds, and its documents follow the schema."""
from __future__ import annotations

import json
import random
from fractions import Fraction
from math import floor

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.formats.json_schema import schema
from trfscore.norms.explain import explain_text, norms_document, summary_text
from trfscore.ratings.tables import fide_dp_hundredths
from trfscore.testing.generate import round_robin, swiss, to_trf

TITLES = ["GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM", "", "", ""]
FEDS = ["ESP", "GER", "FRA", "IND", "FID", "XYZ", ""]


@st.composite
def events(draw):
    seed = draw(st.integers(0, 10_000))
    if draw(st.booleans()):
        t = swiss(draw(st.integers(6, 40)), draw(st.integers(5, 14)), seed=seed,
                  forfeits=draw(st.sampled_from([0.0, 0.05])), byes=draw(st.sampled_from([0.0, 0.05])))
    else:
        t = round_robin(draw(st.integers(4, 11)), seed=seed, double=draw(st.booleans()))
    rng = random.Random(seed)
    for p in t.players:
        p.title = rng.choice(TITLES)
        p.federation = rng.choice(FEDS)
        p.rating = rng.choice([None, rng.randint(1000, 2750), rng.randint(2200, 2750)])
        p.sex = rng.choice("mw ")
    t.header.federation = rng.choice(FEDS[:4])
    t.header.start_date = rng.choice(["2019/05/01", "2022/05/01", "2024/05/01"])
    return to_trf(t)


def half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(), st.sampled_from(["open", "zonal", "national-championship"]))
def test_norm_engine_invariants(text, event_type):
    t = trfscore.loads(text.encode(), "trf")
    norms = t.norms(event_type=event_type)
    for pn in norms.players:
        counted = {(o.round, o.start_rank) for o in pn.rounds.games}
        for r in pn.results:
            assert r.achieved == (r.status == "achieved")
            if r.status == "title held":
                continue
            assert r.achieved == all(c.passed for c in r.conditions)
            perf = r.perf
            if perf is None:
                assert not r.achieved
                continue
            n = len(r.games)
            assert perf.ra == half_up(Fraction(perf.total, n))  # 1.4.7
            assert perf.percent == half_up(Fraction(100 * perf.halves, 2 * n))  # 1.4.9 note
            assert perf.rp == perf.ra + fide_dp_hundredths(perf.percent)  # 1.4.8
            assert sum(perf.ratings) == perf.total
            floored = [i for i, (o, x) in enumerate(zip(r.games, perf.ratings)) if (o.rating or 0) != x and o.rating]
            assert len(floored) <= 1  # 1.4.6c: one opponent at most raised
            kept = {(o.round, o.start_rank) for o in r.games}
            gone = {(o.round, o.start_rank) for o, _, _ in r.ignored}
            assert kept | gone <= counted | {(o.round, o.start_rank) for o in pn.rounds.forfeit_opponents}
            if r.achieved:
                assert n >= 7 and r.length is not None and r.length >= min(n, 13)
                assert r.required is not None and perf.halves >= r.required
                if norms.facts.scheduled > 13:
                    assert r.length <= 13
    summary_text(norms, all_players=True)
    explain_text(norms, norms.players[0])
    doc = json.loads(json.dumps(norms_document(norms)))
    full = dict(schema())
    full.pop("oneOf")
    assert list(jsonschema.Draft202012Validator({**full, "$ref": "#/$defs/normsDocument"}).iter_errors(doc)) == []
