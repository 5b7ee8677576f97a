"""EDE's knock-out follow-ups (C.07 2026 13.3.2: EDET = EDE + top board results, EDEB = EDE + bottom
board elimination, EDEBT / EDEBB = EDE + board count, then TBR / BBE), the Art. 12 tie-breaks BC, TBR
and BBE on their own, and the team ``explain``, on small events derived by hand.

The event (4 boards, match points 2/1/0, one round): team 1 - team 2 2-2 with board results
1-0, 0-1, 0-1, 1-0 (team 1's view); team 3 - team 4 2.5-1.5.  Teams 1 and 2 are tied (1 MP,
2 GP) and alone on 1 MP; EDE (13.3.1) cannot separate them: their mini-tables are 1-1 in match
points and 2-2 in game points.  By hand:

* TBR (13.3.2, EDET): board 1, team 1 1 - team 2 0: team 1 first.
* BBE (13.3.2, EDEB): board 4 dropped, boards 1-3: team 1 1 - team 2 2: team 2 first.
* BC (Art. 12.1, board number x points, lower first): 1x1 + 4x1 = 5 for both, so EDEBT falls
  through to TBR (team 1) and EDEBB to BBE (team 2).
* Two teams that drew every board: every follow-up leaves them tied.

The six-board event: team 1 - team 2 3-3 with 1-0, 0-1, 0-1, 0-1, 1-0, 1-0 (team 1's view); team
3 - team 4 5-1.  BC: team 1 1+5+6 = 12, team 2 2+3+4 = 9, so BC puts team 2 first where TBR (board
1) puts team 1 first; BBE (boards 1-5: 2 against 3) puts team 2 first.  Over the whole event (one
round) the same numbers give BC, TBR and BBE on their own; team 3 scores 1+2+3+4+5 = 15, team 4 6.
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

import trfscore
from trfscore.cli import main
from trfscore.teams.codes import parse_team_tiebreak
from trfscore.teams.standings import team_standings

# (team a, team b, a's result per board)
MATCHES = [(1, 2, "1001"), (3, 4, "11=0")]
SIX = [(1, 2, "100011"), (3, 4, "111110")]


def knockout_event(matches=MATCHES, rounds: int = 1) -> str:
    """One round of team matches as TRF26: with b boards, team k's boards are players b(k-1)+1 .. bk."""
    boards = len(matches[0][2])
    members = {k: [boards * (k - 1) + b for b in range(1, boards + 1)] for a, b, _ in matches for k in (a, b)}
    cells: dict[int, str] = {}
    back = {"1": "0", "0": "1", "=": "="}
    for a, b, results in matches:
        for board, (x, y, res) in enumerate(zip(members[a], members[b], results)):
            wc, bc = ("w", "b") if board % 2 == 0 else ("b", "w")
            cells[x] = f"{y:4} {wc} {res}  "
            cells[y] = f"{x:4} {bc} {back[res]}  "
    lines = ["012 Knock-out follow-ups", "042 2024/10/01", f"142 {rounds}", "192 FIDE_TEAM_MP_GP",
             "352 " + "WB" * (boards // 2), "362 TW 2     TD 1     TL 0"]
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
    assert parse_team_tiebreak("EDEBT").knockout == "BC+TBR" and parse_team_tiebreak("EDEBB/P").code == "EDEBB/P"
    assert parse_team_tiebreak("bc").ascending and not parse_team_tiebreak("BC").group
    assert parse_team_tiebreak("TBR").group and parse_team_tiebreak("BBE").group
    for code in ("EDEC", "SSSC"):
        with pytest.raises(ValueError, match="not computed"):
            parse_team_tiebreak(code)
    with pytest.raises(ValueError, match="no cut"):
        parse_team_tiebreak("BC-C1")


@pytest.mark.parametrize("code,first", [("EDEBT", 1), ("EDEBB", 2)])
def test_board_count_equal_falls_through(event, code, first):
    # BC 5 = 5 (1x1 + 4x1 against 2x1 + 3x1): TBR (team 1) or BBE (team 2) decides
    t, _ = event
    rows, st = ranks(t, [code])
    other = 3 - first
    assert (rows[first], rows[other]) == ("2", "3") and st.row(first).tiebreaks[code] == 1
    text = str(st.explain(first, code))
    assert "BC: #1 5.0, #2 5.0 (the lower ranks higher)" in text and "C.07 Art. 13.3.2: BC+" in text


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    path = tmp_path_factory.mktemp("ko6") / "six.trf"
    path.write_text(knockout_event(SIX), encoding="utf-8")
    return trfscore.load(path)


@pytest.mark.parametrize("code,first", [("EDEBT", 2), ("EDEBB", 2), ("EDET", 1), ("EDEB", 2)])
def test_board_count_decides_before_top_boards(six, code, first):
    # BC team 1 = 1+5+6 = 12, team 2 = 2+3+4 = 9: the lower sum (team 2) ranks higher (Art. 12.1)
    rows, st = ranks(six, [code])
    assert (rows[first], rows[3 - first]) == ("2", "3")
    assert st.row(first).tiebreaks[code] == 1 and st.row(3 - first).tiebreaks[code] == 2


def test_board_tiebreaks_on_their_own(six):
    rows, st = ranks(six, ["BC"])
    assert {k: st.row(k).tiebreaks["BC"] for k in (1, 2, 3, 4)} == {1: 12, 2: 9, 3: 15, 4: 6}
    assert (rows[3], rows[2], rows[1], rows[4]) == ("1", "2", "3", "4")  # BC ascending among 1 and 2
    rows, st = ranks(six, ["TBR"])
    assert (rows[1], rows[2]) == ("2", "3") and st.row(1).tiebreaks["TBR"] == 1
    assert st.row(3).tiebreaks["TBR"] == 0  # alone on its score: not applied
    rows, _ = ranks(six, ["BBE"])
    assert (rows[2], rows[1]) == ("2", "3")
    e = st.explain(1, "BC")
    assert e.line() == "1 x 1.0 + 2 x 0.0 + 3 x 0.0 + 4 x 0.0 + 5 x 1.0 + 6 x 1.0 = 12.0"
    assert [t.weight for t in e.terms] == [1, 2, 3, 4, 5, 6] and sum(t.contribution for t in e.terms) == 12
    text = str(st.explain(2, "TBR"))
    assert "tied group #1, #2; place 2" in text and "#2: board 1 0.0, board 2 1.0" in text
    text = str(st.explain(1, "BBE"))
    assert "#1: boards 1-5 2.0, boards 1-4 1.0" in text and "place 2" in text


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
    assert main(["report", str(path), "--teams", "--tiebreaks", "BC,TBR,BBE,EDEBT,EDEBB"]) == 0
    capsys.readouterr()
    assert main(["report", str(path), "--teams", "--tiebreaks", "EDEC"]) == 2
    assert main(["explain", str(path), "--teams", "-p", "9", "-t", "EDE"]) == 2
