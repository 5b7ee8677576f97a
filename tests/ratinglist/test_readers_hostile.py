"""List readers hold up under hostile lists (issue #28, items 2, 3 and 5): time linear and memory
bounded on every path, encodings decided for the whole file, only real ``<player>`` elements
read, and every failure a :class:`ListFormatError` with a message (never another exception)."""
from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.ratinglist.readers import ListFormatError, ReadStats, read_entries
from trfscore.ratinglist.readers.rows import MAX_LINE, read_lines

from .listhelp import CARLSEN, DSB_HEADER, run, trf, txt_list, write, xml_list

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ("<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><rating>{rating}"
          "</rating></player>")


def entries(path):
    stats = ReadStats()
    return list(read_entries(str(path), stats)), stats


def ratings(path) -> list[int | None]:
    return [e.rating for e in entries(path)[0]]


@pytest.mark.parametrize("hidden", [
    "<!-- " + PLAYER.format(rating=1111) + " -->",
    "<![CDATA[" + PLAYER.format(rating=1111) + "]]>",
    "<?old " + PLAYER.format(rating=1111) + "?>",
])
@pytest.mark.parametrize("declaration", ["", '<?xml version="1.0" encoding="ISO-8859-1"?>\n',
                                         '<?xml version="1.0" encoding="UTF-8"?>\n'])
def test_only_real_player_elements_are_read(tmp_path, hidden, declaration):
    doc = f"{declaration}<playerslist>{hidden}{PLAYER.format(rating=2839)}</playerslist>"
    assert ratings(write(tmp_path, "l.xml", doc, "latin-1")) == [2839]


def test_a_comment_across_the_megabyte_boundary_hides_its_player(tmp_path):
    filler = "".join(PLAYER.format(rating=2000).replace("1503014", str(10 + i)) for i in range(12000))
    cut = (1 << 20) - 200 - len("<playerslist>")  # the comment opens before the first megabyte ends
    filler = filler[:filler.rfind("</player>", 0, cut) + len("</player>")]
    hidden = "<!-- " + PLAYER.format(rating=1111) * 5 + " -->"
    doc = f"<playerslist>{filler}{hidden}{PLAYER.format(rating=2839)}</playerslist>"
    assert len("<playerslist>" + filler) < 1 << 20 < len("<playerslist>" + filler + hidden)
    found = ratings(write(tmp_path, "l.xml", doc))
    assert 1111 not in found and found[-1] == 2839 and len(found) == filler.count("<player>") + 1


def test_end_tag_with_space_and_doctype(tmp_path):
    doc = "<playerslist>" + PLAYER.format(rating=2839).replace("</player>", "</player >") + "</playerslist>"
    assert ratings(write(tmp_path, "a.xml", doc)) == [2839]
    for encoding in ("utf-8", "latin-1"):
        declared = (f'<?xml version="1.0" encoding="{encoding}"?>\n<!DOCTYPE playerslist>\n'
                    + doc.replace("Carlsen", "Carlsén"))
        found, _ = entries(write(tmp_path, "b.xml", declared, encoding))
        assert [(e.name, e.rating) for e in found] == [("Carlsén, Magnus", 2839)]


LONG_TEXT = """
import sys, time
sys.path.insert(0, {src!r})
from trfscore.ratinglist.readers import ReadStats, read_entries
start = time.process_time()
found = list(read_entries({path!r}, ReadStats()))
print(len(found), len(found[0].name), round(time.process_time() - start, 2))
"""


def test_a_huge_name_in_a_latin1_list_is_read_in_linear_time(tmp_path):
    """A 50 MB name in a list declared Latin-1 (expat's callbacks deliver it in 8 KB pieces)."""
    name = "x" * (50 << 20)
    doc = '<?xml version="1.0" encoding="ISO-8859-1"?><playerslist>' + PLAYER.format(rating=2839).replace(
        "Carlsen, Magnus", name) + "</playerslist>"
    path = write(tmp_path, "l.xml", doc, "latin-1")
    code = LONG_TEXT.format(src=str(ROOT / "src"), path=str(path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    count, length, seconds = done.stdout.split()
    assert (count, length) == ("1", "120") and float(seconds) < 20, done.stderr  # the quadratic way: minutes


BLANKS = """
import resource, sys
sys.path.insert(0, {src!r})
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # a gigabyte of address space at most
from trfscore.ratinglist.readers import ListFormatError, ReadStats, read_entries
try:
    list(read_entries({path!r}, ReadStats()))
except ListFormatError as exc:
    print(exc)
"""


def test_a_zip_of_blanks_is_refused_early_in_bounded_memory(tmp_path):
    path = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("players_list_xml_foa.xml", "w", force_zip64=True) as member:
            member.write(b"<playerslist>" + PLAYER.format(rating=1).encode())
            block = b" " * (1 << 20)
            for _ in range(1200):  # 1.2 GB of blanks without a </player>
                member.write(block)
            member.write(b"</playerslist>")
    assert path.stat().st_size < 5 << 20
    code = BLANKS.format(src=str(ROOT / "src"), path=str(path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "MB without a </player> end" in done.stdout, done.stderr


def test_windows_1252_txt_and_csv(tmp_path):
    rows = [dict(CARLSEN, fideid=str(10 + i), name=f"Player{i}, Plain") for i in range(40)]
    rows.append(dict(CARLSEN, fideid="99", name="Škoda, Žan"))
    path = write(tmp_path, "l.txt", txt_list(rows), "cp1252")
    found, stats = entries(path)
    assert found[-1].name == "Škoda, Žan" and not stats.warnings
    lines = [DSB_HEADER] + [f"10101;{1000 + i};;Spieler{i}, Hans;M;D;1980;;1500;20;;;{200 + i};GER"
                            for i in range(60)]
    lines.append("10101;2000;;Müller, Jürgen;M;D;1980;;1500;20;;;999;GER")
    text = "\r\n".join(lines) + "\r\n"
    assert text.index("ü") > 630
    member = tmp_path / "dsb.zip"
    with zipfile.ZipFile(member, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("spieler.csv", text.encode("cp1252"))
    found, stats = entries(member)
    assert found[-1].name == "Müller, Jürgen" and not stats.warnings


def test_mixed_encodings_are_said(tmp_path):
    rows = [dict(CARLSEN, fideid="1", name="Müller, Jörg"), dict(CARLSEN, fideid="2", name="Škoda, Žan")]
    text = txt_list(rows)
    first, second = text.split("Škoda")
    data = first.encode("utf-8") + "Škoda".encode("cp1252") + second.encode("cp1252")
    path = tmp_path / "l.txt"
    path.write_bytes(data)
    found, stats = entries(path)
    assert [e.name for e in found] == ["Müller, Jörg", "Škoda, Žan"]
    assert "mixes encodings" in stats.warnings[0]


def test_overlong_lines_and_fields_are_skipped_with_a_reason(tmp_path):
    long_row = "1" + "9" * (MAX_LINE + 10)
    text = txt_list([CARLSEN]) + long_row + "\r\n" + txt_list([dict(CARLSEN, fideid="7")]).split("\r\n", 1)[1]
    found, stats = entries(write(tmp_path, "l.txt", text))
    assert [e.fide_id for e in found] == [1503014, 7] and "longer than 64 KB" in stats.problems[0]
    field = '"' + "a\n" * 70000 + '"'  # a quoted field of 140 KB over many short lines
    csv_text = "\n".join([DSB_HEADER, "1;2;;Ok, Name;M;D;1980;;1500;20;;;101;GER",
                          f"1;1;;{field};M;D;1980;;1500;20;;;100;GER"]) + "\n"
    found, stats = entries(write(tmp_path, "l.csv", csv_text))  # the csv module's limit: a skipped row
    assert [e.fide_id for e in found][:1] == [101] and any("field larger" in p for p in stats.problems)


def test_collapsed_txt_header_is_refused(tmp_path):
    text = txt_list([CARLSEN])
    header, rest = text.split("\r\n", 1)
    collapsed = " ".join(header.split())
    with pytest.raises(ListFormatError, match="spaces collapsed"):
        entries(write(tmp_path, "l.txt", collapsed + "\r\n" + rest))


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_damaged_zip_member_is_a_list_error(tmp_path, method):
    path = tmp_path / "l.zip"
    body = xml_list([dict(CARLSEN, fideid=str(i)) for i in range(1, 3000)])
    with zipfile.ZipFile(path, "w", method) as z:
        z.writestr("l.xml", body)
    data = bytearray(path.read_bytes())
    start = 30 + len("l.xml")  # the member's data, after its local header
    for i in range(start + 200, start + 400):
        data[i] ^= 0x55
    path.write_bytes(bytes(data))
    with pytest.raises(ListFormatError, match="damaged"):
        entries(path)


def test_federation_is_three_ascii_capitals(tmp_path, capsys):
    rows = [dict(CARLSEN, country="РУС"), dict(CARLSEN, fideid="2", country="nor"), dict(CARLSEN, fideid="3",
                                                                                          country="NORW")]
    found, _ = entries(write(tmp_path, "l.xml", xml_list(rows)))
    assert [e.federation for e in found] == ["", "NOR", ""]
    lst = write(tmp_path, "standard_apr26frl.xml", xml_list([dict(CARLSEN, fideid="100001", country="РУС")]))
    source = write(tmp_path, "event.trf", trf(), "latin-1")
    code, _, err = run(capsys, "convert", source, "--fill-from", lst, "-o", tmp_path / "out.trf")
    assert code == 0 and "internal error" not in err and "FID004" not in err


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([b"a", b"bb", b"\n", b"\r\n", b"x" * 7]), max_size=60), st.integers(1, 9))
def test_lines_match_split(parts, chunk):
    """``read_lines`` read in chunks of any size gives ``split(b"\\n")``, a line over the limit as None."""
    data = b"".join(parts)

    class Chunks(io.BytesIO):
        def read(self, size: int = -1) -> bytes:
            return super().read(chunk)

    limit = 8
    expected = data.split(b"\n")
    if expected and expected[-1] == b"":
        expected.pop()
    assert list(read_lines(Chunks(data), limit)) == [line if len(line) <= limit else None for line in expected]
