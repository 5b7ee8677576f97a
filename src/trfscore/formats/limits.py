"""Bounds that keep a small input from becoming a huge tournament.

A tournament is ``players x rounds`` cells, every one of them a :class:`~trfscore.model.Game`
(absent rounds included), and every command after reading walks them.  In a TRF, JSON or a
dense crosstable each cell is written out, so the work follows the size of the input.  PGN tags
and crosstable headers are different: one ``[Round "999999999"]`` tag, or a header numbering
3,000 columns over three rows, would make millions of absent cells out of a few bytes.  The
readers refuse such input with an error finding instead (:func:`too_sparse`).
"""
from __future__ import annotations

#: Inputs larger than this are refused (exit 2) rather than read into memory.
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Up to this many cells any shape is read.
DENSE_CELLS = 200_000
#: Above it, at most this many cells for every cell the input fills.
PADDING = 20


def too_sparse(players: int, rounds: int, filled: int) -> bool:
    """True when ``players`` x ``rounds`` cells would be mostly padding around ``filled`` ones."""
    cells = players * rounds
    return cells > DENSE_CELLS and cells > PADDING * max(filled, 1)


def data_rounds(t) -> int:
    """The rounds a writer or a crosstable shows: as far as the players' cells go.

    Every reader pads the cells to ``t.rounds``, so this is ``t.rounds``; a JSON document may
    claim any number of rounds (100,000,000) over a few cells, which would be that many columns.
    """
    return max((len(p.games) for p in t.players), default=0)
