"""The report's FIDE figures in whole numbers (ratings/fide_figures.py) against the general path.

No value here is typed in: every test compares the rows the report makes from the figures with
the rows of ``rate_tournament`` (one ``fide_evaluate`` per player, B.02 8.3 in exact Fractions).
"""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.ratings.fide_figures import FideFigures, fide_figures
from trfscore.ratings.players_csv import parse_players_csv
from trfscore.ratings.tournament import rate_tournament
from trfscore.report.values import rating_row, rating_rows
from trfscore.testing.generate import swiss, to_trf


def _general_rows(t, players=None) -> str:
    return json.dumps({sno: rating_row(r) for sno, r in rate_tournament(t, "fide", players).items()})


def _figure_rows(t, players=None) -> str:
    return json.dumps(dict(rating_rows(fide_figures(t, players))))  # JSON text: 5 and 5.0 differ


def _players_csv(t, rng: random.Random, share: float):
    """A players CSV giving K, games before, 2400 reached or a birth year for some players."""
    lines = ["fide_id,k,games_before,reached_2400,birth_year"]
    for p in t.players:
        if rng.random() < share:
            lines.append(",".join([p.fide_id, rng.choice(["", "10", "20", "40", "60"]),
                                   rng.choice(["", "5", "29", "30", "200"]), rng.choice(["", "yes", "no"]),
                                   rng.choice(["", "2006", "2010", "1980"])]))
    players, problems = parse_players_csv("\n".join(lines) + "\n")
    assert not problems
    return players


@given(seed=st.integers(0, 10**6), players=st.integers(2, 40) | st.integers(64, 80), rounds=st.integers(1, 9),
       unrated=st.sampled_from([0.0, 0.2]), unrated_games=st.sampled_from([0.0, 0.3]),
       strong=st.sampled_from([0.0, 0.3]), weak=st.sampled_from([0.0, 0.4]),
       births=st.sampled_from([0.0, 0.5]), csv=st.sampled_from([0.0, 0.5]),
       ended=st.sampled_from(["2026-05-01", "2025-06-30", "2023-01-01", ""]))
@settings(max_examples=60, deadline=None)
def test_figures_give_the_rows_of_the_general_path(seed, players, rounds, unrated, unrated_games, strong, weak,
                                                   births, csv, ended):
    """Unrated players and opponents, TRF W/D/L games, players from 2650 (no 400 cap from
    October 2025), players near the 1400 floor, juniors, a players CSV and end dates before
    and after each rule change: the rows of the figures are the general path's, byte for byte,
    in the model built directly and in a TRF read back (one packed block of round cells, read
    a column at a time, when no line has a finding)."""
    t = swiss(players, rounds, seed=seed, forfeits=0.1, byes=0.1, withdrawals=0.1)
    rng = random.Random(seed)
    for p in t.players:
        roll = rng.random()
        if roll < unrated:
            p.rating = None
        elif roll < unrated + strong:
            p.rating = rng.randint(2600, 2900)
        elif roll < unrated + strong + weak:
            p.rating = rng.randint(1380, 1430)
        if rng.random() < births:
            p.birth = f"{rng.choice([1970, 2005, 2009, 2012])}/03/04"
        p.games = [g._replace(code={"1": "W", "=": "D", "0": "L"}[g.code])
                   if g.code in "1=0" and rng.random() < unrated_games else g for g in p.games]
    t.header.end_date_iso = ended or None
    loaded = trfscore.loads(to_trf(t).encode())
    loaded.header.end_date_iso = ended or None
    table = _players_csv(t, rng, csv) if csv else None
    for event in (t, loaded):
        assert _figure_rows(event, table) == _general_rows(event, table)


def test_plain_evaluations_are_figures_and_the_others_results():
    """Figures exactly where the general result is a plain one (rated before and after, no
    note); the others are fide_evaluate's results themselves, in the tournament's order."""
    t = trfscore.loads(to_trf(swiss(30, 7, seed=3, forfeits=0.05, byes=0.05)).encode())
    t.players[0].rating = None  # unrated: his opponents' games against him are excluded (a note)
    t.players[-1].rating = 1401  # the lowest rating: losses take him below the floor of 1400
    got = fide_figures(t)
    general = rate_tournament(t, "fide")
    plain = {sno for sno, r in general.items() if r.old_rating and r.rated and not r.notes}
    assert {sno for sno, e in got.items() if isinstance(e, FideFigures)} == plain
    assert 0 < len(plain) < len(t.players) - 2
    assert all(got[sno] == general[sno] for sno in general if sno not in plain)
    assert list(got) == [p.start_rank for p in t.players]
    assert _figure_rows(t) == _general_rows(t)


def test_ratings_beyond_a_trf_field_are_rated_by_the_general_path():
    """A rating no TRF can hold (set through JSON or the API) makes no table of that width:
    every player is rated by fide_evaluate, with the same rows."""
    t = swiss(12, 5, seed=8)
    t.players[0].rating = 10**12
    got = fide_figures(t)
    assert not any(isinstance(e, FideFigures) for e in got.values())
    assert _figure_rows(t) == _general_rows(t)
    t.players[0].rating = 9999
    t.players[1].rating = -5  # negative, as a JSON document may say: the widest span a TRF holds + 5
    assert _figure_rows(t) == _general_rows(t)
