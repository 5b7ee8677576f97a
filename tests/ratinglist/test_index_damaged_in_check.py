"""A rating-list index damaged after it was opened, while ``check`` looks players up: the
library raises its own ListIndexError naming the index, the command says so in one line with
exit code 2; a genuine bug in a rule still becomes a TRF000 finding."""
from __future__ import annotations

import pytest

from trfscore import loads
from trfscore.checks.registry import check_rules
from trfscore.ratinglist import ListIndexError, RatingList

from .listhelp import CARLSEN, run, trf, write, xml_list

MALFORMED = "database disk image is malformed"


def _damage(target) -> None:
    """Every page after the first (the header: SQLite still opens it) overwritten in place, as a
    disk fault or another program would leave it; the open connection reads the file again."""
    data = bytearray(target.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)
    target.write_bytes(bytes(data))


@pytest.fixture()
def listed(tmp_path):
    rows = [dict(CARLSEN, fideid=str(100000 + i), name=f"Player{i:04d}, Test") for i in range(1, 3000)]
    return write(tmp_path, "standard_apr26frl.xml", xml_list(rows)), tmp_path / "idx.sqlite"


def test_library_raises_its_own_error_naming_the_index(listed):
    path, target = listed
    lst = RatingList.open(str(path), index=str(target), progress=False)
    assert lst.players == 2999
    _damage(target)
    with pytest.raises(ListIndexError, match=MALFORMED) as caught:
        RatingList.check(loads(trf()), lst)
    assert str(target) in str(caught.value) and "run again" in str(caught.value)


def test_command_says_which_index_and_exits_2(capsys, listed, monkeypatch):
    path, target = listed
    opened = RatingList.open

    def open_then_damage(*args, **kwargs):  # the command opens the list, then the index is damaged
        lst = opened(*args, **kwargs)
        _damage(target)
        return lst

    monkeypatch.setattr(RatingList, "open", open_then_damage)
    good = write(path.parent, "event.trf", trf())
    code, out, err = run(capsys, "check", good, "--rating-list", path, "--index", target)
    said = out + err
    assert code == 2, said
    assert str(target) in said and MALFORMED in said and "run again" in said
    assert "internal error" not in said and "TRF000" not in said and "Traceback" not in said
    # and the next run finds the damage when it opens the index, and builds it again
    monkeypatch.setattr(RatingList, "open", opened)
    code, out, err = run(capsys, "check", good, "--rating-list", path, "--index", target)
    assert code in (0, 1) and MALFORMED not in out + err and "TRF000" not in out


@pytest.mark.parametrize("planted", [ValueError("planted"), KeyError("planted")])
def test_a_bug_in_a_list_rule_is_still_trf000(listed, planted):
    """Only the index's own error leaves check; anything else a rule raises is a bug in it."""
    path, target = listed
    lst = RatingList.open(str(path), index=str(target), progress=False)

    def crash(ctx):
        raise planted

    rules = check_rules()
    at = next(i for i, r in enumerate(rules) if r.id == "FID009")
    kept, rules[at] = rules[at], rules[at]._replace(func=crash)
    try:
        found = RatingList.check(loads(trf()), lst)
    finally:
        rules[at] = kept
    crashed = [f.message for f in found if f.rule == "TRF000"]
    assert crashed == [f"internal error in check FID009: {type(planted).__name__}: {planted}"]
