"""The validator behind ``trfscore check``: rules over a read tournament, as findings.

Reading a file already yields the reader's findings (``TRF1xx``-``TRF4xx``, ``TRF7xx``: lexical,
field and cell level).  :func:`check` adds the cross-record rules of :mod:`trfscore.checks.rules`
(``TRF5xx`` consistency, ``TRF6xx`` teams, ``TRF8xx`` FIDE submission), keeps the rules the
profile selects, applies its severities, and returns the findings sorted by line::

    import trfscore
    from trfscore.checks import check
    t = trfscore.load("event.trf")
    for f in check(t, profile="fide", ignore="TRF508"):
        print(f.line, f.rule, f.message)

Nothing here raises for bad data; a rule that fails unexpectedly becomes a ``TRF000`` finding.  A
rating-list index that can no longer be read while the ``FID`` rules look players up (damaged or
cut short since it was opened) raises :class:`trfscore.ratinglist.ListIndexError` naming the index:
that is no finding about the tournament, and the rules after it could not be trusted either.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import TYPE_CHECKING

from ..findings import ERROR, MAX_PER_RULE, Finding, LeftOut, declare, finding, left_out
from ..formats.trf.tolerated import fold
from ..model import Tournament
from .context import Context
from .excerpt import with_source_text
from .profiles import Profile, resolve
from .registry import all_rules, check_rules

if TYPE_CHECKING:
    from ..ratinglist import RatingList

__all__ = ["check", "resolve", "Profile", "all_rules", "FATAL_RULES"]

declare("TRF000", ERROR, "internal error: a check could not run on this input", """
    A check failed on this input because of a bug in trfscore; the other checks still ran.

    Passing: never reported.

    Failing: please report the message together with the input file.
""", why=(
        "error: a check crashed, so what it checks is unknown; nothing may pass unchecked"))
#: Reader findings that mean "this is not a tournament at all": the cross-record rules are skipped.
FATAL_RULES = frozenset({"TRF100", "TRF409", "JSON001", "JSON002", "JSON005", "CTB100", "PGN100", "PGN110", "PGN111"})


def check(t: Tournament, profile: Profile | str | None = None, *, select: str | Iterable[str] | None = None,
          ignore: str | Iterable[str] | None = None, rating_lists: Sequence[RatingList] = (),
          pairings: bool = False, progress: Callable[[int, int], None] | None = None) -> list[Finding]:
    """All findings for ``t`` under ``profile`` (default ``basic``), sorted by line and column;
    ``rating_lists`` (:class:`trfscore.RatingList`) feed the ``FID`` rules of profile ``fide``;
    ``pairings`` judges each round's pairing too (the ``TRF9xx`` rules; raises
    :class:`trfscore.pairings.CheckerMissing` without the ``pairings`` extra), calling
    ``progress(round, rounds)`` as it goes.  Raises :class:`trfscore.ratinglist.ListIndexError`
    when a rating list's index cannot be read any more."""
    if not isinstance(profile, Profile):
        profile = resolve(profile, select, ignore)
    if pairings:
        from ..pairings.engine import CheckerMissing, available

        if not available():
            raise CheckerMissing()
    enabled = profile.enabled
    findings = fold([f for f in t.findings if enabled(f.of if isinstance(f, LeftOut) else f.rule)])
    beyond: dict[str, int] = {}
    if not any(f.rule in FATAL_RULES for f in t.findings):
        ctx = Context(t, profile)
        ctx.rating_lists = tuple(rating_lists)
        ctx.pairings, ctx.pairing_progress = pairings, progress
        for r in profile.selection.chosen(check_rules()):
            try:
                results = iter(r.func(ctx))  # type: ignore[misc]
                first = next(results, None)
                if first is None:  # (most rules on most files) nothing to keep or count
                    continue
                found, more = _first_by_position(chain((first,), results))
                if found and not ctx.trf_like and not r.source_columns:  # TRF columns mean nothing elsewhere
                    found = [Finding(f.rule, f.severity, f.message, f.line, None, f.hint, f.text) for f in found]
                findings.extend(found)
                for rule_id, n in more.items():
                    beyond[rule_id] = beyond.get(rule_id, 0) + n
            except Exception as exc:  # a bug in a rule must not cost the other rules
                if _index_failure(exc):
                    raise
                findings.append(finding("TRF000", f"internal error in check {r.id}: "
                                        f"{type(exc).__name__}: {exc}"[:300], None, None,
                                        "please report this with the input file"))
    return with_source_text(finish(findings, profile, beyond), t.source.records)


def _index_failure(exc: Exception) -> bool:
    """``exc`` is a rating-list index that failed under a look-up: the environment, not a bug in
    the rule (imported only then: a check without lists never loads the index code)."""
    if not isinstance(exc, ValueError):  # ListIndexError is one
        return False
    from ..ratinglist.index import ListIndexError

    return isinstance(exc, ListIndexError)


#: What makes two findings exact duplicates: rule, line, column and message.
_Key = tuple[str, int | None, int | None, str]


def _first_by_position(found: Iterable[Finding]) -> tuple[list[Finding], dict[str, int]]:
    """What a rule found, keeping per rule id only the :data:`~trfscore.findings.MAX_PER_RULE`
    findings placed first in the file, and per rule id how many more it found.  A rule over a
    pathological file can find millions; only as many as will be listed are kept.  Exact
    duplicates of a kept finding are dropped uncounted, as :func:`finish` drops them."""
    from heapq import heappush, heapreplace  # here: a clean file's rules find nothing to keep

    kept: dict[str, list[tuple[int, int, int, Finding]]] = {}  # per rule, a heap of (-line, -column, -order,
    # finding): the last-placed on top
    keys: set[_Key] = set()
    more: dict[str, int] = {}
    for order, f in enumerate(found):
        key = (f.rule, f.line, f.column, f.message)
        if key in keys:
            continue
        heap = kept.setdefault(f.rule, [])
        entry = (-(f.line or 0), -(f.column or 0), -order, f)
        if len(heap) < MAX_PER_RULE:
            heappush(heap, entry)
            keys.add(key)
            continue
        more[f.rule] = more.get(f.rule, 0) + 1
        if entry > heap[0]:  # placed before the last one kept: it takes that one's place
            dropped = heapreplace(heap, entry)[3]
            keys.discard((dropped.rule, dropped.line, dropped.column, dropped.message))
            keys.add(key)
    return [entry[3] for heap in kept.values() for entry in sorted(heap, reverse=True)], more


def finish(findings: list[Finding], profile: Profile, beyond: dict[str, int] | None = None) -> list[Finding]:
    """Severity overrides, exact duplicates removed, sorted by position, at most
    :data:`~trfscore.findings.MAX_PER_RULE` per rule, then one :func:`~trfscore.findings.left_out`
    note per capped rule counting the rest: those left out here, ``beyond`` (per rule, those
    left out while the rules ran) and those the reader's notes count (merged into it)."""
    overrides = profile.severity
    seen: set[_Key] = set()
    out: list[Finding] = []
    counts: dict[str, int] = {}
    dropped: dict[str, int] = dict(beyond or {})
    last: dict[str, Finding] = {}  # the last finding kept of each rule: where its note points
    findings.sort(key=lambda f: (f.line or 0, f.column or 0, f.rule))
    for f in findings:
        if isinstance(f, LeftOut):  # a reader's note
            dropped[f.of] = dropped.get(f.of, 0) + f.count
            continue
        key = (f.rule, f.line, f.column, f.message)
        if key in seen:
            continue
        seen.add(key)
        if f.rule in overrides and overrides[f.rule] != f.severity:
            f = Finding(f.rule, overrides[f.rule], f.message, f.line, f.column, f.hint, f.text)
        n = counts[f.rule] = counts.get(f.rule, 0) + 1
        if n > MAX_PER_RULE:
            dropped[f.rule] = dropped.get(f.rule, 0) + 1
            continue
        out.append(f)
        last[f.rule] = f
    out.extend(left_out(rule_id, n, last.get(rule_id)) for rule_id, n in sorted(dropped.items()))
    return out
