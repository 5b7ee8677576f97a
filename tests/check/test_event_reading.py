"""One reading of the event (trfscore.event_reading): files saved during the event, matches,
and report and check agreeing on what the file is.

Every file here is written by the test: a four-player Swiss (checkhelp.SWISS, two rounds played,
1 beat 2, 1-3 drawn, 2 beat 4, 3-4 drawn) and a third round paired after it.
"""
from __future__ import annotations

import json
from fractions import Fraction

from checkhelp import SWISS, cli, paired, rules_of, trf  # noqa: F401  (cli: a fixture)

import trfscore

XXR = ["092 Individual: Swiss-System", "XXR 5"]
#: round 3 paired (1-4, 3-2) with blank results, as a pairing program saves it between rounds
MID = trf({sr: cells + [third] for (sr, cells), third in zip(SWISS.items(), ["4 w", "3 b", "2 w", "1 b"])}, extra=XXR)


def test_a_pending_cell_is_an_opponent_and_a_colour_with_a_blank_result():
    """``checkhelp.trf`` writes ``"4 w"`` as a paired cell without a result, worth nothing in the
    points column, as :func:`checkhelp.paired` appends a paired round to a finished file."""
    assert MID == paired(trf(extra=XXR), [(1, 4), (3, 2)])
    first = next(line for line in MID.splitlines() if line.startswith("001    1"))
    assert first.endswith("   2 w 1     3 b =     4 w") and " 1.5 " in first  # 1 + 1/2, nothing for round 3
    game = trfscore.loads(MID).players[0].games[2]
    assert (game.opponent, game.colour, game.code) == (4, "w", " ")


def test_a_paired_round_without_results_is_pending_and_the_view_is_after_the_last_played():
    event = trfscore.loads(MID).event
    assert (event.rounds, event.played, event.declared) == (3, 2, 5)
    assert [(p.number, p.state, sorted(p.waiting)) for p in event.pending] == [(3, "paired", [1, 2, 3, 4])]
    assert event.in_progress and event.system == "swiss"
    assert event.describe() == "standings after round 2 of 5; round 3 paired"


def test_a_finished_file_reads_as_played_through_its_last_round():
    event = trfscore.loads(trf()).event
    assert (event.played, event.pending, event.in_progress) == (2, (), False)
    assert event.describe() == "2 rounds"


def test_pre_marked_byes_alone_make_a_pending_round_whose_points_are_left_out():
    # JaVaFo's alternative to XXZ: the round to pair holds only 0000 - Z / 0000 - U cells
    text = paired(trf(extra=XXR), [], byes={2: "Z", 4: "U"})
    t = trfscore.loads(text)
    assert [(p.number, p.state, p.premarked) for p in t.event.pending] == [(3, "pre-marked", (2, 4))]
    row = {r.start_rank: r for r in t.standings().rows}
    # the U of round 3 is not counted: player 4 has 0.5 + 0 after round 2 (checkhelp.SWISS)
    assert row[4].points == Fraction(1, 2) and t.standings().rounds == 2


def test_a_round_of_byes_alone_with_the_allocated_one_and_nobody_left_to_pair_is_played():
    # everybody has a bye in round 3, one of them the pairing-allocated bye: nothing is left to
    # pair or to play, so the round is complete (contrast the pre-marked round above, whose
    # blank cells are players still to be paired)
    text = paired(trf(extra=XXR), [], byes={1: "U", 2: "F", 3: "H", 4: "Z"})
    t = trfscore.loads(text)
    assert (t.event.played, t.event.pending) == (3, ())
    row = {r.start_rank: r for r in t.standings().rows}
    # the declared points are round 2's (1.5 for player 1, checkhelp.SWISS); the PAB adds 1
    assert t.standings().rounds == 3 and row[1].points == row[1].player.points + 1 == Fraction(5, 2)


def test_report_of_a_mid_event_file_equals_after_round_n_and_says_so(cli, tmp_path):
    path = tmp_path / "mid.trf"
    path.write_text(MID, encoding="utf-8")
    code, default, err = cli("report", path, "--format", "json")
    assert code == 0 and "error" not in err
    code, cut, _ = cli("report", path, "--format", "json", "--after-round", "2")
    a, b = json.loads(default), json.loads(cut)
    assert a["standings"] == b["standings"] and a["tournament"]["after_round"] == 2
    assert "standings after round 2 of 5; round 3 paired" in a["notes"]
    code, text, _ = cli("report", path)
    assert "standings after round 2 of 5; round 3 paired" in text.splitlines()[1]


def test_check_reports_a_pending_round_as_information_not_errors():
    found = rules_of(MID)
    assert set(found) == {"TRF531", "TRF533"}, found
    assert all(f.severity == "info" for fs in found.values() for f in fs)
    assert "results for 2 (round 3 paired)" in found["TRF531"][0].message


def test_a_pending_round_trimmed_at_the_line_end_is_no_truncated_block():
    # the same file with every line's trailing blanks cut: the last cell ends after its colour
    assert "TRF402" not in rules_of(MID.replace(" \n", "\n"))


def test_a_blank_result_against_a_result_is_still_an_error():
    broken = trf({1: ["2 w 1", "3 b ="], 2: ["1 b 0", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b"]})
    assert broken.splitlines()[-1].endswith("   2 b")  # opponent, colour, no result
    # player 4 has no result against 2's win: not a pending round, TRF504/405 stay
    assert trfscore.loads(broken).event.pending == ()
    found = rules_of(broken)
    assert [(f.line, f.severity) for f in found["TRF405"]] == [(10, "error")]
    assert sorted((f.line, f.severity) for f in found["TRF504"]) == [(8, "error"), (10, "error")]


def test_rank_column_of_start_ranks_in_a_file_saved_between_rounds_is_not_judged():
    # pairing programs write the start rank into the rank column until the event ends
    # points 0, 2, 1.5 and 0.5: the start ranks in the rank column disagree with them
    rows = {1: ["2 w 0", "3 b 0"], 2: ["1 b 1", "4 w 1"], 3: ["4 w =", "1 w 1"], 4: ["3 b =", "2 b 0"]}
    text = paired(trf(rows, extra=XXR, ranks={1: 1, 2: 2, 3: 3, 4: 4}), [(1, 4), (3, 2)])
    assert "TRF511" not in rules_of(text)
    finished = trf(rows, ranks={1: 1, 2: 2, 3: 3, 4: 4})  # the same ranks judged once the event is over
    assert "TRF511" in rules_of(finished)


#: a two-player match over four games (no 192/092): every game between the same two players
MATCH = trf({1: ["2 w 1", "2 b =", "2 w 0", "2 b ="], 2: ["1 b 0", "1 w =", "1 b 1", "1 w ="]}, ranks={1: 1, 2: 1})


def test_a_two_player_match_is_a_round_robin_to_report_and_check():
    t = trfscore.loads(MATCH)
    assert t.event.system == "match" and t.standings().system == "round-robin"
    assert "TRF552" not in rules_of(MATCH)


def test_after_round_cuts_the_crosstable_and_the_rating_changes_alike(cli, tmp_path):
    path = tmp_path / "swiss.trf"
    path.write_text(trf(), encoding="utf-8")  # two rounds played
    code, md, _ = cli("report", path, "--format", "markdown", "--after-round", "1", "--ratings", "fide")
    assert code == 0
    crosstable = md[md.index("## Crosstable"):]
    assert "| R1 |" in crosstable and "R2" not in crosstable
    code, out, _ = cli("report", path, "--format", "json", "--after-round", "1", "--ratings", "fide")
    rows = {r["start_rank"]: r for r in json.loads(out)["standings"]}
    # after round 1 (1 beat 2, 3-4 drawn): one game each, and W is the round-1 score
    assert {sr: (r["rating_change"]["games"], r["rating_change"]["w"]) for sr, r in rows.items()} == \
        {1: (1, 1), 2: (1, 0), 3: (1, 0.5), 4: (1, 0.5)}


def test_a_mid_event_report_rates_only_the_played_rounds(cli, tmp_path):
    path = tmp_path / "mid.trf"
    path.write_text(MID, encoding="utf-8")
    code, out, _ = cli("report", path, "--format", "json", "--ratings", "fide")
    assert {r["rating_change"]["games"] for r in json.loads(out)["standings"]} == {2}
    code, html, _ = cli("report", path, "--format", "html")
    assert "standings after round 2 of 5; round 3 paired" in html and ">R3<" not in html
    code, csv, err = cli("report", path, "--format", "csv")
    assert "standings after round 2 of 5; round 3 paired" in err


def _big_mid_event(players: int = 600) -> str:
    """A generated two-round Swiss of ``players`` (600: more waiting cells than the reader lists
    of one rule, findings.MAX_PER_RULE) with round 3 paired 1-2, 3-4 ... and not played."""
    from trfscore.testing.generate import swiss

    return paired(trfscore.dumps(swiss(players, 2, seed=5), "trf16"), [(w, w + 1) for w in range(1, players, 2)])


def test_a_pending_round_of_more_cells_than_the_reader_lists_leaves_no_error():
    # before the mend the reader's notes counting the TRF402 and
    # TRF405 stayed: a large file saved between rounds failed check with two errors
    from trfscore.findings import MAX_PER_RULE

    text = _big_mid_event()
    assert 600 > MAX_PER_RULE
    assert trfscore.loads(text).event.pending[0].waiting == frozenset(range(1, 601))
    found = rules_of(text)
    assert not {"TRF402", "TRF405"} & set(found), {r: fs[0].message for r, fs in found.items()}
    assert all(f.severity != "error" for fs in found.values() for f in fs)


def test_a_broken_blank_cell_beside_a_large_pending_round_keeps_the_count():
    # player 1's round-2 result blanked (its opponent has one): a broken game, not a wait, so the
    # cells without a result outnumber the waiting ones and the notes counting them stay
    text = _big_mid_event()
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    at = 91 + 10 + 7  # round 2's result column (0-based)
    lines[i] = lines[i][:at] + " " + lines[i][at + 1:]
    found = rules_of("\n".join(lines) + "\n")
    assert any(f.message.startswith("round 2: ") for f in found["TRF405"])
    assert any(" more TRF405 finding(s) left out" in f.message for f in found["TRF001"])


def test_the_view_after_round_n_shares_the_whole_events_store():
    from trfscore.event_reading import through, whole
    from trfscore.testing.generate import swiss

    t = trfscore.loads(trfscore.dumps(swiss(8, 3, seed=5), "trf16"))  # the bulk reader's one block
    rows = [p.packed for p in t.players]
    view = through(t, 1)
    # the view holds each player's first cell: the same rows of the same store, cut
    assert [p.packed for p in t.players] == rows and whole(view) is t
    assert [(q.packed.cells, q.packed.row, q.round_count) for q in view.players] == [(r.cells, r.row, 1) for r in rows]
    assert [q.games for q in view.players] == [p.games[:1] for p in t.players]


def test_the_findings_of_waiting_cells_are_told_by_rule_column_and_cell_not_wording():
    from trfscore.findings import Finding
    from trfscore.formats.trf.waiting import waiting_cell, waiting_kind

    column = 92 + 2 * 10  # round 3's cell starts in column 112 (TRF 001: 92 + 10 per round)
    reworded = Finding("TRF405", "error", "any wording at all", 4, column, "", "   4 w")
    assert waiting_cell(reworded) == (3, 4) and waiting_kind(reworded) == "waiting TRF405"
    assert waiting_cell(Finding("TRF402", "error", "x", 4, column, "", "   4 w ")) == (3, 4)
    # a result in the cell, no opponent, a column inside a cell, another rule: not a waiting cell
    for f in (Finding("TRF405", "error", "x", 4, column, "", "   4   1"),
              Finding("TRF405", "error", "x", 4, column, "", "0000 w"),
              Finding("TRF405", "error", "x", 4, column + 5, "", "   4 w"),
              Finding("TRF406", "warning", "x", 4, column, "", "   4 w")):
        assert waiting_cell(f) is None and waiting_kind(f) is None


def test_settling_a_pending_round_does_not_read_the_messages(monkeypatch):
    # the reader's messages reworded: the waiting cells' findings still go, the rest stay
    from trfscore.formats.trf import player

    real = player._decode_block
    said: list[str] = []

    def reword(report):
        def say(rule, column, message, *rest, **kw):
            said.append(rule)
            report(rule, column, "reworded " + message[::-1], *rest, **kw)
        return say

    monkeypatch.setattr(player, "_decode_block", lambda block, rnd, column, sr, report:
                        real(block, rnd, column, sr, reword(report)))
    t = trfscore.loads(MID)
    assert said.count("TRF405") == 4  # the four waiting cells were reported, in other words
    assert not [f for f in t.findings if f.rule in ("TRF402", "TRF405")]
    assert t.event.pending[0].waiting == frozenset({1, 2, 3, 4})


def test_a_view_after_round_n_is_cut_once_and_its_standings_are_after_it():
    from trfscore.event_reading import through, whole

    t = trfscore.loads(MID)  # rounds 1-2 played, round 3 paired
    view = through(t, 1)
    assert view.rounds == 1 and whole(view) is t
    standings = view.standings()  # no round given: the view's own cut
    assert standings.rounds == 1 and "standings after round 1 of 5; results through round 2; round 3 paired" \
        in standings.notes
    # after the round in progress, as asked: nothing to cut in the cells, but a view all the same
    asked = through(t, 3)
    assert asked is not t and whole(asked) is t and asked.standings().rounds == 3
    finished = trfscore.loads(trf())
    assert through(finished, finished.rounds) is finished  # the whole file, its default view


def test_a_file_written_without_ranks_mid_event_ranks_by_the_points_it_writes():
    """A TRF written afresh (``dumps(t, "trf16")``) of a file without ranks, saved with round 3
    paired and player 5's full-point bye already marked: the written points count that bye, so
    the written ranks must too, or the file fails our own rank order (TRF511)."""
    # rounds 1-2: 1 beat 2, 3-4 drawn, 5 the pairing-allocated bye; 1-3 drawn, 2 beat 4, 5 absent
    rows = {1: ["2 w 1", "3 b ="], 2: ["1 b 0", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 b =", "2 b 0"],
            5: ["0000 - U", "0000 - Z"]}
    blank_points = {sr: {"points": ""} for sr in rows}  # points and ranks left to the writer
    text = paired(trf(rows, extra=XXR, ranks={}, opts=blank_points), [(1, 4), (3, 2)], byes={5: "F"})
    written = trfscore.dumps(trfscore.loads(text), "trf16")
    lines = {int(line[4:8]): line for line in written.splitlines() if line.startswith("001")}
    points = {sr: Fraction(line[80:84]) for sr, line in lines.items()}
    ranks = {sr: int(line[85:89]) for sr, line in lines.items()}
    assert points == {1: Fraction(3, 2), 2: 1, 3: 1, 4: Fraction(1, 2), 5: 2}  # U 1 + Z 0 + F 1 for player 5
    order = sorted(ranks, key=ranks.get)
    assert (order[0], order[-1]) == (5, 4)
    assert all(points[a] >= points[b] for a, b in zip(order, order[1:]))
    assert "TRF511" not in rules_of(written)
