"""Norms in words and in JSON: the summary table, one player's norm condition by condition
(numbers, the opponents counted, the article), and the JSON document (``normsDocument`` in the
schema)."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from .conditions import json_score, points
from .editions import NORM_TITLES

if TYPE_CHECKING:
    from .engine import NormResult, Norms, PlayerNorms

__all__ = ["NormCells", "cell_label", "summary_text", "explain_text", "norms_document", "result_dict"]


def cell_label(result: NormResult) -> str:
    """A short verdict for a table cell: ``norm (10)``, ``no: 1.4.3``, ``held``."""
    if result.status == "title held":
        return "held"
    if result.achieved:
        return f"norm ({result.length})" if result.length else "norm"
    failure = result.first_failure
    return f"no: {failure.article}" if failure else "no"


def summary_text(norms: Norms, all_players: bool = False) -> str:
    """The event's norms: the assumptions, then one row per player (with a norm judged, or all)."""
    facts = norms.facts
    t = facts.tournament
    lines = [f"Title norms under FIDE B.01 ({facts.edition.name} edition): {t.header.name or '(no event name)'}",
             f"{facts.system}, {facts.rounds} of {facts.scheduled} round(s) played, host {facts.host or 'not given'}",
             "Assumptions:"]
    lines += [f"  - {a}" for a in norms.assumptions]
    if facts.notes:
        lines.append("Event conditions (information):")
        lines += [f"  - {n}" for n in facts.notes]
    rows = [["SNo", "Name", "Ti", "FED", "Rtg", *NORM_TITLES]]
    for p in norms.players:
        if not all_players and not any(r.status != "title held" and (r.achieved or _close(r)) for r in p.results):
            continue
        cells = {r.norm.code: cell_label(r) for r in p.results}
        rows.append([str(p.player.start_rank), p.player.name, p.title, p.federation,
                     "" if p.player.rating is None else str(p.player.rating), *(cells.get(c, "") for c in NORM_TITLES)])
    achieved = norms.achieved()
    lines.append(f"Norms achieved: {len(achieved)}" + (": " + ", ".join(
        f"{r.norm.code} {p.player.name or p.player.start_rank} ({r.length} games)" for p, r in achieved) if achieved else ""))
    if len(rows) > 1:
        lines.append("" if all_players else "Players with a norm or within reach of one (--all for everybody):")
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.append("'trfscore norms FILE --player N' explains a player's norms article by article.")
    return "\n".join(lines)


def _close(result: NormResult) -> bool:
    """Within reach: everything but the performance holds, or the performance falls short by
    less than 100 points."""
    perf = result.perf
    return perf is not None and perf.rp >= result.norm.min_rp - 100


def explain_text(norms: Norms, player: PlayerNorms, code: str | None = None) -> str:
    """One player's norms condition by condition (``code``: one norm only)."""
    p = player.player
    lines = [f"{p.start_rank} {p.name} ({player.title or 'no title'}, {player.federation or 'no federation'}, "
             f"{p.rating or 'unrated'}): FIDE B.01 {norms.facts.edition.name} edition"]
    lines += [f"  note: {n}" for n in player.notes]
    lines.append("Rounds:")
    for e in player.rounds.entries:
        mark = "counted " if e.status == "counted" else "not counted"
        lines.append(f"  R{e.round}: {mark:11} {e.text}" + (f" [{norms.facts.edition.article(e.article)}]" if e.article else ""))
    for r in player.results:
        if not code or r.norm.code == code.upper():
            lines += ["", *result_lines(norms, r)]
    return "\n".join(lines)


def result_lines(norms: Norms, r: NormResult) -> list[str]:
    head = f"{r.norm.code} norm: {r.status.upper()}"
    if r.achieved:
        head += f", counting {r.length} games"
    lines = [head]
    if r.status == "title held":
        return lines + [f"  {n}" for n in r.notes]
    lines += [f"  [{'ok' if c.passed else 'NO'}] {c.article:7} {c.key}: {c.text}" for c in r.conditions]
    perf = r.perf
    if perf is not None:
        shown = []
        for i, o in enumerate(r.games):
            rating = perf.ratings[i]
            was = "unrated" if o.rating is None else str(o.rating)
            adj = f"{was}→{rating}" if (perf.floored and perf.floored[0] == i) or o.rating is None else was
            shown.append(f"R{o.round} {o.start_rank} {o.title or '-'} {o.federation or '?'} {adj} "
                         f"{['0', '½', '1'][o.halves]}")
        lines.append("  opponents: " + "; ".join(shown))
        floor = (f"; 1.4.6c: the lowest opponent raised from {perf.floored[1]} to the floor {perf.floored[2]}"
                 if perf.floored else f"; nobody below the floor {r.norm.floor}")
        lines.append(f"  Ra = {perf.total}/{len(perf.ratings)} = {float(perf.ra_exact):.2f} → {perf.ra} "
                     f"(1.4.7, .5 upwards){floor}")
    if r.ignored:
        lines.append("  games ignored: " + "; ".join(f"R{o.round} against {o.start_rank} ({a}: {why})"
                                                     for o, a, why in r.ignored))
    if r.required is not None:
        lines.append(f"  score required with Ra {perf.ra if perf else '?'}: {points(r.required)}"
                     + (f"; {r.extra} extra game(s) (1.4.1d)" if r.achieved else ""))
    if r.exemption:
        lines.append(f"  exemption used: {norms.facts.edition.article(r.exemption)} (at least one norm of an "
                     "application must meet 1.4.3/1.4.4 without it: 1.4.3e)")
    lines += [f"  note: {n}" for n in r.notes]
    if r.forecast is not None:
        lines.append("  forecast:")
        lines += [f"    {line}" for line in r.forecast.lines()]
    return lines


def result_dict(norms: Norms, r: NormResult) -> dict[str, Any]:
    perf = r.perf
    return {
        "norm": r.norm.code, "status": r.status, "length": r.length,
        "first_failure": None if r.first_failure is None else r.first_failure.article,
        "conditions": [{"key": c.key, "article": c.article, "passed": c.passed, "text": c.text} for c in r.conditions],
        "games": [{"round": o.round, "opponent": o.start_rank, "title": o.title, "federation": o.federation,
                   "rating": o.rating, "rating_used": perf.ratings[i] if perf else None, "score": json_score(o.halves)}
                  for i, o in enumerate(r.games)],
        "ignored": [{"round": o.round, "opponent": o.start_rank, "article": a, "reason": why} for o, a, why in r.ignored],
        "ra": perf.ra if perf else None, "score": json_score(perf.halves) if perf else None,
        "percent": perf.percent if perf else None, "dp": perf.dp if perf else None, "rp": perf.rp if perf else None,
        "required_score": None if r.required is None else json_score(r.required), "extra_games": r.extra,
        "exemption": norms.facts.edition.article(r.exemption) if r.exemption else None, "notes": r.notes,
        "forecast": r.forecast.to_dict() if r.forecast is not None else None,
    }


def norms_document(norms: Norms) -> dict[str, Any]:
    """The JSON document of ``trfscore norms --format json``."""
    facts = norms.facts
    return {
        "kind": "norms", "edition": facts.edition.name, "system": facts.system, "rounds": facts.rounds,
        "scheduled_rounds": facts.scheduled, "host_federation": facts.host or None,
        "event_type": facts.options.event_type, "assumptions": list(norms.assumptions), "event_notes": facts.notes,
        "players": [{"start_rank": p.player.start_rank, "name": p.player.name, "title": p.title or None,
                     "federation": p.federation or None, "rating": p.player.rating, "notes": p.notes,
                     "rounds": [{"round": e.round, "status": e.status, "text": e.text,
                                 "article": facts.edition.article(e.article) if e.article else None}
                                for e in p.rounds.entries],
                     "norms": [result_dict(norms, r) for r in p.results]}
                    for p in norms.players],
    }


class NormCells(NamedTuple):
    """The cells of a report's Norms column (``report --norms``), per start rank given: the norms
    achieved (``GM(10) IM(11)``), their JSON objects, and HTML cells holding the explanation of
    each norm achieved or within reach, shown on click."""

    labels: list[str]
    json: list[list[dict[str, Any]]]
    html: list[str]

    @classmethod
    def of(cls, norms: Norms, snos: list[int]) -> NormCells:
        by_rank = {p.player.start_rank: p for p in norms.players}
        labels, values, cells = [], [], []
        for sno in snos:
            player = by_rank.get(sno)
            judged = [r for r in player.results if r.status != "title held"] if player else []
            label = " ".join(f"{r.norm.code}({r.length})" for r in judged if r.achieved)
            labels.append(label)
            values.append([{"norm": r.norm.code, "status": r.status, "length": r.length,
                            "first_failure": None if r.first_failure is None else r.first_failure.article}
                           for r in judged])
            shown = [r for r in judged if r.achieved or _close(r)]
            if player is None or not shown:
                cells.append('<td class="l"></td>')
                continue
            body = escape("\n\n".join("\n".join(result_lines(norms, r)) for r in shown))
            cells.append(f'<td class="l" data-v="{escape(label)}"><details><summary>{escape(label) or "no norm"}'
                         f'</summary><pre class="norm">{body}</pre></details></td>')
        return cls(labels, values, cells)
