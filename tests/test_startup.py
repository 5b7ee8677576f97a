"""Start-up stays small: ``trfscore --version`` and ``import trfscore`` load no more of the
package than they need (what is imported is checked, never how long it takes)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


def printed_by(code: str) -> set[str]:
    """The words of the last line ``code`` prints in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": SRC},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.strip().splitlines()[-1].split())


def loaded_after(code: str, prefixes: tuple[str, ...] = ("trfscore",)) -> set[str]:
    """The modules named ``prefixes...`` (trfscore's) loaded after running ``code`` in a fresh
    interpreter."""
    return printed_by(code + f"\nimport sys\nprint(' '.join(m for m in sys.modules if m.startswith({prefixes!r})))")


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


def test_a_report_of_a_trf_reads_it_by_the_grammar_and_imports_no_other_format():
    """A TRF is split into records by lark's parser of grammars/trf.lark; the rating-list and
    PGN machinery wait for the options and inputs that need them."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    modules = loaded_after(f"import trfscore.cli as c\nc.main(['report', {str(sample)!r}])", ("lark", "trfscore"))
    assert {"trfscore.formats.trf.reader", "trfscore.report.text", "lark"} <= set(modules)
    assert not [m for m in modules if m.startswith(("trfscore.formats.pgn", "trfscore.ratinglist.index",
                                                    "trfscore.ratinglist.readers", "trfscore.ratings", "trfscore.teams.build"))]


#: The dataclasses a small report may make at start-up: the public model (with its subclass the
#: readers build, trfscore.tournament.Tournament, which makes no dataclass of its own), the findings
#: and the standings (each costs ~1 ms to make; descriptions are NamedTuples or plain classes).
PUBLIC_DATACLASSES = {"trfscore.findings.Finding", "trfscore.findings.LeftOut",
                      "trfscore.model.Scoring", "trfscore.model.Player",
                      "trfscore.model.Team", "trfscore.model.Record", "trfscore.model.Source", "trfscore.model.Header",
                      "trfscore.model.Tournament", "trfscore.tournament.Tournament", "trfscore.standings.StandingRow",
                      "trfscore.standings.Standings"}


def test_a_small_text_report_makes_only_the_public_dataclasses_and_no_explanation():
    """A text report of a regular TRF (the typical event) builds no explanation and no HTML, and
    makes no dataclass beyond the public ones."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    code = (f"import dataclasses, sys, trfscore.cli as c\nc.main(['report', {str(sample)!r}])\n"
            "made = {f'{m}.{k}' for m, module in list(sys.modules.items()) if m.startswith('trfscore')\n"
            "        for k, v in vars(module).items() if isinstance(v, type) and dataclasses.is_dataclass(v)\n"
            "        and v.__module__ == m}\n"
            "print(' '.join([*made, *(m for m in sys.modules if m in ('html', 'trfscore.tiebreaks.explain'))]))")
    made = printed_by(code)
    assert "trfscore.tiebreaks.explain" not in made and "html" not in made
    assert made <= PUBLIC_DATACLASSES, sorted(made - PUBLIC_DATACLASSES)


def test_the_command_line_freezes_what_is_left_before_the_shutdown():
    """``cli.run`` ends with ``gc.freeze()``: the objects made at start-up, which live until the
    process ends, are not walked again by the interpreter's final collections (docs/performance.md).
    Exit handlers still run, after the freeze."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count()))\n"
            f"sys.argv = ['trfscore', 'report', {str(sample)!r}]\n"
            "import trfscore.cli as c\nc.run()")
    words = printed_by(code)
    assert "frozen" in words and int(max(words - {"frozen"})) > 1000
