"""FIDE Tournament Report File: reading (TRF16, TRF26, JaVaFo TRF(x)) and writing.

Reading: bytes are decoded (:mod:`..decode`), split into records by the grammar
(:mod:`.grammar`), and each record is decoded by its column table (:mod:`.header`,
:mod:`.player` with :mod:`.bulk` for many player lines at once, :mod:`.records`); the reader's
rule ids live in :mod:`.rules`.  Every line is kept as a :class:`~trfscore.model.Record`, so
:func:`write_bytes` gives back the original bytes for an unchanged tournament (:mod:`.writer`),
while :mod:`.versions` writes a tournament afresh as TRF16 or TRF26.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

if TYPE_CHECKING:
    from ..dates import parse_round_date
    from .reader import MAX_PLAYERS, read_bytes, read_text
    from .versions import format_player
    from .writer import write_bytes, write_text

__all__ = ["MAX_PLAYERS", "format_player", "parse_round_date", "read_bytes", "read_text", "write_bytes",
           "write_text"]

# Each name is imported on first use (PEP 562), so that a module of this package (the column
# tables a JSON document's cells are checked against) comes without the reader and its grammar.
_HOME = {"MAX_PLAYERS": "reader", "parse_round_date": ".dates", "read_bytes": "reader", "read_text": "reader",
         "format_player": "versions", "write_bytes": "writer", "write_text": "writer"}


__getattr__ = lazy_names(__name__, _HOME, globals())
