"""The JSON texts of a column written at once (json_texts.integer_texts) held to what json.dumps
writes for each value, the JSON report's rows held to the document the general encoder writes
(json_report.to_dict), whose rank and start-rank fields are integers, and the report's findings
quoting the source lines the command frees before it writes."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trfscore
from trfscore.report import json_report
from trfscore.report.json_texts import integer_texts
from trfscore.testing.generate import swiss, to_trf


@given(st.lists(st.none() | st.integers(min_value=-10**20, max_value=10**20), max_size=60))
def test_integer_texts_equal_json_dumps(values):
    assert integer_texts(values) == [json.dumps(v) for v in values]


@pytest.mark.parametrize("values", [[True], [2.5], ["3"], [None, 1.0]])
def test_integer_texts_refuse_anything_but_integers(values):
    with pytest.raises(TypeError):
        integer_texts(values)


def test_the_rows_written_at_once_are_the_general_encoders_rows(tmp_path):
    t = trfscore.loads(to_trf(swiss(60, 7, seed=5)))
    standings = t.standings(tiebreaks=["BH-C1", "BH", "SB", "PS"])
    written = json.loads(json_report.render(t, standings))
    general = json_report.to_dict(t, standings)
    assert written == general
    rows = written["standings"]
    assert all(type(row[key]) is int for row in rows for key in ("rank", "rank_to", "start_rank"))
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)



def test_the_reports_findings_quote_the_lines_it_frees_before_writing(capsys, tmp_path):
    """``report`` frees the source lines before it writes, after the verdict that quotes them:
    player 2 names player 3 in round 1, who does not name him back (check's TRF501)."""
    from conftest import run_cli
    from trfscore.formats.trf.layout import round_column

    lines = to_trf(swiss(6, 3, seed=2)).splitlines(keepends=True)
    at = round_column(1, "opponent") - 1
    second = next(i for i, line in enumerate(lines) if line.startswith("001    2 "))
    assert lines[second][at:at + 4] == "   1"  # (the generated pairing of round 1)
    lines[second] = lines[second][:at] + "   3" + lines[second][at + 4:]
    path = tmp_path / "one-sided.trf"
    path.write_text("".join(lines), encoding="utf-8")
    code, out, _ = run_cli(capsys, "report", path, "--format", "json")
    t = trfscore.load(path)
    expected = json_report.to_dict(t, t.standings())["findings"]
    assert code == 0 and json.loads(out)["findings"] == expected
    quoted = {f["rule"]: f["text"] for f in expected}
    assert "TRF501" in quoted and all(quoted.values())
