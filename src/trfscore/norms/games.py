"""One player's rounds sorted for a norm (B.01 1.4.1, 1.4.2): the games counted, those not
included and why, and the forfeit wins and pairing-allocated byes 1.4.1c and 1.4.2c look at.
Scores are integer half-points."""
from __future__ import annotations

from typing import NamedTuple

from ..federations import federations
from ..model import Kind, Player
from .event import EventFacts

__all__ = ["Opponent", "Entry", "Rounds", "player_rounds"]

HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}


class Opponent(NamedTuple):
    """A counted game: the opponent's facts and the player's result (half-points)."""

    round: int
    start_rank: int
    name: str
    title: str
    federation: str  # as counted (FID mapped by --fid-as)
    rating: int | None  # None: unrated
    fide_id: str
    halves: int  # 2 win, 1 draw, 0 loss

    @property
    def won(self) -> bool:
        return self.halves == 2


class Entry(NamedTuple):
    """One round of the player, as the norm sees it."""

    round: int
    status: str  # counted, excluded, forfeit-win, pab, bye, none, pending
    text: str  # what happened, for people
    article: str = ""  # the article that excludes it (1.4.2a/b/c)
    opponent: int | None = None


class Rounds(NamedTuple):
    """A player's rounds for the norm."""

    games: tuple[Opponent, ...]  # counted, in round order
    entries: tuple[Entry, ...]  # every round considered
    forfeit_opponents: tuple[Opponent, ...]  # forfeit wins, as if played and lost (1.4.2c, last round)

    def uncounted(self) -> list[Entry]:
        return [e for e in self.entries if e.status != "counted"]


def player_rounds(facts: EventFacts, player: Player) -> Rounds:
    """Sort the player's rounds (up to ``facts.rounds``) into counted games and the rest."""
    current, historic = federations()
    known = current | historic  # 1.4.2a: FIDE federations, former codes too
    games: list[Opponent] = []
    entries: list[Entry] = []
    forfeits: list[Opponent] = []
    for g in player.games[:facts.rounds]:
        opp = facts.by_rank.get(g.opponent) if g.opponent is not None else None
        r = g.round
        if g.kind in HALVES and opp is not None:
            fed = facts.federation(opp)
            counted = Opponent(r, opp.start_rank, opp.name, facts.titles[opp.start_rank], fed, opp.rating or None,
                               opp.fide_id, HALVES[g.kind])
            if g.code not in "1=0":
                entries.append(Entry(r, "excluded", f"game against {opp.start_rank} lasted less than one move "
                                     f"(TRF {g.code}): not played over the board", "1.4.2c", opp.start_rank))
            elif fed not in known:
                why = "no federation given" if not fed else f"{fed} is not a FIDE federation"
                entries.append(Entry(r, "excluded", f"opponent {opp.start_rank}: {why}", "1.4.2a", opp.start_rank))
            elif opp.start_rank in facts.rated_zero:
                entries.append(Entry(r, "excluded", f"opponent {opp.start_rank} is unrated and scored 0 against "
                                     "rated opponents in a round robin", "1.4.2b", opp.start_rank))
            else:
                games.append(counted)
                entries.append(Entry(r, "counted", f"{'won' if counted.won else 'drew' if counted.halves else 'lost'}"
                                     f" against {opp.start_rank}", opponent=opp.start_rank))
        elif g.kind == Kind.FORFEIT_WIN:
            entries.append(Entry(r, "forfeit-win", "forfeit win: not played over the board", "1.4.2c", g.opponent))
            if opp is not None:
                forfeits.append(Opponent(r, opp.start_rank, opp.name, facts.titles[opp.start_rank], facts.federation(opp),
                                         opp.rating or None, opp.fide_id, 0))
        elif g.kind == Kind.FORFEIT_LOSS:
            entries.append(Entry(r, "excluded", "forfeit loss: not played over the board", "1.4.2c", g.opponent))
        elif g.kind == Kind.PAB:
            entries.append(Entry(r, "pab", "pairing-allocated bye: no game", "1.4.2c"))
        elif g.kind in Kind.BYES:
            entries.append(Entry(r, "bye", f"requested bye ({g.code}): no game", "1.4.2c"))
        elif g.kind == Kind.NOT_SCHEDULED:
            entries.append(Entry(r, "none", "not scheduled (round robin)"))
        else:
            entries.append(Entry(r, "none", "no game (absent or result unknown)"))
    return Rounds(tuple(games), tuple(entries), tuple(forfeits))
