"""GitHub Actions workflow commands: one annotation per finding, on the offending line.

``::error file=event.trf,line=14,col=112,title=TRF504::round 3: ...`` makes GitHub show the
message on line 14 of the file in the pull request.  Severities map to ``error``, ``warning``
and ``notice``.  Untrusted text is neutralised (:mod:`trfscore.safetext`), then escaped as the
runner expects (``%`` ``\\r`` ``\\n``), property values
also ``:`` and ``,``, so no file content can end the command early or inject another one.
"""
from __future__ import annotations

from ...safetext import neutralise, neutralise_lines
from ..runner import FileResult
from .base import Summary, Writer, display_path

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    return neutralise_lines(text).replace("%", "%25").replace("\n", "%0A")  # CR is neutralised already


def escape_property(text: str) -> str:
    return neutralise(text).replace("%", "%25").replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **properties: object) -> str:
    props = ",".join(f"{k}={escape_property(str(v))}" for k, v in properties.items() if v not in (None, ""))
    return f"::{level}{' ' + props if props else ''}::{escape_data(message)}"


class GithubWriter(Writer):
    def file(self, result: FileResult) -> None:
        path = display_path(result.path)
        if result.error:
            self.stream.write(command("error", f"cannot check this file: {result.error}", file=path,
                                      title="trfscore") + "\n")
            return
        for f in result.findings:
            message = f"{f.rule} {f.message}" + (f"\nhint: {f.hint}" if f.hint else "")
            self.stream.write(command(LEVELS.get(f.severity, "notice"), message, file=path, line=f.line,
                                      col=f.column if f.line else None, title=f"trfscore {f.rule}") + "\n")

    def finish(self, summary: Summary) -> None:
        self.stream.flush()
