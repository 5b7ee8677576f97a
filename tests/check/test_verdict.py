"""One verdict (trfscore.consistency): the findings that make a number wrong appear in `report`
in every format, `--strict` fails on them, and the cheap screen never hides one from `check`.

Files written here from checkhelp.SWISS (four players, two rounds: 1 beat 2, 1-3 drawn, 2 beat
4, 3-4 drawn).
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest
from checkhelp import POINTS, SWISS, checked, cli, fields, trf  # noqa: F401  (cli: a fixture)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pairing_reference import SWISS_HEADER, events

import trfscore
from trfscore.consistency import VERDICT_RULES, verdict

#: player 4 lists 2 in round 2, as SWISS has it, but player 2 lists nobody: a game one side records
ONE_SIDED = trf({1: ["2 w 1", "3 b ="], 2: ["1 b 0", ""], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b 0"]})


def test_a_game_one_side_records_is_in_every_format_and_fails_strict(cli, tmp_path):
    path = tmp_path / "one-sided.trf"
    path.write_text(ONE_SIDED, encoding="utf-8")
    code, text, err = cli("report", path)
    assert code == 0 and "TRF501" in err and "doubtful" in text
    assert "counts for the player who records it" in text  # which side the standings used
    code, _, _ = cli("report", path, "--strict")
    assert code == 1
    for fmt in ("markdown", "html"):
        code, out, _ = cli("report", path, "--format", fmt)
        assert "doubtful (TRF501" in out, fmt
    code, out, _ = cli("report", path, "--format", "json")
    assert {f["rule"] for f in json.loads(out)["findings"]} >= {"TRF501"}
    code, _, err = cli("report", path, "--format", "csv", "--strict")
    assert code == 1 and "TRF501" in err


def test_declared_points_against_the_results_fail_strict(cli, tmp_path):
    path = tmp_path / "points.trf"
    path.write_text(trf(opts={3: {"points": "2.0"}}), encoding="utf-8")  # 3 has ½ + ½
    code, out, err = cli("report", path, "--format", "json", "--strict")
    assert code == 1 and [f["rule"] for f in json.loads(out)["findings"]] == ["TRF510"]


def test_a_clean_file_has_no_verdict(cli, tmp_path):
    path = tmp_path / "clean.trf"
    path.write_text(trf(), encoding="utf-8")
    code, out, err = cli("report", path, "--strict")
    assert code == 0 and err == "" and "doubtful" not in out


CELL = st.sampled_from(["", "1 w 1", "2 b 0", "3 w =", "4 b =", "2 w 1", "1 b 0", "4 w +", "3 b -", "0000 - U",
                        "0000 - H", "3 w 1", "4 b 0", "1 w -", "2 b -", "0000 - Z", "5 w 1"])


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 1), CELL), max_size=4))
def test_the_screen_never_hides_what_check_finds(changes):
    """Random changes to SWISS's cells: the report's verdict names exactly the rules (and
    findings) that check's verdict rules give."""
    rows = {sr: list(cells) for sr, cells in SWISS.items()}
    for sr, rnd, cell in changes:
        rows[sr][rnd] = cell
    t = trfscore.loads(trf(rows, opts={sr: {"points": "1.0"} for sr in rows if any(not c for c in rows[sr])}))
    expected = [f for f in checked(t, "basic", select=list(VERDICT_RULES)) if f.rule in VERDICT_RULES]
    assert verdict(t) == expected


def test_the_verdict_follows_a_tournament_whose_players_are_replaced():
    """A library user who reads a file, asks for the verdict and then gives the tournament other
    players gets the verdict of the players it now has, not the kept one."""
    t = trfscore.loads(trf())
    assert verdict(t) == []
    t.players = trfscore.loads(ONE_SIDED).players
    assert {f.rule for f in verdict(t)} == {"TRF501"}


def test_the_verdict_and_the_tiebreak_context_read_one_opponent_position_column():
    """Every cell's opponent as a position in the players' list (NOBODY: none, not a player, the
    player itself) is made once for the event's columns, and both the tie-break context and the
    verdict's screen read that list; a cell naming a stranger or the player itself says so."""
    from trfscore.event_reading import NOBODY, event_columns, event_positions
    from trfscore.tiebreaks.context import build_context

    t = trfscore.loads(trf())
    cells = event_columns(t, t.rounds)
    positions, faithful = event_positions(t, cells)
    opponents = [int(cell.split()[0]) - 1 for cells in SWISS.values() for cell in cells]  # start ranks 1..4, rows 0..3
    assert faithful and positions == opponents == [1, 2, 0, 3, 3, 0, 2, 1]  # SWISS's pairings, player after player
    assert event_positions(t, cells)[0] is positions
    assert build_context(t, rr=False).flat_opp is positions
    stranger = trfscore.loads(trf({**SWISS, 1: ["5 w 1", "3 b ="]}))
    itself = trfscore.loads(trf())  # (the TRF reader reads a cell naming its own player as none: TRF405)
    games = itself.players[0].games
    games[0] = games[0]._replace(opponent=1)
    for t in (stranger, itself):
        positions, faithful = event_positions(t, event_columns(t, t.rounds))
        assert not faithful and positions == [NOBODY, *opponents[1:]]
        assert verdict(t) == [f for f in checked(t, "basic", select=list(VERDICT_RULES)) if f.rule in VERDICT_RULES]


def test_declared_points_are_compared_with_the_standings_for_every_player():
    """The totals are compared run by run (neighbours in rank order holding the same two
    objects): one player's declared total changed inside a group tied on points, or the last
    player's, is found, with the standings or without them."""
    from fractions import Fraction

    from trfscore.standings import compute_standings
    from trfscore.testing.generate import swiss, to_trf

    text = to_trf(swiss(60, 7, seed=11))
    assert verdict(trfscore.loads(text)) == []
    for place in (30, -1):
        t = trfscore.loads(text)
        standings = compute_standings(t)
        table = standings.columns()
        player = table.players[place]
        player.points = player.points + Fraction(1, 2)
        assert [f.rule for f in verdict(t, standings)] == ["TRF510"], place
        t.__dict__.pop("_verdict")
        assert [f.rule for f in verdict(t)] == ["TRF510"], place


#: clean events the screen must pass: double forfeits and unknown results beside plain games (the
#: round's codes are not plain opposites), one player alone, no round at all
CLEAN = [({1: ["2 - -", "3 w W"], 2: ["1 - -", "4 b 1"], 3: ["4 w D", "1 b L"], 4: ["3 b D", "2 w 0"]}, [4, 3, 2, 1]),
         ({1: ["0000 - U", "0000 - H"]}, [1]), ({1: [], 2: []}, [1, 2]),
         # one round holding every pair of results that fit, beside a double forfeit
         ({1: ["2 - -"], 2: ["1 - -"], 3: ["4 w W"], 4: ["3 b L"], 5: ["6 w L"], 6: ["5 b W"], 7: ["8 w D"],
           8: ["7 b D"], 9: ["10 w +"], 10: ["9 b -"], 11: ["12 w -"], 12: ["11 b +"], 13: ["14 w 1"],
           14: ["13 b 0"], 15: ["16 w 0"], 16: ["15 b 1"], 17: ["18 w ="], 18: ["17 b ="]}, list(range(18, 0, -1)))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=events(), data=st.data())
def test_the_screen_passes_exactly_the_events_the_rules_find_clean(event, data):
    """On random Swiss events with planted defects (``test_pairing_reference.events``), and a
    declared total maybe off by half a point or left blank: the verdict is check's findings of
    its rules, and the cheap screen passes exactly when those are none, given the standings or
    not (a screen that passes too much hides a finding; one that passes too little makes every
    clean file pay for the rules)."""
    rows, order = event
    off = data.draw(st.sampled_from([None, *order]))
    opts: dict[int, dict] = {sr: {"points": ""} for sr in data.draw(st.sets(st.sampled_from(order)))}
    if off is not None:
        opts[off] = {"points": sum((POINTS[fields(c)[2]] for c in rows[off]), Fraction(1, 2))}
    _screen_is_exact(trf({sr: rows[sr] for sr in order}, header=SWISS_HEADER, ranks={}, opts=opts))


@pytest.mark.parametrize("event", CLEAN)
def test_the_screen_passes_clean_events_of_every_shape(event):
    rows, order = event
    assert _screen_is_exact(trf({sr: rows[sr] for sr in order}, header=SWISS_HEADER, ranks={})) == []


def _screen_is_exact(text: str) -> list:
    """Asserts that the verdict is check's findings of its rules on ``text``, and that the
    screen passes exactly when there are none, with the standings and without; the findings."""
    from trfscore.consistency import _screen
    from trfscore.standings import compute_standings

    t = trfscore.loads(text, "trf")
    expected = [f for f in checked(t, "basic", select=list(VERDICT_RULES)) if f.rule in VERDICT_RULES]
    assert verdict(t) == expected
    assert _screen(t, None) == (not expected)
    assert not (_screen(t, compute_standings(t)) and expected)  # (the standings may leave more to the rules)
    return expected
