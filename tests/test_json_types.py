"""One JSON type per field, in every JSON document trfscore writes.

Every document kind (tournament, report, report with ratings, team report, explanation, check
result, ``Standings.to_dict``) is written for the samples and for generated events; each
field, named by its path with array positions left out (``standings[].tiebreaks.AOB``), must
have one JSON type over all of them (``null``, a missing value, aside; integers and decimals are
both JSON numbers).  Every document also validates against the packaged schema.
"""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.cli import main
from trfscore.formats.json_schema import validate
from trfscore.testing import generate
from trfscore.tiebreaks.registry import TIEBREAKS

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").glob("*.trf")) + [ROOT / "tests" / "data" / "seed-000-crosstable.txt"]
TEAM_FILE = ROOT / "tests" / "data" / "tv10-team-swiss.trf"
#: Tie-breaks with values of many shapes (averages that are not finite decimals among them).
MANY = "BH-C1,BH,SB,PS,AOB,ARO,TPR,KS,WIN,DE"
EXPLAINED = ("AOB", "BH-C1", "SB", "ARO", "TPR", "DE")
#: Maps whose keys are data (start ranks, pointers): their values share one path.
DATA_KEYED = ("exact", "declared", "declared_at")


def json_type(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}[type(value)]


def walk(value, path: str, seen: dict[str, dict[str, str]], where: str) -> None:
    kind = json_type(value)
    if kind is not None:
        seen.setdefault(path, {}).setdefault(kind, where)
    if isinstance(value, dict):
        data_keyed = path.rsplit(".", 1)[-1] in DATA_KEYED
        for key, item in value.items():
            walk(item, f"{path}.*" if data_keyed or key.isdecimal() else f"{path}.{key}", seen, where)
    elif isinstance(value, list):
        for item in value:
            walk(item, f"{path}[]", seen, where)


def mixed(seen: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    return {path: kinds for path, kinds in seen.items() if len(kinds) > 1}


def run_json(args: list[str], tmp_path: Path) -> dict:
    out = tmp_path / "out.json"
    code = main([*args, "-o", str(out)])
    assert code in (0, 1), (args, code)
    return json.loads(out.read_text(encoding="utf-8"))


def documents(path: Path, tmp_path: Path) -> dict[str, list[dict]]:
    """Every kind of JSON document the tool writes for one input."""
    p = str(path)
    docs: dict[str, list[dict]] = {
        "tournamentDocument": [run_json(["convert", p, "--to", "json"], tmp_path), trfscore.load(path).to_dict()],
        "reportDocument": [run_json(["report", p, "--format", "json"], tmp_path),
                           run_json(["report", p, "--format", "json", "--tiebreaks", MANY], tmp_path),
                           run_json(["report", p, "--format", "json", "--ratings", "fide"], tmp_path)],
        "checkDocument": [run_json(["check", p, "--format", "json", "--profile", "fide"], tmp_path)],
        "standings": [trfscore.load(path).standings(tiebreaks=MANY).to_dict()],
        "explanationDocument": [],
    }
    t = trfscore.load(path)
    standings = t.standings(tiebreaks=MANY)
    for player in t.players[:4]:
        for code in EXPLAINED:
            docs["explanationDocument"].append(standings.explain(player.start_rank, code).to_dict())
    return docs


def collect(all_docs: list[dict[str, list[dict]]]) -> dict[str, dict[str, dict[str, str]]]:
    seen: dict[str, dict[str, dict[str, str]]] = {}
    for docs in all_docs:
        for kind, items in docs.items():
            for n, doc in enumerate(items):
                if kind not in ("standings",):
                    problems = validate(doc, kind)
                    assert not problems, (kind, problems[:3])
                walk(doc, "", seen.setdefault(kind, {}), f"{kind} #{n}")
    return seen


def test_every_field_has_one_json_type_on_the_samples(tmp_path):
    seen = collect([documents(path, tmp_path) for path in SAMPLES])
    team = run_json(["report", str(TEAM_FILE), "--teams", "--format", "json",
                     "--tiebreaks", "EDE,BH:MP,EMMSB,MPvGP"], tmp_path)
    assert not validate(team, "teamReportDocument")
    walk(team, "", seen.setdefault("teamReportDocument", {}), "team report")
    for kind, paths in seen.items():
        assert not mixed(paths), (kind, mixed(paths))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(5, 24), st.integers(3, 9), st.integers(0, 10_000), st.sampled_from([0.0, 0.1]),
       st.sampled_from([0.0, 0.15]), st.sampled_from([0.0, 0.2]))
def test_every_field_has_one_json_type_on_generated_events(tmp_path, players, rounds, seed, forfeits, byes,
                                                           withdrawals):
    t = generate.swiss(players, rounds, seed=seed, forfeits=forfeits, byes=byes, withdrawals=withdrawals)
    path = tmp_path / "event.trf"
    path.write_text(generate.to_trf(t), encoding="utf-8")
    seen = collect([documents(path, tmp_path)])
    for kind, paths in seen.items():
        assert not mixed(paths), (kind, mixed(paths))


def test_report_writes_every_tiebreak_value_as_a_number(tmp_path):
    codes = ",".join(TIEBREAKS)  # every family of the engine
    for path in SAMPLES:
        doc = run_json(["report", str(path), "--format", "json", "--tiebreaks", codes], tmp_path)
        assert doc["standings"]
        for row in doc["standings"]:
            assert set(row["tiebreaks"]) == set(TIEBREAKS)
            for code, value in row["tiebreaks"].items():
                assert value is None or json_type(value) == "number", (path.name, code, value)
            assert json_type(row["points"]) == "number"


def test_a_value_that_is_not_a_finite_decimal_is_rounded_to_six_places_and_kept_exact():
    from fractions import Fraction

    from trfscore.decimals import json_number

    assert json_number(Fraction(73, 6)) == 12.166667
    assert json_number(Fraction(1, 3)) == 0.333333
    assert json_number(Fraction(2, 3)) == 0.666667
    assert json_number(Fraction(13, 2)) == 6.5 and json_number(Fraction(267, 4)) == 66.75
    assert json_number(Fraction(1, 128)) == 0.0078125  # a finite decimal stays exact
    assert json_number(Fraction(14, 1)) == 14 and type(json_number(Fraction(14, 1))) is int
    t = trfscore.load(SAMPLES[0])
    t.players[0].points = Fraction(40, 3)
    doc = t.to_dict()
    assert doc["players"][0]["points"] == 13.333333
    assert doc["exact"] == {"/players/0/points": "40/3"}
    assert trfscore.Tournament.from_dict(json.loads(json.dumps(doc))).players[0].points == Fraction(40, 3)


def test_a_missing_date_is_null_in_every_document(tmp_path):
    t = trfscore.load(SAMPLES[0])
    t.header.start_date = t.header.end_date = ""
    t.header.start_date_iso = t.header.end_date_iso = None
    path = tmp_path / "undated.json"
    trfscore.dump(t, path)
    model = json.loads(path.read_text(encoding="utf-8"))
    report = run_json(["report", str(path), "--format", "json"], tmp_path)
    assert model["header"]["start_date"] is None and model["header"]["end_date"] is None
    assert report["tournament"]["start_date"] is None and report["tournament"]["end_date"] is None
    assert trfscore.load(path).header.start_date == ""
