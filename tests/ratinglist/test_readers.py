"""Reading the published list layouts (XML, TXT old and new headers, zip, DSB CSV) and refusing
what is not a list."""
from __future__ import annotations

import pytest

from trfscore.ratinglist.readers import ListFormatError, ReadStats, read_entries, sniff

from .listhelp import (
    CARLSEN,
    DSB_HEADER,
    TXT_NO_FOA_HEADER,
    TXT_NO_FOA_ROWS,
    TXT_OLD_HEADER,
    TXT_OLD_ROWS,
    TXT_PER_TYPE_HEADER,
    txt_list,
    write,
    xml_list,
    zipped,
)


def entries(path):
    stats = ReadStats()
    return list(read_entries(str(path), stats)), stats


def test_combined_xml(tmp_path):
    path = write(tmp_path, "players_list_xml_foa.xml", xml_list([CARLSEN, {"fideid": "5031605", "name": "A, Akshaya",
                                                                            "sex": "F", "flag": "wi"}]))
    (carlsen, akshaya), stats = entries(path)
    assert (carlsen.fide_id, carlsen.name, carlsen.federation, carlsen.title, carlsen.birth_year) == \
        (1503014, "Carlsen, Magnus", "NOR", "GM", 1990)
    assert carlsen.rating_of("rapid") == (2823, 5, 10) and carlsen.rating_of("blitz") == (2886, 0, 10)
    assert akshaya.rating is None and akshaya.birth_year is None and akshaya.inactive and akshaya.sex == "F"
    assert stats.read == 2 and stats.skipped == 0
    assert sniff(str(path)).kind == "combined"


def test_per_type_xml_and_period_from_the_file_name(tmp_path):
    path = zipped(tmp_path, "standard_sep26frl_xml.zip", "standard_sep26frl_xml.xml",
                  xml_list([CARLSEN], per_type=True))
    info = sniff(str(path))
    assert (info.format, info.kind, info.period) == ("xml", "standard", "2026-09")
    (e,), _ = entries(path)
    assert e.rating == 2839 and e.k == 10 and e.rapid_rating is None


def test_txt_combined_foa_header_crlf(tmp_path):
    path = write(tmp_path, "players_list_foa.txt", txt_list([CARLSEN]), "latin-1")
    (e,), _ = entries(path)
    assert (e.fide_id, e.name, e.federation, e.sex, e.title, e.rating, e.k, e.rapid_rating, e.blitz_rating,
            e.birth_year) == (1503014, "Carlsen, Magnus", "NOR", "M", "GM", 2839, 10, 2823, 2886, 1990)


def test_txt_per_type_header_gives_the_period(tmp_path):
    header = TXT_PER_TYPE_HEADER.format(month="OCT26")
    path = write(tmp_path, "standard_rating_list.txt", txt_list([CARLSEN], header))
    info = sniff(str(path))
    assert (info.kind, info.period) == ("standard", "2026-10")
    (e,), _ = entries(path)
    assert (e.rating, e.games, e.k, e.birth_year) == (2839, 0, 10, 1990)


def test_txt_header_without_foa_real_rows(tmp_path):
    # rows and header from gitpan/Chess-FIDE t/02-FIDE.t
    path = write(tmp_path, "players_list.txt", "\n".join([TXT_NO_FOA_HEADER, *TXT_NO_FOA_ROWS]) + "\n")
    (doshtagir, akshaya, aaberg), _ = entries(path)
    assert (doshtagir.fide_id, doshtagir.name, doshtagir.rating, doshtagir.k, doshtagir.rapid_rating,
            doshtagir.blitz_k, doshtagir.birth_year) == (10207538, "A E M, Doshtagir", 1840, 40, 1836, 20, 1974)
    assert (akshaya.sex, akshaya.rating, akshaya.flag, akshaya.rapid_rating) == ("F", 2014, "wi", None)
    assert (aaberg.title, aaberg.federation, aaberg.rating) == ("IM", "SWE", 2393)


def test_txt_old_header_with_glued_words(tmp_path):
    # 'TitlFed' and 'GamesBorn': rows and header from gitpan/Chess-FIDE t/02-FIDE.t
    path = write(tmp_path, "mar11frl.txt", "\n".join([TXT_OLD_HEADER, *TXT_OLD_ROWS]) + "\n")
    assert sniff(str(path)).period == "2011-03"
    (andreikin, sourab, sohita), _ = entries(path)
    assert (andreikin.fide_id, andreikin.name, andreikin.title, andreikin.federation, andreikin.rating,
            andreikin.games, andreikin.birth_year) == (4158814, "Andreikin, Dmitry", "G", "RUS", 2686, 9, 1990)
    assert (sourab.fide_id, sourab.birth_year, sohita.flag) == (10206612, None, "wi")


def test_dsb_csv(tmp_path):
    rows = [DSB_HEADER, "10101;1001;A;Müller,Hans;M;D;1970;202601;1850;87;1900;FM;4611314;GER",
            "10101;1002;P;Schmidt,Anna;W;D;1985;202512;1600;40;;;;GER"]
    path = write(tmp_path, "spieler.csv", "\n".join(rows) + "\n", "cp1252")
    info = sniff(str(path))
    assert (info.format, info.kind) == ("csv", "national")
    (hans, anna), _ = entries(path)
    assert (hans.national_id, hans.name, hans.national_rating, hans.national_index, hans.fide_id, hans.rating,
            hans.title, hans.birth_year) == ("10101-1001", "Müller,Hans", 1850, 87, 4611314, 1900, "FM", 1970)
    assert anna.sex == "F" and anna.inactive and anna.fide_id is None


def test_malformed_rows_are_skipped_and_counted(tmp_path):
    path = write(tmp_path, "l.xml", xml_list([CARLSEN, {"fideid": "12x", "name": "Bad"},
                                              {"fideid": "7", "name": "Rating, Bad", "rating": "28a9"}]))
    found, stats = entries(path)
    assert [e.fide_id for e in found] == [1503014]
    assert stats.skipped == 2 and "FIDE id" in stats.problems[0] and "rating" in stats.problems[1]


def test_names_are_untrusted(tmp_path):
    path = write(tmp_path, "l.xml", xml_list([{"fideid": "9", "name": "Evil\x85\u202e, Name" + "x" * 500}]))
    (e,), _ = entries(path)
    assert "\x85" not in e.name and "\u202e" not in e.name and len(e.name) <= 120


@pytest.mark.parametrize("name, content, expected", [
    ("notes.txt", "Hello, this is not a list\n", "not a rating list"),
    ("wrong.xml", "<tournament><player/></tournament>", "expected <playerslist>"),
    ("cut.xml", "<playerslist><player><fideid>1</fideid><name>A", "truncated or malformed XML"),
    ("header.txt", "ID Number      Nom    Fed\n1 x\n", "header line"),
    ("empty.xml", "", "not a rating list"),
])
def test_not_a_list(tmp_path, name, content, expected):
    path = write(tmp_path, name, content)
    with pytest.raises(ListFormatError) as err:
        entries(path)
    assert str(path) in str(err.value) and expected in str(err.value)


def test_zip_without_a_list(tmp_path):
    path = zipped(tmp_path, "players_list.zip", "readme.pdf", "nothing")
    with pytest.raises(ListFormatError, match="holds no rating list"):
        sniff(str(path))


def test_zipped_txt_with_a_readme_beside_it(tmp_path):
    import zipfile

    path = tmp_path / "players_list.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("readme.txt", "FIDE rating list")
        z.writestr("players_list_foa.txt", txt_list([CARLSEN, dict(CARLSEN, fideid="2", name="Second, Player")]))
    info = sniff(str(path))
    assert (info.format, info.kind, info.member) == ("txt", "combined", "players_list_foa.txt")
    found, stats = entries(path)
    assert [e.fide_id for e in found] == [1503014, 2] and stats.skipped == 0
