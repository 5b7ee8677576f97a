"""The command line: report, convert, schema, exit codes, and no traceback for any input."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import LOCAL_CORPUS, ROOT, SAMPLES, SHARED_CORPUS, corpus_params, run_cli
from trfscore.formats import registry
from trfscore.formats.json_schema import validate
from trfscore.testing.generate import swiss, to_trf

run = run_cli


@pytest.fixture()
def swiss_file(tmp_path):
    path = tmp_path / "swiss.trf"
    path.write_text(to_trf(swiss(30, 5, seed=2, forfeits=0.05, byes=0.05)))
    return path


def test_convert_to_json_and_back_via_files(tmp_path, capsys, swiss_file):
    out_json = tmp_path / "out.json"
    assert run(capsys, "convert", str(swiss_file), "--to", "json", "-o", str(out_json))[0] == 0
    assert validate(json.loads(out_json.read_text())) == []
    out_trf = tmp_path / "back.trf"
    assert run(capsys, "convert", str(out_json), "--to", "trf", "-o", str(out_trf))[0] == 0
    assert out_trf.read_bytes() == swiss_file.read_bytes()


def test_convert_writes_stdout_by_default(capsys, swiss_file):
    code, out, _ = run(capsys, "convert", str(swiss_file), "--to", "json")
    assert code == 0 and json.loads(out)["rounds"] == 5


def test_schema_command_prints_the_packaged_schema(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0 and schema["$schema"].endswith("2020-12/schema") and "tournamentDocument" in schema["$defs"]


def test_report_json_shape_and_schema(capsys, swiss_file):
    code, out, _ = run(capsys, str(swiss_file), "--format", "json", "--tiebreaks", "BH-C1,BH,SB,PS")
    doc = json.loads(out)
    assert code == 0 and validate(doc) == [] and validate(doc, "reportDocument") == []
    assert doc["tiebreaks"] == ["BH-C1", "BH", "SB", "PS"] and len(doc["standings"]) == 30
    row = doc["standings"][0]
    assert set(row) >= {"rank", "start_rank", "name", "rating", "points", "tiebreaks"}
    assert set(row["tiebreaks"]) == {"BH-C1", "BH", "SB", "PS"}
    points = [r["points"] for r in doc["standings"]]
    assert points == sorted(points, reverse=True)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_plain_trfscore_file_prints_standings(capsys, sample):
    code, out, _ = run(capsys, str(sample))
    assert code == 0
    assert "Rk" in out and "Pts" in out


def test_report_on_correspondence_sample_shows_neustadtl(capsys):
    code, out, _ = run(capsys, str(ROOT / "samples" / "correspondence-1975.trf"), "--format", "json")
    doc = json.loads(out)
    assert doc["system"] == "round-robin" and doc["tiebreaks"][0] == "SB"
    by_name = {r["name"]: r for r in doc["standings"]}
    # Neustadtl values printed in the Wikipedia "Sonneborn-Berger score" crosstable: Sloth 69.5,
    # Zagorovsky 66.75, Nun 7.75.
    assert by_name["Sloth"]["tiebreaks"]["SB"] == 69.5
    assert by_name["Zagorovsky"]["tiebreaks"]["SB"] == 66.75
    assert by_name["Nun"]["tiebreaks"]["SB"] == 7.75
    assert [r["name"] for r in doc["standings"][:2]] == ["Sloth", "Zagorovsky"]


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02binary\xff" * 50, b"just some words\n",
                                     b"[Event \"x\"]\n", b"{not json", b"012 Only A Header\n",
                                     b"001" + b"9" * 100_000 + b"\n"])
def test_bad_inputs_never_trace_back(tmp_path, capsys, content):
    path = tmp_path / "bad.trf"
    path.write_bytes(content)
    for argv in ([str(path)], ["convert", str(path), "--to", "json"], ["report", str(path), "--format", "json"]):
        code, _, err = run(capsys, *argv)
        assert code in (0, 1, 2)
        assert "Traceback" not in err and "internal error" not in err


def test_usage_errors_exit_2(capsys, swiss_file):
    assert run(capsys, "missing-file.trf")[0] == 2
    assert run(capsys, str(swiss_file), "--tiebreaks", "NOPE")[0] == 2
    assert run(capsys, "convert", str(swiss_file))[0] == 2
    assert run(capsys, str(swiss_file), "--format", "yaml")[0] == 2


def test_console_script_runs_as_a_process(swiss_file):
    proc = subprocess.run([sys.executable, "-m", "trfscore.cli", str(swiss_file), "--no-color"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "Rk" in proc.stdout and proc.stderr == ""


def run_module(*argv):
    return subprocess.run([sys.executable, "-m", "trfscore", *map(str, argv)], capture_output=True, timeout=120)


def test_the_command_writes_everything_and_keeps_its_exit_code(tmp_path):
    """The entry point flushes its output, a pipe's worth and more, and the exit code survives."""
    big = tmp_path / "big.trf"
    big.write_text(to_trf(swiss(800, 7, seed=4, forfeits=0.02, byes=0.02)))
    proc = run_module(big, "--format", "json")
    assert proc.returncode == 0 and len(proc.stdout) > 200_000  # a pipe holds 64 KiB
    assert len(json.loads(proc.stdout)["standings"]) == 800
    out = tmp_path / "out.csv"
    proc = run_module("report", big, "--format", "csv", "-o", out)
    assert proc.returncode == 0 and out.read_text(encoding="utf-8").count("\n") >= 801
    proc = run_module("report", tmp_path / "missing.trf")
    assert proc.returncode == 2 and b"missing.trf" in proc.stderr and b"Traceback" not in proc.stderr
    proc = run_module("check", big, "--fail-on", "info")
    assert proc.returncode in (0, 1) and proc.stdout


def test_one_subcommand_parser_is_built_per_run(capsys):
    from trfscore.cli import build_parser

    only = build_parser("schema")
    assert only.parse_args(["schema"]).command == "schema"
    with pytest.raises(SystemExit):
        only.parse_args(["report", "x.trf"])  # not set up: a usage error, not a crash
    capsys.readouterr()
    code, out, _ = run(capsys, "--help")
    assert code == 0 and all(name in out for name in ("report", "check", "convert", "explain", "schema"))


@pytest.mark.parametrize("path", corpus_params(LOCAL_CORPUS + SHARED_CORPUS))
def test_every_corpus_file_reports_one_row_per_player_record(capsys, path):
    code, out, err = run(capsys, "report", str(path), "--format", "json")
    doc = json.loads(out)
    records = sum(1 for line in path.read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
                  if line.startswith(b"001 "))
    assert code == 0 and len(doc["standings"]) == records
    assert validate(doc, "reportDocument") == []
    assert sorted(r["start_rank"] for r in doc["standings"]) == sorted({r["start_rank"] for r in doc["standings"]})


@pytest.mark.parametrize("code", ["SB", "BH-C1", "PS", "DE", "ARO", "KS"])
def test_explain_json_validates_and_matches_the_report(capsys, code):
    sample = str(ROOT / "samples" / "swiss-trf26.trf")
    _, out, _ = run(capsys, sample, "--format", "json", "--tiebreaks", code)
    value = {r["start_rank"]: r["tiebreaks"][code] for r in json.loads(out)["standings"]}
    for player in (1, 6, 14):
        rc, out, _ = run(capsys, "explain", sample, "--player", str(player), "--tiebreak", code,
                         "--tiebreaks", code, "--format", "json")  # the report's list
        doc = json.loads(out)
        assert rc == 0 and validate(doc, "explanationDocument") == [] and validate(doc) == []
        assert doc["value"] == value[player]


def test_explain_text_for_sloth_is_the_published_line(capsys):
    # The Wikipedia "Sonneborn-Berger score" article prints: 0.5*11 + 0.5*10.5 + 1.0*8.5 + ... + 1.0*1.0 = 69.5
    rc, out, _ = run(capsys, "explain", str(ROOT / "samples" / "correspondence-1975.trf"), "-p", "1", "-t", "SB")
    assert rc == 0 and out.splitlines()[0].endswith("= 69.5")
    assert out.splitlines()[0].startswith("0.5*11")


@pytest.mark.parametrize("fmt", registry.names(writable=True))
def test_convert_to_every_format_reads_back(tmp_path, capsys, swiss_file, fmt):
    out = tmp_path / f"out.{fmt}"
    assert run(capsys, "convert", str(swiss_file), "--to", fmt, "-o", str(out))[0] == 0
    data = out.read_bytes()
    assert data
    if fmt == "csv":
        import csv
        rows = list(csv.DictReader(data.decode().splitlines()))
        assert len(rows) == 30 and {"points", "start_rank"} <= set(rows[0])
        return
    import trfscore
    original = trfscore.load(swiss_file)
    back = trfscore.loads(data)
    assert not [f for f in back.findings if f.severity == "error"], back.findings[:3]
    want = {p.name: [(g.kind, g.colour) for g in p.games] for p in original.players}
    got = {p.name: [(g.kind, g.colour) for g in p.games] for p in back.players}
    for name, games in got.items():
        if fmt == "markdown" or fmt == "crosstable":
            assert [k for k, _ in games] == [k for k, _ in want[name]], (fmt, name)
        else:
            assert games == want[name], (fmt, name)


def test_ratings_in_reports(tmp_path, capsys, swiss_file):
    rc, out, _ = run(capsys, str(swiss_file), "--ratings", "fide", "--format", "json")
    doc = json.loads(out)
    assert rc == 0 and validate(doc, "reportDocument") == [] and doc["ratings"] == "fide"
    rated = [r for r in doc["standings"] if r["rating_change"] and r["rating_change"]["rn"] is not None]
    assert rated and all(r["rating_change"]["ro"] == r["rating"] for r in rated)
    assert all(r["rating_change"]["rn"] - r["rating_change"]["ro"] == r["rating_change"]["change"] for r in rated)
    players = tmp_path / "players.csv"
    players.write_text("start_rank,dwz,index,birth_year\n1,1800,5,1990\n2,1700,12,2010\n")
    rc, out, err = run(capsys, str(swiss_file), "--ratings", "dwz", "--players", str(players), "--format", "json")
    doc = json.loads(out)
    by_sno = {r["start_rank"]: r["rating_change"] for r in doc["standings"]}
    assert rc == 0 and by_sno[1]["ro"] == 1800 and by_sno[2]["ro"] == 1700
    rc, out, _ = run(capsys, str(swiss_file), "--ratings", "dwz", "--players", str(players), "--no-color")
    assert rc == 0 and "Rn" in out


@pytest.mark.parametrize("argv", [["report", "--format", "json"], ["check", "--fail-on", "info"]])
def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path, argv):
    """``trfscore ... | head -1``: the pipe closes while the command still writes; the command
    ends with exit 0 and says nothing (no "Exception ignored" at the interpreter's shutdown)."""
    big = tmp_path / "big.trf"
    big.write_text(to_trf(swiss(800, 7, seed=4, forfeits=0.02, byes=0.02)))
    proc = subprocess.Popen([sys.executable, "-m", "trfscore", argv[0], str(big), *argv[1:]],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10)  # a few bytes, then the reader goes away
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) in (0, 1) and err == b"", err[-2000:]
