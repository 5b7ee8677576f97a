"""``check --pairings``: events generated and paired by the checker's own generator (gacrux's RTG)
are clean; the same events with a planted defect (two pairings swapped, a game's colours
reversed, the pairing-allocated bye moved) are flagged in the planted round, and the rounds
flagged are exactly those the checker reports when it reads the planted file itself.

gacrux is in the ``test`` extras (CI installs it); without it this module is skipped, except the
tests of the message a user gets when the extra is missing (tests/pairings/test_pairing_missing.py).
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import planting
import pytest

import trfscore
from conftest import run_cli
from trfscore.checks import check
from trfscore.pairings import Status
from trfscore.pairings.system import system_of

pytestmark = [pytest.mark.reference,
              pytest.mark.skipif(importlib.util.find_spec("gacrux") is None,
                                 reason="gacrux (the pairings extra) not installed")]


def generate(folder: Path, players: int, rounds: int, number: int, *extra: str) -> str:
    """Event ``number`` of gacrux's random tournament generator (seeded by the number), as text.
    Its 042/052 are the day it runs: after 2026-02-01, so the 2026 Dutch rules are binding."""
    out = subprocess.run([sys.executable, "-m", "gacrux.tournamentgenerator", "-p", str(players), "-n", str(rounds),
                          *extra, "-g", str(number), "1", "-o", str(folder / "T%d.trf")],
                         capture_output=True, text=True, timeout=120)
    path = folder / f"T{number:04d}.trf"
    assert path.is_file(), out.stderr
    return path.read_text(encoding="latin-1").replace("\r\n", "\n").replace("\r", "\n")


def checker_rounds(folder: Path, text: str) -> set[int]:
    """The rounds gacrux flags when it reads the file itself (its own command line, JSON out).
    The Points column is blanked: a planted bye changes a total, and gacrux refuses a file whose
    totals disagree with its results (it adds them up itself when they are blank)."""
    path = folder / "own.trf"
    path.write_text("\n".join(ln[:80] + "    " + ln[84:] if ln.startswith("001") else ln for ln in text.split("\n")),
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-c", "-b", "utf-8"],
                         capture_output=True, text=True, timeout=300)
    doc = json.loads(out.stdout)
    return {r["round"] for r in doc["pairingResult"]["roundpairing"] if not r["check"]}


def pairing_findings(text: str) -> list:
    return [f for f in check(trfscore.loads(text.encode("utf-8")), pairings=True) if f.rule.startswith("TRF9")]


def flagged(text: str) -> set[int]:
    report = trfscore.loads(text.encode("utf-8")).verify_pairings()
    assert not report.refused, report.refused
    return {v.round for v in report.rounds if v.status != Status.SAME}


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("rtg")
    return [generate(folder, 24, 7, 3), generate(folder, 17, 6, 8)]


def test_generated_events_are_clean(events):
    for text in events:
        assert pairing_findings(text) == []
        report = trfscore.loads(text.encode()).verify_pairings()
        assert report.system == "dutch" and report.binding and report.edition
        assert [v.status for v in report.rounds] == [Status.SAME] * len(report.rounds)
        assert len(report.rounds) >= 6


@pytest.mark.parametrize("plant", ["swap_blacks", "flip_colours", "move_bye"])
def test_planted_defect_is_flagged_in_its_round(events, plant, tmp_path):
    planted = 0
    for text in events:
        for rnd in range(2, 7):
            bad = getattr(planting, plant)(text, rnd)
            if bad is None:
                continue
            rounds = flagged(bad)
            assert rnd in rounds, (plant, rnd, rounds)
            assert min(rounds) == rnd  # nothing before the planted round
            planted += 1
            if planted == 1:  # every later round it changes: the same set as the checker's own reading
                assert rounds == checker_rounds(tmp_path, bad)
            if planted >= 3:
                return
    assert planted, "no round to plant in"


def test_finding_names_round_boards_pairings_and_edition(events):
    bad = planting.swap_blacks(events[0], 3)
    found = [f for f in pairing_findings(bad) if f.rule == "TRF901"]
    first = next(f for f in found if f.message.startswith("round 3 "))
    assert first.severity == "error"
    assert "played" in first.message and "rules" in first.message and "board" in first.message
    assert "rules of 2026-02-01" in first.message and "gacrux" in first.message
    assert first.line is not None and first.column == 92 + 10 * 2  # the round-3 cell of a 001 line


def test_same_result_from_the_library_the_cli_and_every_format(events, tmp_path, capsys):
    bad = planting.flip_colours(events[1], 4)
    path = tmp_path / "bad.trf"
    path.write_text(bad)
    library = sorted((f.line, f.message) for f in pairing_findings(bad))
    assert library
    code, out, _ = run_cli(capsys, "check", "--pairings", "--select", "TRF9", "--format", "json", str(path))
    assert code == 1
    doc = json.loads(out)
    assert sorted((f["line"], f["message"]) for f in doc["files"][0]["findings"]) == library
    for fmt in ("text", "sarif", "junit", "github"):
        code, out, _ = run_cli(capsys, "check", "--pairings", "--select", "TRF9", "--format", fmt, str(path))
        assert code == 1
        for _, message in library:
            assert message.split(":")[0] in out, fmt  # "round 4 is not paired as ..."


def test_legacy_and_refused_spellings_are_checked(events):
    """Cells and records the checker alone misreads or refuses, as trfscore reads them."""
    text = events[0]
    lines = text.split("\n")
    # 152 as TRF(x) XXC, the Points column off by a point (gacrux alone refuses: "Incorrect score")
    xxc = ["XXC white1" if ln.startswith("152 W") else "XXC black1" if ln.startswith("152 B") else ln
           for ln in lines]
    first = next(i for i, ln in enumerate(xxc) if ln.startswith("001"))
    xxc[first] = xxc[first][:80] + "99.0" + xxc[first][84:]
    assert flagged("\n".join(xxc)) == set()
    # a half-point bye as the legacy ICU cell "0000 - =", a name in Latin-1 bytes
    legacy = text.replace("0000 - H", "0000 - =").replace("Player    1 ", "Pläyer    1 ")
    t = trfscore.loads(legacy.encode("latin-1"))
    assert "Pläyer" in t.players[0].name and "0000 - =" in legacy
    assert {v.status for v in t.verify_pairings().rounds} == {Status.SAME}


def test_xxp_forbids_a_pair_that_met(events):
    """XXP (TRF(x); the checker alone ignores it) is given as 260: a forbidden pair that met in
    round 4 makes round 4 differ, and no round before it."""
    white, black, _ = planting.games(events[0], 4)[0]
    rounds = flagged(events[0] + f"XXP {white} {black}\n")
    assert min(rounds) == 4


def test_accelerated_event_from_xxa(tmp_path):
    """A Baku-accelerated event (gacrux's generator writes 250 records) is clean, also when its
    acceleration is written as JaVaFo XXA records; without any record it is not checkable."""
    text = generate(tmp_path, 20, 5, 2, "-a")
    assert "\n250 " in text
    assert flagged(text) == set()
    t = trfscore.loads(text.encode())
    xxa_lines = []
    from trfscore.records import Acceleration

    rounds = 5
    per_player: dict[int, list[str]] = {}
    for a in t.records_of(Acceleration):
        for sr in range(a.first_id, a.last_id + 1):
            cells = per_player.setdefault(sr, ["0.0"] * rounds)
            for r in range(a.first_round, a.last_round + 1):
                cells[r - 1] = f"{float(a.points):.1f}"
    for sr, cells in sorted(per_player.items()):
        xxa_lines.append(f"XXA {sr:>4} " + " ".join(f"{c:>4}" for c in cells))
    plain = "\n".join(ln for ln in text.split("\n") if not ln.startswith("250"))
    assert flagged(plain + "\n".join(xxa_lines) + "\n") == set()
    baku = plain.replace("192 FIDE_DUTCH", "192 FIDE_DUTCH_BAKU")
    report = trfscore.loads(baku.encode()).verify_pairings()
    assert {v.status for v in report.rounds} == {Status.NOT_CHECKABLE}
    assert [f.rule for f in pairing_findings(baku)] == ["TRF902"] * len(report.rounds)


def test_round_robin_by_berger_tables(tmp_path):
    text = generate(tmp_path, 6, 5, 1, "-m", "berger")
    report = trfscore.loads(text.encode()).verify_pairings()
    assert report.system == "berger" and {v.status for v in report.rounds} == {Status.SAME}
    # rounds 2 and 3 exchanged: both differ from the tables (C.05 Annex 1)
    lines = text.split("\n")
    out = []
    for ln in lines:
        if ln.startswith("001"):
            r2, r3 = ln[101:111], ln[111:121]
            ln = ln[:101] + r3 + r2 + ln[121:]
        out.append(ln)
    assert flagged("\n".join(out)) == {2, 3}
    # without a 192 code the round robin is recognised (every pair met once)
    unnamed = "\n".join(ln for ln in lines if not ln.startswith("192"))
    report = trfscore.loads(unnamed.encode()).verify_pairings()
    assert report.system == "berger" and {v.status for v in report.rounds} == {Status.SAME}
    assert not report.binding  # its starting ranks may not be the numbers drawn for the tables


def test_double_round_robin(tmp_path):
    """A double round robin by the Berger tables (the second cycle with colours reversed) is
    clean; its first and second cycles' round 1 exchanged differ.  Under FIDE_DOUBLEROUNDROBIN
    the checker exchanges the last two rounds of the first cycle, which gacrux's own generator
    does not: those two rounds differ, as warnings that say why."""
    text = generate(tmp_path, 4, 6, 1, "-m", "berger-double")
    assert "192 BERGER_DOUBLEROUNDROBIN" in text and flagged(text) == set()
    # without its 192 code: six rounds of four players, two cycles (the event reading's double)
    unnamed = "\n".join(ln for ln in text.split("\n") if not ln.startswith("192"))
    t = trfscore.loads(unnamed.encode())
    assert t.event.double and system_of(t).code == "BERGER_DOUBLEROUNDROBIN" and flagged(unnamed) == set()
    lines = []
    for ln in text.split("\n"):
        if ln.startswith("001"):
            r1, r4 = ln[91:101], ln[121:131]
            ln = ln[:91] + r4 + ln[101:121] + r1 + ln[131:]
        lines.append(ln)
    assert flagged("\n".join(lines)) == {1, 4}
    fide = generate(tmp_path, 6, 10, 2, "-m", "berger-fide-double")
    found = [f for f in pairing_findings(fide) if f.rule == "TRF901"]
    assert sorted(f.message.split()[1] for f in found) == ["4", "5"] and {f.severity for f in found} == {"warning"}
    assert all("last two rounds of the first cycle" in f.message for f in found)


def test_odd_round_robin_sitting_out(tmp_path):
    """Five players: the generator writes the round a player sits out as a U; a file that leaves
    that cell empty is as clean, and one whose sitting-out player played is not."""
    text = generate(tmp_path, 5, 5, 1, "-m", "berger")
    assert "0000 - U" in text and flagged(text) == set()
    assert flagged(text.replace("0000 - U", "        ")) == set()


def test_event_before_the_edition_gets_warnings(events):
    bad = planting.swap_blacks(events[1], 2)
    lines = ["042 2019/05/01" if ln.startswith("042") else ln for ln in bad.split("\n")]
    found = [f for f in pairing_findings("\n".join(lines)) if f.rule == "TRF901"]
    assert found and {f.severity for f in found} == {"warning"}
    assert all("before the Dutch rules" in f.message for f in found)


def test_unknown_initial_colour_is_taken_from_round_one_and_said(events):
    text = "\n".join(ln for ln in events[0].split("\n") if not ln.startswith("152"))
    report = trfscore.loads(text.encode()).verify_pairings()
    assert "no initial colour" in report.caution
    assert {v.status for v in report.rounds} == {Status.SAME}


def test_unknown_result_leaves_later_rounds_unjudged(events):
    white, black, _ = planting.games(events[0], 3)[0]
    lines = events[0].split("\n")
    for i, ln in enumerate(lines):
        if ln.startswith("001") and int(ln[4:8]) in (white, black):
            at = 91 + 10 * 2 + 7
            lines[i] = ln[:at] + "X" + ln[at + 1:]
    report = trfscore.loads("\n".join(lines).encode()).verify_pairings()
    statuses = {v.round: v.status for v in report.rounds}
    assert statuses[3] == Status.SAME
    assert all(statuses[r] == Status.NOT_CHECKABLE for r in statuses if r > 3)


def test_the_ci_step_of_docs_ci_md_as_written(events, tmp_path):
    """The ``--pairings`` step docs/ci.md shows, run as written in a repository of reports: a
    clean event passes, a planted defect fails the step with an annotation on its line."""
    import os
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "ci.md").read_text(encoding="utf-8")
    (command,) = [c.strip() for c in re.findall(r"^\s+(trfscore check --pairings[^\n]*)$", page, re.M)]
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "open.trf").write_text(events[0], encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"), NO_COLOR="1")
    argv = [sys.executable, "-m", *command.split()]
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout == "", done.stderr
    (reports / "open.trf").write_text(planting.flip_colours(events[0], 3), encoding="utf-8")
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "::error file=reports/open.trf,line=" in done.stdout
    assert "title=trfscore TRF901::TRF901 round 3 " in done.stdout


def test_a_round_paired_but_not_played_yet(events):
    """The last round paired with no results in yet (a file saved between rounds) is judged;
    a round holding only byes marked before pairing it is not a paired round."""
    lines = events[0].split("\n")
    last = max(r for r in range(1, 8) if planting.games(events[0], r))
    at = 91 + 10 * (last - 1) + 7  # the result column of that round's cells
    waiting = [ln[:at] + " " + ln[at + 1:] if ln.startswith("001") and len(ln) > at and ln[at - 2] in "wb" else ln
               for ln in lines]
    report = trfscore.loads("\n".join(waiting).encode()).verify_pairings()
    assert {v.round: v.status for v in report.rounds}[last] == Status.SAME
    premarked = [ln + "  0000 - H" if ln.startswith("001") and int(ln[4:8]) == 1 else ln for ln in lines]
    report = trfscore.loads("\n".join(premarked).encode()).verify_pairings()
    assert max(v.round for v in report.rounds) == last


@pytest.mark.slow
def test_many_generated_events(tmp_path):
    """More and larger events (30 and 60 players, 9 rounds): clean as generated; each planted
    defect flagged from its round on, the same rounds as the checker's own reading flags."""
    for number, players in ((11, 30), (12, 30), (13, 60)):
        text = generate(tmp_path, players, 9, number)
        assert flagged(text) == set()
        for plant in ("swap_blacks", "flip_colours", "move_bye"):
            for rnd in (3, 7):
                bad = getattr(planting, plant)(text, rnd)
                if bad is None:
                    continue
                rounds = flagged(bad)
                assert min(rounds) == rnd, (number, plant, rnd, rounds)
                assert rounds == checker_rounds(tmp_path, bad), (number, plant, rnd)


def test_progress_is_called_before_each_round(events):
    calls = []
    report = trfscore.loads(events[1].encode()).verify_pairings(progress=lambda done, total: calls.append((done, total)))
    n = len(report.rounds)
    assert calls == [(i, n) for i in range(1, n + 1)]


def test_too_large_a_field_is_not_given_to_the_checker(monkeypatch, events):
    from trfscore.pairings import verify

    monkeypatch.setattr(verify, "MAX_PLAYERS", 10)
    found = pairing_findings(events[0])
    assert [f.rule for f in found] == ["TRF902"] and "not run on more than 10" in found[0].message
