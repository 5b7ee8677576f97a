"""Rating lists written in FIDE's published layouts, for the rating-list tests.

The layouts (rating-list spec, docs/ratinglist.md):
* XML: ``<playerslist>`` of ``<player>`` elements in FIDE's element order, without an XML
  declaration (as FIDE's download has none);
* TXT: the header lines below, each value starting under its header word.  The FOA header is the
  one of FIDE's combined list since 2022 (also reproduced in the tests of
  jackstenglein/chess-dojo-scheduler: "Name at 15, SRtng at 113"); the header without FOA and the
  old one (``ID number Name ... TitlFed  Mar11 GamesBorn  Flag``) with real rows are those of
  gitpan/Chess-FIDE ``t/02-FIDE.t``;
* CSV: the DSB export's column names (schach-in/modules-ratings ``zzbrick_tables/dwz-spieler.php``
  names ZPS, Mgl_Nr, Status, Spielername, Geschlecht, Geburtsjahr, DWZ, DWZ_Index, FIDE_Elo,
  FIDE_Titel, FIDE_ID, FIDE_Land).
"""
from __future__ import annotations

import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "check"))

from checkhelp import HEADER, SWISS, player_line, rules_of, trf  # noqa: E402,F401

from conftest import run_cli  # noqa: E402

XML_FIELDS = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating", "games",
              "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birthday",
              "flag")
PER_TYPE_FIELDS = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating",
                   "games", "k", "birthday", "flag")

TXT_COMBINED_HEADER = ("ID Number      Name                                                         Fed Sex Tit  "
                       "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
TXT_PER_TYPE_HEADER = ("ID Number      Name                                                         Fed Sex Tit  "
                       "WTit OTit           FOA {month} Gms K  B-day Flag")
#: gitpan/Chess-FIDE t/02-FIDE.t: the combined header before the FOA column, and three rows.
TXT_NO_FOA_HEADER = ("ID Number      Name                                                         Fed Sex Tit  "
                     "WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
TXT_NO_FOA_ROWS = [
    "10207538       A E M, Doshtagir                                             BAN M                            "
    "1840  0   40 1836  0   20 1860  0   20 1974      ",
    "5031605        A, Akshaya                                                   IND F                            "
    "2014  0   20                           1994  wi",
    "1701991        Aaberg, Anton                                                SWE M   IM                       "
    "2393  0   10                           1972",
]
#: gitpan/Chess-FIDE t/02-FIDE.t: the old header (March 2011) and three rows.
TXT_OLD_HEADER = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"
TXT_OLD_ROWS = [
    " 4158814  Andreikin, Dmitry                 g   RUS  2686    9  1990  ",
    "10206612  A K M, Sourab                         BAN  1714    0        ",
    " 5080444  A, Sohita                             IND  1447    0  1995  wi",
]
#: The DSB export's header (column names as schach-in/modules-ratings lists them).
DSB_HEADER = "ZPS;Mgl-Nr;Status;Spielername;Geschlecht;Spielberechtigung;Geburtsjahr;Letzte-Auswertung;DWZ;Index;" \
             "FIDE-Elo;FIDE-Titel;FIDE-ID;FIDE-Land"

CARLSEN = {"fideid": "1503014", "name": "Carlsen, Magnus", "country": "NOR", "sex": "M", "title": "GM",
           "rating": "2839", "games": "0", "k": "10", "rapid_rating": "2823", "rapid_games": "5", "rapid_k": "10",
           "blitz_rating": "2886", "blitz_games": "0", "blitz_k": "10", "birthday": "1990"}


def xml_list(players: list[dict], *, per_type: bool = False) -> str:
    names = PER_TYPE_FIELDS if per_type else XML_FIELDS
    out = ["<playerslist>"]
    for p in players:
        out.append("<player>" + "".join(f"<{n}>{escape(str(p.get(n, '')))}</{n}>" for n in names) + "</player>")
    out.append("</playerslist>")
    return "\n".join(out) + "\n"


def txt_row(header: str, values: dict[str, str]) -> str:
    """A row of ``header``'s layout: each value starts where its header word starts."""
    words = {"ID": "fideid", "Name": "name", "Fed": "country", "Sex": "sex", "Tit": "title", "WTit": "w_title",
             "OTit": "o_title", "FOA": "foa_title", "SRtng": "rating", "SGm": "games", "SK": "k",
             "RRtng": "rapid_rating", "RGm": "rapid_games", "Rk": "rapid_k", "BRtng": "blitz_rating",
             "BGm": "blitz_games", "BK": "blitz_k", "Gms": "games", "K": "k", "B-day": "birthday", "Flag": "flag"}
    line = [" "] * (len(header) + 4)
    import re

    for m in re.finditer(r"\S+", header):
        word = m.group()
        name = words.get(word) or ("rating" if re.fullmatch(r"[A-Z]{3}\d{2}", word) else None)
        value = str(values.get(name, "")) if name else ""
        line[m.start():m.start() + len(value)] = value
    return "".join(line).rstrip()


def txt_list(players: list[dict], header: str = TXT_COMBINED_HEADER, newline: str = "\r\n") -> str:
    return newline.join([header] + [txt_row(header, p) for p in players]) + newline


def write(tmp: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp / name
    path.write_bytes(text.encode(encoding))
    return path


def zipped(tmp: Path, name: str, member: str, text: str) -> Path:
    path = tmp / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(member, text)
    return path


run = run_cli
