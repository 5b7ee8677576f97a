"""Found by the fuzz suite: a player line repeated many times (the repeats dropped by the reader,
TRF302) left their rows in the packed block the standings read in one piece, and ranking ended
in an IndexError.  The standings are those of the file without the repeats."""
from __future__ import annotations

import trfscore
from trfscore.testing.generate import round_robin, to_trf


def test_repeated_player_lines_do_not_change_the_standings():
    text = to_trf(round_robin(7, seed=3))
    lines = text.splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if line.startswith("001"))
    repeated = "".join(lines[:last + 1] + [lines[last]] * 57 + lines[last + 1:])
    t, plain = trfscore.loads(repeated), trfscore.loads(text)
    assert "TRF302" in {f.rule for f in t.findings}
    got, want = t.standings().to_dict(), plain.standings().to_dict()
    assert got["rows"] == want["rows"]


def test_an_opponent_nobody_is_reads_the_same_packed_and_unpacked():
    """A cell naming a start rank no player has: the packed block's columns cannot be mapped,
    so the general path reads it (the cell unpaired), giving what the unpacked games give."""
    from trfscore.testing.generate import swiss

    event = swiss(70, 5, seed=8)
    player = event.players[10]
    games = list(player.games)
    games[2] = games[2]._replace(opponent=9999)
    player.games = games
    packed = trfscore.loads(to_trf(event))
    assert len({id(p.packed.cells) for p in packed.players}) == 1  # the bulk reader's one block
    unpacked = trfscore.loads(to_trf(event))
    for p in unpacked.players:
        p.games = list(p.games)  # each in a store of its own: gathered
    got, want = packed.standings().to_dict(), unpacked.standings().to_dict()
    assert got["rows"] == want["rows"]
