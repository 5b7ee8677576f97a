"""What a written format cannot keep: the distinctions a conversion loses, as findings (CNV rules).

``trfscore convert`` writes a tournament and asks :func:`lost` what the written bytes no longer
say; each finding names what is lost and where it is kept instead.  An **error** when reading the
written file back gives other standings (the scoring: record 162, ``--unfinished draw``/``zero``);
a **warning** when the standings stay but a distinction a person or a rating calculation needs is
gone (not-rated games, players, teams or declared ranks the format has no place for, TRF26
records written to TRF16, the records PGN and tables have no place for, the opponent a bye cell
names); an **info** for what a round-robin grid leaves out by design (rounds, colours).
``convert`` still writes the file, prints the findings on standard error and exits 1 when one is
an error.

Everything else the model holds survives the round trip (``tests/test_writers_round_trip.py``):
a game still to come stays one (``*`` in PGN, ``12w*`` in a crosstable), an unknown result stays
one (``X``, ``*`` with ``Termination "result unknown"``, ``12w?``).

The library asks the same function: :func:`trfscore.conversion_losses` gives these findings,
and :func:`trfscore.dumps`/:func:`trfscore.dump` raise :class:`ConversionLoss` when one reaches
their ``fail_on`` (default ``error``, as ``convert --fail-on``), so no caller gets a file that
scores otherwise than the tournament without asking for it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from ..findings import ERROR, INFO, SEVERITIES, WARNING, Finding, counted, declare, finding
from . import registry

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Player, Tournament

declare("CNV001", WARNING, "not-rated games (TRF W/D/L) written as ordinary results: the format has no mark "
        "for them", """
    TRF's ``W``/``D``/``L`` (B.02 8.3.1: a game of less than one move, not rated) have no mark in a
    crosstable cell; converting to ``crosstable`` or ``markdown`` writes them as ``1``/``½``/``0``.
    The standings stay; a rating calculation from the written table counts those games.

    Passing: ``convert FILE --to trf26`` (or ``json``, ``pgn``), which keep the mark.

    Failing (warning): ``convert FILE --to crosstable`` of a file with a ``W`` cell.
""", why="warning: the standings stay, but a rating calculation from the written file counts games it must not")
declare("CNV002", ERROR, "the written file scores games otherwise than the source: the format has no place "
        "for its scoring", """
    The points of a result come from the scoring: TRF26's record 162 (a win worth 3, an unknown
    result ``X`` worth 0), or ``--unfinished draw``/``zero``.  Only TRF26 (record 162) and JSON
    write it; TRF16, PGN and crosstables are read back with the default scoring (1, ½, 0; ``X`` a
    draw), so the written file's standings differ.  The message names each cause.

    Passing: ``convert FILE --unfinished zero --to trf26`` (or ``json``).

    Failing (error): ``convert FILE --unfinished zero --to crosstable`` of a file with an ``X``.
""", why="error: every standing computed from the written file differs from the source's")
declare("CNV003", WARNING, "players the written format has no place for are left out", """
    A PGN file holds players only through their games: a player without any game or bye (entered,
    then withdrawn before round 1) is not written, and the start ranks are numbered afresh.

    Passing: ``convert FILE --to pgn`` when every player has a game or a bye.

    Failing (warning): the same with a player who never played.
""", why="warning: the standings of the players written stay, but the written file lists fewer players")
declare("CNV004", WARNING, "the teams are not written: the format has no place for them", """
    Only TRF and JSON hold teams (``013``/``310`` records); PGN and crosstables write the players
    alone, so team standings cannot be made from the written file.

    Passing: ``convert FILE --to trf26`` of a team event.

    Failing (warning): ``convert FILE --to pgn`` of a team event.
""", why="warning: the individual standings stay; the team standings cannot be made from the written file")
declare("CNV005", INFO, "a round robin written as a grid: the grid holds no rounds and no colours", """
    A round robin goes to a crosstable as the grid (one column per opponent), whose cells hold the
    results alone: read back, the games sit in Berger-table rounds and their colours are unknown.
    The standings stay, except for tie-breaks that count colours.

    Passing: ``convert FILE --to crosstable`` of a Swiss, or of a grid read from a crosstable.

    Failing (info): ``convert FILE --to crosstable`` of a TRF round robin (colours known).
""", why="info: the standings stay; the rounds and colours are in the source, for whoever needs them")

declare("CNV006", WARNING, "the system the file declares (Swiss or round robin) has no place in a crosstable, "
        "whose pairings say otherwise", """
    A crosstable does not say its system: a grid is a round robin, a Swiss-style table is one when
    everybody met everybody.  A Swiss whose pairings look like a round robin (four players, three
    rounds), or a round robin written as a Swiss-style table (one with a game still to come) before
    everybody met, is read back as the other system, with its tie-breaks and checks.

    Passing: ``convert FILE --to crosstable`` of a finished round robin (a grid) or of a Swiss of
    more rounds' worth of players.

    Failing (warning): the same of a Swiss of four players and three rounds declared so (092/192).
""", why="warning: the points stay, but the tie-breaks and checks of the other system apply to the written file")

declare("CNV007", WARNING, "the ranks the file declares are not written: the format has no place for them", """
    TRF (columns 86-89 of a 001 record) and JSON keep each player's final rank as the file
    declares it, a crosstable read with a rank column too; PGN and the tables trfscore writes
    hold none.  Read back, the ranks come from the standings: the same only when the declared
    ranks follow the points and no two players share a score (the tie-breaks that ordered them,
    record 202, are not written either).

    Passing: ``convert FILE --to trf26`` (or ``json``), or ``--to pgn`` of a file without ranks.

    Failing (warning): ``convert FILE --to pgn`` of a Swiss whose ranked players share scores.
""", why="warning: the points stay, but the ranks the event published may come back otherwise")
declare("CNV008", WARNING, "TRF26 records a TRF16 has no place for are not written", """
    TRF16 has no records 152 (initial colour), 172 (starting rank method), 182 (pairing
    controller), 192 (coded tournament type), 202 and 212 (tie-breaks), 222 (encoded time
    control) nor NRS (national ratings); ``convert --to trf16`` leaves them out (a record 162 of
    other points is CNV002; a record 142 goes to ``XXR``).  Read back, the standings use the
    default tie-breaks instead of 202's, and no national rating calculation can be made.

    Passing: ``convert FILE --to trf26`` (or ``json``), or ``--to trf16`` of a TRF16 file.

    Failing (warning): ``convert FILE --to trf16`` of a TRF26 file with a 202 record.
""", why="warning: the points stay, but the tie-breaks, system or national ratings the file declares are gone")
declare("CNV009", WARNING, "cells naming an opponent but a bye or a round not scheduled lose the opponent", """
    A cell with an opponent and a bye or not-scheduled result (TRF405: ``   4 w H``) cannot be
    written in a crosstable or PGN, whose byes and rounds without a game name no opponent: it is
    written as the bye (``HPB``, a game against ``BYE``) or as a round without a game, so its
    points stay and its opponent is gone.

    Passing: ``convert FILE --to pgn`` of a file whose byes name no opponent.

    Failing (warning): the same with a cell ``   4 w H``.
""", why="warning: the points stay, but the opponent the cell names is not in the written file")

declare("CNV010", WARNING, "records PGN and crosstables have no place for are not written", """
    PGN keeps of a TRF's records the event's name (012, ``Event``), city (022, ``Site``), start
    date (042, ``EventDate``) and round dates (132, each game's ``Date``) when they read as
    dates; a crosstable the name alone (``registry.Holds.header_records``).  The other header
    records the model holds (032 federation, 052 end date, 092 type, 102/112 arbiters, 122 time
    control, 142 when it is not the number of rounds written, 152 initial colour, 172, 182, 192
    system, 202/212 tie-breaks, 222), the NRS records (national ratings) and every other line read
    (240-330, 352/362, 801/802, JaVaFo and bbpPairings lines, comments, lines that are no record:
    the TRF writers carry them all) are left out.  Read back, the standings use the default tie-breaks instead of 202's, and
    no national rating calculation can be made.  (Teams are CNV004, the scoring 162 CNV002.)

    Passing: ``convert FILE --to trf26`` (or ``json``), or ``--to pgn`` of a file holding only
    players, 012, 022, 042 and 132.

    Failing (warning): ``convert FILE --to pgn`` (or ``crosstable``) of a TRF26 file with a 202 record.
""", why="warning: the points stay, but the tie-breaks, system, national ratings and records the file declares are gone")

#: What "with the default scoring" reads a 162 symbol as, for the messages.
_SYMBOL = {"W": "a win", "D": "a draw", "L": "a loss", "A": "an absence", "P": "a pairing-allocated bye",
           "X": "an unknown result (X)"}
#: Where a scoring other than the default comes from (``Scoring.source``), for the messages.
_SOURCE = {"162": "record 162", "XXS": "the XXS record", "BB": "the BB records"}


class ConversionLoss(ValueError):
    """What :func:`trfscore.dump`/:func:`trfscore.dumps` refuse to write without being asked:
    ``findings`` (CNV rules, as :func:`lost` gives them) say what the format cannot keep."""

    def __init__(self, fmt: str, findings: list[Finding]) -> None:
        shown = "; ".join(f"{f.severity} {f.rule} {f.message}" for f in findings[:3])
        super().__init__(f"{counted(findings)} loss(es) writing {fmt}, nothing written (fail_on=None writes it "
                         f"all the same): {shown}" + (" ..." if len(findings) > 3 else ""))
        self.findings = findings


def reaches(findings: list[Finding], fail_on: str | None) -> bool:
    """Whether a finding is as severe as ``fail_on`` (``error``, ``warning``, ``info``; None: never),
    the one test of ``convert --fail-on`` and of the API's ``fail_on``; ValueError for another value."""
    if fail_on is None:
        return False
    if fail_on not in SEVERITIES:
        raise ValueError(f"unknown fail_on {fail_on!r}; choose one of {', '.join(SEVERITIES)} or None")
    return any(f.at_least(fail_on) for f in findings)


def lost(t: Tournament, data: bytes | str, fmt: str) -> list[Finding]:
    """What ``data`` (``t`` written as ``fmt``) does not keep of ``t``, one finding per kind of
    loss (rules CNV001-CNV010); empty when it keeps everything its reader reads back."""
    written = registry.get(fmt)
    reader = written.read_by or (written.name if written.readable else None)
    if reader is None:  # standings only (csv): no games to lose
        return []
    # the cells naming an opponent but no game: PGN and tables cannot name it (TRF and JSON write a
    # cell's opponent whatever its result); counted once, for CNV003 and CNV009
    named = _byes_naming_opponents(t) if reader in ("crosstable", "pgn") else 0
    return [*_not_rated(t, reader), *_scoring(t, data, fmt, reader), *_players(t, written, named),
            *_teams(t, written), *_table(t, reader), *_ranks(t, written), *_records(t, written),
            *_no_game_opponents(named)]


def _not_rated(t: Tournament, reader: str) -> Iterator[Finding]:
    if reader != "crosstable":  # TRF, JSON and PGN (Termination) keep the mark
        return
    from ..cells import columns
    from ..model import Kind, is_rated

    # a key stands for one (code, kind) pair: the cells of each not-rated key, counted in C
    cells = columns(t.players)
    count = sum(cells.keys.count(key) for key, kind in cells.kind_of_key.items()
                if kind in Kind.PLAYED and not is_rated(kind, cells.code(key)))
    if count:
        yield finding("CNV001", f"{count} cell(s) of not-rated games (TRF W/D/L, B.02 8.3.1) written as ordinary "
                      "results: a crosstable has no mark for them, so a rating calculation from it counts them")


def _scoring(t: Tournament, data: bytes | str, fmt: str, reader: str) -> Iterator[Finding]:
    """CNV002 when reading ``data`` back scores some player otherwise.  Only a scoring other than
    the default or a ``--unfinished`` choice can be lost: the written file is read back only then."""
    mode = t.scoring.unfinished
    if t.scoring.is_default and mode == "auto":
        return
    from ..loading import loads

    back = loads(data, reader)
    before, after = _points(t), _points(back)
    # each player whose points differ, by name; none named when names repeat (PGN numbers the
    # players afresh, so only the sorted points can be compared)
    differ: list[tuple[str, Fraction, Fraction]] = []
    if before is None or after is None:
        if sorted(map(t.score, t.players)) == sorted(map(back.score, back.players)):
            return
    else:
        differ = [(name, pts, after[name]) for name, pts in before.items() if after.get(name, pts) != pts]
        if not differ:
            return
    values, read = t.scoring.values, back.scoring.values
    lost_symbols = [s for s, v in values.items() if s in read and read[s] != v]
    changed = [f"{_SYMBOL.get(s, s)} {_text(values[s])} (read back: {_text(read[s])})" for s in lost_symbols]
    why, kept = _causes(t, lost_symbols)
    example = "; ".join(changed) or (f"{differ[0][0]} {_text(differ[0][2])} instead of {_text(differ[0][1])}"
                                     if differ else "otherwise")
    players = f"{len(differ)} player(s)" if differ else "players"
    yield finding("CNV002", f"{why} no place in {fmt}: reading the written file back scores {example}, so "
                  f"{players} get other points{kept}")


def _causes(t: Tournament, lost_symbols: list[str]) -> tuple[str, str]:
    """What CNV002 blames, and what keeps it: the ``--unfinished`` choice when the value it gives
    unknown results (``X``) is lost or it leaves them unscored; the file's scoring (record 162,
    XXS, BB) when another of its values is lost.  (A total wider than TRF's points field is no
    loss: the TRF writers refuse it, TRF960.)"""
    mode = t.scoring.unfinished
    chosen = mode in ("draw", "zero")
    pending = "the choice --unfinished pending (unknown results not scored)"
    scoring = f"the scoring of {_SOURCE.get(t.scoring.source, 'the file')}"
    value = f"the value --unfinished {mode} gives unknown results"
    causes = []
    if mode == "pending":
        causes.append(pending)
    if any(s != "X" or not chosen for s in lost_symbols):  # a value of the file's scoring lost
        causes.append(scoring)
    if chosen and "X" in lost_symbols:
        causes.append(value)
    if not causes:  # no value lost: the choice or the scoring the file was read with
        causes.append(value if chosen else scoring)
    why = " and ".join(causes) + (" have" if len(causes) > 1 else " has")
    return why, "" if causes == [pending] else "; TRF26 (record 162) and JSON keep it"


def _points(t: Tournament) -> dict[str, Fraction] | None:
    """Each player's points by name (PGN numbers the players afresh); None when names repeat."""
    found = {p.name: t.score(p) for p in t.players}
    return found if len(found) == len(t.players) else None


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _players(t: Tournament, written: registry.Format, named: int) -> Iterator[Finding]:
    """CNV003: the players PGN cannot write, having neither a game nor a bye; ``named``: the cells
    naming an opponent but no game (:func:`_byes_naming_opponents`)."""
    if written.name != "pgn":
        return
    from ..model import Kind

    def no_game(p: Player) -> bool:  # neither a game nor a bye (a bye naming an opponent is a bye)
        kinds = p.kinds()
        return Kind.BYES.isdisjoint(kinds) and all(r is None or kind in Kind.NO_GAME
                                                   for r, kind in zip(p.opponent_ranks(), kinds))

    # without a cell naming an opponent but no game, a player with an opponent has a game
    left = [p.start_rank for p in t.players  # (the columns: the cells stay packed)
            if (named or all(r is None for r in p.opponent_ranks())) and no_game(p)]
    if left:
        shown = ", ".join(map(str, left[:10])) + (" ..." if len(left) > 10 else "")
        yield finding("CNV003", f"{len(left)} player(s) without any game or bye (start rank {shown}) not written: "
                      "a PGN file holds players only through their games")


def _teams(t: Tournament, written: registry.Format) -> Iterator[Finding]:
    if t.teams and not written.holds.teams:
        yield finding("CNV004", f"{len(t.teams)} team(s) not written: {written.name} has no place for teams "
                      "(TRF and JSON keep them)")


def _table(t: Tournament, reader: str) -> Iterator[Finding]:
    """What a crosstable's layout leaves out: a grid's rounds and colours (CNV005), the declared
    system where the layout says another (CNV006)."""
    if reader != "crosstable":
        return
    from ..event_reading import detect_round_robin
    from .crosstable.writer import grid_shape

    grid = bool(grid_shape(t))
    if grid and any(any(p.colours()) for p in t.players):
        yield finding("CNV005", "a round robin written as a grid: its cells hold no rounds and no colours (read back: "
                      "Berger-table rounds, colours unknown); a Swiss-style table or TRF keeps them")
    declared = t.is_round_robin
    if declared is not None and declared != (grid or detect_round_robin(t)):
        said, read = ("a round robin", "a Swiss") if declared else ("a Swiss", "a round robin")
        yield finding("CNV006", f"the file declares {said}, but a crosstable does not say its system and these "
                      f"pairings read back as {read}, with its tie-breaks and checks; TRF, JSON and PGN keep it")


def _ranks(t: Tournament, written: registry.Format) -> Iterator[Finding]:
    """CNV007 unless the format holds ranks, or the standings of the written file cannot rank
    otherwise: every player ranked, in the order of the points, no two on the same score."""
    if written.holds.ranks:
        return
    ranks = [p.rank for p in t.players]
    if not any(ranks):
        return
    from ..cells import columns

    # every player's points in the scoring's units (exact integers), read from the columns at once
    units = t.scoring.table().totals(columns(t.players))
    points = [u for _, u in sorted((rank, u) for rank, u in zip(ranks, units) if rank)]
    ranked = len(points)
    if ranked == len(t.players) and all(a > b for a, b in zip(points, points[1:])):
        return  # read back, the points alone give these ranks
    if any(a < b for a, b in zip(points, points[1:])):
        why = "some declared ranks do not follow the points, so the written file's ranks differ"
    else:
        tied = sum(n for n in Counter(points).values() if n > 1)
        why = (f"{tied} player(s) share a score, and the tie-breaks that ranked them are not written, so the "
               "written file may rank them otherwise")
    yield finding("CNV007", f"the ranks of {ranked} player(s) are not written ({written.name} has no place "
                  f"for them): read back, ranks come from the standings; {why}; TRF and JSON keep them")


def _records(t: Tournament, written: registry.Format) -> Iterator[Finding]:
    """The records of ``t`` the written format has no place for: CNV008 for a TRF16 written afresh
    (the TRF26 records, :func:`.trf.versions.left_out_of_trf16`); CNV010 for a format keeping only
    some header records (PGN, tables: ``Holds.header_records``): the other header records the model
    holds and the NRS records (:func:`.trf.versions.left_out`), and every other line read
    (:func:`_other_lines`)."""
    kept = written.holds.header_records
    if written.name != "trf16" and kept is None:
        return
    from .trf import versions

    if kept is None:  # trf16
        rule, left, other, name, keeps = "CNV008", versions.left_out_of_trf16(t), Counter[str](), "TRF16", "trf26"
    else:
        rule, left, other, name, keeps = ("CNV010", versions.left_out(t, kept | _kept_here(t, written.name)),
                                          _other_lines(t), written.name, "TRF")
    parts = [f"{code} ({title})" for code, title in left]
    if other:
        shown = ", ".join(f"{label} x{n}" if n > 1 else label for label, n in other.most_common(6))
        parts.append(f"{sum(other.values())} other line(s) read ({shown}{' ...' if len(other) > 6 else ''})")
    if parts:
        tiebreaks = "; read back, the standings use the default tie-breaks" if any(
            code in ("202", "212") for code, _ in left) else ""
        yield finding(rule, f"records {', '.join(parts)} not written: {name} has no place for them{tiebreaks}; "
                      f"{keeps} and JSON keep them")


def _kept_here(t: Tournament, fmt: str) -> set[str]:
    """The header records a PGN or a table keeps for this event beyond its ``header_records``: 192
    ``CUSTOM_ROUNDROBIN``, the readers' own word for a round robin (CNV006 says when the written
    layout reads otherwise); in PGN the start date (042) and the round dates (132) when the writer
    can write them (they read as dates), an end date (052) the latest game's ``Date`` gives, and a
    type (092) that is the ``EventType`` written."""
    out = {"192"} if t.header.system == "CUSTOM_ROUNDROBIN" else set()
    if fmt == "pgn":
        from .pgn.writer import end_date, event_date, event_type, round_dates_written

        if event_date(t):
            out.add("042")
        if round_dates_written(t):
            out.add("132")
        if t.header.end_date_iso and end_date(t) == t.header.end_date_iso:
            out.add("052")
        if t.header.type == event_type(t):
            out.add("092")
    return out


def _other_lines(t: Tournament) -> Counter[str]:
    """The lines read that are no player, team, national rating or header record the model holds
    (the lines a TRF writer carries over verbatim), counted by what they are; not the scoring
    (XXS, BBW ...: CNV002 reads the written file back) nor an XXR equal to the rounds written."""
    from .trf.layout import BY_CODE, NATIONAL

    found: Counter[str] = Counter()
    in_model = {"", "PLAYER", "TEAM", NATIONAL.kind, "BBP"}  # (BBW ...: the scoring)
    same_rounds = t.header.rounds_declared == t.rounds
    for rec in t.source.records:
        if rec.kind in in_model or rec.code == "XXS" or (rec.code == "XXR" and same_rounds):
            continue
        described = BY_CODE.get(rec.code)
        if described is None or described.kind != rec.kind:
            found["line that is no record"] += 1
        elif rec.kind != "HEADER" or not described.from_model:
            found[f"{rec.code} {described.title}"] += 1
    return found


def _no_game_opponents(count: int) -> Iterator[Finding]:
    """CNV009: the opponents of ``count`` bye or not-scheduled cells, which a table or PGN cannot name."""
    if count:
        yield finding("CNV009", f"{count} cell(s) name an opponent but say no game was played (a bye or a round "
                      "not scheduled, TRF405): written as the bye or as a round without a game, so their points "
                      "stay but their opponents are lost; TRF and JSON keep them")


def _byes_naming_opponents(t: Tournament) -> int:
    """The cells with an opponent whose kind says no game (:data:`Kind.NO_GAME`: TRF405)."""
    from ..cells import columns, positions_of
    from ..model import Kind

    cells = columns(t.players)
    return sum(1 for key, kind in cells.kind_of_key.items() if kind in Kind.NO_GAME
               for i in positions_of(cells.keys, key) if cells.opponents[i] is not None)

