"""The fresh TRF writers keep the header records in their order: ``082`` stays after ``072``
even in an individual event that declares ``082 0`` (FIDE's example1.txt does; issue #25)."""
from __future__ import annotations

import pytest

import trfscore

TEXT = """012 Open
042 2026/04/01
062 2
072 2
082 0
092 Individual: Swiss-System
001    1 m    Player0001, Test                  1800 GER      100001 1990/01/01  1.0    1     2 w 1
001    2 m    Player0002, Test                  1800 GER      100002 1990/01/01  0.0    2     1 b 0
"""


@pytest.mark.parametrize("version", ["trf16", "trf26"])
def test_082_stays_in_the_header(version):
    lines = trfscore.dumps(trfscore.loads(TEXT), version).splitlines()
    codes = [line[:3] for line in lines]
    assert "082 0" in lines
    assert codes.index("072") < codes.index("082") < codes.index("092") < codes.index("001")
    assert codes.count("082") == 1
