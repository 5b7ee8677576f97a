"""The library's doors besides :func:`trfscore.load`: writing (:func:`dump`, :func:`dumps`, and
what a format cannot keep: :func:`conversion_losses`) and checking (:func:`check`).  ``import
trfscore`` exposes them; docs/api.md shows them at work.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Union

from .findings import Finding
from .formats import registry
from .formats.losses import ConversionLoss, lost, reaches
from .model import Tournament

if TYPE_CHECKING:
    from .ratinglist import RatingList

__all__ = ["WRITE_FORMATS", "ConversionLoss", "check", "conversion_losses", "dump", "dumps"]

#: The formats :func:`dump` and :func:`dumps` write (``trfscore convert --to`` takes the same;
#: the format registry, :mod:`trfscore.formats.registry`, says what each can hold).
WRITE_FORMATS: tuple[str, ...] = registry.names(writable=True)

StrPath = Union[str, "os.PathLike[str]"]


def _writer(format: str) -> registry.Format:
    target = registry.get(format)  # ValueError naming the choices
    if not target.writable:
        raise ValueError(f"trfscore does not write {target.name}; choose one of {', '.join(WRITE_FORMATS)}")
    return target


def _written(t: Tournament, target: registry.Format) -> bytes | str:
    """``t`` as ``target`` writes it: a string for ``trf`` (a read TRF's own lines, see
    :func:`dumps`), else the bytes of the file."""
    if target.name == "trf":
        from .formats import trf

        return trf.write_text(t)
    return target.write(t)


def _refuse_losses(t: Tournament, data: bytes | str, target: registry.Format, fail_on: str | None) -> None:
    """:class:`ConversionLoss` when what ``data`` (``t`` written as ``target``) loses reaches ``fail_on``."""
    if fail_on is not None:
        found = lost(t, data, target.name)
        if reaches(found, fail_on):
            raise ConversionLoss(target.name, found)


def conversion_losses(t: Tournament, format: str = "json") -> list[Finding]:
    """What ``t`` written as ``format`` no longer says, as findings (the CNV rules of
    :mod:`trfscore.formats.losses`, what ``trfscore convert`` prints on standard error): an
    ``error`` when the written file's standings differ, a ``warning`` when a distinction a person
    or a rating calculation needs is gone, an ``info`` for what a format leaves out by design;
    empty when nothing is lost.  Raises ValueError as :func:`dumps` does."""
    target = _writer(format)
    return lost(t, _written(t, target), target.name)


def dumps(t: Tournament, format: str = "json", *, fail_on: str | None = "error") -> str:
    """``t`` written as ``format`` (one of :data:`WRITE_FORMATS` or an alias), as text.

    ``trf`` gives back a read TRF's own lines where unchanged (see :func:`dump` for its bytes in
    the original encoding); ``trf16``/``trf26`` write every record afresh.  Raises ValueError for
    an unknown format, for a TRF written afresh with a value wider than its column (a rating
    of 12345: rule TRF960, the error's ``findings``), and :class:`ConversionLoss` (a ValueError
    whose ``findings`` are :func:`conversion_losses`) when what the format cannot keep reaches
    ``fail_on`` (``error``: the written text scores otherwise; ``warning``, ``info``; None: never)."""
    target = _writer(format)
    data = _written(t, target)
    _refuse_losses(t, data, target, fail_on)
    return data if isinstance(data, str) else data.decode("utf-8")


def dump(t: Tournament, path: StrPath, format: str | None = None, *, fail_on: str | None = "error") -> None:
    """Write ``t`` to the file ``path`` as ``format`` (default: the format the file name's ending
    names: ``.json .trf .pgn .txt .md .csv``).  A TRF is written in the encoding it was read with,
    the other formats in UTF-8.  Raises ValueError for an unknown format, a TRF value that does
    not fit its column or a loss reaching ``fail_on`` (as :func:`dumps`; nothing is written),
    OSError when the file cannot be written."""
    if format is None:
        found = registry.by_extension(os.fspath(path))
        if found is None or not found.writable:
            raise ValueError(f"cannot tell the format from {os.fspath(path)!r}; give format= one of "
                             f"{', '.join(WRITE_FORMATS)}")
        target = found
    else:
        target = _writer(format)
    from .outfiles import replaced

    data = target.write(t)
    _refuse_losses(t, data, target, fail_on)
    with replaced(path, binary=True) as handle:  # the old file stays whole if writing fails
        handle.write(data)


def check(source: Tournament | StrPath | bytes, profile: str | None = None, *,
          select: str | Iterable[str] | None = None, ignore: str | Iterable[str] | None = None,
          format: str | None = None, encoding: str | None = None,
          rating_lists: Sequence[RatingList] = (), pairings: bool = False) -> list[Finding]:
    """The findings ``trfscore check`` reports for ``source`` (a :class:`Tournament`, a path, or
    text/bytes as :func:`trfscore.load` takes them), sorted by line and column.

    ``profile``: ``basic`` (the default) or ``fide``; ``select``/``ignore``: rule ids or
    prefixes (``"TRF5,TRF101"`` or a list); ``rating_lists``: :class:`trfscore.RatingList`
    objects the ``FID`` rules (profile ``fide``) compare the players with; ``pairings``: judge
    each round's pairing too (``check --pairings``, the ``TRF9xx`` rules).  Raises ValueError for an unknown profile or rule,
    OSError for an unreadable path, :class:`trfscore.pairings.CheckerMissing` (an ImportError)
    for ``pairings`` without the ``pairings`` extra; problems in the data are findings, never exceptions."""
    from .checks import check as run_rules
    from .checks.profiles import resolve
    from .errors import UsageError
    from .loading import load

    try:
        chosen = resolve(profile, select, ignore)
    except UsageError as exc:
        raise ValueError(str(exc)) from None
    t = source if isinstance(source, Tournament) else load(source, format, encoding=encoding)
    return run_rules(t, chosen, rating_lists=rating_lists, pairings=pairings)
