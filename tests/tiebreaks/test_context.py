"""The tie-break context (tiebreaks/context.py): the per-player, per-round arrays every tie-break
reads, pinned cell by cell on small hand-made events.

The categories are those of tiebreaks/unplayed.py (C.07 Art. 16.2): PLAYED 0, FWIN 1 (16.2.2),
BYE 2 (16.2.1), FLOSS 3 (16.2.4), REQ 4 (16.2.3), REQ_LATE 5 (16.2.5), NOSCHED 6 (a round-robin
sit-out).  Points are whole numbers of ``1/unit``: under 1-1/2-0 the unit is 2 (a win 2, a draw
1), under 3-1-0 (TRF26 162 record ``W 3 D 1 L 0``) it is 1 (a win 3, a draw 1).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.model import Game, Kind, Scoring
from trfscore.tiebreaks.context import build_context, row_slices
from trfscore.tiebreaks.unplayed import BYE, FLOSS, FWIN, NOSCHED, PLAYED, REQ, REQ_LATE

from .builders import from_rows

THREE_ONE_ZERO = {"W": Fraction(3), "D": Fraction(1), "L": Fraction(0), "A": Fraction(0),
                  "P": Fraction(3), "X": Fraction(1)}


def test_row_slices_cut_a_flat_list_into_rows():
    assert row_slices(2, 3) == [slice(0, 3), slice(3, 6)]
    assert row_slices(3, 0) == [slice(0, 0)] * 3  # no rounds: every row empty
    assert row_slices(0, 4) == []


def test_cells_points_and_scores_under_1_half_0():
    # R1 1-2 1:0, 3 a half-point bye; R2 2-3 draw, 1 a forfeit win over 4 (4 forfeits)
    t = from_rows({1: "+W2 +F4", 2: "-B1 =W3", 3: "HPB =B2", 4: "-- -F1"})
    ctx = build_context(t, rr=False)
    assert (ctx.unit, ctx.W, ctx.D, ctx.L) == (2, 2, 1, 0)
    assert (ctx.player_count, ctx.round_count, ctx.rr) == (4, 2, False)
    assert ctx.t is t
    assert ctx.start_ranks == [1, 2, 3, 4]
    assert ctx.index == {1: 0, 2: 1, 3: 2, 4: 3}
    assert ctx.opp == [[1, 3], [0, 2], [-1, 1], [-1, 0]]
    assert ctx.pts == [[2, 2], [0, 1], [1, 1], [0, 0]]
    assert ctx.score == [4, 1, 2, 0]
    # player 4: absent in round 1, then a forfeit loss, not a round it was available for: the
    # absence is 16.2.5 (REQ_LATE); player 3's bye is followed by a game: 16.2.3 (REQ)
    assert ctx.categories == [[PLAYED, FWIN], [PLAYED, PLAYED], [REQ, PLAYED], [REQ_LATE, FLOSS]]
    assert ctx.flat_categories == [PLAYED, FWIN, PLAYED, PLAYED, REQ, PLAYED, REQ_LATE, FLOSS]
    assert ctx.unplayed == [1, 4, 6, 7]
    assert ctx.clean == [False, True, False, False]
    assert ctx.scheduled_rounds == [2, 2, 2, 2]
    assert ctx.kind == [[Kind.WIN, Kind.FORFEIT_WIN], [Kind.LOSS, Kind.DRAW],
                        [Kind.HALF_BYE, Kind.DRAW], [Kind.ABSENT, Kind.FORFEIT_LOSS]]
    assert ctx.col == [["w", None], ["b", "w"], [None, "b"], [None, None]]
    assert ctx.to_fraction(3) == Fraction(3, 2)
    assert ctx.to_fraction(3) is ctx.to_fraction(3)  # memoised


def test_points_under_3_1_0():
    # the 162 record W 3 D 1: unit 1, a win 3 points, a draw 1 (2 + 1 + 0 in units of 1/2 before)
    t = from_rows({1: "+W2 =B3", 2: "-B1 PAB", 3: "HPB =W1"})
    t.scoring = Scoring(values=dict(THREE_ONE_ZERO), source="162")
    ctx = build_context(t, rr=False)
    assert (ctx.unit, ctx.W, ctx.D, ctx.L) == (1, 3, 1, 0)
    assert ctx.pts == [[3, 1], [0, 3], [1, 1]]
    assert ctx.score == [4, 3, 2]
    assert ctx.to_fraction(4) == Fraction(4)


def test_colour_dependent_points_read_each_cells_colour():
    # JaVaFo XXS detail: a win with black is worth more (BW 1.5); points follow kind and colour
    t = from_rows({1: "+W2 -B3", 2: "-B1 +B4", 3: "=W4 +W1", 4: "=B3 -W2"})
    t.scoring = Scoring(detail={"BW": Fraction(3, 2)}, source="XXS")
    ctx = build_context(t, rr=False)
    assert ctx.unit == 2
    assert ctx.pts == [[2, 0], [0, 3], [1, 2], [1, 0]]
    assert ctx.score == [2, 3, 3, 1]


def test_players_listed_out_of_start_rank_order_are_sorted():
    t = from_rows({1: "+W2", 2: "-B1", 3: "PAB"})
    t.players[1:] = t.players[:0:-1]  # listed 1, 3, 2: in order at first, then not
    assert [p.start_rank for p in t.players] == [1, 3, 2]
    ctx = build_context(t, rr=False)
    assert ctx.start_ranks == [1, 2, 3]
    assert [p.start_rank for p in ctx.players] == [1, 2, 3]
    assert ctx.index == {1: 0, 2: 1, 3: 2}
    assert ctx.opp == [[1], [0], [-1]]
    assert ctx.score == [2, 0, 2]


def test_an_opponent_that_is_no_player_or_the_player_itself_counts_as_none():
    # player 1 "beats" itself in round 1 and a rank 9 that does not exist in round 2: both cells
    # take the category of a cell without an opponent (a win without one: a bye, 16.2.1)
    t = from_rows({1: "+W1 +W9", 2: "-B3 PAB", 3: "+W2 PAB"})
    ctx = build_context(t, rr=False)
    assert ctx.opp == [[-1, -1], [2, -1], [1, -1]]
    assert ctx.categories[0] == [BYE, BYE]
    assert ctx.clean == [False, False, False]


def test_round_robin_sit_outs_score_nothing():
    # 3 players, a round robin: the player without an opponent sits the round out (NOSCHED)
    t = from_rows({1: "+W2 PAB", 2: "-B1 =W3", 3: "PAB =B2"})
    ctx = build_context(t, rr=True)
    assert ctx.rr is True
    assert ctx.categories == [[PLAYED, NOSCHED], [PLAYED, PLAYED], [NOSCHED, PLAYED]]
    assert ctx.pts == [[2, 0], [0, 1], [0, 1]]
    assert ctx.score == [2, 1, 1]
    assert ctx.scheduled_rounds == [1, 2, 1]
    assert ctx.unplayed == [1, 4]


def test_requested_byes_after_the_last_available_round_are_16_2_5():
    # 3 takes a half-point bye in round 1 (followed by a game: 16.2.3), then withdraws (16.2.5)
    t = from_rows({1: "+W2 +W2 +W2", 2: "-B1 -B1 -B1", 3: "HPB =W4 --", 4: "PAB =B3 PAB"})
    ctx = build_context(t, rr=False)
    assert ctx.categories[2] == [REQ, PLAYED, REQ_LATE]


def test_rounds_in_use_drop_trailing_empty_rounds():
    # every player's last two rounds are absences without an opponent: 2 rounds are in use
    t = from_rows({1: "+W2 -- --", 2: "-B1 -- --", 3: "PAB =W4 --", 4: "-- =B3 --"})
    ctx = build_context(t, rr=False)
    assert ctx.round_count == 2
    assert ctx.kind[0] == [Kind.WIN, Kind.ABSENT]
    # a later player with more rounds in use raises the count; a shorter one does not lower it
    t = from_rows({1: "+W2", 2: "-B1 PAB", 3: "-- =W4 =W4", 4: "-- =B3 =B3 --"})
    assert build_context(t, rr=False).round_count == 3
    t = from_rows({1: "+W2 PAB =W3", 2: "-B1 -- --", 3: "PAB -- =B1"})
    assert build_context(t, rr=False).round_count == 3
    # a shorter player between two longer ones is passed over, not the end of the count
    t = from_rows({1: "+W2 PAB", 2: "-B1", 3: "PAB =W4 =W4", 4: "PAB =B3 =B3"})
    assert build_context(t, rr=False).round_count == 3
    # empty rounds are dropped only beyond the count already found: 2's round 2 is absent, but
    # round 2 is in use (player 1 played it)
    t = from_rows({1: "+W2 =B3", 2: "-B1 -- --", 3: "PAB =W1"})
    assert build_context(t, rr=False).round_count == 2
    # an absence that names an opponent (a data error) keeps its round in use
    t = from_rows({1: "+W2 --", 2: "-B1 --"})
    t.players[0].games[1] = Game(2, 2, None, " ", Kind.ABSENT)
    assert build_context(t, rr=False).round_count == 2


def test_rounds_given_cut_or_pad_the_rows():
    t = from_rows({1: "+W2 =B3 +W4", 2: "-B1 +W4 -B3", 3: "=W4 =W1 +W2", 4: "=B3 -B2 -B1"})
    ctx = build_context(t, rr=False, rounds=2)
    assert ctx.round_count == 2
    assert ctx.pts == [[2, 1], [0, 2], [1, 1], [1, 0]]
    assert ctx.score == [3, 2, 2, 1]
    assert ctx.kind[0] == [Kind.WIN, Kind.DRAW]
    assert ctx.col[0] == ["w", "b"]
    longer = build_context(t, rr=False, rounds=4)
    assert longer.kind[0] == [Kind.WIN, Kind.DRAW, Kind.WIN, Kind.ABSENT]
    assert longer.col[0] == ["w", "b", "w", None]
    assert longer.opp[0] == [1, 2, 3, -1]
    assert longer.categories[0][3] == REQ_LATE


def test_no_rounds_at_all():
    t = from_rows({1: "--", 2: "--"})
    ctx = build_context(t, rr=False)
    assert ctx.round_count == 0
    assert ctx.opp == [[], []]
    assert ctx.score == [0, 0]
    assert ctx.clean == [True, True]
    assert ctx.fore().score == [0, 0]


def test_fore_view_makes_every_last_round_pairing_a_draw():
    # C.07 8.3: games and forfeits paired in the last round become draws, byes keep their points
    t = from_rows({1: "+W2 +W3", 2: "-B1 +F4", 3: "PAB -B1", 4: "=W5 -F2", 5: "=B4 PAB"})
    t.scoring = Scoring(values=dict(THREE_ONE_ZERO), source="162")
    ctx = build_context(t, rr=False)
    fore = ctx.fore()
    assert fore is ctx.fore()  # made once
    assert fore.pts == [[3, 1], [0, 1], [3, 1], [1, 1], [1, 3]]
    assert fore.score == [4, 1, 4, 2, 4]
    assert fore.categories == [[PLAYED, PLAYED], [PLAYED, PLAYED], [BYE, PLAYED],
                               [PLAYED, PLAYED], [PLAYED, BYE]]
    assert fore.unplayed == [4, 9]
    assert fore.clean == [True, True, False, True, False]
    # the original is left as it was
    assert ctx.pts == [[3, 3], [0, 3], [3, 0], [1, 0], [1, 3]]
    assert ctx.categories[1] == [PLAYED, FWIN] and ctx.categories[3] == [PLAYED, FLOSS]
    for name in ("t", "players", "start_ranks", "index", "round_count", "player_count", "unit",
                 "W", "D", "L", "rr", "kind", "col", "opp", "flat_opp"):
        assert getattr(fore, name) == getattr(ctx, name), name
    # rows already read are handed over, not read again
    again = build_context(t, rr=False)
    kind, col = again.kind, again.col
    assert again.fore().kind is kind and again.fore().col is col


def test_fore_view_under_3_2_1_and_a_bye_paired_with_an_opponent():
    # a 3-2-1 system (W 3 D 2 L 1): the Fore view draws are worth D = 2 and carries W, D, L over;
    # player 3's last-round half-point bye names an opponent (a data error): it is no game, so
    # it keeps its points (16.2.3 category REQ, not PLAYED/FWIN/FLOSS)
    t = from_rows({1: "+W2 +W2", 2: "-B1 -B1", 3: "+W4 HPB", 4: "-B3 PAB"})
    t.players[2].games[1] = Game(2, 4, None, "H", Kind.HALF_BYE)
    t.scoring = Scoring(values={"W": Fraction(3), "D": Fraction(2), "L": Fraction(1),
                                "A": Fraction(0), "P": Fraction(3), "X": Fraction(2)}, source="162")
    ctx = build_context(t, rr=False)
    assert (ctx.unit, ctx.W, ctx.D, ctx.L) == (1, 3, 2, 1)
    assert ctx.opp[2] == [3, 3] and ctx.categories[2] == [PLAYED, REQ_LATE]
    fore = ctx.fore()
    assert (fore.unit, fore.W, fore.D, fore.L) == (1, 3, 2, 1)
    assert fore.pts == [[3, 2], [1, 2], [3, 2], [1, 3]]
    assert fore.categories[2] == [PLAYED, REQ_LATE]


def test_fore_view_keeps_the_round_robin_flag():
    t = from_rows({1: "+W2 PAB", 2: "-B1 =W3", 3: "PAB =B2"})
    fore = build_context(t, rr=True).fore()
    assert fore.rr is True
    assert fore.categories == [[PLAYED, NOSCHED], [PLAYED, PLAYED], [NOSCHED, PLAYED]]


def test_only_the_three_row_names_are_made_on_demand():
    ctx = build_context(from_rows({1: "+W2", 2: "-B1"}), rr=False)
    with pytest.raises(AttributeError):
        ctx.not_a_row  # noqa: B018
    assert ctx.slices == [slice(0, 1), slice(1, 2)]
    assert ctx.slices is ctx.slices
    assert ctx.opp is ctx.opp and ctx.pts is ctx.pts  # cut once
    assert ctx.scheduled_rounds is ctx.scheduled_rounds
    assert ctx.row_sums([5, 7]) == [5, 7]


def test_release_frees_the_made_lists_and_they_are_made_again_alike():
    t = from_rows({1: "+W2 =B3", 2: "-B1 PAB", 3: "HPB =W1"})
    ctx = build_context(t, rr=False)
    fore, opp, pts, cats, kind, col = ctx.fore(), ctx.opp, ctx.pts, ctx.categories, ctx.kind, ctx.col
    ctx.slices  # noqa: B018 (cached)
    flat = ctx.flat_opp, ctx.flat_categories, ctx.flat_pts, ctx.score
    ctx.release()
    assert ctx.cache == {} and not {"opp", "pts", "categories"} & set(vars(ctx))
    assert (ctx._fore, ctx._col, ctx._kind) == (None, None, None)
    assert (ctx.flat_opp, ctx.flat_categories, ctx.flat_pts, ctx.score) == flat  # kept
    assert ctx.flat_opp is flat[0]
    assert (ctx.opp, ctx.pts, ctx.categories, ctx.kind, ctx.col) == (opp, pts, cats, kind, col)
    assert ctx.opp is not opp  # made again
    assert ctx.fore() is not fore and ctx.fore().pts == fore.pts
