"""EDE's knock-out follow-ups (C.07 13.3.2: EDET = EDE + top board results, EDEB = EDE + bottom
board elimination) and the team ``explain``, on small events derived by hand.

The event (4 boards, match points 2/1/0, one round): team 1 - team 2 2-2 with board results
1-0, 0-1, 0-1, 1-0 (team 1's view); team 3 - team 4 2.5-1.5.  Teams 1 and 2 are tied (1 MP,
2 GP) and alone on 1 MP; EDE (13.3.1) cannot separate them: their mini-tables are 1-1 in match
points and 2-2 in game points.  By hand:

* TBR (13.3.2, EDET): board 1, team 1 1 - team 2 0: team 1 first.
* BBE (13.3.2, EDEB): board 4 dropped, boards 1-3: team 1 1 - team 2 2: team 2 first.
* Two teams that drew every board: both follow-ups leave them tied.
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

import trfscore
from trfscore.cli import main
from trfscore.teams.codes import parse_team_tiebreak
from trfscore.teams.standings import team_standings

BOARDS = 4
# (team a, team b, a's result per board)
MATCHES = [(1, 2, "1001"), (3, 4, "11=0")]


def knockout_event(matches=MATCHES, rounds: int = 1) -> str:
    """One round of team matches as TRF26: team k's boards are players 4(k-1)+1 .. 4k."""
    members = {k: [BOARDS * (k - 1) + b for b in range(1, BOARDS + 1)] for a, b, _ in matches for k in (a, b)}
    cells: dict[int, str] = {}
    back = {"1": "0", "0": "1", "=": "="}
    for a, b, results in matches:
        for board, (x, y, res) in enumerate(zip(members[a], members[b], results)):
            wc, bc = ("w", "b") if board % 2 == 0 else ("b", "w")
            cells[x] = f"{y:4} {wc} {res}  "
            cells[y] = f"{x:4} {bc} {back[res]}  "
    lines = ["012 Knock-out follow-ups", "042 2024/10/01", f"142 {rounds}", "192 FIDE_TEAM_MP_GP",
             "352 " + "WB" * (BOARDS // 2), "362 TW 2     TD 1     TL 0"]
    for k in sorted(members):
        for sr in members[k]:
            lines.append(f"001 {sr:4}      Team {k:2}, Board {sr:<20} {'':4} {'':3} {'':11} {'':10} {'':4} {'':4}"
                         + cells[sr].rstrip())
    for k in sorted(members):
        lines.append(f"310 {k:3} {'Team ' + str(k):<32} {'':5} {'':6} {'':6} {'':6} {'':3} "
                     + "".join(f" {sr:4}" for sr in members[k]))
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    path = tmp_path_factory.mktemp("ko") / "ko.trf"
    path.write_text(knockout_event(), encoding="utf-8")
    return trfscore.load(path), path


def ranks(t, codes):
    st = team_standings(t, codes, rules="fide-2024")
    return {r.number: r.label for r in st.rows}, st


def test_the_event_is_as_derived(event):
    t, _ = event
    rows, st = ranks(t, ["EDE"])
    assert st.findings == []
    pts = {r.number: (r.match_points, r.game_points) for r in st.rows}
    assert pts[1] == pts[2] == (1, 2) and pts[3] == (2, Fraction(5, 2)) and pts[4] == (0, Fraction(3, 2))
    assert rows[1] == rows[2] == "2-3"  # EDE alone (13.3.1) leaves them tied
    assert st.row(1).tiebreaks["EDE"] == st.row(2).tiebreaks["EDE"] == 0


def test_edet_top_board_results(event):
    # C.07 13.3.2 (2026: EDET = EDE + TBR): board 1 decides, team 1 won it
    t, _ = event
    rows, st = ranks(t, ["EDET"])
    assert (rows[1], rows[2]) == ("2", "3")
    assert st.row(1).tiebreaks["EDET"] == 1 and st.row(2).tiebreaks["EDET"] == 2


def test_edeb_bottom_board_elimination(event):
    # C.07 13.3.2 (2026: EDEB = EDE + BBE): boards 1-3 give team 2 two points to team 1's one
    t, _ = event
    rows, st = ranks(t, ["EDEB"])
    assert (rows[2], rows[1]) == ("2", "3")
    assert st.row(2).tiebreaks["EDEB"] == 1 and st.row(1).tiebreaks["EDEB"] == 2


@pytest.mark.parametrize("code", ["EDET", "EDEB"])
def test_every_board_drawn_stays_tied(tmp_path, code):
    path = tmp_path / "drawn.trf"
    path.write_text(knockout_event([(1, 2, "===="), (3, 4, "11=0")]), encoding="utf-8")
    rows, _ = ranks(trfscore.load(path), [code])
    assert rows[1] == rows[2] == "2-3"


def test_knockout_only_for_two_teams(tmp_path):
    # 13.3.2 is for exactly two teams still tied: four teams on 1 MP that EDE cannot separate
    # (1-2 and 3-4 drawn the same way, 5-6 2.5-1.5) stay tied.
    path = tmp_path / "four.trf"
    path.write_text(knockout_event([(1, 2, "1001"), (3, 4, "1001"), (5, 6, "11=0")]), encoding="utf-8")
    _, st = ranks(trfscore.load(path), ["EDET"])
    assert len({st.row(k).rank for k in (1, 2, 3, 4)}) == 1


def test_codes():
    assert parse_team_tiebreak("EDET/P").code == "EDET/P"
    assert parse_team_tiebreak("edeb").knockout == "BBE"
    assert parse_team_tiebreak("EDE").knockout == ""
    for code in ("EDEBT", "EDEBB", "BC", "TBR", "BBE"):
        with pytest.raises(ValueError, match="not computed"):
            parse_team_tiebreak(code)


def test_explain_knockout_and_sum(event):
    t, _ = event
    st = team_standings(t, ["EDET", "MPvGP"], rules="fide-2024")
    text = str(st.explain(1, "EDET"))
    assert "place 1" in text and "TBR board 1: #1 1.0, #2 0.0" in text
    text = str(st.explain(2, "EDEB"))  # not in the list: on the teams tied with team 2 on MP
    assert "BBE boards 1-3: #1 1.0, #2 2.0" in text and "place 1" in text
    e = st.explain(3, "MPvGP")
    assert e.value == Fraction(5, 2) and e.line() == "2.5 = 2.5"
    e = st.explain(4, "BH:MP")
    assert e.value == 2 and e.terms[0].opponent == 3


def test_cli(event, capsys):
    _, path = event
    assert main(["report", str(path), "--teams", "--tiebreaks", "EDET", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["tiebreaks"] == ["EDET"]
    assert main(["explain", str(path), "--teams", "-p", "1", "-t", "EDET", "--tiebreaks", "EDET"]) == 0
    assert "TBR board 1" in capsys.readouterr().out
    assert main(["report", str(path), "--teams", "--tiebreaks", "BC"]) == 2
    assert main(["explain", str(path), "--teams", "-p", "9", "-t", "EDE"]) == 2
