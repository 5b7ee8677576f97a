"""Each round's pairing against the pairing the FIDE rules give (``check --pairings``; TRF9xx).

The verdicts come from :func:`trfscore.pairings.verify_pairings` (the FIDE TEC reference
program's checker, the ``pairings`` extra), computed once per file and shared by the rules
here.  They run only when the pairing check is asked for (``check --pairings``, or
``check(t, pairings=True)``): judging the pairings re-pairs every round, which costs far more
than every other rule together.  docs/pairings.md says what is covered.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...findings import ERROR, INFO, WARNING, Finding, finding
from ..context import Context, round_col
from ..registry import rule

if TYPE_CHECKING:  # (the pairing machinery is imported only when the pairings are judged)
    from ...pairings.verdicts import Report, RoundVerdict
    from ...pairings.verify import Progress


def _report(ctx: Context) -> Report | None:
    """The verification of ``ctx``'s tournament (once), or None when it was not asked for."""
    if not ctx.pairings:
        return None
    held = ctx.__dict__.get("_pairing_report")
    if held is None:
        from ...pairings.verify import verify_pairings  # (the checker's adapter: only when asked for)

        progress: Progress | None = ctx.pairing_progress
        held = ctx.__dict__["_pairing_report"] = verify_pairings(ctx.t, progress=progress)
    return held


def _where(ctx: Context, verdict: RoundVerdict) -> tuple[int | None, int | None]:
    """The 001 line of the first player the verdict names, at that round's cell; for teams the
    team record (310, else 013) of the first team it names."""
    if verdict.teams:
        from ...teams.build import pick_teams

        lines = {team.number: team.line for team in pick_teams(ctx.t, lambda _: None)}  # the teams the matches are of
        line = next((lines[n] for n in verdict.players() if lines.get(n) is not None), None)
        return line, (5 if line is not None else None)
    for rank in verdict.players():
        p = ctx.by_rank.get(rank)
        if p is not None and p.line is not None:
            return p.line, round_col(verdict.round)
    return None, None


def _caution(report: Report) -> str:
    return f" ({report.caution})" if report.caution else ""


@rule("TRF901", ERROR, "a round is paired as the FIDE pairing rules give it (with --pairings)",
      spec="PAIR", lesser=WARNING, why=(
          "error: FIDE's endorsement of pairing programs (C.04.A) requires the pairing the rules give, "
          "and a changed round changes every later one; warning when the event may predate the rules "
          "edition the checker applies, as an older edition may pair otherwise"))
def round_differs(ctx: Context) -> Iterator[Finding]:
    """Each round's pairing (opponents, colours, the pairing-allocated bye) is the one the FIDE
    Dutch system (C.04.3), the Berger tables (C.05 Annex 1) or, for a team event, the FIDE team
    system (C.04.6: teams, matches) give from the rounds before it, as the FIDE TEC reference
    program's checker makes it.  Every differing round is reported:
    a wrong pairing changes the rounds after it.  A warning, not an error, when the event may
    predate the rules edition the checker applies (its start date, or a 192 code naming the
    2017 rules).

    Passing: a Swiss paired by an endorsed program under the 2026 Dutch rules.

    Failing: the same Swiss with the black players of two boards of round 3 exchanged (1-4 and
    2-3 played as 1-3 and 2-4): round 3, and every later round the exchange changed.
    """
    report = _report(ctx)
    if report is None:
        return
    for verdict in report.differing():
        line, column = _where(ctx, verdict)
        yield finding("TRF901", f"round {verdict.round} is not paired as the {report.judged_by} gives it: "
                      f"{verdict.summary()}{_caution(report)}", line, column,
                      "compare the round with the pairing program's own record of it; a manual change "
                      "of a pairing is for the arbiter to explain", lesser=not report.binding)


@rule("TRF902", INFO, "a round the pairing check cannot judge, and why (with --pairings)", spec="PAIR", why=(
    "info: the file lacks what the rules need (TRF26 152, 250/XXA records, every result), which "
    "many TRF16-era files do not carry; nothing is wrong, only not judged"))
def round_not_checkable(ctx: Context) -> Iterator[Finding]:
    """A round whose pairing cannot be judged from the file is said so, not counted as wrong:
    the file does not tell what the rules need (an initial colour, the acceleration a Baku
    system asks for, the results of an earlier round, the colours of a game), the system is one
    the checker does not cover, or the checker refuses the file.

    Passing: a Swiss with ``152 W`` and every result known.

    Failing (info): ``192 FIDE_DUTCH_BAKU`` without any ``250`` or ``XXA`` record: every round.
    """
    report = _report(ctx)
    if report is None:
        return
    if report.refused:
        yield finding("TRF902", f"the pairings cannot be judged ({report.checker}): {report.refused}", None, None,
                      "see docs/pairings.md for what the pairing check needs from the file")
        return
    from ...pairings.verdicts import Status

    for verdict in report.rounds:
        if verdict.status == Status.NOT_CHECKABLE:
            yield finding("TRF902", f"round {verdict.round} cannot be judged by the {report.judged_by}: "
                          f"{verdict.reason}", None, None, "see docs/pairings.md for what the pairing check needs")


@rule("TRF903", WARNING, "the FIDE pairing rules find no legal pairing of a round that was paired (with --pairings)",
      spec="PAIR", why=(
          "warning: C.04.3 art. 1.9.3 leaves such a round to the arbiter; not wrong, but a person "
          "should see that the decision is recorded"))
def no_legal_pairing(ctx: Context) -> Iterator[Finding]:
    """When no pairing of a round meets the absolute criteria, the rules leave the round to the
    arbiter (C.04.3 art. 1.9.3, C.04.6 art. 3.3.3): the round is not judged wrong, but it is
    worth a look.

    Passing: a round that the checker can pair.

    Failing (warning): the last round of a small Swiss in which every remaining pair has met.
    """
    report = _report(ctx)
    if report is None:
        return
    from ...pairings.verdicts import Status

    for verdict in report.rounds:
        if verdict.status == Status.NO_LEGAL_PAIRING:
            line, column = _where(ctx, verdict)
            yield finding("TRF903", f"round {verdict.round}: the {report.judged_by} finds no legal pairing "
                          f"({verdict.reason}); the round as played is the arbiter's", line, column,
                          "check that the arbiter's decision for this round is recorded")


__all__ = ["round_differs", "round_not_checkable", "no_legal_pairing"]
