"""``check --pairings`` on team round robins, judged by the Berger tables (C.05 Annex 1) with the
teams as the competitors: a match is a pairing of two team numbers, the first-named team the one
with White on board 1.  The schedules below are the published tables, written out here (C.05
Annex 1, "Berger Tables for Round-Robin Tournaments", 3-4 and 5-6 competitors; a double round
robin repeats them with the colours reversed); the board results are random (seeded)."""
from __future__ import annotations

import importlib.util
import re

import pytest
import teamgen

import trfscore
from trfscore.checks import check
from trfscore.pairings import Status
from trfscore.pairings.system import system_of

pytestmark = [pytest.mark.reference,
              pytest.mark.skipif(importlib.util.find_spec("gacrux") is None,
                                 reason="gacrux (the pairings extra) not installed")]

#: C.05 Annex 1, 3 or 4 competitors (round: white-black, ...)
BERGER_4 = {1: [(1, 4), (2, 3)], 2: [(4, 3), (1, 2)], 3: [(2, 4), (3, 1)]}
#: C.05 Annex 1, 5 or 6 competitors
BERGER_6 = {1: [(1, 6), (2, 5), (3, 4)], 2: [(6, 4), (5, 3), (1, 2)], 3: [(2, 6), (3, 1), (4, 5)],
            4: [(6, 5), (1, 4), (2, 3)], 5: [(3, 6), (4, 2), (5, 1)]}


def double(table: dict[int, list[tuple[int, int]]]) -> dict[int, list[tuple[int, int]]]:
    """The second cycle: the same rounds with the colours reversed."""
    cycle = len(table)
    return {**table, **{r + cycle: [(b, w) for w, b in pairs] for r, pairs in table.items()}}


def odd(table: dict[int, list[tuple[int, int]]], teams: int) -> dict[int, list[tuple[int, int]]]:
    """The table of an odd field: the pairing with the missing last number is the one sitting out."""
    return {r: [pair for pair in pairs if max(pair) <= teams] for r, pairs in table.items()}


def event(teams: int, table: dict[int, list[tuple[int, int]]], system: str = "BERGER_TEAM_ROUNDROBIN",
          seed: int = 1) -> teamgen.TeamEvent:
    return teamgen.scheduled(teams, 4, table, seed, system)


def statuses(text: str) -> dict[int, str]:
    report = trfscore.loads(text.encode()).verify_pairings()
    assert not report.refused, report.refused
    return {v.round: v.status for v in report.rounds}


def flagged(text: str) -> set[int]:
    return {r for r, status in statuses(text).items() if status != Status.SAME}


@pytest.mark.parametrize("teams, table, system", [
    (4, BERGER_4, "BERGER_TEAM_ROUNDROBIN"),
    (6, BERGER_6, "FIDE_TEAM_ROUNDROBIN"),
    (5, odd(BERGER_6, 5), "BERGER_TEAM_ROUNDROBIN"),
    (4, double(BERGER_4), "BERGER_TEAM_DOUBLEROUNDROBIN"),
])
def test_a_team_round_robin_by_the_tables_is_clean(teams, table, system):
    t = trfscore.loads(event(teams, table, system).text().encode())
    assert system_of(t).name == "berger" and system_of(t).teams
    report = t.verify_pairings()
    assert report.judged_by.startswith("Berger tables (C.05 Annex 1)") and report.binding
    assert [v.status for v in report.rounds] == [Status.SAME] * len(table)
    assert [f for f in check(t, pairings=True) if f.rule.startswith("TRF9")] == []


def test_two_matches_swapped_are_flagged_in_their_round():
    """Round 3 of six teams played 2-1 and 3-6 (the black teams of 2-6 and 3-1 exchanged): that
    round differs, the others follow the table whatever came before."""
    clean = event(6, BERGER_6)
    bad = event(6, {**BERGER_6, 3: [(2, 1), (3, 6), (4, 5)]})
    assert flagged(clean.text()) == set()
    assert flagged(bad.text()) == {3}
    found = [f for f in check(trfscore.loads(bad.text().encode()), pairings=True) if f.rule == "TRF901"]
    assert len(found) == 1 and found[0].severity == "error"
    message = found[0].message
    assert message.startswith("round 3 is not paired as the Berger tables (C.05 Annex 1)")
    assert "played teams 2-1, rules teams 2-6" in message and "played teams 3-6, rules teams 3-1" in message
    team = int(re.search(r"played teams (\d+)-", message).group(1))  # the team record of the first team named
    assert bad.text().split("\n")[found[0].line - 1].startswith(f"310 {team:>3} ")


def test_a_match_with_colours_flipped_is_flagged_in_its_round():
    for rnd in (2, 5):
        bad = teamgen.flip_colours(event(6, BERGER_6), rnd)
        assert bad is not None
        report = trfscore.loads(bad.text().encode()).verify_pairings()
        assert {v.round for v in report.rounds if v.status != Status.SAME} == {rnd}
        verdict = next(v for v in report.rounds if v.round == rnd)
        white, black = BERGER_6[rnd][0]
        assert [(b.played, b.rules, b.colours_only) for b in verdict.boards] == [((black, white), (white, black), True)]
        assert re.search(rf"match \d: colours reversed, played teams {black}-{white}, rules teams {white}-{black}",
                         verdict.summary())


def test_the_second_cycle_reverses_the_colours():
    """A double round robin whose second cycle kept the first cycle's colours differs in every round of it."""
    same_colours = {**BERGER_4, **{r + 3: pairs for r, pairs in BERGER_4.items()}}
    assert flagged(event(4, same_colours, "BERGER_TEAM_DOUBLEROUNDROBIN").text()) == {4, 5, 6}


def test_trf16_form_of_a_team_round_robin_is_judged_like_its_trf26_form():
    """013 records, no 192: recognised as a round robin (092 says so, or without 092 everybody
    met), judged by the tables with warnings only (the team numbers may not be the numbers
    drawn), same verdicts as the TRF26 form."""
    clean = event(6, BERGER_6)
    bad = teamgen.flip_colours(clean, 4)
    assert bad is not None
    for source in (clean, bad):
        text = source.text()
        assert "\n092 Team round robin\n" in teamgen.trf16(text)
        for old in (teamgen.trf16(text), teamgen.trf16(text).replace("092 Team round robin\n", "")):
            t = trfscore.loads(old.encode())
            report = t.verify_pairings()
            assert report.system == "berger" and system_of(t).teams and not report.binding
            assert "team numbers" in report.caution
            assert {v.round: v.status for v in report.rounds} == statuses(text)
    found = [f for f in check(trfscore.loads(teamgen.trf16(bad.text()).encode()), pairings=True)
             if f.rule == "TRF901"]
    assert [f.severity for f in found] == ["warning"] and found[0].message.startswith("round 4 ")


def test_fide_team_double_round_robin_is_judged_by_the_plain_tables_with_a_warning():
    report = trfscore.loads(event(4, double(BERGER_4), "FIDE_TEAM_DOUBLEROUNDROBIN").text().encode()).verify_pairings()
    assert [v.status for v in report.rounds] == [Status.SAME] * 6
    assert not report.binding and "plain tables" in report.caution
