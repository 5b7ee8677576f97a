"""The FIDE TEC reference program's pairing checker (PyPI ``gacrux``), run in this process.

gacrux has no documented library interface: its ``pairingchecker`` class reads its options with
argparse and runs in stages (read, prepare, check), each of which records a status instead of
raising.  One :class:`Session` builds the checker once with its options given here (never from
``sys.argv``) and the TRF text given as a string (no file, no network), then judges one round
at a time, so that a caller can show progress and a round the checker fails on costs only that
round.  Tested with the versions of :data:`SUPPORTED` (pyproject's ``pairings`` extra).
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from typing import Any

from .verdicts import Pair

CHECKER = "gacrux"
#: The versions the tests cover (the ``pairings`` extra of pyproject.toml pins the same range).
SUPPORTED = ">=1.11.65,<1.12"
INSTALL = "pip install 'trfscore[pairings]'"


class CheckerMissing(ImportError):
    """The pairing checker (the ``pairings`` extra) is not installed."""

    def __init__(self) -> None:
        super().__init__(f"the pairing check needs the FIDE TEC reference program ({CHECKER}); install it with: "
                         f"{INSTALL}")


def available() -> bool:
    return importlib.util.find_spec(CHECKER) is not None


def checker_version() -> str | None:
    """The installed checker's version, or None when it is not installed."""
    if not available():
        return None
    from gacrux import version  # type: ignore[import-untyped]

    return str(version.version()["version"])


@dataclass
class Judged:
    """The checker's answer for one round: its pairing and the file's, both (white, black) by board."""

    round: int
    rules: list[Pair]  # empty when no legal pairing exists
    played: list[Pair]
    complete: bool  # a legal pairing exists
    reason: str = ""  # the checker's reason (first criterion on which the played pairing loses)
    error: str = ""  # the checker failed on this round: its message
    colour_rules: dict[Pair, str] = field(default_factory=dict)  # the colour rule of each of its pairs


class Session:
    """The checker over one tournament text; its 192 record names the system to judge by, and
    ``rules`` the FIDE text its criteria are cited from (C.04.3 Dutch, C.04.6 teams)."""

    def __init__(self, text: str, initial_colour: str, rules: str = "C.04.3") -> None:
        if not available():
            raise CheckerMissing()
        self.text = text
        self.document = rules
        self.argv = ["-c", "-i", "-", "-b", "utf-8", "-t", initial_colour]
        self.error = ""
        self.rules = ""  # the rules edition the checker names (its label, e.g. "2026-02-01")
        self._checker = self._read()

    def _read(self) -> Any:
        """A checker with the text read and the tournament prepared; ``error`` says why not."""
        from gacrux.pairingchecker import pairingchecker  # type: ignore[import-untyped]

        pc = pairingchecker()
        parse = pc.parser.parse_args
        argv = list(self.argv)
        pc.parser.parse_args = lambda *_: parse(argv)  # its options from here, not from sys.argv
        pc.do_command(pc.read_command_line, 500, "options")
        pc.params.update(jch=self.text)  # the TRF text itself (read_input_file reads "jch" before any file)
        pc.do_command(pc.read_input_file, 502, "read")
        pc.do_command(pc.prepare_tournament, 501, "prepare")
        status = pc.resultjson["status"]
        if status["code"]:
            self.error = "; ".join(str(e) for e in status.get("error") or []) or f"status {status['code']}"
            return None
        return pc

    def judge(self, rnd: int) -> Judged:
        """The checker's verdict on round ``rnd`` (rebuilt from the file's rounds before it)."""
        pc = self._checker
        if pc is None:
            return Judged(rnd, [], [], False, error=self.error)
        pc.params["current_round"] = rnd
        pc.do_command(pc.do_checker, 481, "check")
        status = pc.resultjson["status"]
        rounds = (getattr(pc.chessfile, "result", None) or {}).get("roundpairing") or []
        if status["code"] or not rounds:
            message = "; ".join(str(e) for e in status.get("error") or []) or f"status {status['code']}"
            self._checker = self._read()  # a fresh checker for the next rounds: this one holds the failure
            return Judged(rnd, [], [], False, error=message)
        self.rules = pc.chessfile.result.get("rules", "")
        found = rounds[0]
        rules = [(int(p[0]), int(p[1])) for p in found["pairs"]]
        played = [(int(p[0]), int(p[1])) for p in found["current"]]
        complete = bool(rules) or not played  # no pairs at all: the checker found no legal pairing
        judged = Judged(rnd, rules, played, complete)
        if rules != played:
            judged.reason = _reason(found, self.document)
            judged.colour_rules = {(p["w"], p["b"]): str(p["colorrule"]) for bracket in found.get("pairing") or []
                                   if isinstance(bracket, dict) for p in bracket.get("pairs") or []
                                   if isinstance(p, dict) and p.get("colorrule") and "w" in p and "b" in p}
        return judged


#: gacrux's names of its ordering steps after the quality criteria (C.04.3 C.5-C.21, named
#: ``QC5`` ...): the order in which section D of the Dutch rules tries the candidate pairings of
#: a heterogeneous (``HE``) or a homogeneous (``HO``) bracket.
_ORDERING = {"HE": "heterogeneous", "HO": "homogeneous"}


def _criterion(label: str, document: str) -> str:
    """gacrux's label of a quality criterion as the rules name it: C.04.3 C.5-C.21 (``QC5``...),
    C.04.6 art. 2.3 [C4]-[C10] (``QC4``...)."""
    if label.startswith("QC") or label.startswith("QN"):
        if document == "C.04.6":
            return f"criterion [C{label[2:]}] (C.04.6 art. 2.3)"
        return f"criterion C.{label[2:]} ({document})"
    kind = _ORDERING.get(label[:2])
    if kind:
        return f"the order of the candidate pairings of a {kind} bracket ({document} section D, step {label})"
    return label


def _score(found: dict[str, Any], level: Any) -> str:
    """The score (with acceleration) of gacrux's score level ``level``, as it lists them."""
    table = found.get("level2score")
    table = table[0] if isinstance(table, tuple) and table else table  # (it comes wrapped in a 1-tuple)
    try:
        score = float(table[level])  # type: ignore[index]
    except (TypeError, IndexError, ValueError, KeyError):
        return f"level {level}"
    return f"{score:g} point" + ("" if score == 1 else "s")


def _reason(found: dict[str, Any], document: str) -> str:
    """Why the checker's pairing is preferred: the first score bracket where the played pairing's
    quality differs from the checker's, and the first criterion that differs there; for the
    Berger tables, the table itself."""
    pairing, analysis = found.get("pairing") or [], found.get("analysis") or []
    if not pairing:
        article = "art. 3.3.3" if document == "C.04.6" else "art. 1.9.3"
        return f"no legal pairing exists ({document} {article}: the arbiter decides)"
    for ours, theirs in zip(analysis, pairing):
        if not isinstance(ours, dict) or not isinstance(theirs, dict):
            continue
        mine, rules = ours.get("quality"), theirs.get("quality")
        if not isinstance(mine, dict) or not isinstance(rules, dict):
            if found.get("pairs") != found.get("current"):
                return "the Berger table of this round (C.05 Annex 1)"
            continue
        for label, value in rules.items():
            if label == "QMM" or mine.get(label) == value:
                continue
            return (f"first difference in the score bracket of {_score(found, ours.get('scorelevel'))}: "
                    f"{_criterion(label, document)}, played {mine.get(label)}, rules {value}")
    return ""
