"""Two players' ``games`` views compare column by column (``round_cells.same_cells``, what the TRF
writer's read-back asks); held here to comparing the ``Game`` tuples."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.testing.generate import swiss, to_trf


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rounds=st.integers(1, 6), edits=st.integers(0, 4))
def test_same_games_equals_comparing_the_game_tuples(seed, rounds, edits):
    rng = random.Random(seed)
    text = to_trf(swiss(70, rounds, seed=seed, forfeits=0.2, byes=0.2, withdrawals=0.2))
    lines = text.splitlines()
    for _ in range(edits):  # a changed colour or result, a cut line
        i = rng.choice([k for k, line in enumerate(lines) if line.startswith("001")])
        at = 91 + 10 * rng.randrange(rounds) + rng.choice((5, 7))
        if at < len(lines[i]):
            lines[i] = lines[i][:at] + rng.choice("wb-10=+-HFZU ") + lines[i][at + 1:]
        else:
            lines[i] = lines[i][:91]
    a = trfscore.loads(text, "trf").players
    b = trfscore.loads("\n".join(lines) + "\n", "trf").players
    for p, q in zip(a, b):
        assert p.packed != q.packed  # two stores: compared column by column
        assert (p.games == q.games) == (list(p.games) == list(q.games)) == (q.games == list(p.games))
