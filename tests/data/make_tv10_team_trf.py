"""Write ``tv10-team-swiss.trf``: test vector TV10 as a real TRF26 team file.

Source: the FIDE TEC booklet (IA Mario Held, *Exercises in Tie-Breaking*, rev. 2403220900 /
C.07-2023, published on arbiters.fide.com) §2.3, Ex. 35-41:
a Swiss team event, 14 teams x 7 rounds, 4 boards, match points 2/1/0.  The crosstable below
transcribes the booklet's.  Entry ``8w2.5`` = against team 8, White on board 1, 2.5 game points; ``+F`` /
``-F`` a forfeited match (won / lost), ``PAB`` the pairing-allocated bye (1 MP, 2 GP), ``HPB`` a
half-point bye (1 MP, 2 GP), ``ZPB`` a zero-point bye.

The booklet gives only match-level game points; the board results here are made up so that every
match's boards add up to its published game points (wins on the first boards of the rotation, then a
draw, then losses).  Team k's members are start ranks 4k-3 .. 4k, in board order.  Board colours
follow record 352 ``WBWB``: the team with White on board 1 has Black on board 2, and so on.

Records: 001 (56 players), 310 (teams with their totals), 320 (PAB: team 12 in round 5, team 14 in
round 7), 330 (team 1 wins by forfeit against team 6 in round 6), 240 (HPB: team 14 round 5; ZPB:
team 7 round 7), 352, 362.  Unplayed rounds of the members carry the matching individual codes
(``0000 - H`` for an HPB, ``Z`` for a ZPB, ``U`` for a PAB): the team records are what the team
standings read.

Run ``python tests/data/make_tv10_team_trf.py`` to rewrite the fixture; ``tests/test_team_tiebreaks.py``
checks that the checked-in file is this script's output.
"""
from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

CROSSTABLE = """
 1 Antelopes   8w2.5 4b1.5 7w3   2b2.5 5w1.5 +F    3b2.5   MP 10 GP 17.5
 2 Bonobos     9b3   3w4   5b0   1w1.5 13w3  4b2.5 10b3    MP 10 GP 17
 3 Cougars     10w2.5 2b0  9w3   6b2.5 4w3   5b3.5 1w1.5   MP 10 GP 16
 4 Deer        11b3  1w2.5 13b3  5w3.5 3b1   2w1.5 9b2.5   MP 10 GP 17
 5 Elephants   12w4  6b3   2w4   4b0.5 1b2.5 3w0.5 13b3.5  MP 10 GP 18
 6 Falcons     13b2  5w1   8b3   3w1.5 11b2.5 -F   12w2.5  MP 7  GP 12.5
 7 Giraffes    14w2  8b2   1b1   10w2.5 9b2  13w2  ZPB     MP 6  GP 11.5
 8 Hippopotami 1b1.5 7w2   6w1   12b3.5 10b2 9w2   11w3    MP 7  GP 15
 9 Iguanas     2w1   12b4  3b1   14w3  7w2   8b2   4w1.5   MP 6  GP 14.5
10 Jackals     3b1.5 11w1.5 12b2.5 7b1.5 8w2 14b3  2w1     MP 5  GP 13
11 Koalas      4w1   10b2.5 14w2 13b1.5 6w1.5 12w2 8b1     MP 4  GP 11.5
12 Lynxes      5b0   9w0   10w1.5 8w0.5 PAB  11b2  6b1.5   MP 2  GP 7.5
13 Moose       6w2   14b2.5 4w1  11w2.5 2b1  7b2   5w0.5   MP 6  GP 11.5
14 Narwhals    7b2   13w1.5 11b2 9b1   HPB   10w1  PAB     MP 4  GP 11.5
"""

BOARDS = 4
ROUNDS = 7
SEQUENCE = "WBWB"  # record 352
_CELL = re.compile(r"^(\d+)([wb])(\d+(?:\.\d+)?)$")


def parse(text: str = CROSSTABLE) -> dict[int, dict]:
    """Team number -> {"name", "rounds": [entry per round], "mp", "gp"}; an entry is
    ``("match", opponent, colour, game points)`` or ``("+F",)``, ``("-F",)``, ``("PAB",)``,
    ``("HPB",)``, ``("ZPB",)``."""
    teams: dict[int, dict] = {}
    for line in text.strip().splitlines():
        parts = line.split()
        number, name, cells = int(parts[0]), parts[1], parts[2:2 + ROUNDS]
        mp, gp = Fraction(parts[-3]), Fraction(parts[-1])
        rounds = []
        for cell in cells:
            m = _CELL.match(cell)
            rounds.append(("match", int(m.group(1)), m.group(2), Fraction(m.group(3))) if m else (cell,))
        teams[number] = {"name": name, "rounds": rounds, "mp": mp, "gp": gp}
    return teams


def members(team: int) -> list[int]:
    return [BOARDS * (team - 1) + k for k in range(1, BOARDS + 1)]


def board_results(points: Fraction, rnd: int, team: int) -> list[str]:
    """Board results ("1", "=", "0") of the team with ``points`` game points, rotated by round and
    team so that the board-1 result varies."""
    halves = int(points * 2)
    draws = halves % 2
    wins = (halves - draws) // 2
    results = ["1"] * wins + ["="] * draws + ["0"] * (BOARDS - wins - draws)
    shift = (rnd + team) % BOARDS
    return results[shift:] + results[:shift]


def cells(teams: dict[int, dict]) -> dict[int, list[str]]:
    """Start rank -> the seven 10-column round cells (without the leading two blanks)."""
    out: dict[int, list[str]] = {sr: [] for t in teams for sr in members(t)}
    flip = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}
    for rnd in range(1, ROUNDS + 1):
        done: set[int] = set()
        for number, team in teams.items():
            entry = team["rounds"][rnd - 1]
            kind = entry[0]
            if number in done:
                continue
            if kind in ("PAB", "HPB", "ZPB"):
                code = {"PAB": "U", "HPB": "H", "ZPB": "Z"}[kind]
                for sr in members(number):
                    out[sr].append(f"0000 - {code}")
                done.add(number)
                continue
            if kind in ("+F", "-F"):  # the winner is written as the White team (330 "+-")
                opponent = next(o for o, t in teams.items() if o != number and t["rounds"][rnd - 1][0] in ("+F", "-F"))
                white, black = (number, opponent) if kind == "+F" else (opponent, number)
                results = ["+"] * BOARDS
            else:
                _, opponent, colour, points = entry
                white, black = (number, opponent) if colour == "w" else (opponent, number)
                white_points = points if white == number else BOARDS - points
                results = board_results(white_points, rnd, white)
            for board, (w, b) in enumerate(zip(members(white), members(black))):
                wc = SEQUENCE[board].lower()
                bc = "b" if wc == "w" else "w"
                out[w].append(f"{b:4} {wc} {results[board]}")
                out[b].append(f"{w:4} {bc} {flip[results[board]]}")
            done.update((white, black))
    return out


def player_points(row: list[str]) -> Fraction:
    value = {"1": 1, "=": Fraction(1, 2), "0": 0, "+": 1, "-": 0, "U": 1, "H": Fraction(1, 2), "Z": 0}
    return sum((Fraction(value[c[-1]]) for c in row), Fraction(0))


def fmt(value: Fraction) -> str:
    return f"{float(value):.1f}"


def render(numbers: dict[int, int] | None = None) -> str:
    """The TRF text; ``numbers`` renumbers the teams (published number -> number in the file) in
    the 310, 320, 330 and 240 records (the players keep their start ranks)."""
    teams = parse()
    rows = cells(teams)
    new = numbers or {n: n for n in teams}
    lines = [
        "012 TEC team exercise (FIDE TEC booklet 2.3, Ex. 35-41)",
        "022 Test vector TV10",
        "032 FID",
        "042 2024/09/01",
        "052 2024/09/07",
        "062 56",
        "082 14",
        "092 Team Swiss",
        "102 Test Arbiter",
        "142 7",
        "192 FIDE_TEAM_MP_GP",
        "202 EDE,EMGSB/C1,BH:MP/C1,MPvGP",
        "352 WBWB",
        "362 TW 2     TD 1     TL 0",
    ]
    order = sorted(rows, key=lambda sr: (-player_points(rows[sr]), sr))  # individual ranks: points, then start rank
    rank = {sr: k for k, sr in enumerate(order, start=1)}
    for number, team in teams.items():
        for board, sr in enumerate(members(number), start=1):
            name = f"{team['name']}, Board {board}"
            head = (f"001 {sr:4} m    {name:<33} {2400 - 20 * sr:4} FID {'':11} 2000/00/00 "
                    f"{fmt(player_points(rows[sr])):>4} {rank[sr]:4}")
            lines.append((head + "  " + "  ".join(rows[sr])).rstrip())
    for number, team in sorted(teams.items(), key=lambda kv: new[kv[0]]):
        ids = "".join(f" {sr:4}" for sr in members(number))
        lines.append(f"310 {new[number]:3} {team['name']:<32} {team['name'][:5]:<5} {'':6} {int(team['mp']):6} "
                     f"{fmt(team['gp']):>6} {'':3} {ids}")
    pab = {rnd: number for number, t in teams.items() for rnd, e in enumerate(t["rounds"], 1) if e[0] == "PAB"}
    lines.append("320    1  2.0 " + " ".join(f"{new.get(pab.get(rnd), 0):3}" for rnd in range(1, ROUNDS + 1)))
    for rnd in range(1, ROUNDS + 1):
        won = [n for n, t in teams.items() if t["rounds"][rnd - 1][0] == "+F"]
        lost = [n for n, t in teams.items() if t["rounds"][rnd - 1][0] == "-F"]
        for winner, loser in zip(won, lost):
            lines.append(f"330 +- {rnd:3} {new[winner]:3} {new[loser]:3}")
    for number, team in teams.items():
        for rnd, entry in enumerate(team["rounds"], 1):
            if entry[0] in ("HPB", "ZPB"):
                lines.append(f"240 {entry[0][0]} {rnd:3} {new[number]:4}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    target = Path(__file__).with_name("tv10-team-swiss.trf")
    if len(sys.argv) > 1:
        target = Path(sys.argv[1])
    target.write_text(render(), encoding="utf-8", newline="\n")
