"""The terminals of ``grammars/crosstable.lark``, in the order lark's basic lexer tries them.

GENERATED from the grammar (python -m trfscore.formats.crosstable.lexing >
src/trfscore/formats/crosstable/terminals.py); do not edit.  A test holds it equal to what lark
compiles from the grammar, so reading a crosstable needs no lark at run time.
"""
# ruff: noqa: E501 (one terminal a line)
from typing import NamedTuple


class Terminal(NamedTuple):
    """One terminal of the grammar: its name, its regular expression (as lark compiles it) and
    its priority."""
    name: str
    regexp: str
    priority: int


TERMINALS: tuple[Terminal, ...] = (
    Terminal('CR_BYE', '[-–](?:1|0|½|1\\/2|0[.,]5|\\+)(?=[\\s|;]|$)', 6),
    Terminal('CR_CELL', '\\d+[wWbBsSzZnNpPcCčČvVhHmMбБчЧ\\-](?:1|0|½|=|\\+|-|1\\/2|0[.,]5|\\?|\\*)(?=[\\s|;]|$)', 5),
    Terminal('FIDE_CELL', '[+=\\-][WwBbSs]\\d+[fF]?(?=[\\s|;]|$)', 5),
    Terminal('SP_CELL', '\\d*:[WwLlDd=+\\-]?(?=[\\s|;]|$)', 5),
    Terminal('HALF', '(?:\\d*½+|1\\/2)(?=[\\s|;]|$)', 5),
    Terminal('DEC', '\\d*[.,]\\d+(?=[\\s|;]|$)', 5),
    Terminal('US_CELL', '[WLDXF]\\d+(?=[\\s|;]|$)', 5),
    Terminal('INT', '\\d+(?=[\\s|;]|$)', 5),
    Terminal('BYE', '(?i:HPB|PAB|FPB|ZPB|bye|spielfrei|freilos|vrij|exempt|exempté|libre|descansa|riposo|folga|wolny|pauza|volno)(?=[\\s|;]|$)', 5),
    Terminal('RANKDOT', '\\d{1,5}[.)](?=[\\s|;]|$)', 5),
    Terminal('SIGN', '(?:[+=?]|[-–—]{1,2}|(?=[^\\s|;]*[=+\\-–])[10½=+\\-–]{2})(?=[\\s|;]|$)', 5),
    Terminal('DIAG', '(?:[xX*×]{1,2}|■|█)(?=[\\s|;]|$)', 5),
    Terminal('DOT', '[.·](?=[\\s|;]|$)', 5),
    Terminal('LETTER', '[BHUFZ](?=[\\s|;]|$)', 4),
    Terminal('TITLE', '(?:GM|IM|FM|CM|WGM|WIM|WFM|WCM|SIM|LGM|LIM|CCM|CCE)(?=[\\s|;]|$)', 3),
    Terminal('FED', '[A-Z]{3}(?=[\\s|;]|$)', 2),
    Terminal('__IGNORE_0', '[ \x0c\\v\xa0\u2007\u202f]+', 0),
    Terminal('WORD', '[^\\s|;]+', 0),
    Terminal('_NL', '\r?\n|\r', 0),
    Terminal('PIPE', '\\|', 0),
    Terminal('SEMI', ';', 0),
    Terminal('TAB', '\t', 0),
)
