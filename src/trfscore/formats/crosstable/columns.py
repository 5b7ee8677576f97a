"""The player columns beside the results: name, title, rating, federation, numbers and declared values."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

from ..trf.layout import TITLE_LETTERS
from .cells import parse_number
from .labels import label_role
from .lexing import Items, Tok
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
    sno: str | None  # a second number column (a start number beside the rank)
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


def prefix(items: Items, roles_before: list[Role], sep: bool, has_header: bool, rounds: int = 0) -> RowInfo:
    """Name, title, rating, federation, second number and declared values left of the cells.

    Read from the items' kinds and texts (items ``lo`` to ``hi - 1`` not yet placed); a token is
    made only for a declared value and a short item that may sit under its heading (:func:`_under`).
    Without a header, a number of at most ``rounds`` points (halves allowed) just before the cells
    is the printed total (chess-results prints it there in some exports)."""
    info = blank_info()
    roles = roles_before[1:] if roles_before else []
    kinds, texts = items.kinds, items.texts
    lo, hi = 0, len(kinds)
    if sep and has_header and len(roles) == hi:
        for j, (role, code, label, _) in enumerate(roles):
            _assign(info, role, code, label, items, j, kinds[j], texts[j])
        return info
    # leading numbers (a start number after a rank) and a title before the name
    if roles and roles[0][0] in ("sno", "rank") and hi > 1 and kinds[0] == "INT":
        info["sno"] = texts[0]
        lo, roles = 1, roles[1:]
    elif not has_header and hi > 1 and kinds[0] == "INT":
        info["sno"] = texts[0]
        lo = 1
    if hi - lo > 1 and kinds[lo] == "TITLE":
        info["title"] = texts[lo]
        lo += 1
    after_name = next((roles[i + 1:] for i, (role, _, _, _) in enumerate(roles) if role == "name"), [])  # right of the name
    if not has_header:
        after_name = [("title", "", "", None), ("rating", "", "", None), ("fed", "", "", None)]
        if rounds and hi - lo > 1 and _total_of(kinds[hi - 1], texts[hi - 1], rounds):
            after_name.append(("points", "PTS", "Pts", None))
    if has_header:
        for role, code, label, label_tok in reversed(after_name):
            if hi - lo <= 1:
                break
            if _fits(role, kinds[hi - 1], texts[hi - 1], has_header) or _under(role, items, hi - 1, label_tok):
                hi -= 1
                _assign(info, role, code, label, items, hi, kinds[hi], texts[hi])
    else:  # no header: the columns in any order (FED before or after the rating)
        left = list(reversed(after_name))
        while hi - lo > 1 and left:
            found = next((r for r in left if _fits(r[0], kinds[hi - 1], texts[hi - 1], has_header)), None)
            if found is None:
                break
            role, code, label, _ = found
            hi -= 1
            _assign(info, role, code, label, items, hi, kinds[hi], texts[hi])
            left.remove(found)
    if hi - lo > 1 and not info["title"] and kinds[lo] == "TITLE":
        info["title"] = texts[lo]
        lo += 1
    name = texts[lo:hi] if "EMPTY" not in kinds[lo:hi] else [
        text for kind, text in zip(kinds[lo:hi], texts[lo:hi]) if kind != "EMPTY"]
    info["name"] = " ".join(name)
    if info["name"] == "?":
        info["name"] = ""  # the writers' mark for a player without a name
    return info


def _total_of(kind: str, text: str, rounds: int) -> bool:
    """Whether an item can be a printed total of ``rounds`` rounds (0 to ``rounds``, in halves)."""
    if kind not in ("INT", "DEC", "HALF"):
        return False
    value = parse_number(text)
    return value is not None and value <= rounds and (2 * value).denominator == 1


def _under(role: str, items: Items, j: int, label: Tok | None) -> bool:
    """In an aligned table, a short item (item ``j``) printed under its column heading belongs
    to it (a federation column holding "C.C", a rating written "2100P")."""
    if label is None or role not in ("title", "rating", "fed"):
        return False
    tok = items.tok(j)
    if tok.line == label.line or tok.kind in ("NAME", "EMPTY") or len(tok.text) > 6:
        return False
    if role == "rating" and not tok.text[:1].isdecimal():
        return False
    return tok.col <= label.col + len(label.text) - 1 and tok.col + len(tok.text) - 1 >= label.col


def _fits(role: str, kind: str, text: str, has_header: bool) -> bool:
    """Whether an item of ``kind`` and ``text`` reads as a value of ``role``."""
    if role == "title":
        # TRF's own title codes (g m f c wg wm wf wc) and lower-case titles (gm, im: SwissPerfect)
        # only under a Title heading
        return kind == "TITLE" or (has_header and (text in _TRF_TITLES or text.upper() in _TITLES))
    if role == "rating":
        return kind == "INT" and 100 <= int(text) <= 3999
    if role == "fed":  # without a header a FIDE code only; other spellings only under the heading (_under)
        return kind == "FED" and (has_header or text in FEDERATIONS)
    if role in ("points", "tb", "rank"):
        return parse_number(text) is not None
    return False


_RATING = re.compile(r"\d{1,4}(?!\d)")


def rating_value(text: str) -> int | None:
    """The rating a rating cell holds (its leading 1-4 digits, ``2100P`` -> 2100), None for 0 or none."""
    m = _RATING.match(text)
    return int(m.group()) if m and int(m.group()) > 0 else None


def _assign(info: RowInfo, role: str, code: str, label: str, items: Items, j: int, kind: str, text: str) -> None:
    """Put item ``j`` of ``items`` (of ``kind`` and ``text``) into ``info`` as the value of ``role``."""
    if kind == "EMPTY":
        return
    if role == "blank":
        if kind == "TITLE" or text in _TRF_TITLES:
            info["title"] = text
        elif kind == "INT" and info["sno"] is None:
            info["sno"] = text
    elif role == "name":
        info["name"] = "" if text == "?" else text
    elif role == "title":
        info["title"] = text
    elif role == "rating":
        info["rating"] = rating_value(text)
    elif role == "fed":
        info["fed"] = text
    elif role in ("sno",):
        info["sno"] = text if kind == "INT" else None
    elif role == "fide_id":
        info["fide_id"] = text if text.isdecimal() else ""
    elif role in ("points", "tb", "rank"):
        info["declared"].append((code, label, items.tok(j)))
