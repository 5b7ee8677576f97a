"""Start-up stays small: ``trfscore --version`` and ``import trfscore`` load no more of the
package than they need (what is imported is checked, never how long it takes)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


def test_a_json_report_with_the_usual_tiebreaks_builds_no_explanation():
    """The tie-break modules import the explanation classes only to explain a value (the HTML
    report and ``explain``): a JSON report with BH-C1, BH, SB and PS makes none of them."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    modules = loaded_after(f"import trfscore.cli as c\nc.main(['report', {str(sample)!r}, '--format', 'json', "
                           "'-o', __import__('os').devnull, '--tiebreaks', 'BH-C1,BH,SB,PS,WIN,KS,ARO,CUM'])")
    assert {"trfscore.tiebreaks.progressive", "trfscore.tiebreaks.counts", "trfscore.tiebreaks.koya",
            "trfscore.tiebreaks.rating_based", "trfscore.tiebreaks.us_chess", "trfscore.report.json_report"} <= modules
    assert "trfscore.tiebreaks.explain" not in modules


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


#: What checking a TRF does not need: the other formats' readers, the pairing checker's adapter
#: (``--pairings`` only), the team builder, title norms, ratings, rating-list indexes, the reports,
#: and for a file without extension records (240, 250, XXA ...) their classes.
NOT_FOR_A_TRF_CHECK = ("trfscore.formats.pgn", "trfscore.formats.crosstable", "trfscore.formats.json_read",
                       "trfscore.formats.json_bulk", "trfscore.pairings", "trfscore.teams.build", "trfscore.norms",
                       "trfscore.ratings", "trfscore.ratinglist.index", "trfscore.report.html", "trfscore.tiebreaks",
                       "trfscore.records")


def test_a_check_of_a_trf_with_findings_imports_no_other_format_and_no_pairing_checker(tmp_path):
    """``check`` of a TRF whose points disagree with its results (a finding, so the summary names
    its rule) loads the TRF reader and the check rules, nothing of :data:`NOT_FOR_A_TRF_CHECK`:
    the summary finds a rule in the catalogue its reader and rules filled, the ``TRF9xx`` rules
    import the pairing package only when asked to judge the pairings, and the rules import the
    record classes only for a file that has typed records."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    text = sample.read_text(encoding="utf-8").replace(" 7.0    1  ", " 6.0    1  ", 1)
    assert text != sample.read_text(encoding="utf-8")
    path = tmp_path / "points.trf"
    path.write_text(text, encoding="utf-8")
    code = (f"import sys, trfscore.cli as c\nassert c.main(['check', {str(path)!r}, '--no-progress']) == 1")
    modules = loaded_after(code)
    assert {"trfscore.formats.trf.reader", "trfscore.checks.rules.verified_pairings"} <= modules
    assert not [m for m in modules if m.startswith(NOT_FOR_A_TRF_CHECK)], sorted(modules)


def test_writing_a_trf_from_json_imports_no_lark(tmp_path):
    """``convert doc.json --to trf`` of a document read from a TRF (its lines kept) reads its
    player lines back with the TRF reader's decoder, without lark or the modules only lark's
    parser needs (``hashlib``, ``pickle``: imported where the shipped parser is loaded), and
    without the record classes when the document holds no record."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    doc, out = tmp_path / "event.json", tmp_path / "event.trf"
    assert printed_by(f"import trfscore.cli as c\nprint(c.main(['convert', {str(sample)!r}, '--to', 'json', "
                      f"'-o', {str(doc)!r}]))") == {"0"}
    modules = loaded_after(f"import trfscore.cli as c\nassert c.main(['convert', {str(doc)!r}, '--to', 'trf', "
                           f"'-o', {str(out)!r}]) == 0", ("lark", "hashlib", "pickle", "trfscore.formats.trf", "trfscore.records"))
    assert out.read_bytes() == sample.read_bytes()
    assert {"trfscore.formats.trf.writer", "trfscore.formats.trf.bulk"} <= modules
    assert not {"lark", "hashlib", "pickle", "trfscore.records"} & modules, sorted(modules)


def test_a_check_cleans_no_rule_documentation_at_start_up(tmp_path):
    """The rules' documentation is cleaned (``inspect.cleandoc``) when a listing or SARIF reads
    it, not as ~150 rules are declared (~3.8 M instructions of every ``check``): a text check of a
    file calls ``cleandoc`` not once, ``--list-rules`` still gives the cleaned texts."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    code = ("import inspect, io, contextlib\ncalls = []\nclean = inspect.cleandoc\n"
            "inspect.cleandoc = lambda text: calls.append(text) or clean(text)\n"
            "import trfscore.cli as c\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    c.main(['check', {str(sample)!r}, '--no-progress'])\n"
            "print(len(calls))")
    assert printed_by(code) == {"0"}
    from trfscore.checks.registry import all_rules

    documented = all_rules()["TRF001"]
    assert documented.doc.startswith("At most 500 findings") and "\n    " not in documented.doc
    assert documented.written.startswith("\n    At most")


#: The regular expressions a ``check`` or JSON report of a regular TRF may compile at import:
#: each is used by every such run (the sniffer, the 042 date, the birth field, the blank line,
#: the round dates; the report's tie-break codes and column modifiers, its Markdown escapes).
#: A pattern only an irregular file, a file with records or a profile needs is written as text
#: and compiled by ``re`` on first use (~0.4 M instructions each at start-up; docs/performance.md).
PATTERNS_AT_START_UP = {"trfscore.formats.sniff._TRF", "trfscore.formats.dates._STANDARD",
                        "trfscore.formats.trf.player.BIRTH_FORMS", "trfscore.formats.trf.bulk.BIRTH_FORMS",
                        "trfscore.formats.trf.reader._BLANK", "trfscore.checks.rules.rounds._UNMISTAKABLE",
                        "trfscore.tiebreaks.registry._BASE_RE", "trfscore.tiebreaks.registry._PT_RE",
                        "trfscore.tiebreaks.registry._MOD_RE", "trfscore.formats.markdown_text._SPECIAL",
                        "trfscore.formats.markdown_text._ESCAPED", "trfscore.report.common._MODIFIER"}


#: A check and a JSON report of a regular TRF, as command-line arguments after the file.
REGULAR_RUNS = [["check", "--no-progress"], ["report", "--format", "json"]]


def module_level_after(command: list[str], test: str) -> set[str]:
    """``module.name`` of each value of trfscore's modules for which the expression ``test`` (of
    ``v``, ``m``: the value and its module's name) holds, after ``command`` ran on the sample in
    a fresh interpreter."""
    sample = Path(__file__).resolve().parents[1] / "samples" / "swiss-byes-forfeits.trf"
    args = [command[0], str(sample), *command[1:]]
    return printed_by("import io, re, sys, contextlib, trfscore.cli as c\n"
                      f"with contextlib.redirect_stdout(io.StringIO()):\n    c.main({args!r})\n"
                      "print(' '.join(f'{m}.{k}' for m, module in list(sys.modules.items())\n"
                      f"               if m.startswith('trfscore') for k, v in vars(module).items() if {test}))")


@pytest.mark.parametrize("command", REGULAR_RUNS)
def test_a_check_or_report_of_a_regular_trf_compiles_only_the_patterns_it_uses(command):
    compiled = module_level_after(command, "isinstance(v, re.Pattern)")
    assert "trfscore.formats.sniff._TRF" in compiled
    assert compiled <= PATTERNS_AT_START_UP, sorted(compiled - PATTERNS_AT_START_UP)


#: The NamedTuples a ``check`` or JSON report of a regular TRF may make (~0.66 M instructions
#: each at start-up): ones compared, unpacked, given defaults or replaced.  The tolerated forms,
#: the head fields' rules and the decoded text are plain classes (docs/performance.md).
NAMEDTUPLES_AT_START_UP = {
    "trfscore.checks.runner.Options", "trfscore.checks.runner.Target", "trfscore.event_reading.PendingRound",
    "trfscore.event_reading.EventReading", "trfscore.findings.Rule", "trfscore.formats.registry.Holds",
    "trfscore.formats.registry.Format", "trfscore.formats.trf.bulk._Heads", "trfscore.formats.trf.layout.Field",
    "trfscore.formats.trf.layout.Block", "trfscore.formats.trf.layout.Record", "trfscore.round_cells.Game",
    "trfscore.round_cells.PackedRow", "trfscore.report.ReportFormat", "trfscore.report.columns.ReportColumn",
    "trfscore.standings.RankColumns", "trfscore.tiebreaks.base.TieBreak", "trfscore.tiebreaks.editions.Edition",
    "trfscore.tiebreaks.registry.TieBreakDef"}


@pytest.mark.parametrize("command", REGULAR_RUNS)
def test_a_check_or_report_of_a_regular_trf_makes_only_the_listed_namedtuples(command):
    made = module_level_after(command, "isinstance(v, type) and issubclass(v, tuple) and hasattr(v, '_fields') "
                                       "and v.__module__ == m")
    assert "trfscore.findings.Rule" in made
    assert made <= NAMEDTUPLES_AT_START_UP, sorted(made - NAMEDTUPLES_AT_START_UP)


#: The start-up NamedTuples whose field types are text (their modules postpone annotations):
#: ``typing`` compiles each such type at import, ~57 K instructions a field.  ``findings`` and
#: the TRF layout evaluate their annotations, so ``Rule``, ``Field``, ``Block`` and ``Record``
#: (35 fields, in every command) are not among them.
NAMEDTUPLES_WITH_TEXT_TYPES = NAMEDTUPLES_AT_START_UP - {
    "trfscore.findings.Rule", "trfscore.formats.trf.layout.Field", "trfscore.formats.trf.layout.Block",
    "trfscore.formats.trf.layout.Record"}


@pytest.mark.parametrize("command", REGULAR_RUNS)
def test_the_rule_and_layout_namedtuples_compile_no_type_text(command):
    made = module_level_after(command, "isinstance(v, type) and issubclass(v, tuple) and hasattr(v, '_fields') "
                                       "and v.__module__ == m and any(type(a).__name__ == 'ForwardRef' "
                                       "for a in vars(v).get('__annotations__', {}).values())")
    assert "trfscore.event_reading.EventReading" in made  # (the test sees the ones that remain)
    assert made <= NAMEDTUPLES_WITH_TEXT_TYPES, sorted(made - NAMEDTUPLES_WITH_TEXT_TYPES)
