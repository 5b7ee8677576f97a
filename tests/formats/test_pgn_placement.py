"""Where the PGN reader puts each game (formats/pgn/table.py), held to the placement rule written
again here as a plain loop: a game with a round goes in that round, a second game of a player in
one round is reported (PGN108) and left out for that player, and a game without a round goes in
the first round both players are free, after every numbered game (docs/formats.md, "PGN")."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pgn import game

from conftest import run_cli
from trfscore.formats import pgn

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
#: a PGN result -> the codes of white's and black's cells (TRF16: 1 win, 0 loss, = draw; a game
#: still to come holds its cell with a blank result)
CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "*": (" ", " ")}
#: a bye (no opponent): ByeType PAB, a pairing-allocated bye, TRF16's U
BYE = "BYE"

Cell = tuple[str | None, str | None, str]  # opponent's name, colour, code


def placed(games: list[tuple[int | None, str, str, str]]) -> tuple[dict[str, dict[int, Cell]], list[str]]:
    """The rule, as a plain loop: each player's cells by round, and the players of each PGN108 in
    reading order."""
    cells: dict[str, dict[int, Cell]] = {}
    clashes: list[str] = []
    for _, white, black, _ in games:  # every player named, whether or not a game of theirs is kept
        cells.setdefault(white, {})
        if black != BYE:
            cells.setdefault(black, {})

    def sides(white: str, black: str, result: str) -> list[tuple[str, Cell]]:
        if black == BYE:
            return [(white, (None, None, "U"))]
        w, b = CODES[result]
        return [(white, (black, "w", w)), (black, (white, "b", b))]

    for rnd, white, black, result in games:  # the numbered games first, in reading order
        if rnd is not None:
            for name, cell in sides(white, black, result):
                if rnd in cells[name]:
                    clashes.append(name)
                else:
                    cells[name][rnd] = cell
    for rnd, white, black, result in games:  # then the others, each in the first round both are free
        if rnd is None:
            free = 1
            while free in cells[white] or (black != BYE and free in cells[black]):
                free += 1
            for name, cell in sides(white, black, result):
                cells[name][free] = cell
    return cells, clashes


@st.composite
def events(draw) -> list[tuple[int | None, str, str, str]]:
    players = NAMES[:draw(st.integers(2, len(NAMES)))]
    out = []
    for _ in range(draw(st.integers(1, 14))):
        white, black = draw(st.permutations(players))[:2]
        if draw(st.integers(0, 5)) == 0:
            black = BYE
        rnd = draw(st.one_of(st.none(), st.integers(1, 5)))
        out.append((rnd, white, black, "1-0" if black == BYE else draw(st.sampled_from(sorted(CODES)))))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_every_game_goes_where_the_rule_puts_it(games):
    text = "".join(game(white, black, result, "?" if rnd is None else str(rnd),
                        **({"ByeType": "PAB"} if black == BYE else {})) for rnd, white, black, result in games)
    t = pgn.read(text)
    expected, clashes = placed(games)
    rounds = max((r for row in expected.values() for r in row), default=0)
    assert t.rounds == rounds
    name = {p.start_rank: p.name for p in t.players}
    got = {p.name: [(name.get(g.opponent), g.colour, g.code) for g in p.games] for p in t.players}
    assert got == {n: [row.get(r, (None, None, " ")) for r in range(1, rounds + 1)] for n, row in expected.items()}
    assert [f.message.split(" has")[0] for f in t.findings if f.rule == "PGN108"] == [repr(n) for n in clashes]


def test_a_second_game_in_a_round_is_reported_at_its_record():
    text = game("Ann", "Bob", "1-0", "3") + game("Ann", "Cid", "0-1", "3")
    (clash,) = [f for f in pgn.read(text).findings if f.rule == "PGN108"]
    second = text.index('[Event', 1)  # the second game's record starts at its first tag line
    assert (clash.line, clash.column, clash.text) == (text.count("\n", 0, second) + 1, 1, "3")
    assert clash.message.startswith("'Ann' has a second game in round 3")
    assert clash.hint.startswith('if Round "3.1", "3.2" are games of a match, read with --round-mode round.game')


def test_a_game_of_a_player_against_himself_takes_no_cell_and_is_an_error_at_its_record():
    t = pgn.read(game("Ann", "Ann", "1-0", "1"))
    assert t.rounds == 0 and [(p.name, p.games) for p in t.players] == [("Ann", [])]
    (alone,) = [f for f in t.findings if f.rule == "PGN113"]
    assert (alone.severity, alone.line, alone.column) == ("error", 1, 1)
    assert alone.message == "game at line 1: 'Ann' is both White and Black; the game cannot be scored and is left out"
    text = game("Ann", "Bob", "0-1", "?") + game("Ann", "Ann", "1-0", "?") + game("Ann", "Bob", "1-0", "?")
    t = pgn.read(text)
    second = text.index("[Event", 1)  # the self game's record starts at its first tag line
    assert [(f.line, f.column) for f in t.findings if f.rule == "PGN113"] == [(text.count("\n", 0, second) + 1, 1)]
    assert t.rounds == 2 and [g.opponent for g in t.players[0].games] == [t.players[1].start_rank] * 2


def test_a_game_of_a_player_against_himself_fails_check_report_and_convert(tmp_path, capsys):
    path = tmp_path / "self.pgn"
    path.write_text(game("Ann", "Bob", "1-0", "1") + game("Ann", "Ann", "1/2-1/2", "2"), encoding="utf-8")
    line = 1 + game("Ann", "Bob", "1-0", "1").count("\n")  # the second game's first tag line
    for command in (["check", "--no-progress"], ["report"], ["convert", "--to", "trf"]):
        code, out, err = run_cli(capsys, command[0], path, *command[1:])
        said = out if command[0] == "check" else err  # check's findings are its output; the others warn
        assert code == 1, command
        assert f"{path}:{line}:1: error PGN113 game at line {line}: 'Ann' is both White and Black" in said, command


def test_a_round_far_past_the_games_is_refused_with_the_cells_counted():
    """Three games in rounds 1, 2 and 999999 and one without a round (placed in round 3, the first
    both Bob and Dan are free): 4 players x 999,999 rounds against 8 cells filled, two a game."""
    text = (game("Ann", "Bob", "1-0", "1") + game("Cid", "Dan", "1-0", "2") + game("Ann", "Cid", "1-0", "999999")
            + game("Bob", "Dan", "1-0", "?"))
    t = pgn.read(text)
    (refused,) = [f for f in t.findings if f.rule == "PGN100"]
    assert refused.message.startswith("4 players over 999999 rounds with only 8 games and byes: not one tournament")
    assert t.players == []


def test_games_without_rounds_that_outgrow_a_dense_block_are_counted_in_a_sparse_one(monkeypatch):
    """701 players and 700 games without a round, all of Ann's (one against each other player): the
    games go to rounds 1 to 700, the block of 701 x 700 cells holds 1,400 of them, under one in
    PADDING, so the event is refused, its rounds and cells counted as placed.  The block grows
    by doubling, a few times (it grew by one round a game once past half the dense size, each
    step copying the whole block: 6 seconds here, minutes for a few thousand such games)."""
    from trfscore.formats.limits import DENSE_CELLS, PADDING
    from trfscore.formats.pgn.table import _Store

    games, players = 700, 701  # (the block turns sparse past 285 rounds, 572 wide, and widens again)
    assert players * games > DENSE_CELLS and players * games > PADDING * 2 * games
    widths = []
    widened = _Store.widened
    monkeypatch.setattr(_Store, "widened", lambda store, width, filled: widths.append(width) or widened(store, width,
                                                                                                          filled))
    text = "".join(game("Ann", f"P{i}", "1-0", "?") for i in range(games))
    (refused,) = [f for f in pgn.read(text).findings if f.rule == "PGN100"]
    assert refused.message.startswith(f"{players} players over {games} rounds with only {2 * games} games and byes")
    assert max(widths) >= games and len(widths) <= 2 + 2 * games.bit_length()  # (1, 2, 4, ... at least doubling)


def _at_the_padding_limit(missing: int) -> str:
    """202 players, a game in round 1000 and the others in rounds 1, 2, ... (101 a round): 202,000
    cells, exactly PADDING times the cells filled when ``missing`` is 0."""
    from trfscore.formats.limits import DENSE_CELLS, PADDING

    players, rounds = 202, 1000
    cells = players * rounds
    assert cells > DENSE_CELLS and cells % (2 * PADDING) == 0
    games = cells // (2 * PADDING) - missing
    pairs = [(f"P{i}", f"P{i + 1}") for i in range(0, players, 2)]
    return game("P0", "P1", "1-0", str(rounds)) + "".join(
        game(*pairs[k % len(pairs)], "1-0", str(1 + k // len(pairs))) for k in range(games - 1))


def test_an_event_at_the_padding_limit_is_read_and_one_game_fewer_is_refused():
    t = pgn.read(_at_the_padding_limit(0))
    assert t.rounds == 1000 and len(t.players) == 202 and "PGN100" not in {f.rule for f in t.findings}
    assert t.players[0].games[999].opponent == t.players[1].start_rank
    t = pgn.read(_at_the_padding_limit(1))
    assert not t.players and "PGN100" in {f.rule for f in t.findings}


def test_a_game_without_a_round_may_fill_the_last_round_of_a_dense_block():
    """400 players; Ann plays rounds 1 to 499 (numbered), then a game without a round, which goes to
    round 500: 400 x 500 cells is DENSE_CELLS exactly, so the event is read, its block dense."""
    from trfscore.formats.limits import DENSE_CELLS

    players, rounds = 400, DENSE_CELLS // 400  # Ann, Bob and P0 to P397
    text = "".join(game("Ann", f"P{r % (players - 2)}", "1-0", str(r)) for r in range(1, rounds)) + game(
        "Ann", "Bob", "0-1", "?")
    t = pgn.read(text)
    assert t.rounds == rounds and len(t.players) == players and "PGN100" not in {f.rule for f in t.findings}
    ann = next(p for p in t.players if p.name == "Ann")
    assert t.player(ann.games[rounds - 1].opponent).name == "Bob" and ann.games[rounds - 1].code == "0"


def test_a_bye_fills_one_cell_of_the_padding_limit():
    """At the padding limit with the last game a bye instead (one cell, not two), the event is
    mostly padding: refused, the cells counted one short of the limit."""
    from trfscore.formats.limits import PADDING

    text = _at_the_padding_limit(0)
    last = text.rindex('[Event')
    text = text[:last] + game("P0", "BYE", "1-0", "999", ByeType="PAB")  # (P0 is free in round 999)
    (refused,) = [f for f in pgn.read(text).findings if f.rule == "PGN100"]
    assert refused.message.startswith(f"202 players over 1000 rounds with only {202 * 1000 // PADDING - 1} games")
