"""The JSON texts of the rating rows written a field at a time (json_texts.dict_texts) held to
the general encoder they replace, and the report's FIDE rows to rate_tournament's."""
from __future__ import annotations

import json
import math

from hypothesis import example, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.report.json_texts import dict_texts
from trfscore.testing.generate import swiss, to_trf

_SCALAR = (st.none() | st.booleans() | st.integers(-3, 3) | st.integers() | st.sampled_from([0.0, 1.0, -0.5, 2.25])
           | st.floats(allow_nan=True) | st.text(max_size=4))
_VALUE = _SCALAR | st.lists(st.text(max_size=3), max_size=2) | st.fixed_dictionaries({"a": _SCALAR})


def _encoded(rows: list) -> list[str]:
    return [json.dumps(row, ensure_ascii=False) for row in rows]


@given(st.lists(st.sampled_from(["ro", "we", "notes", "x"]), min_size=1, max_size=4, unique=True).flatmap(
    lambda keys: st.lists(st.fixed_dictionaries({k: _VALUE for k in keys}), max_size=12)))
@example([{"w": 1}, {"w": 1.0}, {"w": True}])  # equal as set members, written apart
@example([{"we": 5}, {"we": 5.5}, {"we": None}])
@example([{"a": math.nan, "b": math.inf}])
@settings(max_examples=150, deadline=None)
def test_dict_texts_equal_the_general_encoder(rows):
    assert dict_texts(rows) == _encoded(rows)


@given(st.lists(st.dictionaries(st.sampled_from(["ro", "we", "w"]), _SCALAR, max_size=3) | st.none(), max_size=6))
@settings(max_examples=100, deadline=None)
def test_dict_texts_of_mixed_layouts_equal_the_general_encoder(rows):
    assert dict_texts(rows) == _encoded(rows)


def test_the_report_with_fide_ratings_writes_the_general_rows(tmp_path):
    """``report --ratings fide --format json``: the rating row of every player as
    ``rate_tournament`` and ``rating_row`` make it (an unrated player and his opponents
    included), encoded by the general encoder."""
    from trfscore.cli import main
    from trfscore.ratings.tournament import rate_tournament
    from trfscore.report.values import rating_row

    event = swiss(40, 7, seed=11, forfeits=0.05, byes=0.05)
    event.players[3].rating = None
    path = tmp_path / "event.trf"
    path.write_text(to_trf(event), encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["report", str(path), "--ratings", "fide", "--format", "json", "--output", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    general = {sno: rating_row(r) for sno, r in rate_tournament(trfscore.load(path), "fide").items()}
    rows = [line for line in lines if line.startswith('{"rank"')]
    assert len(rows) == 40
    for line in rows:
        sno = json.loads(line.rstrip(","))["start_rank"]
        assert f'"rating_change": {json.dumps(general[sno], ensure_ascii=False)}' in line
