"""Small events built for the norm tests: an applicant (start rank 1) and one opponent per
round, written as TRF16 and read back, so the tests go through the reader as users do."""
from __future__ import annotations

from dataclasses import dataclass

import trfscore
from trfscore.model import Game, Header, Kind, Player
from trfscore.testing.generate import to_trf
from trfscore.tournament import Tournament

RESULT = {"1": (Kind.WIN, Kind.LOSS), "½": (Kind.DRAW, Kind.DRAW), "=": (Kind.DRAW, Kind.DRAW),
          "0": (Kind.LOSS, Kind.WIN), "+": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
          "-": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)}
CODE = {Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-"}


@dataclass
class Opp:
    """One round's opponent: title, federation, rating (None: unrated) and the applicant's result
    (``1 ½ 0 + -``; ``U`` a PAB, ``H`` a half-point bye: no opponent)."""

    title: str
    fed: str
    rating: int | None
    result: str
    sex: str = "m"


def event(applicant: tuple[str, str, int, str], rounds: list[Opp], *, start: str = "2024/03/09", host: str = "ESP",
          kind: str = "Individual: Swiss-System", scheduled: int | None = None, extra_header: str = "") -> str:
    """The TRF text: ``applicant`` = (title, federation, rating, sex).  A round in which the
    applicant has no opponent gets a game between two more players, as a real round would."""
    title, fed, rating, sex = applicant
    players = [Player(1, "Applicant, A", sex, title, rating, fed, "1000001")]
    cells: list[Game] = []
    for r, o in enumerate(rounds, 1):
        if o.result in ("U", "H"):
            cells.append(Game(r, None, None, o.result, Kind.PAB if o.result == "U" else Kind.HALF_BYE))
            a, b = len(players) + 1, len(players) + 2
            for me, other, colour, kind in ((a, b, "w", Kind.WIN), (b, a, "b", Kind.LOSS)):
                filler = Player(me, f"Other{me:02d}, C", "m", "", 2000, "SRB", str(3000000 + me))
                filler.games = [Game.absent(k) for k in range(1, r)] + [Game(r, other, colour, CODE[kind], kind)]
                players.append(filler)
            continue
        mine, theirs = RESULT[o.result]
        sno = len(players) + 1
        opp = Player(sno, f"Opponent{sno:02d}, B", o.sex, o.title, o.rating, o.fed, str(2000000 + sno))
        opp.games = [Game.absent(k) for k in range(1, r)] + [Game(r, 1, "b", CODE[theirs], theirs)]
        players.append(opp)
        cells.append(Game(r, sno, "w", CODE[mine], mine))
    players[0].games = cells
    n = scheduled or len(rounds)
    for p in players:
        p.pad(n)
    t = Tournament(header=Header(name="Norm test", city="Somewhere", federation=host, start_date=start,
                                 chief_arbiter="Arbiter, Chief", rounds_declared=n), players=players, rounds=n)
    text = to_trf(t).replace("092 Individual: Swiss-System", f"092 {kind}")
    return text + extra_header


def load(text: str) -> trfscore.Tournament:
    return trfscore.loads(text.encode(), "trf")
