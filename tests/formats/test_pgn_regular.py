"""The regular-text fast path of the PGN reader (formats/pgn/regular.py) against the general path,
which reads every game section through python-chess: the same records and the same findings, or
no answer (and no finding) at all."""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_pgn import game  # the same test folder

from trfscore.formats import pgn
from trfscore.formats.pgn import collecting, regular
from trfscore.formats.pgn.moves import any_moves_in
from trfscore.formats.pgn.rules import Sink


def general(text):
    """The general path's records and findings."""
    findings = []
    regular_ = collecting.collect_regular
    collecting.collect_regular = lambda *args: None  # every text read through python-chess
    try:
        records = pgn.collect(text, sink=Sink(findings))
    finally:
        collecting.collect_regular = regular_
    return records, findings


def fast(text):
    """The fast path's records (None: not regular) and findings."""
    findings = []
    return regular.collect_regular(text, Sink(findings), any_moves_in(text)), findings


# -- texts: regular games, then none, one or two of the irregular lines real files have ------------
NAMES = st.sampled_from(["Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo",
                         "WhiteFideId", "BlackFideId", "WhiteTitle", "BlackFed", "EventDate", "EventType",
                         "Termination", "ByeType", "StudyName", "Tournament", "TimeControl", "White-Elo",
                         "Round", "x+#=:"])
VALUES = st.sampled_from(["", "?", "1", "2.3", "1-0", "0-1", "1/2-1/2", "*", "+:-", "0-0", "Ann", "Bob, B.",
                          "BYE", "forfeit", "PAB", "2400", "12345", "x12", "GER", "GM", "Open: ch 1",
                          "Ján Žák", 'say \\"hi\\"', "back\\\\slash", "tab\there", "A  B ", "e4 e5", "1. e4", "a e4 b",
                          "a]b"])
ODD_VALUES = st.sampled_from(['a"b', 'a"] "b', 'x\\', 'x\\"]'])
SEPARATORS = st.sampled_from([" ", " ", "\t", "  "])
ODD_SEPARATORS = st.sampled_from(["\x0b", "\u00a0", ""])
ODD_ENDS = st.sampled_from([" ", "\t", "x", "\x0c", "\r\r"])


@st.composite
def tag_line(draw, name=None):
    return f'[{name or draw(NAMES)}{draw(SEPARATORS)}"{draw(VALUES)}"]'


@st.composite
def odd_tag_line(draw):
    """A tag line that python-chess reads, or skips, in its own way."""
    name, sep, value, end = draw(NAMES), draw(SEPARATORS), draw(VALUES), ""
    which = draw(st.integers(0, 2))
    if which == 0:
        value = draw(ODD_VALUES)
    elif which == 1:
        sep = draw(ODD_SEPARATORS)
    else:
        end = draw(ODD_ENDS)
    return f'[{name}{sep}"{value}"]{end}'


MOVETEXT = st.sampled_from(["1-0", "0-1", "1/2-1/2", "*", "+:-", "1. e4 e5 2. Nf3 1-0", "1. d4 {a comment} 0-1",
                            "{ open comment", "}", "; rest of line", "% escape", "1. e4 [%clk 0:01] *", "",
                            "", " ", "\r"])
NOISE = st.one_of(odd_tag_line(), tag_line(), st.sampled_from([
    "", " ", "[Broken", ' [White "Indented"]', '\t[Event "Indented"]', "\ufeff", '\ufeff[Event "Marked"]',
    "[Event", '[Event"NoSpace"]', '[Event "Twice"]', "%", ";", "{", "}", "1. e4", "[]", '["x"]']))


@st.composite
def game_text(draw):
    lines = [draw(tag_line("Event"))] if draw(st.integers(0, 9)) else []
    lines += draw(st.lists(tag_line(), max_size=8))
    if draw(st.integers(0, 3)):
        lines.append("")
    lines += draw(st.lists(MOVETEXT, max_size=3))
    lines += [""] * draw(st.integers(0, 2))
    return lines


@st.composite
def pgn_texts(draw):
    lines = [ln for g in draw(st.lists(game_text(), min_size=1, max_size=6)) for ln in g]
    for _ in range(draw(st.sampled_from([0, 0, 1, 2]))):
        lines.insert(draw(st.integers(0, len(lines))), draw(NOISE))
    text = draw(st.sampled_from(["\n", "\n", "\r\n"])).join(lines)
    if draw(st.integers(0, 5)) == 0:
        text = "\ufeff" + text
    return text.encode("utf-8") if draw(st.booleans()) else text


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pgn_texts(), st.sampled_from([1, 40, 1 << 20]))
def test_the_fast_path_gives_the_general_paths_records_and_findings(text, block_size):
    saved, regular._BLOCK_SIZE = regular._BLOCK_SIZE, block_size  # small: many blocks in a short text
    try:
        records, findings = fast(text)
    finally:
        regular._BLOCK_SIZE = saved
    event("regular" if records is not None else "not regular")
    if records is None:
        assert findings == []
        return
    assert (records, findings) == general(text)


def test_a_regular_text_takes_the_fast_path_and_an_irregular_one_does_not():
    text = "".join(game(f"P{i}", f"Q{i}", "1-0", str(1 + i % 3), WhiteFideId="x7") for i in range(30))
    records, findings = fast(text)
    assert records is not None and (records, findings) == general(text)
    assert [f.rule for f in findings] == ["PGN109"]  # reported once, as the general path does
    assert fast(text.encode("utf-8"))[0] == records
    # a tag line after the movetext, a broken tag line, an indented Event line: python-chess decides
    for bad in ('1-0\n[Round "2"]\n', '[Round 2]\n', ' [Event "E"]\n'):
        irregular = text.replace("1-0\n\n", "1-0\n\n" + bad, 1)
        assert fast(irregular) == (None, [])
        assert pgn.read(irregular).findings == pgn.read(irregular, moves=False).findings


def test_the_benchmark_shape_is_regular_over_many_blocks(monkeypatch):
    monkeypatch.setattr(regular, "_BLOCK_SIZE", 500)
    text = "".join(game(f"Player {i % 50:03d}", f"Player {(i * 7) % 50 + 50:03d}", ("1-0", "0-1", "1/2-1/2")[i % 3],
                        f"{1 + i // 25}.{1 + i % 25}", WhiteElo=str(1500 + i % 50)) for i in range(500))
    records, findings = fast(text.encode("utf-8"))
    assert records is not None and len(records) == 500
    assert (records, findings) == general(text)
    assert [r.line for r in records[:3]] == [1, 12, 23]


def test_a_byte_order_mark_stays_in_the_first_games_text_as_in_the_general_path():
    """The general path's first section starts with the mark, so its Event line counts as movetext
    there (the mark is no blank): a move-like Event value makes that game one with moves."""
    text = "\ufeff" + game("Ann", "Bob", "1-0", Event="Open e4 group") + game("Cid", "Dan", "0-1", moves="1. d4 d5")
    for t in (text, text.encode("utf-8")):
        records, findings = fast(t)
        assert records is not None and (records, findings) == general(t)
        assert [r.has_moves for r in records] == [True, True]
