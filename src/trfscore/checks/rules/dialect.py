"""TRF26 records against their JaVaFo / bbpPairings equivalents (rule G3 of docs/rules.md).

A file may say the same thing twice, in a TRF26 record and in a TRF(x) line: 142/XXR (checked by
the reader, ``TRF205``), 152/XXC (``TRF206``), 162/XXS/BB? and 250/XXA (checked here).  When both
are present they must agree, or one program pairs and scores with different numbers than another.
"""
from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ...findings import ERROR, Finding, finding
from ...formats.trf.header import grid
from ...formats.trf.layout import BY_CODE
from ...formats.trf.records import parse_number
from ..context import Context, fmt_points
from ..registry import rule

#: 162 symbol -> the XXS codes that carry the same value.
XXS_OF = {"W": ("W", "WW", "BW", "FW", "FPB"), "D": ("D", "WD", "BD", "HPB"), "L": ("WL", "BL"),
          "A": ("ZPB", "FL"), "P": ("PAB",)}
#: 162 symbol -> bbpPairings record.
BB_OF = {"W": ("BBW",), "D": ("BBD",), "L": ("BBL",), "A": ("BBZ", "BBF"), "P": ("BBU",)}


def _grid_162(text: str) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for _, symbol, number in grid(BY_CODE["162"], text):
        value = parse_number(number)
        if value is not None:
            out["A" if symbol == "Z" else symbol] = value
    return out


@rule("TRF570", ERROR, "scoring records 162, XXS and BB? agree", spec="G3", why=(
    "error: two different scoring systems make the computed points ambiguous"))
def scoring_agree(ctx: Context) -> Iterator[Finding]:
    """When a file gives its scoring system twice (TRF26 162 and JaVaFo XXS or bbpPairings
    BB?), every value both give is the same.

    Passing::

        162  W 3.0    D 1.0    L 0.0
        XXS W=3 D=1

    Failing::

        162  W 3.0    D 1.0    L 0.0
        XXS W=2 D=1
    """
    rec162 = ctx.record("162")
    if rec162 is None:
        return
    grid = _grid_162(rec162.text)
    if not grid:
        return
    for rec in ctx.records.get("XXS", ()):
        for token in rec.text[3:].split():
            code, _, value_text = token.partition("=")
            value = parse_number(value_text)
            if value is None:
                continue
            for symbol, codes in XXS_OF.items():
                if code.upper() in codes and symbol in grid and grid[symbol] != value:
                    yield finding("TRF570", f"XXS gives {code.upper()} = {fmt_points(value)} but 162 gives "
                                  f"{symbol} = {fmt_points(grid[symbol])} (line {rec162.line})", rec.line,
                                  rec.text.find(token) + 1, "make the two scoring records agree, or drop one", token)
    for symbol, codes in BB_OF.items():
        for code in codes:
            for rec in ctx.records.get(code, ()):
                written = rec.text[BY_CODE[code].field("points").cut]
                value = parse_number(written)
                if value is not None and symbol in grid and grid[symbol] != value:
                    yield finding("TRF570", f"{code} gives {fmt_points(value)} but 162 gives {symbol} = "
                                  f"{fmt_points(grid[symbol])} (line {rec162.line})", rec.line, 5,
                                  "make the two scoring records agree, or drop one", written.strip())


def _xxa(ctx: Context) -> dict[int, tuple[int | None, dict[int, Fraction]]]:
    """Start rank -> (line, round -> acceleration) from the XXA records (round r in cell r)."""
    from ...records import JavafoAcceleration  # (typed records: imported for a file that has some)

    out: dict[int, tuple[int | None, dict[int, Fraction]]] = {}
    for xxa in ctx.t.records_of(JavafoAcceleration):
        if xxa.start_rank is not None:
            out[xxa.start_rank] = (xxa.line, {rnd: v for rnd, v in enumerate(xxa.points, 1) if v})
    return out


@rule("TRF571", ERROR, "acceleration records 250 and XXA agree", spec="G3", why=(
    "error: two different accelerations make the pairing scores ambiguous"))
def acceleration_agree(ctx: Context) -> Iterator[Finding]:
    """When a file gives acceleration both as TRF26 250 ranges and as JaVaFo XXA lines, each
    player gets the same fictitious points in each round from both.

    Passing::

        250      1.0   1   2    1   10
        XXA    1  1.0  1.0

    Failing::

        250      1.0   1   2    1   10
        XXA    1  0.5  1.0
    """
    if ctx.team_ids_space or not ctx.records.get("250") or not ctx.records.get("XXA"):
        return
    from ...records import Acceleration

    ranges: dict[tuple[int, int], Fraction] = {}
    for entry in ctx.t.records_of(Acceleration):
        r1, r2, i1, i2 = entry.first_round, entry.last_round, entry.first_id, entry.last_id
        if entry.points is None or r1 is None or r2 is None or i1 is None or i2 is None:
            continue
        value = entry.points
        for p in ctx.players:
            if i1 <= p.start_rank <= i2:
                for r in range(r1, r2 + 1):
                    ranges[(p.start_rank, r)] = ranges.get((p.start_rank, r), Fraction(0)) + value
    xxa = _xxa(ctx)
    line250 = ctx.record_line("250")
    for sr in sorted({k[0] for k in ranges} | set(xxa)):
        line, values = xxa.get(sr, (line250, {}))
        rounds = sorted({r for (s, r) in ranges if s == sr} | set(values))
        for r in rounds:
            a, b = ranges.get((sr, r), Fraction(0)), values.get(r, Fraction(0))
            if a != b:
                yield finding("TRF571", f"player {sr}, round {r}: 250 gives {fmt_points(a)} acceleration "
                              f"points, XXA gives {fmt_points(b)}", line, 10 + 5 * (r - 1) if sr in xxa else 5,
                              "make 250 and XXA agree, or drop one", "")
                break
