"""``trfscore explain FILE --player N --tiebreak CODE``: how one tie-break value is made.

The value is the one ``trfscore report`` shows: the standings are computed with the report's
tie-break list (``--tiebreaks``, else the same default), which matters for the group
tie-breaks (DE is applied only to the players still tied by the tie-breaks before it).  A code
the list does not hold is explained as if it were appended to the list."""
from __future__ import annotations

import json
from argparse import Namespace
from functools import partial
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..safetext import escape_json_text, neutralise_lines
from .common import Subparsers, add_input_options, load_input
from .report import RULES, check_options, parse_tiebreaks, standing_options

if TYPE_CHECKING:
    from ..model import Tournament
    from ..standings import BaseStandings


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser("explain", help="show how a tie-break value is computed, term by term")
    p.add_argument("input", help="tournament file")
    p.add_argument("--player", "-p", type=int, required=True, help="start rank of the player")
    p.add_argument("--tiebreak", "-t", required=True, help="FIDE C.07 code, e.g. SB or BH-C1")
    p.add_argument("--tiebreaks", metavar="LIST", help="the report's tie-break list the value belongs to "
                   "(default: the report's default)")
    p.add_argument("--rules", choices=RULES, default="auto", help="tie-break rules edition")
    p.add_argument("--system", choices=("auto", "swiss", "round-robin"), default="auto")
    p.add_argument("--unrated", type=int, metavar="RATING", help="rating assumed for unrated players")
    p.add_argument("--after-round", type=int, metavar="N", help="as after round N")
    p.add_argument("--teams", action="store_true", help="explain a team tie-break of a team event; --player "
                   "gives the team number")
    p.add_argument("--primary", choices=("auto", "MP", "GP"), default="auto",
                   help="with --teams: rank by match points or game points first")
    p.add_argument("--format", "-f", choices=("text", "json"), default="text")
    add_input_options(p)
    p.set_defaults(run=run)


def run(args: Namespace) -> int:
    t = load_input(args.input, args)
    check_options(t, args)
    standings, code = (_team_standings if args.teams else _player_standings)(t, args)
    try:  # players and teams alike (standings.BaseStandings)
        explanation = standings.explain(args.player, code)
    except KeyError:
        raise UsageError(f"no team {args.player}" if args.teams else f"no player with start rank {args.player}") from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        print(escape_json_text(json.dumps(explanation.to_dict(), ensure_ascii=False, indent=1)))
    else:
        print(neutralise_lines(str(explanation)))
    return 0


def _player_standings(t: Tournament, args: Namespace) -> tuple[BaseStandings, str]:
    """The report's standings of players, with the code appended to the list when not in it."""
    codes = parse_tiebreaks(args.tiebreak) or []
    if len(codes) != 1:
        raise UsageError("give exactly one tie-break code")
    if t.player(args.player) is None:
        raise UsageError(f"no player with start rank {args.player}")
    options = standing_options(args)
    from ..standings import compute_standings

    rank = partial(compute_standings, t, rules=args.rules, **options)
    standings = rank(tiebreaks=parse_tiebreaks(args.tiebreaks))
    if codes[0] not in standings.tiebreaks:
        standings = rank(tiebreaks=[*standings.tiebreaks, codes[0]])
    return standings, codes[0]


def _team_standings(t: Tournament, args: Namespace) -> tuple[BaseStandings, str]:
    """``--teams``: the standings ``report --teams`` shows with the same list (a code not in the
    list is added at its end)."""
    from ..teams import is_team_event
    from ..teams.codes import parse_team_tiebreak
    from ..teams.standings import team_standings

    if not is_team_event(t):
        raise UsageError(f"{args.input}: no team records (013/310): --teams needs a team event")
    options = standing_options(args)
    try:
        code = parse_team_tiebreak(args.tiebreak).code
        rank = partial(team_standings, t, rules=args.rules, primary=args.primary, rounds=options.get("rounds"),
                       system=options["system"])
        standings = rank(tiebreaks=args.tiebreaks or None)
        if code not in standings.tiebreaks:
            standings = rank(tiebreaks=[*standings.tiebreaks, code])
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return standings, code
