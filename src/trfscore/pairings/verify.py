"""Every paired round of a tournament against the pairing the checker makes (:func:`verify_pairings`)."""
from __future__ import annotations

from collections.abc import Callable

from ..event_reading import reading
from ..model import Kind, Tournament
from ..teams.build import pick_teams
from .engine import CHECKER, CheckerMissing, Judged, Session, checker_version
from .feed import feed
from .system import System, system_of
from .verdicts import Board, Pair, Report, RoundVerdict, Status

#: The largest field the checker is run on: it holds every possible pair of players as a graph
#: edge with its quality (the whole process peaked at 141 MB for 300 players; the graph four times that at 600).
MAX_PLAYERS = 600
#: Called with (round, rounds) before each round is judged: progress on long runs.
Progress = Callable[[int, int], None]


def verify_pairings(t: Tournament, *, progress: Progress | None = None) -> Report:
    """The verdict on every paired round of ``t``; raises :class:`CheckerMissing` without the checker."""
    version = checker_version()
    if version is None:
        raise CheckerMissing()
    system = system_of(t)
    report = Report(system.name, system.source, "", f"{CHECKER} {version}", binding=True)
    if not system.name:
        report.refused = system.source
        return report
    field, competitors = (len(pick_teams(t, lambda _: None)), "teams") if system.teams else (len(t.players), "players")
    if field > MAX_PLAYERS:  # the checker's graph holds the competitors paired: teams in the team system
        report.refused = (f"{field} {competitors}: the checker is not run on more than {MAX_PLAYERS} (its memory "
                          "grows with the square of the field)")
        return report
    fed = feed(t, system)
    report.caution = fed.caution
    if fed.refused:
        report.refused = fed.refused
        return report
    paired = _paired_rounds(t)
    session = Session(fed.text, fed.initial_colour, system.document)
    if session.error:
        report.refused = f"the checker refused the file as trfscore gives it: {session.error}"
        return report
    for i, r in enumerate(paired, start=1):
        if progress is not None:
            progress(i, len(paired))
        if r in fed.unjudged:
            report.rounds.append(RoundVerdict(r, Status.NOT_CHECKABLE, reason=fed.unjudged[r]))
            continue
        judged = session.judge(r)
        if system.name == "berger":
            _sitting_out(judged)
        report.rounds.append(_verdict(judged, system))
    report.edition = session.rules
    report.binding, edition_note = _binding(t, system, session.rules)
    report.caution = "; ".join(note for note in (edition_note, report.caution) if note)
    return report


def _paired_rounds(t: Tournament) -> list[int]:
    """The rounds in which somebody was paired: a game (forfeits included) or a pairing-allocated
    bye; not a round that holds only the byes a pairing program marks before pairing it."""
    event = reading(t)
    rounds = event.rounds
    premarked = {pending.number for pending in event.pending if not pending.waiting and not pending.results}
    paired = {g.round for p in t.players for g in p.games
              if g.round <= rounds and (g.opponent is not None or g.kind == Kind.PAB)}
    return sorted(paired - premarked)


def _sitting_out(judged: Judged) -> None:
    """In a round robin of an odd number, the Berger tables' bye is the player who sits the round
    out: a file may write that as a ``U``, an empty cell or any bye, so the checker's bye
    agrees with a player the file does not pair in that round."""
    paired = {rank for pair in judged.played for rank in pair}
    judged.rules = [pair for pair in judged.rules if pair[1] != 0 or pair[0] in paired]
    if judged.complete and judged.rules == judged.played:
        judged.reason = ""


def _verdict(judged: Judged, system: System) -> RoundVerdict:
    r = judged.round
    if judged.error:
        return RoundVerdict(r, Status.NOT_CHECKABLE, reason=f"the checker failed on this round: {judged.error}")
    if not judged.complete:
        return RoundVerdict(r, Status.NO_LEGAL_PAIRING, boards=_boards(judged.played, []),
                            reason=judged.reason or "the checker finds no legal pairing for this round",
                            teams=system.teams)
    if judged.rules == judged.played:
        return RoundVerdict(r, Status.SAME)
    boards = _boards(judged.played, judged.rules)
    reasons = [judged.reason] if judged.reason else []
    for b in boards:
        if b.colours_only and b.rules in judged.colour_rules:
            who = "team " if system.teams else ""
            reasons.append(f"{who}{b.rules[0]} has White by {system.document} {judged.colour_rules[b.rules]}")
    return RoundVerdict(r, Status.DIFFERS, boards, "; ".join(reasons), teams=system.teams)


def _boards(played: list[Pair], rules: list[Pair]) -> list[Board]:
    """The differences: each played pair the checker does not make, beside the checker's pair of
    its white player (of its black player when that one is shown already); then the checker's
    pairs that no played pair names."""
    made = set(rules)
    by_player: dict[int, Pair] = {}
    for pair in rules:
        for rank in pair:
            if rank:
                by_player.setdefault(rank, pair)
    out: list[Board] = []
    named: set[Pair] = set()
    for board, pair in enumerate(played, start=1):
        if pair in made:
            continue
        candidates = [by_player[rank] for rank in pair if rank in by_player]
        theirs = next((c for c in candidates if c not in named), candidates[0] if candidates else None)
        if theirs is not None:
            named.add(theirs)
        colours_only = theirs is not None and theirs == (pair[1], pair[0])
        out.append(Board(board, pair, theirs, colours_only))
    played_set = set(played)
    out.extend(Board(None, None, pair) for pair in rules if pair not in played_set and pair not in named)
    return out


def _binding(t: Tournament, system: System, edition: str) -> tuple[bool, str]:
    """Whether the event was held under the rules ``edition`` the checker applies; if not, why
    its differences are only warnings.  The Berger tables have not changed, but a round robin
    recognised without a 192 code may not list its players by their pairing numbers."""
    if system.name == "berger" and not system.declared:
        numbers = "team numbers" if system.teams else "starting ranks"
        return False, ("no 192 code names the round robin: its pairing numbers, drawn by lot (C.05 Annex 1), may not "
                       f"be the {numbers} of the file")
    if system.code == "FIDE_DOUBLEROUNDROBIN":
        return False, ("FIDE_DOUBLEROUNDROBIN is judged with the last two rounds of the first cycle exchanged, as the "
                       "checker reads C.05 Annex 1's advice for double round robins; an event that kept the plain "
                       "tables differs in those two rounds")
    if system.code == "FIDE_TEAM_DOUBLEROUNDROBIN":
        return False, ("FIDE_TEAM_DOUBLEROUNDROBIN is judged by the plain tables, as the checker reads it; an event "
                       "that exchanged the last two rounds of the first cycle (C.05 Annex 1's advice for double "
                       "round robins) differs in those two rounds")
    if system.teams and not system.declared:
        return False, ("no 192 code names the team system: the colour model and the scores of C.04.6 art. 1.2 and "
                       "1.7 are its defaults (type A colours, match points then game points), which the event "
                       "may not have used")
    if system.name not in ("dutch", "fideteam") or not edition:
        return True, ""
    rules = "the FIDE team system" if system.teams else "the Dutch rules"
    if system.edition == "2017":
        return False, (f"192 says the event was paired by the 2017 Dutch rules; the checker applies those of "
                       f"{edition}, and several percent of correctly paired rounds differ between the two")
    if system.edition in ("2025", "2026"):
        return True, ""
    start = t.header.start_date_iso
    if start is None:
        return False, (f"the file gives no start date (042): the event may predate {rules} of {edition} "
                       "the checker applies")
    if start < edition:
        older = ("the team pairing rules in force before it" if system.teams else "the 2017 rules, and several percent of "
                 "correctly paired rounds differ between the two")
        return False, (f"the event started on {start}, before {rules} of {edition} the checker applies: it "
                       f"was probably paired by {older}")
    return True, ""


__all__ = ["verify_pairings", "Progress", "CheckerMissing"]
