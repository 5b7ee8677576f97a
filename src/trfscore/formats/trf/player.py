"""Decoding one fixed-column ``001`` player record (TRF16 = TRF26) with a finding for every
deviation: the lines :mod:`.bulk` (the reader's column-wise decoder) flags, and the tables both use.

The columns come from :data:`.layout.PLAYER` (1-based there, as in the FIDE text; 0-based slices
of the decoded line here).  Round ``r`` (k = r-1) sits in columns 92+10k .. 101+10k: opponent
(4), blank, colour, blank, result, two blanks.  Every deviation becomes a finding; the player is
still returned so that the rest of the file can be read.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache

from ...findings import Finding, finding
from ...model import Game, Kind, Player
from . import rules as _rules  # noqa: F401  (declares the ids reported here)
from .layout import PLAYER, TITLE_LETTERS

F = {f.name: f for f in PLAYER.fields}  # the 001 fields by name
# 0-based slices of the 001 record.
START_RANK = F["start_rank"].cut
SEX = F["sex"].start
assert PLAYER.block is not None
FIRST_ROUND = PLAYER.block.first - 1  # 0-based start of round 1's cell
BLOCK = PLAYER.block.width
#: a line shorter than this ends before the points field
MIN_LENGTH = F["points"].last
#: 0-based offsets inside a round cell
OPPONENT_AT = PLAYER.block.field("opponent").start - FIRST_ROUND
COLOUR_AT = PLAYER.block.field("colour").start - FIRST_ROUND
RESULT_AT = PLAYER.block.field("result").start - FIRST_ROUND
OPPONENT_WIDTH = PLAYER.block.field("opponent").width
_CELL = {f.name: f for f in PLAYER.block.fields}
#: the blank separators of a round cell: after the opponent, after the colour, after the result
SEPARATORS = (slice(OPPONENT_AT + OPPONENT_WIDTH, COLOUR_AT), slice(COLOUR_AT + 1, RESULT_AT),
              slice(RESULT_AT + 1, BLOCK))

#: Birth dates TRF26 accepts: YYYY/MM/DD (00 for unknown parts) or the year alone (rule TRF309).
BIRTH_FORMS = re.compile(r"^\d{4}(?:/\d{2}/\d{2})?$")

#: Every title a player line may hold, upper-cased (letters and names), and none.
TITLES = frozenset({*TITLE_LETTERS.values(), *(k.upper() for k in TITLE_LETTERS), ""})


def title_label(title: str | None) -> str:
    """A title as people write it whatever the dialect: TRF16's letters spelt out (``g`` -> GM)."""
    text = (title or "").strip()
    return TITLE_LETTERS.get(text.lower(), text)


def _not_digits(value: str) -> bool:
    return bool(value) and not value.isdecimal()


def _points_problem(rule: str) -> Callable[[str], bool]:
    """A test of a points text: :func:`parse_points` finds ``rule`` in it."""
    return lambda v: parse_points(v)[1] == rule


class HeadRule:
    """How a head field's value (stripped; ``sex`` as written) is judged: ``malformed`` says
    whether it is reported, as ``rule`` with ``message`` and ``hint`` (``{v!r}``: the value,
    ``{c}``: the field's columns).  (A plain class: a NamedTuple costs every process ~0.66 M
    instructions to make, docs/performance.md.)"""

    __slots__ = ("field", "malformed", "rule", "message", "hint")

    def __init__(self, field: str, malformed: Callable[[str], bool], rule: str, message: str, hint: str) -> None:
        self.field, self.malformed, self.rule, self.message, self.hint = field, malformed, rule, message, hint


#: The head fields' rules (TRF303-TRF312), in the order of the fields: :mod:`.bulk` flags a line
#: by ``malformed``, :func:`report_line` reports ``message``.
HEAD_RULES: tuple[HeadRule, ...] = (
    HeadRule("sex", lambda v: v not in ("m", "w", " ", ""), "TRF303", "sex {v!r} is not 'm', 'w' or blank",
             "write m or w in column {c}"),
    HeadRule("title", lambda v: v.upper() not in TITLES, "TRF304", "title {v!r} is not a FIDE title",
             "use GM IM WGM FM WIM CM WFM WCM"),
    HeadRule("name", lambda v: not v, "TRF305", "player name is empty", "columns {c} hold 'Lastname, Firstname'"),
    HeadRule("rating", _not_digits, "TRF306", "rating {v!r} is not a number", "columns {c}: a number or blank"),
    HeadRule("federation", lambda v: bool(v) and not (len(v) == 3 and v.isalpha()), "TRF307",
             "federation {v!r} is not three letters", "columns {c}: a FIDE federation code such as GER"),
    HeadRule("fide_id", _not_digits, "TRF308", "FIDE id {v!r} is not a number", "columns {c}: digits only"),
    HeadRule("birth", lambda v: bool(v) and not BIRTH_FORMS.match(v), "TRF309",
             "birth date {v!r} is not YYYY/MM/DD or YYYY",
             "columns {c}: YYYY/MM/DD (00 for an unknown month or day) or YYYY"),
    *(HeadRule("points", _points_problem(rule), rule, message, "columns {c}: a number such as 5.5")
      for rule, message in (("TRF310", "points {v!r} do not parse"),
                            ("TRF311", "points {v!r} use a decimal comma or extra decimals"))),
    HeadRule("rank", _not_digits, "TRF312", "rank {v!r} is not a number", "columns {c}: the final rank"),
)

PLAYED_KIND = {"1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS,
               "W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS}
BYE_KIND = {"H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "U": Kind.PAB, "Z": Kind.ZERO_BYE,
            " ": Kind.ABSENT}
UNKNOWN_CODES = frozenset("X?")
RESULT_CODES = frozenset("1=0WDL+-HFUZ X?")

# A cell's verdict: kind, then (rule, message) when the combination deserves a finding.
Verdict = tuple[str, "tuple[str, str] | None"]


def _classify(has_opponent: bool, colour: str, code: str) -> Verdict:
    """Kind of a cell from opponent presence, colour and result (rules TRF405, TRF406)."""
    coloured = colour in "wb"
    if code in UNKNOWN_CODES:
        return Kind.UNKNOWN, ("TRF406", f"result {code!r} means unknown or pending")
    if has_opponent:
        if code in PLAYED_KIND:
            return PLAYED_KIND[code], None if coloured else ("TRF405", "a played game needs colour w or b")
        if code in "+-":
            kind = Kind.FORFEIT_WIN if code == "+" else Kind.FORFEIT_LOSS
            return kind, None if coloured else ("TRF406", "forfeit recorded without a colour")
        return BYE_KIND[code], ("TRF405", f"result {code!r} is a bye or absence but an opponent is given")
    # no opponent
    if coloured:
        return BYE_KIND.get(code, Kind.ABSENT), ("TRF405", "a colour is given but there is no opponent")
    if code in BYE_KIND:
        return BYE_KIND[code], None
    if code == "-":
        return Kind.ABSENT, ("TRF406", "'-' without an opponent (absence written as a forfeit loss)")
    if code == "+":
        return Kind.PAB, ("TRF406", "legacy '0000 - +': read as a pairing-allocated bye")
    if code == "=":
        return Kind.HALF_BYE, ("TRF406", "legacy '0000 - =': read as a half-point bye")
    return Kind.ABSENT, ("TRF405", f"result {code!r} needs an opponent")


CELLS: dict[tuple[bool, str, str], Verdict] = {
    (has, colour, code): _classify(has, colour, code)
    for has in (True, False) for colour in "wb- " for code in RESULT_CODES
}


@lru_cache(maxsize=4096)
def parse_points(text: str) -> tuple[Fraction | None, str | None]:
    """Points as written (``11.5``); returns (value, problem) where problem names a rule."""
    if not text:
        return None, None
    problem = None
    if "," in text:
        text = text.replace(",", ".")
        problem = "TRF311"
    head, _, tail = text.partition(".")
    if not (head.isdecimal() or (head == "" and tail)) or (tail and not tail.isdecimal()) or text.count(".") > 1:
        return None, "TRF310"
    if len(tail) > 1:
        problem = "TRF311"
    return Fraction(text), problem


def reporter(lineno: int, add: Callable[[Finding], None]) -> Callable[..., None]:
    """``report(rule, column, message, hint, value, lesser=False)``: a finding on line ``lineno``, through ``add``."""

    def report(rule: str, column: int, message: str, hint: str = "", value: str = "", lesser: bool = False) -> None:
        add(finding(rule, message, lineno, column, hint, value, lesser=lesser))

    return report


def report_line(text: str, heads: Mapping[str, str], report: Callable[..., None]) -> int | None:
    """The findings of a ``001`` line :mod:`.bulk` flagged (its round blocks aside: :func:`parse_rounds`),
    through ``report`` (:func:`reporter`): the line's own (TRF103 tab, TRF313 fifth start-rank digit,
    TRF301 no start rank, TRF314 short), then each head field's (:data:`HEAD_RULES`) judged on
    ``heads`` (the field texts the column decoder cut, stripped; ``sex`` as written).
    Returns the start rank (None: no player; the fields are then not judged)."""
    if "\t" in text:
        report("TRF103", text.index("\t") + 1, "tab character in a player record",
               "replace tabs by spaces so that every field stays in its columns")
    raw_sno = text[START_RANK]
    sno_text = raw_sno.strip()
    if text[START_RANK.stop:START_RANK.stop + 1].isdecimal():  # a fifth digit: more than 9,999 players
        rest = text[START_RANK.start:]
        sno_text = rest.split(None, 1)[0] if rest.strip() else ""
        report("TRF313", F["start_rank"].first, f"start rank {sno_text} does not fit in columns "
               f"{F['start_rank'].columns} (at most 9,999 players)",
               "split the event into sections of at most 9,999 players", sno_text)
    if not sno_text.isdecimal() or int(sno_text) == 0:
        report("TRF301", F["start_rank"].first, f"start rank {sno_text!r} is not a positive number",
               f"columns {F['start_rank'].columns} hold the player's starting rank, right-aligned", raw_sno)
        return None
    if len(text) < MIN_LENGTH:
        report("TRF314", len(text) + 1, f"player line ends at column {len(text)}, before the points field "
               f"({F['points'].columns})", "the line looks truncated; restore the missing columns", text[-20:])
    for judged in HEAD_RULES:
        value = heads[judged.field]
        if judged.malformed(value):
            field = F[judged.field]
            report(judged.rule, field.first, judged.message.format(v=value), judged.hint.format(c=field.columns),
                   value)
    return int(sno_text)


def parse_rounds(text: str, start_rank: int, report: Callable[..., None]) -> list[Game]:
    """The round blocks of a ``001`` line, each decoded by :func:`_decode_block`; trailing blank
    blocks are dropped (TRF-2026 leaves unplayed future rounds blank: the reader pads them back)."""
    games = [_decode_block(text[base:base + BLOCK], rnd, base + 1, start_rank, report)
             for rnd, base in enumerate(range(FIRST_ROUND, len(text.rstrip()), BLOCK), 1)]
    while games and games[-1].kind == Kind.ABSENT and games[-1].opponent is None and games[-1].code == " ":
        games.pop()
    return games


def _decode_block(block: str, rnd: int, column: int, start_rank: int, report: Callable[..., None]) -> Game:
    """One round block (``column``: its first, 1-based) with a finding for every deviation."""
    opp_text = block[OPPONENT_AT:OPPONENT_AT + OPPONENT_WIDTH]
    colour = block[COLOUR_AT:COLOUR_AT + 1] or " "
    code = block[RESULT_AT:RESULT_AT + 1] or " "
    if (block[SEPARATORS[0]] not in (" ", "") or block[SEPARATORS[1]] not in (" ", "")
            or block[SEPARATORS[2]].strip()):
        report("TRF106", column, f"round {rnd}: the block {block!r} is not on the {BLOCK}-column grid",
                f"each round block is 'OOOO C R  ' starting at column {FIRST_ROUND + 1}+{BLOCK}*(round-1); "
                "a tab or a wrong encoding shifts it", block)
    opp = opp_text.strip()
    if opp.isdecimal():
        opponent = int(opp) or None
    elif not opp:
        opponent = None
    else:
        report("TRF401", column, f"round {rnd}: opponent {opp_text!r} is not a start rank",
                f"columns {_CELL['opponent'].columns} (+{BLOCK} per round) hold the opponent's start "
                "rank or 0000", opp_text)
        opponent = None
    if colour in "WB":
        report("TRF403", column + COLOUR_AT, f"round {rnd}: colour {colour!r} in upper case", "write w or b",
                colour, lesser=True)
        colour = colour.lower()
    elif colour not in "wb- ":
        report("TRF403", column + COLOUR_AT, f"round {rnd}: colour {colour!r} is not w, b or -",
                f"column {_CELL['colour'].columns} (+{BLOCK} per round): w, b, - or blank", colour)
        colour = " "
    upper = code.upper()
    if upper not in RESULT_CODES:
        report("TRF404", column + RESULT_AT, f"round {rnd}: unknown result code {code!r}",
                "use 1 = 0 + - W D L H F U Z", code)
        upper = " "
    if opponent == start_rank:
        report("TRF405", column, f"round {rnd}: the player is paired with themself",
                "the opponent must be another player's start rank", opp_text)
        opponent = None
    if opponent is not None and len(block) <= RESULT_AT + 1 and block[RESULT_AT:RESULT_AT + 1].strip() == "":
        report("TRF402", column, f"round {rnd}: block truncated before the result",
                f"add the result code in column {_CELL['result'].columns} (+{BLOCK} per round)", block)
    kind, problem = CELLS[(opponent is not None, colour, upper)]
    if problem is not None:
        report(problem[0], column, f"round {rnd}: {problem[1]}", "", block.rstrip())
    return Game(rnd, opponent, colour if colour in "wb" else None, upper, kind)


def blank_byes(player: Player, total_of: Callable[[Player], Fraction], draw: Fraction,
               win: Fraction) -> tuple[list[int], str]:
    """Read blank-result rounds as byes when the declared points count them (rule TRF408).

    Irish Chess Union exports write byes as ``0000 -`` with a blank result, yet their points
    column counts them.  When the difference between the declared and the computed points
    (``total_of``, e.g. ``Scoring.totaller()``), shared equally by all the player's blank
    rounds, is exactly a draw (or a win) each, those rounds become half-point (or full-point)
    byes.  Returns the places of those rounds (0-based) and the kind; :func:`infer_blank_byes`
    makes them so.
    """
    if player.points is None:
        return [], ""
    codes = player.codes()
    if " " not in codes:
        return [], ""
    delta = player.points - total_of(player)
    if delta <= 0:  # the cells give at least the declared points: nothing to read as a bye
        return [], ""
    blanks = [i for i, (opponent, code, kind) in enumerate(zip(player.opponent_ranks(), codes, player.kinds()))
              if code == " " and kind == Kind.ABSENT and opponent is None]
    if not blanks:
        return [], ""
    each = delta / len(blanks)
    kind = Kind.HALF_BYE if each == draw else Kind.FULL_BYE if each == win else ""
    if not kind:
        return [], ""
    return blanks, kind


def infer_blank_byes(player: Player, total_of: Callable[[Player], Fraction], draw: Fraction,
                     win: Fraction) -> tuple[list[int], str]:
    """:func:`blank_byes` made so in ``player``'s cells; gives the rounds changed and the kind."""
    blanks, kind = blank_byes(player, total_of, draw, win)
    if blanks:
        games = player.games.copy()
        for i in blanks:
            games[i] = games[i]._replace(kind=kind)
        player.games = games
    return [i + 1 for i in blanks], kind
