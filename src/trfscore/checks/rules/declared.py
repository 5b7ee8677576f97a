"""Declared tie-break values against computed ones (prove a published table right or wrong).

Crosstables print columns such as "ns"/SB, BH or TPR beside the results; the crosstable reader
keeps them in ``extras["declared"]`` with their positions in ``extras["declared_at"]``.  Each
value is recomputed from the results under the rules edition in force and every difference is
reported at the cell that holds it.  (Declared points are rule TRF530; ranks TRF511/TRF513.)
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ...decimals import format_score
from ...findings import WARNING, Finding, finding
from ..context import Context
from ..registry import rule

NOT_TIEBREAKS = frozenset({"PTS", "RANK", "TPN", "SNO"})


@rule("TRF514", WARNING, "declared tie-break values equal the values computed from the results", spec="E7",
      source_columns=True, why=(
    "warning: a printed tie-break differs from the computed one; the computed value is reported, a person should look"))
def declared_tiebreaks(ctx: Context) -> Iterator[Finding]:
    """A printed tie-break column (SB or "ns", BH, ...) must be what the results give.

    Passing: the 1975-80 correspondence final with Sloth's Neustadtl score printed as 69.5.

    Failing: the same table with Sloth's score printed as 69.0 (the results give 69.5).
    """
    declared = ctx.t.extras.get("declared") or {}
    if not declared:
        return
    where = ctx.t.extras.get("declared_at") or {}
    labels = ctx.t.extras.get("declared_labels") or {}
    codes = sorted({code for values in declared.values() for code in values if code.upper() not in NOT_TIEBREAKS})
    if not codes:
        return
    from ...standings import compute_standings

    try:
        standings = compute_standings(ctx.t, tiebreaks=codes)
    except (ValueError, KeyError):
        return  # a column whose code the engine does not know: nothing to compare
    computed = {row.start_rank: row.tiebreaks for row in standings.rows}
    for sno, values in sorted(declared.items()):
        for code in codes:
            if code not in values or values[code] is None:
                continue
            value = _exact(values[code])
            got = computed.get(sno, {}).get(code)
            if got is None or value is None or _same(value, Fraction(got)):
                continue
            line, column = (where.get(sno, {}).get(code) or (None, None))
            label = labels.get(code, code)
            yield finding("TRF514", f"player {sno}: {label} is printed as {format_score(value)} but the "
                          f"results give {format_score(Fraction(got))} ({code}, {standings.rules})", line, column,
                          f"correct the {label} value, or check the results of player {sno}", format_score(value))


def _exact(value: Any) -> Fraction | None:
    """``value`` (a number or text read from the file) as an exact number, or None."""
    try:
        return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def _same(printed: Fraction, computed: Fraction) -> bool:
    """Equal; a value with no two-decimal form (1/3, 2/3 ...) may be printed rounded."""
    if printed == computed:
        return True
    return (computed * 100).denominator != 1 and abs(printed - computed) < Fraction(1, 100)
