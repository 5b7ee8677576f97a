"""Explanations: how one player's tie-break value is made, term by term.

``str(explanation)`` starts with the formula line, as the Wikipedia "Sonneborn-Berger score"
article writes Sloth's (``0.5*11.0 + 0.5*10.5 + ... = 69.5`` for a Sonneborn-Berger score,
``3.0 + 1.5 + ... = 11.5`` for a Buchholz), and then names every unplayed round with the rule
that valued it, and every value a cut removed.  ``to_dict()`` gives the same
facts as JSON-friendly values.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..decimals import fmt_number, json_number

__all__ = ["Term", "Explanation", "fmt_number"]


@dataclass
class Term:
    """One round's part in a tie-break value."""

    round: int | None  # 1-based; None for terms that are not tied to a round
    opponent: int | None  # opponent's start rank (None: bye, absence, dummy)
    value: Any  # the opponent score / rating / running score ... that enters the formula
    weight: Any = None  # SB: points scored in that round; None where the formula is a plain sum
    unplayed: bool = False
    category: str = ""  # e.g. "half-point bye (16.2.3)"
    rule: str | None = None  # the rule that valued an unplayed round
    cut: bool = False
    cut_reason: str | None = None
    vur: bool = False  # voluntarily unplayed round (Art. 16.1.2)
    note: str = ""
    remark: str = ""  # shown under the formula (e.g. an opponent counted with an adjusted score)

    @property
    def contribution(self) -> Any:
        """What the term adds to the sum: ``weight x value`` (SB), else the value."""
        if self.weight is None:
            return self.value
        return self.weight * self.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round, "opponent": self.opponent, "value": json_number(self.value),
            "weight": json_number(self.weight),
            "contribution": json_number(self.contribution), "unplayed": self.unplayed,
            "category": self.category or None, "rule": self.rule, "cut": self.cut,
            "cut_reason": self.cut_reason, "vur": self.vur,
            "note": self.remark or self.note or None,
        }


@dataclass
class Explanation:
    """How one tie-break value of one player is made (``Standings.explain``)."""

    start_rank: int
    name: str
    code: str
    value: Any
    rules: str = ""
    system: str = ""
    terms: list[Term] = field(default_factory=list)
    style: str = "sum"  # "sum": v1 + v2 ...; "product": w1*v1 + ...; "text": ``formula`` only
    formula: str | None = None  # first line when the terms do not make a sum
    notes: list[str] = field(default_factory=list)
    integer: bool = False

    def _num(self, x: Any) -> str:
        if self.integer and not isinstance(x, Fraction):
            return str(x)
        if isinstance(x, Fraction) and self.integer and x.denominator == 1:
            return str(int(x))
        return fmt_number(x)

    def line(self) -> str:
        """The formula line (``0.5*11.0 + ... = 69.5``)."""
        if self.formula is not None:
            return self.formula
        parts = []
        for t in self.terms:
            if t.cut:
                continue
            if self.style == "product":
                if t.weight == 0:
                    continue
                parts.append(f"{fmt_number(t.weight)}*{self._num(t.value)}")
            else:
                parts.append(self._num(t.value))
        left = " + ".join(parts) if parts else "0"
        return f"{left} = {self._num(self.value)}"

    def __str__(self) -> str:
        lines = [self.line()]
        for t in self.terms:
            if t.remark:
                lines.append(f"  R{t.round}: {t.remark}")
        for t in self.terms:
            if t.unplayed:
                where = f"R{t.round}" if t.round else "-"
                vs = f" (scheduled opponent #{t.opponent})" if t.opponent else ""
                rule = f"; {t.rule}" if t.rule else ""
                lines.append(f"  {where}: {t.category}{vs}, valued {self._num(t.value)}{rule}")
        for t in self.terms:
            if t.cut:
                where = f"R{t.round}" if t.round else "-"
                amount = t.contribution if self.style == "product" else t.value
                reason = f" ({t.cut_reason})" if t.cut_reason else ""
                lines.append(f"  cut: {where} {self._num(amount)}{reason}")
        for n in self.notes:
            lines.append(f"  {n}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "start_rank": self.start_rank, "tiebreak": self.code, "name": self.name,
            "value": json_number(self.value), "rules": self.rules, "system": self.system,
            "formula": self.line(), "terms": [t.to_dict() for t in self.terms],
            "notes": list(self.notes), "text": str(self),
        }
