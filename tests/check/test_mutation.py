"""Mutation test: take valid generated files, break one thing, and the right rule fires.

Every planted defect must be reported as an error on a line the defect touches, and the command
line must exit 1.  The unbroken files (byes, forfeits, withdrawals included) pass with exit 0.
"""
from __future__ import annotations

import random

import pytest
from checkhelp import checked, cli  # noqa: F401  (fixture)

import trfscore
from trfscore.testing.generate import round_robin, swiss, to_trf

FIRST = 91  # 0-based start of round 1's opponent field
SEEDS = range(1, 7)


def valid_text(seed: int) -> str:
    if seed % 3 == 0:
        return to_trf(round_robin(8 + seed % 2, seed=seed))
    return to_trf(swiss(24 + seed, 7, seed=seed, forfeits=0.06, byes=0.06, withdrawals=0.15))


def player_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("001")]


def cells(line: str) -> list[tuple[int, str, str, str]]:
    """(round index k, opponent text, colour, result) of each block of a 001 line."""
    out = []
    k = 0
    while FIRST + 10 * k < len(line):
        b = line[FIRST + 10 * k:FIRST + 10 * k + 8].ljust(8)
        out.append((k, b[0:4], b[5], b[7]))
        k += 1
    return out


def set_char(line: str, index: int, char: str) -> str:
    line = line.ljust(index + 1)
    return line[:index] + char + line[index + 1:]


def played_cells(lines, rng, *, colour=None):
    """A random (line index, k, opponent, colour, result) of a game played over the board."""
    options = []
    for i in player_lines(lines):
        for k, opp, col, res in cells(lines[i]):
            if opp.strip().isdigit() and int(opp) and res in "10=" and (colour is None or col == colour):
                options.append((i, k, int(opp), col, res))
    return rng.choice(options)


def line_of(lines: list[str], start_rank: int) -> int:
    return next(i for i in player_lines(lines) if int(lines[i][4:8]) == start_rank)


# Each mutation: (lines, rng) -> (touched 0-based line indexes, rules that may report it)

def asymmetric_result(lines, rng):
    i, k, opp, col, res = played_cells(lines, rng)
    new = rng.choice([c for c in "10=" if c != res])
    lines[i] = set_char(lines[i], FIRST + 10 * k + 7, new)
    return {i}, {"TRF504"}


def wrong_opponent(lines, rng):
    i, k, opp, col, res = played_cells(lines, rng)
    me = int(lines[i][4:8])
    ranks = [int(lines[j][4:8]) for j in player_lines(lines)]
    other = rng.choice([r for r in ranks if r not in (me, opp)])
    lines[i] = lines[i][:FIRST + 10 * k] + f"{other:>4}" + lines[i][FIRST + 10 * k + 4:]
    return {i}, {"TRF501", "TRF505"}


def points_mismatch(lines, rng):
    t = trfscore.loads("\n".join(lines) + "\n")
    p = rng.choice(t.players)
    i = p.line - 1
    blanks = sum(1 for g in p.games if g.opponent is None and g.code == " ")
    # beyond what blank rounds counted as byes could explain (that is a warning, by design)
    value = float(p.points) + rng.choice((blanks + 1.0, blanks + 2.0, -0.5 if p.points else blanks + 1.5))
    lines[i] = lines[i][:80] + f"{value:>4.1f}" + lines[i][84:]
    return {i}, {"TRF510"}


def opponent_out_of_range(lines, rng):
    i, k, opp, col, res = played_cells(lines, rng)
    lines[i] = lines[i][:FIRST + 10 * k] + f"{rng.choice((999, 5000, 9999)):>4}" + lines[i][FIRST + 10 * k + 4:]
    return {i}, {"TRF401"}


def truncated_line(lines, rng):
    if rng.random() < 0.5:
        i = rng.choice(player_lines(lines))
        lines[i] = lines[i][:rng.randrange(20, 80)]
        return {i}, {"TRF314"}
    i, k, opp, col, res = played_cells(lines, rng)
    lines[i] = lines[i][:FIRST + 10 * k + 6]  # stops after the colour: no result
    return {i}, {"TRF402"}


def duplicate_start_rank(lines, rng):
    rows = player_lines(lines)
    a, b = sorted(rng.sample(rows, 2))
    lines[b] = lines[b][:4] + lines[a][4:8] + lines[b][8:]  # the later line takes an earlier rank
    return {b}, {"TRF302"}


def same_colour(lines, rng):
    i, k, opp, col, res = played_cells(lines, rng, colour="w")
    j = line_of(lines, opp)
    lines[j] = set_char(lines[j], FIRST + 10 * k + 5, "w")
    return {j}, {"TRF502"}


def unknown_result(lines, rng):
    i, k, opp, col, res = played_cells(lines, rng)
    lines[i] = set_char(lines[i], FIRST + 10 * k + 7, rng.choice("QK7%Y9"))
    return {i}, {"TRF404"}


MUTATIONS = [asymmetric_result, wrong_opponent, points_mismatch, opponent_out_of_range, truncated_line,
             duplicate_start_rank, same_colour, unknown_result]


@pytest.mark.parametrize("seed", SEEDS)
def test_valid_generated_files_pass(seed, tmp_path, cli):
    text = valid_text(seed)
    errors = [f for f in checked(trfscore.loads(text)) if f.severity == "error"]
    assert errors == []
    path = tmp_path / "valid.trf"
    path.write_text(text)
    code, out, err = cli("check", path)
    assert code == 0, out + err


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("mutate", MUTATIONS, ids=[m.__name__ for m in MUTATIONS])
def test_planted_defect_is_reported_on_its_line(mutate, seed, tmp_path, cli):
    rng = random.Random(seed * 7919 + MUTATIONS.index(mutate))
    lines = valid_text(seed).splitlines()
    touched, expected = mutate(lines, rng)
    text = "\n".join(lines) + "\n"
    found = checked(trfscore.loads(text))
    hits = [f for f in found if f.rule in expected and f.severity == "error" and f.line - 1 in touched]
    assert hits, (f"{mutate.__name__}: expected {sorted(expected)} as an error on line(s) "
                  f"{sorted(i + 1 for i in touched)}; got {[(f.rule, f.severity, f.line) for f in found][:20]}")
    path = tmp_path / "broken.trf"
    path.write_text(text)
    code, out, _ = cli("check", path)
    assert code == 1
    assert any(f"{path}:{f.line}:" in out and f.rule in out for f in hits)
