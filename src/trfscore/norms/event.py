"""What the norm engine reads about the whole event, once: the edition, the system, the rounds,
the host federation, the exemption of 1.4.3 that applies, and the facts of 1.4.3d, 1.1.3 and 1.1.4.

What a TRF does not say comes from :class:`Options` (``trfscore norms --event-type ...``); each
assumption made is recorded in :attr:`EventFacts.assumptions` so that every report repeats it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..formats.dates import parse_round_date
from ..formats.trf.player import title_label
from ..model import Game, Kind, Player, Tournament
from .editions import FIRST_DATE, NORM_TITLES, Edition, edition_for, edition_named

__all__ = ["EVENT_TYPES", "SYSTEMS", "Options", "EventFacts", "Swiss143d", "event_facts", "title_of", "is_woman"]

#: ``--event-type``: what the file cannot say (B.01 1.4.1b, 1.4.3a-c).
EVENT_TYPES = {
    "open": "an individual event with no exemption (the default)",
    "national-championship": "the final of a national (or national women's) championship: 1.4.3a",
    "national-team-championship": "a national team championship: 1.4.3b",
    "zonal": "a zonal or sub-zonal tournament: 1.4.3c",
    "team-championship": "a World or Continental team or club championship: 1.4.1b (7 games of 7-9 rounds)",
    "world-cup": "the World Cup or Women's World Cup: 1.4.1b (8 games, counting as 9)",
}
SYSTEMS = ("auto", "swiss", "round-robin", "double-round-robin")
FID = "FID"


@dataclass(frozen=True)
class Options:
    """What a TRF does not say, given by the user (every field has the default a TRF implies)."""

    rules: str = "auto"  # an edition name (2017, 2022, 2024) or auto: by the start date
    event_type: str = "open"  # a key of EVENT_TYPES
    system: str = "auto"  # a SYSTEMS value; auto: the 092/192 text, else who met whom
    registering_federation: str = ""  # 1.4.3a/b: the federation that registered the event (default 032)
    fid_as: tuple[tuple[str, str], ...] = ()  # (FIDE id, federation): FID players counted under a federation
    after_round: int | None = None  # as after this round (a forecast for the rounds after it)


@dataclass(frozen=True)
class Swiss143d:
    """The figures of the Swiss exemption (1.4.3d), per round: foreign rated players present,
    their federations and how many hold GM, IM, WGM or WIM."""

    players: tuple[int, ...]  # per round
    federations: tuple[int, ...]
    titled: tuple[int, ...]
    excluded_missing: int  # players left out because they missed more than one round (2022 on)

    @property
    def met(self) -> bool:
        return bool(self.players) and all(p >= 20 for p in self.players) and all(f >= 3 for f in self.federations) \
            and all(t >= 10 for t in self.titled)

    @property
    def weakest(self) -> tuple[int, int, int, int]:
        """(round, players, federations, titled) of the round furthest from the requirement."""
        i = min(range(len(self.players)), key=lambda r: (self.players[r] >= 20, self.federations[r] >= 3,
                                                          self.titled[r] >= 10, self.players[r]))
        return i + 1, self.players[i], self.federations[i], self.titled[i]


@dataclass
class EventFacts:
    """The event as the norm engine sees it."""

    tournament: Tournament
    options: Options
    edition: Edition
    system: str  # swiss, round-robin, double-round-robin
    rounds: int  # the rounds considered (the file's, or --after-round)
    scheduled: int  # the rounds the event has (142/XXR, else the file's)
    host: str  # 032
    registering: str
    by_rank: dict[int, Player]
    titles: dict[int, str]  # start rank -> title (title_of), read once
    swiss_143d: Swiss143d | None
    rated_zero: frozenset[int]  # 1.4.2b: unrated players who scored 0 against rated ones (round robins)
    assumptions: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # event conditions reported as information (1.1.x)

    def federation(self, player: Player) -> str:
        """The federation a player counts under: FID mapped by ``--fid-as``."""
        fed = (player.federation or "").strip().upper()
        if fed == FID and self.options.fid_as:
            return dict(self.options.fid_as).get(player.fide_id.strip(), fed)
        return fed

    @property
    def unfinished(self) -> bool:
        return self.rounds < self.scheduled


def title_of(player: Player) -> str:
    """The player's FIDE title, TRF16 letters spelt out (``wg`` -> WGM), upper case."""
    return title_label(player.title).upper()


def is_woman(player: Player) -> bool | None:
    """``w`` (some programs write ``f``) -> True, ``m`` -> False, blank -> None (unknown)."""
    sex = (player.sex or "").strip().lower()
    return True if sex in ("w", "f") else False if sex == "m" else None


def event_facts(t: Tournament, options: Options) -> EventFacts:
    """Read the event once for every player's norms; ValueError for a bad option."""
    if options.event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {options.event_type!r}: use one of {', '.join(EVENT_TYPES)}")
    if options.system not in SYSTEMS:
        raise ValueError(f"unknown system {options.system!r}: use one of {', '.join(SYSTEMS)}")
    assumptions: list[str] = []
    start = t.header.start_date_iso or next(filter(None, _round_dates(t)), None)
    if options.rules == "auto":
        edition = edition_for(start)
        assumptions.append(f"B.01 {edition.name} edition: the one in force on the start date {start}" if start else
                           f"B.01 {edition.name} edition: the file gives no start date (give --rules)")
        if start and start < FIRST_DATE:
            assumptions.append(f"the event started on {start}, under the 2014 edition, which is not implemented: "
                               "judged by the 2017 one")
    else:
        edition = edition_named(options.rules)
        assumptions.append(f"B.01 {edition.name} edition, as asked (--rules)")
    assumptions += [f"{edition.name} edition not read in full: {rule}" for rule in edition.unverified]
    by_rank = {p.start_rank: p for p in t.players}
    reading = t.event
    rounds = reading.view(options.after_round)
    scheduled = max(reading.declared or 0, reading.rounds)
    system = _system(t, options, assumptions)
    host = (t.header.federation or "").strip().upper()
    registering = options.registering_federation.strip().upper() or host
    titles = {p.start_rank: title_of(p) for p in t.players}
    facts = EventFacts(t, options, edition, system, rounds, scheduled, host, registering, by_rank, titles,
                       None, frozenset(), assumptions)
    if system != "swiss":
        facts.rated_zero = _unrated_scoring_zero(t, by_rank, rounds)
    elif options.event_type == "open":
        facts.swiss_143d = _swiss_143d(facts)
    _describe_exemption(facts)
    assumptions.append("ratings and titles are the 001 ones, taken as those of the list in force at the start "
                       "(1.4.6a) and confirmed before it")
    if options.fid_as:
        assumptions.append("FID players counted under the federation given by --fid-as: "
                           + ", ".join(f"{i} as {f}" for i, f in options.fid_as))
    if system == "double-round-robin":
        assumptions.append("double round robin: 1.4.5b-e count different players, half the number needed, rounded "
                           "up (another reading counts half the games)")
    facts.notes = _event_notes(t)
    if system == "swiss":
        facts.notes.append(_swiss_156(facts))
    return facts


def _round_dates(t: Tournament) -> list[str | None]:
    """The 132 round dates, ISO (None where a date cannot be read)."""
    return [parse_round_date(d.strip()) if d.strip() else None for d in t.header.round_dates]


def _system(t: Tournament, options: Options, assumptions: list[str]) -> str:
    """The system: ``--system``, else the one reading of the event (:attr:`Tournament.event`), its
    round robin double or not."""
    if options.system != "auto":
        assumptions.append(f"system {options.system}, as asked (--system)")
        return options.system
    reading = t.event
    system = ("double-round-robin" if reading.double else "round-robin") if reading.system == "round-robin" else "swiss"
    how = {"file": "the 092/192 text", "pairings": "who met whom", "records": "the team records"}.get(
        reading.system_source, reading.system_source)
    assumptions.append(f"system {system}, from {how}" + (f" (read as a {reading.system})" if reading.system in (
        "match", "team") else "") + " (--system to change it)")
    return system


def _unrated_scoring_zero(t: Tournament, by_rank: dict[int, Player], rounds: int) -> frozenset[int]:
    """1.4.2b: the unrated players of a round robin who scored nothing against rated opponents."""
    def scored(g: Game) -> bool:
        opp = by_rank.get(g.opponent) if g.opponent is not None else None
        return opp is not None and bool(opp.rating) and g.kind in (Kind.WIN, Kind.DRAW)

    return frozenset(p.start_rank for p in t.players if not p.rating and not any(map(scored, p.games[:rounds])))


PRESENT = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.PAB, Kind.FORFEIT_WIN})


def _swiss_143d(facts: EventFacts) -> Swiss143d:
    """1.4.3d from the crosstable: per round, the FIDE-rated players not of the host federation
    (FID and unrated not counted) who take part (a game, a PAB or a forfeit win); from 2022 only
    players missing at most one round, a PAB not being a missed round."""
    t, rounds = facts.tournament, facts.rounds
    foreign = [p for p in t.players if p.rating and facts.federation(p) not in ("", FID, facts.host)]
    kinds = {p.start_rank: p.kinds()[:rounds] for p in foreign}
    excluded = 0
    if facts.edition.missed_round_clause:
        kept = [p for p in foreign if sum(k not in PRESENT for k in kinds[p.start_rank]) <= 1]
        excluded = len(foreign) - len(kept)
        foreign = kept
    players, feds, titled = [], [], []
    for r in range(rounds):
        present = [p for p in foreign if r < len(kinds[p.start_rank]) and kinds[p.start_rank][r] in PRESENT]
        players.append(len(present))
        feds.append(len({facts.federation(p) for p in present}))
        titled.append(sum(facts.titles[p.start_rank] in NORM_TITLES for p in present))
    return Swiss143d(tuple(players), tuple(feds), tuple(titled), excluded)


def _describe_exemption(facts: EventFacts) -> None:
    kind = facts.options.event_type
    if kind in ("national-championship", "national-team-championship"):
        source = "--registering-federation" if facts.options.registering_federation else "032"
        facts.assumptions.append(f"event type {kind} (--event-type): 1.4.3/1.4.4 waived for players of "
                                 f"{facts.registering or 'the registering federation'}, taken as the "
                                 f"registering federation ({source}); the zonal-year limitation is not checked")
    elif kind != "open":
        facts.assumptions.append(f"event type {kind} (--event-type): {EVENT_TYPES[kind]}")
    else:
        facts.assumptions.append("event type open: no national championship, team or zonal exemption "
                                 "(--event-type to give one)")
    if facts.swiss_143d is not None:
        s = facts.swiss_143d
        if not s.players:
            return
        rnd, players, feds, titled = s.weakest
        met = "met" if s.met else "not met"
        clause = (f"; {s.excluded_missing} foreign player(s) not counted for missing more than one round"
                  if facts.edition.missed_round_clause else "")
        facts.assumptions.append(
            f"{facts.edition.article('1.4.3d')} Swiss exemption derived from the crosstable: {met} (host "
            f"{facts.host or 'not given'}; weakest round {rnd}: {players} foreign rated players of 20, "
            f"{feds} federations of 3, {titled} GM/IM/WGM/WIM of 10{clause})")


def _swiss_156(facts: EventFacts) -> str:
    """1.5.6 (norms after 1 July 2022), as information: a Swiss with at least 40 participants in
    every round (counting only players missing at most one round, a PAB not missing) and an
    average rating of at least 2000."""
    rounds = facts.rounds
    players = [p for p in facts.tournament.players
               if sum(k not in PRESENT for k in p.kinds()[:rounds]) <= 1]
    ratings = [p.rating for p in players if p.rating]
    average = sum(ratings) // len(ratings) if ratings else 0
    met = len(players) >= 40 and average >= 2000
    return (f"1.5.6: {len(players)} participants missing at most one round, average rating {average} (rated ones): "
            f"{'an' if met else 'not an'} event of the kind one norm of an application must come from "
            "(40 participants, average 2000)")


def _event_notes(t: Tournament) -> list[str]:
    """1.1.3 and 1.1.4 from the 132 round dates, as information."""
    known = [d for d in _round_dates(t) if d]
    notes = []
    if known:
        per_day = Counter(known)
        most = max(per_day.values())
        notes.append(f"1.1.3: at most {most} round(s) on one day" + (" (more than 2: not allowed)" if most > 2 else ""))
        singles = sum(1 for c in per_day.values() if c == 1)
        notes.append(f"1.1.3a: {singles} day(s) with one round (a GM or WGM application needs one norm "
                     "from an event with one round a day on at least 3 days)")
    start, end = t.header.start_date_iso or (known[0] if known else None), t.header.end_date_iso or (
        known[-1] if known else None)
    if start and end:
        from datetime import date

        days = (date.fromisoformat(end) - date.fromisoformat(start)).days
        if days > 30:
            notes.append(f"1.1.4: the event lasted {days} days: ratings and titles must be those in force when each "
                         "game was played; the file gives one rating per player")
    return notes
