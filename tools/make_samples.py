"""Write the bundled samples in samples/ (run from the repository root: python tools/make_samples.py).

* correspondence-1975.trf: the final of the 8th World Correspondence Chess Championship (1975-80)
  from the crosstable printed in the Wikipedia Sonneborn-Berger article.  The crosstable gives
  results, not rounds, so games are laid on the 16-player Berger tables (the 15th player's
  opponent is a sit-out) with Berger colours; points and ranks are as printed.
* swiss-byes-forfeits.trf: a synthetic 24-player, 7-round Swiss with requested byes, a
  pairing-allocated bye, forfeits and a withdrawal (trfscore.testing.generate, seed 11).
* swiss-trf26.trf: the same event written with TRF26 header records (142, 162, 192, 202).
* fide-list-sample.xml: a made-up FIDE rating list (the XML layout of FIDE's download) holding
  the Swiss sample's players, with three differences a rating officer would be told about: a
  name spelt another way, another federation and another rating.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from trfscore.formats.trf import format_player  # noqa: E402
from trfscore.model import Game, Kind, Player  # noqa: E402
from trfscore.testing.generate import berger, swiss, to_trf  # noqa: E402

# The crosstable as printed in that article: name, row of results against players 1..15 ("X" = self).
CROSSTABLE = """\
Sloth X ½ ½ 1 ½ ½ 1 1 ½ 1 ½ 1 1 1 1
Zagorovsky ½ X 0 ½ 1 ½ 1 1 1 ½ 1 1 1 1 1
Kosenkov ½ 1 X ½ ½ ½ ½ ½ 1 1 ½ 1 1 1 1
Khasin 0 ½ ½ X ½ 1 ½ 0 1 1 ½ 1 ½ 1 ½
Kletsel ½ 0 ½ ½ X ½ ½ ½ ½ 0 1 1 ½ 1 1
De Carbonnel ½ ½ ½ 0 ½ X ½ ½ 0 1 ½ ½ 0 1 1
Arnlind 0 0 ½ ½ ½ ½ X ½ 1 0 ½ ½ 1 1 ½
Dunhaupt 0 0 ½ 1 ½ ½ ½ X 0 ½ 1 0 1 ½ 1
Maedler ½ 0 0 0 ½ 1 0 1 X 1 ½ ½ ½ ½ 1
Estrin 0 ½ 0 0 1 0 1 ½ 0 X 1 1 1 0 1
Walther ½ 0 ½ ½ 0 ½ ½ 0 ½ 0 X 0 1 ½ 1
Boey 0 0 0 0 0 ½ ½ 1 ½ 0 1 X ½ ½ 1
Abramov 0 0 0 ½ ½ 1 0 0 ½ 0 0 ½ X ½ 1
Siklos 0 0 0 0 0 0 0 ½ ½ 1 ½ ½ ½ X 1
Nun 0 0 0 ½ 0 0 ½ 0 0 0 0 0 0 0 X
"""
CODE = {"1": ("1", Kind.WIN), "½": ("=", Kind.DRAW), "0": ("0", Kind.LOSS)}


def correspondence() -> str:
    rows = [line.split() for line in CROSSTABLE.splitlines()]
    names, results = [], []
    for row in rows:
        cut = next(i for i, tok in enumerate(row) if tok in ("X", "½", "0", "1"))
        names.append(" ".join(row[:cut]))
        results.append(row[cut:])
    n = len(names)
    players = [Player(start_rank=i + 1, name=name) for i, name in enumerate(names)]
    for rnd, pairs in enumerate(berger(n + 1), 1):
        for white, black in pairs:
            if white > n or black > n:
                sitter = black if white > n else white
                players[sitter - 1].games.append(Game(rnd, None, None, " ", Kind.ABSENT))
                continue
            for me, opp, colour in ((white, black, "w"), (black, white, "b")):
                code, kind = CODE[results[me - 1][opp - 1]]
                players[me - 1].games.append(Game(rnd, opp, colour, code, kind))
    from fractions import Fraction
    for p in players:
        p.points = sum((Fraction(1) if g.kind == Kind.WIN else Fraction(1, 2) if g.kind == Kind.DRAW else 0
                        for g in p.games), Fraction(0))
        p.rank = p.start_rank  # printed order (ties broken by Neustadtl as published)
    lines = ["012 8th World Correspondence Chess Championship Final 1975-80",
             "062 15", "092 Individual: Round-Robin (correspondence)",
             "### Results from the published crosstable; rounds laid on the Berger tables (synthetic)."]
    lines += [format_player(p) for p in players]
    lines.append("XXR 15")
    return "\n".join(lines) + "\n"


def swiss_sample() -> tuple[str, str]:
    """The first seed from 11 on whose event has no repeat pairing; ranks follow BH-C1, BH, SB, PS."""
    for seed in range(11, 100):
        t = swiss(24, 7, seed=seed, forfeits=0.05, byes=0.05, withdrawals=0.3,
                  name="Synthetic Open (byes and forfeits)")
        pairs = [tuple(sorted((p.start_rank, g.opponent))) for p in t.players for g in p.games
                 if g.opponent is not None and g.kind in Kind.PLAYED]
        if len(pairs) == 2 * len(set(pairs)):
            break
    standings = t.standings(tiebreaks=["BH-C1", "BH", "SB", "PS"], rules="fide-2026", system="swiss")
    for row in standings.rows:
        row.player.rank = row.rank
    text16 = to_trf(t)
    lines = text16.splitlines()
    grid = "".join(f"{symbol}{value:>4}    " for symbol, value in
                   (("W", "1.0"), ("D", "0.5"), ("L", "0.0"), ("A", "0.0"), ("P", "1.0")))
    extra = ["142 7", ("162  " + grid).rstrip(),
             "192 FIDE_DUTCH_2026", "202 BH/C1,BH,SB,PS"]
    text26 = "\n".join(lines[:9] + extra + [ln for ln in lines[9:] if not ln.startswith("XXR")]) + "\n"
    return text16, text26


def rating_list(trf_text: str) -> str:
    """The made-up rating list of :func:`swiss_sample`'s players (FIDE's XML element order)."""
    from xml.sax.saxutils import escape

    import trfscore

    rows = []
    for p in trfscore.loads(trf_text).players:
        name, fed, rating = p.name, p.federation, p.rating
        if p.start_rank == 2:
            name = name.replace("Player", "Player-")  # spelt another way
        elif p.start_rank == 3:
            fed = "FRA" if fed != "FRA" else "GER"
        elif p.start_rank == 4 and rating:
            rating += 12  # the list in force says otherwise
        fields = {"fideid": p.fide_id, "name": name, "country": fed, "sex": "F" if p.sex == "w" else "M",
                  "title": p.title, "w_title": "", "o_title": "", "foa_title": "", "rating": rating or "",
                  "games": 0, "k": 20, "birthday": p.birth[:4], "flag": ""}
        rows.append("<player>" + "".join(f"<{k}>{escape(str(v))}</{k}>" for k, v in fields.items()) + "</player>")
    return "<playerslist>\n" + "\n".join(rows) + "\n</playerslist>\n"


if __name__ == "__main__":
    out = Path("samples")
    out.mkdir(exist_ok=True)
    (out / "correspondence-1975.trf").write_text(correspondence(), encoding="utf-8", newline="")
    s16, s26 = swiss_sample()
    (out / "swiss-byes-forfeits.trf").write_text(s16, encoding="utf-8", newline="")
    (out / "swiss-trf26.trf").write_text(s26, encoding="utf-8", newline="")
    (out / "fide-list-sample.xml").write_text(rating_list(s26), encoding="utf-8", newline="")
    print("wrote", ", ".join(sorted(p.name for p in out.glob("*.*") if p.suffix != ".md")))
