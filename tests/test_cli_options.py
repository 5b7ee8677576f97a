"""The command line's rough edges: options checked strictly (exit 2, one line, a suggestion),
choices without regard to case, unknown commands named, a forced encoding held to, the same
exit code for the same unreadable input in every command, DE blank when untied, and explain
giving the value the report shows."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli

SWISS = "samples/swiss-trf26.trf"
RR = "samples/correspondence-1975.trf"


run = run_cli


@pytest.mark.parametrize("argv, message", [
    ([SWISS, "--players", "missing.csv", "--ratings", "fide"], "missing.csv: no such file"),
    ([SWISS, "--players", "missing.csv"], "give --ratings fide or --ratings dwz too"),
    ([SWISS, "--primary", "GP"], "it needs --teams"),
    ([SWISS, "--after-round", "99"], "--after-round 99: the event has 7 round(s)"),
    ([SWISS, "-t", "BH,BH"], "tie-break BH is listed twice"),
    ([SWISS, "-t", ""], "--tiebreaks is empty"),
    ([SWISS, "--format", "pdf"], "--format: 'pdf' is not one of text, json, markdown, csv, html"),
    ([SWISS, "--format", "htm"], "did you mean html?"),
    (["chek", SWISS], "unknown command 'chek' (did you mean check?)"),
    (["explain", SWISS, "-p", "1", "-t", "SB", "--after-round", "8"], "the event has 7 round(s)"),
])
def test_usage_errors_are_one_line_exit_2(capsys, root, argv, message):
    argv = [str(root / a) if a in (SWISS, RR) else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1, err


@pytest.mark.parametrize("value", ["JSON", "Json", "json"])
def test_choices_ignore_case(capsys, root, value):
    code, out, _ = run(capsys, root / SWISS, "--format", value)
    assert code == 0 and json.loads(out)["tiebreaks"]


def test_forced_encoding_is_held_to(capsys, tmp_path, root):
    latin = tmp_path / "latin1.trf"
    latin.write_bytes((root / SWISS).read_bytes().replace(b"Nowhere", "Nöwhere".encode("latin-1")))
    for command in ("report", "check"):
        code, out, err = run(capsys, command, latin, "--encoding", "utf-8")
        assert code == 2 and "not valid utf-8 at byte" in out + err, (command, out, err)
    code, out, _ = run(capsys, "report", latin, "--encoding", "latin-1")
    assert code == 0 and "Nöwhere" in out


@pytest.mark.parametrize("data", [b"", b"  \n\n", b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256))])
def test_unreadable_input_exits_2_from_every_command(capsys, tmp_path, data):
    path = tmp_path / "bad.trf"
    path.write_bytes(data)
    codes = {command: run(capsys, *argv)[0] for command, argv in {
        "report": ("report", path), "check": ("check", path), "convert": ("convert", path, "--to", "json"),
        "explain": ("explain", path, "-p", "1", "-t", "SB")}.items()}
    assert set(codes.values()) == {2}, codes


def test_de_is_blank_when_not_tied(capsys, root):
    code, out, _ = run(capsys, root / RR, "-t", "SB,DE", "--format", "json")
    rows = json.loads(out)["standings"]
    points = [r["points"] for r in rows]
    for i, row in enumerate(rows):
        tied = points.count(row["points"]) > 1 and row["tiebreaks"]["SB"] in [
            r["tiebreaks"]["SB"] for j, r in enumerate(rows) if j != i and r["points"] == row["points"]]
        assert (row["tiebreaks"]["DE"] is None) == (not tied), row


@pytest.mark.parametrize("listed", [None, "SB,DE", "DE,SB"])
def test_explain_gives_the_value_the_report_shows(capsys, root, listed):
    extra = ["--tiebreaks", listed] if listed else []
    code, out, _ = run(capsys, root / RR, *(["-t", listed] if listed else []), "--format", "json")
    report = {r["start_rank"]: r["tiebreaks"] for r in json.loads(out)["standings"]}
    assert "DE" in next(iter(report.values()))
    for sno, values in report.items():
        code, out, _ = run(capsys, "explain", root / RR, "-p", sno, "-t", "DE", *extra, "--format", "json")
        assert code == 0 and json.loads(out)["value"] == values["DE"], (sno, listed)


def test_csv_starts_with_a_bom_unless_told(capsys, tmp_path, root):
    out = tmp_path / "s.csv"
    assert run(capsys, root / SWISS, "--format", "csv", "-o", out)[0] == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\xef\xbb\xbf") == 1
    assert data.decode("utf-8-sig").startswith("rank,")
    assert run(capsys, root / SWISS, "--format", "csv", "--no-bom", "-o", out)[0] == 0
    assert out.read_bytes().startswith(b"rank,")


def test_titles_read_the_same_from_every_dialect(capsys, tmp_path, root):
    """TRF16 writes title letters (g, m, wf), TRF26 the titles; reports show the titles."""
    lines = (root / SWISS).read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(i for i, x in enumerate(lines) if x.startswith("001"))
    letters = {0: "  g", 1: " wf", 2: "  m"}
    for k, code in letters.items():  # the title field is columns 11-13 of a 001 line
        line = lines[first + k]
        lines[first + k] = line[:10] + code + line[13:]
    path = tmp_path / "titles.trf"
    path.write_text("".join(lines), encoding="utf-8")
    for fmt in ("text", "markdown", "csv", "html"):
        code, out, _ = run(capsys, path, "--format", fmt, "--no-color")
        assert code == 0 and all(t in out for t in ("GM", "WFM", "IM")), fmt


def test_decimal_points_line_up(capsys, root):
    code, out, _ = run(capsys, root / RR, "-t", "SB", "--no-color")
    body = out.split("\n---")[1].splitlines()[1:]
    rows = [line for line in body if line[:3].strip().split("-")[0].isdigit()]
    sb = [line.rstrip() for line in rows]
    dots = {line.rindex(".") for line in sb if "." in line.split()[-1]}
    whole = {len(line) for line in sb if "." not in line.split()[-1]}
    assert len(dots) == 1 and whole <= dots, out  # 104 ends where 100.5 has its point


def test_only_tournaments_skips_what_is_no_tournament_file(capsys, tmp_path, root):
    """The pre-commit hook is offered every text file: a notes.txt must not fail the commit."""
    (tmp_path / "notes.txt").write_text("remember: round 3 starts at 15:00\n", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"name": "x", "version": "1.0.0"}', encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256)))
    others = sorted(str(p) for p in tmp_path.iterdir())
    code, out, _ = run(capsys, "check", *others, "--only-tournaments", "--format", "json")
    assert code == 0 and json.loads(out)["files"] == []
    assert run(capsys, "check", *others)[0] == 2  # without the option each is a problem
    broken = tmp_path / "broken.trf"  # a TRF is always checked, however broken
    broken.write_text("012 Open\n001    1 m    Test, A\n001    1 m    Test, B\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", broken, *others, "--only-tournaments", "--format", "json")
    assert code == 1 and [f["path"] for f in json.loads(out)["files"]] == [str(broken)]


def test_pre_commit_hook_decides_by_content(root):
    hook = (root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "--only-tournaments" in hook and "files:" not in hook.split("exclude_types")[0].split("entry")[1]


def test_a_folder_of_trf_files_says_what_to_do(capsys, root):
    code, out, err = run(capsys, root / "samples")
    assert code == 2 and "holds none" in err and "swiss-trf26.trf" in err and "trfscore check" in err


def test_file_level_findings_point_somewhere(capsys, tmp_path, root):
    """A missing header record was a finding with no line and column (nothing to annotate)."""
    text = (root / SWISS).read_text(encoding="utf-8")
    path = tmp_path / "nocity.trf"
    path.write_text("".join(x for x in text.splitlines(keepends=True) if not x.startswith("022")), encoding="utf-8")
    code, out, _ = run(capsys, "check", path, "--profile", "fide", "--format", "json")
    found = [f for f in json.loads(out)["files"][0]["findings"] if f["rule"] == "TRF801"]
    assert found and all(f["line"] == 1 and f["column"] == 1 for f in found)



MATCH_PGN = "".join(
    f'[Event "Test Match"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{result}\n\n'
    for rnd, white, black, result in (("1.1", "Ann", "Bob", "1-0"), ("1.2", "Bob", "Ann", "*")))


@pytest.mark.parametrize("options, summary, points", [
    ([], "standings after round 1 of 2; round 2 paired", {"Ann": 1, "Bob": 0}),
    (["--round-mode", "round"], "1 round", {"Ann": 1, "Bob": 0}),
    (["--unfinished", "draw"], "2 rounds", {"Ann": 1.5, "Bob": 0.5})])
def test_a_folder_of_pgn_files_is_read_with_the_input_options(capsys, tmp_path, options, summary, points):
    """A folder's PGN files are read with the input options handed on (loading.load_folder): a
    match's games 1.1 and 1.2 are two rounds unless --round-mode round (then the second game
    of round 1 is left out, PGN108), the game not finished (*) is pending unless --unfinished
    scores it (a draw here)."""
    (tmp_path / "match.pgn").write_text(MATCH_PGN, encoding="utf-8")
    _, out, _ = run_cli(capsys, "report", tmp_path, "--format", "json", *options)
    doc = json.loads(out)
    assert doc["event"]["summary"] == summary
    assert {row["name"]: row["points"] for row in doc["standings"]} == points


@pytest.mark.parametrize("teams", [[], ["--teams"]])
def test_after_round_below_one_is_a_usage_error(capsys, root, teams):
    """One check of --after-round for the standings of players and of teams (standing_options)."""
    code, out, err = run(capsys, str(root / "tests" / "data" / "tv10-team-swiss.trf"), "--after-round", "0", *teams)
    assert code == 2 and out == "" and "--after-round must be 1 or more" in err
