"""``Player.games``: a list-like view of the player's row of the cell store
(:mod:`trfscore.round_cells`).  It reads as the ``Game`` tuples a reader documents, writes go
into a store of the player's own (never into a store another player or a copy shares), and it
copies, pickles and round-trips through JSON as the list it shows."""
from __future__ import annotations

import copy
import json
import pickle
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.cells import columns
from trfscore.model import Game, Kind, Player
from trfscore.round_cells import RoundCells


def _line(rank: int, sex: str, name: str, rating: int, points: str, *blocks: str) -> str:
    """A TRF16 ``001`` line: start rank in columns 5-8, sex 10, name 15-47, rating 49-52,
    points 81-84, rank 86-89, then a 10-column block a round from column 92 (opponent 92-95,
    colour 97, result 99)."""
    head = f"001 {rank:>4} {sex}    {name:<33} {rating:>4}".ljust(80) + f"{points:>4} {rank:>4}"
    return head + "".join(f"  {b}" for b in blocks) + "\n"


#: Two 001 lines and the cells TRF16 section 3 says they hold (``0000 - U``: a pairing-allocated
#: bye; ``-``: a forfeit loss).
TEXT = "012 View\n" + _line(1, "m", "Alpha, A", 1900, "2.0", "   2 w 1", "0000 - U") + \
    _line(2, "w", "Beta, B", 1800, "0.0", "   1 b 0", "   1 w -")
ALPHA = [Game(1, 2, "w", "1", Kind.WIN), Game(2, None, None, "U", Kind.PAB)]
BETA = [Game(1, 1, "b", "0", Kind.LOSS), Game(2, 1, "w", "-", Kind.FORFEIT_LOSS)]


def _event() -> trfscore.Tournament:
    return trfscore.loads(TEXT, "trf")


def test_a_read_player_shows_the_game_tuples_its_line_holds():
    t = _event()
    alpha, beta = t.players
    assert isinstance(alpha.games, RoundCells)
    assert alpha.games == ALPHA and beta.games == BETA and list(beta.games) == BETA
    assert ALPHA == alpha.games  # either side
    assert alpha.games[0] == ALPHA[0] and alpha.games[-1] == ALPHA[-1] and alpha.games[1:] == ALPHA[1:]
    assert alpha.games[::-1] == ALPHA[::-1] and len(alpha.games) == 2 and Game(1, 2, "w", "1", Kind.WIN) in alpha.games
    assert repr(alpha.games) == repr(ALPHA) and alpha.games != BETA and alpha.games != tuple(ALPHA)
    with pytest.raises(IndexError):
        alpha.games[2]  # noqa: B018
    assert alpha.packed.cells is beta.packed.cells  # one store, two rows


def test_writing_through_the_view_changes_that_player_alone():
    t = _event()
    alpha, beta = t.players
    store = alpha.packed.cells
    copied = copy.copy(alpha)
    before, ranked = t.score(alpha), t.standings().row(1).points
    alpha.games[0] = alpha.games[0]._replace(code="0", kind=Kind.LOSS)  # docs/api.md's example
    assert alpha.games == [Game(1, 2, "w", "0", Kind.LOSS), ALPHA[1]]
    assert t.score(alpha) == before - 1 and t.standings().row(1).points == ranked - 1
    assert alpha.packed.cells is not store and beta.packed.cells is store and beta.games == BETA
    assert copied.games == ALPHA  # a copy made before the write keeps the cells it had
    assert columns(t.players).kinds[:2] == [Kind.LOSS, Kind.PAB]


def test_a_write_that_breaks_the_round_order_is_refused_and_changes_nothing():
    t = _event()
    alpha = t.players[0]
    with pytest.raises(ValueError, match="rounds"):
        alpha.games[0] = Game(2, 2, "w", "1", Kind.WIN)
    with pytest.raises(ValueError, match="rounds"):
        del alpha.games[0]  # round 2 would be first
    with pytest.raises(ValueError):
        alpha.games.append(Game(3, None, "x", "H", Kind.HALF_BYE))  # no such colour
    with pytest.raises(TypeError):
        alpha.games.append("1")  # type: ignore[arg-type]
    assert alpha.games == ALPHA


_GAME_OF_ROUND = st.builds(lambda opp, colour, code_kind: (opp, colour, *code_kind),
                           st.one_of(st.none(), st.integers(1, 50)), st.sampled_from(["w", "b", None]),
                           st.sampled_from([("1", Kind.WIN), ("0", Kind.LOSS), ("=", Kind.DRAW), ("H", Kind.HALF_BYE),
                                            (" ", Kind.ABSENT), ("+", Kind.FULL_BYE), ("X", Kind.UNKNOWN)]))
_OPS = st.lists(st.tuples(st.sampled_from(["append", "extend", "set", "pop", "clear", "iadd", "assign"]),
                          st.lists(_GAME_OF_ROUND, max_size=3), st.integers(0, 5)), max_size=12)


@settings(max_examples=120, deadline=None)
@given(_OPS)
def test_the_view_follows_every_list_operation_as_a_list_would(ops):
    """Each write through the view leaves the same ``Game`` tuples a list given the same write
    holds (the writes keep rounds 1, 2, ... in order, as the store needs)."""
    t = _event()
    p = t.players[0]
    want = list(ALPHA)
    for op, cells, at in ops:
        new = [Game(len(want) + 1 + k, *cell) for k, cell in enumerate(cells)]
        if op == "append" and new:
            p.games.append(new[0])
            want.append(new[0])
        elif op == "extend":
            p.games.extend(new)
            want.extend(new)
        elif op == "iadd":
            p.games += new
            want += new
        elif op == "set" and want and cells:
            i = at % len(want)
            p.games[i] = want[i] = Game(i + 1, *cells[0])
        elif op == "pop" and want:
            assert p.games.pop() == want.pop()
        elif op == "clear":
            p.games.clear()
            want.clear()
        elif op == "assign":
            p.games = want = [Game(k + 1, *cell) for k, cell in enumerate(cells)]
        assert p.games == want and list(p.games) == want and p.round_count == len(want)
        assert p.kinds() == [g.kind for g in want] and p.codes() == "".join(g.code for g in want)
        assert p.opponent_ranks() == [g.opponent for g in want] and p.colours() == [g.colour for g in want]
    assert t.players[1].games == BETA


def test_copies_pickles_and_json_give_the_same_cells():
    t = _event()
    alpha = t.players[0]
    assert copy.copy(alpha.games) == ALPHA and type(copy.copy(alpha.games)) is list
    assert copy.deepcopy(alpha.games) == ALPHA and type(alpha.games.copy()) is list
    assert pickle.loads(pickle.dumps(alpha.games)) == ALPHA
    for again in (copy.deepcopy(alpha), pickle.loads(pickle.dumps(alpha)), replace(alpha)):
        assert again == alpha and again.games == ALPHA and isinstance(again.games, RoundCells)
    whole = pickle.loads(pickle.dumps(t))
    assert [p.games for p in whole.players] == [ALPHA, BETA]
    doc = t.to_dict()
    assert [g["kind"] for g in doc["players"][1]["games"]] == [Kind.LOSS, Kind.FORFEIT_LOSS]
    back = trfscore.Tournament.from_dict(json.loads(json.dumps(doc)))
    assert [p.games for p in back.players] == [ALPHA, BETA]


def test_a_hand_built_player_holds_its_games_in_a_store_of_its_own():
    p = Player(1, "A", games=ALPHA)
    q = Player(2, "B")
    assert p.games == ALPHA and p.packed.cells.n == 2 and q.games == [] and q.round_count == 0
    q.games = p.games  # another player's view: the row is shared, the writes are not
    q.games.append(Game(3, None, None, "H", Kind.HALF_BYE))
    assert p.games == ALPHA and q.games == [*ALPHA, Game(3, None, None, "H", Kind.HALF_BYE)]
    q.pad(5)
    assert q.games[3:] == [Game.absent(4), Game.absent(5)] and q.game(9) == Game.absent(9)


def test_padding_a_cut_row_does_not_show_the_cells_past_the_cut():
    """A row cut short (the view after round 1 of :func:`~trfscore.event_reading.through`)
    padded again shows absences, not the rounds the store holds past the cut."""
    t = _event()
    alpha = t.players[0]
    cut = replace(alpha, games=alpha.first_cells(1))
    assert cut.games == ALPHA[:1] and cut.packed.cells is alpha.packed.cells
    cut.pad(2)
    assert cut.games == [ALPHA[0], Game.absent(2)] and alpha.games == ALPHA


def test_only_a_cell_played_at_the_board_with_a_1_0_or_draw_code_is_rated():
    """FIDE B.02 8.3.1: a game that lasted less than a move (TRF ``W``/``D``/``L``) is played but not rated."""
    from trfscore.round_cells import is_rated

    assert [is_rated(k, c) for k, c in ((Kind.WIN, "1"), (Kind.DRAW, "="), (Kind.LOSS, "0"))] == [True] * 3
    assert [is_rated(k, c) for k, c in ((Kind.WIN, "W"), (Kind.DRAW, "D"), (Kind.LOSS, "L"))] == [False] * 3
    assert not is_rated(Kind.FORFEIT_WIN, "1") and not is_rated(Kind.FULL_BYE, "=")
    assert not is_rated(Kind.WIN, "X") and not is_rated(Kind.DRAW, "+")  # odd codes a store may hold
    assert [g.rated for g in ALPHA] == [True, False] and [g.played for g in BETA] == [True, False]
    assert Game(1, 2, "w", "W", Kind.WIN).played and not Game(1, 2, "w", "W", Kind.WIN).rated


def test_a_cell_refused_names_what_is_wrong_with_it():
    p = Player(1, "A")
    p.games = [(1, 2, "w", "1", Kind.WIN)]  # a plain 5-tuple is a cell as well
    assert p.games == [ALPHA[0]] and type(p.games[0]) is Game
    for bad in ((1, 2, "w", "1"), (1, 2, "w", "1", Kind.WIN, 0)):
        with pytest.raises(TypeError, match="Game tuples, not tuple"):
            p.games = [bad]
    for bad in (Game(2, 2, "w", "1", Kind.WIN), Game(1, 2, "x", "1", Kind.WIN), Game(1, 2, "w", "10", Kind.WIN),
                Game(1, 2, "w", "", Kind.WIN), Game(1, 2, "w", 1, Kind.WIN), Game(1, 2, "w", "1", "won")):
        with pytest.raises(ValueError, match="cannot be the cell of round 1"):
            p.games = [bad]
    assert p.games == [ALPHA[0]]


def test_an_index_reads_the_cell_of_that_round_and_slices_clip_as_a_lists_do():
    from trfscore.round_cells import games_of

    alpha = _event().players[0]
    assert alpha.games[-2] == ALPHA[0] and alpha.games[1] == ALPHA[1]
    for bad in (-3, 2, 7):
        with pytest.raises(IndexError):
            alpha.games[bad]  # noqa: B018
    assert alpha.games[0:9] == ALPHA and alpha.games[1:1] == [] and alpha.games[5:9] == []
    assert alpha.games[::2] == ALPHA[::2] and alpha.games[-1:] == ALPHA[-1:]
    row = alpha.packed
    assert games_of(row, 1) == ALPHA[1:] and games_of(row, 0, 1) == ALPHA[:1] and games_of(row, 0, 9) == ALPHA
    assert games_of(row, 2) == [] and games_of(row, 1, 1) == []
    beta = _event().players[1]
    assert games_of(beta.packed, 1, 2) == BETA[1:] and beta.packed.begin == beta.packed.cells.n


def test_two_views_are_equal_when_their_cells_are_whatever_their_stores():
    t = _event()
    alpha, beta = t.players
    own = Player(1, "A", games=list(ALPHA))  # a store of its own, colours "-" where the reader has blanks
    assert own.games == alpha.games and alpha.games == own.games and own.packed.cells is not alpha.packed.cells
    assert alpha.games != beta.games and not (alpha.games == 5) and alpha.games != ALPHA[:1]
    assert Player(1, "A", games=ALPHA[:1]).games != alpha.games  # views of different lengths
    assert alpha.games != Player(1, "A", games=[*ALPHA, Game.absent(3)]).games
    other = Player(1, "A", games=[ALPHA[0], ALPHA[1]._replace(code="H")])
    assert other.games != alpha.games
    other.games = [ALPHA[0], ALPHA[1]._replace(kind=Kind.HALF_BYE)]
    assert other.games != alpha.games
    other.games = [ALPHA[0]._replace(colour="b"), ALPHA[1]]
    assert other.games != alpha.games
    other.games = [ALPHA[0]._replace(opponent=3), ALPHA[1]]
    assert other.games != alpha.games
    with pytest.raises(TypeError):
        hash(alpha.games)
    assert Player.games == ()  # read on the class: the field's default


def test_a_view_compares_with_other_things_as_a_list_does_and_inserts_as_one():
    alpha = _event().players[0]
    assert (alpha.games == 5) is False and (alpha.games != 5) is True and alpha.games.row is alpha.packed
    alpha.games.insert(2, Game(3, None, None, "H", Kind.HALF_BYE))
    assert alpha.games == [*ALPHA, Game(3, None, None, "H", Kind.HALF_BYE)]
    with pytest.raises(ValueError, match="rounds"):
        alpha.games.insert(0, Game(1, 2, "w", "1", Kind.WIN))  # two round 1s
    assert len(alpha.games) == 3


def test_a_blank_colour_and_a_dash_are_both_no_colour():
    """A store may hold "no colour" as ``-`` or a blank (:class:`~trfscore.cells.PackedCells`):
    two rows differing only so hold the same cells."""
    from trfscore.cells import PackedCells
    from trfscore.round_cells import PackedRow

    blank = Player(1)
    blank.games = PackedRow(PackedCells(2, [2, None], "w ", "1U", {"1": Kind.WIN, "U": Kind.PAB}), 0, 2)
    dash = Player(1, games=ALPHA)
    assert blank.packed.cells.colours != dash.packed.cells.colours
    assert blank.games == dash.games and dash.games == blank.games and blank.games == ALPHA
    dash.games = [ALPHA[0]._replace(colour="b"), ALPHA[1]]
    assert blank.games != dash.games


def test_cells_under_private_keys_read_back_their_codes_from_any_row_and_round():
    """A store whose codes stand for more than one kind (``+`` a forfeit win and a full-point
    bye) keeps the odd cells under private keys; reading part of a later row gives the codes."""
    from trfscore.cells import pack
    from trfscore.round_cells import PackedRow, games_of

    store = pack([3, 3], [2, None, 2, 1, None, None], "w-bb--", "+=1+ +",
                 [Kind.FORFEIT_WIN, Kind.HALF_BYE, Kind.WIN, Kind.FORFEIT_WIN, Kind.ABSENT, Kind.FULL_BYE])
    assert store.code_of_key is not None
    row = PackedRow(store, 1, 3)
    assert games_of(row, 1) == [Game(2, None, None, " ", Kind.ABSENT), Game(3, None, None, "+", Kind.FULL_BYE)]
    assert games_of(row, 2, 3) == [Game(3, None, None, "+", Kind.FULL_BYE)]
    assert games_of(PackedRow(store, 0, 3), 1, 3) == [Game(2, None, None, "=", Kind.HALF_BYE), Game(3, 2, "b", "1", Kind.WIN)]
