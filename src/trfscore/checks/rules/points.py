"""Declared points against the results (rule E6 of docs/rules.md).

The points a ``001`` record declares (columns 81-84) must equal the sum of its round results under
the file's scoring system: record 162, else JaVaFo ``XXS``, else bbpPairings ``BB?``, else the FIDE
default (1, ½, 0; a pairing-allocated bye scores as a win).  299 adjustments are applied.  A
mismatch is an error, or a warning when one of the causes real files show explains the whole
difference: blank-result byes counted as half points (Irish Chess Union), a bye of the round
about to be paired already added (JaVaFo), acceleration points included, or a scoring system
other than 1/½/0 without a 162 record.
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from operator import attrgetter
from typing import cast

from ...findings import ERROR, WARNING, Finding, finding
from ...model import Kind, Player
from ..context import COL_POINTS, FIELDS, Context, fmt_points, is_blank_cell
from ..registry import rule

WIN_LIKE = frozenset({Kind.WIN, Kind.FORFEIT_WIN, Kind.FULL_BYE, Kind.PAB})
DRAW_LIKE = frozenset({Kind.DRAW, Kind.HALF_BYE})
TYPE_CODES = {"W": "1W", "D": "=D", "L": "0L", "F": "F", "H": "H", "Z": "Z ", "+": "+", "-": "-"}


#: The scoring system's source (``Scoring.source``), as the messages name it.
SOURCES = {"162": "the 162 scoring record", "XXS": "the XXS scoring record", "BB": "the BB? scoring records"}


def _system(ctx: Context) -> str:
    """The scoring system the results are added under, as the messages name it."""
    s = ctx.t.scoring
    return SOURCES.get(s.source, "the FIDE default scoring (1, ½, 0)") + _unfinished(s.unfinished, s.values.get("X"))


def _unfinished(mode: str, x: Fraction | None) -> str:
    """The user's choice for unknown results (:mod:`trfscore.unfinished`), as the messages add it."""
    if mode == "pending":
        return ", unknown results (X) pending as asked (unfinished: pending)"
    if mode in ("draw", "zero"):
        return f", unknown results (X) scored {fmt_points(x)} as asked (unfinished: {mode})"
    return ""


def _player_records(ctx: Context) -> bool:
    """True when the file's typed records (240, 250, 299, XXA) may name players: it has some (the
    typed records' module is imported only then) and their ids are not team ids (TRF26 teams)."""
    return bool(ctx.t.records) and not ctx.team_ids_space


def _adjusted(ctx: Context) -> dict[int, Fraction] | None:
    """Computed scores with 299 adjustments applied (individual events); None when the file
    has no 299 record for players."""
    if not _player_records(ctx):
        return None
    from ...records import PointAssignment

    entries = ctx.t.records_of(PointAssignment)
    if not entries:
        return None
    scores = dict(ctx.scores)
    points = ctx.t.scoring.points
    for entry in entries:
        if entry.points is None:
            continue
        value = entry.points
        kind = entry.type.strip()
        rnd = entry.round or 0
        for sr in entry.ids:
            p = ctx.by_rank.get(sr)
            if p is None:
                continue
            if not kind:
                scores[sr] += value
            elif rnd:
                scores[sr] += value - points(p.game(rnd))
            else:
                codes = TYPE_CODES.get(kind, kind)
                for g in p.games:
                    if g.code in codes:
                        scores[sr] += value - points(g)
    return scores


def _acceleration(ctx: Context) -> dict[int, set[Fraction]]:
    """Start rank -> the acceleration values a file gives the player (250 and XXA)."""
    out: dict[int, set[Fraction]] = {}
    if not _player_records(ctx):
        return out
    from ...records import Acceleration, JavafoAcceleration

    for entry in ctx.t.records_of(Acceleration):
        if not entry.points:
            continue
        lo, hi = entry.first_id, entry.last_id
        if lo is None or hi is None:
            continue
        value = entry.points
        for p in ctx.players:
            if lo <= p.start_rank <= hi:
                out.setdefault(p.start_rank, set()).add(value)
    for xxa in ctx.t.records_of(JavafoAcceleration):
        if xxa.start_rank is None:
            continue
        acc = out.setdefault(xxa.start_rank, set())
        given = [v for v in xxa.points if v is not None]
        acc.update(given)
        total = sum(given, Fraction(0))  # over the rounds, equal values too (not over the set)
        if total:
            acc.add(total)
    return out


def _future_byes(ctx: Context) -> dict[int, tuple[int, Fraction, str]]:
    """240 F/H byes for a round past the data: start rank -> (round, points, type)."""
    out: dict[int, tuple[int, Fraction, str]] = {}
    if not _player_records(ctx):
        return out
    from ...records import Bye

    values = ctx.t.scoring.values
    for entry in ctx.t.records_of(Bye):
        rnd, kind = entry.round, entry.type
        if rnd is None or rnd <= ctx.rounds or kind not in ("F", "H"):
            continue
        value = values["W"] if kind == "F" else values["D"]
        for sr in entry.ids:
            out[sr] = (rnd, value, kind)
    return out


def _left_out_byes(rounds: list[int], played: int) -> str:
    """The likely cause naming the byes of rounds without pairings that the points leave out:
    entered for a round not paired yet (after the last played round ``played``), or of a round in
    which nobody was paired although later rounds were played."""
    ahead = [r for r in rounds if r > played]
    within = [r for r in rounds if r <= played]
    parts = []
    if ahead:
        parts.append(f"the bye pre-entered for round {', '.join(map(str, ahead))}, which is not paired yet")
    if within:
        parts.append(f"the bye of round {', '.join(map(str, within))}, in which nobody is paired although "
                     f"round {played} is played")
    return "the points leave out " + " and ".join(parts)


def _alternative_system(ctx: Context) -> tuple[int, int] | None:
    """(win, draw) points of a common non-default system that every declared total fits."""
    cached = ctx.__dict__.get("_alternative_system", False)
    if cached is not False:
        return cast("tuple[int, int] | None", cached)
    found = None
    if ctx.t.scoring.is_default:
        counts = []
        for p in ctx.players:
            if p.points is None:
                continue
            counts.append((p.points, sum(1 for g in p.games if g.kind in WIN_LIKE),
                           sum(1 for g in p.games if g.kind in DRAW_LIKE)))
        if any(w for _, w, _ in counts):
            for w, d in ((3, 1), (2, 1)):
                if all(points == w * wins + d * draws for points, wins, draws in counts):
                    found = (w, d)
                    break
    ctx.__dict__["_alternative_system"] = found
    return found


def _cause(ctx: Context, p: Player, delta: Fraction, accel: dict[int, set[Fraction]],
           future: dict[int, tuple[int, Fraction, str]]) -> tuple[str, str] | None:
    """(cause, hint) when a known habit explains ``delta`` completely, else None."""
    values = ctx.t.scoring.values
    half = values.get("D", Fraction(1, 2))
    blanks = sum(1 for g in p.games if is_blank_cell(g))
    if ctx.round_robin and len(ctx.players) % 2:
        blanks = max(0, blanks - (2 if ctx.event.double else 1))  # the scheduled rest rounds are no byes
    if delta > 0 and half > 0 and blanks and (delta / half).denominator == 1 and delta <= blanks * values["W"]:
        return (f"blank-result round(s) counted as byes ({blanks} blank, worth {fmt_points(delta)} here), as "
                "Irish Chess Union files do", "write such byes as '0000 - H' or '0000 - F' so that points and "
                "results agree")
    pending = ctx.pending_rounds
    if pending:
        points = ctx.t.scoring.points
        byes = [g for g in p.games if g.round in pending and g.kind in Kind.BYES]
        left_out = sum(map(points, byes), Fraction(0))
        if left_out and delta == -left_out:
            return (_left_out_byes([g.round for g in byes], ctx.event.played),
                    "JaVaFo counts a pre-entered bye in the points: add it, or remove the pre-entered cell")
    if p.start_rank in future:
        rnd, value, kind = future[p.start_rank]
        if delta == value:
            return (f"the points already include the {kind} bye of round {rnd} (240 record), not yet played "
                    "(JaVaFo convention)", "leave the bye out of the points until the round is played")
    if delta in accel.get(p.start_rank, ()):
        return ("the points include acceleration (fictitious) points",
                "the points field must exclude acceleration (250/XXA) points")
    alternative = _alternative_system(ctx)
    if alternative:
        w, d = alternative
        return (f"every player's points follow a {w}/{d}/0 scoring system, but the file has no 162 record",
                f"declare the system: '162  W {w}.0    D {d}.0    L 0.0'")
    return None


def _through_played(ctx: Context, p: Player) -> Fraction | None:
    """The player's points after the last played round when rounds are pending after it, else
    None: what a pairing program writes in a file saved between rounds."""
    event = ctx.event
    if not event.pending:
        return None
    points = ctx.t.scoring.points
    return sum((points(g) for g in p.games if g.round <= event.played), Fraction(0))


def _all_agree(ctx: Context) -> bool:
    """True when every declared total equals the computed one (both as whole numbers of the
    scoring system's unit): nothing for TRF510 to look at.  None means "not declared"."""
    got = ctx.declared_units
    if got is None:
        return False  # a value the general comparison deals with
    totals = ctx.score_units[1]
    want: list[int | None] = list(map(totals.__getitem__, map(attrgetter("start_rank"), ctx.players)))
    if None in got:
        want = [None if g is None else w for g, w in zip(got, want)]
    return got == want


@rule("TRF510", ERROR, "declared points equal the sum of the results under the file's scoring system", spec="E6", lesser=WARNING, why=(
    "error: declared points that the results do not give are a wrong number in the report; warning when "
    "a known exporter habit explains all of the difference (Irish union blank byes, JaVaFo's pre-entered "
    "bye)"))
def declared_points(ctx: Context) -> Iterator[Finding]:
    """Columns 81-84 hold the sum of the player's results under the file's scoring system
    (162, XXS, BB?, else 1/½/0 with the pairing-allocated bye worth a win), with 299
    adjustments and without acceleration.  The finding gives the difference; it is a warning
    when a known exporter habit explains all of it (ICU blank byes, JaVaFo pre-entered bye,
    acceleration included, 3/1/0 scoring without 162).

    Passing::

        001    3 … 2.5 …     7 w 1    12 b =     9 w 1    ... 1 + ½ + 1 = 2.5

    Failing::

        001    3 … 3.0 …     7 w 1    12 b =     9 w 1    ... declares 3.0, results give 2.5
    """
    if ctx.t.source.format == "crosstable":
        return  # the crosstable reader compares printed totals itself, at their cells (CTB110)
    unit, totals = ctx.score_units
    scores = _adjusted(ctx)
    if scores is None and _all_agree(ctx):
        return
    habits = None  # (acceleration, future byes): read at the first disagreement
    system = None
    for p in ctx.players:
        declared = p.points
        if declared is None:
            continue
        if scores is not None:
            computed = scores[p.start_rank]
        elif type(declared) in (Fraction, int):  # compared as integers: no Fraction per player
            total = totals[p.start_rank]
            if declared.numerator * unit == total * declared.denominator:
                continue
            computed = Fraction(total, unit)
        else:
            computed = Fraction(totals[p.start_rank], unit)
        if computed == declared or _through_played(ctx, p) == declared:
            continue  # (an event in progress: points after the last played round, TRF533)
        if habits is None:
            habits = _acceleration(ctx), _future_byes(ctx)
        delta = declared - computed
        if system is None:
            system = _system(ctx)
        cause = _cause(ctx, p, delta, *habits)
        sign = "+" if delta > 0 else "-"
        message = (f"player {p.start_rank} declares {fmt_points(declared)} points but the results add up to "
                   f"{fmt_points(computed)} ({sign}{fmt_points(abs(delta))}) under {system}")
        if cause:
            yield finding("TRF510", f"{message}; likely cause: {cause[0]}", p.line, COL_POINTS, cause[1],
                          ctx.field(p, COL_POINTS, FIELDS["points"].width) or fmt_points(declared), lesser=True)
        else:
            yield finding("TRF510", message, p.line, COL_POINTS,
                          f"correct the points (columns {FIELDS['points'].columns}) or the round results",
                          ctx.field(p, COL_POINTS, FIELDS["points"].width) or fmt_points(declared))
