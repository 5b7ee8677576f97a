"""The pairing rules (TRF501-508, TRF552: ``checks/lanes.py`` and ``checks/rules/pairings.py``,
``meetings.py``) against a reference written here with plain loops over the players' games, on
random Swiss events with planted defects: opponents changed to anybody (the player themself, a
start rank nobody holds, 0000), colours and results changed, cells blanked or left pending, the
001 lines in any order; and, after reading, self-pairings no TRF reader keeps (it drops the
opponent, TRF405) set on the model.

The reference follows docs/rules.md E1-E5, D5, D6 one cell at a time:

* player ``p`` *names* ``q`` in round ``r`` when ``p``'s cell holds ``q``'s start rank and
  ``q`` is a player; the pairing is *confirmed* when ``q`` names ``p`` back (a player naming
  themself confirms themself);
* E1 (TRF501): an unconfirmed claim on ``q`` while ``q`` is not confirmed with anybody, on the
  claimant's line, and on ``q``'s line too when ``q``'s cell holds nothing;
* E4 (TRF505): an unconfirmed claim on ``q`` while ``q`` is confirmed with somebody else;
* E2/E3 (TRF502-504): over every confirmed game of two players, equal colours (both lines), a
  colour on one side of a forfeit only (the bare line), results that do not complement each
  other (both lines; two blank results are no finding while the round waits for them);
* E5 (TRF552): a pair confirmed in several rounds, played (by the lower start rank's half) in
  more than one: every game after the first, on the lower start rank's line;
* D5 (TRF506, TRF507): two ``U`` in one round (every one of them), a second ``U`` of one player;
* D6 (TRF508): a blank cell before a cell that is not blank.
"""
from __future__ import annotations

from collections import Counter

import pytest
from checkhelp import HEADER, checked, fields, trf
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.checks import lanes
from trfscore.checks.context import Context
from trfscore.model import Kind, Player
from trfscore.testing.generate import berger
from trfscore.tournament import Tournament

RULES = ("TRF501", "TRF502", "TRF503", "TRF504", "TRF505", "TRF506", "TRF507", "TRF508", "TRF552")
SWISS_HEADER = [*HEADER, "092 Individual: Swiss-System"]

#: the two results of one game that fit (E3: docs/rules.md), written out here
FITTING = {("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"), ("D", "D"), ("+", "-"), ("-", "+"),
           ("-", "-"), ("X", "X"), ("?", "?"), ("X", "?"), ("?", "X")}
#: result pairs of a clean game (white's, black's) and of a forfeit
GAMES = [("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("D", "D")]
FORFEITS = [("+", "-"), ("-", "+"), ("-", "-")]
BYES = ["0000 - U", "0000 - H", "0000 - F", "0000 - Z", ""]


def _blank(g) -> bool:
    """The cell holds nothing: no opponent, no result (an absence or a round not scheduled)."""
    return g.opponent is None and g.code == " " and g.kind in (Kind.ABSENT, Kind.NOT_SCHEDULED)


def reference(t: Tournament) -> Counter:
    """(rule, line, round) of every finding the pairing rules should make on ``t``."""
    by_rank = {p.start_rank: p for p in t.players}
    rounds = max((len(p.games) for p in t.players), default=0)
    waiting = t.event.is_waiting
    found: Counter = Counter()

    def names(p: Player, r: int) -> Player | None:
        return by_rank.get(p.game(r).opponent)  # type: ignore[arg-type]

    def confirmed(p: Player, r: int) -> bool:
        q = names(p, r)
        return q is not None and names(q, r) is p

    for r in range(1, rounds + 1):
        for p in t.players:
            q = names(p, r)
            if q is None:
                continue
            if not confirmed(p, r):
                if confirmed(q, r):
                    found["TRF505", p.line, r] += 1
                else:
                    found["TRF501", p.line, r] += 1
                    if _blank(q.game(r)):
                        found["TRF501", q.line, r] += 1
                continue
            if q.start_rank <= p.start_rank:
                continue  # each game once, from its lower start rank (a self-pairing: never)
            g, h = p.game(r), q.game(r)
            if g.colour is not None and g.colour == h.colour:
                found["TRF502", p.line, r] += 1
                found["TRF502", q.line, r] += 1
            if (g.colour is None) != (h.colour is None) and g.kind not in Kind.PLAYED and h.kind not in Kind.PLAYED:
                found["TRF503", (p if g.colour is None else q).line, r] += 1
            if (g.code, h.code) not in FITTING and not (g.code == h.code == " " and waiting(p.start_rank, r)):
                found["TRF504", p.line, r] += 1
                found["TRF504", q.line, r] += 1
        pabs = [p for p in t.players if p.game(r).code == "U" and p.game(r).kind == Kind.PAB]
        if len(pabs) > 1:
            found.update(("TRF506", p.line, r) for p in pabs)
    for p in t.players:
        pab_rounds = [r for r in range(1, rounds + 1) if p.game(r).code == "U" and p.game(r).kind == Kind.PAB]
        found.update(("TRF507", p.line, r) for r in pab_rounds[1:])
        last = max((r for r, g in enumerate(p.games, 1) if not _blank(g)), default=0)
        found.update(("TRF508", p.line, r) for r, g in enumerate(p.games[:last], 1) if _blank(g))
        games_with: dict[int, list[int]] = {}
        for r in range(1, rounds + 1):
            q = names(p, r)
            if q is not None and q.start_rank > p.start_rank and confirmed(p, r) and p.game(r).kind in Kind.PLAYED:
                games_with.setdefault(q.start_rank, []).append(r)
        for played in games_with.values():
            found.update(("TRF552", p.line, r) for r in played[1:])
    return found


def found_by_check(t: Tournament) -> Counter:
    """(rule, line, round) of ``check``'s findings of the pairing rules on ``t``."""
    return Counter((f.rule, f.line, int(f.message.split(":")[0].split()[1])) for f in checked(t) if f.rule in RULES)


@st.composite
def events(draw, max_players: int = 9, rounds: tuple[int, int] = (1, 5)) -> tuple[dict[int, list[str]], list[int]]:
    """Rows of ``checkhelp.trf`` cells: a Swiss paired at random (the odd player out gets a
    bye or nothing), then up to eight cells replaced by anything; and the order of the lines."""
    n, rounds = draw(st.integers(2, max_players)), draw(st.integers(*rounds))
    rows: dict[int, list[str]] = {sr: [] for sr in range(1, n + 1)}
    for _ in range(rounds):
        order = draw(st.permutations(range(1, n + 1)))
        for white, black in zip(order[::2], order[1::2]):
            forfeit = draw(st.booleans())
            mine, theirs = draw(st.sampled_from(FORFEITS if forfeit else GAMES))
            colours = draw(st.sampled_from(["wb", "--"])) if forfeit else "wb"
            rows[white].append(f"{black} {colours[0]} {mine}")
            rows[black].append(f"{white} {colours[1]} {theirs}")
        if n % 2:
            rows[order[-1]].append(draw(st.sampled_from(BYES)))
    for _ in range(draw(st.integers(0, 8))):
        sr, r = draw(st.integers(1, n)), draw(st.integers(0, rounds - 1))
        opponent = draw(st.integers(0, n + 1))  # 0: 0000; the player; n + 1: nobody's start rank
        colour, result = draw(st.sampled_from("wb-")), draw(st.sampled_from("10=+-WDLHFUZ"))
        was, was_colour, was_result = fields(rows[sr][r])
        rows[sr][r] = draw(st.sampled_from([
            f"{opponent:04d} {colour} {result}", f"{opponent} {colour}", "", f"0000 - {result}", "0000 - U",
            f"{was or '0000'} {colour} {was_result}", f"{was or '0000'} {was_colour} {result}"]))
    return rows, draw(st.permutations(list(rows)))


def _load(rows: dict[int, list[str]], order: list[int]) -> Tournament:
    return trfscore.loads(trf({sr: rows[sr] for sr in order}, header=SWISS_HEADER, ranks={}), "trf")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=events())
def test_check_finds_what_the_reference_finds(event):
    t = _load(*event)
    assert found_by_check(t) == reference(t)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=events(max_players=5, rounds=(lanes.PAIRWISE_ROUNDS - 1, lanes.PAIRWISE_ROUNDS + 3)))
@example(event=({1: ["2 w 1"] * 17, 2: ["1 b 0"] * 17, 3: ["0000 - H"] * 17}, [2, 1, 3]))  # 2 listed first: number 1
def test_long_events_where_few_players_meet_again_and_again(event):
    """Up to ``PAIRWISE_ROUNDS`` rounds the rows naming a player twice are found by comparing
    every two rounds, past it by each row's set of opponents: both ways find what the reference
    finds."""
    t = _load(*event)
    assert found_by_check(t) == reference(t)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=events(), data=st.data())
def test_self_pairings_set_on_the_model(event, data):
    """A player naming themself (only a model built by hand holds one: the reader drops it)
    confirms themself: a claim on them by another is a second pairing (TRF505)."""
    t = _load(*event)
    for _ in range(data.draw(st.integers(1, 3))):
        p = data.draw(st.sampled_from(t.players))
        if not p.games:
            continue
        r = data.draw(st.integers(1, len(p.games)))
        games = list(p.games)
        games[r - 1] = games[r - 1]._replace(opponent=p.start_rank)
        p.games = games
    assert found_by_check(t) == reference(t)


def round_robin_reference(t: Tournament) -> Counter:
    """(rule, line, round) of the findings of E5 in a round robin (TRF551: a pair meeting more
    often than the cycles allow, or twice with the same colours in a double round robin), and
    (rule, line, other start rank) of TRF550 (a pair that never meets once every round of the
    cycles, and of the declared rounds, is in the file)."""
    by_rank = {p.start_rank: p for p in t.players}
    rounds, n, double = t.rounds, len(t.players), t.event.double
    found: Counter = Counter()
    meetings: dict[tuple[int, int], list[int]] = {}
    for p in t.players:
        for r in range(1, rounds + 1):
            q = by_rank.get(p.game(r).opponent)  # type: ignore[arg-type]
            if q is not None and q.start_rank > p.start_rank and q.game(r).opponent == p.start_rank:
                meetings.setdefault((p.start_rank, q.start_rank), []).append(r)
    allowed = 2 if double else 1
    for (a, _), met in meetings.items():
        found.update(("TRF551", by_rank[a].line, r) for r in met[allowed:])
        if double and len(met) == 2 and by_rank[a].game(met[0]).colour in ("w", "b") \
                and by_rank[a].game(met[0]).colour == by_rank[a].game(met[1]).colour:
            found["TRF551", by_rank[a].line, met[1]] += 1
    cycle = n - 1 if n % 2 == 0 else n  # (C.05 Annex 1: an odd count adds a round for the free player)
    if n >= 2 and rounds >= cycle * allowed and rounds >= (t.header.rounds_declared or 0):
        for a in sorted(by_rank):
            found.update(("TRF550", by_rank[a].line, b) for b in sorted(by_rank) if b > a and (a, b) not in meetings)
    return found


@st.composite
def round_robins(draw) -> tuple[dict[int, list[str]], list[int], bool]:
    """A (double) round robin on the Berger tables (the free player of an odd count sits out),
    up to six cells replaced by anything, its last rounds maybe not yet in the file."""
    n, double = draw(st.integers(2, 7)), draw(st.booleans())
    tables = berger(n + n % 2)
    rows: dict[int, list[str]] = {sr: [] for sr in range(1, n + 1)}
    for cycle in range(2 if double else 1):
        for pairs in tables:
            for white, black in pairs:
                if cycle:
                    white, black = black, white
                if black > n:
                    rows[white].append("")
                elif white > n:
                    rows[black].append("")
                else:
                    mine, theirs = draw(st.sampled_from(GAMES + FORFEITS))
                    rows[white].append(f"{black} w {mine}")
                    rows[black].append(f"{white} b {theirs}")
    rounds = len(rows[1])
    for _ in range(draw(st.integers(0, 6))):
        sr, r = draw(st.integers(1, n)), draw(st.integers(0, rounds - 1))
        rows[sr][r] = draw(st.sampled_from([f"{draw(st.integers(0, n + 1))} {draw(st.sampled_from('wb'))} 1", "",
                                            f"{rows[sr][r]}"[:-1] + draw(st.sampled_from("10=")) if rows[sr][r] else ""]))
    for _ in range(draw(st.integers(0, 2))):  # two players paired again in a round, whoever they played there
        a, b, r = draw(st.integers(1, n)), draw(st.integers(1, n)), draw(st.integers(0, rounds - 1))
        if a != b:
            rows[a][r], rows[b][r] = f"{b} w 1", f"{a} b 0"
    for _ in range(draw(st.integers(0, 2))):  # a game's colours swapped on both sides
        a, r = draw(st.integers(1, n)), draw(st.integers(0, rounds - 1))
        b = int(rows[a][r].split()[0]) if rows[a][r] else 0
        if 0 < b <= n and rows[b][r].startswith(f"{a} "):
            swap = str.maketrans("wb", "bw")
            rows[a][r], rows[b][r] = rows[a][r].translate(swap), rows[b][r].translate(swap)
    cut = draw(st.integers(0, 1))
    return {sr: row[:rounds - cut] for sr, row in rows.items()}, draw(st.permutations(list(rows))), double


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=round_robins())
def test_round_robin_meetings_as_the_reference_finds_them(event):
    rows, order, double = event
    system = "FIDE_DOUBLEROUNDROBIN" if double else "FIDE_ROUNDROBIN"
    t = trfscore.loads(trf({sr: rows[sr] for sr in order}, header=[*HEADER, f"192 {system}"], ranks={}), "trf")
    assert t.event.round_robin and t.event.double == double
    found = Counter()
    for f in checked(t):
        if f.rule == "TRF551":
            found[f.rule, f.line, int(f.message.split(":")[0].split()[1])] += 1
        elif f.rule == "TRF550":
            found[f.rule, f.line, int(f.message.split()[3])] += 1  # "players a and b never meet ..."
    assert found == round_robin_reference(t)


@pytest.mark.parametrize("typecode", ["B", "H", "I", "L"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(event=events())
def test_every_lane_width_finds_the_same(monkeypatch, typecode, event):
    """The lanes of 1, 2, 4 and 8 bytes (``lanes._typecode`` picks the narrowest that numbers
    every player; ``test_lane_width_boundaries`` holds its choice at 255, 256, 65,535 and 65,536
    players) on small events: each width finds what the reference finds."""
    monkeypatch.setattr(lanes, "_typecode", lambda players: typecode)
    t = _load(*event)
    assert Context(t).flat.lanes.width == lanes.array(typecode).itemsize
    assert found_by_check(t) == reference(t)


@pytest.mark.parametrize("typecode", ["B", "H", "I", "L"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_lane_primitives_at_every_width(monkeypatch, typecode, data):
    """``zero_lanes`` and ``gather`` lane by lane, in every byte of every width, on lanes holding
    values at the byte edges (a small event numbers its players in the low byte only)."""
    monkeypatch.setattr(lanes, "_typecode", lambda players: typecode)
    lane = Context(trfscore.loads(trf(header=SWISS_HEADER), "trf")).flat.lanes
    top = 256 ** lane.width - 1
    edge = st.sampled_from([v for v in (0, 1, 255, 256, 257, 65535, 65536, 2 ** 24, 2 ** 32, top) if v <= top])
    values = data.draw(st.lists(edge | st.integers(0, top), max_size=12))
    assert list(lane.zero_lanes(lanes.array(typecode, values).tobytes())) == [int(v == 0) for v in values]
    numbers = data.draw(st.lists(st.integers(0, len(values)), max_size=12))
    held = values if lane.width > 1 else [v % 256 for v in values]  # (one byte a value in a lane of one)
    gathered = lane.gather(lanes.array(typecode, held).tobytes(), lanes.array(typecode, numbers).tobytes(), lane.width)
    assert list(lanes.array(typecode, gathered)) == [held[k - 1] if k else 0 for k in numbers]


#: the players whose numbers sit at the edges of a lane: a byte's last (255), the first needing
#: two bytes (256, low byte 0), ... and the first needing four (65,536, both low bytes 0)
EDGES = (1, 2, 3, 254, 255, 256, 257, 511, 512, 513, 65534, 65535, 65536)


def _edge_event(n: int, seed: int) -> tuple[list[Player], dict[int, list[tuple[int, str, str]]]]:
    """``n`` players over two rounds (round 1: 1-2, 3-4, ...; round 2: 2-3, 4-5, ... and ``n``-1;
    the odd player out a ``U``), and a dozen cells of the players at the lane edges replaced by
    claims on other edge players, clashing colours or results."""
    import random

    rng = random.Random(seed)
    cells: dict[int, list[tuple[int, str, str]]] = {sr: [] for sr in range(1, n + 1)}  # (opponent, colour, code)
    for first in (1, 2):
        paired = [(a, a + 1) for a in range(first, n, 2)] + ([(n, 1)] if first == 2 and n % 2 == 0 else [])
        for white, black in paired:
            cells[white].append((black, "w", "1"))
            cells[black].append((white, "b", "0"))
        for sr in range(1, n + 1):
            if len(cells[sr]) < first:
                cells[sr].append((0, "-", "U"))
    edges = [sr for sr in EDGES if sr <= n] + [n - 1, n]
    for _ in range(12):
        sr, r = rng.choice(edges), rng.randrange(2)
        cells[sr][r] = (rng.choice(edges), rng.choice("wb-"), rng.choice("10=+-"))
    return [Player(start_rank=sr, name=f"Player {sr}", line=sr + 1) for sr in range(1, n + 1)], cells


def _with_games(players: list[Player], cells: dict[int, list[tuple[int, str, str]]]) -> list[Player]:
    from trfscore.formats.trf.bulk import KIND_BY_CODE
    from trfscore.model import Game

    for p in players:
        p.games = [Game(r, opp or None, colour if colour in "wb" else None, code, KIND_BY_CODE[code])
                   for r, (opp, colour, code) in enumerate(cells[p.start_rank], 1)]
    return players


@pytest.mark.parametrize(("players", "width"), [(255, 1), (256, 2)])
@pytest.mark.parametrize("seed", range(3))
def test_lane_width_boundaries_in_a_file(players, width, seed):
    """255 players number in a byte, 256 need two: the defects planted on the players at the
    edges of the lanes are found as the reference finds them, read from a TRF file."""
    _, cells = _edge_event(players, seed)
    rows = {sr: [f"{opp:04d} {colour} {code}" for opp, colour, code in row] for sr, row in cells.items()}
    t = _load(rows, list(rows))
    assert Context(t).flat.lanes.width == width
    assert found_by_check(t) == reference(t) != Counter()


@pytest.mark.slow
@pytest.mark.parametrize(("players", "width"), [(65535, 2), (65536, 4)])
def test_lane_width_boundaries_built_by_hand(players, width):
    """Past 65,535 players (a model built by hand or read from JSON: a TRF start rank has four
    digits) the lanes take four bytes; the quick run holds every width on small events
    (``test_every_lane_width_finds_the_same``)."""
    t = Tournament(header=trfscore.model.Header(name="Edges", type="Individual: Swiss-System"),
                   players=_with_games(*_edge_event(players, 0)), rounds=2)
    assert Context(t).flat.lanes.width == width
    assert found_by_check(t) == reference(t) != Counter()


def test_lane_widths_and_tables_at_their_edges():
    """The quick run's hold on the widths ``test_lane_width_boundaries_built_by_hand`` reaches
    only past 65,535 players: the narrowest lane that numbers every player (and 0), and the
    byte tables the lanes are read through."""
    assert [lanes.array(lanes._typecode(n)).itemsize for n in (0, 255, 256, 65535, 65536)] == [1, 1, 2, 2, 4]
    assert lanes._table(lambda b: b == 0) == lanes._ZERO_IS_ONE == b"\1" + bytes(255)
    assert lanes._table(lambda b: b >= 128) == bytes(128) + b"\1" * 128


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=events() | events(max_players=5, rounds=(lanes.PAIRWISE_ROUNDS - 1, lanes.PAIRWISE_ROUNDS + 3)),
       self_paired=st.lists(st.tuples(st.integers(0, 8), st.integers(1, 5)), max_size=2))
@example(event=({1: ["2 w 1", "3 b 0"], 2: ["1 b 0", "0000 - U"], 3: ["0000 - U", "1 w 1"]}, [1, 2, 3]),
         self_paired=[(1, 1), (1, 2)])  # player 2 paired with themself twice: no meeting of a pair
def test_the_lanes_answers_cell_by_cell(event, self_paired):
    """Each question of :class:`~trfscore.checks.lanes.Lanes`, as a list of flat cells
    (``k = row * rounds + round - 1``) in order, against plain loops over the games."""
    from trfscore.checks.rules.pairings import _not_complementary, _one_side_bare, _same_colour

    t = _load(*event)
    for i, r in self_paired:  # (a model built by hand may hold a player paired with themself)
        p = t.players[i % len(t.players)]
        if r <= len(p.games):
            p.games = [g._replace(opponent=p.start_rank) if g.round == r else g for g in p.games]
    flat = Context(t).flat
    lane, n = flat.lanes, flat.round_count
    by_rank = {p.start_rank: p for p in t.players}
    cells = [(i * n + r - 1, p, p.game(r), by_rank.get(p.game(r).opponent)) for i, p in enumerate(t.players)
             for r in range(1, n + 1)]
    confirmed = [(k, p, g, q) for k, p, g, q in cells if q is not None and q.game(g.round).opponent == p.start_rank]
    assert lane.unconfirmed() == [k for k, p, g, q in cells if q is not None and q.game(g.round).opponent != p.start_rank]
    mutual = [(k, p, g, q) for k, p, g, q in confirmed if q.start_rank > p.start_rank]
    assert lane.mutual() == [k for k, _, _, _ in mutual]
    colour = {"w": "w", "b": "b", None: "-"}
    for column, test in (("col", _same_colour), ("col", _one_side_bare), ("code", _not_complementary)):
        def of(g, column=column):
            return colour[g.colour] if column == "col" else g.code
        assert lane.mutual_where(column, test) == [k for k, p, g, q in mutual if test(of(g), of(q.game(g.round)))]
    repeated: dict[tuple[int, int], list[int]] = {}
    for k, p, _, q in mutual:
        repeated.setdefault((p.start_rank, q.start_rank), []).append(k)
    assert lane.repeated_meetings() == {pair: ks for pair, ks in repeated.items() if len(ks) > 1}


@pytest.mark.parametrize("column", ["col", "code"])
def test_the_verdict_tables_number_every_character_and_flag_where_the_test_holds(column):
    """``_verdicts`` for a test it has not seen: every character of the column's alphabet has a
    number of its own (1..15, four bits), any other character 0, and the table of two numbers
    flags exactly the pairs the test holds for, and every pair with an unnumbered character."""
    chars = lanes.ALPHABETS[column]
    for test in (lambda a, b: a == b, lambda a, b: (a, b) in FITTING, lambda a, b: a < b):
        alphabet, verdicts = lanes._verdicts(column, test)
        numbers = [alphabet[ord(c)] for c in chars]
        assert sorted(numbers) == list(range(1, len(chars) + 1)) and alphabet[ord("Q")] == alphabet[0] == 0
        for a in chars:
            for b in chars:
                assert verdicts[alphabet[ord(a)] * 16 + alphabet[ord(b)]] == test(a, b), (a, b)
        assert all(verdicts[x * 16] == verdicts[x] == 1 for x in range(16))  # an unnumbered character: tested one by one


def test_cells_with_characters_past_ascii_are_tested_one_by_one():
    """A result code no alphabet numbers (a model built by hand may hold any character) is
    judged by the test itself: ``é`` against ``é`` do not fit (TRF504 on both lines)."""
    t = _load({1: ["2 w 1"], 2: ["1 b 0"]}, [1, 2])
    for p in t.players:
        p.games = [p.games[0]._replace(code="é")]
    assert Context(t).flat.lanes.mutual_where("code", lambda a, b: (a, b) not in FITTING) == [0]


def test_the_lanes_list_cells_in_order_across_rounds():
    """Colour clashes in round 1 (3-4, both white) and round 2 (1-3): the cells come player
    after player (k = row * 2 + round - 1: player 1's round 2 is cell 1, player 3's round 1 is
    cell 4), not round after round."""
    from trfscore.checks.rules.pairings import _same_colour

    rows = {1: ["2 w 1", "3 w ="], 2: ["1 b 0", "4 w 1"], 3: ["4 w =", "1 w ="], 4: ["3 w =", "2 b 0"]}
    lane = Context(_load(rows, [1, 2, 3, 4])).flat.lanes
    assert lane.mutual_where("col", _same_colour) == [0 * 2 + 1, 2 * 2 + 0]
