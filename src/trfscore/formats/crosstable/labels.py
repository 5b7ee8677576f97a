"""Header labels: what a column heading names (rank, name, rating, points, a tie-break ...)."""
from __future__ import annotations

import re

_TB_CODES = {
    "ns": "SB", "sb": "SB", "s-b": "SB", "s.-b": "SB", "s.b": "SB", "sob": "SB", "soberg": "SB",
    "sonneborn": "SB", "sonneborn-berger": "SB", "neustadtl": "SB", "berger": "SB", "sbw": "SB",
    "bh": "BH", "buchholz": "BH", "buch": "BH", "solkoff": "BH", "bhz": "BH",
    "mbh": "BH-M1", "median": "BH-M1", "m-bh": "BH-M1", "bh-c1": "BH-C1", "cut1": "BH-C1", "bh1": "BH-C1",
    "ps": "PS", "progr": "PS", "progressive": "PS", "cum": "PS", "cumulative": "PS", "fs": "PS",
    "de": "DE", "direct": "DE", "h2h": "DE", "win": "WIN", "wins": "WIN", "won": "WIN", "w": "WIN",
    "bpg": "BPG", "black": "BPG", "koya": "KS", "ks": "KS", "k": "KS", "aro": "ARO", "tpr": "TPR",
    "rp": "TPR", "perf": "TPR", "performance": "TPR", "ptp": "PTP", "apro": "APRO", "apo": "APPO",
}
_POINTS_LABELS = {"cs", "pts", "points", "score", "total", "tot", "pkt", "punkte", "p", "sum", "pt", "σ",
                  "total pts", "pts total", "result", "pnt", "pont", "pkte", "punten", "ptn", "punti", "pontos",
                  "puntos", "poeng", "poäng", "pisteet", "body", "bodovi", "puan", "очки"}
#: "Name" in the export languages (chess-results, Swiss-Manager) besides words holding "name".
_NAME_LABELS = {"spieler", "joueur", "nombre", "participant", "teilnehmer", "jugador", "naam", "nom", "nome",
                "nazwisko", "jméno", "namn", "navn", "nimi", "isim", "имя", "ime", "név"}
_RANK_LABELS = {"rk", "rank", "place", "pl", "platz", "pos", "position", "plc", "rg", "rang", "final rank"}
_SNO_LABELS = {"sno", "snr", "no", "nr", "num", "number", "", "start", "pair", "pair num", "id", "n", "s.no"}
_TITLE_LABELS = {"title", "tit", "ti", "titel"}
_RATING_LABELS = {"rtg", "elo", "rating", "ratg", "rtng", "fide", "nwz", "dwz", "rat", "elo fide", "uscf"}
_FED_LABELS = {"fed", "federation", "nat", "country", "land", "verband", "nation", "fide fed", "fd", "feder"}
_FIDE_ID_LABELS = {"intl id", "fide id", "fideid", "fide-id", "id fide", "fide no", "fide nr"}
_OTHER_LABELS = {"club", "team", "city", "verein", "club/city", "sex", "type", "gr", "group", "k", "rtg+/-",
                 "loc id", "loc", "nat id", "local id", "uscf id", "ecf code", "verein/ort"}
_ROUND_LABEL = re.compile(r"(?:(\d{1,9})\s*\.?\s*(?:rd|rnd|r|round|runde|rde|ronde|rnd)\.?|"
                          r"(?:rd|rnd|r|round|runde|rde|ronde)\s*\.?\s*(\d{1,9}))", re.I)


def label_role(text: str) -> tuple[str, str]:
    """``(role, code)`` of a header label: role is one of id/rank/sno/name/title/rating/fed/points/
    tb/round/other; code is the tie-break code for ``tb``."""
    if not text.strip():
        return "blank", ""  # chess-results heads its title column with nothing
    norm = re.sub(r"\s+", " ", text.strip().lower().strip(" .:#*")).replace(". ", " ").rstrip(".")
    if norm in _FIDE_ID_LABELS:
        return "fide_id", ""
    if norm in _RANK_LABELS:
        return "rank", "RANK"
    if norm in _SNO_LABELS:
        return "sno", "SNO"
    if "name" in norm or "player" in norm or norm in _NAME_LABELS:
        return "name", ""
    if norm in _TITLE_LABELS:
        return "title", ""
    if norm in _RATING_LABELS or "rtg" in norm.split() or "rating" in norm.split():
        return "rating", ""
    if norm in _FED_LABELS:
        return "fed", ""
    if norm in _POINTS_LABELS or norm.startswith(("pts", "points", "total")):
        return "points", "PTS"
    if _ROUND_LABEL.fullmatch(norm):
        return "round", ""
    key = norm.replace(" ", "")
    if key in _TB_CODES:
        return "tb", _TB_CODES[key]
    if m := re.fullmatch(r"tb\s*(\d{1,9})", norm):
        return "tb", f"TB{int(m.group(1))}"
    if norm in _OTHER_LABELS:
        return "other", ""
    return "tb", re.sub(r"[^A-Z0-9/\-]", "", text.upper()) or "COL"
