"""A TRF26 team file saved mid-event (9 teams of 4 boards, 7 rounds declared, 3 played; a
pairing-allocated team bye (320) in rounds 1 and 3, requested team byes (240) in rounds 2 and 3,
written on the members' cells or not) converted to PGN and back to TRF26: no traceback, the
losses said (CNV004 the teams, CNV010 the team records and the rounds declared, CNV007 the
ranks), and every file written passes our own check with the same games, by name.

PGN has no teams: a team's bye is written on each member, four pairing-allocated byes in one
round, which an individual Swiss forbids (TRF506); the writer marks the event as a team event
(``EventType "team"``, PGN standard 9.2.1), so that read back it is checked as one."""
from __future__ import annotations

import pytest

import trfscore
from conftest import run_cli
from pairings import teamgen
from test_writers_round_trip import pairings
from trfscore.formats.trf.layout import round_column

#: round -> (white team, black team) matches; black 0: the pairing-allocated bye (9 teams)
SCHEDULE = {1: [(1, 2), (4, 3), (5, 6), (8, 7), (9, 0)], 2: [(2, 4), (6, 1), (7, 5), (9, 8)],
            3: [(1, 9), (3, 2), (4, 6), (7, 0)]}
#: round -> requested team byes (record 240): team 3 half a point in round 2, teams 5 and 8 in round 3
BYES = {2: {3: "H"}, 3: {5: "Z", 8: "H"}}


def team_file(seed: int, on_cells: bool) -> str:
    """The event after round 3 of 7 (random board results, seeded); ``on_cells``: the members of
    a team with a requested bye have it in their own cells too (``0000 - H``), else ``0000 - -``."""
    event = teamgen.scheduled(9, 4, SCHEDULE, seed, "FIDE_TEAM_TYPEA_MP_GP")
    event.rounds, event.kind, event.byes = 7, "Team Swiss", BYES
    lines = event.text().split("\n")
    if on_cells:
        for rnd, asked in BYES.items():
            column = round_column(rnd) - 1
            for team, kind in asked.items():
                for i, line in enumerate(lines):
                    if line.startswith("001") and int(line[4:8]) in event.members(team):
                        lines[i] = line[:column] + f"0000 - {kind}" + line[column + 8:]
    return "\n".join(lines)


def flagged(t: trfscore.Tournament) -> list[str]:
    """The errors and warnings ``check`` finds in ``t``."""
    return [f"{f.rule} {f.message}" for f in trfscore.check(t) if f.severity in ("error", "warning")]


@pytest.mark.parametrize("on_cells", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_mid_event_team_file_converts_to_pgn_and_back(tmp_path, capsys, seed, on_cells):
    path, pgn, back = tmp_path / "team.trf", tmp_path / "team.pgn", tmp_path / "back.trf"
    path.write_text(team_file(seed, on_cells), encoding="utf-8")
    source = trfscore.load(path)
    assert (len(source.teams), source.rounds, source.header.rounds_declared) == (9, 3, 7)
    assert flagged(source) == []
    code, _, err = run_cli(capsys, "convert", path, "--to", "pgn", "-o", pgn)
    assert code == 0 and "Traceback" not in err
    said = {line.split()[2]: line for line in err.splitlines()[1:]}
    assert sorted(said) == ["CNV004", "CNV007", "CNV010"], err
    assert "9 team(s) not written" in said["CNV004"]
    for lost in ("142 (number of rounds)", "240 byes x3", "320 pairing-allocated team byes", "352 board colours",
                 "362 team scoring points"):
        assert lost in said["CNV010"], lost
    assert '[EventType "team"]' in pgn.read_text(encoding="utf-8")
    written = trfscore.load(pgn)
    assert flagged(written) == [] and pairings(written) == pairings(source)
    code, _, err = run_cli(capsys, "convert", pgn, "--to", "trf26", "-o", back)
    assert code == 0 and "Traceback" not in err
    again = trfscore.load(back)
    assert flagged(again) == [] and pairings(again) == pairings(source)
