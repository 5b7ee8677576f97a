"""The pairing rules over every cell (TRF501-TRF505, TRF552; ``checks/lanes.py``) find the defects
planted in an event, and only those, at every size: a byte a player number (up to 255 players),
two bytes (256 and more), players listed out of start-rank order, a start rank held twice.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from checkhelp import HEADER, checked, trf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.cells import columns
from trfscore.checks.context import Context
from trfscore.checks.lanes import Lanes
from trfscore.checks.rules.pairings import colours
from trfscore.formats.trf.bulk import KIND_BY_CODE
from trfscore.model import Kind
from trfscore.testing.generate import swiss, to_trf

PAIRING_RULES = ("TRF501", "TRF502", "TRF503", "TRF504", "TRF505", "TRF552")


def _event(players: int) -> dict[int, list[str]]:
    """A consistent Swiss of ``players`` (a multiple of 8) over three rounds, by blocks of four
    start ranks ``b+1 .. b+4``: round 1 ``b+1``-``b+2`` and ``b+3``-``b+4`` (1/0), round 2
    ``b+1``-``b+3`` and ``b+2``-``b+4`` (draws), round 3 ``b+1``-``b+4`` and ``b+2``-``b+3`` (1/0);
    the lower start rank has white.  No pair meets twice."""
    rows: dict[int, list[str]] = {sr: [] for sr in range(1, players + 1)}
    for pairs, results in (([(1, 2), (3, 4)], "10"), ([(1, 3), (2, 4)], "=="),
                            ([(1, 4), (2, 3)], "10")):
        for b in range(0, players, 4):
            for x, y in pairs:
                rows[b + x].append(f"{b + y} w {results[0]}")
                rows[b + y].append(f"{b + x} b {results[1]}")
    return rows


def _plant(rows: dict[int, list[str]], a: int) -> set[tuple[str, int, int]]:
    """Defects planted on start ranks ``a .. a+7`` (``a - 1`` a multiple of 8); what each is
    found as: (rule, start rank of the line, round)."""
    rows[a + 1][0] = f"{a} w 0"  # a-(a+1), round 1: both white
    rows[a + 3][0] = f"{a + 2} b 1"  # (a+2)-(a+3), round 1: 1 against 1
    rows[a + 4][1], rows[a + 6][1] = f"{a + 6} w +", f"{a + 4} - -"  # round 2: a forfeit, colour on one side
    rows[a][2], rows[a + 2][2] = f"{a + 2} w =", f"{a} b ="  # round 3: a and a+2 meet again (round 2)
    rows[a + 1][2], rows[a + 3][2] = f"{a + 3} w =", f"{a + 1} b ="  # and a+1 and a+3
    rows[a + 5][0] = ""  # round 1: a+4 names a+5, whose cell is blank
    rows[a + 7][2] = f"{a + 5} b 0"  # round 3: a+7 names a+5, who plays a+6 (confirmed)
    return {("TRF502", a, 1), ("TRF502", a + 1, 1), ("TRF504", a + 2, 1), ("TRF504", a + 3, 1),
            ("TRF503", a + 6, 2), ("TRF552", a, 3), ("TRF552", a + 1, 3),
            ("TRF501", a + 4, 1), ("TRF501", a + 5, 1),  # the claim, and the blank cell it names
            ("TRF505", a + 7, 3),  # a+5 is taken in round 3 ...
            ("TRF501", a + 4, 3)}  # ... and a+4's claim on a+7 is not returned (a+7 names a+5)


def _found(text: str) -> set[tuple[str, int, int]]:
    t = trfscore.loads(text, "trf")
    rank_of = {p.line: p.start_rank for p in t.players}
    found = set()
    for f in checked(t):
        if f.rule in PAIRING_RULES:
            found.add((f.rule, rank_of[f.line], int(f.message.split(":")[0].split()[1])))
    return found


@pytest.mark.parametrize("players", [8, 64, 296, 304])  # past 255 players: two bytes a player number
@pytest.mark.parametrize("shuffled", [False, True])  # the 001 lines out of start-rank order
def test_planted_pairing_defects_are_found_where_planted(players, shuffled):
    rows = _event(players)
    order = list(rows)
    if shuffled:
        random.Random(players).shuffle(order)
    assert _found(trf({sr: rows[sr] for sr in order}, ranks={})) == set()
    expected = set()
    for a in (1, players - 7) if players > 8 else (1,):  # the first and the last block of eight
        expected |= _plant(rows, a)
    assert _found(trf({sr: rows[sr] for sr in order}, ranks={})) == expected


def test_lanes_are_as_wide_as_the_player_numbers():
    """One byte a player number up to 255 players, two from 256 (start ranks up to 9,999 in a TRF)."""
    for players, width in ((8, 1), (248, 1), (256, 2)):
        t = trfscore.loads(trf(_event(players), ranks={}), "trf")
        assert Context(t).flat.lanes.width == width


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([8, 16, 40, 264]), seed=st.integers(0, 10**6), blocks=st.integers(1, 3))
def test_planted_defects_in_random_blocks(players, seed, blocks):
    """The same defects on blocks of eight chosen at random, the lines in a random order."""
    rows = _event(players)
    rng = random.Random(seed)
    expected = set()
    for a in rng.sample(range(1, players, 8), min(blocks, players // 8)):
        expected |= _plant(rows, a)
    order = list(rows)
    rng.shuffle(order)
    assert _found(trf({sr: rows[sr] for sr in order}, ranks={})) == expected


def _long_event(players: int, rounds: int) -> dict[int, list[str]]:
    """A consistent Swiss of ``players`` (a multiple of 20) over ``rounds`` (at most 19), by
    blocks of twenty start ranks paired by the circle method: no pair meets twice."""
    rows: dict[int, list[str]] = {sr: [] for sr in range(1, players + 1)}
    for r in range(rounds):
        pairs = [(19, r)] + [((r + k) % 19, (r - k) % 19) for k in range(1, 10)]
        for b in range(0, players, 20):
            for x, y in pairs:
                low, high = sorted((b + x + 1, b + y + 1))
                rows[low].append(f"{high} w 1")
                rows[high].append(f"{low} b 0")
    return rows


@pytest.mark.parametrize("rounds", [12, 18])  # every two rounds compared, or each row's set of opponents
@pytest.mark.parametrize("players", [20, 280])
def test_pairs_that_meet_again(players, rounds):
    """The last round of the last block of twenty repeats its first round: each of those ten
    pairs plays again (TRF552, on the lower start rank's line); the other blocks are clean."""
    rows = _long_event(players, rounds)
    assert _found(trf(rows, ranks={})) == set()
    b = players - 20
    for sr in range(b + 1, players + 1):
        rows[sr][-1] = rows[sr][0]
    pairs = {tuple(sorted((sr, int(rows[sr][0].split()[0])))) for sr in range(b + 1, players + 1)}
    assert len(pairs) == 10
    assert _found(trf(rows, ranks={})) == {("TRF552", low, rounds) for low, _ in pairs}


@pytest.mark.parametrize("rounds", [12, 18])
def test_a_claim_not_returned_is_no_second_meeting(rounds):
    """1 names its first opponent again in the last round, who plays somebody else there: a
    second pairing of that opponent (TRF505) and a claim on 1 left unanswered (TRF501), no
    repeated game."""
    rows = _long_event(20, rounds)
    again, left = int(rows[1][0].split()[0]), int(rows[1][-1].split()[0])
    rows[1][-1] = rows[1][0]
    assert _found(trf(rows, ranks={})) == {("TRF505", 1, rounds), ("TRF501", left, rounds)}
    assert again != left


def test_a_repeated_start_rank_names_its_last_row():
    """Readers drop a repeated start rank (TRF302); a tournament built by hand may keep one.
    The rank then stands for the last row holding it (``Context.by_rank``), and each row's own
    cells are judged on that row: here the first row of rank 2 claims 1 in round 1, and 1 names 2
    back, so both rows of rank 2 are confirmed against 1; 1 (white, 1) against the copy's
    ``1 w 1`` is a clash of colours and of results, reported on 1's line and the copy's line."""
    t = trfscore.loads(trf({1: ["2 w 1"], 2: ["1 b 0"], 3: ["4 w ="], 4: ["3 b ="]}, ranks={}), "trf")
    first = t.players[1]
    t.players.append(replace(first, games=[first.games[0]._replace(colour="w", code="1")], line=99))
    found = [(f.rule, f.line) for f in checked(t) if f.rule in PAIRING_RULES]
    assert found == [("TRF502", 7), ("TRF504", 7), ("TRF502", 99), ("TRF504", 99)]  # in line order


def test_a_one_sided_pairing_past_255_players():
    """Player 300 names 1 in round 1; 1 plays 2: a second pairing of 1 (TRF505) on 300's line."""
    rows = _event(304)
    rows[300][0] = "1 w 1"
    rows[299][0] = "0000 - U"  # 299 sits out instead of playing 300
    found = _found(trf(rows, ranks={}))
    assert found == {("TRF505", 300, 1)}


def test_meetings_keep_the_order_of_pairs():
    """Two bad games of one pair around a bad game of another: listed pair by pair."""
    rows = {1: ["2 w 1", "3 w 1", "2 w 1"], 2: ["1 w 0", "4 w =", "1 w 0"], 3: ["4 b =", "1 w 0", "4 b ="],
            4: ["3 w =", "2 b =", "3 w ="]}
    t = trfscore.loads(trf(rows, ranks={}), "trf")
    found = [(f.line, f.message.split(":")[0]) for f in colours(Context(t))]  # as the rule yields them
    line = {p.start_rank: p.line for p in t.players}
    assert line == {sr: len(HEADER) + sr for sr in rows}  # the 001 lines follow the header
    assert found == [(line[1], "round 1"), (line[2], "round 1"), (line[1], "round 3"), (line[2], "round 3"),
                     (line[1], "round 2"), (line[3], "round 2")]  # pair 1-2 (rounds 1, 3), then pair 1-3


@pytest.mark.parametrize("packed", [True, False])
def test_players_with_fewer_cells_than_the_others(packed):
    """Cells past a player's recorded rounds are no entries: not counted, not scored (here an
    absence is worth half a point, XXS ZPB), whether the row stays packed or not; a player
    whose cells stop before a round the opponent names is a one-sided pairing."""
    lines = to_trf(swiss(9, 6, seed=4, forfeits=0.1, byes=0.1)).splitlines() + ["XXS WW=1 BW=1 ZPB=0.5"]
    t = trfscore.loads("\n".join(lines) + "\n", "trf")
    assert t.scoring.detail
    assert not [f for f in checked(t) if f.rule in ("TRF501", "TRF505")]
    cut = {}
    for p, keep in zip(t.players[1::3], (0, 2, 5)):
        cut[p.start_rank] = keep
        if packed:
            cells, row, _ = p.packed
            p.defer_games(cells, row, keep)
        else:
            p.games = p.games[:keep]
    assert Context(t).score_units == (2, {p.start_rank: sum(2 * t.scoring.points(g) for g in p.games) for p in t.players})
    # every claim on a cut player past its cut is unanswered: a TRF501 on the claimant's line
    expected = {(q.line, g.round) for q in t.players for g in q.games
                if g.opponent in cut and g.round > cut[g.opponent] and q.start_rank not in cut}
    found = {(f.line, int(f.message.split(":")[0].split()[1])) for f in checked(t)
             if f.rule == "TRF501"}
    assert expected and expected <= found


@settings(max_examples=60, deadline=None)
@given(data=st.data(), players=st.integers(0, 12), rounds=st.integers(0, 140),
       values=st.fixed_dictionaries({kind: st.integers(0, 4) for kind in set(KIND_BY_CODE.values())}))
def test_totals_are_each_players_sum_of_values_less_the_padding(data, players, rounds, values):
    """Per player, the sum of its cells' values less the absences past its recorded rounds,
    whether the sums fit in a byte a player (up to 255) or not (more rounds, larger values)."""
    from trfscore.cells import Columns

    codes = data.draw(st.text(st.sampled_from(sorted(KIND_BY_CODE)), min_size=players * rounds,
                              max_size=players * rounds))
    counts = data.draw(st.lists(st.integers(0, rounds), min_size=players, max_size=players))
    cells = Columns(rounds, counts, [None] * len(codes), "-" * len(codes), codes, KIND_BY_CODE)
    absent = values[Kind.ABSENT]
    expected = [sum(values[KIND_BY_CODE[c]] for c in codes[i * rounds:(i + 1) * rounds]) - (rounds - counts[i]) * absent
                for i in range(players)]
    assert cells.totals({c: values[k] for c, k in KIND_BY_CODE.items()}, absent) == expected


@pytest.mark.parametrize("detail", [False, True])
def test_score_totals_are_the_points_of_each_players_games(detail):
    """``ScoreTable.totals`` (what check and the crosstable reader compare declared points with)
    is each player's sum of ``Scoring.points``, read in bulk or built by hand, colour counting
    (XXS) or not."""
    lines = to_trf(swiss(70, 7, seed=8, forfeits=0.1, byes=0.1, withdrawals=0.1)).splitlines()
    t = trfscore.loads("\n".join(lines + (["XXS WW=1 BW=1.5 ZPB=0.5"] if detail else [])) + "\n", "trf")
    table = t.scoring.table()
    expected = [sum(t.scoring.points(g) * table.unit for g in p.games) for p in t.players]
    assert table.totals(columns(t.players)) == expected
    t.players[3].games = t.players[3].games[:2]
    assert table.totals(columns(t.players)) == [sum(t.scoring.points(g) * table.unit for g in p.games) for p in t.players]


def test_checking_leaves_no_reference_cycle():
    """A checked tournament is freed as soon as it is dropped, without the cyclic collector
    (the command checks thousands of files, reading each with the collector paused)."""
    import gc
    import weakref

    t = trfscore.loads(to_trf(swiss(70, 7, seed=3, forfeits=0.1, byes=0.1)), "trf")
    checked(t)
    assert isinstance(Context(t).flat.lanes, Lanes)
    gone = weakref.ref(t.players[0])
    enabled = gc.isenabled()
    gc.disable()
    try:
        del t
        assert gone() is None
    finally:
        if enabled:
            gc.enable()



@pytest.mark.parametrize("declared", [None, 9])
def test_a_file_is_laid_out_in_columns_once_per_check(monkeypatch, declared):
    """The reader, the event reading, the pairing lanes and the score totals read one set of
    columns (the reader's, kept by ``event_reading.keep_columns``): a file read and checked lays
    its cells out once, also when it declares more rounds (XXR) than its cells hold."""
    import trfscore.cells

    text = to_trf(swiss(30, 6, seed=5, forfeits=0.1, byes=0.1))
    made = []
    build = trfscore.cells._columns
    monkeypatch.setattr(trfscore.cells, "_columns", lambda *args: made.append(args) or build(*args))
    t = trfscore.loads(f"XXR {declared}\n{text}" if declared else text, "trf")
    checked(t)
    assert len(made) == 1
