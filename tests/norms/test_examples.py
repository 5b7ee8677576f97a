"""The worked examples of docs/norms.md (A, B, C: built from B.01 2024 1.4.1-1.4.9 with every
step shown there), read from TRF files built for them."""
from __future__ import annotations

from norm_builder import Opp, event, load


def verdicts(t, sno=1):
    norms = t.norms()
    return {r.norm.code: r for r in norms.player(sno).results}


def conditions(result):
    return {c.key: c.passed for c in result.conditions}


# Example A: FM of IND in a 9-round Swiss in ESP starting 9 March 2024 (the 2024 edition)
SWISS_A = [Opp("GM", "ESP", 2520, "½"), Opp("IM", "ESP", 2410, "1"), Opp("GM", "NED", 2555, "½"),
            Opp("FM", "ESP", 2380, "1"), Opp("GM", "GER", 2490, "1"), Opp("IM", "FRA", 2450, "½"),
            Opp("GM", "ARM", 2580, "1"), Opp("IM", "ESP", 2395, "1"), Opp("GM", "UKR", 2530, "½")]


def test_a_gm_norm_counting_10_games():
    t = load(event(("FM", "IND", 2400, "m"), SWISS_A))
    gm = verdicts(t)["GM"]
    assert gm.achieved and all(conditions(gm).values())
    # Ra: 22310 / 9 = 2478.89 -> 2479 (1.4.7); 7/9 = 77.8 % -> 78 %, dp 220; Rp 2699 (1.4.8)
    assert (gm.perf.total, gm.perf.ra, gm.perf.percent, gm.perf.dp, gm.perf.rp) == (22310, 2479, 78, 220, 2699)
    # 1.4.1d: with Ra 2479, 6/9 (67 %, +125 -> 2604) is the least score that works, 5.5 (+80 -> 2559) not:
    # 7 - 6 = 1 extra game -> 10 games
    assert (gm.required, gm.extra, gm.length) == (12, 1, 10)
    caps = next(c for c in gm.conditions if c.key == "federation_caps").numbers
    assert (caps["own"], caps["own_max"], caps["largest"], caps["largest_count"], caps["one_max"]) == (0, 5, "ESP", 4, 6)


def test_a_im_norm_counting_11_games():
    im = verdicts(load(event(("FM", "IND", 2400, "m"), SWISS_A)))["IM"]
    # 4.5/9 = 50 %, dp 0: 2479 >= 2450, 4/9 = 44 %, dp -43: 2436 < 2450 -> required 4.5; 7 - 4.5 = 2.5 -> 2 extra
    assert im.achieved and (im.required, im.extra, im.length) == (9, 2, 11)


# Example B: FM of ITA in an Italian 12-player Swiss starting 4 May 2024
SWISS_B = [Opp("IM", "ITA", 2420, "½"), Opp("GM", "SUI", 2510, "½"), Opp("FM", "ITA", 2360, "1"),
            Opp("IM", "SUI", 2440, "1"), Opp("IM", "ITA", 2400, "½"), Opp("GM", "ITA", 2480, "0"),
            Opp("IM", "SUI", 2390, "1"), Opp("FM", "ITA", 2350, "1"), Opp("IM", "SUI", 2430, "½")]


def test_b_im_norm_fails_only_on_foreign_federations():
    t = load(event(("FM", "ITA", 2380, "m"), SWISS_B, start="2024/05/04", host="ITA"))
    im = verdicts(t)["IM"]
    # only SUI is foreign: 1 < 2 (1.4.3); own ITA 5 <= floor(27/5) = 5 (1.4.4); Ra 21780/9 = 2420;
    # 6/9 = 66.7 % -> 67 %, dp 125, Rp 2545 >= 2450
    assert not im.achieved and im.first_failure.article == "1.4.3"
    assert [k for k, ok in conditions(im).items() if not ok] == ["foreign_federations"]
    assert (im.perf.ra, im.perf.rp) == (2420, 2545)
    gm = verdicts(t)["GM"]
    assert [k for k, ok in conditions(gm).items() if not ok] == ["foreign_federations", "norm_titles", "performance"]


def test_b_an_event_type_exemption_gives_the_norm():
    t = load(event(("FM", "ITA", 2380, "m"), SWISS_B, start="2024/05/04", host="ITA"))
    im = {r.norm.code: r for r in t.norms(event_type="national-championship").player(1).results}["IM"]
    assert im.achieved and im.exemption == "1.4.3a"


# Example C: WFM of GEO, a woman, in a 10-player women's round robin starting 10 June 2024
RR_C = [Opp("WGM", "GEO", 2380, "½", "w"), Opp("WGM", "UKR", 2350, "1", "w"), Opp("IM", "IND", 2410, "0", "w"),
         Opp("WIM", "GEO", 2250, "1", "w"), Opp("WIM", "POL", 2230, "½", "w"), Opp("WFM", "AZE", 2190, "1", "w"),
         Opp("WGM", "ARM", 2320, "½", "w"), Opp("WCM", "GEO", 1990, "1", "w"), Opp("", "KAZ", 1950, "1", "w")]


def rr_c():
    return load(event(("WFM", "GEO", 2200, "w"), RR_C, start="2024/06/10", host="GEO", kind="Individual: Round-Robin"))


def test_c_wgm_norm_with_the_floor_on_one_opponent():
    v = verdicts(rr_c())
    wgm = v["WGM"]
    # floor 2000: 1990 and 1950 are below it; only the lowest, 1950, is raised (1.4.6c):
    # 20070 - 1950 + 2000 = 20120; Ra 20120/9 = 2235.56 -> 2236; 6.5/9 = 72.2 % -> 72 %, dp 166, Rp 2402
    assert wgm.achieved and wgm.perf.floored == (8, 1950, 2000)
    assert (wgm.perf.total, wgm.perf.ra, wgm.perf.rp) == (20120, 2236, 2402)
    assert (wgm.required, wgm.length) == (13, 9)  # required 6.5: no extra game


def test_c_the_other_norms():
    v = verdicts(rr_c())
    # WIM: floor 1850, nobody raised, Ra 20070/9 = 2230, Rp 2396 >= 2250; required 5 -> 10 games
    assert v["WIM"].achieved and v["WIM"].perf.floored is None and v["WIM"].perf.ra == 2230
    assert v["WIM"].length == 10
    # IM: floor 2050 raises 1950: Ra 2241, Rp 2407 < 2450; one IM/GM: fails 1.4.5c and 1.4.8
    im = v["IM"]
    assert im.perf.ra == 2241 and im.perf.rp == 2407
    assert [k for k, ok in conditions(im).items() if not ok] == ["norm_titles", "performance"]
    # GM: floor 2200 raises 1950: 20070 - 1950 + 2200 = 20320 / 9 = 2257.8 -> 2258: fails 1.4.5b, 1.4.8a, 1.4.8
    gm = v["GM"]
    assert gm.perf.ra == 2258
    assert [k for k, ok in conditions(gm).items() if not ok] == ["norm_titles", "min_ra", "performance"]
