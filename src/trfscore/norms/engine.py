"""The norm engine: for every player and every norm the player could gain, the verdict under
B.01 with every condition judged (:mod:`.conditions`), the games not included (:mod:`.games`),
the games ignored to make a norm (1.4.1e/f), the norm's length (1.4.1c/d, 1.7) and, for an
unfinished event, what the remaining rounds need (:mod:`.forecast`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..model import Player, Tournament
from ..ratings.numbers import round_ratio
from ..ratings.tables import fide_dp_hundredths
from .conditions import CONDITIONS, MIX, Case, Condition, Performance, meets_35, percent, performance, required_halves
from .editions import NORM_TYPES, NormType
from .event import FID, EventFacts, Options, event_facts, is_woman
from .games import Opponent, Rounds, player_rounds

__all__ = ["NormResult", "PlayerNorms", "Norms", "tournament_norms", "SEARCH_LIMIT"]

#: the most subsets of games tried per player and norm under 1.4.1e/f (the search says when it stops)
SEARCH_LIMIT = 3000


@dataclass
class NormResult:
    """One player's verdict for one norm.  The conditions are judged when first asked for: a
    verdict that fails on the performance (1.4.8, 1.4.8a/b), the usual case, is known from the
    numbers alone."""

    norm: NormType
    status: str  # achieved, not achieved, title held
    case: Case | None = None  # the games judged (None: the title is held)
    games: tuple[Opponent, ...] = ()  # the games the verdict counts
    ignored: list[tuple[Opponent, str, str]] = field(default_factory=list)  # (game, article, why) 1.4.1e/f
    perf: Performance | None = None
    required: int | None = None  # half-points: the least score giving the norm with this Ra (1.4.1d)
    extra: int = 0  # 1.4.1d: whole points above the required score
    length: int | None = None  # the games the norm counts for
    exemption: str = ""
    notes: list[str] = field(default_factory=list)
    forecast: Any = None  # a forecast.Forecast for an unfinished event
    _conditions: list[Condition] | None = field(default=None, repr=False)

    @property
    def conditions(self) -> list[Condition]:
        """Every condition with its article and numbers, in the order a report leads with."""
        if self._conditions is None:
            self._conditions = [] if self.case is None else _judge(self.case, self.perf)
        return self._conditions

    @property
    def achieved(self) -> bool:
        return self.status == "achieved"

    @property
    def first_failure(self) -> Condition | None:
        return next((c for c in self.conditions if not c.passed), None)


@dataclass
class PlayerNorms:
    """A player's norms (one :class:`NormResult` per norm type the player could gain)."""

    player: Player
    federation: str
    title: str
    rounds: Rounds
    results: list[NormResult]
    notes: list[str] = field(default_factory=list)

    @property
    def achieved(self) -> list[NormResult]:
        return [r for r in self.results if r.achieved]

    def result(self, code: str) -> NormResult | None:
        return next((r for r in self.results if r.norm.code == code.upper()), None)


@dataclass
class Norms:
    """The norms of a whole event: ``Tournament.norms()`` and ``trfscore norms``."""

    facts: EventFacts
    players: list[PlayerNorms]

    @property
    def assumptions(self) -> list[str]:
        return self.facts.assumptions

    def player(self, start_rank: int) -> PlayerNorms | None:
        return next((p for p in self.players if p.player.start_rank == start_rank), None)

    def achieved(self) -> list[tuple[PlayerNorms, NormResult]]:
        return [(p, r) for p in self.players for r in p.achieved]

    def to_dict(self) -> dict[str, Any]:
        from .explain import norms_document

        return norms_document(self)


def tournament_norms(t: Tournament, options: Options | None = None) -> Norms:
    """The norms of every player of ``t``; ValueError for a bad option."""
    facts = event_facts(t, options or Options())
    return Norms(facts, [player_norms(facts, p) for p in t.players])


def player_norms(facts: EventFacts, player: Player) -> PlayerNorms:
    rounds = player_rounds(facts, player)
    title = facts.titles[player.start_rank]
    woman = is_woman(player)
    notes = ["sex not given (001 column 10): WGM and WIM norms not judged"] if woman is None else []
    case = _case(facts, player, rounds)
    results = [NormResult(norm, "title held", notes=[f"already holds {title}: no {norm.code} norm needed"])
               if title in norm.held_by else judge(facts, case._replace(norm=norm), rounds)
               for norm in NORM_TYPES if woman or not norm.women]
    return PlayerNorms(player, facts.federation(player), title, rounds, results, notes)


def judge(facts: EventFacts, base: Case, rounds: Rounds) -> NormResult:
    """The verdict on a player's games for one norm (``base.norm``): the whole event, else the
    subsets 1.4.1e/f allow, else the last-round forfeit of 1.4.2c counted as a loss."""
    result = _result(base, base.norm)
    if not result.achieved:
        result = _search(facts, base, rounds) or _last_round_forfeit(facts, base, rounds) or result
    _length(facts, result, base)
    if facts.unfinished:
        from .forecast import MAX_REMAINING, forecast

        result.notes.append(f"the event is not finished (round {facts.rounds} of {facts.scheduled}): a verdict so far")
        if facts.scheduled - facts.rounds <= MAX_REMAINING:
            result.forecast = forecast(facts, base, rounds)
        else:
            result.notes.append(f"no forecast: more than {MAX_REMAINING} rounds to play")
    return result


def _case(facts: EventFacts, player: Player, rounds: Rounds) -> Case:
    """The player's counted games as a case (for the first norm type; the others replace it)."""
    games = rounds.games
    event_type = facts.options.event_type
    # 1.4.1a; 1.4.1b: 7 games of a team championship of 7-9 rounds, 8 of the World Cup
    if event_type == "team-championship" and 7 <= facts.scheduled <= 9:
        min_games = 7
    else:
        min_games = 8 if event_type == "world-cup" else 9
    uncounted = rounds.uncounted()
    rule_141c = (facts.scheduled == 9 and facts.rounds == 9 and len(games) == 8
                 and min_games == 9 and len(uncounted) == 1 and uncounted[0].status in ("forfeit-win", "pab"))
    return Case(NORM_TYPES[0], facts.edition, facts.federation(player), games, min_games, rule_141c,
                _exemption(facts, player), facts.system == "double-round-robin", len(facts.tournament.players))


def _exemption(facts: EventFacts, player: Player) -> str:
    """The article waiving 1.4.3 and 1.4.4 for this player, or ""."""
    kind = facts.options.event_type
    if kind in ("national-championship", "national-team-championship") and facts.federation(player) == facts.registering:
        return "1.4.3a" if kind == "national-championship" else "1.4.3b"
    if kind == "zonal":
        return "1.4.3c"
    if facts.swiss_143d is not None and facts.swiss_143d.met:
        return "1.4.3d"
    return ""


def _judge(case: Case, perf: Performance | None) -> list[Condition]:
    if perf is None:
        return [Condition("games", case.edition.article("1.4.1a"), False, "no game counted",
                          {"games": 0, "needed": case.min_games})]
    return [check(case, perf) for check in CONDITIONS]


def _result(case: Case, norm: NormType) -> NormResult:
    """The verdict on ``case``: not achieved when the performance fails, else when any condition does."""
    perf = performance(case) if case.games else None
    result = NormResult(norm, "not achieved", case, case.games, perf=perf, exemption=case.exemption)
    if perf is not None and _performs(case, perf) and all(c.passed for c in result.conditions):
        result.status = "achieved"
    return result


def _search(facts: EventFacts, base: Case, rounds: Rounds) -> NormResult | None:
    """1.4.1e/f: ignore the games after the norm was reached (Swiss: the last rounds) and games
    against defeated opponents, keeping at least the minimum number of games; the subset keeping
    the most games wins.  In a round robin only defeated opponents may be ignored, and the
    opponent mix must also hold over the whole event."""
    games = base.games
    n = len(games)
    if n <= base.min_games or not _may_succeed(base, facts.system == "swiss"):
        return None
    swiss = facts.system == "swiss"
    whole: Condition | None = None
    if not swiss:  # a round robin: the opponent mix must hold over all its games (1.4.1f)
        mix = [check(base, performance(base)) for check in MIX]
        whole = Condition("complete_mix", base.edition.article("1.4.1f"), all(c.passed for c in mix),
                          "a round robin: the opponent mix over all its games: " + "; ".join(c.text for c in mix))
        if not whole.passed:
            return None
    tried = 0
    for k in range(1, n - base.min_games + 1):
        for cut in (range(k, -1, -1) if swiss else (0,)):
            kept = games[:n - cut]
            wins = sorted((o for o in kept if o.won), key=lambda o: (o.rating or 0, o.round))
            for dropped in combinations(wins, k - cut):
                tried += 1
                if tried > SEARCH_LIMIT:
                    return None
                gone = set(map(id, dropped))
                subset = tuple(o for o in kept if id(o) not in gone)
                case = base._replace(games=subset, rule_141c=False)
                perf = performance(case)
                if not _performs(case, perf):  # the usual failure, found without judging the rest
                    continue
                conditions = _judge(case, perf)
                if not all(c.passed for c in conditions):
                    continue
                if whole is not None:
                    conditions.append(whole)
                ignored = [(o, "1.4.1e", "played after the norm was reached") for o in games[n - cut:]]
                ignored += [(o, "1.4.1f", "a defeated opponent") for o in dropped]
                return NormResult(base.norm, "achieved", case, subset, sorted(ignored, key=lambda x: x[0].round),
                                  perf, exemption=base.exemption, _conditions=conditions,
                                  notes=[f"{len(ignored)} game(s) ignored ({'1.4.1e and f' if swiss else '1.4.1f'}): "
                                         "the complete crosstable is still submitted"])
    return None


def _performs(case: Case, perf: Performance) -> bool:
    """1.4.8, 1.4.8a and 1.4.8b on their own (``perf``: :func:`.conditions.performance`)."""
    return perf.rp >= case.norm.min_rp and perf.ra >= case.norm.min_ra and meets_35(perf.halves, case.n)


def _may_succeed(case: Case, swiss: bool) -> bool:
    """Whether any subset could give the norm: ignoring games never adds titled opponents or
    federations, and 1.4.5b-e needs 3 at least, 1.4.3 two foreign federations."""
    level = sum(o.title in case.norm.level for o in case.games)
    if level < (2 if case.double_round_robin else 3):
        return False
    if not case.exemption:
        feds = {o.federation for o in case.games} - {case.applicant_federation, FID}
        if len(feds) < 2:
            return False
    # 1.4.8a and 1.4.8 for each number m of games kept: no m games rate higher after 1.4.6 than
    # the m best opponents with the lowest of them raised to the floor, and the score is at most
    # _best_score; dp grows with the score, so a subset's Rp is at most that Ra plus that dp
    ratings = sorted((o.rating or case.edition.unrated for o in case.games), reverse=True)
    for m in range(case.min_games, case.n):
        best = sum(ratings[:m - 1]) + max(ratings[m - 1], case.norm.floor)
        ra = round_ratio(best, m)  # 1.4.7
        if ra >= case.norm.min_ra and ra + fide_dp_hundredths(percent(_best_score(case, m, swiss), m)) >= case.norm.min_rp:
            return True
    return False


def _best_score(case: Case, m: int, swiss: bool) -> int:
    """The most half-points any subset of m games allowed by 1.4.1e/f keeps: k = n - m games go,
    the last c rounds (Swiss only) and k - c wins among the others."""
    games, k = case.games, case.n - m
    best = -1
    for c in range(k + 1 if swiss else 1):
        kept = games[:len(games) - c]
        if sum(o.halves == 2 for o in kept) >= k - c:
            best = max(best, sum(o.halves for o in kept) - 2 * (k - c))
    return max(best, 0)


def _last_round_forfeit(facts: EventFacts, base: Case, rounds: Rounds) -> NormResult | None:
    """1.4.2c: the last-round opponent did not appear and the player needed that game for the
    minimum number: the norm stands if it also holds with that game counted as a loss."""
    if facts.rounds != facts.scheduled or base.n != base.min_games - 1 or base.rule_141c:
        return None
    last = rounds.entries[-1] if rounds.entries else None
    forfeit = next((o for o in rounds.forfeit_opponents if last and o.round == last.round), None)
    if last is None or last.status != "forfeit-win" or forfeit is None:
        return None
    case = base._replace(games=(*base.games, forfeit), rule_141c=False)
    result = _result(case, base.norm)
    if not result.achieved:
        return None
    result.notes.append(f"{facts.edition.article('1.4.2c')}: the last-round opponent ({forfeit.start_rank}) did not "
                        "appear; the norm holds with that game counted as a loss")
    return result


def _length(facts: EventFacts, result: NormResult, base: Case) -> None:
    """1.4.1c/d and 1.7: how many games the norm counts for."""
    perf = result.perf
    if perf is None:
        return
    n = len(result.games)
    result.required = required_halves(perf.ra, n, result.norm)
    if not result.achieved or result.required is None:
        return
    result.extra = (perf.halves - result.required) // 2
    nine = base.rule_141c and len(result.games) == 8 or (facts.options.event_type == "world-cup" and n == 8)
    if nine:
        result.notes.append(f"{facts.edition.article('1.4.1c' if base.rule_141c else '1.4.1b')}: 8 games counting as 9"
                            + ("; only one such norm counts in a title application" if base.rule_141c else ""))
    length = (9 if nine else n) + result.extra
    if facts.scheduled > 13:
        length = min(length, 13)
        result.notes.append(f"1.7: an event of {facts.scheduled} rounds: the norm counts 13 games at most")
    result.length = length
