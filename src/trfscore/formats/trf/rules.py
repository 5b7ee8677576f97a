"""The rules the TRF reader reports while it reads, declared with their documentation.

Ids are stable: ``TRF1xx`` file and lexical level, ``TRF2xx`` header records, ``TRF3xx`` the
``001`` player fields, ``TRF4xx`` round cells, ``TRF7xx`` extension records; the spec letter names
the rule family of docs/rules.md (A file, B header, C player, D cells, E-G cross-record).
Cross-record rules (symmetry, points, ranks, teams) are checks of their own in
:mod:`trfscore.checks.rules`.  Each documentation gives a passing and a failing example; examples
show only the columns that matter, and ``…`` stands for the unchanged rest of a line.
"""
from __future__ import annotations

from ...findings import ERROR, INFO, WARNING, declare

#: The ids the TRF reader reports, each declared with its severity, summary and documentation.
READER_RULES: tuple[str, ...] = (
    declare("TRF100", ERROR, "the input is not a TRF file (binary, empty or no TRF records)", """
        The input must be a TRF text file: at least one header record or one ``001`` record.

        Passing: a file that starts ``012 Spring Open`` and has ``001`` lines.

        Failing: an empty file, an image or other binary data, a PGN file given as TRF
        (``[Event "…"]`` lines are no TRF records).
    """, spec="A", why=(
        "error: nothing can be read, so there is nothing to rate (the rating server refuses it)")),
    declare("TRF101", WARNING, "the file is not UTF-8; another encoding was used", """
        TRF names no encoding; trfscore reads UTF-8 and falls back to Windows-1252 or Latin-1, and
        says so, because columns count characters of the decoded text.

        Passing: ``001    1 m    Müller, Jörg …`` saved as UTF-8.

        Failing: the same line saved as Latin-1 (``ü`` is the single byte 0xFC): read as cp1252,
        with this warning.
    """, spec="A1", why=(
        "warning: TRF16 names no encoding and the server reads UTF-8; names read in another encoding may be "
        "garbled, so a person looks at them")),
    declare("TRF102", INFO, "the file mixes line endings", """
        CR, LF and CRLF are all accepted, but one file should use one kind.

        Passing: every line ends with CRLF.

        Failing: the header lines end with CRLF and the player lines with LF.
    """, spec="A2", why=(
        "info: mixed line endings read the same; style only")),
    declare("TRF103", ERROR, "a tab character inside a fixed-column record", """
        A tab inside a fixed-column record shifts every later field.

        Passing: ``001    1 m    Smith, Ann …`` (spaces only).

        Failing: ``001\\t1 m Smith, Ann …``.
    """, spec="A3", why=(
        "error: a tab shifts every later fixed column of the line (TRF16 is column-based), so the fields "
        "read are wrong")),
    declare("TRF104", INFO, "a line that is no TRF record is kept verbatim", """
        A line that is no TRF record (ruler lines, legends, unknown codes) is kept verbatim and
        reported as information; it is never an error.

        Passing: ``### a TRF26 comment``.

        Failing (info): ``0123456789012345678901234567890`` (an ICU column ruler).
    """, spec="A4", why=(
        "info: an unknown line is kept verbatim and harms nothing (TRF16 tolerates other records)")),
    declare("TRF105", ERROR, "a line is too long to be a TRF record", """
        A line longer than any TRF record could be (20,000 characters) is cut, so that no input
        makes the column decoders do unbounded work.

        Passing: a ``001`` line of 91 + 10 × rounds characters.

        Failing: a 100,000-character line of garbage.
    """, spec="A5", why=(
        "error: a line past any TRF record's length is no record; its content cannot be placed")),
    declare("TRF106", ERROR, "round-block grid misaligned (separator columns not blank)", """
        In every round block the separator columns (96, 98, 100, 101 + 10k) are blank.  A
        violation usually means a tab or a wrong encoding shifted the line.

        Passing: ``…     2 w 1     3 b =``.

        Failing: ``…    2  w 1    3 b =`` (the block is one column off).
    """, spec="A6", why=(
        "error: misaligned round blocks mean the opponents, colours and results read are wrong (TRF16 "
        "columns 92+10k)")),
    declare("TRF201", WARNING, "tournament name (012) missing or empty", """
        Record 012 holds the tournament name.

        Passing: ``012 Spring Open 2026``.

        Failing: ``012`` with nothing after it.
    """, spec="B1", why=(
        "warning: TRF16 makes 012 mandatory for rating, but nothing is computed from it (the fide profile's "
        "TRF801 makes it an error)")),
    declare("TRF202", WARNING, "a date is not in the TRF26 form YYYY/MM/DD or does not parse", """
        TRF26 writes 042/052 dates as ``YYYY/MM/DD``; other forms are read where possible.

        Passing: ``042 2026/04/01``.

        Failing: ``042 28. 07. 2005`` (info, once per file; read as 2005-07-28), ``042 sometime``
        (warning: does not parse).
    """, spec="B2", lesser=INFO, why=(
        "warning when a date does not parse (the rating period cannot be told; a person looks); info, "
        "once per file, for a date that parses in a pre-TRF26 form: TRF16 fixed no date form and FIDE's "
        "own example1.txt writes '28. 07. 2005'")),
    declare("TRF205", ERROR, "number of rounds (142/XXR) invalid or conflicting", """
        142 and XXR give the total number of rounds: a positive integer, the same in both.

        Passing: ``142 9`` and ``XXR 9``.

        Failing: ``142 9`` with ``XXR 7``; ``XXR nine``.
    """, spec="B5", why=(
        "error: the round count decides which rounds exist and which are pending; a wrong one makes computed "
        "standings wrong")),
    declare("TRF206", ERROR, "initial colour (152/XXC) invalid or conflicting", """
        152 is exactly ``W`` or ``B`` and agrees with ``XXC white1``/``black1``.

        Passing: ``152 W`` with ``XXC white1``.

        Failing: ``152 W`` with ``XXC black1``.
    """, spec="B6", lesser=WARNING, why=(
        "error when 152 and XXC contradict (pairings depend on it); warning for a readable but irregular value")),
    declare("TRF207", ERROR, "scoring system (162/XXS/BB?) invalid", """
        The scoring records (162, XXS, BB?) hold known symbols with numeric values.

        Passing: ``162  W 3.0    D 1.0    L 0.0``; ``XXS W=3 D=1``.

        Failing: ``162  Q 3.0``; ``XXS W=three``.
    """, spec="B7", lesser=WARNING, why=(
        "error: the scoring system gives every computed point (TRF26 162); warning for a readable irregular form")),
    declare("TRF208", WARNING, "tournament type (192) is not a known ETT26 code", """
        192 holds an ETT26 tournament-type code.

        Passing: ``192 FIDE_DUTCH_2026``.

        Failing: ``192 Swiss-Manager 14.0`` (Vega and others put a program name here).
    """, spec="B8", why=(
        "warning: an unknown 192 code changes nothing computed, but the tournament type may be misread (TRF26 192)")),
    declare("TRF209", WARNING, "tie-break list (202/212) does not parse", """
        202/212 list tie-breaks as ``ACRONYM[:MP|:GP][/modifier…]`` separated by commas.

        Passing: ``202 BH/C1,BH,SB``.

        Failing: ``202 Buchholz cut 1; Sonneborn``.
    """, spec="B9", why=(
        "warning: the tie-breaks the file names cannot be checked; the default ones are used")),
    declare("TRF210", WARNING, "encoded time control (222) does not parse", """
        222 encodes the time control as periods ``M/S``, ``M/S+I``, ``S`` or ``S+I``.

        Passing: ``222 40/6000+30:900+30``.

        Failing: ``222 90 min + 30 s``.
    """, spec="B10", why=(
        "warning: the encoded time control is informative (TRF26 222); a person should look")),
    declare("TRF211", WARNING, "a header record's content does not fit its TRF26 meaning", """
        A header record whose content does not fit its TRF26 meaning is reported and not
        interpreted (Vega reuses 142/152/162 for other things).

        Passing: ``142 9``.

        Failing: ``142 1.0 0.5`` (points for a win and a draw, Vega style).
    """, spec="B11", why=(
        "warning: the record is ignored rather than misread (Vega reuses 142/152/162/192); a person should look")),
    declare("TRF212", WARNING, "a single-valued header record appears more than once", """
        Single-valued header records (012, 022, 032, 042, 052, 142, 152, 162, 172, 192, 202,
        212, 222, 352, 362) appear at most once.

        Passing: one ``042`` line.

        Failing: two ``042`` lines with different dates.
    """, spec="B12", why=(
        "warning: the first value is used; a person should say which was meant")),
    declare("TRF213", WARNING, "a numeric header record (062/072/082/142) is not a number", """
        062, 072 and 082 hold numbers.

        Passing: ``062 137``.

        Failing: ``062 about 140`` (warning); ``062 129 (88)`` (info, once per file: Swiss-Manager's
        "players (rated players)" count).
    """, spec="B3", lesser=INFO, why=(
        "warning: the counts are informative (TRF16 062/072/082) and nothing is computed from them, but a "
        "count that is no number is worth a look; info for Swiss-Manager's '062 N (M)', a known, readable form")),
    declare("TRF301", ERROR, "start rank missing, not a number or out of 1..9999", """
        Columns 5-8 of a 001 record hold the starting rank, an integer from 1 to 9999.

        Passing: ``001   12 m …``.

        Failing: ``001   xx m …``; ``001    0 m …``.
    """, spec="C1", why=(
        "error: a player without a start rank cannot be referred to by any game (TRF16 columns 5-8)")),
    declare("TRF302", ERROR, "start rank used twice", """
        No two players share a starting rank.

        Passing: ``001    1 …`` and ``001    2 …``.

        Failing: two lines ``001    7 …``; the second player is dropped.
    """, spec="C1", why=(
        "error: two players share a start rank, so their games cannot be told apart; the second is dropped")),
    declare("TRF303", WARNING, "sex is not m, w or blank", """
        Column 10 holds the sex: ``m``, ``w`` or blank.

        Passing: ``001    1 w    Smith, Ann …``.

        Failing: ``001    1 F    Smith, Ann …`` (info, once per file: read as w);
        ``001    1 x    Smith, Ann …`` (warning).
    """, spec="C3", lesser=INFO, why=(
        "info, once per file, for M/F/W/f: unambiguous, and FIDE's own example1.txt writes 'f' for women; "
        "warning for any other letter, which a person must read (TRF16 column 10: m or w)")),
    declare("TRF304", WARNING, "title is not a FIDE title code", """
        Columns 11-13 hold a FIDE title (GM IM WGM FM WIM CM WFM WCM, or the short codes g m f c
        wg wm wf wc) or nothing.

        Passing: ``001    1 m GM Carlsen, Magnus …``.

        Failing: ``001    1 m 1N Smith, John …`` (a national category).
    """, spec="C4", why=(
        "warning: the title is kept as written, but FIDE's codes are GM IM WGM FM WIM CM WFM WCM (TRF16 "
        "columns 11-13)")),
    declare("TRF305", WARNING, "player name empty or without a comma", """
        Columns 15-47 hold the name, ``Lastname, Firstname``.

        Passing: ``Smith, Ann``.

        Failing: a blank name field.
    """, spec="C5", why=(
        "warning: an empty name cannot be matched to a FIDE id by a person; 'Lastname, Firstname' is TRF16's form")),
    declare("TRF306", ERROR, "rating is not a number", """
        Columns 49-52 hold the FIDE rating: a number, or blank/0 for unrated.

        Passing: `` 2450`` or ``0951``.

        Failing: ``24x0``.
    """, spec="C6", why=(
        "error: a rating that is no number makes every rating-based figure wrong (TRF16 columns 49-52)")),
    declare("TRF307", WARNING, "federation is not three letters", """
        Columns 54-56 hold a three-letter federation code or nothing.

        Passing: ``GER``.

        Failing: ``ST.`` or ``N.U`` (club codes with punctuation).
    """, spec="C7", why=(
        "warning: a club or county code in the federation column (Irish union files) is read but is no FIDE "
        "federation")),
    declare("TRF308", WARNING, "FIDE id is not a number", """
        Columns 58-68 hold the FIDE id: digits or nothing.

        Passing: ``    4100018``.

        Failing: ``  FIDE-4100``.
    """, spec="C8", why=(
        "warning: a FIDE id that is no number cannot be matched (the fide profile's TRF802 makes a missing "
        "id an error)")),
    declare("TRF309", WARNING, "birth date is not YYYY/MM/DD or YYYY", """
        Columns 70-79 hold the birth date: ``YYYY/MM/DD`` (00 for an unknown month or day),
        ``YYYY`` or nothing.

        Passing: ``1987/00/00``; ``1981``.

        Failing: ``1969.12.06`` (info, once per file); ``06/12/69`` (warning: the century and
        the order are unclear).
    """, spec="C9", lesser=INFO, why=(
        "info, once per file, for a full date with dots or dashes: FIDE's own example1.txt writes "
        "'1969.12.06' for every player; warning for anything else, whose date a person must read")),
    declare("TRF310", ERROR, "points field does not parse", """
        Columns 81-84 hold the points as a decimal number.

        Passing: `` 5.5``.

        Failing: ``5½``; ``five``.
    """, spec="C10", why=(
        "error: the declared points cannot be compared with the results (TRF16 columns 81-84)")),
    declare("TRF311", WARNING, "points field uses a decimal comma or more than one decimal", """
        Points use a decimal point and one decimal.

        Passing: `` 5.5``.

        Failing: `` 5,5`` or ``5.50`` (warnings; read as 5.5).
    """, spec="C10", why=(
        "warning: read right (10,5 as 10.5), but not TRF16's form; bbpPairings refuses it")),
    declare("TRF312", WARNING, "rank field is not a number", """
        Columns 86-89 hold the rank: a number or blank.

        Passing: ``  12``.

        Failing: ``  1.``.
    """, spec="C11", why=(
        "warning: the rank is informative; the standings are computed from the results")),
    declare("TRF313", ERROR, "more than 9,999 players: start ranks have four columns", """
        Starting ranks have four columns, so a file holds at most 9,999 players.

        Passing: 9,999 players or fewer.

        Failing: a 10,000th ``001`` record.
    """, spec="C1", why=(
        "error: TRF16 has four columns for the start rank; a fifth digit shifts every later field")),
    declare("TRF314", ERROR, "player line truncated before the points field", """
        A player line reaches at least the points field (column 84); a shorter line was cut.

        Passing: ``001    1 m    Smith, Ann                        1800 GER     4600010 1990/01/01  2.5``.

        Failing: ``001    1 m    Smith, Ann`` (the line stops after the name).
    """, spec="A5", why=(
        "error: the points and rank columns are missing, so the line cannot be read whole")),
    declare("TRF401", ERROR, "opponent is not a player of this tournament", """
        A round block's opponent is blank, ``0000`` or the starting rank of a player in the file.

        Passing: ``    7 w 1`` where a player has starting rank 7.

        Failing: ``  999 w 1`` in a 100-player file; `` 12a w 1``.
    """, spec="D1", why=(
        "error: a game against a player who is not in the file cannot be rated or scored (TRF16 D1)")),
    declare("TRF402", ERROR, "round block truncated or malformed", """
        A round block with an opponent has a result in column 99 (+10 per round).

        Passing: ``    7 w 1``.

        Failing: ``    7 w`` at the end of the line.
    """, spec="D", why=(
        "error: a truncated block has no result to read (bbpPairings refuses it too)")),
    declare("TRF403", ERROR, "colour is not w, b, - or blank", """
        The colour column holds ``w``, ``b``, ``-`` or blank (upper case is read with a
        warning).

        Passing: ``    7 b 0``.

        Failing: ``    7 x 0``.
    """, spec="D2", lesser=WARNING, why=(
        "error: an unknown colour makes the game unreadable; warning for a case-folded w/b")),
    declare("TRF404", ERROR, "unknown result code", """
        The result is one of ``1 = 0 + - W D L H F U Z`` or blank (letters in any case).

        Passing: ``    7 w =``.

        Failing: ``    7 w 5``; ``    7 w Q``.
    """, spec="D3", why=(
        "error: an unknown result code cannot be scored (TRF16 result codes)")),
    declare("TRF405", ERROR, "opponent, colour and result do not combine legally", """
        Opponent, colour and result combine legally: games and forfeits have an opponent, byes
        and absences have none and no colour.

        Passing: ``    7 w 1``; ``0000 - H``.

        Failing: ``   62 b Z`` (a zero-point bye with an opponent); ``0000 w 1``; ``    7 - 1``.
    """, spec="D4", why=(
        "error: an illegal combination (a game without colour, a bye with an opponent) has no single meaning")),
    declare("TRF406", WARNING, "a legal-but-irregular cell (forfeit without colour, legacy bye code)", """
        Legal-but-irregular cells: a forfeit without a colour, ``-`` without an opponent (an
        absence written as a forfeit loss), legacy ``0000 - +``/``0000 - =`` byes, ``X``/``?``.

        Passing: ``  153 w +``.

        Failing (info, once per file and form): ``  153 - +`` (FIDE's example1); ``0000 - -``
        (Swiss-Manager's absence); ``0000 - =``.  Failing (warning): ``0000 - X`` (unknown result).
    """, spec="D4", lesser=INFO, why=(
        "info, once per file and form: each form reads one way only and real programs write it (forfeits "
        "without colour in FIDE's example1.txt, '0000 - -' absences from Swiss-Manager, TRF06 byes); "
        "warning for X/?, an unknown result a person must settle before the file is rated")),
    declare("TRF407", ERROR, "round data beyond the declared number of rounds", """
        No round data past the number of rounds 142/XXR declares.

        Passing: ``XXR 9`` and nine round blocks.

        Failing: ``XXR 9`` and a tenth block ``0000 - U``.
    """, spec="D7", why=(
        "error: rounds past the declared count contradict the file's own round number")),
    declare("TRF408", WARNING, "blank-result rounds read as byes because the declared points count them", """
        A round with no opponent and a blank result is an absence worth nothing, unless the
        player's declared points count it: Irish Chess Union exports write byes that way.  When
        the difference between the declared and the computed points, shared by all the player's
        blank rounds, is exactly a draw (or a win) each, they are read as half-point (full-point)
        byes and this warning names them.

        Passing: ``0000 - H`` for a half-point bye, points 1.5 for a win and the bye.

        Failing: ``0000 -  `` (blank result) with points 1.5 for a win and that round.
    """, spec="E6", why=(
        "warning: read as byes because the declared points say so (Irish union exports), but TRF16 reads a "
        "blank result as zero; a person confirms")),
    declare("TRF409", ERROR, "round data of some lines reaches far past the rest: not one tournament", """
        Every player gets a cell for each round of the longest ``001`` line, so a few lines
        reaching far past the others would turn a small file into millions of absent cells.
        When players x rounds is both large (over 200,000) and more than twenty times the
        cells the lines hold, the file is not read as a tournament.

        Passing: 500 players with 9 round blocks each.

        Failing: 7,400 players with 5 round blocks each and one line with 1,990.
    """, spec="C", why=(
        "error: round data far past the rest is no tournament (a damaged or padded file)")),
    declare("TRF701", WARNING, "XXC token unknown", """
        XXC tokens are ``rank``, ``white1`` and ``black1``.

        Passing: ``XXC rank white1``.

        Failing: ``XXC white``.
    """, spec="G1", why=(
        "warning: an unknown XXC token is ignored (JaVaFo's white1/black1/rank are known)")),
    declare("TRF702", ERROR, "extension record (XXA/XXP/XXZ/240/250/260/299/300/320/330) malformed", """
        Extension records (240, 250, 260, 299, 300, 320, 330, XXA, XXP, XXZ) follow their column
        layouts: numbers where numbers belong.

        Passing: ``240 H   3   12   15``.

        Failing: ``240 Q   3   12`` (unknown bye type); ``260   1   3    a    b``.
    """, spec="G2", why=(
        "error: a malformed extension record cannot be applied, and what it says is lost")),
    declare("TRF703", ERROR, "team record (013/310) malformed", """
        Team records (013, 310) hold numbers in their number, points, rank and member columns:
        digits with a decimal point (or comma), or blank where a value is optional.

        Passing: ``310   1 India                            IND     2486   15     28.0  11     1    5``.

        Failing: ``310   x India …``; a member written ``1a``; game points written ``1e308``.
    """, spec="F", why=(
        "error: a malformed team record leaves the team's members unknown")),
    declare("TRF960", ERROR, "a value does not fit the TRF column it would be written in", """
        Written as TRF, every value of a ``001`` line has its columns (start rank 5-8, rating
        49-52, FIDE id 58-68, points 81-84, rank 86-89, each round's opponent in 4 columns ...):
        a wider number would push every later column, a wider text (a name) would be cut, and a
        number that is no whole number (``2.0``) where the field holds one cannot be written.  A
        total the writer adds up (no points declared) is measured too: record 162's draw worth
        1.25 gives totals such as ``12.75``; and a team's ``310`` record (number in columns 5-7).
        ``convert`` to a TRF refuses such a tournament (exit 1) and writes nothing
        (:mod:`trfscore.formats.trf.fits`); the pairing check does not judge it (``TRF902``).

        Passing: a JSON document whose player has ``"rating": 2450``.

        Failing: ``"rating": 12345`` (five digits in a four-column field), or ``"start_rank": 2.0``.
    """, spec="A3", why=(
        "error: TRF16 and TRF26 fix each field's columns; a wider value would shift every later column, "
        "so a rating server would read the wrong numbers or refuse the file")),
)
