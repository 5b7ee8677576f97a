"""A crosstable or PGN saved mid-event (a round paired, its results still to come, byes marked
in advance) converted to a TRF16 written afresh: the file has no ranks, so the writer ranks the
players itself.  What it writes passes trfscore's own ``check`` (no rank order TRF511, no points
TRF510 it did not have before) and reads back to the same standings.  Files written here."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from conftest import run_cli
from trfscore.formats import registry

#: six players, round 4 paired (three games to come), Delta's half-point bye and Epsilon's
#: full-point bye marked before the round is played
CROSSTABLE = """Mid event

No  Name       1.Rd  2.Rd  3.Rd  4.Rd  Pts
 1  Alpha, A    2w1   3b½   4w½   6b*
 2  Beta, B     1b0   5w1   6b1   3w*
 3  Gamma, C    4w1   1w½   5b½   2b*
 4  Delta, D    3b0   6w1   1b½   HPB
 5  Eps, E      6w½   2b0   3w½   FPB
 6  Zeta, Z     5b½   4b0   2w0   1w*
"""


def _game(rnd: int, white: str, black: str, result: str, *tags: tuple[str, str]) -> str:
    head = [("Event", "Mid event"), ("Site", "Town"), ("Date", "2026.03.01"), ("Round", str(rnd)),
            ("White", white), ("Black", black), ("Result", result), *tags]
    return "\n".join(f'[{k} "{v}"]' for k, v in head) + f"\n\n{result}\n\n"


def _bye(rnd: int, player: str, kind: str, result: str) -> str:
    return _game(rnd, player, "BYE", result, ("Termination", "bye"), ("ByeType", kind))


#: five players, round 3 paired (two games to come, '*'), Eps's pairing-allocated bye marked
PGN = (_game(1, "Alpha, A", "Beta, B", "1-0") + _game(1, "Gamma, C", "Delta, D", "1/2-1/2") + _bye(1, "Eps, E", "PAB", "1-0")
       + _game(2, "Eps, E", "Alpha, A", "0-1") + _game(2, "Beta, B", "Gamma, C", "1/2-1/2") + _bye(2, "Delta, D", "HPB", "1/2-1/2")
       + _game(3, "Alpha, A", "Gamma, C", "*") + _game(3, "Delta, D", "Beta, B", "*") + _bye(3, "Eps, E", "FPB", "1-0"))


def _standings(t: trfscore.Tournament) -> list[tuple[str, object, int]]:
    return [(row.player.name, row.points, row.rank) for row in t.standings().rows]


def _trouble(findings: list) -> set[str]:
    return {f["rule"] if isinstance(f, dict) else f.rule for f in findings
            if (f["severity"] if isinstance(f, dict) else f.severity) in ("error", "warning")}


def test_the_mid_event_inputs_are_what_they_say():
    for text, fmt in ((CROSSTABLE, "crosstable"), (PGN, "pgn")):
        t = trfscore.loads(text, fmt)
        event = t.event
        assert event.pending and event.pending[-1].waiting  # the last round paired, results to come
        assert not any(p.rank for p in t.players)  # no ranks: the TRF writer makes them
        assert not _trouble(trfscore.check(t)), fmt


def test_a_mid_event_crosstable_and_pgn_become_a_trf16_that_passes_check(capsys, tmp_path):
    for text, fmt, name in ((CROSSTABLE, "crosstable", "mid.txt"), (PGN, "pgn", "mid.pgn")):
        source = tmp_path / name
        source.write_text(text, encoding="utf-8")
        written = tmp_path / f"{name}.trf"
        code, _, err = run_cli(capsys, "convert", source, "--to", "trf16", "-o", written)
        assert code == 0, err
        code, out, _ = run_cli(capsys, "check", written, "--format", "json")
        findings = json.loads(out)["files"][0]["findings"]
        assert code == 0 and not _trouble(findings), findings
        assert "TRF533" in {f["rule"] for f in findings}  # still a round waiting for its results
        back = trfscore.load(written)
        assert all(p.rank for p in back.players)
        assert _standings(back) == _standings(trfscore.loads(text, fmt)), fmt


def _random_mid_event(seed: int) -> str:
    """A TRF16 text without ranks: 3-9 players, 2-5 rounds paired at random (repeats allowed, so
    that some read as a round robin or a match), byes of every kind, the last round mostly paired
    without results and some of its byes marked in advance."""
    rnd = random.Random(seed)
    n, rounds = rnd.randint(3, 9), rnd.randint(2, 5)
    cells: dict[int, list[str]] = {i: [] for i in range(1, n + 1)}
    for r in range(1, rounds + 1):
        ids = list(range(1, n + 1))
        rnd.shuffle(ids)
        for i in ids[:rnd.choice((0, 0, 1, 2))]:
            cells[i].append(f"0000 - {rnd.choice('HFZ')}")
        ids = [i for i in ids if len(cells[i]) < r]  # the others are paired, or get the pairing-allocated bye
        if len(ids) % 2:
            cells[ids.pop()].append("0000 - U")
        for a, b in zip(ids[::2], ids[1::2]):
            if r == rounds and rnd.random() < .8:
                ra = rb = " "
            else:
                ra = rnd.choice("10=+-")
                rb = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[ra]
            cells[a].append(f"{b:>4} w {ra}")
            cells[b].append(f"{a:>4} b {rb}")
    lines = ["012 Random mid event", f"XXR {rounds}"]
    lines += [f"001 {i:>4} m    Player {i}".ljust(91) + "".join(f"{c}  " for c in cells[i]).rstrip()
              for i in range(1, n + 1)]
    return "\n".join(lines) + "\n"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), fmt=st.sampled_from(["crosstable", "pgn"]))
def test_any_mid_event_table_or_pgn_becomes_a_trf16_that_passes_check(seed, fmt):
    mid = trfscore.loads(registry.get(fmt).write(trfscore.loads(_random_mid_event(seed))), fmt)
    back = trfscore.loads(registry.get("trf16").write(mid))
    assert _trouble(trfscore.check(back)) <= _trouble(trfscore.check(mid))
    assert _standings(back) == _standings(mid)
