"""The player columns beside the results: name, title, rating, federation, numbers and declared values."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

from ..trf.layout import TITLE_LETTERS
from .cells import parse_number
from .labels import label_role
from .lexing import Tok
from .rows import HeadRow

if TYPE_CHECKING:
    from typing import NotRequired  # Python 3.11; only read by the type checker here

FEDERATIONS = frozenset("""
AFG ALB ALG AND ANG ANT ARG ARM ARU AUS AUT AZE BAH BAN BAR BDI BEL BER BHU BIH BIZ BLR BOL BOT
BRA BRN BRU BUL BUR CAF CAM CAN CAY CHA CHI CHN CIV CMR COD COL COM CPV CRC CRO CUB CYP CZE DEN
DJI DMA DOM ECU EGY ENG ERI ESA ESP EST ETH FAI FID FIJ FIN FRA GAB GAM GCI GEO GEQ GER GHA GRE
GRN GUA GUM GUY HAI HKG HON HUN INA IND IOM IRI IRL IRQ ISL ISR ISV ITA IVB JAM JCI JOR JPN KAZ
KEN KGZ KOR KOS KSA KUW LAO LAT LBA LBN LBR LCA LES LIE LTU LUX MAC MAD MAR MAS MAW MDA MDV MEX
MGL MKD MLI MLT MNC MNE MOZ MRI MTN MYA NAM NCA NED NEP NGR NIG NOR NRU NZL OMA PAK PAN PAR PER
PHI PLE PLW PNG POL POR PUR QAT ROU RSA RUS RWA SCO SEN SEY SGP SKN SLE SLO SMR SOL SOM SRB SRI
SSD STP SUD SUI SUR SVK SWE SWZ SYR TAN THA TJK TKM TLS TOG TPE TTO TUN TUR UAE UGA UKR URU USA
UZB VAN VEN VIE VIN WLS YEM ZAM ZIM""".split())

_TRF_TITLES = frozenset(TITLE_LETTERS)
_TITLES = frozenset(TITLE_LETTERS.values())

#: A label's role, code, text and token (None for the roles assumed without a header).
Role = tuple[str, str, str, Tok | None]


class RowInfo(TypedDict):
    """What :func:`prefix` reads from a row, left of its cells."""

    name: str
    title: str
    rating: int | None
    fed: str
    sno: Tok | None  # a second number column (a start number beside the rank)
    fide_id: str
    declared: list[tuple[str, str, Tok]]  # (code, label, token) of each declared value (points, tie-breaks)
    tail: NotRequired[Sequence[Tok]]  # a Swiss row's items right of its cells, once they are located


def blank_info(name: str = "") -> RowInfo:
    """What :func:`prefix` reads from a row, before it reads anything."""
    return {"name": name, "title": "", "rating": None, "fed": "", "sno": None, "fide_id": "", "declared": []}


def label_roles(head: HeadRow) -> tuple[list[Role], list[Role]]:
    """Roles of the label cells before and after the run: (role, code, label, label token)."""
    before: list[Role] = [label_role(c.text) + (c.text, c) for c in head.labels]
    after: list[Role] = [label_role(c.text) + (c.text, c) for c in head.suffix]
    return before, after


def prefix(toks: Sequence[Tok], roles_before: list[Role], sep: bool, has_header: bool, rounds: int = 0) -> RowInfo:
    """Name, title, rating, federation, second number and declared values left of the cells.

    Without a header, a number of at most ``rounds`` points (halves allowed) just before the cells
    is the printed total (chess-results prints it there in some exports)."""
    info = blank_info()
    roles = roles_before[1:] if roles_before else []
    if sep and has_header and len(roles) == len(toks):
        for (role, code, label, _), tok in zip(roles, toks):
            _assign(info, role, code, label, tok, positional=True)
        return info
    toks = list(toks)
    # leading numbers (a start number after a rank) and a title before the name
    if roles and roles[0][0] in ("sno", "rank") and toks and toks[0].kind == "INT" and len(toks) > 1:
        info["sno"] = toks.pop(0)
        roles = roles[1:]
    elif not has_header and len(toks) > 1 and toks[0].kind == "INT":
        info["sno"] = toks.pop(0)
    if len(toks) > 1 and toks[0].kind == "TITLE":
        info["title"] = toks.pop(0).text
    name_at = next((i for i, r in enumerate(roles) if r[0] == "name"), None)
    after_name = roles[name_at + 1:] if name_at is not None else []
    if not has_header:
        after_name = [("title", "", "", None), ("rating", "", "", None), ("fed", "", "", None)]
        if rounds and len(toks) > 1 and _total_of(toks[-1], rounds):
            after_name.append(("points", "PTS", "Pts", None))
    if has_header:
        for role, code, label, label_tok in reversed(after_name):
            if len(toks) <= 1:
                break
            tok = toks[-1]
            if _fits(role, tok, has_header) or _under(role, tok, label_tok):
                _assign(info, role, code, label, tok, positional=False)
                toks.pop()
    else:  # no header: the columns in any order (FED before or after the rating)
        left = list(reversed(after_name))
        while len(toks) > 1 and left:
            found = next((r for r in left if _fits(r[0], toks[-1], has_header)), None)
            if found is None:
                break
            role, code, label, _ = found
            _assign(info, role, code, label, toks.pop(), positional=False)
            left.remove(found)
    if len(toks) > 1 and not info["title"] and toks[0].kind == "TITLE":
        info["title"] = toks.pop(0).text
    info["name"] = " ".join(t.text for t in toks if t.kind != "EMPTY")
    if info["name"] == "?":
        info["name"] = ""  # the writers' mark for a player without a name
    return info


def _total_of(tok: Tok, rounds: int) -> bool:
    """Whether ``tok`` can be a printed total of ``rounds`` rounds (0 to ``rounds``, in halves)."""
    if tok.kind not in ("INT", "DEC", "HALF"):
        return False
    value = parse_number(tok.text)
    return value is not None and value <= rounds and (2 * value).denominator == 1


def _under(role: str, tok: Tok, label: Tok | None) -> bool:
    """In an aligned table, a short item printed under its column heading belongs to it
    (a federation column holding "C.C", a rating written "2100P")."""
    if label is None or tok.line == label.line or tok.kind in ("NAME", "EMPTY"):
        return False
    if role not in ("title", "rating", "fed") or len(tok.text) > 6:
        return False
    if role == "rating" and not tok.text[:1].isdecimal():
        return False
    return tok.col <= label.col + len(label.text) - 1 and tok.col + len(tok.text) - 1 >= label.col


def _fits(role: str, tok: Tok, has_header: bool) -> bool:
    if role == "title":
        # TRF's own title codes (g m f c wg wm wf wc) and lower-case titles (gm, im: SwissPerfect)
        # only under a Title heading
        return tok.kind == "TITLE" or (has_header and (tok.text in _TRF_TITLES or tok.text.upper() in _TITLES))
    if role == "rating":
        return tok.kind == "INT" and 100 <= int(tok.text) <= 3999
    if role == "fed":
        if has_header:
            return tok.kind == "FED"  # other spellings only under the heading (_under)
        return tok.kind == "FED" and tok.text in FEDERATIONS
    if role in ("points", "tb", "rank"):
        return parse_number(tok.text) is not None
    return False


_RATING = re.compile(r"\d{1,4}(?!\d)")


def rating_value(text: str) -> int | None:
    """The rating a rating cell holds (its leading 1-4 digits, ``2100P`` -> 2100), None for 0 or none."""
    m = _RATING.match(text)
    return int(m.group()) if m and int(m.group()) > 0 else None


def _assign(info: RowInfo, role: str, code: str, label: str, tok: Tok, positional: bool) -> None:
    if tok.kind == "EMPTY":
        return
    if role == "blank":
        if tok.kind == "TITLE" or tok.text in _TRF_TITLES:
            info["title"] = tok.text
        elif tok.kind == "INT" and info["sno"] is None:
            info["sno"] = tok
    elif role == "name":
        info["name"] = "" if tok.text == "?" else tok.text
    elif role == "title":
        info["title"] = tok.text
    elif role == "rating":
        info["rating"] = rating_value(tok.text)
    elif role == "fed":
        info["fed"] = tok.text
    elif role in ("sno",):
        info["sno"] = tok if tok.kind == "INT" else None
    elif role == "fide_id":
        info["fide_id"] = tok.text if tok.text.isdecimal() else ""
    elif role in ("points", "tb", "rank"):
        info["declared"].append((code, label, tok))
