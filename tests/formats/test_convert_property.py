"""What we write passes our own check, or ``convert`` says what it lost.

For generated events saved mid-event (games paired without a result, unknown results ``X``,
not-rated ``W``/``D``/``L`` games, forfeits, byes, withdrawals), ``trfscore convert --to FMT
--unfinished MODE`` of every format that is read back either exits 0 with a file whose standings,
pending games and unknown results are the source's (read under MODE) and which passes ``check``
whenever the source does (unless a CNV006 warning says the table will be read as the other
system, Swiss or round robin, with its checks), or exits 1 with a CNV error on standard error
saying what was lost.
"""
from __future__ import annotations

import contextlib
import io
import random
import tempfile
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import trfscore
from trfscore.cli import main
from trfscore.formats import registry
from trfscore.model import Kind
from trfscore.testing import generate
from trfscore.tournament import Tournament

FORMATS = [f.name for f in registry.FORMATS if f.writable and (f.readable or f.read_by)]
SUFFIX = {"crosstable": ".txt", "markdown": ".md", "pgn": ".pgn", "json": ".json"}
#: the points of a cell as the generated file declares them (an X a draw: no record 162)
POINTS = {**generate.POINTS, Kind.UNKNOWN: Fraction(1, 2)}
#: a not-rated game's codes (TRF W/D/L), from the kinds of White and Black
UNRATED = {Kind.WIN: "W", Kind.LOSS: "L", Kind.DRAW: "D"}


def mid_event(t: Tournament, rng: random.Random, pending: float, unknown: float, unrated: float) -> str:
    """``t`` as a TRF saved mid-event: of its played games, in the last round a share ``pending``
    paired without a result; in any round a share ``unknown`` with an unknown result (X) and a
    share ``unrated`` not rated; declared points and ranks made from the cells."""
    by_rank = {p.start_rank: p for p in t.players}
    for p in t.players:
        for i, g in enumerate(p.games):
            if g.opponent is None or g.opponent < p.start_rank or g.kind not in Kind.PLAYED:
                continue
            q = by_rank[g.opponent]
            h = q.games[i]
            draw = rng.random()
            if g.round == t.rounds and draw < pending:
                p.games[i], q.games[i] = g._replace(code=" ", kind=Kind.ABSENT), h._replace(code=" ", kind=Kind.ABSENT)
            elif draw < pending + unknown:
                p.games[i], q.games[i] = g._replace(code="X", kind=Kind.UNKNOWN), h._replace(code="X", kind=Kind.UNKNOWN)
            elif draw < pending + unknown + unrated:
                p.games[i], q.games[i] = g._replace(code=UNRATED[g.kind]), h._replace(code=UNRATED[h.kind])
    for p in t.players:
        p.points = sum((POINTS.get(g.kind, Fraction(0)) for g in p.games), Fraction(0))
    for rank, p in enumerate(sorted(t.players, key=lambda p: (-(p.points or 0), p.start_rank)), 1):
        p.rank = rank
    return generate.to_trf(t)


@st.composite
def events(draw: st.DrawFn) -> str:
    seed = draw(st.integers(0, 10_000))
    if draw(st.booleans()):
        t = generate.swiss(draw(st.integers(4, 14)), draw(st.integers(1, 6)), seed=seed,
                           forfeits=draw(st.sampled_from([0.0, 0.2])), byes=draw(st.sampled_from([0.0, 0.2])),
                           withdrawals=draw(st.sampled_from([0.0, 0.3])))
    else:
        t = generate.round_robin(draw(st.integers(3, 8)), seed=seed)
    share = st.sampled_from([0.0, 0.2, 0.6])
    return mid_event(t, random.Random(seed), draw(share), draw(share), draw(share))


def convert(text: str, fmt: str, mode: str) -> tuple[int, str, Tournament]:
    """``trfscore convert`` as a user runs it: (exit code, standard error, the written file read back)."""
    with tempfile.TemporaryDirectory() as folder:
        source, written = Path(folder, "event.trf"), Path(folder, "out" + SUFFIX.get(fmt, ".trf"))
        source.write_text(text, encoding="utf-8")
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["convert", str(source), "--to", fmt, "--unfinished", mode, "-o", str(written)])
        return code, err.getvalue(), trfscore.load(written)  # read back as anyone reads it: no option


def meaning(t: Tournament, rounds: bool = True) -> dict[str, tuple[Fraction, set[tuple[int, str, str]]]]:
    """Per player name: the points and the cells still to come (``*``) or unknown (``X``), by opponent
    name (PGN numbers players afresh) and round (unless ``rounds`` is false: a grid has none);
    players with no game or bye aside (PGN writes none)."""
    name = {p.start_rank: p.name for p in t.players}
    return {p.name: (t.score(p), {(g.round if rounds else 0, name[g.opponent], "X" if g.kind == Kind.UNKNOWN else "*")
                                  for g in p.games if g.opponent is not None and g.kind in (Kind.UNKNOWN, Kind.ABSENT)})
            for p in t.players if any(g.opponent is not None or g.kind in Kind.BYES for g in p.games)}


def errors(t: Tournament) -> list[str]:
    return [f"{f.rule} {f.message}" for f in trfscore.check(t) if f.severity == "error"]


@settings(max_examples=30, deadline=None)
@given(events(), st.sampled_from(["auto", "draw", "zero", "pending"]))
def test_what_convert_writes_passes_check_or_convert_says_what_it_lost(text, mode):
    source = trfscore.loads(text, unfinished=mode)
    source_clean = not errors(source)
    for fmt in FORMATS:
        code, err, back = convert(text, fmt, mode)
        if code:
            assert code == 1 and " error CNV" in err, (fmt, err)  # what was lost, said
            continue
        assert " error " not in err, (fmt, err)
        rounds = "info CNV005" not in err  # a grid: Berger-table rounds, said so
        assert meaning(back, rounds) == meaning(source, rounds), (fmt, err)
        if source_clean and "warning CNV006" not in err:  # else the checks of the other system, said so
            assert not errors(back), (fmt, err, errors(back)[:3])
