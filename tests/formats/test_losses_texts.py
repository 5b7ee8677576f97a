"""What the CNV findings say (trfscore.formats.losses), word for word where a person acts on it:
each scoring value lost named as TRF-2026 record 162 names its symbol, where the scoring came
from (record 162, XXS, BB), the players left out of a PGN file, a grid's colours, the system a
table reads back, and the API's refusal."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

import trfscore
from conftest import ROOT
from trfscore.findings import SEVERITIES, finding
from trfscore.formats import registry
from trfscore.formats.losses import ConversionLoss, lost, reaches
from trfscore.model import Kind
from trfscore.testing import generate
from trfscore.unfinished import score_unfinished

#: TRF-2026 record 162's symbols as the messages name them, and the default scoring's points
#: (FIDE: a win 1, a draw ½, a loss, an absence 0, a pairing-allocated bye 1, an unknown result ½)
SYMBOLS = {"W": ("a win", Fraction(1)), "D": ("a draw", Fraction(1, 2)), "L": ("a loss", Fraction(0)),
           "A": ("an absence", Fraction(0)), "P": ("a pairing-allocated bye", Fraction(1)),
           "X": ("an unknown result (X)", Fraction(1, 2))}


def messages(t, fmt: str) -> dict[str, str]:
    return {f.rule: f.message for f in lost(t, registry.get(fmt).write(t), fmt)}


def shown(value: Fraction) -> str:
    """A value as the messages write it: a whole number, else its decimal."""
    return str(value.numerator) if value.denominator == 1 else str(float(value))


@pytest.mark.parametrize("changed", ["WDLAPX", "WL", "P"])
def test_each_scoring_value_lost_is_named_and_only_those(changed):
    """A 162 record whose values for ``changed`` differ from the default (each two more: the totals
    stay in TRF's four-column points field), written to TRF16: every changed value named with what it reads back as, in the record's
    order, none of the others."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    for s in changed:
        t.scoring.values[s] = SYMBOLS[s][1] + 2
    t.players = [replace(p, points=None, rank=None) for p in t.players]
    message = messages(trfscore.loads(trfscore.dumps(t, format="trf26")), "trf16")["CNV002"]
    said = "; ".join(f"{SYMBOLS[s][0]} {shown(SYMBOLS[s][1] + 2)} (read back: {shown(SYMBOLS[s][1])})"
                     for s in "WDLAPX" if s in changed)
    assert message.startswith(f"the scoring of record 162 has no place in trf16: reading the written file back "
                              f"scores {said}, so ")
    assert message.endswith(" get other points; TRF26 (record 162) and JSON keep it")


@pytest.mark.parametrize("record,source", [("XXS W=3", "the XXS record"), ("BBW  3.0", "the BB records")])
def test_the_scoring_lost_is_named_by_the_record_it_came_from(record, source):
    """JaVaFo's XXS and bbpPairings' BB records set the scoring of a TRF(x): a win worth 3."""
    text = (ROOT / "samples" / "swiss-byes-forfeits.trf").read_text(encoding="utf-8") + record + "\n"
    message = messages(trfscore.loads(text), "pgn")["CNV002"]
    assert message.startswith(f"the scoring of {source} has no place in pgn: reading the written file back scores "
                              "a win 3 (read back: 1)")


def same_names(t):
    """``t`` with players 1 and 2 named alike and without FIDE ids (PGN makes one player of them)."""
    t.players = [replace(p, points=None, rank=None, **({"name": "Same, Name", "fide_id": ""} if p.start_rank <= 2
                                                         else {})) for p in t.players]
    return t


def test_players_of_one_name_are_compared_by_their_points():
    """Two players named alike: the points are compared sorted, and the message counts no players
    it cannot name."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.scoring.values["W"] = Fraction(3)
    t = trfscore.loads(trfscore.dumps(same_names(t), format="trf26"))
    for fmt in ("trf16", "pgn"):
        assert "scores a win 3 (read back: 1), so players get other points" in messages(t, fmt)["CNV002"], fmt


def test_a_scoring_set_by_hand_is_the_files():
    t = trfscore.load(ROOT / "samples" / "swiss-byes-forfeits.trf")  # TRF16: the default scoring
    t.scoring.values["W"] = Fraction(3)
    assert messages(t, "trf16")["CNV002"].startswith("the scoring of the file has no place in trf16: ")


def test_a_lost_colour_detail_names_the_first_player_it_changes():
    """XXS BW=2 (a win with Black worth 2) changes no 162 value: the message names the first
    player, in start order, whose points read back otherwise, with both totals; with players
    named alike it can only say that the points differ."""
    text = (ROOT / "samples" / "swiss-byes-forfeits.trf").read_text(encoding="utf-8") + "XXS BW=2\n"
    t = trfscore.loads(text)
    assert t.scoring.values == trfscore.loads(text.replace("XXS BW=2", "")).scoring.values
    back = trfscore.loads(registry.get("pgn").write(t))
    after = {p.name: back.score(p) for p in back.players}
    differ = [(p.name, t.score(p), after[p.name]) for p in t.players if after[p.name] != t.score(p)]
    assert differ and all(now < was for _, was, now in differ)  # (their wins with Black count 1 read back)
    name, was, now = differ[0]
    assert messages(t, "pgn")["CNV002"] == (
        f"the scoring of the XXS record has no place in pgn: reading the written file back scores {name} "
        f"{shown(now)} instead of {shown(was)}, so {len(differ)} player(s) get other points; TRF26 (record 162) "
        "and JSON keep it")
    assert "reading the written file back scores otherwise, so players get other points" in messages(
        same_names(trfscore.loads(text)), "pgn")["CNV002"]


@pytest.mark.parametrize("without", [10, 11, 12])
def test_players_left_out_of_a_pgn_file_are_listed_up_to_ten(without):
    """Players without any game or bye (entered, then withdrawn) are not written to PGN: the
    message counts them all and names the first ten start ranks."""
    t = trfscore.loads(generate.to_trf(generate.swiss(6, 3, seed=2)))
    t.players = [*t.players, *(replace(t.players[-1], start_rank=7 + i, name=f"Late, {i}", games=[], points=None)
                               for i in range(without))]
    ranks = list(range(7, 7 + without))
    listed = ", ".join(map(str, ranks[:10])) + (" ..." if without > 10 else "")
    assert messages(t, "pgn")["CNV003"] == (f"{without} player(s) without any game or bye (start rank {listed}) "
                                           "not written: a PGN file holds players only through their games")


def test_a_grid_of_a_round_robin_with_one_colour_known_says_it_loses_it():
    """CNV005 as soon as one cell of one player holds a colour (the others blank)."""
    t = trfscore.loads(generate.to_trf(generate.round_robin(6, seed=3)))
    for p in t.players:
        for r, g in enumerate(p.games):
            if (p.start_rank, r) != (1, 0):
                p.games[r] = g._replace(colour=None)
    assert [p.colours().count(None) for p in t.players] == [len(p.games) - 1] + [len(p.games)] * 5
    assert messages(t, "crosstable")["CNV005"] == (
        "a round robin written as a grid: its cells hold no rounds and no colours (read back: Berger-table rounds, "
        "colours unknown); a Swiss-style table or TRF keeps them")
    for p in t.players:
        p.games[0] = p.games[0]._replace(colour=None)
    assert "CNV005" not in messages(t, "crosstable")


def test_the_system_a_table_reads_back_is_named_both_ways():
    swiss = trfscore.loads(generate.to_trf(generate.swiss(4, 3, seed=1)))  # everybody met everybody
    assert messages(swiss, "crosstable")["CNV006"].startswith(
        "the file declares a Swiss, but a crosstable does not say its system and these pairings read back as a "
        "round robin, with its tie-breaks and checks")
    rr = generate.round_robin(6, seed=3)  # a round robin still running: written Swiss-style
    for p in rr.players:
        p.games[2] = p.games[2]._replace(code=" ")
        del p.games[3:]
    rr.rounds = 3
    t = trfscore.loads(generate.to_trf(rr))
    assert messages(t, "crosstable")["CNV006"].startswith(
        "the file declares a round robin, but a crosstable does not say its system and these pairings read back as "
        "a Swiss")


def test_the_refusal_names_the_first_three_losses():
    found = [finding("CNV001", "one"), finding("CNV002", "two"), finding("CNV004", "three"), finding("CNV005", "four")]
    head = "loss(es) writing crosstable, nothing written (fail_on=None writes it all the same): "
    three = "warning CNV001 one; error CNV002 two; warning CNV004 three"
    assert str(ConversionLoss("crosstable", found)) == f"4 {head}{three} ..."
    assert str(ConversionLoss("crosstable", found[:3])) == f"3 {head}{three}"
    assert ConversionLoss("crosstable", found).findings == found


def test_fail_on_none_never_fails_and_another_word_is_refused():
    found = [finding("CNV002", "lost")]
    assert reaches(found, "error") and not reaches(found, None)
    with pytest.raises(ValueError, match=f"unknown fail_on 'fatal'; choose one of {', '.join(SEVERITIES)} or None"):
        reaches(found, "fatal")


#: byes that name an opponent (TRF405), the first in the first cell and two side by side
NAMED_BYES = """012 Odd cells
XXR 2
001    1 m    Alpha, A                          2300 GER     4100018                          2 w H     3 w H
001    2 m    Beta, B                           2200 GER     4100026                          1 b H     4 w 1
001    3 m    Gamma, C                          2100 GER     4100034                          4 w 1     1 w H
001    4 m    Delta, D                          2000 GER     4100042                          3 b 0     2 b 0
"""


def test_every_bye_naming_an_opponent_is_counted():
    cells = [line[91:][k:k + 10].split() for line in NAMED_BYES.splitlines() if line.startswith("001")
             for k in range(0, 20, 10)]
    named = sum(1 for opponent, _, result in cells if opponent != "0000" and result in "UHFZ")  # TRF16 bye codes
    assert named == 4
    t = trfscore.loads(NAMED_BYES)
    assert messages(t, "pgn")["CNV009"].startswith(f"{named} cell(s) name an opponent but say no game was played")


def test_a_player_without_a_game_is_left_out_of_pgn_whatever_his_cells_say():
    """A player entered and absent every round (blank cells), and one whose only cell names an
    opponent in a round not scheduled for him: neither has a game or a bye, so PGN has no place
    for either."""
    from trfscore.model import Game, Kind, Player

    absent = trfscore.loads(generate.to_trf(generate.swiss(6, 3, seed=2)))
    absent.players = [*absent.players, replace(absent.players[-1], start_rank=7, name="Late, L", points=None)]
    late = absent.players[-1]
    for r in range(3):
        late.games[r] = late.games[r]._replace(opponent=None, colour=None, code=" ", kind=Kind.ABSENT)
    assert messages(absent, "pgn")["CNV003"].startswith("1 player(s) without any game or bye (start rank 7)")
    built = trfscore.Tournament(rounds=1)
    built.players = [Player(1, "White, W", games=[Game(1, 2, "w", "1", Kind.WIN)]),
                     Player(2, "Black, B", games=[Game(1, 1, "b", "0", Kind.LOSS)]),
                     Player(3, "Free, F", games=[Game(1, 1, None, " ", Kind.NOT_SCHEDULED)])]
    assert messages(built, "pgn")["CNV003"].startswith("1 player(s) without any game or bye (start rank 3)")
    assert sorted(p.name for p in trfscore.loads(registry.get("pgn").write(built)).players) == ["Black, B", "White, W"]


def ranked(points_and_ranks: list[tuple[int, int | None]]) -> trfscore.Tournament:
    """Players of one round each, a full-point bye (1 point) or a zero-point bye (0), with their
    declared ranks."""
    from trfscore.model import Game, Kind, Player

    kinds = {1: ("1", Kind.FULL_BYE), 0: ("Z", Kind.ZERO_BYE)}
    built = trfscore.Tournament(rounds=1)
    built.players = [Player(i, f"Player {i}", rank=rank, games=[Game(1, None, None, *kinds[points])])
                     for i, (points, rank) in enumerate(points_and_ranks, 1)]
    return built


def test_ranks_lost_when_only_some_are_declared_or_one_is_out_of_order():
    some = messages(ranked([(1, 1), (0, None)]), "pgn")["CNV007"]
    assert some.startswith("the ranks of 1 player(s) are not written (pgn has no place for them)")
    out_of_order = messages(ranked([(1, 1), (0, 2), (1, 3)]), "pgn")["CNV007"]  # 1, 0, 1 point in rank order
    assert out_of_order == (
        "the ranks of 3 player(s) are not written (pgn has no place for them): read back, ranks come from the "
        "standings; some declared ranks do not follow the points, so the written file's ranks differ; TRF and "
        "JSON keep them")


def test_the_default_tie_breaks_are_named_only_when_record_202_is_left_out():
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")  # records 192 and 202
    with_202 = messages(t, "trf16")["CNV008"]
    assert with_202.endswith("not written: TRF16 has no place for them; read back, the standings use the default "
                             "tie-breaks; trf26 and JSON keep them")
    t.header.tiebreaks = []
    without = messages(t, "trf16")["CNV008"]
    assert "202" not in without and without.endswith("not written: TRF16 has no place for them; trf26 and JSON "
                                                     "keep them")


def _quarter_draws() -> trfscore.Tournament:
    """swiss-trf26.trf with a win worth 3 and a draw worth ¾ (record 162) and no declared points:
    totals such as 12.75."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.scoring.values.update(W=Fraction(3), D=Fraction(3, 4))
    t.players = [replace(p, points=None, rank=None) for p in t.players]
    return t


def test_unfinished_pending_and_a_lost_scoring_value_are_both_named():
    """--unfinished pending leaves the X results unscored, and record 162's win worth 3 is lost
    as well: both causes are named, with what keeps them (alone, pending names nothing that keeps it)."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.scoring.values["W"] = SYMBOLS["W"][1] + 2
    first = t.players[0]  # its round 1 game made an unknown result, on both sides
    second = t.player(first.games[0].opponent)
    for p in (first, second):
        p.games[0] = p.games[0]._replace(code="X", kind=Kind.UNKNOWN)
    score_unfinished(t, "pending")
    message = messages(t, "trf16")["CNV002"]
    assert message.startswith("the choice --unfinished pending (unknown results not scored) and the scoring of "
                              "record 162 have no place in trf16: reading the written file back scores "
                              f"{SYMBOLS['W'][0]} 3 (read back: 1)")
    assert message.endswith(" get other points; TRF26 (record 162) and JSON keep it")


def test_unfinished_draw_is_blamed_only_for_the_value_it_gives_unknown_results():
    """--unfinished draw scores X as the draw (½ here): a win worth 3 is the scoring's loss alone
    (the text used to blame --unfinished draw); with a draw worth ¾ the X it gives is lost too, and
    both are named."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.scoring.values["W"] = Fraction(3)
    score_unfinished(t, "draw")
    assert t.scoring.values["X"] == SYMBOLS["X"][1]  # the draw's ½: read back the same
    assert messages(t, "trf16")["CNV002"].startswith(
        "the scoring of record 162 has no place in trf16: reading the written file back scores a win 3 (read back: 1), so ")
    t = _quarter_draws()
    score_unfinished(t, "draw")
    assert messages(t, "pgn")["CNV002"].startswith(
        "the scoring of record 162 and the value --unfinished draw gives unknown results have no place in pgn: reading "
        f"the written file back scores a win 3 (read back: 1); a draw 0.75 (read back: 0.5); {SYMBOLS['X'][0]} 0.75 "
        "(read back: 0.5), so ")


@pytest.mark.parametrize("code", ["202", "212"])
def test_a_tiebreak_record_lost_says_the_default_tiebreaks_apply(code):
    """Either tie-break record (202 the definition, 212 the standings') lost in PGN: read back,
    the standings use the default tie-breaks, and CNV010 says so."""
    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    t.header = replace(t.header, tiebreaks=[], standings_tiebreaks=[])
    setattr(t.header, "tiebreaks" if code == "202" else "standings_tiebreaks", ["BH", "SB"])
    message = messages(t, "pgn")["CNV010"]
    assert f" {code} (" in message and "; read back, the standings use the default tie-breaks;" in message
    other = "212" if code == "202" else "202"
    assert f" {other} (" not in message


def test_a_header_record_the_model_does_not_hold_is_counted_among_the_other_lines():
    """352 (board colours) is a header record the model holds no value for: the TRF writers carry
    its line; PGN has no place for it, and CNV010 counts it among the other lines read."""
    t = trfscore.loads(open(ROOT / "samples" / "swiss-trf26.trf", encoding="utf-8").read() + "352 WB\n")
    message = messages(t, "pgn")["CNV010"]
    assert "1 other line(s) read (352 board colours of a team match)" in message, message


def test_a_default_scoring_is_not_read_back(monkeypatch):
    """Only a scoring other than the default, or an --unfinished choice, can be lost: for the
    others the written file (which may be large) is not read back at all."""
    import trfscore.loading

    t = trfscore.load(ROOT / "samples" / "swiss-trf26.trf")
    reads: list[str] = []
    real = trfscore.loading.loads
    monkeypatch.setattr(trfscore.loading, "loads", lambda data, fmt, **kw: reads.append(fmt) or real(data, fmt, **kw))
    assert "CNV002" not in messages(t, "pgn") and reads == []
    score_unfinished(t, "zero")
    messages(t, "pgn")
    assert reads == ["pgn"]
