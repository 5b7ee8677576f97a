"""What the commands share for ``--rating-list LIST`` (repeatable) and ``--index PATH``."""
from __future__ import annotations

import sys

from ..errors import UsageError
from .ratinglist import RatingList
from .readers import ListFormatError

__all__ = ["add_options", "open_lists"]


def add_options(parser, *, repeat: bool = True) -> None:
    """``--rating-list LIST`` and ``--index PATH`` on a subcommand's parser."""
    parser.add_argument("--rating-list", action="append", default=[], metavar="LIST",
                        help="FIDE rating list (XML, TXT, or their zip) or a national CSV list to check the players "
                        "against" + ("; repeatable (months, types): the one in force on the start date rates"
                                     if repeat else ""))
    parser.add_argument("--index", metavar="PATH", help="folder (or .sqlite file) for the rating-list index "
                        "(default: $XDG_CACHE_HOME/trfscore)")


def open_lists(paths: list[str], index: str | None) -> list[RatingList]:
    """The lists, indexed (built on first use); a file that is not a list is a UsageError
    (exit 2) naming it.  Rows skipped as malformed are said on standard error."""
    if index and len(paths) > 1 and index.endswith((".sqlite", ".db", ".sqlite3")):
        raise UsageError("--index names one .sqlite file but several --rating-list files were given; "
                         "give a folder instead")
    lists: list[RatingList] = []
    for path in paths:
        try:
            lst = RatingList.open(path, index=index)
        except ListFormatError as exc:
            raise UsageError(str(exc)) from None
        if lst.skipped:
            first = f" (first: {lst.problems[0]})" if lst.problems else ""
            print(f"trfscore: {path}: {lst.skipped} malformed row(s) skipped{first}", file=sys.stderr)
        lists.append(lst)
    return lists
