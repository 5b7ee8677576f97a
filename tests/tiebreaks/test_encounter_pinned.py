"""Direct encounter (C.07 Art. 6): the 6.2 recursion into subgroups, the 6.3 certain places, and
the explanation texts.  Each mini-table is worked out in the comments."""
from __future__ import annotations

from trfscore.standings import compute_standings
from trfscore.tiebreaks.base import Engine
from trfscore.tiebreaks.context import build_context
from trfscore.tiebreaks.editions import EDITIONS
from trfscore.tiebreaks.encounter import order_group
from trfscore.tiebreaks.registry import parse_tiebreak

from .builders import from_rows

# 4 players, all met: R1 1-2 1:0, 3-4 1/2; R2 3-1 1:0, 2-4 1:0; R3 1-4 1:0, 2-3 1:0.
# Scores (all games are inside the group): #1 2, #2 2, #3 1.5, #4 0.5.
FOUR = {1: "+W2 -B3 +W4", 2: "-B1 +W4 +W3", 3: "=W4 +W1 -B2", 4: "=B3 -B2 -B1"}
# #1 beat #2 (R1) and #3 (R2); #2 and #3 never met.  Scores #1 2, #2 0, #3 0.
THREE = {1: "+W2 +B3", 2: "-B1 --", 3: "-- -W1"}
# 5 players, every pair met but #1-#2 (the rounds a player sits out are absences).
# #1 beat #3, #4, #5 (3); #2 lost to #3, #4, #5 (0); #3 lost to #1, beat #4 and #2, drew #5
# (2.5); #4 beat #2 and #5, lost to #1 and #3 (2); #5 beat #2, lost to #1 and #4, drew #3 (1.5).
FIVE = {1: "+W3 +W4 +W5 -- --", 2: "-B4 -B5 -- -W3 --", 3: "-B1 -- +W4 +B2 =W5",
        4: "+W2 -B1 -B3 +W5 --", 5: "-- +W2 -B1 -B4 =B3"}


def places(rows, members, system="Swiss"):
    """order_group on the players ``members`` (start ranks), as {start rank: place}."""
    ctx = build_context(from_rows(rows, system=system), rr=system != "Swiss")
    eng = Engine(ctx, EDITIONS["fide-2024"])
    got = order_group(eng, parse_tiebreak("DE"), [ctx.index[m] for m in members])
    return {ctx.start_ranks[i]: p for i, p in got.items()}


def test_6_2_orders_again_a_tied_subgroup_of_two():
    # All met: mini-table #1 2, #2 2, #3 1.5, #4 0.5.  The subgroup #1/#2 still tied is ordered
    # by its own mini-table (6.2, "applied again"): #1 beat #2.
    assert places(FOUR, [1, 2, 3, 4], "Round Robin") == {1: 1, 2: 2, 3: 3, 4: 4}


def test_6_3_places_the_certain_top_and_leaves_the_unmet_pair_tied():
    # Not all met.  #1 has 2; #2 and #3 have 0 and could each still reach 1 (the game #2-#3):
    # #1 is certainly first.  #2 and #3, still tied, never met: nobody is placed among them
    # (6.3 applied again), so both share place 2.
    assert places(THREE, [1, 2, 3]) == {1: 1, 2: 2, 3: 2}


def test_6_3_every_place_certain_down_to_the_last_player():
    # Mini-table #1 3, #3 2.5, #4 2, #5 1.5, #2 0.  The only unplayed game is #1-#2, so #1 could
    # reach 3 and #2 could reach 1; everybody else has played out.  Each score is above what
    # anybody below can reach (3 > 2.5, 2, 1.5, 1; 2.5 > 2, 1.5, 1; 2 > 1.5, 1; 1.5 > 1), so all
    # five places are certain, the last player included.
    assert places(FIVE, [1, 2, 3, 4, 5]) == {1: 1, 3: 2, 4: 3, 5: 4, 2: 5}


def test_a_game_only_one_row_records_counts_as_met_for_both():
    # Inconsistent input (the check reports it): #1's row says he beat #2 in round 1, #2's row
    # says he had the pairing-allocated bye.  Both have 1 point.  The mini-table takes the game
    # from #1's row and the two players count as having met each other, so 6.2 orders them by
    # the mini-table, #1 1, #2 0 (with #2 counted as not having met #1, 6.3 could place nobody:
    # #2 could still reach 1).
    assert places({1: "+W2", 2: "PAB"}, [1, 2]) == {1: 1, 2: 2}


def standings(rows, system, codes="DE"):
    return compute_standings(from_rows(rows, system=system), codes, rules="fide-2024")


def test_explanation_of_an_ordered_group():
    # FOUR: #1 and #2 are tied on 2 points; in their mini-table #1 beat #2 in round 1.
    st = standings(FOUR, "Swiss")
    e = st.explain(2, "DE")
    assert (e.name, e.code, e.value) == ("Direct encounter", "DE", 2)
    assert [(t.round, t.opponent, t.value) for t in e.terms] == [(1, 1, 0)]
    assert str(e) == ("mini-table of the tied group: #1 1.0, #2 0.0; place 2\n"
                      "  all tied players met: ordered by mini-table points (C.07 Art. 6.2)\n"
                      "  forfeits between the tied players are left out (C.07 Art. 6.1.1)")


def test_explanation_leaves_out_the_forfeit_note_where_forfeits_count():
    # Round-robins play forfeits as games (15.2), and so does the /P modifier (6.1.1).
    assert st_notes(standings(FOUR, "Round Robin"), "DE") == [
        "all tied players met: ordered by mini-table points (C.07 Art. 6.2)"]
    assert st_notes(standings(FOUR, "Swiss", "DE/P"), "DE/P") == [
        "all tied players met: ordered by mini-table points (C.07 Art. 6.2)"]


def st_notes(st, code):
    return st.explain(1, code).notes


def test_explanation_of_a_group_nobody_could_separate():
    # THREE: #2 and #3 are tied on 0 and never met: 6.3 places nobody, the value is 0.
    e = standings(THREE, "Swiss").explain(3, "DE")
    assert e.value == 0 and e.terms == []
    assert str(e) == ("mini-table of the tied group: #2 0.0, #3 0.0; place not decided\n"
                      "  not all tied players met: only places certain under C.07 Art. 6.3 are given\n"
                      "  forfeits between the tied players are left out (C.07 Art. 6.1.1)")


def test_explanation_of_a_player_tied_with_nobody():
    e = standings(THREE, "Swiss").explain(1, "DE")
    assert (e.name, e.value, e.terms) == ("Direct encounter", None, [])
    assert str(e) == "not tied with anybody when the tie-break was applied: no value"
