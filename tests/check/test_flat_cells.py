"""The rules over flat cell columns (``check.cells``) find exactly what the cell-by-cell rules find.

``Context.flat`` gives None where a start rank is repeated, and every rule then walks the
players' ``Game`` tuples; here the flat path is held to that general path rule by rule, on
files whose round blocks are rewritten at random (wrong opponents, colours and results,
blanks, short lines, repeats, extra records), read as TRF (packed columns, mixed with lines
the checked decoder reads one by one) and through the JSON model.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from checkhelp import checked, trf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.checks.context import Context
from trfscore.checks.profiles import resolve
from trfscore.checks.registry import check_rules
from trfscore.formats import json_write
from trfscore.formats.trf.bulk import KIND_BY_CODE
from trfscore.model import Kind
from trfscore.testing.generate import round_robin, swiss, to_trf

COLOURS = "wb- "
CODES = "10=+-WDLHFUZ X?"
EXTRA = ["240 H   2    3", "240 Z   1    4", "299 +2.0      1    5", "260   1   9    1    2",
         "XXP 3 4", "162  W 3.0    D 1.0    L 0.0", "XXS WW=1 BW=1 ZPB=0.5", "192 FIDE_ROUNDROBIN",
         "XXR 12"]


def _block(rng: random.Random, players: int) -> str:
    if rng.random() < 0.15:
        return " " * 10
    opponent = rng.choice(["0000", "    ", f"{rng.randint(1, players + 2):>4}"])
    return f"{opponent} {rng.choice(COLOURS)} {rng.choice(CODES)}  "


def mutated(seed: int, players: int, rounds: int, edits: int, robin: bool) -> str:
    """A generated file with ``edits`` round blocks rewritten, lines cut short and records added."""
    rng = random.Random(seed)
    t = round_robin(players, seed=seed, double=rng.random() < 0.3) if robin else \
        swiss(players, rounds, seed=seed, forfeits=0.3, byes=0.1, withdrawals=0.2)
    lines = to_trf(t).splitlines()
    rows = [i for i, line in enumerate(lines) if line.startswith("001")]
    for _ in range(edits):
        i = rng.choice(rows)
        line = lines[i].ljust(91 + 10 * rounds)
        r = rng.randrange(rounds + 1)
        if rng.random() < 0.5:  # the whole block
            lines[i] = (line[:91 + 10 * r] + _block(rng, players) + line[101 + 10 * r:]).rstrip()
        else:  # the colour or the result only: the pairing stays, its halves disagree
            at = 91 + 10 * r + rng.choice((5, 7))
            lines[i] = (line[:at] + rng.choice(COLOURS if at % 10 == 6 else CODES) + line[at + 1:]).rstrip()
    for _ in range(rng.randrange(3)):
        i = rng.choice(rows)
        lines[i] = lines[i][:91 + 10 * rng.randrange(rounds)].rstrip()
    if rng.random() < 0.2:  # a swap of two opponents: the pairings stay mirrored, the meetings repeat
        a, b = rng.sample(rows, 2)
        r = rng.randrange(rounds)
        cut = slice(91 + 10 * r, 101 + 10 * r)
        x, y = lines[a].ljust(cut.stop), lines[b].ljust(cut.stop)
        lines[a], lines[b] = (x[:cut.start] + y[cut] + x[cut.stop:]).rstrip(), (y[:cut.start] + x[cut] + y[cut.stop:]).rstrip()
    lines += rng.sample(EXTRA, rng.randrange(3))
    return "\n".join(lines) + "\n"


def _per_rule(t, profile, flat: bool, lanes: bool = True) -> dict[str, list]:
    ctx = Context(t, profile)
    if not flat:
        ctx.__dict__["flat"] = None  # the cell-by-cell path
    elif not lanes and ctx.flat is not None:
        ctx.flat._cache["lanes"] = None  # the flat columns as lists only (as for more than 255 players)
    out = {}
    for r in check_rules():
        if profile.enabled(r.id):
            try:
                out[r.id] = list(r.func(ctx))
            except Exception as exc:  # compared like findings: both paths must fail alike
                out[r.id] = [type(exc).__name__]
    return out


def assert_same(t) -> None:
    for name in ("basic", "fide"):
        profile = resolve(name)
        general = _per_rule(t, profile, False)
        for lanes in (True, False):
            fast = _per_rule(t, profile, True, lanes)
            for rule_id in fast:
                assert fast[rule_id] == general[rule_id], (rule_id, lanes)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 12), rounds=st.integers(1, 7), edits=st.integers(0, 12),
       robin=st.booleans())
def test_flat_rules_equal_the_cell_by_cell_rules(seed, players, rounds, edits, robin):
    text = mutated(seed, players, rounds, edits, robin)
    t = trfscore.loads(text, "trf")
    assert_same(t)
    if not any(f.rule.startswith(("TRF1", "TRF4")) for f in t.findings):
        assert_same(trfscore.loads(json_write.write(t), "json"))


@pytest.mark.parametrize("players", [7, 40])
def test_flat_rules_on_a_clean_file_and_on_one_with_every_round_problem(players):
    """A consistent Swiss (one packed block) and the same with many blocks rewritten."""
    assert_same(trfscore.loads(to_trf(swiss(players, 9, seed=5, forfeits=0.05, byes=0.05, withdrawals=0.1)), "trf"))
    t = trfscore.loads(mutated(11, players, 9, players * 3, False), "trf")
    assert any(f.rule in ("TRF501", "TRF502", "TRF504") for f in checked(t))
    assert_same(t)


def test_repeated_start_rank_takes_the_cell_by_cell_path():
    """Readers drop a repeated start rank (TRF302); a tournament built by hand may keep one."""
    t = trfscore.loads(to_trf(swiss(6, 3, seed=2)), "trf")
    assert Context(t).flat is not None
    t.players.append(replace(t.players[0], games=list(t.players[1].games), line=99))
    assert Context(t).flat is None
    assert checked(t, "fide") is not None


@pytest.mark.parametrize("packed", [True, False])
def test_players_with_fewer_cells_than_the_others(packed):
    """Cells past a player's recorded rounds are no entries: not counted, not scored (here an
    absence is worth half a point, XXS ZPB), whether the row stays packed or not."""
    lines = to_trf(swiss(9, 6, seed=4, forfeits=0.1, byes=0.1)).splitlines() + ["XXS WW=1 BW=1 ZPB=0.5"]
    t = trfscore.loads("\n".join(lines) + "\n", "trf")
    assert t.scoring.detail
    for p, keep in zip(t.players[1::3], (0, 2, 5)):
        if packed and p.packed is not None:
            cells, row, _ = p.packed
            p.defer_games(cells, row, keep)
        else:
            p.games = p.games[:keep]
    assert_same(t)
    assert Context(t).score_units == (2, {p.start_rank: sum(2 * t.scoring.points(g) for g in p.games) for p in t.players})


def test_meetings_keep_the_order_of_pairs():
    """Two bad games of one pair around a bad game of another: listed pair by pair."""
    rows = {1: ["2 w 1", "3 w 1", "2 w 1"], 2: ["1 w 0", "4 w =", "1 w 0"], 3: ["4 b =", "1 w 0", "4 b ="],
            4: ["3 w =", "2 b =", "3 w ="]}
    t = trfscore.loads(trf(rows, ranks={}), "trf")
    assert_same(t)
    found = [(f.line, f.message.split(":")[0]) for f in _per_rule(t, resolve("basic"), True)["TRF502"]]
    assert found[:4] == [(7, "round 1"), (8, "round 1"), (7, "round 3"), (8, "round 3")]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 14) | st.integers(64, 90), rounds=st.integers(1, 7),
       edits=st.integers(0, 14), robin=st.booleans())
def test_byte_lanes_answer_as_the_lists_do(seed, players, rounds, edits, robin):
    """``FlatCells`` over byte lanes (at most 255 players) gives the same cells, in the same
    order, as over its lists: unconfirmed claims, mutual games passing each pairing rule's test
    (TRF502-TRF504), and the pairs that meet more than once; files are read column by column, so
    the cells often stay one packed block."""
    from trfscore.checks.rules.pairings import _not_complementary, _one_side_bare, _same_colour

    t = trfscore.loads(mutated(seed, players, rounds, edits, robin), "trf")
    quick, lists = Context(t).flat, Context(t).flat
    if quick is None or not quick.round_count:  # no round cells: nothing to ask
        return
    lists._cache["lanes"] = None  # answered over the lists, as for more than 255 players
    assert quick.lanes is not None and lists.lanes is None
    lists.opp_bytes = None  # the rounds with a pairing read off the opponent list instead
    assert quick.paired_rounds() == lists.paired_rounds()
    assert quick.unconfirmed() == lists.unconfirmed()
    assert quick.repeated_meetings() == lists.repeated_meetings()
    assert list(quick.repeated_meetings()) == lists.repeated_pairs()
    for column, test in (("col", _same_colour), ("col", _one_side_bare), ("code", _not_complementary)):
        values = getattr(lists, column)
        expected = [k for k in lists.mutual if test(values[k], values[lists.partner[k]])]
        assert quick.lanes.mutual_where(column, test) == expected, column


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
    assert table.totals(t.players) == expected
    t.players[3].games = t.players[3].games[:2]
    assert table.totals(t.players) == [sum(t.scoring.points(g) * table.unit for g in p.games) for p in t.players]


def test_checking_leaves_no_reference_cycle():
    """A checked tournament is freed as soon as it is dropped, without the cyclic collector
    (the command checks thousands of files, reading each with the collector paused)."""
    import gc
    import weakref

    t = trfscore.loads(to_trf(swiss(70, 7, seed=3, forfeits=0.1, byes=0.1)), "trf")
    checked(t)
    assert Context(t).flat.lanes is not None
    gone = weakref.ref(t.players[0])
    enabled = gc.isenabled()
    gc.disable()
    try:
        del t
        assert gone() is None
    finally:
        if enabled:
            gc.enable()
