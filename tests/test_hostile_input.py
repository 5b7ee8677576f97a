"""Hostile input through every command, output format and reader, via ``trfscore.cli.main``.

Random bytes, mutated valid files (TRF, and the same event written as JSON, PGN and crosstable
text), names built to break HTML, CSV, Markdown, XML and terminals, schema-violating and deeply
nested JSON, broken PGN and absurdly wide crosstables.  Whatever goes in:

* the exit code is 0, 1 or 2 and standard error holds no traceback and no "internal error";
* HTML parses, holds only the template's elements, no event-handler attribute, exactly the two
  scripts, and no hostile string with markup characters appears unescaped;
* no CSV cell starts a spreadsheet formula (``= + @``, tab, CR, or ``-`` not starting a number);
* every JSON output parses and follows the packaged schema; JSON lines, SARIF and JUnit parse;
  GitHub annotations stay one command a line;
* converting a TRF to TRF gives back its bytes.

The time limits of pathological input (a few MB in seconds) are measured by hand, not here;
the shapes that were super-linear have their own small tests (``test_*_is_linear``).
"""
from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzdriver import captured
from trfscore.cli import main
from trfscore.formats import crosstable, json_write, pgn, registry
from trfscore.formats.crosstable import writer as crosstable_writer
from trfscore.formats.json_schema import validate
from trfscore.formats.pgn import writer as pgn_writer
from trfscore.testing.generate import round_robin, swiss, to_trf

pytestmark = pytest.mark.slow

REPORTS = ("text", "json", "markdown", "csv", "html")
CHECKS = ("text", "json", "jsonl", "sarif", "junit", "github")
CONVERTS = registry.names(writable=True)
FROMS = (None, *registry.names(readable=True))

HOSTILE_NAMES = ["</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>", 'Quote "Q" Name',
                 "O'Neil, Ann", "=cmd|' /C calc'!A0", "@SUM(1)", "+1", "-1+1", "Tab\tName", "Carriage\rReturn",
                 "Nul\x00Byte", "Line\u2028Separator", "\u202eRTL override\u202c", "Combining e\u0301\u0301\u0301",
                 "Emoji \U0001F600\u265F", "L" + "o" * 3000 + "ng", "-", "\t=1", "]]><!--", "&amp; &lt;",
                 "Back\\slash", "\u3000Ideographic\u3000Space", "*bold* _it_ [link](javascript:x) `code`"]
HEADER_TEXT = "</title><script>alert('h')</script> =HYPERLINK(\"x\")"
#: Hostile strings that must never appear verbatim in HTML (they hold markup characters).
MARKUP = [s for s in HOSTILE_NAMES + [HEADER_TEXT] if re.search(r"[<>\"'&]", s)]
HTML_TAGS = {"html", "head", "meta", "title", "style", "body", "a", "header", "h1", "dl", "dt", "dd", "abbr", "span",
             "main", "div", "label", "input", "section", "h2", "p", "table", "caption", "thead", "tr", "th",
             "button", "tbody", "td", "h3", "pre", "footer", "script"}
SETTINGS = settings(max_examples=int(__import__("os").environ.get("TRFSCORE_FUZZ_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


# -- running the command line --------------------------------------------------------------
def run(*argv: str) -> tuple[int, bytes, str]:
    with captured() as (out, err):
        code = main(list(argv))
        out.flush()
    return code, out.buffer.getvalue(), err.getvalue()


def command(kind: str, fmt: str, path: str, source: str | None) -> list[str]:
    extra = ["--from", source] if source else []
    if kind == "report":
        return ["report", path, "--format", fmt, *extra]
    if kind == "teams":  # team standings (exit 2 when the input is no team event)
        return ["report", path, "--teams", "--format", fmt, *extra]
    if kind == "check":
        return ["check", path, "--format", fmt, "--no-progress", "--profile", "fide", *extra]
    if kind == "convert":
        return ["convert", path, "--to", fmt, *extra]
    return ["explain", path, "--player", "1", "--tiebreak", "BH", "--format", fmt, *extra]


MATRIX = ([("report", f) for f in REPORTS] + [("check", f) for f in CHECKS] + [("convert", f) for f in CONVERTS]
          + [("explain", f) for f in ("text", "json")] + [("teams", f) for f in ("text", "json", "markdown", "csv", "html")])


# -- what every output must be ---------------------------------------------------------------
class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [name for name, _ in attrs]
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def assert_html(text: str, hostile: list[str]) -> None:
    parser = _Tags()
    parser.feed(text)
    parser.close()
    assert set(parser.tags) <= HTML_TAGS, set(parser.tags) - HTML_TAGS
    assert not [a for a in parser.attrs if a.startswith("on")]
    assert parser.tags.count("script") == 2
    json.loads(parser.scripts[0])  # the data island is intact JSON
    for s in hostile:
        assert s not in text, f"unescaped {s!r} in HTML"


_PLAIN_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def assert_csv(text: str) -> None:
    for row in csv.reader(io.StringIO(text, newline="")):
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r", "\n")), cell
            assert not cell.startswith("-") or _PLAIN_NUMBER.fullmatch(cell), cell


def assert_schema(doc) -> None:
    assert validate(doc) == [], validate(doc)[:3]


def assert_output(kind: str, fmt: str, data: bytes, hostile: list[str]) -> None:
    if kind == "convert" and fmt.startswith("trf"):
        return  # a TRF is written in its own encoding; test_trf_to_trf_gives_back_the_bytes
    text = data.decode("utf-8")
    if fmt == "html":
        assert_html(text, hostile)
    elif fmt == "csv":
        assert_csv(text)
    elif fmt == "json" or (kind == "check" and fmt == "sarif"):
        doc = json.loads(text)
        if fmt == "json":
            assert_schema(doc)
    elif fmt == "jsonl":
        for line in text.splitlines():
            json.loads(line)
    elif fmt == "junit":
        ET.fromstring(data)
    elif fmt == "github":
        assert all(line.startswith("::") for line in text.split("\n") if line), text[:500]
    elif kind == "report" and fmt == "markdown":
        for s in hostile:
            assert s not in text or not re.search(r"[<>]", s), f"unescaped {s!r} in Markdown"
    elif kind == "convert" and fmt == "markdown":
        assert "<" not in text.replace("\\<", ""), "raw '<' in the Markdown crosstable"


def run_checked(argv: list[str], kind: str, fmt: str, hostile: list[str] = ()) -> tuple[int, bytes]:
    code, out, err = run(*argv)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err[-2000:])
    assert b"internal error" not in out, (argv, out[:2000])  # check reports a crash as the file's error
    if code in (0, 1) and out:
        assert_output(kind, fmt, out, list(hostile))
    return code, out


# -- inputs ---------------------------------------------------------------------------------
def hostile_event(kind: str = "swiss"):
    t = swiss(len(HOSTILE_NAMES), 5, seed=4, forfeits=0.1, byes=0.1) if kind == "swiss" else round_robin(7, seed=3)
    for p, name in zip(t.players, HOSTILE_NAMES):
        p.name = name
    t.players[0].federation = "=1+1"
    t.players[1].title = "@X"
    t.players[2].fide_id = "-2+3"
    t.header.name = t.header.city = t.header.chief_arbiter = HEADER_TEXT
    return t


def written(t) -> dict[str, bytes]:
    """One event in every input format."""
    return {"json": json_write.write(t, records=False).encode(), "pgn": pgn_writer.write(t).encode(),
            "crosstable": crosstable_writer.write(t).encode(),
            "markdown": crosstable_writer.write(t, style="markdown").encode()}


VALID_TRF = to_trf(swiss(14, 5, seed=3, forfeits=0.1, byes=0.1, withdrawals=0.2)).encode()
VALID_RR = to_trf(round_robin(6, seed=2)).encode()
VALID_TEAMS = (Path(__file__).resolve().parent / "data" / "tv10-team-swiss.trf").read_bytes()  # TRF26 team event
BASES = {"trf": VALID_TRF, "rr": VALID_RR, "teams": VALID_TEAMS, **written(swiss(10, 4, seed=5, forfeits=0.1, byes=0.1)),
         "rr-grid": crosstable_writer.write(round_robin(6, seed=2)).encode()}

HAND_MADE = {
    "schema-violating.json": json.dumps({"schema_version": 1, "header": {"name": 5}, "scoring": [], "rounds": -1,
                                         "players": [{"start_rank": "x", "games": "y"}]}).encode(),
    "wrong-types.json": json.dumps({"schema_version": 1, "header": {}, "scoring": {"values": {}}, "rounds": 2,
                                    "players": [{"start_rank": 1, "name": "A", "games": [
                                        {"round": 1, "opponent": 99, "colour": "w", "code": "1", "kind": "win"}]}]
                                    }).encode(),
    "huge-number.json": b'{"schema_version": 1, "rounds": ' + b"9" * 5000 + b"}",
    "surrogate.json": json.dumps(dict(json_write.to_dict(swiss(4, 2, seed=1), records=False),
                                      header={"name": "H\udfff"})).encode(),
    "deep-array.json": b"[" * 100_000,
    "deep-object.json": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "top-level-list.json": b"[1, 2, 3]",
    "nan.json": b'{"schema_version": 1, "rounds": NaN, "players": []}',
    "broken-tags.pgn": b'[Event "x\n[White "no end]\n[Black ""]]\n[Result "1-0"\n\n1. e4 {unterminated\n',
    "huge-comment.pgn": b'[Event "e"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n{' + b"x" * 200_000 + b"} 1-0\n",
    "open-comments.pgn": b'[Event "e"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 ' + b"{" * 50_000 + b"\n",
    "unterminated-string.pgn": b'[Event "' + b"a" * 100_000,
    "escaped-quotes.pgn": b'[Event "A \\"quoted\\" event"]\n[White "Back\\\\slash"]\n[Black "b"]\n'
                          b'[Result "1-0"]\n\n1-0\n',
    "huge-round.pgn": b'[Event "e"]\n[Round "999999999"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1-0\n',
    "wide.txt": b"No Name " + b" ".join(b"%d.Rd" % i for i in range(1, 1001)) + b"\n1 A B" + b" 2w1" * 1000
                + b"\n2 C D" + b" 1b0" * 1000 + b"\n",
    "wide-grid.txt": b"No Name " + b" ".join(b"%d" % i for i in range(1, 2001)) + b"\n"
                     + b"".join(b"%d P%d " % (i, i) + b" 1" * 2000 + b"\n" for i in range(1, 4)),
    "numbers.txt": b"1 " * 5_000 + b"\n",
    "pipes.txt": b"|" * 10_000 + b"\n",
    "unicode-spaces.txt": "No Name 1 2 Pts\n1 A\u3000B\u2003C X 1 1\n2 D\u2028E 0 X 0\n".encode(),
    "long-line.trf": b"012 " + b"x" * 100_000 + b"\n001    1 m    " + b"y" * 100_000 + b"\n",
    "hostile-header.trf": VALID_TRF.replace(b"012 Synthetic Swiss", "012 </title><script>alert(1)</script>\n"
                                            "022 <img src=x onerror=alert(2)>\n102 =cmd|' /C calc'!A0\n"
                                            "202 BH-C1 <b>X</b> SB\n212 \"'&\n112 @SUM(1)\n"
                                            "122 90'+30\"\u2028\n092 <i>Swiss</i>".encode()),
    "hostile-teams.trf": VALID_TEAMS.replace(b"Antelopes                       ", b"</b><script>x</script>=1+1\t    ")
                         .replace(b"310  14 ", b"310   3 ") + b"330 +-  99   1   6\n330 ?? 1\n320 xx\n320  9 99   "
                         b"1 999   2\n299 W     2.0   4.0   0    7\n300   1   1  99    1    2    5\n240 Q   1    1\n"
                         b"240 F 999 1\n310 999 Ghost\n013 Old                              1  999\n",
    "binary.trf": bytes(range(256)) * 20,
    "nul.trf": VALID_TRF.replace(b"Player0003", b"Pl\x00yer003"),
    "crlf-mix.trf": VALID_TRF.replace(b"\n", b"\r", 3).replace(b"\n", b"\r\n", 5),
    "bom-cp1252.trf": b"\xef\xbb\xbf" + VALID_TRF.replace(b"Player0001", b"Pl\xe4yer001"),
}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("hostile")


def _write(workdir: Path, name: str, data: bytes) -> str:
    path = workdir / name
    path.write_bytes(data)
    return str(path)


# -- hostile names through every door --------------------------------------------------------
@pytest.mark.parametrize("kind", ["swiss", "round-robin"])
@pytest.mark.parametrize("fmt", ["json", "pgn", "crosstable", "markdown"])
def test_hostile_names_through_every_command(workdir, kind, fmt):
    data = written(hostile_event(kind))[fmt]
    path = _write(workdir, f"hostile-{kind}.{fmt}", data)
    for command_kind, out_fmt in MATRIX:
        run_checked(command(command_kind, out_fmt, path, None), command_kind, out_fmt, MARKUP)
    code, out = run_checked(["report", path, "--format", "html", "--ratings", "fide"], "report", "html", MARKUP)
    assert code == 0 and b"&lt;img src=x onerror=alert(1)&gt;" in out
    run_checked(["report", path, "--format", "csv", "--ratings", "dwz"], "report", "csv")


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_hostile_files(workdir, name):
    path = _write(workdir, name, HAND_MADE[name])
    hostile = MARKUP + ["<img src=x onerror=alert(2)>", "<b>X</b>", "<i>Swiss</i>"]
    for source in FROMS:
        for command_kind, out_fmt in MATRIX:
            run_checked(command(command_kind, out_fmt, path, source), command_kind, out_fmt, hostile)


# -- hypothesis: random and mutated input, a random door each time ----------------------------
DOORS = st.tuples(st.sampled_from(MATRIX), st.sampled_from(FROMS))


def _through(workdir: Path, data: bytes, door) -> int:
    (command_kind, out_fmt), source = door
    path = _write(workdir, "fuzz.in", data)
    return run_checked(command(command_kind, out_fmt, path, source), command_kind, out_fmt)[0]


@SETTINGS
@given(st.binary(max_size=2000), DOORS)
def test_random_bytes(workdir, data, door):
    _through(workdir, data, door)


@SETTINGS
@given(st.sampled_from(sorted(BASES)), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)),
                                                min_size=1, max_size=20), DOORS)
def test_mutated_valid_files(workdir, base, edits, door):
    data = bytearray(BASES[base])
    for pos, value in edits:
        data[pos % len(data)] = value
    _through(workdir, bytes(data), door)


@SETTINGS
@given(st.sampled_from(sorted(BASES)), st.integers(0, 10**6), st.integers(0, 10**6),
       st.sampled_from([b"", b"\x00", b"\r", "\u2028".encode(),
                        b"<script>", b'"', b"{", b"[", b"|", b"\t", b"=1+1"]), DOORS)
def test_spliced_valid_files(workdir, base, a, b, insert, door):
    data = BASES[base]
    a, b = sorted((a % len(data), b % len(data)))
    _through(workdir, data[:a] + insert + data[b:] + data[a:b], door)


@SETTINGS
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=8),
       st.sampled_from(["json", "pgn", "crosstable", "markdown"]), DOORS)
def test_random_names_through_every_writer(workdir, names, fmt, door):
    t = swiss(len(names), 3, seed=len(names))
    for p, name in zip(t.players, names):
        p.name = name
    t.header.name = names[0]
    _through(workdir, written(t)[fmt], door)


@SETTINGS
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=30), DOORS)
def test_json_documents_that_violate_the_schema(workdir, doc, door):
    base = json_write.to_dict(swiss(4, 2, seed=1), records=False)
    if isinstance(doc, dict):
        base.update(doc)
        doc = base
    _through(workdir, json.dumps(doc).encode(), (door[0], "json"))


# -- round trips -------------------------------------------------------------------------------
@SETTINGS
@given(st.sampled_from([VALID_TRF, VALID_RR]), st.lists(st.tuples(st.integers(0, 10**6), st.integers(32, 126)),
                                                        min_size=1, max_size=10))
def test_trf_to_trf_gives_back_the_bytes(workdir, base, edits):
    data = bytearray(base)
    for pos, value in edits:
        data[pos % len(data)] = value
    path = _write(workdir, "roundtrip.trf", bytes(data))
    code, out = run_checked(["convert", path, "--to", "trf", "--from", "trf"], "convert", "trf")
    if code == 0:
        assert out == bytes(data)


# -- shapes that were super-linear (now linear; each fails or times out without its fix) -------
@contextlib.contextmanager
def finishes_within(seconds: float):
    """A watchdog, not a benchmark: the linear reading takes well under a second, the quadratic
    one took minutes."""
    import signal

    def expire(signum, frame):
        raise TimeoutError(f"still running after {seconds} s: super-linear again?")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


PGN_GAME = '[Event "e"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n'


@pytest.mark.parametrize("text", [
    pytest.param("[bad\n" * 300_000, id="bad-tag-lines"),  # each counted its line from the start: 140 s
    pytest.param(PGN_GAME + "1. e4 " + "{" * 500_000 + "\n1-0\n", id="open-comments"),  # each scanned to the end
    pytest.param(PGN_GAME * 60_000, id="one-pair-no-rounds"),  # each game searched its round from 1: 60 s
])
def test_pgn_shapes_are_linear(text):
    with finishes_within(20):
        t = pgn.read(text)
    assert not any("internal error" in f.message for f in t.findings)


def test_crosstable_row_windows_are_linear(monkeypatch):
    """Placing the grid (or the rounds) in a row tried every start and summed the whole window:
    rows x columns x columns.  Each item is now weighed once per reading."""
    from trfscore.formats.crosstable import grid as grid_reader
    from trfscore.formats.crosstable import swiss as swiss_reader

    calls = []
    real = grid_reader.rr_cell
    monkeypatch.setattr(grid_reader, "rr_cell", lambda *a: calls.append(1) or real(*a))
    n = 60
    grid = "No Name " + " ".join(map(str, range(1, n + 1))) + "\n" + "".join(
        f"{i} P{i}" + " X" * (2 * n) + "\n" for i in range(1, n + 1))
    crosstable.read(grid)
    items = n * 2 * n
    assert 0 < len(calls) < 4 * items, len(calls)  # single and double reading; was ~25 x items

    rounds, rows = 60, 60
    swiss = "No Name " + " ".join(f"{r}.Rd" for r in range(1, rounds + 1)) + "\n" + "".join(
        f"{i} P{i}" + " Ab" * (i % 5) + " 2w1" * (2 * rounds) + "\n" for i in range(1, rows + 1))
    window = swiss_reader._window.__code__
    lines, items = [0], []

    def tracer(frame, event, arg):  # counts the lines run inside the window search, nothing else
        if frame.f_code is not window:
            return None
        items.append(len(frame.f_locals["weights"]))

        def count_line(frame, event, arg):
            lines[0] += event == "line"
            return count_line
        return count_line

    previous = sys.gettrace()  # a coverage tracer or a debugger, given back afterwards
    sys.settrace(tracer)
    try:
        crosstable.read(swiss)
    finally:
        sys.settrace(previous)
    # each distinct row shape searched once, a few lines per item (was items x rounds: ~60 times more)
    assert items and lines[0] < 12 * sum(items), (lines[0], items)


@pytest.mark.parametrize("encoding", ["base64", "rot13", "zlib", "punycode", "utf-16", "nonsense"])
def test_any_encoding_option(workdir, encoding):
    """``--encoding base64`` (a codec, but no text encoding) and punycode's plain UnicodeError were
    internal errors; an unknown name is a usage error (exit 2) in every command."""
    path = _write(workdir, "enc.trf", VALID_TRF)
    for argv in (["report", path], ["check", path], ["convert", path, "--to", "json"],
                 ["report", path, "--from", "pgn"]):
        code, _ = run_checked([*argv, "--encoding", encoding], argv[0], "text")
        if encoding in ("base64", "rot13", "zlib", "nonsense"):
            assert code == 2
