"""Writing a TRF that was read: its own bytes where unchanged, re-formatted player lines otherwise."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from ...findings import Finding
from ...model import Header, Player, Record, Tournament
from ..decode import encode
from .fits import player_misfits, refuse
from .player import infer_blank_byes
from .records import written_records
from .versions import format_player, write


def write_text(t: Tournament) -> str:
    """The TRF text for ``t``: original lines where unchanged, re-formatted player lines otherwise;
    :class:`.fits.Misfits` when a value does not fit its column (TRF960)."""
    if t.source.format != "trf" or (not t.source.records and (t.players or t.header != Header())):
        # another format, or built in code (a header without players too); an empty TRF stays empty
        return write(t, "trf26" if t.source.dialect == "TRF26" else "trf16")
    records = t.source.records
    current = {p.line: p for p in t.players if p.line is not None}
    total_of = t.scoring.totaller()
    sink: list[Finding] = []
    in_place, new = written_records(t)
    read_back = _read_back([rec for rec in records if rec.kind == "PLAYER" and rec.line in current], in_place,
                           sink.append)
    # the players written afresh: those whose line no longer reads as them, and those without a line
    stale: dict[int | None, Player] = {}
    written: set[int] = set()
    for rec in records:
        player = current.get(rec.line) if rec.kind == "PLAYER" else None
        if player is not None:
            written.add(player.start_rank)
            if not _same_player(read_back.get(rec.line), player, t, total_of):
                stale[rec.line] = player
    added = [p for p in t.players if p.start_rank not in written]
    fresh = {line: _with_current_points(p, read_back.get(line), total_of) for line, p in stale.items()}
    extra = [_with_current_points(p, None, total_of) for p in added]
    # TRF960: a line written afresh never shifts its columns (a declared value, or a total, too wide
    # is refused before anything is written); a line kept is the file's own and reads back as it is
    refuse(player_misfits([*stale.values(), *added],
                          {p.start_rank: p.points for p in [*fresh.values(), *extra] if p.points is not None}))
    out = [(format_player(fresh[rec.line]) if rec.line in fresh and rec.kind == "PLAYER"
            else in_place.get(rec.line, rec.text)) + rec.eol for rec in records]
    tail = [format_player(p) for p in extra] + new
    eol = (records[0].eol if records else "") or "\n"
    if tail:
        if out and not out[-1].endswith(("\n", "\r")):
            out[-1] += eol
        out.extend(line + eol for line in tail)
    return "".join(out)


def _read_back(records: list[Record], in_place: dict[int, str],
               add: Callable[[Finding], None]) -> dict[int | None, Player]:
    """Per line, the player its text (as it will be written) reads as: all lines decoded at
    the way the reader decodes them (:func:`.bulk.parse_players`); a line that reads as no
    player is left out.
    (Keyed by ``Player.line``, which a player read from a line always has.)"""
    from .bulk import parse_players  # (the reader's decoder: a TRF written from another format needs none)
    from .grammar import MAX_LINE

    texts = [Record(rec.kind, in_place.get(rec.line, rec.text)[:MAX_LINE], rec.eol, rec.line) for rec in records]
    return {p.line: p for p in parse_players(texts, add)}


def _with_current_points(p: Player, was: Player | None, total_of: Callable[[Player], Fraction]) -> Player:
    """``p`` with the points to write: the declared ones while its games are those of its source
    line ``was``, else (games changed, or no source line) the sum of its results, so that the
    line written agrees with itself (check TRF510)."""
    if p.points is not None and was is not None and was.games == p.games:
        return p
    return replace(p, points=total_of(p))


def _same_player(a: Player | None, b: Player, t: Tournament, total_of: Callable[[Player], Fraction]) -> bool:
    """Whether ``b`` still holds what its source line ``a`` says (read the way the reader reads it)."""
    if a is None:
        return False
    a.pad(t.rounds)
    infer_blank_byes(a, total_of, t.scoring.values["D"], t.scoring.values["W"])
    return (a.start_rank, a.name, a.sex, a.title, a.rating, a.federation, a.fide_id, a.birth, a.points,
            a.rank) == (b.start_rank, b.name, b.sex, b.title, b.rating, b.federation, b.fide_id, b.birth, b.points,
                        b.rank) and a.games == b.games


def write_bytes(t: Tournament) -> bytes:
    """Encoded TRF bytes, in the encoding (and with the BOM) the file was read with."""
    encoding = t.source.encoding if t.source.encoding not in ("binary", "") else "utf-8"
    text = write_text(t)
    try:
        return encode(text, encoding, t.source.bom)
    except UnicodeEncodeError:
        return encode(text, "utf-8", t.source.bom)
