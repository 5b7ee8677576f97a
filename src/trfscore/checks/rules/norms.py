"""Title norms achieved (FIDE B.01), reported as information so that a federation sees them when
the file is submitted (profile ``fide``; the ``basic`` profile leaves the family out).  The
verdicts are :mod:`trfscore.norms`' with its default assumptions (an open event, the edition of
the start date); ``trfscore norms`` explains them and takes the options a file cannot say."""
from __future__ import annotations

from collections.abc import Iterator

from ...findings import INFO, Finding, finding
from ..context import Context
from ..registry import rule


@rule("NRM001", INFO, "the title norms the event gives (FIDE B.01), as information", spec="FIDE", why=(
    "info: a norm is no defect of the file; it is said so the arbiter can file the norm report "
    "(B.01), under default assumptions the arbiter may have to change"))
def norms_achieved(ctx: Context) -> Iterator[Finding]:
    """Each GM, IM, WGM or WIM norm a player achieved in a finished event (in a team event, by the
    player's own games), under the B.01 edition of the start date and the default assumptions of
    ``trfscore norms`` (an open event: no championship, team or zonal exemption).

    Passing: a Swiss in which nobody meets the conditions of a norm (no finding).

    Failing: a 9-round Swiss in which an FM scores 7/9 against five GMs and three IMs of six
    federations averaging 2479: Rp 2699, a GM norm counting 10 games.
    """
    t = ctx.t
    if not t.players or t.event.in_progress:
        return
    from ...norms import Options, tournament_norms

    try:
        norms = tournament_norms(t, Options())
    except ValueError:
        return
    for player, result in norms.achieved():
        p = player.player
        perf = result.perf
        numbers = f"Ra {perf.ra}, Rp {perf.rp}; " if perf else ""
        yield finding("NRM001", f"player {p.start_rank} ({p.name or 'no name'}): {result.norm.code} norm under FIDE "
                      f"B.01 {norms.facts.edition.name} ({numbers}{len(result.games)} games, counting "
                      f"{result.length})", p.line, 1,
                      f"'trfscore norms FILE --player {p.start_rank}' explains it article by article and takes what the "
                      "file cannot say (--event-type ...); 'trfscore norms FILE --certificate' gives the IT1 data")
