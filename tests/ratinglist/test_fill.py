"""``convert --fill-from``: ids, ratings, titles, birth years and federations filled in; the input
untouched; the output passes ``check``; ``report --ratings fide --rating-list`` takes the list's K."""
from __future__ import annotations

import re

import trfscore

from .listhelp import CARLSEN, run, trf, write, xml_list
from .test_fid_rules import with_list


def test_fill_writes_a_corrected_copy(capsys, tmp_path):
    rows = with_list([CARLSEN], p2={"rating": "1850", "title": "IM", "birthday": "1988"}, p3={"country": "AUT"})
    lst = write(tmp_path, "standard_apr26frl.xml", xml_list(rows))
    text = trf(opts={4: {"fide": "", "name": "Carlsen, Magnus", "fed": "NOR"}},
               header=["012 T", "022 C", "032 GER", "042 2026/04/01", "052 2026/04/03", "072 4", "102 A, B"])
    source = write(tmp_path, "event.trf", text)
    before = source.read_bytes()
    out = tmp_path / "filled.trf"
    code, _, err = run(capsys, "convert", source, "--fill-from", lst, "-o", out)
    assert code == 0, err
    assert source.read_bytes() == before  # the input is never touched
    t = trfscore.load(out)
    p2, p3, p4 = t.players[1], t.players[2], t.players[3]
    assert (p2.rating, p2.title.strip().upper(), p2.birth.strip()) == (1850, "M", "1988")
    assert p3.federation == "AUT"
    assert (p4.fide_id.strip(), p4.rating, p4.title.strip()) == ("1503014", 2839, "g")
    for rule in ("FID009", "FID008", "FID006", "FID004", "FID010"):
        assert f" {rule} " in err
    found = {f.rule for f in trfscore.RatingList.check(t, [trfscore.RatingList.open(str(lst), progress=False)])}
    assert not found & {"FID001", "FID002", "FID004", "FID006", "FID007", "FID008", "FID009", "FID010", "FID013"}
    # every other byte is the input's: only the changed 001 fields differ
    changed = [i for i, (a, b) in enumerate(zip(before.splitlines(), out.read_bytes().splitlines())) if a != b]
    assert changed == [8, 9, 10]  # the lines of players 2, 3 and 4


def test_fill_never_gives_an_id_twice_or_guesses(capsys, tmp_path):
    twins = [CARLSEN, dict(CARLSEN, fideid="1503015", birthday="1991")]
    lst = write(tmp_path, "l.xml", xml_list(with_list(twins)))
    source = write(tmp_path, "event.trf", trf(opts={4: {"fide": "", "name": "Carlsen, Magnus", "fed": "NOR",
                                                        "birth": ""}}))
    code, out, err = run(capsys, "convert", source, "--fill-from", lst, "--to", "trf")
    assert code == 0 and "FID010" not in err
    assert trfscore.loads(out).players[3].fide_id.strip() == ""


def test_fill_needs_a_trf(capsys, tmp_path):
    lst = write(tmp_path, "l.xml", xml_list(with_list()))
    doc = tmp_path / "event.json"
    run(capsys, "convert", write(tmp_path, "e.trf", trf()), "--to", "json", "-o", doc)
    code, _, err = run(capsys, "convert", doc, "--fill-from", lst)
    assert code == 2 and "TRF" in err


def test_report_takes_k_from_the_list(capsys, tmp_path):
    source = write(tmp_path, "event.trf", trf())
    plain = run(capsys, "report", source, "--ratings", "fide", "--format", "json")
    lst = write(tmp_path, "l.xml", xml_list(with_list(p1={"k": "40"})))
    listed = run(capsys, "report", source, "--ratings", "fide", "--format", "json", "--rating-list", lst)
    assert plain[0] == listed[0] == 0

    k_plain = re.findall(r'"coefficient": (\d+)', plain[1])
    k_listed = re.findall(r'"coefficient": (\d+)', listed[1])
    assert k_plain[0] == "20" and k_listed[0] == "40" and k_plain[1:] == k_listed[1:]
    code, _, err = run(capsys, "report", source, "--rating-list", lst)
    assert code == 2 and "--ratings fide" in err
