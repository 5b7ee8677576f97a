"""One verdict (trfscore.consistency): the findings that make a number wrong appear in `report`
in every format, `--strict` fails on them, and the cheap screen never hides one from `check`.

Files written here from checkhelp.SWISS (four players, two rounds: 1 beat 2, 1-3 drawn, 2 beat
4, 3-4 drawn).
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest
from checkhelp import POINTS, SWISS, checked, cli, fields, paired, trf  # noqa: F401  (cli: a fixture)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pairing_reference import SWISS_HEADER, events

import trfscore
from trfscore.consistency import VERDICT_RULES, _screen, one_sided_note, verdict

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
    for order, place in (("rank", 30), ("rank", -1), ("rank", 0), ("start", 0)):
        t = trfscore.loads(text)
        standings = compute_standings(t)
        table = standings.columns()
        player = (table.players if order == "rank" else t.players)[place]  # (the first of a run, too)
        player.points = player.points + Fraction(1, 2)
        assert [f.rule for f in verdict(t, standings)] == ["TRF510"], (order, place)
        t.__dict__.pop("_verdict")
        assert [f.rule for f in verdict(t)] == ["TRF510"], (order, place)


#: clean events the screen must pass: double forfeits and unknown results beside plain games (the
#: round's codes are not plain opposites), one player alone, no round at all
CLEAN = [({1: ["2 - -", "3 w W"], 2: ["1 - -", "4 b 1"], 3: ["4 w D", "1 b L"], 4: ["3 b D", "2 w 0"]}, [4, 3, 2, 1]),
         ({1: ["0000 - U", "0000 - H"]}, [1]), ({1: [], 2: []}, [1, 2]),
         # one round holding every pair of results that fit, beside a double forfeit
         ({1: ["2 - -"], 2: ["1 - -"], 3: ["4 w W"], 4: ["3 b L"], 5: ["6 w L"], 6: ["5 b W"], 7: ["8 w D"],
           8: ["7 b D"], 9: ["10 w +"], 10: ["9 b -"], 11: ["12 w -"], 12: ["11 b +"], 13: ["14 w 1"],
           14: ["13 b 0"], 15: ["16 w 0"], 16: ["15 b 1"], 17: ["18 w ="], 18: ["17 b ="]}, list(range(18, 0, -1))),
         # the unknown results that fit (X and ? on both sides, mixed) beside a double forfeit, the
         # first player sitting the round out
         ({1: ["0000 - U"], 2: ["3 - -"], 3: ["2 - -"], 4: ["5 w X"], 5: ["4 b X"], 6: ["7 w ?"], 7: ["6 b ?"],
           8: ["9 w X"], 9: ["8 b ?"], 10: ["11 w ?"], 11: ["10 b X"]}, list(range(1, 12)))]


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
@pytest.mark.parametrize("points", ["declared", "blank"])
def test_the_screen_passes_clean_events_of_every_shape(event, points):
    rows, order = event
    unknown = {sr for sr in order if set("X?") & set("".join(rows[sr]))}  # (not in checkhelp.POINTS: left blank)
    opts = {sr: {"points": "" if points == "blank" or sr in unknown else None} for sr in order}
    assert _screen_is_exact(trf({sr: rows[sr] for sr in order}, header=SWISS_HEADER, ranks={}, opts=opts)) == []


def test_the_screen_passes_a_round_paired_and_not_played_yet():
    """The last round paired, its results to come (a pairing program's file between rounds): no
    verdict, and the screen passes it, with the standings or without (their paired blank cells are
    pending, not games without a result)."""
    from trfscore.standings import compute_standings

    t = trfscore.loads(paired(trf(header=SWISS_HEADER), [(1, 4), (2, 3)]), "trf")
    assert t.rounds == 3 and t.event.pending_round(3) is not None
    assert _screen_is_exact(paired(trf(header=SWISS_HEADER), [(1, 4), (2, 3)])) == []
    assert _screen(t, compute_standings(t))


#: events with one defect the verdict's rules name (docs/rules.md E2-E4, E6; TRF302 a start rank
#: used twice): the rule that must find it
DEFECTS = [
    # both players claim the win (E3)
    ({1: ["2 w 1", "3 b ="], 2: ["1 b 1", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b 0"]}, {}, "TRF504"),
    # a double forfeit that fits beside a game whose results do not (E3)
    ({1: ["2 - -"], 2: ["1 - -"], 3: ["4 w 1"], 4: ["3 b 1"]}, {}, "TRF504"),
    # round 1 of two: one game of unknown result and four games paired with no result at all, though
    # round 2 is played (E3: a played round's game holds a result)
    ({1: ["2 w X", "3 w 1"], 2: ["1 b X", "5 w 1"], 3: ["4 w", "1 b 0"], 4: ["3 b", "6 w ="], 5: ["6 w", "2 b 0"],
      6: ["5 b", "4 b ="], 7: ["8 w", "9 w 1"], 8: ["7 b", "10 w 1"], 9: ["10 w", "7 b 0"], 10: ["9 b", "8 b 0"]},
     {sr: {"points": ""} for sr in range(1, 11)}, "TRF504"),
    # some totals left blank, one declared half a point above its results (E6)
    (SWISS, {1: {"points": ""}, 2: {"points": "1.5"}}, "TRF510"),
]


@pytest.mark.parametrize("rows,opts,rule", DEFECTS)
def test_the_screen_leaves_every_defect_to_the_rules(rows, opts, rule):
    assert {f.rule for f in _screen_is_exact(trf(rows, header=SWISS_HEADER, ranks={}, opts=opts))} == {rule}


def test_a_start_rank_used_twice_is_left_to_the_rules():
    """A player line written twice: the reader keeps the first (TRF302), so the players it keeps
    are all consistent, and still the screen may not pass the file."""
    text = trf(header=SWISS_HEADER)
    lines = text.splitlines()
    text = "\n".join([*lines, lines[-1]]) + "\n"
    assert [p.start_rank for p in trfscore.loads(text).players] == [1, 2, 3, 4]
    assert [f.rule for f in _screen_is_exact(text)] == ["TRF302"]


def test_the_screen_reads_the_standings_only_when_they_cover_the_event():
    """Standings after round 1 of a two-round event, or of another event, are not the totals of
    this one: the screen adds the results up itself, or leaves the event to the rules."""
    from trfscore.standings import compute_standings
    from trfscore.testing.generate import swiss, to_trf

    t = trfscore.loads(trf(header=SWISS_HEADER))
    assert _screen(t, compute_standings(t, rounds=1)) and _screen(t, compute_standings(t))
    off = trfscore.loads(trf(header=SWISS_HEADER, opts={3: {"points": "2.0"}}))  # 3 has ½ + ½
    other = compute_standings(trfscore.loads(to_trf(swiss(6, 2, seed=1))))
    assert [f.rule for f in verdict(off, other)] == ["TRF510"]


def test_a_declared_total_of_another_type_is_left_to_the_rules():
    """A library user's float for a declared total (the model holds Fractions): the screen cannot
    compare it exactly and leaves it to TRF510."""
    t = trfscore.loads(trf(header=SWISS_HEADER))
    t.players[0].points = float(t.players[0].points) + 0.5
    assert [f.rule for f in verdict(t)] == ["TRF510"]


def test_a_tournament_without_players_has_no_verdict():
    t = trfscore.loads(trf(header=SWISS_HEADER))
    t.players = []
    assert t.rounds == 2 and verdict(t) == []


def test_the_verdict_is_made_once_per_reading():
    """The verdict is kept on the tournament: asking again gives the same list, not a new run."""
    t = trfscore.loads(ONE_SIDED)
    first = verdict(t)
    assert verdict(t) is first and verdict(t, None) is first


def test_the_one_sided_note_counts_each_pairing_once():
    """Each claim that is not returned is one pairing recorded by one player only, whether the
    other player's cell is blank (two TRF501 findings: the claim and the missing entry) or names
    someone else; a claim on a player confirmed with a third (TRF505) is no such pairing.  The
    count is derived here from the cells."""
    rows = {1: ["2 w 1"], 2: [""], 3: ["4 w 1"], 4: ["5 w 1"], 5: ["4 b 0"], 6: ["7 w 1"], 7: ["8 w 1"], 8: ["6 w 1"]}
    found = verdict(trfscore.loads(trf(rows, header=SWISS_HEADER, ranks={}, opts={sr: {"points": ""} for sr in rows})))
    opponent = {sr: int(cells[0].split()[0]) for sr, cells in rows.items() if cells[0]}
    confirmed = {sr for sr, o in opponent.items() if opponent.get(o) == sr}
    unreturned = [sr for sr, o in opponent.items() if opponent.get(o) != sr and o not in confirmed]
    assert unreturned == [1, 6, 7, 8]
    assert {"TRF501", "TRF505"} <= {f.rule for f in found}
    note = one_sided_note(found)
    assert note is not None and note.startswith(f"{len(unreturned)} pairing(s) recorded by one player only (TRF501)")
    assert one_sided_note([f for f in found if f.rule != "TRF501"]) is None


def _screen_is_exact(text: str) -> list:
    """Asserts that the verdict is check's findings of its rules on ``text``, and that the
    screen passes exactly when there are none, with the standings and without; the findings.
    A cell naming someone who is no player (TRF401) is left to the rules whatever they find."""
    from trfscore.event_reading import event_columns, event_positions
    from trfscore.standings import compute_standings

    t = trfscore.loads(text, "trf")
    expected = [f for f in checked(t, "basic", select=list(VERDICT_RULES)) if f.rule in VERDICT_RULES]
    assert verdict(t) == expected
    faithful = event_positions(t, event_columns(t, t.rounds))[1]  # every opponent named is a player
    assert _screen(t, None) == (not expected and faithful)
    assert not (_screen(t, compute_standings(t)) and expected)  # (the standings may leave more to the rules)
    return expected


@pytest.mark.parametrize("byes", [8, 9])
def test_the_round_robin_bye_note_names_the_first_eight_players(byes):
    """A nine-player round robin whose file writes a bye (U, one point under the default scoring)
    in the round each player sits out, for the first ``byes`` players: the standings score those
    rounds nothing, the file's scoring one point, and the note names the players (at most eight,
    then "...") with the difference in TRF's points form."""
    from trfscore.consistency import round_robin_bye_note
    from trfscore.standings import compute_standings
    from trfscore.testing.generate import round_robin, to_trf

    event = round_robin(9, seed=1)
    width = 91 + 10 * event.rounds
    lines = []
    for line in to_trf(event).splitlines():
        if line.startswith("001") and int(line[4:8]) <= byes:
            line = line.ljust(width)  # round r's cell: columns 92-101 + 10 (r - 1)
            free = next(91 + 10 * r for r in range(event.rounds) if line[91 + 10 * r:101 + 10 * r].strip() == "-")
            line = line[:free] + "0000 - U  " + line[free + 10:]  # (the round sat out: no opponent, no result)
        lines.append(line.rstrip())
    t = trfscore.loads("\n".join(lines) + "\n")
    assert sorted(p.start_rank for p in t.players if "U" in p.codes()) == list(range(1, byes + 1))
    note = round_robin_bye_note(t, compute_standings(t))
    shown = ", ".join(f"{sr} (1.0)" for sr in range(1, min(byes, 8) + 1)) + (" ..." if byes > 8 else "")
    assert note is not None and note.endswith(f"counts the bye written there (U, H or F) for player(s) {shown}")
    assert round_robin_bye_note(trfscore.loads(to_trf(event)), compute_standings(trfscore.loads(to_trf(event)))) is None
