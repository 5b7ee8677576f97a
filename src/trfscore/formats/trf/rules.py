"""Rule ids the TRF reader reports while it reads (TRF digest §9, families A-D and G).

Ids are stable: ``TRF1xx`` file and lexical level, ``TRF2xx`` header records, ``TRF3xx`` the
``001`` player fields, ``TRF4xx`` round cells, ``TRF7xx`` extension records.  Cross-record rules
(symmetry, points, ranks, teams) are checks of their own in :mod:`trfscore.check`.
"""
from __future__ import annotations

from ...findings import ERROR, INFO, WARNING

# id -> (default severity, one-line summary)
READER_RULES: dict[str, tuple[str, str]] = {
    "TRF100": (ERROR, "the input is not a TRF file (binary, empty or no TRF records)"),
    "TRF101": (WARNING, "the file is not UTF-8; another encoding was used"),
    "TRF102": (INFO, "the file mixes line endings"),
    "TRF103": (ERROR, "a tab character inside a fixed-column record"),
    "TRF104": (INFO, "a line that is no TRF record is kept verbatim"),
    "TRF105": (ERROR, "a line is too long to be a TRF record"),
    "TRF106": (ERROR, "round-block grid misaligned (separator columns not blank)"),
    "TRF201": (WARNING, "tournament name (012) missing or empty"),
    "TRF202": (WARNING, "a date is not in the TRF26 form YYYY/MM/DD or does not parse"),
    "TRF203": (WARNING, "start date after end date"),
    "TRF204": (WARNING, "a 132 round date does not parse or is out of order"),
    "TRF205": (ERROR, "number of rounds (142/XXR) invalid or conflicting"),
    "TRF206": (ERROR, "initial colour (152/XXC) invalid or conflicting"),
    "TRF207": (ERROR, "scoring system (162/XXS/BB?) invalid"),
    "TRF208": (WARNING, "tournament type (192) is not a known ETT26 code"),
    "TRF209": (WARNING, "tie-break list (202/212) does not parse"),
    "TRF210": (WARNING, "encoded time control (222) does not parse"),
    "TRF211": (WARNING, "a header record's content does not fit its TRF26 meaning"),
    "TRF212": (WARNING, "a single-valued header record appears more than once"),
    "TRF213": (WARNING, "a numeric header record (062/072/082/142) is not a number"),
    "TRF301": (ERROR, "start rank missing, not a number or out of 1..9999"),
    "TRF302": (ERROR, "start rank used twice"),
    "TRF303": (WARNING, "sex is not m, w or blank"),
    "TRF304": (WARNING, "title is not a FIDE title code"),
    "TRF305": (WARNING, "player name empty or without a comma"),
    "TRF306": (ERROR, "rating is not a number"),
    "TRF307": (WARNING, "federation is not three letters"),
    "TRF308": (WARNING, "FIDE id is not a number"),
    "TRF309": (WARNING, "birth date is not YYYY/MM/DD or YYYY"),
    "TRF310": (ERROR, "points field does not parse"),
    "TRF311": (WARNING, "points field uses a decimal comma or more than one decimal"),
    "TRF312": (WARNING, "rank field is not a number"),
    "TRF313": (ERROR, "more than 9,999 players: start ranks have four columns"),
    "TRF314": (ERROR, "player line truncated before the points field"),
    "TRF401": (ERROR, "opponent is not a player of this tournament"),
    "TRF402": (ERROR, "round block truncated or malformed"),
    "TRF403": (ERROR, "colour is not w, b, - or blank"),
    "TRF404": (ERROR, "unknown result code"),
    "TRF405": (ERROR, "opponent, colour and result do not combine legally"),
    "TRF406": (WARNING, "a legal-but-irregular cell (forfeit without colour, legacy bye code)"),
    "TRF407": (ERROR, "round data beyond the declared number of rounds"),
    "TRF408": (WARNING, "blank-result rounds read as byes because the declared points count them"),
    "TRF409": (ERROR, "round data of some lines reaches far past the rest: not one tournament"),
    "TRF701": (WARNING, "XXC token unknown"),
    "TRF702": (ERROR, "extension record (XXA/XXP/XXZ/240/250/260/299/300/320/330) malformed"),
    "TRF703": (ERROR, "team record (013/310) malformed"),
}


def severity(rule: str) -> str:
    return READER_RULES[rule][0]


def summary(rule: str) -> str:
    return READER_RULES[rule][1]
