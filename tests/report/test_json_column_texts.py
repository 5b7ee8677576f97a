"""The JSON texts of a column written at once (json_texts.integer_texts) held to what json.dumps
writes for each value, and the JSON report's rows held to the document the general encoder
writes (json_report.to_dict), whose rank and start-rank fields are integers."""
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
