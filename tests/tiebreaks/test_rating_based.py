"""Rating-based tie-breaks (C.07 Art. 10): ARO with every cut, TPR, PTP, APRO, APPO and RTNG, the
unrated-player rule, and the explanations.  dp and the expected scores are FIDE B.02 tables 8.1.1
and 8.1.2 (trfscore.ratings.tables); the arithmetic is next to each value."""
from __future__ import annotations

from fractions import Fraction

import pytest

from trfscore.ratings.tables import fide_pd_hundredths
from trfscore.standings import compute_standings

from .builders import from_rows

RATINGS = {1: 2000, 2: 1800, 3: 1600, 4: 1400, 5: 2200}
# R1: #1-#2 1:0, #3-#4 1:0, #5 PAB.  R2: #1-#3 1/2, #5 wins by forfeit against #2, #4 HPB.
# R3: #5-#1 1:0, #2-#4 1:0, #3 absent.  Games over the board (Art. 10 counts only those):
# #1 1800 (W), 1600 (D), 2200 (L); #2 2000 (L), 1400 (W); #3 1400 (W), 2000 (D);
# #4 1600 (L), 1800 (L); #5 2000 (W).
ROWS = {1: "+W2 =B3 -B5", 2: "-B1 -F5 +W4", 3: "+W4 =W1 --", 4: "-B3 HPB -B2", 5: "PAB +F2 +W1"}
OTB = "only games played over the board count (C.07 Art. 10)"


def standings(codes, rows=ROWS, ratings=RATINGS, **kw):
    return compute_standings(from_rows(rows, ratings, system="Swiss"), codes, rules="fide-2024", **kw)


def table(codes, **kw):
    return {r.start_rank: r.tiebreaks for r in standings(codes, **kw).rows}


def test_aro_and_its_cuts():
    tb = table("ARO,ARO-C1,ARO-M1,ARO-B1,ARO-B3,ARO/P")
    # ARO(#1) = 5600 / 3 = 1866.67 -> 1867 (.5 up); Cut-1 drops 1600: 4000 / 2 = 2000; Median-1
    # drops 1600 and 2200: 1800; B1 drops the best, 2200: 3400 / 2 = 1700.
    assert [tb[1][c] for c in ("ARO", "ARO-C1", "ARO-M1", "ARO-B1")] == [1867, 2000, 1800, 1700]
    # #2 has two rated opponents: Median-1 leaves none, and so do three best cut: undefined.
    assert (tb[2]["ARO"], tb[2]["ARO-M1"], tb[2]["ARO-B3"], tb[2]["ARO-B1"]) == (1700, None, None, 1400)
    # /P counts #2's forfeit against #5 (2200): (2000 + 2200 + 1400) / 3 = 1866.67 -> 1867; #5:
    # (2000 + 1800) / 2 = 1900.  Without /P: 1700 and 2000.  (One standings call, both variants.)
    assert (tb[2]["ARO/P"], tb[5]["ARO/P"], tb[5]["ARO"]) == (1867, 1900, 2000)
    assert all(type(v) is int for row in tb.values() for v in row.values() if v is not None)


def test_tpr_with_dp_from_the_table():
    tb = table("TPR")
    # 10.2: rounded ARO + dp(p).  #1 1.5/3 = 0.50, dp 0: 1867.  #3 1.5/2 = 0.75, dp +193: 1893.
    # #4 0/2, dp(0.00) = -800: 900.  #5 1/1, dp(1.00) = +800: 2800.  #2 1/2: 1700.
    assert {p: v["TPR"] for p, v in tb.items()} == {1: 1867, 2: 1700, 3: 1893, 4: 900, 5: 2800}


def lowest_rating_reaching(score: Fraction, opponents: list[int]) -> int:
    """10.3 by a plain scan: the lowest R whose expected score (B.02 8.1.2) reaches ``score``."""
    r = min(opponents) - 800
    while sum(fide_pd_hundredths(r - x) for x in opponents) < 100 * score:
        r += 1
    return r


def test_ptp():
    tb = table("PTP")
    # #4 scored nothing: the lowest opponent rating - 800 = 1600 - 800 = 800.
    # #2 (1 of 2 against 2000 and 1400): at 1698 the differences -302 and 298 give 0.15 + 0.85
    # (bands 292-302); at 1697, -303 gives 0.14: PTP 1698.
    # #5 (1 of 1): the table's 0.99 -> 1.00 step, 2000 + 736 = 2736.
    assert (tb[4]["PTP"], tb[2]["PTP"], tb[5]["PTP"]) == (800, 1698, 2736)
    assert tb[1]["PTP"] == lowest_rating_reaching(Fraction(3, 2), [1800, 1600, 2200])
    assert tb[3]["PTP"] == lowest_rating_reaching(Fraction(3, 2), [1400, 2000])


def test_ptp_far_below_the_strongest_opponent():
    # #1 drew #2 (1400) and lost to #3 (2300): half a point.  The expected score reaches 0.50 at
    # 3 points below 1400 (differences 0-3 give 0.50) and the 2300 game adds nothing there
    # (difference -903: 0.00): PTP 1397, more than 800 below the strongest opponent.
    rows = {1: "=W2 -B3", 2: "=B1 --", 3: "-- +W1"}
    tb = table("PTP", rows=rows, ratings={1: 1800, 2: 1400, 3: 2300})
    assert tb[1]["PTP"] == 1397


def test_apro_appo_average_the_opponents_performances():
    tb = table("TPR,PTP,APRO,APPO")
    # 10.4: #1's opponents over the board #2, #3, #5 have TPR 1700, 1893, 2800: 6393 / 3 = 2131.
    assert tb[1]["APRO"] == 2131
    # 10.5: #4's opponents #3 and #2, their PTPs averaged and rounded .5 up.
    assert tb[4]["APPO"] == (2 * (tb[3]["PTP"] + tb[2]["PTP"]) + 2) // 4


def test_rtng_and_unrated_players():
    ratings = {**RATINGS, 4: None}
    tb = table("RTNG,ARO", ratings=ratings)
    # 10.6: the rating; an unrated player has none.  #4 played: the Art. 10 tie-breaks are dropped.
    assert (tb[1]["RTNG"], tb[4]["RTNG"], tb[1]["ARO"]) == (2000, None, None)
    st = standings("ARO", ratings=ratings)
    assert st.notes == [
        "rating-based tie-breaks dropped: 1 player(s) without a rating took part (C.07 Art. 10); to use "
        "them, give unrated players a rating: --unrated N on the command line (unrated=N in the library, "
        "or /UN after the tie-break code)"]
    # With a rating given to unrated players (/U1000): RTNG 1000; ARO(#2) = (2000 + 1000) / 2.
    tb = table("RTNG/U1000,ARO/U1000", ratings=ratings)
    assert (tb[4]["RTNG/U1000"], tb[2]["ARO/U1000"], tb[1]["RTNG/U1000"]) == (1000, 1500, 2000)
    assert type(tb[4]["RTNG/U1000"]) is int


@pytest.mark.parametrize(("player", "code", "text", "terms"), [
    (1, "ARO-C1", "(1800 + 2200) / 2 = 2000 -> 2000 (rounded, .5 up)\n  cut: R2 1600 (lowest / highest rating cut)",
     [(1, 2, 1800, "scored 1.0", False), (2, 3, 1600, "scored 0.5", True), (3, 5, 2200, "scored 0.0", False)]),
    (1, "ARO", "(1600 + 1800 + 2200) / 3 = 5600/3 -> 1867 (rounded, .5 up)",
     [(1, 2, 1800, "scored 1.0", False), (2, 3, 1600, "scored 0.5", False), (3, 5, 2200, "scored 0.0", False)]),
    (1, "ARO-M1", "(1800) / 1 = 1800 -> 1800 (rounded, .5 up)\n"
                  "  cut: R2 1600 (lowest / highest rating cut)\n  cut: R3 2200 (lowest / highest rating cut)",
     [(1, 2, 1800, "scored 1.0", False), (2, 3, 1600, "scored 0.5", True), (3, 5, 2200, "scored 0.0", True)]),
    (2, "ARO-B3", "no rated opponent left: undefined\n"
                  "  cut: R1 2000 (lowest / highest rating cut)\n  cut: R3 1400 (lowest / highest rating cut)",
     [(1, 1, 2000, "scored 0.0", True), (3, 4, 1400, "scored 1.0", True)]),
    (4, "TPR", "ARO 1700 + dp(0.00) -800 = 900 (p = 0.0/2 rounded to 2 decimals)",
     [(1, 3, 1600, "scored 0.0", False), (3, 2, 1800, "scored 0.0", False)]),
    (3, "TPR", "ARO 1700 + dp(0.75) +193 = 1893 (p = 1.5/2 rounded to 2 decimals)",
     [(1, 4, 1400, "scored 1.0", False), (2, 1, 2000, "scored 0.5", False)]),
    (5, "TPR", "ARO 2000 + dp(1.00) +800 = 2800 (p = 1.0/1 rounded to 2 decimals)",
     [(3, 1, 2000, "scored 1.0", False)]),
    (4, "PTP", "no points: lowest opponent rating - 800 = 800",
     [(1, 3, 1600, "scored 0.0", False), (3, 2, 1800, "scored 0.0", False)]),
    (2, "PTP", "lowest rating whose expected score reaches 1.0: 1698 (expected 1.00)",
     [(1, 1, 2000, "scored 0.0", False), (3, 4, 1400, "scored 1.0", False)]),
    (1, "APRO", "(1700 + 1893 + 2800) / 3 -> 2131 (rounded, .5 up)",
     [(1, 2, 1700, "", False), (2, 3, 1893, "", False), (3, 5, 2800, "", False)]),
])
def test_explanations(player, code, text, terms):
    st = standings(code)
    e = st.explain(player, code)
    assert (e.name, e.code) == (code.split("-")[0], code)
    assert str(e) == f"{text}\n  {OTB}"
    assert [(t.round, t.opponent, t.value, t.note, t.cut) for t in e.terms] == terms


def test_explanations_of_undefined_values():
    # #5 met nobody over the board but #1; with #1 unrated and /U not given nothing is defined.
    st = standings("TPR,PTP,APPO,RTNG", ratings={**RATINGS, 1: None})
    assert str(st.explain(5, "TPR")) == f"no rated opponent: undefined\n  {OTB}"
    assert str(st.explain(5, "PTP")) == f"no rated opponent: undefined\n  {OTB}"
    assert str(st.explain(5, "APPO")) == f"undefined\n  {OTB}"
    e = st.explain(1, "RTNG")
    assert (e.name, str(e)) == ("Rating", "rating none")
    # APPO: the opponents' PTPs.  #4 met #3 and #2.
    st = standings("PTP,APPO")
    tb = {r.start_rank: r.tiebreaks for r in st.rows}
    assert str(st.explain(4, "APPO")) == (
        f"({tb[3]['PTP']} + {tb[2]['PTP']}) / 2 -> {tb[4]['APPO']} (rounded, .5 up)\n  {OTB}")


def test_a_cut_marks_one_of_two_equal_ratings():
    # #3 rated 1800 like #2: #1's opponents 1800 (R1), 1800 (R2), 2200.  Cut-1 removes one 1800,
    # the first: (1800 + 2200) / 2 = 2000.
    st = standings("ARO-C1", ratings={**RATINGS, 3: 1800})
    e = st.explain(1, "ARO-C1")
    assert [(t.round, t.cut) for t in e.terms] == [(1, True), (2, False), (3, False)]
    assert e.value == 2000


@pytest.mark.parametrize(("rules", "terms", "aro"), [
    ("fide-2024", [(1, 2, 1800), (2, 3, 1600)], 1700),  # 15.2: forfeits are games in round-robins
    ("fide-2026", [(2, 3, 1600)], 1600),  # 2026: not for the rating-based tie-breaks
])
def test_round_robin_forfeit_in_the_rating_explanation(rules, terms, aro):
    # A 3-player round robin: R1 #1 wins by forfeit against #2, R2 #3-#1 1:0, R3 #2-#3 1/2.
    from .test_counts import three_rr

    t = three_rr()
    for p in t.players:
        p.rating = RATINGS[p.start_rank]
    st = compute_standings(t, "ARO", rules=rules)
    e = st.explain(1, "ARO")
    assert [(t.round, t.opponent, t.value) for t in e.terms] == terms and e.value == aro
