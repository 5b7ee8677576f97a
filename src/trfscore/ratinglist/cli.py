"""What the commands share for ``--rating-list LIST`` (repeatable) and ``--index PATH``.

The list machinery (SQLite, the readers) is imported only when a list is given: every ``report``
and ``check`` adds these options, and most never use them.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..errors import UsageError

if TYPE_CHECKING:
    from ..model import Tournament
    from ..ratings.players_csv import PlayerInfo, PlayerKey
    from .ratinglist import RatingList

__all__ = ["add_options", "open_lists"]


def add_options(parser: argparse.ArgumentParser, *, repeat: bool = True) -> None:
    """``--rating-list LIST`` and ``--index PATH`` on a subcommand's parser."""
    parser.add_argument("--rating-list", action="append", default=[], metavar="LIST",
                        help="FIDE rating list (XML, TXT, or their zip) or a national CSV list to check the players "
                        "against" + ("; repeatable (months, types): the one in force on the start date rates"
                                     if repeat else ""))
    parser.add_argument("--index", metavar="PATH", help="folder (or .sqlite file) for the rating-list index "
                        "(default: $XDG_CACHE_HOME/trfscore)")


@contextmanager
def _list_errors_as_usage() -> Iterator[None]:
    """A :class:`ListFormatError` (a file that is not a list, an index that cannot be built or
    was damaged while in use) as a UsageError (exit 2) with its message."""
    from .readers import ListFormatError

    try:
        yield
    except ListFormatError as exc:
        raise UsageError(str(exc)) from None


def open_lists(paths: list[str], index: str | None) -> list[RatingList]:
    """The lists, indexed (built on first use); a file that is not a list is a UsageError
    (exit 2) naming it.  Rows skipped as malformed are said on standard error."""
    from ..safetext import neutralise
    from .index import INDEX_SUFFIXES
    from .ratinglist import RatingList

    if index and len(paths) > 1 and index.endswith(INDEX_SUFFIXES):
        raise UsageError("--index names one .sqlite file but several --rating-list files were given; "
                         "give a folder instead")
    lists: list[RatingList] = []
    for path in paths:
        with _list_errors_as_usage():
            lst = RatingList.open(path, index=index)
        for note in ([lst.note] if lst.note else []) + lst.warnings:
            print(f"trfscore: {neutralise(note)}", file=sys.stderr)
        if lst.skipped:
            first = f" (first: {lst.problems[0]})" if lst.problems else ""
            print(f"trfscore: {path}: {lst.skipped} malformed row(s) skipped{first}", file=sys.stderr)
        lists.append(lst)
    return lists


def fill_input(t: Tournament, data: bytes, args: argparse.Namespace) -> Tournament:
    """``convert --fill-from``: the tournament ``t``, read from the bytes ``data`` of the input
    file, read again from its filled TRF text; the changes go to standard error, one line each
    (the input file is never written)."""
    from ..formats import registry
    from ..loading import loads
    from ..safetext import neutralise
    from .fill import fill_bytes

    head = data[:4096].decode("latin-1")
    # JSON written from a TRF says "trf" too: the bytes must be TRF text
    if t.source.format != "trf" or args.input == "-" or registry.sniff(head.lstrip("\ufeff\xef\xbb\xbf")).name != "trf":
        raise UsageError(f"{args.input}: --fill-from needs a TRF file as input (it fills in 001 columns)")
    lists = open_lists(args.fill_from, args.index)
    with _list_errors_as_usage():  # an index damaged while in use
        filled, changes = fill_bytes(t, lists, data)
    for f in changes:
        message = neutralise(f.message)  # names are untrusted: no terminal escapes
        print(f"{args.input}:{f.line}:{f.column}: {f.severity} {f.rule} {message}", file=sys.stderr)
    print(f"trfscore: {len(changes)} change(s) filled in from {', '.join(lst.label for lst in lists)}",
          file=sys.stderr)
    return loads(filled, "trf", path=args.input, encoding=t.source.encoding)


def rating_inputs(t: Tournament, lists: Sequence[RatingList],
                  players: Mapping[PlayerKey, PlayerInfo] | None = None,
                  ) -> dict[PlayerKey, PlayerInfo]:
    """``report --ratings fide --rating-list``: the ``players`` mapping of
    :func:`trfscore.ratings.tournament.rate_tournament` with each player's K factor and birth
    year from the list in force on the start date (rows of ``--players`` keep precedence).  The
    list's games column counts the games of its own period only, so it is not a career count and
    is not used as ``games_before``; the list's K already says whether 30 games are reached."""
    from dataclasses import replace

    from ..ratings.players_csv import PlayerInfo
    from .compare import Comparison, list_rating, player_id

    out = dict(players or {})
    with _list_errors_as_usage():  # an index damaged while in use
        cmp = Comparison.of(t, lists)
    lst = cmp.choice.in_force
    if lst is None:
        return out
    for p in t.players:
        pid = player_id(p)
        e = cmp.in_force_by_id.get(pid) if pid else None
        if e is None:
            continue
        _, _, k = list_rating(lst, e, cmp.choice.kind)
        key = ("fide_id", str(pid))
        given = out.get(key) or PlayerInfo(fide_id=str(pid))
        out[key] = replace(given, k=given.k if given.k is not None else k,
                           birth_year=given.birth_year if given.birth_year is not None else e.birth_year)
    return out
