"""The Swiss cells read as fixed-width bytes (formats/crosstable/cellbytes.py) are held to the cells
read one text at a time (``block._Cells``, which reads ``12w1`` directly and every other text as
``cells.swiss_cell`` does): which cells are of the form ``12w1``, their numbers and colour
letters, and a block's packed cells, on generated cell texts of every kind."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trfscore.cells import CHAR_OF_COLOUR
from trfscore.formats.crosstable import block
from trfscore.formats.crosstable.block import _LETTERS, _RESULT_CHAR, Block, Layout, _Cells, cell_bytes
from trfscore.formats.crosstable.colours import PAIRS, mapping

LETTERS = sorted(_LETTERS)
RESULTS = sorted(_RESULT_CHAR)
# Texts of other forms, and near misses of 12w1: byes, other notations, digits of other scripts,
# too many digits, no digits, a result of several characters, letters of other alphabets.
OTHERS = ["HPB", "PAB", "FPB", "ZPB", "bye", "-", "+", "0", "1", ".", "W12", "L3", "+W12", "=B5", "-B3", "12:W",
          "1234567w1", "12w1/2", "12w0.5", "١٢w1", "²w1", "12x1", "w1", "12w", "12wx", "12č1", "3Č½", "7б0",
          "9ч=", "12w–", "½", "0012b1", "000000w0", "12W+", "12-1", "12-?", "1w11w1", "12ww1"]


def regular(text: str) -> bool:
    """What ``_Cells`` reads directly (the form 12w1)."""
    number = text[:-2]
    return (text[-2:-1] in _LETTERS and text[-1:] in _RESULT_CHAR and number.isdigit() and number.isascii()
            and 1 <= len(number) <= 6)


@st.composite
def cell_texts(draw):
    if draw(st.integers(0, 3)):
        digits = draw(st.integers(1, 6))
        number = str(draw(st.integers(0, 10 ** digits - 1))).zfill(draw(st.integers(0, digits)))
        return number + draw(st.sampled_from(LETTERS)) + draw(st.sampled_from(RESULTS))
    if draw(st.booleans()):
        return draw(st.sampled_from(OTHERS))
    return draw(st.text(st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc", "Cs")), min_size=1, max_size=10))


@settings(max_examples=400, deadline=None)
@given(st.lists(cell_texts(), max_size=40))
def test_cell_bytes_find_the_cells_read_directly(texts):
    cut = cell_bytes(texts)
    direct = [regular(t) and all(ord(c) < 256 for c in t) for t in texts]  # (another alphabet's letter: odd)
    assert cut.odd == [i for i, ok in enumerate(direct) if not ok]
    assert cut.numbers() == [int(t[:-2]) if ok else 0 for t, ok in zip(texts, direct)]
    assert cut.letters_used() == {t[-2] for t, ok in zip(texts, direct) if ok}


@settings(max_examples=300, deadline=None)
@given(st.lists(cell_texts(), min_size=1, max_size=36), st.integers(1, 6), st.data())
def test_packed_cells_are_the_cells_read_one_by_one(texts, rounds, data):
    decoded = _Cells(Layout._cell)
    cells = [t if decoded[t] else "HPB" for t in texts]  # a block holds no text that is no cell
    cells += ["HPB"] * (-len(cells) % rounds)
    n = len(cells) // rounds
    b = Block(rounds, list(range(n)), [""] * n, ["1"] * n, [None] * n, [""] * n, [""] * n, [None] * n, [""] * n,
              cells, [], [0] * n, decoded)
    letters = b.colour_letters()
    assert letters == {decoded[t][1] for t in cells}
    used = letters - {None}
    if used <= {"w", "b"}:
        letter_of = None
    else:
        letter_of = data.draw(st.sampled_from([{}, *(mapping(p) for p in PAIRS)]))
    numbers = sorted({opp for opp, _, _ in map(decoded.__getitem__, cells) if opp is not None} | {1, 2, 3})
    kept = data.draw(st.lists(st.sampled_from(numbers[1:] if numbers[0] == 0 else numbers), unique=True))  # (rows
    # are numbered from 1: SwissReader._numbers)
    to_sr = {number: data.draw(st.integers(1, 50)) for number in kept}
    expected_opps: list[int | None] = []
    expected_colours, expected_codes = [], []
    for opp, colour, code in map(decoded.__getitem__, cells):
        expected_opps.append(None if opp is None else to_sr.get(opp))
        if letter_of is not None and colour is not None:
            colour = letter_of.get(colour)
        expected_colours.append(CHAR_OF_COLOUR[colour])
        expected_codes.append(code)
    packed = b.pack(letter_of, to_sr)
    if any(sr is None and cell[0] is not None for sr, cell in zip(expected_opps, map(decoded.__getitem__, cells))):
        assert packed is None
        return
    assert packed is not None
    assert packed.opponents == expected_opps
    assert packed.colours == "".join(expected_colours)
    assert packed.codes == "".join(expected_codes)
    assert block.Block.take(b, list(range(n))).pack(letter_of, to_sr).codes == packed.codes
