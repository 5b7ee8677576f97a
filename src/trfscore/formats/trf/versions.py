"""Writing a tournament afresh as TRF16 or TRF26 (``convert --to trf16|trf26``).

Unlike :func:`trfscore.formats.trf.write_text`, which keeps a TRF's own bytes, this writes every
record the model holds afresh (those whose :mod:`.layout` description says ``from_model``): it is how PGN or
crosstable input becomes a TRF, and how a TRF16 file is upgraded to TRF26 (dates in
``YYYY/MM/DD``, 142 rounds, 162 scoring, 192 type, 202 tie-breaks, 310 teams, NRS records).

Every other record read (240-330, 352, 362, 801/802, JaVaFo and bbpPairings lines, comments,
lines that are no record, a header record the model holds no value for) is carried over verbatim
after the teams, in its order: a writer never drops a record it read.  Written as TRF16, the
TRF26 header records the model holds (142-222) and the NRS records are left out: TRF16 has no
place for them (that is the downgrade asked for).
"""
from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace
from fractions import Fraction
from typing import Any, TypeVar, overload

from ...decimals import trf_value
from ...model import DEFAULT_POINTS, Game, Kind, Player, Team, Tournament
from ..dates import parse_round_date
from .fits import misfits, player_fields, refuse, team_fields
from .layout import BY_CODE, NATIONAL, PLAYER, RECORDS, TITLE_LETTERS, TRF16, cells, template
from .records import written_records

VERSIONS = ("trf16", "trf26")
#: the record lines up to their repeated fields, by their description (:mod:`.layout`)
_NRS, _TEAM_310, _TEAM_013 = (template(r).format for r in (NATIONAL, BY_CODE["310"], BY_CODE["013"]))
SEX = {"M": "m", "F": "w", "f": "w", "W": "w"}


def _slash(iso: str | None, fallback: str) -> str:
    return iso.replace("-", "/") if iso else fallback


def _round_date(text: str) -> str:
    iso = parse_round_date(text)
    return iso[2:].replace("-", "/") if iso else text


_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")  # (str.splitlines breaks at the last three too)
_Other = TypeVar("_Other")


@overload
def one_line(value: str) -> str: ...
@overload
def one_line(value: _Other) -> _Other: ...
def one_line(value: object) -> object:
    """Text without line breaks or other control characters (a name from JSON may hold "\n001 ..."):
    each record stays one line, and every column where the grid puts it."""
    return _CONTROL.sub(" ", value) if isinstance(value, str) else value


#: the text fields of a 001 line (the others hold numbers)
_TEXT_FIELDS = ("sex", "title", "name", "federation", "fide_id", "birth")


def one_line_texts(p: Player) -> dict[str, Any]:
    """``p``'s text fields without line breaks or other control characters (:func:`one_line`),
    by name, for ``dataclasses.replace``: what every 001 line written afresh holds."""
    return {k: one_line(getattr(p, k)) for k in _TEXT_FIELDS}


#: The comment a TRF written afresh starts its players with when the source gave played games
#: without colours (a crosstable without them): TRF needs a colour for every played game (D4).
COLOURS_ASSIGNED = ("### colours: the source gives none for some played games; written here as w for the "
                    "lower start rank and b for the higher, not as played")


def nominal_colour(t: Tournament, p: Player, g: Game) -> str:
    """A colour for ``p``'s game ``g`` written without one (``g.opponent`` set): the opposite of
    the opponent's colour when that is known, else ``w`` for the lower start rank."""
    other = t.player(g.opponent) if g.opponent is not None else None
    theirs = other.game(g.round) if other is not None else None
    if theirs is not None and theirs.opponent == p.start_rank and theirs.colour in ("w", "b"):
        return "b" if theirs.colour == "w" else "w"
    return "w" if g.opponent is None or p.start_rank < g.opponent else "b"


def _with_colours(t: Tournament) -> dict[int, list[Game]]:
    """The games of each player having a played game without a colour, each such game given one
    (:func:`nominal_colour`, a convention announced by :data:`COLOURS_ASSIGNED` in the file)."""
    def uncoloured(g: Game) -> bool:
        return g.colour is None and g.opponent is not None and g.kind in Kind.PLAYED

    return {p.start_rank: [g._replace(colour=nominal_colour(t, p, g)) if uncoloured(g) else g for g in p.games]
            for p in t.players if any(map(uncoloured, p.games))}


def header_line(code: str, value: object) -> str:
    """A header record ``code`` (012-122, 142, 152, 172-222) holding ``value`` on one line, from
    the column its description puts the value in (:data:`.layout.BY_CODE`, column 5); KeyError for
    a code that is no such record."""
    return f"{code:<{BY_CODE[code].field('value').start}}{one_line(value)}"


def scoring_record(values: dict[str, Fraction]) -> str:
    """The TRF26 ``162`` record of these point values (a symbol missing: its default), on the
    grid of :data:`.layout.BY_CODE` ``162`` (symbol at 6, 15 ..., points at 7-10, 16-19 ...)."""
    grid = "".join(f"{k}{trf_value(values.get(k, v)):>4}    " for k, v in DEFAULT_POINTS.items())
    return ("162  " + grid).rstrip()


def _teams_to_write(t: Tournament, modern: bool) -> list[Team]:
    """The teams, once: a file giving them both as TRF26 ``310`` and TRF16 ``013`` records has
    each team twice in the model; the records of the edition written are taken (else the others)."""
    wanted = "310" if modern else "013"
    records = {team.record for team in t.teams}
    if {"310", "013"} <= records:
        return [team for team in t.teams if team.record == wanted]
    return list(t.teams)


_LINE_BREAKS = re.compile(r"[\r\n]")
_HEAD = template(PLAYER).format_map  # columns 1-91 of a 001 line, from the record description
assert PLAYER.block is not None and [f.first - PLAYER.block.first for f in PLAYER.block.fields] == [0, 5, 7], \
    "format_player's round cell spells out the cell layout"


def format_player(p: Player) -> str:
    """A ``001`` line for ``p`` on the column grid of :data:`.layout.PLAYER` (trailing blanks trimmed)."""
    head = _HEAD(player_fields(p))
    cells = []
    for g in p.games:
        opp = f"{g.opponent:>4}" if g.opponent is not None else ("0000" if g.code.strip() or g.kind != Kind.ABSENT else "    ")
        cells.append(f"{opp} {g.colour or '-'} {g.code}  ")
    return _LINE_BREAKS.sub(" ", head + "".join(cells)).rstrip()  # a name holding "\n001 ..." stays one record


def written_points(t: Tournament) -> dict[int, Fraction]:
    """Per start rank, the points a TRF written afresh gives: the declared points, else the sum of
    the results."""
    total_of = t.scoring.totaller()
    return {p.start_rank: p.points if p.points is not None else total_of(p) for p in t.players}


def written_ranks(t: Tournament, points: dict[int, Fraction]) -> dict[int, int | None]:
    """Per start rank, the rank a TRF written afresh gives: the declared ranks, else (when no
    player has one) the ranks of the standings with the file's tie-breaks or the defaults,
    counting every round (a round paired but not played included: the written points count its
    byes, so the ranks must too).  The ranks follow the ``points`` written (:func:`written_points`):
    where the standings score otherwise (a player of an event read as a round robin or a match
    who has only byes scores nothing there), the written points come first and the standings
    order players of equal points, so that the file passes its own rank order (TRF511)."""
    if any(p.rank for p in t.players) or not t.players:
        return {p.start_rank: p.rank for p in t.players}
    from ...standings import compute_standings  # (only for a file without ranks)

    rows = compute_standings(t, rounds=t.rounds).columns()
    place = dict(zip(rows.start_ranks, rows.ranks))
    order = sorted(place, key=lambda sr: (-points[sr], place[sr]))
    ranks: dict[int, int | None] = {}
    for i, sr in enumerate(order):  # competition ranking: players equal on both share the first's rank
        same = i and (points[sr], place[sr]) == (points[order[i - 1]], place[order[i - 1]])
        ranks[sr] = ranks[order[i - 1]] if same else i + 1
    return ranks


#: header records a file written afresh says by itself (the numbers of players, rated players and
#: teams it holds), or that :mod:`..losses` finds by reading the written file back (162, the scoring)
_SAID_ANYWAY = frozenset({"062", "072", "082", "162"})


def left_out(t: Tournament, kept: Collection[str]) -> list[tuple[str, str]]:
    """What of ``t`` a file keeping the header records ``kept`` (codes) has no record for, each
    as a TRF26 record's code and title (``("202", "tie-break definition")``): the header records
    the model holds (:mod:`.layout`'s ``from_model``) but those kept, those every written file
    says anyway (:data:`_SAID_ANYWAY`) and a 142 equal to the rounds written; and the NRS records."""
    h = t.header
    left = [(r.code, r.title) for r in RECORDS
            if r.from_model and r.attr and r.code not in kept and r.code not in _SAID_ANYWAY
            and getattr(h, r.attr) not in (None, "", []) and not (r.code == "142" and h.rounds_declared == t.rounds)]
    national = sum(1 for p in t.players if p.national)
    if national:  # the title's words for one player, said of them all: "national ratings of 15 players"
        rating = NATIONAL.title.partition(" of a player")[0]
        left.append((NATIONAL.code, f"{rating} of 1 player" if national == 1 else f"{rating}s of {national} players"))
    return left


def left_out_of_trf16(t: Tournament) -> list[tuple[str, str]]:
    """What of ``t`` a TRF16 written afresh has no record for (:func:`left_out`): the TRF26-only
    header records the model holds (:func:`write` writes them for TRF26 alone) and the NRS
    records.  Not 142 (a number of rounds other than those played is written as ``XXR``), nor
    152 when an ``XXC`` record, carried over, says the initial colour."""
    in_xxc = any(token.lower() in ("white1", "black1") for token in t.header.xxc)
    return left_out(t, {r.code for r in RECORDS if TRF16 in r.editions} | {"142"} | ({"152"} if in_xxc else set()))


def write(t: Tournament, version: str = "trf16") -> str:
    """The whole file as text, lines ending in LF; :class:`.fits.Misfits` (a ValueError) when a
    value does not fit its column (TRF960), which written would shift every later one: a total
    :func:`written_points` gives (``12.75`` of a draw worth 1.25) as well as a declared value."""
    if version not in VERSIONS:
        raise ValueError(f"unknown TRF version {version!r}")
    points = written_points(t)
    h = t.header
    modern = version == "trf26"
    teams = _teams_to_write(t, modern)
    refuse(misfits(t, points, teams, "310" if modern else "013"))
    lines: list[str] = []

    def header(code: str, value: object) -> None:
        if value not in (None, "", []):
            lines.append(header_line(code, value))

    header("012", h.name)
    header("022", h.city)
    header("032", h.federation)
    header("042", _slash(h.start_date_iso, h.start_date) if modern else h.start_date or _slash(h.start_date_iso, ""))
    header("052", _slash(h.end_date_iso, h.end_date) if modern else h.end_date or _slash(h.end_date_iso, ""))
    header("062", len(t.players))
    header("072", sum(1 for p in t.players if p.rating))
    if teams:
        header("082", len(teams))
    elif h.teams_declared is not None:  # "082 0" of an individual event: kept in its place
        header("082", h.teams_declared)
    header("092", h.type)
    header("102", h.chief_arbiter)
    for deputy in h.deputy_arbiters:
        header("112", deputy)
    header("122", h.time_control)
    if h.round_dates:
        dates = [_round_date(d) if modern else d for d in h.round_dates]
        lines.append(one_line(template(BY_CODE["132"]) + cells(BY_CODE["132"].field("round_dates"), dates)).rstrip())
    if modern:
        header("142", h.rounds_declared or t.rounds or None)
        header("152", h.initial_colour.upper() if h.initial_colour else None)
        values = t.scoring.values
        if any(values.get(k) != v for k, v in DEFAULT_POINTS.items()):
            lines.append(scoring_record(values))
        header("172", h.starting_rank_method)
        header("182", h.pairing_controller)
        header("192", h.system)
        header("202", ",".join(h.tiebreaks))
        header("212", ",".join(h.standings_tiebreaks))
        header("222", h.time_control_code)
    players = sorted(t.players, key=lambda p: p.start_rank)
    ranks = written_ranks(t, points)
    coloured = _with_colours(t)
    if coloured:
        lines.append(COLOURS_ASSIGNED)
    for p in players:
        p = replace(p, points=points[p.start_rank], rank=ranks[p.start_rank],
                    games=coloured.get(p.start_rank, p.games), **one_line_texts(p))
        if modern:  # upgrade: the field values TRF26 spells out (m/w, GM...)
            p = replace(p, sex=SEX.get(p.sex, p.sex), title=TITLE_LETTERS.get(p.title.lower(), p.title))
        lines.append(format_player(p))
        if modern:
            for nrs in p.national.values():
                lines.append(one_line(_NRS(federation=nrs.federation, start_rank=nrs.start_rank, sex=nrs.sex,
                                           title=nrs.title, name=nrs.name, rating=nrs.rating or "",
                                           origin=nrs.origin, national_id=nrs.national_id,
                                           birth=nrs.birth)).rstrip())
    for team in teams:
        if modern:
            head = _TEAM_310(**team_fields(team))
        else:
            head = _TEAM_013(name=team.name)
        members = cells(BY_CODE["310" if modern else "013"].field("members"), team.members)
        lines.append(one_line(head + members).rstrip())
    if not modern and h.rounds_declared and h.rounds_declared != t.rounds:
        lines.append(f"XXR {h.rounds_declared}")
    lines.extend(_carried(t, {line[:3] for line in lines}, modern))
    return "\n".join(lines) + "\n"


def _carried(t: Tournament, written: set[str], modern: bool) -> list[str]:
    """The source records the fresh lines do not say, each on one line as it was read."""
    nrs_lines = {nrs.line for p in t.players for nrs in p.national.values()}
    in_place, new = written_records(t)
    out = []
    for rec in t.source.records:
        kind = rec.kind
        if kind in ("", "PLAYER", "TEAM") or (kind == NATIONAL.kind and rec.line in nrs_lines):
            continue  # from the model (an empty line says nothing)
        described = BY_CODE.get(rec.code)
        if kind in ("HEADER", "JAVAFO") and rec.code in written:
            continue  # written afresh (or XXR written for TRF16)
        if not modern and described is not None and described.from_model and TRF16 not in described.editions:
            continue  # a TRF26 header the model holds: TRF16 has no place for it
        out.append(one_line(in_place.get(rec.line, rec.text)))
    return out + new
