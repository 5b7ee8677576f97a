"""``trfscore norms``: the summary, one player's explanation, JSON and the certificate data."""
from __future__ import annotations

import json

from norm_builder import Opp, event
from test_examples import SWISS_A, SWISS_B

from trfscore.cli import main


def run(capsys, tmp_path, text, *argv):
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    code = main(["norms", str(path), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_summary_names_the_norms_and_the_assumptions(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, event(("FM", "IND", 2400, "m"), SWISS_A))
    assert code == 0
    assert "B.01 2024 edition: the one in force on the start date 2024-03-09" in out
    assert "norm (10)" in out and "norm (11)" in out


def test_player_explanation_gives_every_article(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, event(("FM", "ITA", 2380, "m"), SWISS_B, start="2024/05/04", host="ITA"),
                       "--player", "1", "--norm", "IM")
    assert code == 0
    for article in ("1.4.1a", "1.4.3", "1.4.4", "1.4.5a", "1.4.5c", "1.4.8a", "1.4.8b", "1.4.8"):
        assert f" {article} " in out
    assert "[NO] 1.4.3 " in out and "IM norm: NOT ACHIEVED" in out


def test_json_and_certificate(capsys, tmp_path):
    text = event(("FM", "IND", 2400, "m"), SWISS_A)
    code, out, _ = run(capsys, tmp_path, text, "--format", "json")
    doc = json.loads(out)
    norms = {n["norm"]: n for n in doc["players"][0]["norms"]}
    assert code == 0 and norms["GM"]["status"] == "achieved" and norms["GM"]["rp"] == 2699
    code, out, _ = run(capsys, tmp_path, text, "--certificate")
    certs = json.loads(out)
    assert [c["norm"] for c in certs] == ["GM", "IM"]
    gm = certs[0]
    # IT1: 9 games, 6 federations (ESP NED GER FRA ARM UKR), 9 titled: 5 GM, 3 IM, 1 FM; Ra 2479; 7 of 6 required
    assert (gm["games"], gm["federations"], gm["titled_opponents"]["total"], gm["rating_average"]) == (9, 6, 9, 2479)
    assert (gm["score"], gm["score_required"], gm["norm_exceeded_by"], gm["norm_counts_as"]) == (7, 6, 1, 10)
    assert gm["opponents_from_host_federation"] == 4 and len(gm["opponents"]) == 9


def test_usage_errors_exit_2(capsys, tmp_path):
    text = event(("FM", "IND", 2400, "m"), [Opp("GM", "ESP", 2500, "1")] * 9)
    assert run(capsys, tmp_path, text, "--player", "99")[0] == 2
    assert run(capsys, tmp_path, text, "--norm", "GM")[0] == 2
    assert run(capsys, tmp_path, text, "--fid-as", "abc")[0] == 2


def test_after_round_gives_a_forecast(capsys, tmp_path):
    # after 6 rounds of example A: 4.5/6 against 2520 2410 2555 2380 2490 2450 (14805 / 6 = 2467.5 -> 2468)
    code, out, _ = run(capsys, tmp_path, event(("FM", "IND", 2400, "m"), SWISS_A), "--after-round", "6", "--player", "1",
                       "--norm", "GM")
    assert code == 0 and "round 6 of 9" in out and "3 round(s) to play: 9 games at the end, 4½ scored so far" in out
    assert "against opponents averaging 2468 (the average so far)" in out
    assert run(capsys, tmp_path, event(("FM", "IND", 2400, "m"), SWISS_A), "--after-round", "12")[0] == 2


def test_check_reports_the_norms_as_information(capsys, tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(event(("FM", "IND", 2400, "m"), SWISS_A), encoding="utf-8")
    main(["check", str(path), "--profile", "fide", "--format", "json"])
    found = [f for f in json.loads(capsys.readouterr().out)["files"][0]["findings"] if f["rule"] == "NRM001"]
    assert [f["severity"] for f in found] == ["info", "info"]
    assert "GM norm under FIDE B.01 2024 (Ra 2479, Rp 2699; 9 games, counting 10)" in found[0]["message"]
    main(["check", str(path), "--format", "json"])  # the basic profile leaves the family out
    assert not [f for f in json.loads(capsys.readouterr().out)["files"][0]["findings"] if f["rule"] == "NRM001"]


def test_output_file_and_never_the_input(capsys, tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(event(("FM", "IND", 2400, "m"), SWISS_A), encoding="utf-8")
    out = tmp_path / "norms.json"
    assert main(["norms", str(path), "--format", "json", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["kind"] == "norms"
    before = path.read_bytes()
    assert main(["norms", str(path), "-o", str(path)]) == 2 and path.read_bytes() == before
