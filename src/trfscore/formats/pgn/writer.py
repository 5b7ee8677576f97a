"""PGN: writing a tournament as one results-only game per pairing.

Each game has the seven standard tags (Event, Site, Date, Round, White, Black, Result) followed
by ``WhiteTitle``/``BlackTitle``, ``WhiteElo``/``BlackElo``, ``WhiteFideId``/``BlackFideId``,
``WhiteFed``/``BlackFed``, ``EventDate`` and ``EventType`` (``"team"`` for a team event,
``"tourn"`` for a round-robin, ``"swiss"`` when the file says Swiss), and the result as its only
movetext.

Unplayed games follow the conventions :mod:`.pgn` reads (docs/formats.md): a forfeit is the
decisive result with ``[Termination "forfeit"]``, a double forfeit ``0-0`` with the same tag; a
bye is a game against ``"BYE"`` with ``[Termination "bye"]`` and ``[ByeType "PAB"]`` (``HPB``,
``FPB``, ``ZPB``), whose result gives the points (1-0, 1/2-1/2, 0-1), and whose movetext says so
in a comment (:data:`BYE_COMMENT`): PGN itself has no byes.  An unknown result is
``*``.  Rounds without a game (absent, not scheduled) are not written.  A bye or not-scheduled
cell that names an opponent (a defect, TRF405) is written as the bye or not at all: its points
stay, its opponent is lost (:mod:`..losses`, CNV009).

White is the player the model gives colour ``w``; when colours are not known (a round-robin
grid) White is the lower start rank.
"""
from __future__ import annotations

from ...event_reading import is_team_event
from ...model import Game, Kind, Player, Tournament
from ...safetext import neutralise
from ..dates import parse_round_date
from ..limits import data_rounds
from .conventions import UNKNOWN_TERMINATION, UNRATED_TERMINATION

_BYE_TYPE = {Kind.PAB: ("PAB", "1-0"), Kind.FULL_BYE: ("FPB", "1-0"), Kind.HALF_BYE: ("HPB", "1/2-1/2"),
             Kind.ZERO_BYE: ("ZPB", "0-1")}
_PLAYED_RESULT = {Kind.WIN: "1-0", Kind.LOSS: "0-1", Kind.DRAW: "1/2-1/2"}


def _quote(value: object) -> str:
    """A tag value: PGN's escapes for ``\\`` and ``"``; control and bidirectional characters
    neutralised (:func:`trfscore.safetext.neutralise`), since a tag is one line of printing
    characters (PGN standard 8.1.1)."""
    return neutralise(value).replace("\\", "\\\\").replace('"', '\\"')


def _date(t: Tournament, rnd: int) -> str:
    """The round's ``Date`` tag: its 132 date read as the checks read it (``YY/MM/DD``, or the
    other orders met in real files, e.g. ``11.25.02``), else the start date, else unknown."""
    h = t.header
    dates = h.round_dates
    iso = parse_round_date(dates[rnd - 1].strip()) if 0 < rnd <= len(dates) else None
    return _iso_to_pgn(iso or h.start_date_iso)


def event_date(t: Tournament) -> str | None:
    """The ``EventDate`` tag: the start date (042) when it reads as a date, else None (no tag)."""
    iso = t.header.start_date_iso
    return _iso_to_pgn(iso) if iso else None


def round_dates_written(t: Tournament) -> bool:
    """Whether the games' ``Date`` tags give back every round date the file gives (132): each one
    is of a round written and reads as a date (:func:`_date` writes an unreadable one as the start
    date, or unknown), and no round's ``Date`` is unknown (the reader takes the round dates only
    when every round has one)."""
    rounds = data_rounds(t)
    given = [(i, d.strip()) for i, d in enumerate(t.header.round_dates, 1) if d.strip()]
    return all(i <= rounds and parse_round_date(d) for i, d in given) \
        and all("?" not in _date(t, r) for r in range(1, rounds + 1))


def event_type(t: Tournament) -> str:
    """The ``EventType`` tag: ``team`` for a team event (a value PGN programs write, as ``tourn``
    and ``swiss``; its members' games are read back as one team event, a team's bye on every
    member), else ``tourn`` for a round robin, ``swiss`` when the file says Swiss, else none."""
    if is_team_event(t):
        return "team"
    rr = t.is_round_robin
    return "" if rr is None else "tourn" if rr else "swiss"


def end_date(t: Tournament) -> str | None:
    """The end date (ISO) a reader takes from the written games: the latest of their ``Date`` tags."""
    dates = [_date(t, rnd) for rnd in range(1, data_rounds(t) + 1)]
    known = [d for d in dates if "?" not in d]
    return max(known).replace(".", "-") if known else None


def _iso_to_pgn(iso: str | None) -> str:
    return iso.replace("-", ".") if iso and len(iso) == 10 else "????.??.??"


def _tags(t: Tournament, rnd: int, white: Player | None, black: Player | None, result: str,
          extra: list[tuple[str, str]]) -> list[str]:
    h = t.header
    tags = [("Event", h.name or "?"), ("Site", h.city or "?"), ("Date", _date(t, rnd)), ("Round", str(rnd)),
            ("White", (white.name or "?") if white else "BYE"), ("Black", (black.name or "?") if black else "BYE"),
            ("Result", result)]
    for colour, p in (("White", white), ("Black", black)):
        if p is not None:
            tags += [(colour + tag, value) for tag, value in (("Title", p.title), ("Elo", str(p.rating or "")),
                                                              ("FideId", p.fide_id), ("Fed", p.federation)) if value]
    if start := event_date(t):
        tags.append(("EventDate", start))
    if kind := event_type(t):
        tags.append(("EventType", kind))
    tags.extend(extra)
    return [f'[{k} "{_quote(v)}"]' for k, v in tags]


#: The movetext comment of every bye written: PGN has no byes, so a reader should know this
#: "game" is trfscore's way of writing one.
BYE_COMMENT = ('{PGN has no byes: this is not a game but a bye, written as a game against "BYE" '
               'with its kind in the ByeType tag}')


def write(t: Tournament) -> str:
    """The PGN text of ``t``: one results-only game per pairing and per bye, round by round."""
    games: list[str] = []
    players = sorted(t.players, key=lambda p: p.start_rank)
    for rnd in range(1, data_rounds(t) + 1):
        done: set[frozenset[int]] = set()
        for p in players:
            g = p.game(rnd)
            if g.opponent is None or g.kind in Kind.NO_GAME:  # a bye naming an opponent (TRF405) is the bye
                if g.kind in _BYE_TYPE:
                    bye, result = _BYE_TYPE[g.kind]
                    tags = _tags(t, rnd, p, None, result, [("Termination", "bye"), ("ByeType", bye)])
                    games.append("\n".join(tags) + "\n\n" + BYE_COMMENT + " " + result + "\n")
                continue
            q = t.player(g.opponent)
            pair = frozenset((p.start_rank, g.opponent))
            if q is None or pair in done:
                continue
            done.add(pair)
            qg = q.game(rnd)
            if qg.kind in Kind.NO_GAME:  # the opponent's own cell says no game: this one's game is written alone
                qg = Game.absent(rnd)
            if g.colour == "w" or (g.colour is None and (qg.colour == "b" or (qg.colour is None and
                                                                            p.start_rank < q.start_rank))):
                white, black, wg, bg = p, q, g, qg
            else:
                white, black, wg, bg = q, p, qg if qg.opponent == p.start_rank else _flip(g), g
            result, extra = _result(wg, bg)
            tags = _tags(t, rnd, white, black, result, extra)
            games.append("\n".join(tags) + "\n\n" + result + "\n")
    return "\n".join(games)


def _flip(g: Game) -> Game:
    """The opponent's cell implied by ``g`` (used when the opponent's own cell is missing)."""
    code = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}.get(g.code, g.code)
    kind = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS,
            Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}.get(g.kind, g.kind)
    return g._replace(code=code, kind=kind, opponent=None)


def _result(wg: Game, bg: Game) -> tuple[str, list[tuple[str, str]]]:
    """Result tag and extra tags from White's cell (and Black's, for a double forfeit)."""
    kind = wg.kind
    if kind in _PLAYED_RESULT:  # W/D/L keep their flag
        return _PLAYED_RESULT[kind], [] if wg.rated else [("Termination", UNRATED_TERMINATION)]
    if kind == Kind.UNKNOWN:
        return "*", [("Termination", UNKNOWN_TERMINATION)]
    if kind in Kind.FORFEITS:  # a double forfeit 0-0
        result = "1-0" if kind == Kind.FORFEIT_WIN else "0-0" if bg.kind == Kind.FORFEIT_LOSS else "0-1"
        return result, [("Termination", "forfeit")]
    return "*", []
