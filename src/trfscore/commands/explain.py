"""``trfscore explain FILE --player N --tiebreak CODE``: how one tie-break value is made."""
from __future__ import annotations

import json

from ..errors import UsageError
from .common import add_input_options, load_input, unreadable
from .report import RULES, parse_tiebreaks, standing_options


def add_parser(sub) -> None:
    p = sub.add_parser("explain", help="show how a tie-break value is computed, term by term")
    p.add_argument("input", help="tournament file")
    p.add_argument("--player", "-p", type=int, required=True, help="start rank of the player")
    p.add_argument("--tiebreak", "-t", required=True, help="FIDE C.07 code, e.g. SB or BH-C1")
    p.add_argument("--rules", choices=RULES, default="auto", help="tie-break rules edition")
    p.add_argument("--system", choices=("auto", "swiss", "round-robin"), default="auto")
    p.add_argument("--unrated", type=int, metavar="RATING", help="rating assumed for unrated players")
    p.add_argument("--after-round", type=int, metavar="N", help="as after round N")
    p.add_argument("--format", "-f", choices=("text", "json"), default="text")
    add_input_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    t = load_input(args.input, args)
    unreadable(t, args.input)
    codes = parse_tiebreaks(args.tiebreak) or []
    if len(codes) != 1:
        raise UsageError("give exactly one tie-break code")
    if t.player(args.player) is None:
        raise UsageError(f"no player with start rank {args.player}")
    standings = t.standings(tiebreaks=codes, rules=args.rules, **standing_options(args))
    explanation = standings.explain(args.player, codes[0])
    if args.format == "json":
        print(json.dumps(explanation.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(str(explanation))
    return 0
