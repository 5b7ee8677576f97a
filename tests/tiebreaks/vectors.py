"""Published (and clearly labelled derived) tie-break test vectors.

Sources: TEC booklet = IA Mario Held, *Exercises in Tie-Breaking* (FIDE Technical Commission /
Arbiters' Commission, rev. 2403220900, for the C.07 text of 2023), published on arbiters.fide.com;
PL-2026 = the FFE/PL tie-break exercise slides for the rules in force from March 2026 (kept in the
Sharly-Chess repository as docs/tie-breaks/Tiebreak_exercises-PL-2026.pptm); Laxman = FIDE
Arbiters' Manual 2026, C.07 worked examples; the 2009 virtual-opponent cases from the C.07 text
of 2009-2022; the 1975-80 correspondence final from the Wikipedia "Sonneborn-Berger score"
article.  "Derived" values are not printed in those documents: they are computed from the
published crosstable with the FIDE Handbook C.07 article each column names, and were
cross-checked with the FIDE TEC's reference program (Tie-Break Server, OttoMilvang/TieBreakServer)
when the vectors were written.  Tables are kept verbatim as markdown and parsed by
:func:`table`.
"""
from __future__ import annotations

from fractions import Fraction


def table(text: str) -> dict[int, dict[str, str]]:
    """A markdown table keyed by its first column (start rank) then by column title."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip().startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    out = {}
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        out[int(cells[0])] = dict(zip(head, cells))
    return out


def num(text: str):
    """Published text -> exact value (None for 'undefined')."""
    if text == "undefined":
        return None
    return Fraction(text)


# TV3: TEC booklet section 2.1, 16 players x 5 rounds (ratings 2200, 2150, ... 1450).
TEC_SWISS_ROWS = {
    1: "+W9 =B13 =W2 +B15 =W4",
    2: "+B10 +W7 =B1 +W16 =B3",
    3: "=W11 +B6 +W8 =B4 =W2",
    4: "+B12 HPB +W13 =W3 =B1",
    5: "-W13 -B15 +W11 =B7 +W10",
    6: "-B14 -W3 PAB +W10 +B8",
    7: "+W15 -B2 -B16 =W5 -B11",
    8: "=B16 +W14 -B3 +W13 -W6",
    9: "-B1 -W10 HPB -F11 PAB",
    10: "-W2 +B9 -W15 -B6 -B5",
    11: "=B3 -W16 -B5 +F9 +W7",
    12: "-W4 PAB +F14 ZPB ZPB",
    13: "+B5 =W1 -B4 -B8 -W14",
    14: "+W6 -B8 -F12 ZPB +B13",
    15: "-B7 +W5 +B10 -W1 -B16",
    16: "=W8 +B11 +W7 -B2 +W15",
}
TEC_SWISS_RATINGS = {i: 2250 - 50 * i for i in range(1, 17)}

# Published in the TEC booklet (Ex. 1-33); BH-C2, BH-M1, BH-M2 and KS are derived from its
# crosstable with C.07 (2024) Art. 8.1 and 14 (cuts and medians) and Art. 9.2 (KS).
TEC_SWISS_2024 = table("""
| # | Pts | AS-O | BH | BH-C1 | BH-C2 | BH-M1 | BH-M2 | FB | AOB | SB | SB-C1 | PS | PS-C1 | WIN | WON | BPG | BWG | REP | KS |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| 2 | 4 | 4 | 13 | 12 | 10.5 | 8.5 | 3.5 | 13.5 | 13.60 | 9.5 | 8.5 | 13 | 12 | 3 | 3 | 3 | 1 | 5 | 2 |
| 1 | 3.5 | 3.5 | 12.5 | 11 | 9.5 | 7 | 2 | 13.5 | 12.60 | 8 | 7.25 | 11 | 10 | 2 | 2 | 2 | 1 | 5 | 1 |
| 3 | 3.5 | 3.5 | 15.5 | 13 | 10.5 | 9 | 3 | 15 | 13.40 | 10.5 | 9.25 | 11 | 10.5 | 2 | 2 | 2 | 1 | 5 | 3.5 |
| 4 | 3.5 | 3.5 | 15 | 11.5 | 10 | 8 | 3 | 15.5 | 13.38 | 9.75 | 8 | 11.5 | 10.5 | 2 | 2 | 2 | 1 | 4 | 1 |
| 16 | 3.5 | 3.5 | 12.5 | 11 | 9 | 7 | 2.5 | 13.5 | 13.30 | 7.25 | 5.75 | 10.5 | 10 | 3 | 3 | 2 | 1 | 5 | 1.5 |
| 6 | 3 | 3 | 12 | 11 | 9 | 7.5 | 2.5 | 12 | 13.25 | 6.5 | 5.5 | 6 | 6 | 3 | 2 | 2 | 1 | 5 | 1 |
| 5 | 2.5 | 2.5 | 8.5 | 7.5 | 6 | 5 | 1.5 | 10 | 13.40 | 4.25 | 3.25 | 5 | 5 | 2 | 2 | 2 | 0 | 5 | 1 |
| 8 | 2.5 | 2.5 | 13.5 | 12 | 10 | 8.5 | 3 | 12.5 | 13.00 | 5.25 | 3.75 | 8.5 | 8 | 2 | 2 | 2 | 0 | 5 | 0.5 |
| 11 | 2.5 | 2.5 | 13.5 | 12 | 9.5 | 8.5 | 2.5 | 12.5 | 12.75 | 5.75 | 4.25 | 5.5 | 5 | 2 | 1 | 2 | 0 | 5 | 0.5 |
| 12 | 2 | 3 | 11.5 | 9.5 | 7.5 | 6 | 2 | 11.5 | 15.00 | 4 | 4 | 7 | 7 | 2 | 0 | 0 | 0 | 3 | 0 |
| 14 | 2 | 2 | 11 | 9 | 7 | 6 | 1.5 | 10.5 | 13.17 | 4.5 | 3 | 6 | 5 | 2 | 2 | 2 | 1 | 3 | 1 |
| 15 | 2 | 2 | 12 | 11 | 9.5 | 7.5 | 2.5 | 12 | 12.20 | 3.5 | 2.5 | 7 | 7 | 2 | 2 | 3 | 1 | 5 | 1 |
| 7 | 1.5 | 1.5 | 14.5 | 12.5 | 10 | 8.5 | 2.5 | 13.5 | 11.90 | 3.25 | 1.25 | 6 | 5 | 1 | 1 | 3 | 0 | 5 | 0.5 |
| 9 | 1.5 | 1.5 | 9 | 7.5 | 6 | 4 | 1 | 9.5 | 12.75 | 2.25 | 2.25 | 2.5 | 2.5 | 1 | 0 | 1 | 0 | 3 | 0 |
| 13 | 1.5 | 1.5 | 14 | 12 | 9.5 | 8.5 | 2.5 | 13.5 | 12.10 | 4.25 | 4.25 | 7 | 6 | 1 | 1 | 3 | 1 | 5 | 1.5 |
| 10 | 1 | 1 | 13 | 11.5 | 9.5 | 7.5 | 2.5 | 12.5 | 10.90 | 1.5 | 0 | 4 | 4 | 1 | 1 | 3 | 1 | 5 | 0 |
""")

TEC_SWISS_RATING_2024 = table("""
| # | Pts | ARO | ARO-C1 | TPR | PTP | APRO | APPO |
|---|---|---|---|---|---|---|---|
| 2 | 4 | 1880 | 1988 | 2120 | 2216 | 1856 | 1852 |
| 1 | 3.5 | 1820 | 1900 | 1969 | 2029 | 1789 | 1769 |
| 3 | 3.5 | 1940 | 2000 | 2089 | 2112 | 1904 | 1934 |
| 4 | 3.5 | 1888 | 1983 | 2081 | 2168 | 1772 | 1784 |
| 16 | 3.5 | 1820 | 1900 | 1969 | 2013 | 1805 | 1799 |
| 6 | 3 | 1813 | 1900 | 1813 | 1810 | 1846 | 1836 |
| 5 | 2.5 | 1690 | 1738 | 1690 | 1689 | 1719 | 1676 |
| 8 | 2.5 | 1730 | 1800 | 1730 | 1715 | 1915 | 1924 |
| 11 | 2.5 | 1863 | 2000 | 1776 | 1763 | 1840 | 1836 |
| 12 | 2 | 2050 | undefined | 1250 | 1250 | 2081 | 2168 |
| 14 | 2 | 1800 | 1900 | 1925 | 1942 | 1775 | 1756 |
| 15 | 2 | 1860 | 1963 | 1788 | 1768 | 1776 | 1767 |
| 7 | 1.5 | 1760 | 1838 | 1611 | 1531 | 1869 | 1890 |
| 9 | 1.5 | 1975 | 2200 | 1175 | 950 | 1805 | 1802 |
| 13 | 1.5 | 1930 | 2025 | 1781 | 1744 | 1879 | 1909 |
| 10 | 1 | 1880 | 1975 | 1640 | 1575 | 1717 | 1687 |
""")

# Derived from the TEC crosstable (cross-checked with the FIDE TEC reference program): 2026 =
# C.07 (2026) Art. 16.4, 2009 = the virtual opponent of C.07 (2009-2022), raw = face-value
# scores with no adjustment for unplayed rounds.
TEC_SWISS_OTHER = table("""
| # | Pts | BH 2026 | BH-C1 2026 | SB 2026 | SB-C1 2026 | BH 2009 | BH-C1 2009 | SB 2009 | BH raw | BH-C1 raw |
|---|---|---|---|---|---|---|---|---|---|---|
| 2 | 4 | 13 | 12 | 9.5 | 8.5 | 13 | 12 | 9.5 | 13 | 12 |
| 1 | 3.5 | 12.5 | 11 | 8 | 7.25 | 12.5 | 11 | 8 | 12.5 | 11 |
| 3 | 3.5 | 15.5 | 13 | 10.5 | 9.25 | 14.5 | 12.5 | 9.75 | 15.5 | 13 |
| 4 | 3.5 | 14 | 11.5 | 9.25 | 7.75 | 13.5 | 12 | 8.5 | 10.5 | 10.5 |
| 16 | 3.5 | 12.5 | 11 | 7.25 | 5.75 | 12 | 10.5 | 6.75 | 12.5 | 11 |
| 6 | 3 | 11.5 | 10.5 | 6 | 5 | 11 | 10 | 4.5 | 9 | 9 |
| 5 | 2.5 | 8.5 | 7.5 | 4.25 | 3.25 | 8 | 7 | 3.75 | 8.5 | 7.5 |
| 8 | 2.5 | 13.5 | 12 | 5.25 | 3.75 | 14 | 12.5 | 6.25 | 13.5 | 12 |
| 11 | 2.5 | 12.5 | 11 | 4.75 | 3.25 | 12 | 11 | 4.25 | 11 | 11 |
| 12 | 2 | 11.5 | 9.5 | 4 | 4 | 13.5 | 12 | 3.5 | 3.5 | 3.5 |
| 14 | 2 | 11 | 9 | 4.5 | 3 | 12 | 10.5 | 4 | 7 | 7 |
| 15 | 2 | 12 | 11 | 3.5 | 2.5 | 12 | 11 | 3.5 | 12 | 11 |
| 7 | 1.5 | 14.5 | 12.5 | 3.25 | 1.25 | 14 | 12 | 3.25 | 14.5 | 12.5 |
| 9 | 1.5 | 9 | 7.5 | 2.25 | 2.25 | 8.5 | 8 | 1.25 | 4.5 | 4.5 |
| 13 | 1.5 | 14 | 12 | 4.25 | 4.25 | 15 | 12.5 | 4.25 | 14 | 12 |
| 10 | 1 | 13 | 11.5 | 1.5 | 0 | 12.5 | 11 | 1.5 | 13 | 11.5 |
""")

# Derived; own unplayed = 0, opponents' unplayed = 1/2 (US Chess 34E).
TEC_SWISS_US = table("""
| # | Pts | Modified Median | Solkoff | Kashdan |
|---|---|---|---|---|
| 2 | 4.0 | 12.0 | 13.0 | 16 |
| 1 | 3.5 | 11.0 | 12.5 | 14 |
| 3 | 3.5 | 12.5 | 14.5 | 14 |
| 4 | 3.5 | 10.5 | 10.5 | 12 |
| 16 | 3.5 | 10.5 | 12.0 | 15 |
| 6 | 3.0 | 10.0 | 10.0 | 10 |
| 5 | 2.5 | 5.0 | 8.0 | 12 |
| 8 | 2.5 | 9.0 | 14.0 | 12 |
| 11 | 2.5 | 7.5 | 11.0 | 8 |
| 12 | 2.0 | 0.0 | 3.5 | 1 |
| 14 | 2.0 | 4.0 | 6.5 | 9 |
| 15 | 2.0 | 8.5 | 12.0 | 11 |
| 7 | 1.5 | 10.0 | 14.0 | 9 |
| 9 | 1.5 | 1.0 | 4.5 | 2 |
| 13 | 1.5 | 11.5 | 15.0 | 9 |
| 10 | 1.0 | 8.5 | 12.5 | 8 |
""")

# TV4: TEC booklet section 2.2 round-robin, 6 players; R4 #6 wins by forfeit against #5.
TEC_RR_ROWS = {
    1: "=W5 +W2 +B3 -W4 +B6",
    2: "+W6 -B1 +W5 =W3 +B4",
    3: "+W4 +B6 -W1 =B2 +W5",
    4: "-B3 -B5 =W6 +B1 -W2",
    5: "=B1 +W4 -B2 -F6 -B3",
    6: "-B2 -W3 =B4 +F5 -W1",
}
TEC_RR_RATINGS = {1: 2200, 2: 2150, 3: 2100, 4: 2050, 5: 1950, 6: 2000}

# Published (TEC booklet Ex. 14-16).
TEC_RR = table("""
| # | Pts | SB | SB-C1 | KS (limit 2.5) |
|---|---|---|---|---|
| 1 | 3.5 | 9.25 | 9.25 | 2.0 |
| 2 | 3.5 | 6.25 | 4.75 | 0.5 |
| 3 | 3.5 | 6.25 | 4.75 | 0.5 |
| 4 | 1.5 | 4.25 | 4.25 | 1.0 |
| 5 | 1.5 | 3.25 | 3.25 | 0.5 |
| 6 | 1.5 | 2.25 | 1.50 | 0.0 |
""")

# TV5: PL-2026 slides, 14 players x 5 rounds, start 2026-03-15.
PL2026_ROWS = {
    1: "+W14 +W2 =B3 =B5 +W7",
    2: "+W12 -B1 +B8 +W6 +B3",
    3: "+B11 +W9 =W1 +B4 -W2",
    4: "+B13 =W6 +F7 -W3 =B5",
    5: "=B7 +W11 =B6 =W1 =W4",
    6: "+W10 =B4 =W5 -B2 +W9",
    7: "=W5 +B12 -F4 +W9 -B1",
    8: "-B9 PAB -W2 =B10 +W14",
    9: "+W8 -B3 +W10 -B7 -B6",
    10: "-B6 +W13 -B9 =W8 =B11",
    11: "-W3 -B5 +W13 =B12 =W10",
    12: "-B2 -W7 =B14 =W11 =B13",
    13: "-W4 -B10 -B11 +W14 =W12",
    14: "-B1 ZPB =W12 -B13 -B8",
}

# Derived from the slides' crosstable with C.07 (2024 and 2026 texts, Art. 16) and the 2009
# virtual opponent; the 2026 values cross-checked with the FIDE TEC reference program.
PL2026_DERIVED = table("""
| # | Pts | PS | BH 2024 | BH 2026 | BH-C1 2024 | BH-C1 2026 | SB 2024 | SB 2026 | BH 2009 |
|---|---|---|---|---|---|---|---|---|---|
| 1 | 4 | 12.5 | 13.5 | 13.5 | 13 | 13 | 10.25 | 10.25 | 14.5 |
| 2 | 4 | 11 | 14.5 | 14.5 | 13 | 13 | 10.5 | 10.5 | 14 |
| 3 | 3.5 | 12.5 | 15 | 15 | 13 | 13 | 9 | 9 | 14.5 |
| 4 | 3 | 10.5 | 14 | 13.5 | 12.5 | 12 | 7.5 | 7 | 13.5 |
| 5 | 3 | 9.5 | 14.5 | 14.5 | 12.5 | 12.5 | 8.25 | 8.25 | 14.5 |
| 6 | 3 | 9.5 | 14 | 14 | 12 | 12 | 7 | 7 | 13.5 |
| 7 | 2.5 | 8.5 | 13 | 13 | 10.5 | 10.5 | 5 | 5 | 14 |
| 8 | 2.5 | 6 | 11 | 11 | 10.5 | 10.5 | 4 | 4 | 10.5 |
| 9 | 2 | 8 | 13.5 | 13.5 | 11.5 | 11.5 | 4.5 | 4.5 | 13.5 |
| 10 | 2 | 5.5 | 11 | 11 | 9.5 | 9.5 | 3.75 | 3.75 | 10.5 |
| 11 | 2 | 4.5 | 11.5 | 11.5 | 10 | 10 | 3.25 | 3.25 | 11.5 |
| 12 | 1.5 | 3 | 10.5 | 10.5 | 10 | 10 | 2 | 2 | 11.5 |
| 13 | 1.5 | 2.5 | 9 | 9 | 8.5 | 8.5 | 1.25 | 1.25 | 9 |
| 14 | 0.5 | 1.5 | 10 | 10 | 9.5 | 9.5 | 0.75 | 0.75 | 11.5 |
""")
# Published on the slides (2026 rules): slide 10-12 and the standings slide (BH, PS "Cu.").
# Slide 11 prints BH(#8) = 10.5, a slip for 11.0: #8 met #9 (2), #2 (4), #10 (2) and #14 (0.5),
# and its own PAB round counts its own score 2.5 (C.07 Art. 16.4): 8.5 + 2.5 = 11.0.
PL2026_PUBLISHED_BH = {11: "11.5", 3: "15.0", 4: "13.5", 14: "10.0", 1: "13.5", 2: "14.5",
                       5: "14.5", 6: "14", 7: "13", 9: "13.5", 10: "11", 12: "10.5", 13: "9"}
PL2026_PUBLISHED_BH_C1 = {11: "10.0", 14: "9.5"}
PL2026_PUBLISHED_PS = dict(zip(range(3, 15), ["12.5", "10.5", "9.5", "9.5", "8.5", "6", "8",
                                              "5.5", "4.5", "3", "2.5", "1.5"]))

# TV9: TEC booklet Ex. 25, 9-round extension of the TEC Swiss.
TEC_DE_ROWS = {
    3: "=W11 +B6 +W8 =B4 -W2 +B16 =W1 +W14 +B10",
    1: "+W9 =B13 =W2 +B15 =W4 =B6 =B3 =W16 +B8",
    2: "+B10 +W7 =B1 +W16 +B3 =W4 -W6 =B15 =W5",
    4: "+B12 =HPB +W13 =W3 =B1 =B2 =W16 =B6 +W15",
    6: "-B14 -W3 +PAB +W10 +B8 =W1 +B2 =W4 +B16",
    7: "+W15 -B2 -B16 =W5 -B11 -B10 +W13 +W9 +B14",
    8: "=B16 +W14 -B3 +W13 -W6 =B11 =W15 +B5 -W1",
    16: "=W8 +B11 +W7 -B2 +W15 -W3 =B4 =B1 -W6",
    5: "-W13 -B15 +W11 =B7 +W10 -B14 +B9 -W8 =B2",
    10: "-W2 +B9 -W15 -B6 -B5 +W7 +B12 +W11 -W3",
    14: "+W6 -B8 -F12 ZPB +B13 +W5 +W11 -B3 -W7",
    15: "-B7 +W5 +B10 -W1 -B16 +W12 =B8 =W2 -B4",
    11: "=B3 -W16 -B5 +F9 +W7 =W8 -B14 -B10 =W13",
    9: "-B1 -W10 =HPB -F11 +PAB +B13 -W5 -B7 =W12",
    12: "-W4 +PAB +F14 ZPB ZPB -B15 -W10 =B13 =B9",
    13: "+B5 =W1 -B4 -B8 -W14 -W9 -B7 =W12 =B11",
}

# TV2: 8th World Correspondence Championship Final 1975-80 (Wikipedia "Sonneborn-Berger score";
# tests/data/seed-000-crosstable.txt); ns published.
WCCC8_NAMES = ['Sloth', 'Zagorovsky', 'Kosenkov', 'Khasin', 'Kletsel', 'De Carbonnel', 'Arnlind', 'Dunhaupt', 'Maedler', 'Estrin', 'Walther', 'Boey', 'Abramov', 'Siklos', 'Nun']
WCCC8_MATRIX = [
    "X ½ ½ 1 ½ ½ 1 1 ½ 1 ½ 1 1 1 1",
    "½ X 0 ½ 1 ½ 1 1 1 ½ 1 1 1 1 1",
    "½ 1 X ½ ½ ½ ½ ½ 1 1 ½ 1 1 1 1",
    "0 ½ ½ X ½ 1 ½ 0 1 1 ½ 1 ½ 1 ½",
    "½ 0 ½ ½ X ½ ½ ½ ½ 0 1 1 ½ 1 1",
    "½ ½ ½ 0 ½ X ½ ½ 0 1 ½ ½ 0 1 1",
    "0 0 ½ ½ ½ ½ X ½ 1 0 ½ ½ 1 1 ½",
    "0 0 ½ 1 ½ ½ ½ X 0 ½ 1 0 1 ½ 1",
    "½ 0 0 0 ½ 1 0 1 X 1 ½ ½ ½ ½ 1",
    "0 ½ 0 0 1 0 1 ½ 0 X 1 1 1 0 1",
    "½ 0 ½ ½ 0 ½ ½ 0 ½ 0 X 0 1 ½ 1",
    "0 0 0 0 0 ½ ½ 1 ½ 0 1 X ½ ½ 1",
    "0 0 0 ½ ½ 1 0 0 ½ 0 0 ½ X ½ 1",
    "0 0 0 0 0 0 0 ½ ½ 1 ½ ½ ½ X 1",
    "0 0 0 ½ 0 0 ½ 0 0 0 0 0 0 0 X",
]
WCCC8_NS = ["69.5", "66.75", "67.5", "54.75", "47.75", "45.25", "42.5", "41.5", "41.5", "40.5", "33.25", "28.5", "24.75", "22.75", "7.75"]
