"""Packed cells stay behind the model: reports, checks, ratings and tie-breaks read the round
columns of ``cells.columns``; only the model, the readers that pack cells (formats/) and
``cells.py`` read ``Player.packed`` itself."""
from __future__ import annotations

import ast
import copy
from pathlib import Path

import trfscore
from trfscore.cells import columns, packed_rows
from trfscore.model import Game, Kind, PackedRow
from trfscore.testing.generate import swiss, to_trf

SRC = Path(__file__).resolve().parents[1] / "src" / "trfscore"
#: the modules that may read ``Player.packed`` (or the attribute behind it)
ALLOWED = ("model.py", "cells.py", "round_cells.py", "formats/")


def _uses_of_packed(source: str) -> list[int]:
    """The lines of ``source`` that read an attribute named ``packed`` or ``_packed``."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr in ("packed", "_packed")]


def test_the_finder_sees_a_use_of_packed():
    assert _uses_of_packed("cells, row, count = player.packed\nx = Player.packed.fget\ny = p.packed_row") == [1, 2]


def test_only_the_model_the_readers_and_the_cell_columns_read_player_packed():
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name.startswith(ALLOWED):
            continue
        found += [f"{name}:{line}" for line in _uses_of_packed(path.read_text(encoding="utf-8"))]
    assert found == []


def _event():
    return trfscore.loads(to_trf(swiss(120, 7, seed=5, forfeits=0.05, byes=0.05, withdrawals=0.1)))


def test_a_clean_file_is_one_block_whose_rows_are_the_players():
    t = _event()
    rows = packed_rows(t.players)
    cells = rows[0].cells
    assert len(cells.opponents) == len(t.players) * cells.n
    for i, (p, packed) in enumerate(zip(t.players, rows)):
        assert isinstance(packed, PackedRow) and packed.cells is cells and packed.row == i
        assert packed.rounds == p.round_count
        assert cells.opponents[packed.begin:packed.begin + packed.rounds] == [g.opponent for g in copy.deepcopy(p).games]
    # the columns of exactly these players are the block's own (no copy)
    assert columns(t.players).opponents is cells.opponents


def _expected(players, n):
    """The columns of ``players`` made from their games, ``n`` cells a player."""
    opponents, codes, kinds = [], "", []
    for p in players:
        games = list(p.games)[:n] + [Game.absent(r) for r in range(p.round_count + 1, n + 1)]
        opponents += [g.opponent for g in games]
        codes += "".join(g.code for g in games)
        kinds += [g.kind for g in games]
    return opponents, codes, kinds


def test_the_columns_of_any_players_are_their_games():
    """``cells.columns`` of players in any order, part of a block, cut short or unpacked and
    changed: each player's games, padded with "no entry" cells."""
    t = _event()
    n = max(p.round_count for p in t.players)
    for players, width in ((t.players[1:], n), (list(reversed(t.players)), n), (t.players, 3), ([], 0)):
        got = columns(players, width)
        assert (got.opponents, got.codes, got.kinds) == _expected(players, width)
    t.players[3].games = t.players[3].games[:2] + [Game(3, None, None, "+", Kind.FULL_BYE)]  # "+" stands for two kinds
    got = columns(t.players)
    assert (got.opponents, got.codes, got.kinds) == _expected(t.players, n) and got.counts[3] == 3


def test_round_counts_are_each_players_round_count():
    """``cells.round_counts``: from the rows in one pass, the same as ``Player.round_count`` (a
    player given a store of its own and shortened among them)."""
    from trfscore.cells import round_counts

    t = trfscore.loads(to_trf(swiss(70, 6, seed=2, withdrawals=0.2)))
    assert round_counts(t.players) == [p.round_count for p in t.players] == [6] * 70
    t.players[3].games = t.players[3].games[:2]
    assert round_counts(t.players) == [p.round_count for p in t.players] == [6] * 3 + [2] + [6] * 66


def test_a_player_made_with_a_packed_row_as_games_keeps_it():
    """``Player(games=PackedRow(...))`` (how the bulk TRF reader makes its players) holds that
    row, as ``defer_games`` does, and reading its games leaves it there."""
    from dataclasses import replace

    from trfscore.model import Player

    t = trfscore.loads(to_trf(swiss(70, 5, seed=3, byes=0.1)), "trf")  # read in bulk
    for p in t.players[:5]:
        row = p.packed
        given = Player(p.start_rank, games=row)
        deferred = Player(p.start_rank)
        deferred.defer_games(*row)
        assert given.packed == deferred.packed == row and given.round_count == row.rounds
        assert given.games == deferred.games == p.games and given.packed is row
        assert replace(given).games == p.games and replace(given).packed is row


def test_the_event_columns_are_made_once_while_the_rows_are_packed_and_see_a_changed_game():
    from trfscore.event_reading import event_columns

    t = _event()
    n = t.rounds
    first = event_columns(t, n)
    assert event_columns(t, n) is first  # the event reading, the verdict and the context share it
    assert event_columns(t, n - 1) is not first  # another width, other columns
    games = t.players[0].games  # reading a player's games unpacks its row
    games[0] = games[0]._replace(code="0" if games[0].code != "0" else "1")
    again = event_columns(t, n)
    assert again is not first and again.codes[0] == games[0].code
