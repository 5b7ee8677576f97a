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


def test_binary_files_in_a_folder_are_skipped_whatever_their_name_or_start(cli, tmp_path):
    """Binary content found in a folder is listed as skipped, also when its start would sniff as
    JSON or TRF and when the format is given; named alone, it is the TRF reader's TRF100."""
    folder(tmp_path)
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
    (tmp_path / "logo.trf").write_bytes(png)
    (tmp_path / "dump.json").write_bytes(b'{"players": [' + bytes(range(32)) * 40)
    (tmp_path / "sub" / "cut.txt").write_bytes(b"012 Open\n" + b"\x00" * 100)
    for given in ((), ("--from", "trf")):
        code, out, _ = cli("check", tmp_path, "--format", "json", *given)
        status = {f["path"].rsplit("/", 1)[1]: f["status"] for f in json.loads(out)["files"]}
        assert status["logo.trf"] == status["dump.json"] == status["cut.txt"] == "skipped", given
    code, out, _ = cli("check", tmp_path / "dump.json", "--no-progress")
    assert code == 2 and "TRF100" in out
