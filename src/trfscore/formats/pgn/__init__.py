"""PGN game files as a tournament: reading (headers only unless moves are asked for).

python-chess (imported inside the functions, so importing trfscore stays fast) reads the tag
pairs; by default only the headers are read (``chess.pgn.read_headers``), so a file of 100,000
games reads at tens of thousands of games a second.  What this package owns:

* **Players** from ``White``/``Black`` with ``WhiteFideId``/``BlackFideId`` (numeric only),
  ``WhiteElo``, ``WhiteTitle`` and ``WhiteFed``; a player is the same person in every game by
  FIDE id, else by name.  Start ranks are given as a tournament program would: by rating
  (highest first, unrated last), then by name.
* **Rounds** from ``Round``: ``"3"`` and ``"3.1"`` are round 3 (``round_mode="round"``; with
  ``"round.board"`` the part after the dot is also kept as the board number in
  ``extras["boards"]``); ``round_mode="round.game"`` makes every distinct value (``3.1``,
  ``3.2`` of a match) its own round.  The default, ``"auto"``, is ``round.game`` when every
  ``Round`` is ``r.g`` and some player has two games under one ``r`` (PGN112), else ``round``.
* **Results** ``1-0 0-1 1/2-1/2``; ``*`` is a game not finished: paired, its result pending,
  not scored (PGN203), unless ``[Termination "result unknown"]`` says it is a TRF ``X`` (scored
  as record 162's X); ``[Termination "not rated"]`` keeps a TRF ``W``/``D``/``L``.
* **Forfeits and byes** by the conventions in the project's docs/formats.md, each one reported
  as an info finding saying which convention was used:
  ``Termination`` "forfeit"/"default"/"walkover"/"no show" (not "time forfeit", which is a
  played game), ChessBase ``+:-`` ``-:+`` ``-:-`` (and ``+/-``), ``0-0`` (double forfeit), a
  decisive game without moves in a file whose other games have moves; a bye when one side is
  named ``BYE`` (``-``, ``spielfrei``), ``Termination "bye"`` or a ``ByeType`` tag
  (``PAB HPB FPB ZPB``, written by :mod:`.writer`).
* **One game at a time** (:mod:`.collecting`): python-chess reads each game's section on its own;
  players, event tags and results that games repeat are shared objects.

Bad input (not PGN, broken tag lines, mixed UTF-8 / Windows-1252 lines) gives findings, never
an exception.

The modules: :mod:`.reading` (the entry points), :mod:`.decoding` (bytes to text),
:mod:`.sections` and :mod:`.collecting` (game records from the text, one game at a time),
:mod:`.records` and :mod:`.moves` (one game), :mod:`.tournament` (:func:`build` and the header),
:mod:`.players`, :mod:`.rounds`, :mod:`.games` and :mod:`.table` (its steps),
:mod:`.conventions` (results, forfeits, byes) and :mod:`.rules` (the rule catalogue).
"""
from __future__ import annotations

from ..limits import MAX_INPUT_BYTES
from .collecting import collect
from .conventions import BYE_NAMES, BYE_TYPES, FORFEIT_RESULTS, FORFEIT_WORDS, KIND_OF, RESULTS
from .decoding import decode_pgn
from .reading import events, read, read_many, read_path, sniff
from .records import GameRecord, Side
from .rules import READER_RULES
from .tournament import build

__all__ = ["BYE_NAMES", "BYE_TYPES", "FORFEIT_RESULTS", "FORFEIT_WORDS", "KIND_OF", "MAX_INPUT_BYTES",
           "READER_RULES", "RESULTS", "GameRecord", "Side", "build", "collect", "decode_pgn", "events", "read", "read_many",
           "read_path", "sniff"]
