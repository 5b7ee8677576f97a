"""What a pairing verification says: per round, the same pairing, a different one, or no verdict."""
from __future__ import annotations

from dataclasses import dataclass, field


class Status:
    """The verdict on one round (string constants, JSON-friendly)."""

    SAME = "same"  # the checker makes exactly the pairing played (opponents, colours, PAB)
    DIFFERS = "differs"  # some board differs
    NO_LEGAL_PAIRING = "no legal pairing"  # the checker finds none (C.04.3 art. 1.9.3: the arbiter decides)
    NOT_CHECKABLE = "not checkable"  # the file lacks what the rules need (said why), or the checker refused it


#: The differing boards a summary lists (the rest are counted): a round paired by other numbers differs on every board.
SHOWN = 8

#: A pair as the checkers write it: (white, black) start ranks (team numbers in the team system);
#: black 0 is the pairing-allocated bye.
Pair = tuple[int, int]


@dataclass(frozen=True)
class Board:
    """One difference: the pair played (None: the player was not paired so) and the checker's."""

    board: int | None  # the board (the match, for teams) of the played pair in the file's round (1-based)
    played: Pair | None
    rules: Pair | None
    colours_only: bool = False  # the same two players, colours reversed


def pair_text(pair: Pair | None) -> str:
    if pair is None:
        return "-"
    white, black = pair
    return f"{white} bye" if black == 0 else f"{white}-{black}"


@dataclass
class RoundVerdict:
    """The verdict on round ``round``."""

    round: int
    status: str
    boards: list[Board] = field(default_factory=list)
    reason: str = ""  # the checker's reason for its pairing, when it gives one; why not checkable
    teams: bool = False  # the pairs are of teams (the FIDE team system): matches, not boards

    def summary(self) -> str:
        """One line: the boards (matches) that differ, played against the checker's, and the reason."""
        if self.status != Status.DIFFERS:
            return self.reason or self.status
        parts = []
        unit, who = ("match", "teams ") if self.teams else ("board", "")
        for b in self.boards[:SHOWN]:
            where = f"{unit} {b.board}: " if b.board else ""
            what = "colours reversed, " if b.colours_only else ""
            parts.append(f"{where}{what}played {who}{pair_text(b.played)}, rules {who}{pair_text(b.rules)}")
        if len(self.boards) > SHOWN:
            parts.append(f"{len(self.boards) - SHOWN} more")
        text = "; ".join(parts)
        return f"{text} ({self.reason})" if self.reason else text

    def players(self) -> list[int]:
        """Every start rank (team number, for teams) in the differing boards, in order of first mention."""
        return list(dict.fromkeys(rank for b in self.boards for pair in (b.played, b.rules) for rank in pair or ()
                                  if rank))


@dataclass
class Report:
    """A whole verification: what it was judged by, and a verdict per round."""

    system: str  # "dutch" (C.04.3), "berger" (C.05 Annex 1), "fideteam" (C.04.6); "" when none applies
    system_source: str  # why that system: "192 FIDE_DUTCH", "every pair met once: a round robin" ...
    edition: str  # the rules edition the checker applies (its own label, e.g. "2026-02-01")
    checker: str  # "gacrux 1.11.65"
    binding: bool  # whether the event was held under that edition (else a difference is only a warning)
    caution: str = ""  # why not binding, or what the verdicts rest on (an inferred initial colour ...)
    refused: str = ""  # the whole file cannot be judged: why
    rounds: list[RoundVerdict] = field(default_factory=list)

    @property
    def judged_by(self) -> str:
        name = {"dutch": "FIDE Dutch system (C.04.3)", "berger": "Berger tables (C.05 Annex 1)",
                "fideteam": "FIDE team system (C.04.6)"}.get(self.system, "")
        return f"{name}, rules of {self.edition}, {self.checker}" if name else self.checker

    def differing(self) -> list[RoundVerdict]:
        return [v for v in self.rounds if v.status == Status.DIFFERS]
