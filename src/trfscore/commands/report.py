"""``trfscore report FILE`` (also plain ``trfscore FILE``): standings with tie-breaks.

Options pick the tie-breaks (FIDE C.07 codes), the rules edition, the system, rating changes
and the output format.  Exit 0 unless the input cannot be read (2) or holds errors and
``--strict`` is given (1).  A text crosstable read with errors (its layout guessed, a cell not
read, printed totals that differ from the cells) always exits 1, with the findings on standard
error (and in the JSON document).
"""
from __future__ import annotations

import io
import os
from argparse import Namespace
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..findings import Finding
from ..model import Tournament
from ..report import BY_NAME as REPORT_FORMAT
from ..report import FORMATS as REPORT_FORMATS
from .common import (
    Subparsers,
    add_bom_option,
    add_input_options,
    csv_text,
    format_for_output,
    load_input,
    output,
    read_input,
    refuse_overwriting_inputs,
    report_doubts,
    warn,
)

if TYPE_CHECKING:
    from ..standings import Standings
    from ..teams.standings import TeamStandings

FORMATS = tuple(f.name for f in REPORT_FORMATS)
#: The report format ``-o``'s file name names when ``--format`` is not given.
EXTENSIONS = {ext: f.name for f in REPORT_FORMATS for ext in f.extensions}
RULES = ("auto", "fide-2026", "fide-2024", "fide-2023", "fide-2009", "none")


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser("report", help="standings with tie-breaks (the default command)")
    p.add_argument("input", help="tournament file (TRF, JSON, PGN or crosstable; '-' for standard input)")
    p.add_argument("--tiebreaks", "-t", help="comma-separated FIDE C.07 codes, e.g. BH-C1,BH,SB "
                   "(default: the file's 202/212 list, else BH-C1,BH,SB for a Swiss, SB,DE,WIN for a round robin)")
    p.add_argument("--rules", choices=RULES, default="auto", help="tie-break rules edition (default: by start date)")
    p.add_argument("--system", choices=("auto", "swiss", "round-robin"), default="auto",
                   help="tournament system (default: from the file or the pairings)")
    p.add_argument("--format", "-f", choices=FORMATS, default=None,
                   help="output format (default: the one -o's file name names, e.g. standings.html; else text)")
    p.add_argument("-o", "--output", help="write to this file instead of standard output")
    p.add_argument("--unrated", type=int, metavar="RATING",
                   help="rating assumed for unrated players in rating-based tie-breaks (ARO, TPR ...; C.07 Art. 10)")
    p.add_argument("--after-round", type=int, metavar="N", help="standings after round N")
    p.add_argument("--ratings", choices=("fide", "dwz"), help="add rating changes (Ro, We, W, K/E, Rn)")
    p.add_argument("--rating-edition", help="rating rules edition (DWZ: classic or 2026; default by end date)")
    p.add_argument("--players", metavar="CSV", help="CSV with what TRF lacks (dwz, index, birth_year, "
                   "games_before ...) keyed by fide_id or start_rank")
    p.add_argument("--norms", action="store_true", help="add the FIDE title norms (B.01) each player achieved, "
                   "with the default assumptions of 'trfscore norms' (its explanation in the HTML cell)")
    p.add_argument("--no-color", action="store_true", help="no colour in the text table")
    add_bom_option(p)
    p.add_argument("--strict", action="store_true", help="exit 1 when the input has error findings")
    teams = p.add_argument("--teams", action="store_true", help="team standings of a team event (013/310 "
                           "records); --tiebreaks then takes team codes: %(team_codes)s (default: the file's "
                           "team list, else EDE,EMGSB-C1,BH:MP-C1,MPvGP); every --format")
    # argparse fills %(team_codes)s from the action's attributes (vars(action)), which the stubs do not list
    teams.team_codes = TeamCodes()  # type: ignore[attr-defined]
    p.add_argument("--primary", choices=("auto", "MP", "GP"), default="auto",
                   help="with --teams: rank by match points or game points first (default: from the file, else MP)")
    add_input_options(p)
    from ..ratinglist.cli import add_options

    add_options(p)
    p.set_defaults(run=run)


class TeamCodes:
    """The team tie-break codes as the help lists them, read from the team table when the help
    is shown: importing it costs every report its start-up time."""

    def __str__(self) -> str:
        from ..teams.codes import KNOWN

        return ", ".join(KNOWN)


def parse_tiebreaks(text: str | None) -> list[str] | None:
    """The codes of ``--tiebreaks`` (None when not given); a usage error when empty or wrong."""
    if text is None:
        return None
    if not text.strip(" ,;"):
        raise UsageError("--tiebreaks is empty; give codes such as BH-C1,BH,SB (or leave the option out)")
    from ..tiebreaks.registry import parse_tiebreak_list

    try:
        codes = parse_tiebreak_list(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    repeated = sorted({c for c in codes if codes.count(c) > 1})
    if repeated:  # a second BH can never separate anybody the first left tied (C.07 Art. 4.2)
        raise UsageError(f"tie-break {', '.join(repeated)} is listed twice (written the same or in another notation)")
    return codes


def compute(t: Tournament, args: Namespace) -> Standings:
    """Standings of players for the command-line options, of ``t`` as :func:`run` cut it (the view
    after round N of :func:`trfscore.event_reading.through`, which the standings keep: the
    round is not handed on a second time)."""
    from ..standings import compute_standings

    options = standing_options(args)
    options.pop("rounds", None)
    return compute_standings(t, tiebreaks=parse_tiebreaks(args.tiebreaks), rules=args.rules, **options)


def check_options(t: Tournament, args: Namespace) -> None:
    """Options that contradict each other or the file: usage errors (exit 2), never ignored."""
    after = getattr(args, "after_round", None)
    if after is not None and after > t.rounds:
        raise UsageError(f"--after-round {after}: the event has {t.rounds} round(s)")
    if getattr(args, "players", None) and not getattr(args, "ratings", None):
        raise UsageError("--players adds data for the rating calculation: give --ratings fide or --ratings dwz too")
    if getattr(args, "primary", "auto") != "auto" and not getattr(args, "teams", False):
        raise UsageError("--primary chooses the team ranking's first score: it needs --teams")


def standing_options(args: Namespace) -> dict[str, Any]:
    """The engine options the report and explain commands share."""
    options = {"system": None if args.system == "auto" else args.system}
    if getattr(args, "unrated", None) is not None:
        options["unrated"] = args.unrated
    if getattr(args, "after_round", None) is not None:
        if args.after_round < 1:
            raise UsageError("--after-round must be 1 or more")
        options["rounds"] = args.after_round
    return options


def compute_ratings(t: Tournament, args: Namespace) -> Mapping[int, dict[str, Any]] | None:
    """Rating changes per start rank as JSON-ready dicts (``--ratings``), or None."""
    if not args.ratings:
        if args.rating_list:
            raise UsageError("--rating-list in a report gives K factors for --ratings fide")
        return None
    from ..gcpause import gc_paused

    players = None
    if args.players:
        from ..ratings.players_csv import read_players_csv

        source = io.BytesIO(read_input(args.players))  # a missing or unreadable file: exit 2
        source.name = args.players
        players, problems = read_players_csv(source)
        for problem in problems:
            warn(problem)
    edition = args.rating_edition
    if edition and args.ratings == "dwz" and edition not in ("classic", "2026"):
        raise UsageError("--rating-edition for DWZ is 'classic' or '2026'")
    if args.rating_list:
        if args.ratings != "fide":
            raise UsageError("--rating-list goes with --ratings fide (the DWZ takes its inputs from --players)")
        from ..ratinglist.cli import open_lists, rating_inputs

        players = rating_inputs(t, open_lists(args.rating_list, args.index), players)
    with gc_paused():  # 10,000 rows with no cycles: no collection walks the tournament
        from ..ratings.tournament import rate_tournament
        from ..report.values import rating_row

        results = rate_tournament(t, system=args.ratings, players=players, edition=edition)
        return {sno: rating_row(result) for sno, result in results.items()}


def run_teams(t: Tournament, args: Namespace) -> int:
    """``--teams``: team standings (:mod:`trfscore.teams`), written by the individual writers
    (:func:`render`)."""
    from ..teams import is_team_event
    from ..teams.standings import team_standings

    if args.format not in FORMATS:
        raise UsageError(f"--teams writes --format {', '.join(FORMATS[:-1])} or {FORMATS[-1]}")
    if args.ratings:
        raise UsageError("--ratings is for individual standings, not with --teams")
    if getattr(args, "norms", False):
        raise UsageError("--norms is for individual standings, not with --teams")
    if not is_team_event(t):
        raise UsageError(f"{args.input}: no team records (013/310): --teams needs a team event")
    options = standing_options(args)  # (--after-round checked)
    try:
        standings = team_standings(t, tiebreaks=args.tiebreaks or None, rules=args.rules, primary=args.primary,
                                   rounds=options.get("rounds"), system=options["system"])
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    with output(args.output) as out:
        if args.format == "text":
            from ..report import text

            text.write(t, standings, out, no_color=args.no_color or args.output not in (None, "-"))
        else:
            out.write(render(t, standings, args.format, args))
    problems = [f for f in list(t.findings) + standings.findings if f.severity == "error"]
    if problems:
        warn(f"{args.input}: {len(problems)} error(s) in the input; "
             f"run 'trfscore check {args.input}' for details")
    return 1 if args.strict and problems else 0


def render(t: Tournament, standings: Standings | TeamStandings, fmt: str, args: Namespace,
           ratings: Mapping[int, dict[str, Any]] | None = None) -> str:
    """Standings of players or teams as ``json``, ``markdown``, ``csv`` or ``html`` text: one
    writer per format (their columns: ``report/columns.py``)."""
    if fmt == "json":
        from ..report import json_report

        return json_report.render(t, standings, ratings, ratings_system=args.ratings)
    if fmt == "markdown":
        from ..report import markdown

        return markdown.render(t, standings, ratings=ratings)
    if fmt == "csv":
        from ..report import csv_report

        return csv_text(csv_report.render(standings, ratings=ratings), args)
    from ..report import html

    return html.render(t, standings, ratings=ratings)


def report_format(args: Namespace) -> str:
    """``--format``, else the format ``-o``'s file name names, else text."""
    found = EXTENSIONS.get(os.path.splitext(args.output)[1].lower()) if args.output not in (None, "-") else None
    return format_for_output(args.output, args.format, found, "text", "--format") or "text"


def run(args: Namespace) -> int:
    refuse_overwriting_inputs(args)
    args.format = report_format(args)
    t = load_input(args.input, args)
    check_options(t, args)
    if getattr(args, "teams", False):
        return run_teams(t, args)
    if t.source.encoding not in ("utf-8", "ascii", "binary") and not args.encoding:  # a guess, not the user's choice
        warn(f"{args.input}: not UTF-8; read as {t.source.encoding} (give --encoding to choose another)")
    from ..event_reading import through

    # after round N (--after-round, else the last played one): standings, crosstable and ratings alike
    t = through(t, t.event.view(getattr(args, "after_round", None)))
    standings = compute(t, args)
    found = verdict_notes(t, standings)
    ratings = compute_ratings(t, args)
    if getattr(args, "norms", False):
        from ..norms import Options, tournament_norms

        standings.norms = tournament_norms(t, Options(after_round=args.after_round))
    # the lines are kept to write the file back byte for byte (and to quote them in check's findings,
    # the verdict's made above): a report writes neither, so it frees them before its peak (3.6 MB
    # at 10,000 players)
    t.source.records = []
    fmt = args.format
    if not REPORT_FORMAT[fmt].explains:  # the others need not keep the tie-breaks' workings
        standings.release()
    if fmt == "text":
        from ..report import text

        with output(args.output) as out:
            text.write(t, standings, out, no_color=args.no_color or args.output not in (None, "-"), ratings=ratings)
    elif fmt == "markdown":  # written line by line: the document is never one string
        from ..report import markdown

        with output(args.output) as out:
            markdown.write(t, standings, out, ratings=ratings)
    elif fmt == "json":  # written a run of rows at a time: the document is never one string
        from ..report import json_report

        with output(args.output) as out:
            json_report.write(t, standings, out, ratings, ratings_system=args.ratings)
    else:
        data = render(t, standings, fmt, args, ratings)
        with output(args.output) as out:
            out.write(data)
        if fmt == "csv" and (t.event.in_progress or standings.rounds < t.event.rounds):
            warn(f"{args.input}: {t.event.describe(standings.rounds)}")  # CSV has no place for a note
    if report_doubts(t, args.input):
        return 1
    errors = [f for f in t.findings if f.severity == "error"]
    listed = set(errors)
    errors += [f for f in found if f.severity == "error" and f not in listed]
    if errors:
        warn(f"{args.input}: {len(errors)} error(s) in the input{_wrong(found)}; "
             f"run 'trfscore check {args.input}' for details")
    return 1 if args.strict and errors else 0


def verdict_notes(t: Tournament, standings: Standings) -> list[Finding]:
    """The findings that make a number of these standings wrong (:mod:`trfscore.consistency`),
    told in the standings' notes, which every format shows."""
    from ..consistency import one_sided_note, round_robin_bye_note, verdict

    found = verdict(t, standings)
    if found:
        standings.notes.append(f"{len(found)} finding(s) make these standings doubtful{_wrong(found)}; "
                               "trfscore check gives each")
        note = one_sided_note(found)
        if note:
            standings.notes.append(note)
    note = round_robin_bye_note(t, standings)
    if note:
        standings.notes.append(note)
    return found


def _wrong(found: list[Finding]) -> str:
    """`` (TRF501 x2, TRF510)``: the rules of the verdict's findings, or nothing."""
    if not found:
        return ""
    counts = Counter(f.rule for f in found)
    return " (" + ", ".join(rule + (f" x{n}" if n > 1 else "") for rule, n in sorted(counts.items())) + ")"
