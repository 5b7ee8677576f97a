"""A rating officer's batch day (issue #25): a folder holds tournaments and other files."""
from __future__ import annotations

import json

from checkhelp import cli, trf  # noqa: F401  (cli is a fixture)


def folder(tmp_path):
    (tmp_path / "open.trf").write_text(trf(), encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "rapid.txt").write_text(trf(opts={1: {"points": "2.5"}}), encoding="utf-8")  # TRF510
    (tmp_path / "README.txt").write_text("Files submitted for the April list.\n", encoding="utf-8")
    (tmp_path / "settings.json").write_text('{"theme": "dark", "columns": [1, 2]}', encoding="utf-8")
    (tmp_path / "notes.txt").write_bytes(b"")
    return tmp_path


def test_folder_checks_tournaments_and_lists_the_rest_as_skipped(cli, tmp_path):
    code, out, _ = cli("check", folder(tmp_path), "--no-progress")
    lines = out.splitlines()
    for name in ("README.txt", "settings.json", "notes.txt"):
        assert f"{tmp_path.as_posix()}/{name}: skipped (not a tournament file)" in lines
    assert f"{tmp_path.as_posix()}/open.trf: passed" in lines
    assert any(line.startswith(f"{tmp_path.as_posix()}/sub/rapid.txt: failed (1 error") for line in lines)
    assert "3 skipped" in out
    assert code == 1  # the TRF510 in rapid.txt, not the README


def test_folder_without_a_bad_tournament_passes(cli, tmp_path):
    folder(tmp_path)
    (tmp_path / "sub" / "rapid.txt").unlink()
    code, out, _ = cli("check", tmp_path, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["summary"]["exit_code"] == 0 and doc["summary"]["skipped"] == 3
    assert sorted(f["status"] for f in doc["files"]) == ["passed", "skipped", "skipped", "skipped"]


def test_a_file_named_explicitly_is_always_checked(cli, tmp_path):
    folder(tmp_path)
    code, out, _ = cli("check", tmp_path / "README.txt")
    assert code == 2 and "skipped" not in out  # named, not found: a non-tournament is reported


def test_concise_and_statistics_from_the_command_line(cli, tmp_path):
    folder(tmp_path)
    code, out, _ = cli("check", tmp_path, "--format", "concise")
    assert code == 1
    assert out.splitlines() == [f"{tmp_path.as_posix()}/sub/rapid.txt:7:81: TRF510 error "
                                + out.splitlines()[0].split(" TRF510 error ", 1)[1]]
    code, out, _ = cli("check", tmp_path, "--statistics")
    assert "1  TRF510  error    " in out


def test_a_folder_checked_in_worker_processes_skips_the_same_files(cli, tmp_path):
    folder(tmp_path)
    _, one, _ = cli("check", tmp_path, "--format", "json")
    _, two, _ = cli("check", tmp_path, "--format", "json", "--jobs", "2")
    assert [(f["path"], f["status"]) for f in json.loads(one)["files"]] == \
        [(f["path"], f["status"]) for f in json.loads(two)["files"]]
