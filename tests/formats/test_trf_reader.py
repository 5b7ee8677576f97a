"""The TRF reader: records, fields, cells, encodings, line endings and the quirks of real files."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from conftest import LOCAL_CORPUS, SAMPLES, SHARED_CORPUS, corpus_params
from trfscore.model import Kind

HEADER = "012 Test Open\n042 2026/03/01\n052 2026/03/03\n"


def line(sno, name, points, rank, *cells, rating="", sex="m", title="", fed="GER", fid="", birth=""):
    """A 001 line built on the TRF16 grid (columns per the FIDE text)."""
    head = (f"001 {sno:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fid:>11} {birth:<10} "
            f"{points:>4} {rank:>4}  ")
    return (head + "".join(f"{c:<10}" for c in cells)).rstrip()


def two_players(cell_a, cell_b, pa="1.0", pb="0.0"):
    return HEADER + line(1, "Alpha, A", pa, 1, cell_a) + "\n" + line(2, "Beta, B", pb, 2, cell_b) + "\n"


def rules(t):
    return {f.rule for f in t.findings}


def test_fields_of_a_player_line_are_read_by_column():
    text = HEADER + line(7, "Carlsen, Magnus", "1.0", 1, "   8 w 1", rating="2830", title="GM", fid="1503014",
                         birth="1990/11/30", sex="m", fed="NOR") + "\n" + line(8, "Other, O", "0.0", 2, "   7 b 0") + "\n"
    t = trfscore.loads(text)
    p = t.player(7)
    assert (p.name, p.title, p.rating, p.federation, p.fide_id, p.birth, p.points, p.rank) == (
        "Carlsen, Magnus", "GM", 2830, "NOR", "1503014", "1990/11/30", Fraction(1), 1)
    assert p.games[0] == trfscore.Game(1, 8, "w", "1", Kind.WIN)
    assert t.player(8).games[0].kind == Kind.LOSS
    assert t.header.name == "Test Open" and t.header.start_date_iso == "2026-03-01"
    assert not [f for f in t.findings if f.severity != "info"]


def test_forfeits_with_colours():
    """Forfeits with colours read as forfeit win / loss."""
    t = trfscore.loads(two_players("   2 w +", "   1 b -"))
    assert t.player(1).games[0].kind == Kind.FORFEIT_WIN
    assert t.player(2).games[0].kind == Kind.FORFEIT_LOSS


@pytest.mark.parametrize("cell, kind, rule", [
    ("0000 - H", Kind.HALF_BYE, None),
    ("0000 - F", Kind.FULL_BYE, None),
    ("0000 - U", Kind.PAB, None),
    ("0000 - Z", Kind.ZERO_BYE, None),
    ("0000 - =", Kind.HALF_BYE, "TRF406"),   # legacy TRF06 half-point bye
    ("0000 - +", Kind.PAB, "TRF406"),        # legacy full-point bye, read as bbpPairings does
    ("     - -", Kind.ABSENT, "TRF406"),    # lichess absence
    ("0000 - h", Kind.HALF_BYE, None),       # letter codes are case-insensitive
    ("0000 w 1", Kind.ABSENT, "TRF405"),     # a win needs an opponent: nothing to trust
])
def test_bye_and_absence_codes(cell, kind, rule):
    t = trfscore.loads(HEADER + line(1, "Alpha, A", "1.0", 1, cell) + "\n")
    assert t.player(1).games[0].kind == kind
    if rule:
        found = [f for f in t.findings if f.rule == rule]
        assert found and found[0].line == 4 and found[0].column == 92
    else:
        assert not [f for f in t.findings if f.rule.startswith("TRF4")]


def test_forfeit_without_colour_is_read_with_a_warning():
    t = trfscore.loads(two_players("   2 - +", "   1 - -"))
    assert t.player(1).games[0].kind == Kind.FORFEIT_WIN and t.player(1).games[0].colour is None
    assert [f.severity for f in t.findings if f.rule == "TRF406"] == ["warning", "warning"]


@pytest.mark.parametrize("cell, rule, column", [
    ("   2 w Q", "TRF404", 99),   # unknown result code
    ("   2 x 1", "TRF403", 97),   # colour not w/b/-
    ("  9X w 1", "TRF401", 92),   # opponent not a number
    ("   1 w 1", "TRF405", 92),   # paired with themself
    ("   2 w 1x", "TRF106", 92),  # off the grid
])
def test_bad_cells_are_errors_at_their_column(cell, rule, column):
    t = trfscore.loads(two_players(cell, "   1 b 0"))
    found = [f for f in t.findings if f.rule == rule]
    assert found, t.findings
    assert (found[0].line, found[0].column, found[0].severity) == (4, column, "error")


def test_opponent_out_of_range_is_reported_on_the_line():
    t = trfscore.loads(two_players("  12 w 1", "0000 - U"))
    found = [f for f in t.findings if f.rule == "TRF401"]
    assert found and found[0].line == 4 and found[0].severity == "error"


def test_truncated_block_and_line():
    text = HEADER + line(1, "Alpha, A", "1.0", 1, "   2 w") + "\n" + "001    2 m    Beta, B" + "\n"
    t = trfscore.loads(text)
    assert {"TRF402", "TRF314"} <= rules(t)
    assert [f.line for f in t.findings if f.rule == "TRF314"] == [5]


def test_duplicate_start_rank_is_an_error_on_the_second_line():
    text = HEADER + line(1, "Alpha, A", "0.0", 1) + "\n" + line(1, "Again, A", "0.0", 2) + "\n"
    t = trfscore.loads(text)
    dup = [f for f in t.findings if f.rule == "TRF302"]
    assert dup and dup[0].line == 5 and len(t.players) == 1


def test_rounds_come_from_blocks_and_declared_count_not_from_132():
    # 132 lists two dates but the players have three round blocks: three rounds.
    dates = "132" + " " * 88 + "26/03/01  26/03/02"
    text = HEADER + dates + "\n" + line(1, "Alpha, A", "2.0", 1, "   2 w 1", "   2 b 1", "0000 - U") + "\n" + \
        line(2, "Beta, B", "1.0", 2, "   1 b 0", "   1 w 0", "0000 - U") + "\nXXR 4\n"
    t = trfscore.loads(text)
    assert t.rounds == 3 and t.header.rounds_declared == 4
    assert t.header.round_dates == ["26/03/01", "26/03/02"]


def test_rounds_beyond_declared_count_are_errors():
    text = HEADER + "142 1\n" + line(1, "Alpha, A", "2.0", 1, "   2 w 1", "   2 b 1") + "\n" + \
        line(2, "Beta, B", "0.0", 2, "   1 b 0", "   1 w 0") + "\n"
    assert "TRF407" in rules(trfscore.loads(text))


def test_scoring_records():
    grid = "".join(f"{s}{v:>4}    " for s, v in (("W", "3.0"), ("D", "1.0")))
    t = trfscore.loads(HEADER + "162  " + grid + "\n" + line(1, "Alpha, A", "1.0", 1, "0000 - U") + "\n")
    assert t.scoring.values["W"] == 3 and t.scoring.values["P"] == 3 and t.scoring.values["D"] == 1
    assert t.score(t.player(1)) == 3
    t = trfscore.loads(HEADER + "XXS WW=2 BW=3 D=1\n" + line(1, "A, A", "3.0", 1, "   2 b 1") + "\n" +
                       line(2, "B, B", "0.0", 2, "   1 w 0") + "\n")
    assert t.score(t.player(1)) == 3


def test_vega_style_records_are_not_interpreted():
    t = trfscore.loads(HEADER + "142 1.0 0.5\n152 4\n162 9\n")
    assert t.header.rounds_declared is None and t.header.initial_colour is None
    assert [f.rule for f in t.findings].count("TRF211") == 3


def test_ruler_lines_are_not_records():
    t = trfscore.loads("0123456789012345678901234567890\n" + HEADER)
    assert t.header.name == "Test Open"
    assert "TRF104" in rules(t) and "TRF212" not in rules(t)


def test_nrs_records_only_for_the_172_federation():
    nrs = "IND    1 m    Sharma, Ravi                      1650 MAH     1234567 1990/01/01"
    text = HEADER + "172 IND NIDOF\n" + line(1, "Sharma, Ravi", "0.0", 1) + "\n" + nrs + "\nDDD SSSS legend\n"
    t = trfscore.loads(text)
    assert t.player(1).national["IND"].rating == 1650
    t2 = trfscore.loads(HEADER + line(1, "Sharma, Ravi", "0.0", 1) + "\n" + nrs + "\n")
    assert not t2.player(1).national


def test_over_9999_players_is_a_finding():
    text = HEADER + "".join(line(i, f"P{i}, X", "0.0", "") + "\n" for i in range(1, 10000))
    text += "001 10000 m    Too Many, X\n"
    t = trfscore.loads(text)
    over = [f for f in t.findings if f.rule == "TRF313"]
    assert over and over[0].line == 10003 and over[0].severity == "error"
    assert "TRF302" not in rules(t) and t.player(10000).name == "Too Many, X"


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_endings(eol):
    text = two_players("   2 w 1", "   1 b 0").replace("\n", eol)
    t = trfscore.loads(text.encode())
    assert len(t.players) == 2 and t.player(1).games[0].kind == Kind.WIN
    assert {r.eol for r in t.source.records} == {eol}


def test_encoding_fallback_counts_characters_not_bytes():
    text = HEADER + line(1, "Ó Súilleabháin, Mícheál", "1.0", 1, "   2 w 1") + "\n" + line(2, "Beta, B", "0.0", 2, "   1 b 0") + "\n"
    for encoding, fallback in (("utf-8", False), ("latin-1", True)):
        t = trfscore.loads(text.encode(encoding))
        assert t.player(1).name == "Ó Súilleabháin, Mícheál"
        assert t.player(1).games[0].kind == Kind.WIN
        assert ("TRF101" in rules(t)) is fallback
    t = trfscore.loads(b"\xef\xbb\xbf" + text.encode())
    assert t.source.bom and t.header.name == "Test Open"


@pytest.mark.parametrize("path", corpus_params(LOCAL_CORPUS + SAMPLES + SHARED_CORPUS))
def test_every_corpus_file_reads_one_player_per_001_record(path):
    t = trfscore.load(path)
    records = [r for r in t.source.records if r.code == "001"]
    assert len(t.players) == len(records) > 0
    assert all(len(p.games) == t.rounds for p in t.players)
    assert not [f for f in t.findings if f.rule in ("TRF100", "TRF105")]


def test_quirks_of_real_files_are_findings_not_failures():
    by_name = {p.name: p for p in LOCAL_CORPUS}
    t = trfscore.load(by_name["sanichi__icu_tournament__latin-1.trf"])
    u = trfscore.load(by_name["sanichi__icu_tournament__utf-8.trf"])
    assert t.source.encoding in ("cp1252", "latin-1") and u.source.encoding == "utf-8"
    assert [p.name for p in t.players] == [p.name for p in u.players]
    bom = trfscore.load(by_name["sanichi__icu_tournament__armstrong_2012_with_bom.trf"])
    assert bom.source.bom and bom.header.name
    cr = trfscore.load(by_name["BieremaBoyzProgramming__bbpPairings__issue_7.trf"])
    assert len(cr.players) == 60 and cr.rounds == 14 and cr.header.rounds_declared == 15
    javafo = trfscore.load(by_name["echecsjs__trf__javafo_sample2.trf"])
    assert javafo.header.rounds_declared == 9 and javafo.player(22).games[4].kind == Kind.ZERO_BYE


def test_blank_result_byes_counted_by_the_points_become_byes_with_a_warning():
    # Irish Chess Union exports: a bye is '0000 -' with a blank result, and the points count it.
    text = HEADER + line(1, "Alpha, A", "1.5", 1, "   2 w 1", "0000 -") + "\n" + \
        line(2, "Beta, B", "0.0", 2, "   1 b 0", "0000 - Z") + "\n" + \
        line(3, "Gamma, C", "0.0", 3, "0000 - Z", "0000 -") + "\n"
    t = trfscore.loads(text)
    assert t.player(1).games[1].kind == Kind.HALF_BYE and t.score(t.player(1)) == Fraction(3, 2)
    assert t.player(3).games[1].kind == Kind.ABSENT  # its points do not count the blank: left alone
    found = [f for f in t.findings if f.rule == "TRF408"]
    assert [(f.line, f.column, f.severity) for f in found] == [(4, 102, "warning")]
    from trfscore.formats import trf
    assert trf.write_text(t) == text  # the bytes stay as they were


def test_blank_rounds_are_not_byes_when_the_points_do_not_say_so_exactly():
    text = HEADER + line(1, "Alpha, A", "1.2", 1, "   2 w 1", "0000 -") + "\n" + \
        line(2, "Beta, B", "0.0", 2, "   1 b 0", "0000 - Z") + "\n"
    t = trfscore.loads(text)
    assert t.player(1).games[1].kind == Kind.ABSENT and "TRF408" not in rules(t)


_RESULT_OF = {"1": ("1", "0", Fraction(1)), "0": ("0", "1", Fraction(0)), "=": ("=", "=", Fraction(1, 2))}
_BYE_CELLS = {"0000 - Z": Fraction(0), "0000 - H": Fraction(1, 2), "0000 - F": Fraction(1)}


@given(st.sampled_from(sorted(_RESULT_OF)), st.lists(st.sampled_from(["0000 -", *_BYE_CELLS]), min_size=1, max_size=3),
       st.integers(0, 10))
@settings(max_examples=150, deadline=None)
def test_blank_rounds_become_byes_exactly_when_the_declared_points_share_out_as_draws_or_wins(result, later, halves):
    """TRF408 as its rule states it (``player.infer_blank_byes``): the declared points less the
    computed ones, shared equally by the blank rounds, are a draw (or a win) each; the reader
    checks "no more than the cells give" in integers first."""
    own, other, points = _RESULT_OF[result]
    declared = Fraction(halves, 2)
    rest = ["0000 - Z"] * len(later)
    text = HEADER + line(1, "Alpha, A", f"{float(declared):.1f}", 1, f"   2 w {own}", *later) + "\n" + \
        line(2, "Beta, B", "0.0", 2, f"   1 b {other}", *rest) + "\n"
    t = trfscore.loads(text)
    blanks = [r for r, cell in enumerate(later, 2) if cell == "0000 -"]
    delta = declared - points - sum(_BYE_CELLS.get(cell, Fraction(0)) for cell in later)
    each = delta / len(blanks) if blanks else None
    expected = Kind.HALF_BYE if each == Fraction(1, 2) else Kind.FULL_BYE if each == 1 else None
    if not blanks or delta <= 0:
        expected = None
    kinds = [t.player(1).games[r - 1].kind for r in blanks]
    assert kinds == [expected or Kind.ABSENT] * len(blanks)
    assert ("TRF408" in rules(t)) == (expected is not None)
