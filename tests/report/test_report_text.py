"""The terminal table: fits the width, truncates long names, pages wide tie-break lists, colour
only on a TTY, and shows the same numbers as ``--format json``."""
from __future__ import annotations

import io
import re

import pytest
from report_cases import cases, close, fake_ratings, hostile, reference, standings

from trfscore.cli import main
from trfscore.report import text
from trfscore.testing.generate import round_robin, swiss

ANSI = re.compile(r"\x1b\[[0-9;]*m")
MANY = ["BH-C1", "BH", "SB", "PS", "ARO", "TPR", "WIN", "BPG", "AOB", "FB"]


def blocks(out: str) -> list[list[list[str]]]:
    """Tables in the text output: split on the ``----`` rules; rows split on runs of 2+ spaces."""
    lines = out.splitlines()
    found = []
    for i, line in enumerate(lines):
        if line and set(line) == {"-"}:
            head = lines[i - 1]
            rows = []
            for row in lines[i + 1:]:
                if not row.strip():
                    break
                rows.append(row)
            found.append((head, rows))
    return found


LEFT = ("Ti", "Name", "FED")


def cells_by_heading(head: str, rows: list[str]) -> list[dict[str, str]]:
    """Cut rows at the heading's boundaries: a right-aligned column ends where its heading ends,
    a left-aligned one starts where its heading starts; between a left and a right column the cut
    is the last run of two or more spaces."""
    names = head.split()
    spans, pos = [], 0
    for n in names:
        start = head.index(n, pos)
        spans.append((start, start + len(n)))
        pos = start + len(n)
    out = []
    for row in rows:
        cells: dict[str, str] = {}
        end = 0  # where the previous column's text ends
        k = 0
        while k < len(names):
            n = names[k]
            if n in LEFT:
                nxt = names[k + 1] if k + 1 < len(names) else None
                if nxt is None:
                    cells[n] = row[spans[k][0]:].strip()
                    k += 1
                elif nxt in LEFT:
                    cells[n] = row[spans[k][0]:spans[k + 1][0]].strip()
                    k += 1
                else:
                    parts = re.split(r"\s{2,}", row[spans[k][0]:spans[k + 1][1]].strip())
                    cells[n] = parts[0] if len(parts) > 1 else row[spans[k][0]:spans[k + 1][1]].strip()
                    cells[nxt] = parts[-1] if len(parts) > 1 else ""
                    end = spans[k + 1][1]
                    k += 2
            else:
                cells[n] = row[end:spans[k][1]].strip()
                end = spans[k][1]
                k += 1
        out.append(cells)
    return out


@pytest.mark.parametrize("width", [80, 60, 120])
@pytest.mark.parametrize("with_ratings", [False, True])
def test_fits_and_values_equal_json(width, with_ratings):
    t = cases()["swiss-40"]
    s = standings(t, MANY)
    ratings = fake_ratings(t) if with_ratings else None
    out = text.render(t, s, width=width, ratings=ratings)
    assert max(len(line) for line in out.splitlines()) <= width
    doc = reference(t, s, ratings)
    want = {row["start_rank"]: row for row in doc["standings"]}
    seen: set[str] = set()
    for head, rows in blocks(out):
        assert len(rows) == len(t.players)
        for cells in cells_by_heading(head, rows):
            w = want[int(cells["SNo"])]
            assert cells["Rk"] == w["rank_label"]
            for code, value in w["tiebreaks"].items():
                if code in cells:
                    assert close(cells[code], value), (code, cells[code], value)
                    seen.add(code)
            if "Pts" in cells:
                assert close(cells["Pts"], w["points"])
                seen.add("Pts")
            if with_ratings and "+/-" in cells:
                assert close(cells["+/-"], w["rating_change"]["change"])
                seen.add("+/-")
    assert seen >= set(s.tiebreaks) | {"Pts"} | ({"+/-"} if with_ratings else set()), \
        "every column appears on some page"


def test_long_and_wide_names_truncated():
    t = swiss(20, 5, seed=9)
    s = standings(t)
    s.rows[0].player.name = "Wolfeschlegelsteinhausenbergerdorff-Vonhausenberger, Hubert Blaine Maximilian"
    s.rows[1].player.name = "王小明王小明王小明王小明王小明王小明王小明王小明"
    s.rows[2].player.name = "Evil\x1b[31m red\x07 name"
    out = text.render(t, s, width=80)
    lines = out.splitlines()
    assert all(text.display_width(line) <= 80 for line in lines)
    assert any("Wolfeschlegel" in line and "…" in line for line in lines)
    assert any("王" in line and "…" in line for line in lines)
    assert "\x1b" not in out and "\x07" not in out
    assert "Evil\u241b[31m red\u2407 name" in out  # one visible character per control


def test_colour_only_on_a_tty(monkeypatch):
    t = cases()["rr-8"]
    s = standings(t)

    class TTY(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    plain = io.StringIO()
    text.write(t, s, plain)
    assert not ANSI.search(plain.getvalue())
    tty = TTY()
    text.write(t, s, tty)
    assert ANSI.search(tty.getvalue())
    assert ANSI.sub("", tty.getvalue()) == plain.getvalue()
    tty = TTY()
    text.write(t, s, tty, no_color=True)
    assert not ANSI.search(tty.getvalue())
    monkeypatch.setenv("NO_COLOR", "1")
    tty = TTY()
    text.write(t, s, tty)
    assert not ANSI.search(tty.getvalue())


def test_empty_columns_dropped():
    t = round_robin(6, seed=1)
    t.players[0].title = "GM"
    head = blocks(text.render(t, standings(t), width=80))[0][0]
    assert "Ti" in head.split()
    t.players[0].title = ""
    head = blocks(text.render(t, standings(t), width=80))[0][0]
    assert "Ti" not in head.split() and "FED" in head.split()


def test_cli_no_color(tmp_path, capsys):
    from trfscore.testing.generate import swiss, to_trf

    path = tmp_path / "e.trf"
    path.write_text(to_trf(swiss(12, 4, seed=3)), encoding="utf-8")
    assert main(["report", str(path), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert not ANSI.search(out) and "Rk" in out and len(blocks(out)[0][1]) == 12


def test_hostile_text_is_inert():
    t = hostile()
    out = text.render(t, standings(t), width=80)
    assert "\t" not in out.replace("\n", "")
    assert max(text.display_width(line) for line in out.splitlines()) <= 80
