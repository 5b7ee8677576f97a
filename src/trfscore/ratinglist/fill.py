"""A copy of a TRF with what the rating list knows filled in (``convert --fill-from LIST``).

Only the ``001`` fields the list is the authority for are written, in place in the source text
(every other byte stays as it was): a missing FIDE id when the name matches exactly one list
entry; the rating of the list in force on the start date; a title the player holds (replacing
one they do not); the birth year and the federation.  A player whose id belongs to somebody else
(``FID002``) is left alone.  ``072`` follows the ratings written.  Each change is reported as an
``info`` finding under the id of the rule it settles (``FID010`` id, ``FID009`` rating, ...).
"""
from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..findings import INFO, Finding
from ..formats.trf.layout import PLAYER
from ..model import Player, Tournament
from .compare import Comparison, list_rating, player_id, trf_year
from .entry import FIDE_TITLES, TRF_TITLES, Entry, canonical_title
from .names import difference
from .ratinglist import RatingList

__all__ = ["fill", "Filled"]

_TRF16_CODES = {v: k.lower() for k, v in TRF_TITLES.items()}


@dataclass
class Filled:
    """The new text and one finding per change."""

    text: str
    changes: list[Finding]


def _change(rule: str, message: str, line: int, column: int, value: str) -> Finding:
    """A change the fill made, named by the rule whose finding it answers.  It is a note, not a
    defect, so it is information whatever the rule's declared severity."""
    return Finding(rule, INFO, message, line, column, "filled in by --fill-from", value)


def _title_style(t: Tournament) -> str:
    """"trf16" (``g``, ``wm`` ...) or "fide" (``GM``, ``WIM`` ...), as the file already writes them."""
    for p in t.players:
        code = p.title.strip()
        if code.upper() in FIDE_TITLES and len(code) >= 2 and code.isupper():
            return "fide"
        if code and code.upper() in TRF_TITLES:
            return "trf16"
    return "fide" if t.source.dialect == "TRF26" else "trf16"


def _put(line: str, name: str, value: str) -> str:
    """``line`` with the 001 field ``name`` set to ``value`` (padded as the layout says)."""
    f = PLAYER.field(name)
    cell = value.rjust(f.width) if f.align == "right" else value.ljust(f.width)
    line = line.ljust(f.start)
    return line[:f.start] + cell[:f.width] + line[f.start + f.width:]


def _plan(p: Player, e: Entry, rated: tuple[int | None, bool], style: str, label: str,
          new_id: bool) -> list[tuple[str, str, str, str]]:
    """(field, new value, rule, message) for every change the list asks of ``p``."""
    out: list[tuple[str, str, str, str]] = []
    who = f"player {p.start_rank} ({p.name})"
    if new_id:
        out.append(("fide_id", str(e.fide_id), "FID010", f"{who}: FIDE id {e.fide_id} filled in from {label}"))
    mine = canonical_title(p.title)
    held = e.titles()
    best = canonical_title(e.title) or canonical_title(e.w_title)
    if (mine and mine not in held) or (not mine and best):
        code = (_TRF16_CODES.get(best, best) if style == "trf16" else best) if best else ""
        rule = "FID007" if mine else "FID008"
        out.append(("title", code, rule, f"{who}: title {mine or 'none'} -> {best or 'none'} from {label}"))
    year = trf_year(p)
    if e.birth_year and year != e.birth_year:
        out.append(("birth", str(e.birth_year), "FID006",
                    f"{who}: birth {p.birth.strip() or 'none'} -> {e.birth_year} from {label}"))
    fed = p.federation.strip().upper()
    if e.federation and fed != e.federation.upper():
        out.append(("federation", e.federation, "FID004", f"{who}: federation {fed or 'none'} -> {e.federation} "
                    f"from {label}"))
    rating, known = rated
    if known and (p.rating or None) != rating:
        out.append(("rating", str(rating or ""), "FID009", f"{who}: rating {p.rating or 'none'} -> "
                    f"{rating or 'unrated'} from the list in force at the start"))
    return out


def fill(t: Tournament, lists: Sequence[RatingList], text: str) -> Filled:
    """``text`` (the TRF ``t`` was read from) with the list's facts filled in."""
    cmp = Comparison.of(t, lists)
    identity, in_force, kind = cmp.choice.identity, cmp.choice.in_force, cmp.choice.kind
    lines = text.splitlines(keepends=True)
    style = _title_style(t)
    changes: list[Finding] = []
    rated_after = 0
    used = {i for i in (player_id(p) for p in t.players) if i}  # an id is never given to two players
    for p in t.players:
        if p.line is None or not 0 < p.line <= len(lines) or identity is None:
            rated_after += bool(p.rating)
            continue
        pid = player_id(p)
        new_id = False
        e = cmp.by_id.get(pid) if pid else None
        if pid is None and p.name.strip():
            found = [x for x in identity.search(p.name, federation=p.federation.strip().upper() or None,
                                                birth_year=trf_year(p)) if x.fide_id]
            if len(found) == 1 and found[0].fide_id not in used:
                e, new_id = found[0], True
                used.add(found[0].fide_id or 0)
        if e is None or difference(p.name, e.name) == "different":
            rated_after += bool(p.rating)
            continue
        rated: tuple[int | None, bool] = (None, False)
        if in_force is not None:
            current = in_force.lookup(e.fide_id) if (new_id or in_force is not identity) and e.fide_id else e
            if current is not None:
                rated = (list_rating(in_force, current, kind)[0], True)
        raw = lines[p.line - 1]
        body = raw.rstrip("\r\n")
        end = raw[len(body):]
        for name, value, rule, message in _plan(p, e, rated, style, identity.label, new_id):
            body = _put(body, name, value)
            changes.append(_change(rule, message, p.line, PLAYER.field(name).first, value))
        was = raw[:len(raw) - len(end)]
        lines[p.line - 1] = (body.rstrip() if was == was.rstrip() else body) + end
        rated_after += bool(rated[0]) if rated[1] else bool(p.rating)
    _fix_rated_count(t, lines, rated_after, changes)
    return Filled("".join(lines), changes)


def _fix_rated_count(t: Tournament, lines: list[str], rated: int, changes: list[Finding]) -> None:
    """``072`` set to the number of rated players after the fill (when the file has a 072)."""
    for rec in t.source.records:
        if rec.code == "072" and rec.line and 0 < rec.line <= len(lines):
            raw = lines[rec.line - 1]
            body = raw.rstrip("\r\n")
            old = body[4:].strip()
            if old != str(rated):
                lines[rec.line - 1] = f"072 {rated}" + raw[len(body):]
                changes.append(_change("FID013", f"072 {old or 'empty'} -> {rated} (rated players after the fill)",
                                       rec.line, 5, str(rated)))
            return


def fill_bytes(t: Tournament, lists: Sequence[RatingList], data: bytes) -> tuple[bytes, list[Finding]]:
    """The filled copy of the TRF bytes ``data`` (same encoding, BOM and line ends)."""
    bom = data.startswith(codecs.BOM_UTF8)
    encoding = t.source.encoding or "utf-8"
    if re.fullmatch(r"utf[-_]?8(-sig)?", encoding.lower()):
        encoding = "utf-8"
    body = data[len(codecs.BOM_UTF8):] if bom else data
    text = body.decode(encoding, errors="surrogateescape")
    result = fill(t, lists, text)
    out = result.text.encode(encoding, errors="surrogateescape")
    return (codecs.BOM_UTF8 + out if bom else out), result.changes
