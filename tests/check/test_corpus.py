"""The real-file corpus (read in place, never copied): every file checks without a crash.

Skipped when ``../shared/corpus/trf`` is not beside the repository.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from checkhelp import CORPUS_DIR, checked, cli  # noqa: F401  (cli is a fixture)

import trfscore

FILES = sorted(CORPUS_DIR.glob("*.trf")) if CORPUS_DIR.is_dir() else []
pytestmark = pytest.mark.skipif(not FILES, reason="shared corpus not present")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
@pytest.mark.parametrize("profile", ["basic", "fide"])
def test_corpus_file_checks_without_crash(path, profile):
    findings = checked(trfscore.load(path), profile)
    assert not [f for f in findings if f.rule == "TRF000"]


def test_known_quirks_are_recognised():
    by_name = {p.name: p for p in FILES}
    icu = by_name.get("sanichi__icu_tournament__bunratty_masters_2011.trf")
    cup = by_name.get("echecsjs__trf__grandmommyscup.trf")
    # the corpus is present (module skip above), so a renamed file must not pass silently
    assert icu is not None and cup is not None, sorted(by_name)
    # blank-result byes counted as half points: read as byes, with warnings
    findings = checked(trfscore.load(icu))
    found = [f for f in findings if f.rule == "TRF408"]
    assert len(found) == 5 and all(f.severity == "warning" and "half-point bye" in f.message for f in found)
    assert not [f for f in findings if f.rule == "TRF510"]
    # the FIDE TEC team sample: 310 totals agree with the boards
    assert not [f for f in checked(trfscore.load(cup)) if f.rule.startswith("TRF6")]


def test_fide_example_file_gives_a_handful_of_real_errors():
    """FIDE's own example1.txt (corpus #1) under ``--profile fide``: only its real defects are
    errors (before issue #25: 133 errors, 521 warnings).  Its tolerated forms ('f' for women,
    blank for men, forfeits with colour '-', 1969.12.06 birth dates, '28. 07. 2005') are info."""
    path = CORPUS_DIR / "sklangen__TRF__example1.trf"
    findings = checked(trfscore.load(path), "fide")
    errors = sorted((f.rule, f.line) for f in findings if f.severity == "error")
    # 032 (host federation) empty; 132 (round dates) empty; player 284 'spielfrei' ("bye" in
    # German) is a dummy player for the bye, with no birth date
    assert errors == [("TRF801", 3), ("TRF801", 13), ("TRF804", 297)]
    tolerated = [f for f in findings if f.rule in ("TRF202", "TRF303", "TRF309", "TRF406")]
    assert tolerated and all(f.severity == "info" for f in tolerated)
    assert len(tolerated) <= 6  # one per file and form
    assert not [f for f in findings if f.rule == "TRF805" and f.severity != "info"]


def test_a_folder_of_submissions_checked_in_one_run(cli, tmp_path):
    """A rating officer's folder: the real files, their notes (README.txt, SOURCES.md) beside
    them, checked in one run by two workers.  Each tournament gets the findings it gets alone
    (nothing carries over from one file to the next), the README is listed as skipped, and a
    Markdown file is not a candidate at all."""
    import shutil

    for path in FILES:
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "README.txt").write_text("Files submitted for the April list.\n", encoding="utf-8")
    (tmp_path / "SOURCES.md").write_text("# Where the files come from\n", encoding="utf-8")
    code, out, _ = cli("check", tmp_path, "--format", "json", "--jobs", "2")
    doc = json.loads(out)
    status = {Path(f["path"]).name: f["status"] for f in doc["files"]}
    assert sorted(status) == sorted([p.name for p in FILES] + ["README.txt"])
    assert status["README.txt"] == "skipped" and doc["summary"]["skipped"] == 1
    for entry in doc["files"]:
        if entry["status"] == "skipped":
            continue
        _, alone, _ = cli("check", entry["path"], "--format", "json")
        (one,) = json.loads(alone)["files"]
        assert (one["status"], one["findings"]) == (entry["status"], entry["findings"]), entry["path"]
    assert not any(f.get("error") for f in doc["files"])
    # exit 1 exactly when some file has an error finding (the default --fail-on error)
    has_error = any(x["severity"] == "error" for f in doc["files"] for x in f["findings"])
    assert code == (1 if has_error else 0) == doc["summary"]["exit_code"]
