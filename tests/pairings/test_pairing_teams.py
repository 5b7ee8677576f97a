"""``check --pairings`` on team events, judged by the FIDE team system (C.04.6): events paired round
by round by gacrux's own team engine (tests/pairings/teamgen.py) are clean; the same events with a
planted defect (two team pairings swapped, a match's colours reversed, the pairing-allocated bye
given to another team) are flagged from the planted round on, in exactly the rounds gacrux flags
reading the planted file itself.  The TRF16 form of an event (013 teams, the bye written
``0000 - -`` on every board) gets the same verdicts as its TRF26 form."""
from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import teamgen

import trfscore
from trfscore.checks import check
from trfscore.pairings import Status
from trfscore.pairings.system import system_of

pytestmark = [pytest.mark.reference,
              pytest.mark.skipif(importlib.util.find_spec("gacrux") is None,
                                 reason="gacrux (the pairings extra) not installed")]


@pytest.fixture(scope="module")
def events() -> list[teamgen.TeamEvent]:
    """An odd field with requested byes (a pairing-allocated bye most rounds) and an even one."""
    return [teamgen.generate(13, 4, 7, 3, bye_rate=0.1), teamgen.generate(12, 4, 6, 4, bye_rate=0.05)]


def verdicts(text: str) -> dict[int, str]:
    report = trfscore.loads(text.encode("utf-8")).verify_pairings()
    assert not report.refused, report.refused
    return {v.round: v.status for v in report.rounds}


def flagged(text: str) -> set[int]:
    return {r for r, status in verdicts(text).items() if status != Status.SAME}


def checker_rounds(folder: Path, text: str) -> set[int]:
    """The rounds gacrux flags reading the file itself (its command line, JSON out)."""
    path = folder / "own.trf"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-c", "-b", "utf-8"],
                         capture_output=True, text=True, timeout=300)
    doc = json.loads(out.stdout)
    assert doc["status"]["code"] in (0, 1), doc["status"]
    return {r["round"] for r in doc["pairingResult"]["roundpairing"] if not r["check"]}


def test_generated_team_events_are_clean(events):
    for event in events:
        text = event.text()
        t = trfscore.loads(text.encode())
        assert system_of(t).name == "fideteam"
        report = t.verify_pairings()
        assert report.judged_by.startswith("FIDE team system (C.04.6), rules of 2026-02-01, gacrux ")
        assert report.binding and not report.caution and not report.refused
        assert [v.status for v in report.rounds] == [Status.SAME] * event.rounds
        assert [f for f in check(t, pairings=True) if f.rule.startswith("TRF9")] == []
    assert any(b == 0 for pairs in events[0].pairs.values() for _, b in pairs)  # pairing-allocated byes
    assert any(events[0].byes.values())  # and requested ones


@pytest.mark.parametrize("plant", ["swap_teams", "flip_colours", "move_bye"])
def test_planted_team_defect_is_flagged_from_its_round(events, plant, tmp_path):
    planted = 0
    for event in events:
        for rnd in (2, 4, 5):
            bad = getattr(teamgen, plant)(event, rnd)
            if bad is None:
                continue
            text = bad.text()
            rounds = flagged(text)
            assert min(rounds, default=None) == rnd, (plant, rnd, rounds)
            assert rounds == checker_rounds(tmp_path, text), (plant, rnd)  # every later round it changes
            planted += 1
    assert planted >= 2, "no round to plant in"


def test_team_finding_names_round_matches_teams_and_the_team_record(events):
    bad = teamgen.swap_teams(events[1], 3)
    assert bad is not None
    text = bad.text()
    found = [f for f in check(trfscore.loads(text.encode()), pairings=True) if f.rule == "TRF901"]
    first = next(f for f in found if f.message.startswith("round 3 "))
    assert first.severity == "error"
    assert "FIDE team system (C.04.6)" in first.message and "rules of 2026-02-01" in first.message
    assert re.search(r"match \d+: played teams \d+-\d+, rules teams \d+-\d+", first.message)
    team = int(re.search(r"played teams (\d+)-", first.message).group(1))
    assert text.split("\n")[first.line - 1].startswith(f"310 {team:>3} ") and first.column == 5


def test_trf16_form_of_a_team_event_gets_the_same_verdicts(events):
    """013 records for 310, no 192 (judged by C.04.6's defaults, which the generator used; only
    warnings then) and the pairing-allocated bye as '0000 - -' on every board instead of 320."""
    event = events[0]
    bad = teamgen.flip_colours(event, 4)
    for source in (event, bad):
        text = source.text()
        old = teamgen.trf16(text)
        for rnd, kinds in source.byes.items():  # a requested bye: the bye letter on every board
            for team in kinds:
                for player in source.members(team):
                    old = _set_cell(old, player, rnd, f"0000 - {kinds[team]}")
        report = trfscore.loads(old.encode()).verify_pairings()
        assert report.system == "fideteam" and not report.binding and "defaults" in report.caution
        assert {v.round: v.status for v in report.rounds} == verdicts(text)


def _set_cell(text: str, player: int, rnd: int, cell: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) == player:
            at = 91 + 10 * (rnd - 1)
            lines[i] = line[:at] + cell + line[at + 8:]
    return "\n".join(lines)


def test_custom_team_systems_are_not_judged(events):
    text = events[1].text()
    for code in ("CUSTOM_TEAM_SWISS", "CUSTOM_TEAM_ROUNDROBIN"):
        t = trfscore.loads(text.replace("192 FIDE_TEAM_TYPEA_MP_GP", f"192 {code}").encode())
        found = [f for f in check(t, pairings=True) if f.rule.startswith("TRF9")]
        assert [f.rule for f in found] == ["TRF902"] and code in found[0].message


def test_a_team_baku_code_without_acceleration_records_is_not_judged(events):
    text = events[1].text().replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_TYPEA_MP_GP_BAKU")
    assert set(verdicts(text).values()) == {Status.NOT_CHECKABLE}


def test_a_team_event_before_the_edition_is_warned_about(events):
    text = teamgen.flip_colours(events[1], 2).text().replace("042 2026/03/01", "042 2025/09/01")
    found = [f for f in check(trfscore.loads(text.encode()), pairings=True) if f.rule == "TRF901"]
    assert found and all(f.severity == "warning" for f in found)
    assert "before the FIDE team system of 2026-02-01" in found[0].message


def test_the_field_limit_counts_teams_in_the_team_system(monkeypatch, events):
    """The checker holds a pair per two competitors: for a team event, the teams (52 players here)."""
    from trfscore.pairings import verify

    monkeypatch.setattr(verify, "MAX_PLAYERS", 20)
    assert not trfscore.loads(events[0].text().encode()).verify_pairings().refused
    monkeypatch.setattr(verify, "MAX_PLAYERS", 12)
    report = trfscore.loads(events[0].text().encode()).verify_pairings()
    assert report.refused.startswith("13 teams: the checker is not run on more than 12")


def test_inconsistent_team_matches_are_not_given_to_the_checker(events):
    """A board facing another team than its team's other boards (TRF606), or a game one side of
    which does not name the other (TRF501): the matches are unknown, the file is not judged."""
    text = events[1].text()
    white, black = events[1].pairs[2][0]
    stray = next(t for t in range(1, 13) if t not in (white, black))
    one_sided = _set_cell(text, events[1].members(white)[0], 2, "0000 - -")
    elsewhere = _set_cell(text, events[1].members(white)[0], 2, f"{events[1].members(stray)[0]:>4} w 1")
    for bad, rule in ((one_sided, "TRF501"), (elsewhere, "TRF606")):
        found = [f for f in check(trfscore.loads(bad.encode()), pairings=True) if f.rule.startswith("TRF9")]
        assert [f.rule for f in found] == ["TRF902"]
        assert f"the team matches cannot be read consistently ({rule}: round 2" in found[0].message


@pytest.mark.slow
@pytest.mark.parametrize("code", ["FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP", "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM_TYPEB_MP"])
def test_every_colour_model_and_score_order(code, tmp_path):
    """Type B colours, no colour preferences, game points first, match points alone (C.04.6 art.
    1.2, 1.7, as the 192 code names them): clean as gacrux's team engine pairs them, and each
    planted defect flagged from its round in the rounds gacrux's own reading flags."""
    event = teamgen.generate(11, 4, 7, 6, bye_rate=0.08, system=code)
    assert verdicts(event.text()) == {r: Status.SAME for r in range(1, 8)}
    for plant in ("swap_teams", "flip_colours", "move_bye"):
        bad = getattr(teamgen, plant)(event, 3)
        if bad is None:
            continue
        rounds = flagged(bad.text())
        assert min(rounds) == 3, (code, plant, rounds)
        assert rounds == checker_rounds(tmp_path, bad.text()), (code, plant)


def test_a_team_event_without_152_takes_the_initial_colour_from_round_one(events):
    """No 152: the colour of the first round's top board (one event starts with Black, the other
    with White) stands in for the lot, and every finding says so."""
    assert {event.top for event in events} == {"W", "B"}
    for event in events:
        text = "\n".join(line for line in event.text().split("\n") if not line.startswith("152"))
        report = trfscore.loads(text.encode()).verify_pairings()
        assert "gives no initial colour" in report.caution
        assert [v.status for v in report.rounds] == [Status.SAME] * event.rounds
