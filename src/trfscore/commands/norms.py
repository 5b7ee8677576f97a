"""``trfscore norms FILE``: FIDE title norms (B.01) of every player, each condition with its
article; ``--player N`` explains one player's norms, ``--certificate`` gives the data of the
certificates of title result (IT1) as JSON.  What a TRF does not say comes from options, and the
output repeats every assumption made (docs/norms.md)."""
from __future__ import annotations

import json
from argparse import Namespace

from ..errors import UsageError
from ..safetext import escape_json_text, neutralise_lines
from .common import Subparsers, add_input_options, load_input, output, refuse_overwriting_inputs


def add_parser(sub: Subparsers) -> None:
    from ..norms import EDITIONS, EVENT_TYPES, SYSTEMS

    p = sub.add_parser("norms", help="FIDE title norms (GM, IM, WGM, WIM) of every player, article by article")
    p.add_argument("input", help="tournament file")
    p.add_argument("--rules", choices=("auto", *EDITIONS), default="auto",
                   help="B.01 edition (default: the one in force on the start date)")
    p.add_argument("--event-type", choices=tuple(EVENT_TYPES), default="open",
                   help="what the file cannot say: " + "; ".join(f"{k}: {v}" for k, v in EVENT_TYPES.items()))
    p.add_argument("--system", choices=SYSTEMS, default="auto", help="default: the 092/192 text, else who met whom")
    p.add_argument("--registering-federation", metavar="FED", default="",
                   help="the federation that registered the event (1.4.3a/b; default: 032)")
    p.add_argument("--fid-as", metavar="ID:FED,...", default="",
                   help="count these FID players (FIDE id) under a federation")
    p.add_argument("--after-round", type=int, metavar="N", help="as after round N, with a forecast for the rest")
    p.add_argument("--player", "-p", type=int, metavar="N", help="explain this player's norms condition by condition")
    p.add_argument("--norm", choices=("GM", "IM", "WGM", "WIM"), help="with --player: this norm only")
    p.add_argument("--all", action="store_true", help="list every player, not only those with a norm in reach")
    p.add_argument("--certificate", action="store_true",
                   help="the data of the certificate of title result (IT1) for each norm achieved, as JSON")
    p.add_argument("--format", "-f", choices=("text", "json"), default="text")
    p.add_argument("-o", "--output", help="write to this file instead of standard output")
    add_input_options(p)
    p.set_defaults(run=run)


def parse_fid_as(text: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        fide_id, sep, fed = item.partition(":")
        if not sep or not fide_id.strip().isdigit() or len(fed.strip()) != 3 or not fed.strip().isalpha():
            raise UsageError(f"--fid-as: {item!r} is not FIDE-ID:FED (e.g. 4100018:RUS)")
        pairs.append((fide_id.strip(), fed.strip().upper()))
    return tuple(pairs)


def run(args: Namespace) -> int:
    from ..norms import Options, tournament_norms
    from ..norms.certificate import certificates
    from ..norms.explain import explain_text, norms_document, result_dict, summary_text

    refuse_overwriting_inputs(args)
    t = load_input(args.input, args)
    if args.norm and args.player is None:
        raise UsageError("--norm needs --player")
    if args.after_round is not None and not 1 <= args.after_round <= t.rounds:
        raise UsageError(f"--after-round {args.after_round}: the event has {t.rounds} round(s)")
    options = Options(args.rules, args.event_type, args.system, args.registering_federation, parse_fid_as(args.fid_as),
                      args.after_round)
    try:
        norms = tournament_norms(t, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.player is not None:
        player = norms.player(args.player)
        if player is None:
            raise UsageError(f"no player with start rank {args.player}")
        if args.format == "json":
            doc = {"start_rank": args.player, "assumptions": norms.assumptions,
                   "norms": [result_dict(norms, r) for r in player.results
                             if not args.norm or r.norm.code == args.norm]}
            text = escape_json_text(json.dumps(doc, ensure_ascii=False, indent=1))
        else:
            text = neutralise_lines(explain_text(norms, player, args.norm))
    elif args.certificate:
        text = escape_json_text(json.dumps(certificates(norms), ensure_ascii=False, indent=1))
    elif args.format == "json":
        text = escape_json_text(json.dumps(norms_document(norms), ensure_ascii=False, indent=1))
    else:
        text = neutralise_lines(summary_text(norms, args.all))
    with output(args.output) as out:
        out.write(text + "\n")
    return 0
