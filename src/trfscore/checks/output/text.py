"""Compiler-style text: ``path:line:col: severity RULE message``, a hint, the offending text,
and a verdict line closing each file (``event.trf: failed (2 errors, 5 warnings)``).

::

    event.trf:14:112: error TRF504 round 3: result '1' of player 3 does not fit '1' of player 7 (line 18)
       14 | 001    3 m    Smith, Ann  …     7 w 1     12 b =
          |                                   ^^^^^^^^
          = hint: the results of one game are 1/0, =/=, W/L, D/D, +/- or -/-

Untrusted text (names, garbage bytes) is neutralised (:func:`trfscore.safetext.neutralise`: one
visible character for each control or bidirectional character), so a file cannot drive the
terminal and carets stay aligned.  Colour only when the stream is a terminal and ``NO_COLOR`` is unset.
"""
from __future__ import annotations

from ...safetext import neutralise as clean
from ..runner import FileResult
from .base import FAILED, PASSED, SKIPPED, Summary, Writer, display_path, statistics_lines, status, verdict

RESET, BOLD, DIM = "\x1b[0m", "\x1b[1m", "\x1b[2m"
COLOURS = {"error": "\x1b[31m", "warning": "\x1b[33m", "info": "\x1b[36m", "fatal": "\x1b[35m"}
VERDICT_COLOURS = {PASSED: "\x1b[32m", FAILED: "\x1b[31m", SKIPPED: DIM}


class TextWriter(Writer):
    summary_inline = True

    def _c(self, code: str, text: str) -> str:
        return f"{code}{text}{RESET}" if self.colour else text

    def file(self, result: FileResult) -> None:
        if not self.statistics:
            self.findings(result)
        path = clean(display_path(result.path))
        state = status(result, self.fail_on)
        self.stream.write(f"{self._c(BOLD, path)}: {self._c(VERDICT_COLOURS.get(state, COLOURS['fatal']), state)}"
                          f"{clean(verdict(result, self.fail_on)[len(state):])}\n")

    def findings(self, result: FileResult) -> None:
        out = self.stream
        path = clean(display_path(result.path))
        if result.error:
            out.write(f"{path}: {self._c(COLOURS['fatal'], 'fatal')}: cannot check: {clean(result.error)}\n")
            return
        for f in result.findings:
            where = (f"{path}:{f.line}:{f.column}" if f.column else f"{path}:{f.line}") if f.line else path
            sev = self._c(COLOURS.get(f.severity, ""), f.severity)
            out.write(f"{self._c(BOLD, where)}: {sev} {self._c(BOLD, f.rule)} {clean(f.message)}\n")
            excerpt = result.lines.get(f.line) if f.line else None
            if excerpt is not None:
                offset, text = excerpt
                shown = clean(text.rstrip("\r\n"))
                prefix = "…" if offset else ""
                gutter = f"{f.line:>6} | "
                out.write(self._c(DIM, gutter) + prefix + shown + ("…" if offset and len(text) >= 160 else "") + "\n")
                if f.column:
                    col = f.column - 1 - offset
                    if 0 <= col <= len(shown):
                        width = 1
                        needle = f.text.strip()
                        if needle:
                            k = text.find(needle, col, col + len(f.text))  # within the span, never a later cell
                            if k >= 0:
                                col, width = k, len(needle)
                        elif f.text and text[col:col + len(f.text)] == f.text:  # a blank field: all of it
                            width = len(f.text)
                        pad = " " * (len(prefix) + col)
                        out.write(self._c(DIM, " " * 6 + " | ") + pad + self._c(COLOURS.get(f.severity, ""),
                                                                                  "^" * width) + "\n")
            elif f.text:
                out.write(self._c(DIM, " " * 6 + " | ") + clean(f.text) + "\n")
            if f.hint:
                out.write(self._c(DIM, " " * 6 + " = hint: ") + clean(f.hint) + "\n")

    def finish(self, summary: Summary) -> None:
        lines = summary.text()
        if self.statistics:
            lines = statistics_lines(summary) + ["", lines[0], lines[-1]]  # (the rule lines are the table's)
        if summary.files > 1 or summary.rules or summary.unreadable:
            self.stream.write("\n")
        self.stream.write("\n".join(lines) + "\n")


class ConciseWriter(Writer):
    """One line a finding, ``path:line:col: RULE severity message`` (ruff's concise format);
    a file that cannot be read is ``path: fatal cannot check: reason``.  The summary goes to
    standard error.  With ``--statistics``, only the counts by rule."""

    def file(self, result: FileResult) -> None:
        if self.statistics or result.skipped:
            return
        path = clean(display_path(result.path))
        if result.error:
            self.stream.write(f"{path}: fatal cannot check: {clean(result.error)}\n")
            return
        for f in result.findings:
            where = (f"{path}:{f.line}:{f.column or 1}") if f.line else path
            self.stream.write(f"{where}: {f.rule} {f.severity} {clean(f.message)}\n")

    def finish(self, summary: Summary) -> None:
        if self.statistics:
            lines = statistics_lines(summary)
            if lines:
                self.stream.write("\n".join(lines) + "\n")
