"""A TRF saved mid-event (a round paired, its results still to come) written as a crosstable:
the table's own ``check`` passes, its standings are the TRF's and its paired cells stay pending
(``4w*``), not unknown results (``4w?``, which score a draw)."""
from __future__ import annotations

import json

import pytest
from test_pgn_unfinished import MID_EVENT

import trfscore
from conftest import run_cli
from trfscore.formats.crosstable import writer

#: a four-player round robin: round 2 holds an unknown result (X), round 3 is paired, not played
RR_MID_EVENT = """012 Round robin
XXR 3
001    1 m    Alpha, A                          2300 GER     4100018             1.5          4 w 1     2 w X     3 b
001    2 m    Beta, B                           2200 GER     4100026             1.0          3 w =     1 b X     4 w
001    3 m    Gamma, C                          2100 GER     4100034             1.5          2 b =     4 b 1     1 w
001    4 m    Delta, D                          2000 GER     4100042             0.0          1 b 0     3 w 0     2 b
"""


#: a crosstable has no mark for TRF's not-rated W/D/L (docs/formats.md, "Round trips"): ordinary results
_RATED = str.maketrans("WDL", "1=0")


def cells(t: trfscore.Tournament) -> dict[str, list[tuple[str | None, str | None, str, str]]]:
    """Each player's cells by name: (opponent's name, colour, code, kind)."""
    name = {p.start_rank: p.name for p in t.players}
    return {p.name: [(name.get(g.opponent), g.colour, g.code.translate(_RATED), g.kind) for g in p.games]
            for p in t.players}


def standings(t: trfscore.Tournament) -> list[tuple[str, object]]:
    return [(row.player.name, row.points) for row in t.standings().rows]


@pytest.mark.parametrize("text", [MID_EVENT, RR_MID_EVENT], ids=["swiss", "round-robin"])
@pytest.mark.parametrize("fmt", ["crosstable", "markdown"])
def test_a_trf_saved_mid_event_becomes_a_table_that_passes_check(text, fmt, tmp_path, capsys):
    source = tmp_path / "mid.trf"
    source.write_text(text, encoding="utf-8")
    written = tmp_path / ("mid.txt" if fmt == "crosstable" else "mid.md")
    code, _, err = run_cli(capsys, "convert", source, "--to", fmt, "-o", written)
    assert code == 0, err
    table = written.read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, "check", written, "--format", "json")
    findings = json.loads(out)["files"][0]["findings"]
    assert code == 0 and not [f for f in findings if f["severity"] == "error"], findings
    assert "TRF533" in {f["rule"] for f in findings}  # round 3 paired, as the TRF says
    before, after = trfscore.loads(text), trfscore.loads(table)
    assert standings(after) == standings(before)
    for mode in ("pending", "draw", "zero"):  # the games to come count as in the TRF whatever the choice
        source, written = trfscore.loads(text, unfinished=mode), trfscore.loads(table, unfinished=mode)
        assert standings(written) == standings(source) and cells(written) == cells(source), mode
    # the paired cells are the TRF's: opponent and colour kept, no result, never scored
    assert cells(after) == cells(before)
    waiting = [(p, c) for p, row in cells(before).items() for c in row if c[0] is not None and c[2] == " "]
    assert len(waiting) == 4 and all(c[3] == "absent" for _, c in waiting)
    assert after.event.pending[0].waiting == before.event.pending[0].waiting
    assert "3b*" in table and "?" in table  # a result to come and an unknown result, told apart


def test_the_cells_of_a_game_to_come_and_of_an_unknown_result():
    t = trfscore.loads(MID_EVENT)
    rows = {line.split()[0]: line.split() for line in writer.write(t).splitlines()[3:]}
    assert rows["1"][-4:] == ["2w1", "3b+", "4w*", "2"]  # 2 points: the game to come counts nothing
    assert rows["3"][-4:] == ["4w?", "1w-", "2w*", "½"]  # the X scores a draw (no record 162), the '*' nothing
    g = t.player(1).games[2]
    t.player(1).games[2] = g._replace(colour=None)
    assert writer.write(t).splitlines()[3].split()[-2] == "4-*"  # no colour known: trfscore's '-'


def test_a_round_robin_with_a_game_to_come_is_no_grid():
    t = trfscore.loads(RR_MID_EVENT)
    assert writer.grid_shape(t) == 0
    results = {"3 b": "3 b 1", "4 w": "4 w 1", "1 w": "1 w 0", "2 b": "2 b 0"}  # round 3 played
    finished = trfscore.loads("".join(line[:-3] + results[line[-3:]] + "\n" if line.startswith("001") else line + "\n"
                                      for line in RR_MID_EVENT.splitlines()))
    assert not finished.event.pending
    assert writer.grid_shape(finished) == 1
