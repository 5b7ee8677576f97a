"""The data of FIDE's certificate of title result (form IT1) for each norm achieved: the fields
the form asks for, filled from the file, and null where a TRF cannot say (the rate of play when
``122`` is empty, the signatures, the federation official).  The certificate is sent through the
organising federation's rating officer (B.01 1.8) and is valid only once the Qualification
Commission confirms the title application."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .conditions import json_score
from .editions import TITLEHOLDERS
from .event import FID

if TYPE_CHECKING:
    from .engine import NormResult, Norms, PlayerNorms

__all__ = ["certificates", "certificate"]

def certificates(norms: Norms) -> list[dict[str, Any]]:
    """One certificate per norm achieved, in start-rank order."""
    return [certificate(norms, p, r) for p, r in norms.achieved()]


def certificate(norms: Norms, pn: PlayerNorms, r: NormResult) -> dict[str, Any]:
    facts = norms.facts
    h = facts.tournament.header
    p = pn.player
    perf = r.perf
    assert perf is not None
    surname, _, first = (p.name or "").partition(",")
    games = r.games
    feds = {o.federation for o in games} - {FID}
    titles = Counter(o.title for o in games if o.title in TITLEHOLDERS)
    swiss = facts.swiss_143d
    remarks = []
    if r.exemption:
        remarks.append(f"exemption used: {facts.edition.article(r.exemption)}")
    if any(c.article.startswith(facts.edition.article("1.4.1c")) for c in r.conditions):
        remarks.append(f"{facts.edition.article('1.4.1c')}: 8 games, the ninth round a forfeit win or a PAB "
                       "(a 9-game norm)")
    remarks += [f"{a}: round {o.round} against {o.start_rank} ignored ({why})" for o, a, why in r.ignored]
    remarks += [e.text + f" [{facts.edition.article(e.article)}]" for e in pn.rounds.entries
                if e.status != "counted" and e.article]
    remarks += [n for n in r.notes if n.startswith(("1.7", facts.edition.article("1.4.2c")))]
    return {
        "norm": r.norm.code,
        "regulations": f"FIDE B.01 {facts.edition.name}",
        "applicant": {"name": surname.strip(), "first_name": first.strip(), "fide_id": p.fide_id or None,
                      "federation": pn.federation or None, "title": pn.title or None},
        "event": {"name": h.name or None, "city": h.city or None, "federation": facts.host or None,
                  "start": h.start_date_iso or h.start_date or None, "end": h.end_date_iso or h.end_date or None,
                  "system": facts.system, "rounds": facts.scheduled},
        "chief_arbiter": {"name": h.chief_arbiter or None, "fide_id": None},
        "rate_of_play": h.time_control or None,
        "games": len(games),
        "norm_counts_as": r.length,
        "federations": len(feds),
        "opponents_not_from_applicant_federation": sum(o.federation != pn.federation for o in games),
        "rated_opponents": sum(o.rating is not None for o in games),
        "opponents_from_host_federation": sum(o.federation == facts.host for o in games) if facts.host else None,
        "swiss_exemption": None if r.exemption != "1.4.3d" or swiss is None else {
            "federations": min(swiss.federations), "rated_foreign_players": min(swiss.players),
            "gm_im_wgm_wim": min(swiss.titled)},
        "titled_opponents": {**{t: titles.get(t, 0) for t in TITLEHOLDERS}, "total": sum(titles.values())},
        "rating_average": perf.ra,
        "score": json_score(perf.halves),
        "score_required": None if r.required is None else json_score(r.required),
        "norm_exceeded_by": None if r.required is None else json_score(perf.halves - r.required),
        "special_remarks": remarks,
        "opponents": [{"round": o.round, "name": o.name, "title": o.title or None, "federation": o.federation or None,
                       "fide_id": o.fide_id or None, "rating": o.rating, "rating_used": perf.ratings[i],
                       "result": json_score(o.halves)} for i, o in enumerate(games)],
        "not_in_the_file": ["chief arbiter's FIDE id", "chief arbiter's signature",
                            "name and signature of the federation official"]
                           + ([] if h.time_control else ["rate of play (122)"]),
    }
