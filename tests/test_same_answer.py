"""Same answer from every door: one tournament read as TRF, JSON, PGN and crosstable text gives
the same standings and tie-breaks."""
from __future__ import annotations

import pytest

import trfscore
from trfscore.formats import json_write
from trfscore.formats.crosstable import writer as crosstable_writer
from trfscore.formats.pgn import writer as pgn_writer
from trfscore.model import Kind
from trfscore.testing.generate import round_robin, swiss, to_trf

SWISS_TB = ["BH-C1", "BH", "SB", "PS", "WIN", "BPG"]
RR_TB = ["SB", "DE", "WIN", "KS"]


def table(t, tiebreaks, key):
    """Standings keyed by player name (start ranks differ between formats: PGN orders by rating)."""
    s = t.standings(tiebreaks=tiebreaks, rules="fide-2026")
    return {key(r.player): (r.rank, r.points, dict(r.tiebreaks)) for r in s.rows}


def doors(t):
    text = to_trf(t)
    base = trfscore.loads(text)
    yield "trf", base
    yield "json", trfscore.loads(json_write.write(base))
    yield "pgn", trfscore.loads(pgn_writer.write(base))
    yield "crosstable", trfscore.loads(crosstable_writer.write(base, style="text"))
    yield "markdown", trfscore.loads(crosstable_writer.write(base, style="markdown"))


@pytest.mark.parametrize("seed", range(6))
def test_swiss_with_byes_and_forfeits_through_every_door(seed):
    t = swiss(16 + seed, 5, seed=seed, forfeits=0.05, byes=0.05, withdrawals=0.1)
    results = {name: got for name, got in doors(t)}
    base = results["trf"]
    key = lambda p: p.name  # noqa: E731
    expected = table(base, SWISS_TB, key)
    for name, other in results.items():
        assert other.source.format == ("trf" if name in ("trf", "json") else
                                       "pgn" if name == "pgn" else "crosstable"), name
        got = table(other, SWISS_TB, key)
        for player, (rank, points, tbs) in expected.items():
            if name == "pgn" and all(g.kind in Kind.UNPLAYED | {Kind.NOT_SCHEDULED} and g.kind not in Kind.FORFEITS
                                     for g in base.player(_sno(base, player)).games):
                continue  # a player with no games at all has no PGN game to carry them
            assert got[player][0] == rank and got[player][1] == points, (name, player)
            for code, value in tbs.items():
                assert got[player][2].get(code) == value, (name, player, code)


@pytest.mark.parametrize("players", [5, 6, 9])
def test_round_robin_through_every_door(players):
    t = round_robin(players, seed=players)
    results = dict(doors(t))
    expected = table(results["trf"], RR_TB, lambda p: p.name)
    for name, other in results.items():
        assert table(other, RR_TB, lambda p: p.name) == expected, name


def _sno(t, name):
    return next(p.start_rank for p in t.players if p.name == name)
