"""Tolerated legacy forms: one info finding per file and form, not one per cell.

Some deviations from the TRF text are how real programs (and FIDE's own example file) write a
field, and are read without doubt: the sex letter ``M``/``F``/``f``, a forfeit without a colour,
``0000 - -`` for an absence, a ``1969.12.06`` birth date, a ``28. 07. 2005`` start date, or
Swiss-Manager's ``062 129 (88)`` count.  The reader reports each cell, capping each form apart
from the rest of its rule (:func:`kind`), so cells of a form on every line never hide a true
problem of the same rule; :func:`fold` (run by ``check``) keeps one finding per (rule, form) at the
rule's ``lesser`` severity (info), naming how many cells use the form and where the first one is.
Forms that are not recognised here keep their own findings.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ...findings import Finding, finding, stands_for


class Form:
    """A tolerated way of writing something: the rule that reports it, a test on its finding
    and how the folded finding describes it.  (A plain class: a NamedTuple costs every process
    ~0.66 M instructions to make, docs/performance.md; each form is one object, a key by identity.)"""

    __slots__ = ("rule", "name", "matches", "describe")

    def __init__(self, rule: str, name: str, matches: Callable[[Finding], bool], describe: str) -> None:
        self.rule, self.name, self.matches = rule, name, matches
        self.describe = describe  # what the form is and how trfscore reads it


# The tolerated forms' patterns are compiled on first use (``re``'s own cache): a regular file
# never needs them, and compiling them at import cost every process ~0.4 M instructions each.
#: a full date with a four-digit year, first or last (1969.12.06, 1969-12-06, 06.12.1969)
_DATE = r"^(\d{4}[./-]\d{2}[./-]\d{2}|\d{2}[./-]\d{2}[./-]\d{4})$"
_COUNT = r"^\d+\s*\(\s*\d+\s*\)$"


def _says(*parts: str) -> Callable[[Finding], bool]:
    return lambda f: any(p in f.message for p in parts)


FORMS: tuple[Form, ...] = (
    Form("TRF303", "sex letter", lambda f: f.text in ("M", "F", "f", "W"),
         "sex written in capitals or as 'f' (read as m/w; FIDE's example1 writes 'f')"),
    Form("TRF406", "forfeit without colour", _says("forfeit recorded without a colour"),
         "forfeits written with colour '-' (FIDE's example1 does so; read as forfeits)"),
    Form("TRF406", "absence as '-'", _says("'-' without an opponent"),
         "absences written '0000 - -' (Swiss-Manager, lichess; read as zero-point absences)"),
    Form("TRF406", "legacy full-point bye", _says("legacy '0000 - +'"),
         "byes written '0000 - +' (TRF06; read as pairing-allocated byes)"),
    Form("TRF406", "legacy half-point bye", _says("legacy '0000 - ='"),
         "byes written '0000 - =' (TRF06; read as half-point byes)"),
    Form("TRF309", "legacy birth date", lambda f: bool(re.match(_DATE, f.text.strip())),
         "birth dates written with dots or dashes, e.g. 1969.12.06 (read as dates)"),
    Form("TRF202", "legacy header date", _says("is not in the TRF26 form"),
         "042/052 dates in a pre-TRF26 form (read as dates; TRF26 writes YYYY/MM/DD)"),
    Form("TRF213", "players (rated) count", lambda f: bool(re.match(_COUNT, f.text.strip())),
         "062 written 'N (M)', Swiss-Manager's players (rated players) count"),
)
_BY_RULE: dict[str, tuple[Form, ...]] = {}
for _form in FORMS:
    _BY_RULE[_form.rule] = _BY_RULE.get(_form.rule, ()) + (_form,)


def form_of(f: Finding) -> Form | None:
    """The tolerated form ``f`` reports, if any."""
    for form in _BY_RULE.get(f.rule, ()):
        if form.matches(f):
            return form
    return None


def kind(f: Finding) -> Form | str:
    """What the reader caps ``f`` with (:class:`~trfscore.findings.CappedFindings`): its tolerated
    form, else its rule."""
    return form_of(f) or f.rule


def fold(findings: list[Finding]) -> list[Finding]:
    """``findings`` with the findings of each tolerated form replaced by one info finding at the
    first cell that uses it (in file order), counting the cells the reader left unlisted (its
    per-form cap, see :func:`kind`)."""
    groups: dict[Form, list[Finding]] = {}
    unlisted: dict[Form, int] = {}
    out: list[Finding] = []
    for f in findings:
        like, count = stands_for(f)  # a reader's note of a form capped apart counts its cells
        form = form_of(like) if like.rule in _BY_RULE else None
        if form is None:
            out.append(f)
        elif like is not f:
            unlisted[form] = unlisted.get(form, 0) + count
        else:
            groups.setdefault(form, []).append(f)
    for form, found in groups.items():
        found.sort(key=lambda f: (f.line or 0, f.column or 0))
        first = found[0]
        values = sorted({f.text.strip() for f in found if f.text.strip()})
        shown = ", ".join(repr(v) for v in values[:4]) + (" ..." if len(values) > 4 else "")
        cells = f"{len(found)} cell{'s' if len(found) != 1 else ''}" + (f": {shown}" if shown else "")
        if form in unlisted:
            cells += f", and {unlisted[form]} more cells of this rule the reader did not list one by one"
        out.append(finding(form.rule, f"tolerated legacy form: {form.describe}; {cells}, first on line "
                           f"{first.line}", first.line, first.column, first.hint, first.text, lesser=True))
    return out
