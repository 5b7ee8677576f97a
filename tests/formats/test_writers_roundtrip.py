"""Every writer's output reads back (through the readers here) to the same players and results:
PGN, plain-text and Markdown crosstables, on a hand-made Swiss with every kind of cell, on the
1975-80 correspondence round-robin, on random Swiss events and on the TRF corpus (the same answer
from every door)."""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from trfscore.formats import crosstable, pgn
from trfscore.formats.crosstable import writer as crosstable_writer
from trfscore.formats.pgn import writer as pgn_writer
from trfscore.formats.trf.versions import VERSIONS
from trfscore.model import Game, Header, Kind, Player
from trfscore.tournament import Tournament

ROOT = Path(__file__).resolve().parents[2]
from conftest import SEED_000 as SEED  # noqa: E402

CORPUS = sorted((ROOT.parent / "shared" / "corpus" / "trf").glob("*.trf")) or sorted(
    (ROOT / "tests" / "data" / "corpus").glob("*.trf"))

KIND = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
        "X": Kind.UNKNOWN, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "U": Kind.PAB, "Z": Kind.ZERO_BYE}
MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "X": "X"}


def build(players: list[tuple[str, int | None, str, str]], rounds: list[list[tuple]], rr: bool = False,
          name: str = "Hand-made Open") -> Tournament:
    """players: (name, rating, title, federation); a round is a list of (white, black, white's code)
    pairings, (player, bye code) byes and (a, b, code, None) pairings without colours."""
    t = Tournament(header=Header(name=name, system="CUSTOM_ROUNDROBIN" if rr else "",
                                 type="" if rr else "Swiss"))
    for i, (n, rating, title, fed) in enumerate(players, 1):
        t.players.append(Player(i, name=n, rating=rating, title=title, federation=fed, fide_id=str(1000 + i)))
    for r, pairings in enumerate(rounds, 1):
        cells = {}
        for item in pairings:
            if len(item) == 2:
                cells[item[0]] = Game(r, None, None, item[1], KIND[item[1]])
                continue
            a, b, code = item[:3]
            colours = (None, None) if len(item) == 4 else ("w", "b")
            other = "-" if code == "--" else MIRROR[code]
            code = "-" if code == "--" else code
            cells[a] = Game(r, b, colours[0], code, KIND[code])
            cells[b] = Game(r, a, colours[1], other, KIND[other])
        for p in t.players:
            p.games.append(cells.get(p.start_rank, Game(r, None, None, " ", Kind.ABSENT)))
    t.rounds = len(rounds)
    return t


def hand_made() -> Tournament:
    players = [("Smith, John", 2400, "GM", "ENG"), ("van der Berg, Piet", 2310, "", "NED"),
               ("O'Neil, Ann", 2200, "WIM", ""), ("Li Chao2", 2100, "", "CHN"), ("Müller, Jörg", None, "", "GER"),
               ("B", 1500, "", ""), ("Zeta Player Seven", 1400, "", "")]
    rounds = [
        [(1, 2, "1"), (3, 4, "="), (5, 6, "+"), (7, "U")],
        [(2, 3, "0"), (4, 1, "X"), (6, 7, "--"), (5, "H")],
        [(1, 5, "="), (6, 2, "1"), (3, "F"), (4, "Z")],  # 7 absent
        [(7, 1, "0"), (2, 4, "-"), (3, 6, "1", None)],  # 5 absent; a game without colours
    ]
    return build(players, rounds)


def view(t: Tournament, colours: bool = True):
    """Per player name: per round (opponent name, colour, code, kind)."""
    out = {}
    for p in t.players:
        row = []
        for r in range(1, t.rounds + 1):
            g = p.game(r)
            opp = t.player(g.opponent).name if g.opponent is not None else None
            kind = Kind.ABSENT if g.kind == Kind.NOT_SCHEDULED else g.kind
            code = " " if kind == Kind.ABSENT else g.code
            row.append((opp, g.colour if colours else None, code, kind))
        out[p.name] = row
    return out


def pairs(t: Tournament):
    """(player, opponent, kind) for every game, round and colour left out."""
    return sorted((p.name, t.player(g.opponent).name, g.kind) for p in t.players for g in p.games
                  if g.opponent is not None)


def clean(t: Tournament):
    return [f for f in t.findings if f.severity != "info"]


@pytest.mark.parametrize("style", ["text", "markdown"])
def test_crosstable_writer_swiss_round_trip(style):
    t = hand_made()
    text = crosstable_writer.write(t, style=style)
    back = crosstable.read(text)
    assert clean(back) == []
    assert view(back) == view(t)
    assert [(p.start_rank, p.name, p.rating, p.title, p.federation) for p in back.players] == [
        (p.start_rank, p.name, p.rating, p.title, p.federation) for p in t.players]
    assert [back.score(p) for p in back.players] == [t.score(p) for p in t.players]
    assert [p.points for p in back.players] == [t.score(p) for p in t.players]
    assert back.header.name == "Hand-made Open"


def test_crosstable_writer_swiss_cells():
    text = crosstable_writer.write(hand_made())
    row = next(line for line in text.splitlines() if "Smith, John" in line).split()
    assert row[-5:] == ["2w1", "4b?", "5w½", "7b1", "3"]  # the unknown result counts ½ (TRF26 X)
    assert "PAB" in text and "HPB" in text and "FPB" in text and "ZPB" in text
    assert "6w+" in text and "5b-" in text and "7w-" in text and "6b-" in text and "W6" in text and "L3" in text


def test_pgn_writer_round_trip():
    t = hand_made()
    text = pgn_writer.write(t)
    assert text.count("[Event ") == 15  # 11 pairings + 4 byes
    assert '[WhiteFideId "1001"]' in text and '[ByeType "PAB"]' in text and '[Result "0-0"]' in text
    back = pgn.read(text)
    assert clean(back) == []
    expected = view(t)
    # a game without colours gets White = the lower start rank in PGN
    expected["O'Neil, Ann"][3] = ("B", "w", "1", Kind.WIN)
    expected["B"][3] = ("O'Neil, Ann", "b", "0", Kind.LOSS)
    assert view(back) == expected
    ours = {p.name: p for p in back.players}
    for p in t.players:
        q = ours[p.name]
        assert (q.rating, q.title, q.federation, q.fide_id) == (p.rating, p.title, p.federation, p.fide_id)
        assert back.score(q) == t.score(p)
    # start ranks by rating (desc) then name; the unrated Müller last
    assert [p.name for p in back.players][-1] == "Müller, Jörg"


def test_seed_round_robin_through_every_writer():
    t = crosstable.read(SEED.read_text(encoding="utf-8"))
    for style in ("text", "markdown"):
        back = crosstable.read(crosstable_writer.write(t, style=style))
        assert clean(back) == []
        assert view(back) == view(t)
        assert back.extras["declared"] == t.extras["declared"]
        assert [p.points for p in back.players] == [p.points for p in t.players]
    back = pgn.read(pgn_writer.write(t))
    assert clean(back) == [] and back.is_round_robin
    assert view(back, colours=False) == view(t, colours=False)
    assert [g.kind for g in back.players[0].games].count(Kind.NOT_SCHEDULED) == 1


def test_double_round_robin_grid_round_trip():
    players = [("Ann", None, "", ""), ("Bob", None, "", ""), ("Cid", None, "", ""), ("Dan", None, "", "")]
    first = [[(1, 4, "1"), (2, 3, "=")], [(4, 3, "0"), (1, 2, "+")], [(2, 4, "1"), (3, 1, "=")]]
    second = [[(4, 1, "="), (3, 2, "1")], [(3, 4, "0"), (2, 1, "0")], [(4, 2, "1"), (1, 3, "1")]]
    t = build(players, first + second, rr=True)
    text = crosstable_writer.write(t)
    assert "XX" in text and "+1" in text
    back = crosstable.read(text)
    assert clean(back) == [] and back.rounds == 6
    assert pairs(back) == pairs(t)
    assert [back.score(p) for p in back.players] == [t.score(p) for p in t.players]


def random_swiss(seed: int) -> Tournament:
    rng = random.Random(seed)
    n = rng.randint(2, 24)
    rounds = rng.randint(1, 9)
    players = [(f"Player {i:02d}, {rng.choice('ABCDEFG')}.", rng.choice([None, rng.randint(1000, 2800)]),
                rng.choice(["", "", "GM", "FM", "WIM"]), rng.choice(["", "ENG", "GER", "FRA"])) for i in range(n)]
    spec = []
    for _ in range(rounds):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        rnd = []
        while len(order) >= 2:
            a, b = order.pop(), order.pop()
            code = rng.choice(["1", "0", "=", "1", "0", "=", "+", "-", "--", "X"])
            rnd.append((a, b, code) if rng.random() < 0.9 else (a, b, code, None))
        if order:
            rnd.append((order.pop(), rng.choice(["U", "H", "F", "Z"])))
        for item in list(rnd):
            if rng.random() < 0.05:  # someone absent
                rnd.remove(item)
        spec.append(rnd)
    return build(players, spec, name=f"Random {seed}")


@pytest.mark.parametrize("seed", range(30))
def test_random_swiss_round_trips(seed):
    t = random_swiss(seed)
    for style in ("text", "markdown"):
        back = crosstable.read(crosstable_writer.write(t, style=style))
        assert clean(back) == [], (style, back.findings[:3])
        assert view(back) == view(t), style
    back = pgn.read(pgn_writer.write(t))
    assert clean(back) == []
    mine = view(t, colours=False)
    played = {name for name, row in mine.items() if any(c[3] != Kind.ABSENT for c in row)}
    got = view(back, colours=False)
    assert set(got) == played
    for name in played:
        assert got[name] == mine[name][:back.rounds] and all(c[3] == Kind.ABSENT for c in mine[name][back.rounds:])


@pytest.mark.skipif(not CORPUS, reason="no TRF corpus")
@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_trf_corpus_gives_the_same_answer_through_every_door(path):
    from trfscore.formats import trf

    t = trf.read_bytes(path.read_bytes())
    scores = {p.name: t.score(p) for p in t.players}
    doors = {"text": crosstable.read(crosstable_writer.write(t)),
             "markdown": crosstable.read(crosstable_writer.write(t, style="markdown")),
             "pgn": pgn.read(pgn_writer.write(t))}
    for door, back in doors.items():
        assert clean(back) == [], (door, back.findings[:3])
        got = {p.name: back.score(p) for p in back.players}
        if door == "pgn":  # PGN has no way to list a player who has no game and no bye
            scores_here = {p.name: t.score(p) for p in t.players
                           if any(g.opponent is not None or g.kind in Kind.BYES for g in p.games)}
        else:
            scores_here = scores
        assert got == scores_here, door
        assert pairs(back) == pairs(t), door


@pytest.mark.skipif(not CORPUS, reason="no TRF corpus")
def test_pgn_and_trf_give_identical_standings():
    from trfscore.formats import trf

    path = next(p for p in CORPUS if "bunratty_masters" in p.name) if any(
        "bunratty_masters" in p.name for p in CORPUS) else CORPUS[0]
    t = trf.read_bytes(path.read_bytes())
    back = pgn.read(pgn_writer.write(t))

    def table(x):
        return [(row.player.name, row.points, tuple(sorted(row.tiebreaks.items())))
                for row in x.standings(tiebreaks=["BH", "SB"]).rows]

    assert table(back) == table(t)


def test_format_value():
    assert crosstable_writer.format_value(Fraction(267, 4)) == "66.75"
    assert crosstable_writer.format_value(Fraction(21, 2), half_glyph=True) == "10½"
    assert crosstable_writer.format_value(Fraction(1, 2), half_glyph=True) == "½"
    assert crosstable_writer.format_value(Fraction(1, 3)) == "0.33"
    assert crosstable_writer.format_value(None) == ""


# -- hostile text ------------------------------------------------------------------------------
HOSTILE = ["<img src=x onerror=alert(1)>", "Smith; John", "a_b *c* `d`", "Back\\slash [x](javascript:y)",
           "&amp; &lt;", "Tab\tCR\rNUL\x00End", "Pipe | Name", "~~$x$~~"]


def renamed(names: list[str]) -> Tournament:
    t = hand_made()
    for p, name in zip(t.players, names):
        p.name = name
    t.header.name = "<script>alert(1)</script> *Open*"
    return t


def written_name(name: str) -> str:
    """A name as the writers can carry it: one line (tab, CR, LF ... as blanks, other control
    characters as their control pictures, U+2400 + code), | as /."""
    table = {c: " " if chr(c) in "\t\n\x0b\x0c\r" else chr(0x2400 + c) for c in range(32)}
    return " ".join(name.translate(table).split()).replace("|", "/")


def test_markdown_crosstable_escapes_markup_and_reads_back():
    """Names went into the Markdown table as they were: raw HTML (<img onerror>, <script>) and
    links for any renderer; ';' in a Markdown cell was dropped when read back."""
    t = renamed(HOSTILE)
    text = crosstable_writer.write(t, style="markdown")
    assert "<" not in text.replace("\\<", "") and "](" not in text.replace("\\](", "")
    back = crosstable.read(text)
    assert [p.name for p in back.players] == [written_name(p.name) for p in t.players]
    assert back.header.name == t.header.name and view(back) == view(renamed(
        [written_name(n) for n in HOSTILE]))


def test_text_crosstable_keeps_every_row_of_names_with_separators():
    t = renamed(["A; B; C", "D | E | F"])
    back = crosstable.read(crosstable_writer.write(t))
    assert [p.name for p in back.players][:2] == ["A, B, C", "D / E / F"] and len(back.players) == 7


def test_pgn_tags_carry_quotes_backslashes_and_no_control_characters():
    """A CR in a name broke its tag line (the player vanished), a NUL made the file 'binary',
    and \\" was read back with its backslash."""
    t = renamed(['Quote "Q"', "Back\\slash", "CR\rin name", "NUL\x00in name", "Tab\tin name"])
    text = pgn_writer.write(t)
    assert not any(ch in text for ch in "\r\x00\t")
    back = pgn.read(text)
    assert clean(back) == [] and {p.name for p in back.players} == {written_name(p.name) for p in t.players}
    assert back.header.name == t.header.name


def test_crosstable_of_players_without_games():
    """A round robin whose players have no games (one row of '1 1 1 ...') crashed the writer."""
    t = crosstable.read("1 " * 50 + "\n")
    assert crosstable_writer.write(t).startswith("No")


def test_writers_follow_the_cells_not_a_claimed_round_count():
    """A JSON document may say 200,000 rounds over four rounds of cells: the writers made that
    many columns (100,000,000: MemoryError)."""
    t = hand_made()
    t.rounds = 200_000
    assert crosstable_writer.write(t).count(".Rd") == 4
    assert pgn_writer.write(t).count("[Event ") == 15


@pytest.mark.parametrize("version", VERSIONS)
def test_trf_writer_keeps_each_record_on_its_line(version):
    """A name or header value holding a line break (JSON can) started records of its own:
    '012 x\\n062 999' made a second 062, a name a second 001."""
    from trfscore.formats import trf
    from trfscore.formats.trf import versions as trf_versions

    t = hand_made()
    t.header.name = "Head\r\n062 999"
    t.header.round_dates = ["24/05/01\n012 x"]
    t.players[0].name = "Evil\n001    9 m    Injected"
    t.players[1].federation = "\tGE"
    text = trf_versions.write(t, version)
    codes = [line[:3] for line in text.splitlines()]
    assert codes.count("012") == codes.count("062") == 1 and codes.count("001") == len(t.players)
    back = trf.read_text(text)
    assert [p.start_rank for p in back.players] == [p.start_rank for p in t.players]
