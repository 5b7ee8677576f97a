"""Documentation of the rules the readers report while they read (no checking code here).

The TRF reader (:mod:`trfscore.formats.trf`) reports the file, header, player-field and
round-cell rules itself (ids and severities in :data:`trfscore.formats.trf.rules.READER_RULES`);
this module gives each id its documentation with a passing and a failing example, and registers
the ids of the other readers (JSON, crosstable, PGN when present) and of the runner (``TRF0xx``).
Examples show only the columns that matter; ``…`` stands for the unchanged rest of a line.
"""
from __future__ import annotations

import importlib

from ...findings import ERROR, INFO, WARNING
from ..registry import RULES, register_reader

# id -> (spec rule in the TRF digest §9, documentation with a passing and a failing example)
DOCS: dict[str, tuple[str, str]] = {
    "TRF100": ("A", """
        The input must be a TRF text file: at least one header record or one ``001`` record.

        Passing: a file that starts ``012 Spring Open`` and has ``001`` lines.

        Failing: an empty file, an image or other binary data, a PGN file given as TRF
        (``[Event "…"]`` lines are no TRF records).
    """),
    "TRF101": ("A1", """
        TRF names no encoding; trfscore reads UTF-8 and falls back to Windows-1252 or Latin-1, and
        says so, because columns count characters of the decoded text.

        Passing: ``001    1 m    Müller, Jörg …`` saved as UTF-8.

        Failing: the same line saved as Latin-1 (``ü`` is the single byte 0xFC): read as cp1252,
        with this warning.
    """),
    "TRF102": ("A2", """
        CR, LF and CRLF are all accepted, but one file should use one kind.

        Passing: every line ends with CRLF.

        Failing: the header lines end with CRLF and the player lines with LF.
    """),
    "TRF103": ("A3", """
        A tab inside a fixed-column record shifts every later field.

        Passing: ``001    1 m    Smith, Ann …`` (spaces only).

        Failing: ``001\\t1 m Smith, Ann …``.
    """),
    "TRF104": ("A4", """
        A line that is no TRF record (ruler lines, legends, unknown codes) is kept verbatim and
        reported as information; it is never an error.

        Passing: ``### a TRF26 comment``.

        Failing (info): ``0123456789012345678901234567890`` (an ICU column ruler).
    """),
    "TRF105": ("A5", """
        A line longer than any TRF record could be (20,000 characters) is cut, so that no input
        makes the column decoders do unbounded work.

        Passing: a ``001`` line of 91 + 10 × rounds characters.

        Failing: a 100,000-character line of garbage.
    """),
    "TRF106": ("A6", """
        In every round block the separator columns (96, 98, 100, 101 + 10k) are blank.  A
        violation usually means a tab or a wrong encoding shifted the line.

        Passing: ``…     2 w 1     3 b =``.

        Failing: ``…    2  w 1    3 b =`` (the block is one column off).
    """),
    "TRF201": ("B1", """
        Record 012 holds the tournament name.

        Passing: ``012 Spring Open 2026``.

        Failing: ``012`` with nothing after it.
    """),
    "TRF202": ("B2", """
        TRF26 writes 042/052 dates as ``YYYY/MM/DD``; other forms are read where possible.

        Passing: ``042 2026/04/01``.

        Failing: ``042 28. 07. 2005`` (warning; read as 2005-07-28), ``042 sometime`` (does not
        parse).
    """),
    "TRF203": ("B2", """
        The start date (042) is not after the end date (052).  Reported by the checks, which see
        both records.

        Passing: ``042 2026/04/01`` and ``052 2026/04/09``.

        Failing: ``042 2026/04/09`` and ``052 2026/04/01``.
    """),
    "TRF204": ("B4", """
        Every 132 round date parses (``YY/MM/DD`` at columns 92+10k) and no round is dated before
        the round it follows.  Reported by the checks.

        Passing: ``132 …  26/04/01  26/04/02  26/04/03``.

        Failing: ``132 …  26/04/02  26/04/01`` (round 2 before round 1), or ``26/13/45``.
    """),
    "TRF205": ("B5", """
        142 and XXR give the total number of rounds: a positive integer, the same in both.

        Passing: ``142 9`` and ``XXR 9``.

        Failing: ``142 9`` with ``XXR 7``; ``XXR nine``.
    """),
    "TRF206": ("B6", """
        152 is exactly ``W`` or ``B`` and agrees with ``XXC white1``/``black1``.

        Passing: ``152 W`` with ``XXC white1``.

        Failing: ``152 W`` with ``XXC black1``.
    """),
    "TRF207": ("B7", """
        The scoring records (162, XXS, BB?) hold known symbols with numeric values.

        Passing: ``162  W 3.0    D 1.0    L 0.0``; ``XXS W=3 D=1``.

        Failing: ``162  Q 3.0``; ``XXS W=three``.
    """),
    "TRF208": ("B8", """
        192 holds an ETT26 tournament-type code.

        Passing: ``192 FIDE_DUTCH_2026``.

        Failing: ``192 Swiss-Manager 14.0`` (Vega and others put a program name here).
    """),
    "TRF209": ("B9", """
        202/212 list tie-breaks as ``ACRONYM[:MP|:GP][/modifier…]`` separated by commas.

        Passing: ``202 BH/C1,BH,SB``.

        Failing: ``202 Buchholz cut 1; Sonneborn``.
    """),
    "TRF210": ("B10", """
        222 encodes the time control as periods ``M/S``, ``M/S+I``, ``S`` or ``S+I``.

        Passing: ``222 40/6000+30:900+30``.

        Failing: ``222 90 min + 30 s``.
    """),
    "TRF211": ("B11", """
        A header record whose content does not fit its TRF26 meaning is reported and not
        interpreted (Vega reuses 142/152/162 for other things).

        Passing: ``142 9``.

        Failing: ``142 1.0 0.5`` (points for a win and a draw, Vega style).
    """),
    "TRF212": ("B12", """
        Single-valued header records (012, 022, 032, 042, 052, 142, 152, 162, 172, 192, 202,
        212, 222, 352, 362) appear at most once.

        Passing: one ``042`` line.

        Failing: two ``042`` lines with different dates.
    """),
    "TRF213": ("B3", """
        062, 072 and 082 hold numbers.

        Passing: ``062 137``.

        Failing: ``062 about 140``.
    """),
    "TRF301": ("C1", """
        Columns 5-8 of a 001 record hold the starting rank, an integer from 1 to 9999.

        Passing: ``001   12 m …``.

        Failing: ``001   xx m …``; ``001    0 m …``.
    """),
    "TRF302": ("C1", """
        No two players share a starting rank.

        Passing: ``001    1 …`` and ``001    2 …``.

        Failing: two lines ``001    7 …``; the second player is dropped.
    """),
    "TRF303": ("C3", """
        Column 10 holds the sex: ``m``, ``w`` or blank.

        Passing: ``001    1 w    Smith, Ann …``.

        Failing: ``001    1 F    Smith, Ann …`` (warning; read as given).
    """),
    "TRF304": ("C4", """
        Columns 11-13 hold a FIDE title (GM IM WGM FM WIM CM WFM WCM, or the short codes g m f c
        wg wm wf wc) or nothing.

        Passing: ``001    1 m GM Carlsen, Magnus …``.

        Failing: ``001    1 m 1N Smith, John …`` (a national category).
    """),
    "TRF305": ("C5", """
        Columns 15-47 hold the name, ``Lastname, Firstname``.

        Passing: ``Smith, Ann``.

        Failing: a blank name field.
    """),
    "TRF306": ("C6", """
        Columns 49-52 hold the FIDE rating: a number, or blank/0 for unrated.

        Passing: `` 2450`` or ``0951``.

        Failing: ``24x0``.
    """),
    "TRF307": ("C7", """
        Columns 54-56 hold a three-letter federation code or nothing.

        Passing: ``GER``.

        Failing: ``ST.`` or ``N.U`` (club codes with punctuation).
    """),
    "TRF308": ("C8", """
        Columns 58-68 hold the FIDE id: digits or nothing.

        Passing: ``    4100018``.

        Failing: ``  FIDE-4100``.
    """),
    "TRF309": ("C9", """
        Columns 70-79 hold the birth date: ``YYYY/MM/DD`` (00 for an unknown month or day),
        ``YYYY`` or nothing.

        Passing: ``1987/00/00``; ``1981``.

        Failing: ``1969.12.06`` (warning); ``06/12/69``.
    """),
    "TRF310": ("C10", """
        Columns 81-84 hold the points as a decimal number.

        Passing: `` 5.5``.

        Failing: ``5½``; ``five``.
    """),
    "TRF311": ("C10", """
        Points use a decimal point and one decimal.

        Passing: `` 5.5``.

        Failing: `` 5,5`` or ``5.50`` (warnings; read as 5.5).
    """),
    "TRF312": ("C11", """
        Columns 86-89 hold the rank: a number or blank.

        Passing: ``  12``.

        Failing: ``  1.``.
    """),
    "TRF313": ("C1", """
        Starting ranks have four columns, so a file holds at most 9,999 players.

        Passing: 9,999 players or fewer.

        Failing: a 10,000th ``001`` record.
    """),
    "TRF314": ("A5", """
        A player line reaches at least the points field (column 84); a shorter line was cut.

        Passing: ``001    1 m    Smith, Ann                        1800 GER     4600010 1990/01/01  2.5``.

        Failing: ``001    1 m    Smith, Ann`` (the line stops after the name).
    """),
    "TRF401": ("D1", """
        A round block's opponent is blank, ``0000`` or the starting rank of a player in the file.

        Passing: ``    7 w 1`` where a player has starting rank 7.

        Failing: ``  999 w 1`` in a 100-player file; `` 12a w 1``.
    """),
    "TRF402": ("D", """
        A round block with an opponent has a result in column 99 (+10 per round).

        Passing: ``    7 w 1``.

        Failing: ``    7 w`` at the end of the line.
    """),
    "TRF403": ("D2", """
        The colour column holds ``w``, ``b``, ``-`` or blank (upper case is read with a
        warning).

        Passing: ``    7 b 0``.

        Failing: ``    7 x 0``.
    """),
    "TRF404": ("D3", """
        The result is one of ``1 = 0 + - W D L H F U Z`` or blank (letters in any case).

        Passing: ``    7 w =``.

        Failing: ``    7 w 5``; ``    7 w Q``.
    """),
    "TRF405": ("D4", """
        Opponent, colour and result combine legally: games and forfeits have an opponent, byes
        and absences have none and no colour.

        Passing: ``    7 w 1``; ``0000 - H``.

        Failing: ``   62 b Z`` (a zero-point bye with an opponent); ``0000 w 1``; ``    7 - 1``.
    """),
    "TRF406": ("D4", """
        Legal-but-irregular cells: a forfeit without a colour, ``-`` without an opponent (an
        absence written as a forfeit loss), legacy ``0000 - +``/``0000 - =`` byes, ``X``/``?``.

        Passing: ``  153 w +``.

        Failing (warning): ``  153 - +``; ``     - -``; ``0000 - =``.
    """),
    "TRF407": ("D7", """
        No round data past the number of rounds 142/XXR declares.

        Passing: ``XXR 9`` and nine round blocks.

        Failing: ``XXR 9`` and a tenth block ``0000 - U``.
    """),
    "TRF408": ("E6", """
        A round with no opponent and a blank result is an absence worth nothing, unless the
        player's declared points count it: Irish Chess Union exports write byes that way.  When
        the difference between the declared and the computed points, shared by all the player's
        blank rounds, is exactly a draw (or a win) each, they are read as half-point (full-point)
        byes and this warning names them.

        Passing: ``0000 - H`` for a half-point bye, points 1.5 for a win and the bye.

        Failing: ``0000 -  `` (blank result) with points 1.5 for a win and that round.
    """),
    "TRF409": ("C", """
        Every player gets a cell for each round of the longest ``001`` line, so a few lines
        reaching far past the others would turn a small file into millions of absent cells.
        When players x rounds is both large (over 200,000) and more than twenty times the
        cells the lines hold, the file is not read as a tournament.

        Passing: 500 players with 9 round blocks each.

        Failing: 7,400 players with 5 round blocks each and one line with 1,990.
    """),
    "TRF701": ("G1", """
        XXC tokens are ``rank``, ``white1`` and ``black1``.

        Passing: ``XXC rank white1``.

        Failing: ``XXC white``.
    """),
    "TRF702": ("G2", """
        Extension records (240, 250, 260, 299, 300, 320, 330, XXA, XXP, XXZ) follow their column
        layouts: numbers where numbers belong.

        Passing: ``240 H   3   12   15``.

        Failing: ``240 Q   3   12`` (unknown bye type); ``260   1   3    a    b``.
    """),
    "TRF703": ("F", """
        Team records (013, 310) hold numbers in their number and member columns.

        Passing: ``310   1 India                            IND     2486   15     28.0  11     1    5``.

        Failing: ``310   x India …``; a member written ``1a``.
    """),
}

RUNNER_DOCS = {
    "TRF000": (ERROR, "internal error: a check could not run on this input", """
        A check failed on this input because of a bug in trfscore; the other checks still ran.

        Passing: never reported.

        Failing: please report the message together with the input file.
    """),
    "TRF001": (INFO, "more findings of one rule than the per-file limit; the rest are left out", """
        At most ``max_findings_per_rule`` findings of one rule are listed per file (500 by
        default, in ``profiles.json``); this finding counts the rest.

        Passing: a file with a few findings per rule.

        Failing (info): a 50 MB file of garbage, with a ``TRF104`` for every line.
    """),
}

OTHER_READERS = {
    "JSON": ("trfscore.formats.json_model", {
        "JSON001": (ERROR, "the input is not valid JSON"),
        "JSON002": (ERROR, "the JSON document does not follow the trfscore schema"),
        "JSON003": (WARNING, "the document holds lone UTF-16 surrogates, replaced by U+FFFD"),
        "JSON004": (WARNING, "'rounds' differs from the rounds the players' games cover"),
    }),
}


def _register() -> None:
    from ...formats.trf.rules import READER_RULES

    for rule_id, (severity, summary) in READER_RULES.items():
        spec, doc = DOCS.get(rule_id, ("", summary))
        register_reader(rule_id, severity, summary, doc, spec)
    for rule_id, (severity, summary, doc) in RUNNER_DOCS.items():
        register_reader(rule_id, severity, summary, doc)
    for _family, (_module, rules) in OTHER_READERS.items():
        for rule_id, (severity, summary) in rules.items():
            register_reader(rule_id, severity, summary, f"{summary[0].upper()}{summary[1:]}.\n\n"
                            "Reported by the JSON reader (``trfscore convert --to json`` writes valid documents).")
    for module_name, label in (("trfscore.formats.crosstable", "crosstable"), ("trfscore.formats.pgn", "PGN")):
        try:
            module = importlib.import_module(module_name)
        except Exception:  # a reader still being written, or missing: its ids stay undocumented
            continue
        for rule_id, value in getattr(module, "READER_RULES", {}).items():
            if rule_id in RULES:
                continue
            severity, summary = value[0], value[1]
            register_reader(rule_id, severity, summary,
                            f"{summary[0].upper()}{summary[1:]}.\n\nReported by the {label} reader "
                            f"(:mod:`{module_name}`); see its documentation for examples.")


_register()
