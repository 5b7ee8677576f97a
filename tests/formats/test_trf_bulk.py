"""The 001 decoder: a run of lines decoded column by column into packed cells, the lines it
flags judged field by field with their findings and their blocks decoded one by one.

Whatever the lines, the players, games and findings of a run must be those of decoding each
line alone (a line's reading does not depend on its neighbours: padding, column checks), the
column check of the round blocks must flag exactly the blocks the block decoder reports on,
and standings computed from packed cells must equal those computed from ``Game`` tuples.
"""
from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.formats.trf import format_player
from trfscore.formats.trf.bulk import parse_players
from trfscore.formats.trf.player import parse_rounds, reporter
from trfscore.model import Game, Kind, Player, Record
from trfscore.testing.generate import round_robin, swiss, to_trf


def _line(rng: random.Random, sr: int, players: int, rounds: int) -> str:
    """A 001 line that is clean most of the time, with the odd quirk a real file has."""
    head = (f"001 {sr:>4} {rng.choice('mw  '):1}{rng.choice(['GM', 'IM', '', '', 'XX']):>3} "
            f"{rng.choice(['Doe, Jane', 'Roe, R', '', 'Łukasz, Ż']):<33} {rng.choice(['2100', '', '0', '21x0']):>4} "
            f"{rng.choice(['GER', '', 'G1R']):<3} {rng.choice(['4100018', '', '41a']):>11} "
            f"{rng.choice(['1990/01/02', '', '1990', '90-1-2']):<10} {rng.choice(['3.5', '1', '', '2,5', 'x']):>4} "
            f"{rng.choice([str(sr), '', '0', 'a']):>4}  ")
    cells = []
    for _ in range(rng.randint(0, rounds)):
        kind = rng.random()
        if kind < 0.7:
            opp = rng.randint(1, players + 2)  # now and then one who does not exist, or themself
            cells.append(f"{opp:>4} {rng.choice('wbwb-')} {rng.choice('10=+-WDL10=Z')}  ")
        elif kind < 0.85:
            cells.append(f"0000 {rng.choice('- ')} {rng.choice('HFUZ+=- ')}  ")
        elif kind < 0.95:
            cells.append(" " * 10)
        else:
            cells.append(rng.choice(["  1 w 1 ", " 0 1 b =  ", "  12 W 1  ", "  12 w ?  ", "\t 12 w 1 ",
                                     # opponent fields: leading zeros, zero, misaligned, not ASCII
                                     " 012 w 1  ", "0001 b 0  ", "  00 b 0  ", "   0 w =  ", "0 12 w 1  ",
                                     "1   b 1  ", "  é2 w 1  ", "０００1 w 1  ", "0000 w 1  ", "  12 - +  ",
                                     "0000 - 1  ", "     - H  ", "  12 w 1 x", "  12 w 1x ", "  12w  1  "]))
    return (head + "".join(cells)).rstrip() if rng.random() < 0.9 else head + "".join(cells)


def _records(lines: list[str]) -> list[Record]:
    return [Record("PLAYER", text, "\n", i + 1) for i, text in enumerate(lines)]


def _one_by_one(records):
    findings = []
    players = [p for r in records for p in parse_players([r], findings.append)]
    return players, findings


def _block_findings(cell: str) -> list:
    """What the block decoder reports on ``cell`` as round 1 of the player 9999."""
    findings: list = []
    parse_rounds((_HEAD + cell).rstrip(), 9999, reporter(1, findings.append))
    return findings


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 200),
       rounds=st.integers(0, 12))
def test_the_run_decoder_gives_each_line_as_read_by_itself(seed: int, count: int, rounds: int) -> None:
    rng = random.Random(seed)
    lines = [_line(rng, rng.randint(1, count) if rng.random() < 0.05 else i, count, rounds)
             for i in range(1, count + 1)]
    records = _records(lines)
    findings: list = []
    bulk = parse_players(records, findings.append)
    expected, expected_findings = _one_by_one(records)
    assert [f.to_dict() for f in findings] == [f.to_dict() for f in expected_findings]
    assert [p.round_count for p in bulk] == [len(p.games) for p in expected]
    assert [p.opponent_ranks() for p in bulk] == [[g.opponent for g in p.games] for p in expected]
    assert [p.kinds() for p in bulk] == [[g.kind for g in p.games] for p in expected]
    assert bulk == expected  # every field, games unpacked on comparison


def test_each_head_field_rule_is_reported_at_its_field() -> None:
    """Every rule of ``player.HEAD_RULES`` on a line that breaks them all (the columns of the
    001 record, TRF16 = TRF26), the points' two rules on two lines, read in a run or alone."""
    def line(sr: int, sex: str, title: str, name: str, rating: str, federation: str, fide_id: str, birth: str,
             points: str, rank: str) -> str:
        return (f"001 {sr:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {federation:<3} {fide_id:>11} {birth:<10} "
                f"{points:>4} {rank:>4}")

    lines = [line(1, "x", "XX", "", "21x0", "G1R", "41a", "90-1-2", "2,5", "a"),
             line(2, "m", "GM", "Doe, Jane", "2100", "GER", "4100018", "1990/01/02", "1.x", "2")]
    expected = [("TRF303", 1, 10, "sex 'x' is not 'm', 'w' or blank"), ("TRF304", 1, 11, "title 'XX' is not a FIDE title"),
                ("TRF305", 1, 15, "player name is empty"), ("TRF306", 1, 49, "rating '21x0' is not a number"),
                ("TRF307", 1, 54, "federation 'G1R' is not three letters"),
                ("TRF308", 1, 58, "FIDE id '41a' is not a number"),
                ("TRF309", 1, 70, "birth date '90-1-2' is not YYYY/MM/DD or YYYY"),
                ("TRF311", 1, 81, "points '2,5' use a decimal comma or extra decimals"),
                ("TRF312", 1, 86, "rank 'a' is not a number"), ("TRF310", 2, 81, "points '1.x' do not parse")]
    findings: list = []
    players = parse_players(_records(lines), findings.append)
    assert [(f.rule, f.line, f.column, f.message) for f in findings] == expected
    assert [f.to_dict() for f in _one_by_one(_records(lines))[1]] == [f.to_dict() for f in findings]
    assert [p.points for p in players] == [Fraction(5, 2), None]


def test_clean_lines_are_one_block_and_read_back_the_same_games() -> None:
    text = to_trf(swiss(200, 9, seed=3, forfeits=0.05, byes=0.05, withdrawals=0.1))
    t = trfscore.loads(text)
    # the generator writes clean lines, and reading them (blank-bye inference included) keeps
    # them one block; withdrawn players have blank cells, so that inference did look at them
    assert len({id(p.packed.cells) for p in t.players}) == 1
    assert any(" " in p.codes() for p in t.players)
    expected, _ = _one_by_one([r for r in t.source.records if r.kind == "PLAYER"])
    for p in expected:
        p.pad(t.rounds)
    assert [list(p.games) for p in t.players] == [list(p.games) for p in expected]
    assert [p.games for p in copy.deepcopy(t).players] == [p.games for p in expected]


@pytest.mark.parametrize("event", ["swiss", "odd round-robin"])
def test_standings_from_packed_cells_equal_standings_from_games(event: str) -> None:
    if event == "swiss":
        text = to_trf(swiss(300, 11, seed=5, forfeits=0.05, byes=0.05, withdrawals=0.1))
    else:  # sit-out rounds, which a round-robin scores as nothing
        text = to_trf(round_robin(65, seed=4))
    packed = trfscore.loads(text)
    unpacked = trfscore.loads(text)
    for p in unpacked.players:
        p.games = list(p.games)  # each in a store of its own: the columns gathered
    assert len({id(p.packed.cells) for p in packed.players}) == 1  # so the whole-block path is taken
    codes = ["BH-C1", "BH", "SB", "PS", "ARO", "WIN", "BPG", "KS"]
    for rules in ("fide-2026", "fide-2023", "fide-2009", "none"):
        a = packed.standings(tiebreaks=codes, rules=rules)
        b = unpacked.standings(tiebreaks=codes, rules=rules)
        assert [(r.rank, r.start_rank, r.points, r.tiebreaks) for r in a.rows] == \
               [(r.rank, r.start_rank, r.points, r.tiebreaks) for r in b.rows]
    rows = [p.packed for p in packed.players]
    packed.standings(tiebreaks=codes)
    assert [p.packed for p in packed.players] == rows  # ranking moves nobody's cells


def test_a_changed_packed_player_is_written_back_changed() -> None:
    text = to_trf(swiss(100, 5, seed=8))
    t = trfscore.loads(text)
    first = t.players[0]
    first.games[0] = first.games[0]._replace(code="=", kind="draw")
    out = trfscore.formats.trf.write_text(t)
    assert out != text
    assert trfscore.loads(out).players[0].games[0].kind == "draw"
    assert trfscore.formats.trf.write_text(trfscore.loads(text)) == text


def test_one_huge_line_does_not_pad_every_line_to_its_length() -> None:
    bye = [Game(1, None, None, "H", Kind.HALF_BYE)]
    lines = [format_player(Player(i, name=f"Player {i}", games=bye)) for i in range(1, 200)]
    zero = [Game(r, None, None, "Z", Kind.ZERO_BYE) for r in range(1, 1901)]
    lines.append(format_player(Player(200, name="Long", games=zero)))
    findings: list = []
    players = parse_players(_records(lines), findings.append)
    assert [p.round_count for p in players] == [1] * 199 + [1900]
    assert players[0].games == bye and players[-1].games == zero  # decoded line by line, kept in one store
    assert findings == []


_HEAD = f"001 9999 m    {'Doe, Jane':<33} 2100 GER     4100018 1990/01/02  3.5    1  "


@settings(max_examples=300, deadline=None)
@given(cells=st.lists(st.text(alphabet=" 0123456789wb-=+WDLHFUZ?é\t", min_size=10, max_size=10), min_size=1,
                      max_size=8))
def test_bulk_cell_check_agrees_with_the_line_decoder(cells: list[str]) -> None:
    """A block is irregular in the column check exactly when the block decoder reports on it."""
    from trfscore.formats.trf.bulk import _irregular_cells

    assume(all(cell[:4] != "9999" for cell in cells))  # pairing with oneself is checked apart
    expected = [k for k, cell in enumerate(cells) if _block_findings(cell)]
    assert _irregular_cells("".join(cells).encode("ascii", "replace")) == expected


_OPPONENT_CHARS = st.sampled_from(" 00123456789x")
_STRUCTURED_CELL = st.builds(
    lambda opp, sep, colour, code: f"{''.join(opp)}{sep[0]}{colour}{sep[1]}{code}{sep[2]}{sep[3]}",
    st.lists(_OPPONENT_CHARS, min_size=4, max_size=4),
    st.lists(st.sampled_from("    x"), min_size=4, max_size=4),
    st.sampled_from("wb- ?"), st.sampled_from("+-=WDLHFUZ01 ?"))


@settings(max_examples=500, deadline=None)
@given(cells=st.lists(_STRUCTURED_CELL, min_size=1, max_size=12))
def test_bulk_cell_check_agrees_with_the_line_decoder_on_cells_made_of_parts(cells: list[str]) -> None:
    """The same as the test above, the cells built from a likely opponent field, separators,
    colour and code, so that every combination the bulk check tells apart (blank, ``0000``,
    right- or left-aligned numbers, a zero among digits, each side's colours and codes) comes
    up often.  The column check may also flag an opponent field the block decoder reads
    silently but that is not written the usual way (blank, ``0000`` or a right-aligned number
    from 1 up without leading zeros, e.g. ``" 12 "`` or ``"   0"``): it leaves such a line to
    that decoder."""
    from trfscore.formats.trf.bulk import _irregular_cells

    assume(all(cell[:4] != "9999" for cell in cells))
    reported, unusual = set(), set()
    for k, cell in enumerate(cells):
        if _block_findings(cell):
            reported.add(k)
        field = cell[:4]
        if field not in ("    ", "0000") and not (field.strip().isdigit() and field.strip()[0] != "0"
                                                  and field == field.strip().rjust(4)):
            unusual.add(k)
    irregular = set(_irregular_cells("".join(cells).encode("ascii", "replace")))
    assert reported <= irregular <= reported | unusual
