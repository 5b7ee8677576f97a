"""What an unfinished event still needs for a norm: for each score in the remaining rounds, the
least average rating of the remaining opponents that gives the norm, the least score at the
average so far, and the titled opponents and federations still needed (B.01 1.4.3-1.4.8)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..ratings.numbers import round_ratio
from ..ratings.tables import fide_dp_hundredths
from .conditions import (
    Case,
    adjusted_ratings,
    ceil_div,
    json_score,
    level_names,
    level_needed,
    meets_35,
    own_federation_max,
    percent,
    points,
    titled_needed,
)
from .editions import TITLED
from .event import FID, EventFacts
from .games import Rounds

__all__ = ["Forecast", "forecast", "MAX_REMAINING"]

#: the most remaining rounds forecast (a file may claim any number of rounds; no event has more)
MAX_REMAINING = 50


@dataclass
class Forecast:
    """The remaining rounds' needs for one norm, assuming a game in each of them."""

    remaining: int
    games: int  # at the end: the games counted so far plus the remaining rounds
    scored: int  # half-points so far
    average: int | None  # Ra of the games so far (after 1.4.6), None without games
    at_average: int | None  # the least score (half-points) in the remaining rounds at that average; None: none
    averages: list[tuple[int, int | None]] = field(default_factory=list)  # (half-points to come, least average)
    needs: list[str] = field(default_factory=list)  # titled opponents, federations still needed

    def to_dict(self) -> dict[str, Any]:
        return {"remaining_rounds": self.remaining, "games_at_end": self.games, "score_so_far": json_score(self.scored),
                "average_so_far": self.average,
                "score_needed_at_that_average": None if self.at_average is None else json_score(self.at_average),
                "least_average_by_score": [{"score": json_score(h), "average": a} for h, a in self.averages],
                "needs": self.needs}

    def lines(self) -> list[str]:
        out = [f"{self.remaining} round(s) to play: {self.games} games at the end, {points(self.scored)} scored so far"]
        if self.at_average is not None and self.average is not None:
            out.append(f"against opponents averaging {self.average} (the average so far): at least "
                       f"{points(self.at_average)} in the remaining rounds")
        elif self.average is not None:
            out.append(f"against opponents averaging {self.average} (the average so far): not reachable")
        out += [f"scoring {points(h)} of {self.remaining}: the remaining opponents must average {avg} or more"
                for h, avg in self.averages if avg is not None]
        out += self.needs
        return out


def forecast(facts: EventFacts, case: Case, rounds: Rounds) -> Forecast:
    """The needs of the remaining rounds (the rounds after ``facts.rounds``) for ``case``'s norm."""
    r = facts.scheduled - facts.rounds
    n = case.n
    total_games = n + r
    ratings, _ = adjusted_ratings(case)
    current = sum(ratings)
    halves = sum(o.halves for o in case.games)
    average = round_ratio(current, n) if n else None  # 1.4.7
    if total_games < case.min_games - 1:  # not even 8 games and a forfeit win or PAB (1.4.1c)
        return Forecast(r, total_games, halves, average, None, [], [
            f"{case.edition.article('1.4.1a')}: at most {total_games} game(s) counted at the end, {case.min_games} "
            "needed: no norm in this event"])
    norm = case.norm
    averages: list[tuple[int, int | None]] = []
    for future in range(2 * r + 1):
        total = halves + future
        if not meets_35(total, total_games):
            averages.append((future, None))
            continue
        need_ra = max(norm.min_ra, norm.min_rp - fide_dp_hundredths(percent(total, total_games)))
        # Ra rounds .5 upwards: round(T/N) >= need_ra <=> 2T >= N(2 need_ra - 1)
        need_total = ceil_div(total_games * (2 * need_ra - 1), 2)
        averages.append((future, max(0, ceil_div(need_total - current, r)) if r else None))
    at_average = None
    if average is not None:
        at_average = next((h for h, avg in averages if avg is not None and avg <= average), None)
    needs = []
    level = sum(o.title in norm.level for o in case.games)
    level_need = level_needed(total_games)
    if level < level_need:
        needs.append(f"{norm.article}: {level_need - level} more {level_names(norm)} opponent(s) ({level_need} of "
                     f"{total_games})")
    titled = sum(o.title in TITLED for o in case.games)
    if titled < titled_needed(total_games):
        needs.append(f"1.4.5a: {titled_needed(total_games) - titled} more titled opponent(s)")
    if not case.exemption:
        feds = {o.federation for o in case.games} - {case.applicant_federation, FID}
        if len(feds) < 2:
            needs.append(f"1.4.3: opponents from {2 - len(feds)} more federation(s) other than the applicant's")
        own = sum(o.federation == case.applicant_federation for o in case.games)
        room = own_federation_max(total_games) - own
        needs.append(f"1.4.4: at most {max(room, 0)} more opponent(s) from {case.applicant_federation or 'the own federation'}")
    needs.append("(averages assume no remaining opponent rated below the lowest so far: 1.4.6c raises one only)")
    return Forecast(r, total_games, halves, average, at_average, averages, needs)
