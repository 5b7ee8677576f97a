"""BC, TBR, BBE (C.07 2026 Art. 12) and EDEBT, EDEBB (13.3.2) against the FIDE TEC reference program
(PyPI ``gacrux``, run as a separate process: ``python -m gacrux.tiebreakchecker``; nothing of it
is imported or copied), on TV10 and on the TEC team sample when the shared corpus is there.

Teams with a pairing-allocated bye are left out of BC, TBR and BBE: the program counts a PAB as a
win on every board, the team model as the bye's game points shared over the boards
(docs/tiebreaks.md, "The board tie-breaks"); the knock-out follow-ups read only the two teams'
own matches, so every team is compared there.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import trfscore
from conftest import SHARED_CORPUS_DIR
from trfscore.model import Kind
from trfscore.teams import build_team_event
from trfscore.teams.standings import team_standings

pytestmark = [pytest.mark.slow, pytest.mark.reference,
              pytest.mark.skipif(importlib.util.find_spec("gacrux") is None,
                                 reason="gacrux (FIDE TEC reference program) not installed")]

TV10 = Path(__file__).resolve().parents[1] / "data" / "tv10-team-swiss.trf"
GRANDMOMMY = SHARED_CORPUS_DIR / "echecsjs__trf__grandmommyscup.trf"
FILES = [TV10] + ([GRANDMOMMY] if GRANDMOMMY.is_file() else [])


def reference(path: Path, codes: list[str]) -> dict[int, dict[str, str]]:
    out = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-o", "-", "-dT",
                          "-t", "MPTS", *codes], capture_output=True, text=True, timeout=300)
    lines = out.stdout.strip().splitlines()
    assert lines, out.stderr
    head = lines[0].split("\t")
    return {int(ln.split("\t")[0]): dict(zip(head, ln.split("\t"))) for ln in lines[1:]}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_board_tiebreaks_agree_with_the_reference_program(path):
    t = trfscore.load(path)
    pab = {line.number for line in build_team_event(t).teams if any(r.kind == Kind.PAB for r in line.rounds)}
    ref = reference(path, ["BC"])
    st = team_standings(t, ["BC"])
    compared = 0
    for row in st.rows:
        if row.number not in pab:
            assert row.tiebreaks["BC"] == Fraction(ref[row.number]["BC"]), row.number
            compared += 1
    assert compared >= len(st.rows) - len(pab) > 0
    for code in ("TBR", "BBE"):  # a group tie-break right after the match points: the place in the group
        ref = reference(path, [code])
        st = team_standings(t, [code])
        tied = {}
        for row in st.rows:
            tied.setdefault(row.match_points, []).append(row.number)
        for group in tied.values():
            if len(group) > 1 and not pab & set(group):
                for n in group:
                    assert st.row(n).tiebreaks[code] == int(ref[n][code]), (code, n)


@pytest.mark.parametrize("code", ["EDET", "EDEB", "EDEBT", "EDEBB"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_knockout_follow_ups_agree_with_the_reference_program(path, code):
    t = trfscore.load(path)
    ref = reference(path, [code])
    st = team_standings(t, [code])
    assert {row.number: row.tiebreaks[code] for row in st.rows} == {n: int(r[code]) for n, r in ref.items()}


@pytest.mark.parametrize("code", ["EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"])
def test_the_six_board_knockout_agrees_with_the_reference_program(tmp_path, code):
    # test_team_knockout.py's event where the board count (lower first, Art. 12.1) and top board
    # results disagree: the program, too, puts team 2 first under EDEBT and team 1 under EDET
    from test_team_knockout import SIX, knockout_event

    path = tmp_path / "six.trf"
    path.write_text(knockout_event(SIX), encoding="utf-8")
    ref = reference(path, [code])
    st = team_standings(trfscore.load(path), [code])
    assert {row.number: row.tiebreaks[code] for row in st.rows} == {n: int(r[code]) for n, r in ref.items()}
    ref = reference(path, ["BC"])
    assert {row.number: row.tiebreaks["BC"] for row in team_standings(trfscore.load(path), ["BC"]).rows} == \
        {n: Fraction(r["BC"]) for n, r in ref.items()}
