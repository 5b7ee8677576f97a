"""The team model's findings carry ids the check rule modules declare (TRF560, TRF601-TRF611):
team standings computed in a process where ``check`` never ran must still find them.

Run in a fresh interpreter: inside pytest the check rules are imported already by other tests,
so an in-process test could not fail.  Before the mend ``report --teams`` on a team naming a
member that is no player ended in ``internal error: KeyError: 'TRF601'``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from check.checkhelp import player_line  # the check tests' TRF line writer

SRC = Path(__file__).resolve().parents[2] / "src"

# team A names player 9, who is not in the file (TRF601); B names player 2
TEXT = "\n".join(["012 Member missing", "092 Team Swiss", player_line(1, ["2 w 1"]), player_line(2, ["1 b 0"]),
                  "013 Team A                            1    9", "013 Team B                            2", ""])

PROGRAM = """
import sys, trfscore
standings = trfscore.loads(sys.stdin.read()).standings(teams=True)
print(",".join(sorted({f.rule for f in standings.findings})))
"""


def test_team_findings_without_check_imported():
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", PROGRAM], input=TEXT, capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "TRF601" in done.stdout.strip().split(",")
