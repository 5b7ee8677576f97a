"""Pairing verification: every round of a file against the pairing the FIDE rules give.

The pairing engine is not trfscore's: the rounds are judged by the FIDE TEC reference program
(PyPI ``gacrux``, MIT), the optional extra ``pip install 'trfscore[pairings]'``.  trfscore reads
the file, decides the system (:mod:`.system`), writes the checker a normalised TRF26 of it
(:mod:`.feed`: TRF(x) ``XXA``/``XXP``/``XXC`` as ``250``/``260``/``152``, byes by what the cells
mean, computed points, UTF-8), runs the checker in this process one round at a time
(:mod:`.engine`) and compares its pairing with the pairing played::

    import trfscore
    report = trfscore.load("event.trf").verify_pairings()
    for verdict in report.rounds:
        print(verdict.round, verdict.status, verdict.summary())

``trfscore check --pairings`` turns the same :class:`Report` into findings (``TRF9xx``,
:mod:`trfscore.checks.rules.verified_pairings`).  docs/pairings.md says what is covered.
"""
from __future__ import annotations

from .engine import CHECKER, CheckerMissing, checker_version
from .verdicts import Board, Report, RoundVerdict, Status
from .verify import verify_pairings

__all__ = ["verify_pairings", "Report", "RoundVerdict", "Board", "Status", "CheckerMissing", "CHECKER",
           "checker_version"]
