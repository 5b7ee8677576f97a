"""The cell columns' own arithmetic (:mod:`trfscore.cells`): per-key values, per-player totals
(the byte-lane fast path and the plain one agree with a sum written out here), row slices,
positions of a value, a store with some cells' kinds changed, and the "no entry" test."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.cells import Columns, PackedCells, columns, hand_over, pack, positions_of
from trfscore.model import Game, Kind, Player

_KEYS = "10=+-H "


def _columns(n: int, counts: list[int], keys: str) -> Columns:
    size = len(counts)
    return Columns(n, counts, [None] * (n * size), "-" * (n * size), keys, dict.fromkeys(_KEYS, Kind.ABSENT))


def _sums(n: int, counts: list[int], keys: str, value_of: dict[str, int], absent: int) -> list[int]:
    """Each player's recorded cells' values, summed one by one (the padding past ``counts[i]``
    is taken off at ``absent`` a cell, as ``totals`` says)."""
    return [sum(value_of[k] for k in keys[i * n:i * n + n]) - (n - c) * absent for i, c in enumerate(counts)]


@st.composite
def _table(draw: st.DrawFn, low: int, high: int) -> tuple[int, list[int], str, dict[str, int]]:
    n = draw(st.integers(0, 6))
    counts = draw(st.lists(st.integers(0, n), max_size=8))
    keys = "".join(draw(st.lists(st.sampled_from(_KEYS), min_size=n * len(counts), max_size=n * len(counts))))
    values = {k: draw(st.integers(low, high)) for k in _KEYS}
    return n, counts, keys, values


@settings(max_examples=200, deadline=None)
@given(_table(-3, 300), st.integers(0, 3))
def test_totals_are_the_sums_of_each_players_cells(table, absent):
    n, counts, keys, values = table
    cols = _columns(n, counts, keys)
    want = _sums(n, counts, keys, values, absent)
    assert cols.totals(values, absent) == want
    assert cols.totals([values[k] for k in keys], absent) == want  # a value a cell
    assert cols.values(values) == [values[k] for k in keys]


@settings(max_examples=200, deadline=None)
@given(_table(0, 60), st.integers(0, 2))
def test_totals_of_small_values_take_the_byte_lanes_and_agree(table, absent):
    """Values whose row sums stay below 256: the lane-by-lane path (no carry between players)."""
    n, counts, keys, values = table
    assert _columns(n, counts, keys).totals(values, absent) == _sums(n, counts, keys, values, absent)


@pytest.mark.parametrize("value", [127, 128, 255, 256])
def test_rows_summing_to_the_edge_of_a_byte(value):
    """Two cells of ``value``: 254, 256, 510, 512 a row; a row of 256 or more must not carry into
    its neighbour's byte (the lanes hold a byte a player)."""
    cols = _columns(2, [2, 2, 1], "==" + "==" + "= ")
    values = {k: 0 for k in _KEYS} | {"=": value}
    assert cols.totals(values, 0) == [2 * value, 2 * value, value]
    assert cols.totals(values, 1) == [2 * value, 2 * value, value - 1]
    assert cols.values(values) == [value] * 5 + [0]


def test_values_of_a_negative_or_wide_value_are_the_values_themselves():
    cols = _columns(3, [3], "1=0")
    assert cols.values({"1": 2, "=": 1, "0": -1}) == [2, 1, -1]
    assert cols.values({"1": 1000, "=": 0, "0": 255}) == [1000, 0, 255]
    assert cols.values({"1": 256, "=": 0, "0": 0}) == [256, 0, 0]
    # a negative value, the others small: the sums are not taken a byte a cell
    assert cols.totals({"1": 2, "=": 1, "0": -1}, 0) == [2]
    assert _columns(2, [2, 1], "0=0 ").totals({"0": -1, "=": 1, " ": 0}, 0) == [0, -1]


def test_rows_are_each_players_slice():
    assert _columns(3, [3, 1], "1=0" + "1  ").rows() == [slice(0, 3), slice(3, 6)]
    assert _columns(0, [0, 0, 0], "").rows() == [slice(0, 0)] * 3
    assert _columns(2, [], "").rows() == []
    assert _columns(0, [0, 0], "").totals({"1": 2}, 1) == [0, 0]


@given(st.lists(st.sampled_from([None, 1, 2])), st.sampled_from([None, 1, 2]))
def test_positions_of_a_value_are_every_place_it_holds(items, value):
    assert positions_of(items, value) == [i for i, x in enumerate(items) if x == value]
    text = "".join("-" if x is None else str(x) for x in items)
    ch = "-" if value is None else str(value)
    assert positions_of(text, ch) == [i for i, x in enumerate(text) if x == ch]


def test_with_kind_changes_those_cells_alone_and_keeps_their_codes():
    store = pack([3, 3], [2, 3, None, 1, None, 4], "wb-b--", "1+H0+ ",
                 [Kind.WIN, Kind.FORFEIT_WIN, Kind.HALF_BYE, Kind.LOSS, Kind.FORFEIT_WIN, Kind.ABSENT])
    before = (store.keys, dict(store.kind_of_key), store.code_of_key)
    changed = store.with_kind([1, 4, 2], Kind.FULL_BYE)
    assert (store.keys, store.kind_of_key, store.code_of_key) == before  # the store itself is never changed
    assert changed.codes == "1+H0+ "
    assert changed.kinds(0, 6) == [Kind.WIN, Kind.FULL_BYE, Kind.FULL_BYE, Kind.LOSS, Kind.FULL_BYE, Kind.ABSENT]
    # one private key a new (code, kind) pair: both "+" full-point byes share one, "H" has another
    assert changed.keys[1] == changed.keys[4] != changed.keys[2]
    assert {changed.keys[1], changed.keys[2]} == {chr(0xE000), chr(0xE001)}
    assert (changed.n, changed.opponents, changed.colours) == (store.n, store.opponents, store.colours)
    # a pair already held keeps its key; a kind given back to its own code is the plain key again
    again = changed.with_kind([5, 0], Kind.FULL_BYE).with_kind([1], Kind.FORFEIT_WIN)
    assert again.keys[1] == "+" and again.kinds(0, 6)[1] == Kind.FORFEIT_WIN
    assert again.code(again.keys[0]) == "1" and again.kinds(0, 1) == [Kind.FULL_BYE]
    assert again.codes == "1+H0+ " and len(set(again.keys)) == 6
    assert changed.with_kind([], Kind.WIN).keys == changed.keys


def test_a_blank_run_is_no_entry_cells_only():
    store = pack([3, 1], [2, None, None, None], "w---", "1   ", [Kind.WIN] + [Kind.ABSENT] * 3, n=3)
    assert store.blank(1, 3) and store.blank(4, 6) and store.blank(2, 2) and store.blank(5, 5)
    assert not store.blank(0, 3)  # a game
    assert not store.blank(0, 1)
    with_colour = PackedCells(2, [None, None], "-b", "  ", {" ": Kind.ABSENT})
    assert not with_colour.blank(0, 2) and with_colour.blank(0, 1)
    with_opponent = PackedCells(2, [None, 3], "--", "  ", {" ": Kind.ABSENT})
    assert not with_opponent.blank(0, 2) and with_opponent.blank(0, 1)
    # a blank code standing for another kind than "no entry" (a pending result, say)
    pending = PackedCells(1, [None], "-", " ", {" ": Kind.UNKNOWN})
    assert not pending.blank(0, 1) and pending.blank(0, 0)
    # a blank key whose code is not blank
    odd = PackedCells(1, [None], "-", " ", {" ": Kind.ABSENT}, None, {" ": "Z"})
    assert not odd.blank(0, 1) and odd.blank(1, 1)


def test_pack_without_kinds_needs_each_codes_kind():
    with pytest.raises(ValueError, match=r"^pack: kinds None needs kind_of_token \(each code's kind\)$"):
        pack([1], [None], "-", "H", None)
    store = pack([1, 0], [None], "-", "H", None, kind_of_token={"H": Kind.HALF_BYE, " ": Kind.ABSENT})
    assert store.kinds(0, 2) == [Kind.HALF_BYE, Kind.ABSENT] and store.codes == "H "
    # kinds given as tokens: the padding takes the token whose kind is "no entry", wherever it is listed
    tokens = pack([1, 0], [None], "-", "H", ["h"], kind_of_token={"h": Kind.HALF_BYE, "a": Kind.ABSENT})
    assert tokens.kinds(0, 2) == [Kind.HALF_BYE, Kind.ABSENT] and tokens.codes == "H "


def test_codes_of_private_keys_are_their_codes():
    store = pack([2], [None, None], "--", "++", [Kind.FORFEIT_WIN, Kind.FULL_BYE])
    assert store.keys[0] == "+" and store.keys[1] == chr(0xE000)
    assert store.codes == "++" and store.codes is store.codes  # made once
    assert store.code(store.keys[1]) == "+" and store.code("+") == "+" and store.code("Q") == "Q"
    # three codes each standing for two kinds: three private keys, all in the private use area
    odd = pack([6], [None] * 6, "-" * 6, "++==--",
               [Kind.FORFEIT_WIN, Kind.FULL_BYE, Kind.DRAW, Kind.HALF_BYE, Kind.FORFEIT_LOSS, Kind.ZERO_BYE])
    private = odd.keys[1::2]
    assert len(set(private)) == 3 and all(0xE000 <= ord(k) <= 0xF8FF for k in private)
    assert odd.codes == "++==--" and odd.kinds(0, 6)[1::2] == [Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE]
    plain = pack([1], [None], "-", "=", [Kind.DRAW])
    assert plain.code_of_key is None and plain.codes is plain.keys and plain.code("=") == "="


def _rows_of(store: PackedCells, counts: list[int]) -> list[Player]:
    players = [Player(i + 1) for i in range(len(counts))]
    for i, (p, c) in enumerate(zip(players, counts)):
        p.defer_games(store, i, c)
    return players


def _store(rows: int, n: int, tag: str) -> PackedCells:
    """``rows`` rows of ``n`` wins, row ``i``'s opponents ``100 * i + r`` (its code ``tag``)."""
    return pack([n] * rows, [100 * i + r for i in range(rows) for r in range(1, n + 1)], "w" * (rows * n),
                tag * (rows * n), [Kind.WIN] * (rows * n))


def _want(players: list[Player], n: int) -> list[list[Game]]:
    return [list(p.games)[:n] + [Game.absent(r) for r in range(p.round_count + 1, n + 1)] for p in players]


def _got(cols: Columns) -> list[list[Game]]:
    n = cols.n
    return [[Game(r + 1, cols.opponents[b + r], {"w": "w", "b": "b"}.get(cols.colours[b + r]),
                  cols.code(cols.keys[b + r]), cols.kinds[b + r]) for r in range(n)]
            for b in range(0, len(cols.counts) * n, n)] if n else [[] for _ in cols.counts]


def test_rows_of_two_blocks_at_the_same_places_are_not_taken_for_one_block():
    a, b = _rows_of(_store(2, 2, "1"), [2, 2]), _rows_of(_store(2, 2, "W"), [2, 2])
    players = [a[0], b[1]]  # rows 0 and 1, but of two stores
    assert _got(columns(players)) == _want(players, 2)
    assert _got(hand_over(players)) == _want(players, 2)


def test_a_run_of_rows_is_only_rows_that_follow_one_another():
    a = _rows_of(_store(5, 2, "1"), [2] * 5)
    other = _rows_of(_store(1, 2, "W"), [2])
    for players in ([other[0], a[1], a[4]], [a[1], a[2], a[4], a[0]], [a[3], other[0], a[0], a[1]]):
        assert _got(columns(players)) == _want(players, 2)


def test_rows_cut_to_fewer_cells_than_their_block_holds_are_read_at_their_own_places():
    a = _rows_of(_store(3, 3, "1"), [2, 2, 3])
    players = [a[2], a[1], a[0]]
    for n in (1, 2, 3, 4):
        assert _got(columns(players, n)) == _want(players, n)


def test_a_block_whose_padding_is_blank_is_given_as_it_is():
    """A short row padded with "no entry" cells (a withdrawn player): :func:`columns` gives the
    block itself, not a copy (the module docstring); a row cut over real cells is gathered."""
    store = pack([3, 1, 3], [2, 3, 1, 3, 1, 2, None], "wbw" + "b" + "bwb",
                 "101" + "0" + "011", [Kind.WIN, Kind.LOSS, Kind.WIN, Kind.LOSS, Kind.LOSS, Kind.WIN, Kind.WIN])
    players = _rows_of(store, [3, 1, 3])
    cols = columns(players)
    assert cols.keys is store.keys and cols.opponents is store.opponents and cols.counts == [3, 1, 3]
    assert _got(cols) == _want(players, 3)
    cut = _rows_of(store, [3, 1, 1])  # the third row holds games past its count
    cols = columns(cut)
    assert cols.opponents is not store.opponents and _got(cols) == _want(cut, 3)


def test_handing_over_rows_cut_short_pads_them_with_no_entry_cells():
    store = _store(2, 3, "1")
    players = _rows_of(store, [3, 1])
    cols = hand_over(players, padded=True)
    assert cols.counts == [3, 3] and _got(cols) == _want(players, 3)
    assert players[1].games == [Game(1, 101, "w", "1", Kind.WIN), Game.absent(2), Game.absent(3)]
    assert players[0].packed.cells is players[1].packed.cells


def test_one_player_from_another_block_is_handed_over_into_a_store_of_its_own():
    store = _store(3, 2, "1")
    player = _rows_of(store, [2, 2, 1])[2]
    cols = hand_over([player])
    assert player.packed.row == 0 and player.packed.cells is not store
    assert player.games == [Game(1, 201, "w", "1", Kind.WIN)] and _got(cols) == [player.games]


def test_no_players_and_players_without_cells_have_no_cells():
    assert columns([]).n == 0 and columns([]).counts == [] and hand_over([]).n == 0
    empty = columns([Player(1)])
    assert (empty.n, empty.counts, empty.keys, empty.colours, empty.opponents, empty.kinds) == (0, [0], "", "", [], [])
    assert Player(1).games == [] and Player(1).packed.begin == 0
