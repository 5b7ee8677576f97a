"""The XML fast path (one regular expression per player of FIDE's layout) gives exactly what the
general expat path gives, for any list: other element orders, empty-element tags, entities,
line ends and whitespace included."""
from __future__ import annotations

import io
import re
from xml.sax.saxutils import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.ratinglist.readers import ListFormatError, ReadStats
from trfscore.ratinglist.readers.xml_list import XML_COMBINED, XML_PER_TYPE, _fast_ok, read_xml

cell = st.one_of(st.sampled_from(["", "0", "1503014", "2839", "GM", "wi", "NOR", "1990", "12x"]),
                 st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                         max_size=12).filter(lambda s: all(c in "\t\n\r" or ord(c) >= 32 for c in s)))
space = st.sampled_from(["", "\n", " ", "\r\n", "\n  "])


@st.composite
def players(draw):
    per_type = draw(st.booleans())
    names = list(XML_PER_TYPE if per_type else XML_COMBINED)
    out = []
    for _ in range(draw(st.integers(0, 6))):
        order = list(names)
        if draw(st.integers(0, 9)) == 0:
            order = draw(st.permutations(order))
        parts = []
        for n in order:
            value = draw(cell)
            if not value and draw(st.integers(0, 5)) == 0:
                parts.append(f"<{n}/>")
            else:
                parts.append(f"<{n}>{escape(value)}</{n}>")
        sep = draw(space)
        out.append("<player>" + sep + sep.join(parts) + sep + "</player>")
    return "<playerslist>" + draw(space) + draw(space).join(out) + draw(space) + "</playerslist>"


#: Markup before the root sends a whole document through the general (expat callback) path.
GENERAL = "<!-- the general path -->"


def read(doc: str, fast: bool):
    """What the fast path (``fast``) or the general path reads of ``doc``."""
    data = (doc if fast else GENERAL + doc).encode("utf-8")
    assert _fast_ok(data[:4096]) is fast
    stats = ReadStats()
    try:
        found = list(read_xml(io.BufferedReader(io.BytesIO(data)), "list.xml", stats))
    except ListFormatError as exc:
        return "error", str(exc).split(" (")[0]
    return found, (stats.read, stats.skipped, stats.problems)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(players())
def test_fast_path_equals_general_path(doc):
    assert read(doc, True) == read(doc, False)


@pytest.mark.parametrize("doc", ["<playerslist><player><fideid>1</fideid>", "<playerslist>", "<players/>",
                                 "<playerslist><player><fideid>1</fideid></playerslist>"])
def test_both_paths_refuse_the_same_broken_documents(doc):
    assert read(doc, True)[0] == read(doc, False)[0] == "error"


hidden = st.sampled_from(["<!-- <player><fideid>9</fideid><rating>1111</rating></player> -->",
                          "<![CDATA[<player><fideid>9</fideid></player>]]>", "<?pi <player>?>", "<!-- -->"])


@settings(max_examples=60, deadline=None)
@given(players(), st.lists(st.tuples(st.integers(0, 10 ** 6), hidden), max_size=3))
def test_markup_between_players_changes_nothing(doc, insertions):
    """A comment, CDATA section or processing instruction between players (where the general
    path skips it) never gives a player on either path."""
    cuts = [m.end() for m in re.finditer(r"</player>|<playerslist>", doc)]
    marked = doc
    for where, text in sorted(((cuts[w % len(cuts)], t) for w, t in insertions), reverse=True):
        marked = marked[:where] + text + marked[where:]
    assert read(marked, True) == read(marked, False) == read(doc, False)


def test_entities_and_line_ends_in_fide_s_layout():
    """A player in FIDE's own element order (the fast path's one regular expression) whose name
    holds entities and a CR LF: read as XML reads it (``&amp;`` is ``&``, CR LF one line end,
    which the cleaning of cells makes a space), on both paths."""
    cells = {n: "" for n in XML_COMBINED} | {"fideid": "1503014", "name": "O&apos;Neil &amp; S&#248;n\r\nX"}
    doc = "<playerslist>\n<player>" + "".join(f"<{n}>{v}</{n}>" for n, v in cells.items()) + "</player>\n</playerslist>"
    fast, general = read(doc, True), read(doc, False)
    assert fast == general
    assert [e.name for e in fast[0]] == ["O'Neil & Søn X"]
