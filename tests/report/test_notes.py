"""The notes of a computation (edition picked, tie-breaks dropped or barred) reach every report
format, not only JSON."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from trfscore.cli import main

SAMPLE = "samples/correspondence-1975.trf"  # a round-robin without ratings
EXPECTED = ("rating-based tie-breaks dropped", "Buchholz family must not be used in round-robins",
            "auto: no start date")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def shown_text(fmt: str, out: str) -> str:
    if fmt == "html":
        parser = _Text()
        parser.feed(out)
        return " ".join(" ".join(parser.parts).split())
    if fmt == "json":
        return " ".join(json.loads(out)["notes"])
    return " ".join(out.replace("\\", "").split())  # wrapped lines joined, Markdown escapes undone


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "json"])
def test_notes_in_every_format(capsys, root, fmt):
    assert main(["report", str(root / SAMPLE), "-t", "ARO,BH", "--format", fmt, "--no-color"]) == 0
    text = shown_text(fmt, capsys.readouterr().out)
    for note in EXPECTED:
        assert note in text, (fmt, note)


def test_no_notes_no_note_lines(capsys, root):
    assert main(["report", str(root / "samples/swiss-trf26.trf"), "--no-color"]) == 0
    assert "note:" not in capsys.readouterr().out.replace("note: rules:", "")
