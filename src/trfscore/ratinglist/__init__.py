"""Checking a submission against the FIDE rating list (or a national list).

* :mod:`.readers` -- the XML, TXT and CSV lists, plain or zipped, streamed;
* :mod:`.index` -- the SQLite index of one list file, built once and reused;
* :class:`RatingList` -- one indexed list: :meth:`~RatingList.lookup`, :meth:`~RatingList.search`,
  :meth:`~RatingList.check`;
* :mod:`.compare` -- which list is in force on the start date; the players beside it;
* :mod:`.rules` -- the ``FID`` check rules (profile ``fide``);
* :mod:`.fill` -- a copy of a TRF with ids, ratings, titles, birth years and federations filled in.

::

    import trfscore
    lst = trfscore.RatingList.open("players_list_xml.zip")
    lst.lookup(1503014).name                       # 'Carlsen, Magnus'
    findings = trfscore.RatingList.check(trfscore.load("event.trf"), [lst])
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .entry import Entry
    from .index import ListIndexError
    from .ratinglist import RatingList
    from .readers import ListFormatError

__all__ = ["RatingList", "Entry", "ListFormatError", "ListIndexError"]


#: the module of each public name, imported on first use (PEP 562): sqlite3, zipfile and the XML
#: parser load only when a list is used; a check without --rating-list imports the FID rules (this
#: package) but never opens a list
__getattr__ = lazy_names(__name__, {"RatingList": "ratinglist", "Entry": "entry", "ListFormatError": "readers",
                                    "ListIndexError": "index"})
