"""The one cell store (:mod:`trfscore.cells`): any cell goes in and comes back out, and every
reader leaves its players' cells in one block whose rows are the players."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.cells import CHAR_OF_COLOUR, columns, hand_over, pack, packed_rows
from trfscore.formats.crosstable.cells import KIND_OF as CROSSTABLE_KIND_OF
from trfscore.model import Game, Kind, PackedRow, Player
from trfscore.round_cells import games_of
from trfscore.testing.generate import swiss, to_trf

#: Any cell: a code need not say its kind (``+`` as a full-point bye, a blank as a pending
#: result), nor the colour and opponent agree with either.
_CELL = st.tuples(st.one_of(st.none(), st.integers(1, 300)), st.sampled_from(["w", "b", None]),
                  st.sampled_from(list("10=+-HFUZXWDL ")), st.sampled_from(Kind.ALL))
_ROWS = st.lists(st.lists(_CELL, max_size=9), max_size=12)


def _games(cells: list[tuple[int | None, str | None, str, str]]) -> list[Game]:
    return [Game(r, opponent, colour, code, kind) for r, (opponent, colour, code, kind) in enumerate(cells, 1)]



def pack_games(rows):
    """The one builder (:func:`~trfscore.cells.pack`) given each player's ``Game`` list."""
    games = [g for row in rows for g in row]
    return pack([len(row) for row in rows], [g.opponent for g in games],
                "".join(CHAR_OF_COLOUR[g.colour] for g in games), "".join(g.code for g in games),
                [g.kind for g in games])

def _one_block(players: list[Player]) -> bool:
    rows = packed_rows(players)
    return all(row.cells is rows[0].cells and row.row == i
               for i, row in enumerate(rows))


@settings(max_examples=150, deadline=None)
@given(_ROWS)
def test_any_cells_packed_come_back_as_they_went_in(rows):
    games = [_games(row) for row in rows]
    cells = pack_games(games)
    n = max(map(len, games), default=0)
    assert cells.n == n and len(cells.keys) == len(cells.opponents) == len(cells.colours) == n * len(games)
    players = [Player(i + 1, games=list(g)) for i, g in enumerate(games)]
    for i, p in enumerate(players):
        p.defer_games(cells, i, len(games[i]))
    assert [p.games for p in players] == games
    # the padding past a row's cells is "no entry" cells
    for i, g in enumerate(games):
        b = i * n
        assert cells.kinds(b + len(g), b + n) == [Kind.ABSENT] * (n - len(g))
        assert cells.codes[b + len(g):b + n] == " " * (n - len(g))


#: Cells whose code says its kind (as the crosstable reads them): ``kind_of_token`` of ``pack``.
_KIND_OF_CODE = CROSSTABLE_KIND_OF  # the crosstable reader's own table, not a copy of it
_CODED_CELL = st.tuples(st.one_of(st.none(), st.integers(1, 300)), st.sampled_from(["w", "b", None]),
                        st.sampled_from(sorted(_KIND_OF_CODE)))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(_CODED_CELL, max_size=9), max_size=12), st.data())
def test_codes_that_are_their_own_tokens_pack_as_the_kinds_listed(rows, data):
    """``pack`` with ``kinds`` None (each code its own token, the crosstable's hand-over) gives
    the rows ``pack`` gives with each cell's kind listed, cut or padded to any ``n`` alike."""
    flat = [cell for row in rows for cell in row]
    counts = [len(row) for row in rows]
    opponents = [o for o, _, _ in flat]
    colours = "".join(CHAR_OF_COLOUR[c] for _, c, _ in flat)
    codes = "".join(code for _, _, code in flat)
    n = data.draw(st.one_of(st.none(), st.integers(0, 10)))
    by_code = pack(counts, opponents, colours, codes, None, n, _KIND_OF_CODE)
    listed = pack(counts, opponents, colours, codes, [_KIND_OF_CODE[c] for c in codes], n)
    assert by_code.code_of_key is None and by_code.keys == by_code.codes
    assert (by_code.n, by_code.opponents, by_code.colours) == (listed.n, listed.opponents, listed.colours)
    width = by_code.n
    for i, count in enumerate(counts):
        assert games_of(PackedRow(by_code, i, min(count, width))) == games_of(PackedRow(listed, i, min(count, width)))
    assert by_code.kinds(0, len(by_code.keys)) == listed.kinds(0, len(listed.keys))


@settings(max_examples=100, deadline=None)
@given(_ROWS, st.data())
def test_hand_over_keeps_every_players_cells_in_one_block(rows, data):
    """Players whose cells are ``Game`` lists, another block's rows or both: after
    :func:`hand_over` they are one block's rows, and each reads back the same cells."""
    games = [_games(row) for row in rows]
    players = [Player(i + 1, games=list(g)) for i, g in enumerate(games)]
    if games:
        other = pack_games(games)  # some players as rows of another block, in another order
        for i in data.draw(st.sets(st.integers(0, len(games) - 1))):
            players[i].defer_games(other, i, len(games[i]))
        players.reverse()
        games.reverse()
    hand_over(players)
    assert not players or _one_block(players)
    assert [p.games for p in players] == games


def test_a_trf_file_with_lines_decoded_one_by_one_is_one_store():
    text = to_trf(swiss(40, 6, seed=4, forfeits=0.1, byes=0.1))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[at] = lines[at][:91] + "\t" + lines[at][92:]  # a tab in a round block: decoded on its own (with a finding)
    t = trfscore.loads("\n".join(lines), "trf")
    assert any(f.line == at + 1 for f in t.findings)
    assert _one_block(t.players)
    clean = trfscore.loads(text, "trf")
    assert [p.games for p in t.players[1:]] == [p.games for p in clean.players[1:]]


def test_a_json_document_with_odd_cells_is_one_store_that_reads_back_its_cells():
    t = trfscore.loads(to_trf(swiss(30, 5, seed=6, byes=0.1)), "trf")
    doc = json.loads(trfscore.dumps(t, "json"))
    games = doc["players"][2]["games"]
    games[1].update(code="+", kind=Kind.FULL_BYE, opponent=None, colour=None)  # "+" usually a forfeit win
    games[3].update(code=" ")  # a blank code on a game with an opponent
    doc["players"][5]["games"] = doc["players"][5]["games"][:2]  # a short row
    back = trfscore.loads(json.dumps(doc), "json")
    assert _one_block(back.players)
    got = back.players[2].games
    assert (got[1].code, got[1].kind) == ("+", Kind.FULL_BYE) and got[3].code == " "
    assert [(g.round, g.opponent, g.colour, g.code, g.kind) for g in got] == \
        [(g["round"], g["opponent"], g["colour"], g["code"], g["kind"]) for g in games]
    assert back.players[5].round_count == 2
    flat = columns(back.players)
    assert flat.code(flat.keys[2 * flat.n + 1]) == "+" and flat.kinds[2 * flat.n + 1] == Kind.FULL_BYE


def test_a_pgn_event_placed_game_by_game_is_one_store():
    pgn = "".join(f'[Event "E"]\n[Round "{r}"]\n[White "P{w}"]\n[Black "P{b}"]\n[Result "*"]\n\n*\n\n'
                  for r, (w, b) in enumerate([(1, 2), (3, 4), (1, 3)], 1))
    t = trfscore.loads(pgn, "pgn")
    assert len(t.players) == 4 and _one_block(t.players)
    # a pending game ("*") is a paired cell without a result: an opponent and a blank code
    assert t.players[0].games == [Game(1, 2, "w", " ", Kind.ABSENT), Game.absent(2), Game(3, 3, "w", " ", Kind.ABSENT)]


def test_a_hand_built_players_appended_games_are_read():
    """``p.games.append`` keeps working after the cells were handed over (docs/api.md)."""
    t = trfscore.loads(to_trf(swiss(10, 3, seed=1)), "trf")
    p = t.players[0]
    p.games.append(Game(4, None, None, "H", Kind.HALF_BYE))
    flat = columns(t.players)
    assert flat.counts[0] == 4 and flat.kinds[3] == Kind.HALF_BYE and flat.kinds[flat.n + 3] == Kind.ABSENT


@settings(max_examples=100, deadline=None)
@given(_ROWS, st.data())
def test_rows_cut_short_give_no_entry_cells_past_their_count(rows, data):
    """A store row handed over with fewer cells than it holds (``defer_games`` with a smaller
    count): the cells past the count are "no entry" cells in the columns, whatever the row holds there."""
    games = [_games(row) for row in rows]
    cells = pack_games(games)
    players = [Player(i + 1) for i in range(len(games))]
    keep = [data.draw(st.integers(0, len(g))) for g in games]
    for i, p in enumerate(players):
        p.defer_games(cells, i, keep[i])
    flat = columns(players, cells.n)
    want = [g[:k] + [Game.absent(r) for r in range(k + 1, cells.n + 1)] for g, k in zip(games, keep)]
    got = [[Game(r % cells.n + 1, o, {"w": "w", "b": "b"}.get(c), flat.code(key), kind)
            for r, (o, c, key, kind) in enumerate(zip(flat.opponents[b:b + cells.n], flat.colours[b:b + cells.n],
                                                      flat.keys[b:b + cells.n], flat.kinds[b:b + cells.n]))]
           for b in range(0, len(games) * cells.n, cells.n or 1)] if cells.n else [[] for _ in games]
    assert got == want and flat.counts == keep
