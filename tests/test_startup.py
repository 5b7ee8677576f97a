"""Start-up stays small: ``trfscore --version`` and ``import trfscore`` load no more of the
package than they need (what is imported is checked, never how long it takes)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


def loaded_after(code: str) -> set[str]:
    """The trfscore modules loaded after running ``code`` in a fresh interpreter."""
    probe = code + "\nimport sys\nprint(' '.join(m for m in sys.modules if m.startswith('trfscore')))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env={"PYTHONPATH": SRC},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.strip().splitlines()[-1].split())


def test_version_builds_no_subcommand():
    modules = loaded_after("import trfscore.cli as c\nassert c.main(['--version']) == 0")
    assert "trfscore.cli" in modules and "trfscore.model" not in modules
    assert not [m for m in modules if m.startswith(("trfscore.commands", "trfscore.formats", "trfscore.tiebreaks"))]


def test_import_trfscore_loads_names_on_first_use():
    assert loaded_after("import trfscore") == {"trfscore", "trfscore.lazy"}  # lazy.py: the first-use importer
    modules = loaded_after("import trfscore\ntrfscore.Tournament\ntrfscore.load")
    assert {"trfscore.model", "trfscore.loading"} <= modules and "trfscore.standings" not in modules


def test_every_public_name_resolves():
    import trfscore

    for name in trfscore.__all__:
        assert getattr(trfscore, name) is not None
    assert set(trfscore.__all__) <= set(dir(trfscore))


def test_a_report_of_a_regular_trf_imports_no_lark_and_no_other_format():
    """A regular TRF is split without lark (formats/trf/splitter.py); the rating-list and PGN
    machinery wait for the options and inputs that need them."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    code = (f"import sys, trfscore.cli as c\nc.main(['report', {str(sample)!r}])\n"
            "print(' '.join(m for m in sys.modules if m.startswith(('lark', 'trfscore'))))")
    modules = loaded_after(code)
    assert "trfscore.formats.trf.reader" in modules and "trfscore.report.text" in modules
    assert not [m for m in modules if m.startswith(("lark", "trfscore.formats.pgn", "trfscore.ratinglist.index",
                                                    "trfscore.ratinglist.readers", "trfscore.ratings", "trfscore.teams.build"))]
