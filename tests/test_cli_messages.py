"""Messages that tell the user what to do in the user's own terms (issue #25)."""
from __future__ import annotations

from conftest import run_cli

LATIN1 = ("012 Côte d'Azur Open\n"
          "001    1 m    Müller, Jörg                      1800 GER      100001 1990/01/01  1.0    1     2 w 1\n"
          "001    2 m    Señor, José                          0 ESP      100002 1990/01/01  0.0    2     1 b 0\n")


def test_a_forced_encoding_is_not_reported_as_a_guess(capsys, tmp_path):
    path = tmp_path / "event.trf"
    path.write_bytes(LATIN1.encode("latin-1"))
    code, out, err = run_cli(capsys, "report", path)
    assert code == 0 and "not UTF-8; read as" in err and "--encoding" in err  # guessed: said, with the way out
    code, out, err = run_cli(capsys, "report", path, "--encoding", "latin-1")
    assert code == 0 and "not UTF-8" not in err and "iso8859" not in err and "Müller" in out


def test_the_rating_based_note_names_the_command_line_option(capsys, tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(LATIN1, encoding="utf-8")
    code, out, err = run_cli(capsys, "report", path, "--tiebreaks", "ARO")
    assert code == 0
    assert "--unrated N" in out + err
    code, out, err = run_cli(capsys, "report", path, "--tiebreaks", "ARO", "--unrated", "1000")
    assert "rating-based tie-breaks dropped" not in out + err
