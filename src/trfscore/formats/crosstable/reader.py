"""Reading a crosstable: locate the table, hand it to the grid or the Swiss reader, collect findings."""
from __future__ import annotations

from ...cells import hand_over
from ...findings import finding
from ...gcpause import gc_paused
from ...model import Source
from ...tournament import Tournament
from .cells import is_diagonal
from .grid import GridReader
from .locate import is_swiss, locate
from .rows import split_lines, table_lines
from .state import ReadState
from .swiss import SwissReader

#: A crosstable of 1,000 players with 15 rounds is under 200 KiB; larger text is not one.
MAX_TEXT = 4 * 1024 * 1024


def read(text: str, *, path: str | None = None, rr_rounds: str = "berger") -> Tournament:
    """Read a crosstable; problems become findings on the result (never an exception).

    ``rr_rounds`` places round-robin games into rounds: ``"berger"`` (Berger tables, the default)
    or ``"order"`` (a player's k-th opponent by start rank in round k).
    """
    if not isinstance(text, str):
        text = bytes(text).decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_TEXT:
        t = Tournament(source=Source(path=path, format="crosstable"))
        t.findings.append(finding("CTB100", f"{len(text) // 1024} KiB of text is far more than a "
                                  f"crosstable; only texts up to {MAX_TEXT // 1024} KiB are read as one", 1, 1,
                                  "give the table alone, or the file's format with --from"))
        return t
    state = ReadState(text, path)
    try:
        with gc_paused():  # hundreds of thousands of acyclic objects for a big table
            _run(state, rr_rounds if rr_rounds in ("berger", "order") else "berger")
    except Exception as exc:  # pragma: no cover - a reader bug must not become a traceback
        state.add("CTB100", f"the table could not be read: internal error {type(exc).__name__}: {exc}", 1, 1,
                  "please report this input to the trfscore authors")
    return state.finish()


def _run(state: ReadState, rr_rounds: str) -> Tournament:
    """Locate the table in ``state.text`` and read it as a Swiss table or a round-robin grid."""
    try:
        lines = state.lines()
    except Exception as exc:  # the grammar types every character; this is a safety net
        state.add("CTB100", f"the text could not be split into items ({type(exc).__name__})", 1, 1)
        return state.t
    found = locate(lines, state.raw_lines)
    del lines  # (the lines' items go once the rows are found)
    if found is None:
        state.add("CTB100", "read as a crosstable (no other format fits), but no table was found: no header "
                  "row 1 2 3 ... or 1.Rd 2.Rd ..., and no numbered rows with round-robin cells (1 0 ½) or Swiss "
                  "cells (12w1, 27:W, W12, +W12)", 1, 1,
                  "paste the table with its header row, one player per line (or the one-line form)")
        return state.t
    head, rows, skipped, title = found
    if title is not None:
        state.t.header.name = title
    if skipped:
        state.add("CTB109", f"{len(skipped)} line(s) of text around the table were not read "
                  f"(first: line {skipped[0]})", skipped[0], 1)
    if is_swiss(head, rows):
        SwissReader(state).read(head, rows)
    else:
        GridReader(state, rr_rounds).read(head, rows)
    state.compare_totals()
    state.publish_declared()
    hand_over(state.t.players)  # the cells in the one store, however the rows were read
    return state.t


def sniff(text: str) -> bool:
    """True when ``text`` holds something this module reads as a crosstable."""
    text = text[:200_000]
    raw_lines = split_lines(text)
    found = locate(table_lines(text, raw_lines), raw_lines)
    return found is not None and (is_swiss(found.head, found.rows) or any(
        "DIAG" in r.toks.kinds or any(map(is_diagonal, r.toks.texts)) for r in found.rows))
