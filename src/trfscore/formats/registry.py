"""Every format trfscore reads or writes, described once.

One :class:`Format` per name: its aliases and file extensions, how its content is recognised,
its reader and its writer, and what it can hold (byes, colours, teams, ratings).  ``load``'s
sniffing, ``--from``/``convert --to`` and their choices, the format table of ``docs/formats.md``
(checked by a test) and the tests' format lists all come from :data:`FORMATS`.

Readers and writers live in their format's package; the functions here only adapt them to one
shape and import them on first use, so that importing trfscore (``trfscore --version``) does not
import every format.  A reader takes the input as ``bytes`` or ``str`` with ``path=`` and
``encoding=`` keywords; a writer takes the tournament and returns ``bytes``.  Sniffing tries the
formats in the order of :data:`FORMATS`; the first whose test accepts the text is taken.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from . import sniff as _sniff

if TYPE_CHECKING:
    from ..model import Tournament as TournamentData  # what a writer writes: any tournament
    from ..tournament import Tournament  # what a reader gives

Reader = Callable[..., "Tournament"]
Writer = Callable[["TournamentData"], bytes]


class Holds(NamedTuple):
    """What a format can carry, as trfscore writes it (``note`` says how, where it is not obvious)."""
    byes: bool
    colours: bool
    teams: bool
    ratings: bool
    #: a final rank for every player is part of the format (a crosstable's rank column is optional)
    ranks: bool = True
    note: str = ""
    #: the TRF header records (by code) whose facts the format writes and its reader reads back;
    #: None: every record (its own lines, verbatim where the model holds no value); the rest
    #: are lost, said by rule CNV010 (:mod:`.losses`)
    header_records: frozenset[str] | None = None


class Format(NamedTuple):
    """One format: ``name`` is what ``--from``/``--to`` and ``Source.format`` say."""
    name: str
    title: str
    holds: Holds
    aliases: tuple[str, ...] = ()
    extensions: tuple[str, ...] = ()
    #: a test of the decoded text (its first 64 KiB, leading blanks removed); None: never sniffed
    sniff: Callable[[str], bool] | None = None
    reader: Reader | None = None
    writer: Writer | None = None
    #: the format whose reader reads this one's files (``trf26`` files are read as ``trf``)
    read_by: str | None = None

    @property
    def readable(self) -> bool:
        return self.reader is not None

    @property
    def writable(self) -> bool:
        return self.writer is not None

    def read(self, data: bytes | str, *, path: str | None = None, encoding: str | None = None) -> Tournament:
        """The tournament in ``data`` (problems are findings on it)."""
        if self.reader is None:
            if self.read_by is not None:
                return get(self.read_by).read(data, path=path, encoding=encoding)
            raise ValueError(f"trfscore does not read {self.name}")
        box = [data]  # handed on, not kept here: a reader may free its input early (a JSON document's)
        del data
        return self.reader(box.pop(), path=path, encoding=encoding)

    def write(self, t: TournamentData) -> bytes:
        """``t`` in this format, as the bytes of a file."""
        if self.writer is None:
            raise ValueError(f"trfscore does not write {self.name}")
        return self.writer(t)


# -- the readers and writers, adapted (each imports its package on first use) ---------------

def _text(data: bytes | str, encoding: str | None) -> str:
    from .decode import decode

    return data if isinstance(data, str) else decode(data, encoding).text


def _with_encoding(t: Tournament, data: bytes | str, encoding: str | None) -> Tournament:
    """``t`` with the encoding its bytes were read in (readers of text do not know it)."""
    if isinstance(data, bytes):
        from .decode import decode

        t.source.encoding = decode(data, encoding).encoding
    return t


def _read_trf(data: bytes | str, *, path: str | None, encoding: str | None) -> Tournament:
    from . import trf

    if isinstance(data, str):
        return trf.read_text(data, path=path)
    return trf.read_bytes(data, path=path, encoding=encoding)


def _read_json(data: bytes | str, *, path: str | None, encoding: str | None) -> Tournament:
    from ..tournament import Tournament
    from . import json_read

    box = [_text(data, encoding)]
    del data  # the bytes, and the text once parsed, are freed before the model is built
    return json_read.read_from(box, Tournament, path=path)


def _read_pgn(data: bytes | str, *, path: str | None, encoding: str | None) -> Tournament:
    from . import pgn
    from .decode import is_utf8

    if encoding is None and isinstance(data, bytes) and is_utf8(data):
        box = [data]  # UTF-8: the reader names the encoding itself, and frees the bytes once it has read them
        del data
        t = pgn.read(box.pop(), path=path)
        t.source.encoding = t.source.encoding or "utf-8"  # as with_pgn_encoding says of UTF-8 bytes
        return t
    return with_pgn_encoding(pgn.read(data, path=path, encoding=encoding), data, encoding)


def with_pgn_encoding(t: Tournament, data: bytes | str, encoding: str | None) -> Tournament:
    """A PGN tournament with the encoding its bytes were read in."""
    if encoding is None and t.source.encoding == "utf-8":
        return t  # what decode says of UTF-8 bytes, known without decoding them whole again
    return _with_encoding(t, data, encoding)


def _read_crosstable(data: bytes | str, *, path: str | None, encoding: str | None) -> Tournament:
    from . import crosstable

    return _with_encoding(crosstable.read(_text(data, encoding), path=path), data, encoding)


def _utf8(text: str) -> bytes:
    return text.encode("utf-8")


def _write_json(t: TournamentData) -> bytes:
    from . import json_write

    return _utf8(json_write.write(t))


def _write_trf(t: TournamentData) -> bytes:
    from . import trf

    return trf.write_bytes(t)


def _write_trf16(t: TournamentData) -> bytes:
    from .trf import versions

    return _utf8(versions.write(t, "trf16"))


def _write_trf26(t: TournamentData) -> bytes:
    from .trf import versions

    return _utf8(versions.write(t, "trf26"))


def _write_pgn(t: TournamentData) -> bytes:
    from .pgn import writer

    return _utf8(writer.write(t))


def _write_crosstable(t: TournamentData) -> bytes:
    from .crosstable import writer

    return _utf8(writer.write(t, style="text"))


def _write_markdown(t: TournamentData) -> bytes:
    from .crosstable import writer

    return _utf8(writer.write(t, style="markdown"))


def _write_csv(t: TournamentData) -> bytes:
    from ..report import csv_report
    from ..standings import compute_standings

    return _utf8(csv_report.render(compute_standings(t)))


_ALL = Holds(byes=True, colours=True, teams=True, ratings=True)
#: a crosstable's heading holds the event's name (012) alone
_TABLE = Holds(byes=True, colours=True, teams=False, ratings=True, ranks=False, note="colours in Swiss tables only",
               header_records=frozenset({"012"}))

#: Every format, in sniffing order (JSON before TRF: a JSON document holds TRF lines in strings).
FORMATS: tuple[Format, ...] = (
    Format("json", "trfscore's JSON document (schema/tournament.schema.json)", _ALL,
           extensions=(".json",), sniff=_sniff.looks_like_json,
           reader=_read_json, writer=_write_json),
    Format("trf", "FIDE Tournament Report File, any edition (written back as it was read)", _ALL,
           aliases=("trfx",), extensions=(".trf", ".trfx"), sniff=_sniff.looks_like_trf,
           reader=_read_trf, writer=_write_trf),
    Format("trf16", "FIDE Tournament Report File, 2016 edition (written afresh)",
           Holds(byes=True, colours=True, teams=True, ratings=True, note="teams as 013 records"),
           read_by="trf", writer=_write_trf16),
    Format("trf26", "FIDE Tournament Report File, 2026 edition (written afresh)",
           Holds(byes=True, colours=True, teams=True, ratings=True, note="teams as 310 records"),
           read_by="trf", writer=_write_trf26),
    Format("pgn", "PGN game file (headers; moves on request)",
           Holds(byes=True, colours=True, teams=False, ratings=True, ranks=False,
                 note="byes as games against BYE with a ByeType tag (trfscore's convention, not the PGN "
                      "standard); a player without any game or bye is not written",
                 # Event, Site; EventDate (042) and Date (132) when their dates read as dates (losses._kept_here)
                 header_records=frozenset({"012", "022"})),
           extensions=(".pgn",), sniff=_sniff.looks_like_pgn,
           reader=_read_pgn, writer=_write_pgn),
    Format("crosstable", "plain-text crosstable (round-robin grid or Swiss table)",
           _TABLE,
           aliases=("text",), extensions=(".txt",), sniff=_sniff.looks_like_crosstable,
           reader=_read_crosstable, writer=_write_crosstable),
    Format("markdown", "crosstable as a Markdown table",
           _TABLE,
           aliases=("md",), extensions=(".md",),
           read_by="crosstable", writer=_write_markdown),
    Format("csv", "standings as CSV (one row per player: rank, points, tie-breaks)",
           Holds(byes=False, colours=False, teams=False, ratings=True, note="standings only, no games"),
           extensions=(".csv",), writer=_write_csv),
)

_BY_NAME: dict[str, Format] = {}
for _f in FORMATS:
    for _key in (_f.name, *_f.aliases):
        assert _key not in _BY_NAME, f"format name {_key!r} given twice"
        _BY_NAME[_key] = _f


def get(name: str) -> Format:
    """The format called ``name`` (or one of its aliases); ValueError names the choices."""
    found = find(name)
    if found is None:
        raise ValueError(f"unknown format {name!r}; choose one of {', '.join(names())}")
    return found


def find(name: str) -> Format | None:
    """The format called ``name``, or None (``Source.format`` of a JSON document may be anything)."""
    return _BY_NAME.get(name.lower()) if isinstance(name, str) else None


def names(*, readable: bool = False, writable: bool = False) -> tuple[str, ...]:
    """Format names (without aliases), in registry order; only those read/written if asked."""
    return tuple(f.name for f in FORMATS if (f.readable or not readable) and (f.writable or not writable))


def choices(*, readable: bool = False, writable: bool = False) -> tuple[str, ...]:
    """What a command line accepts: the names and their aliases."""
    return tuple(key for f in FORMATS if (f.readable or not readable) and (f.writable or not writable)
                 for key in (f.name, *f.aliases))


def sniff(text: str) -> Format:
    """The format of decoded ``text``, from its content (never from a file name)."""
    head = text[:65_536].lstrip("\ufeff \t\r\n")
    for f in FORMATS:
        if f.sniff is not None and f.sniff(head):
            return f
    raise AssertionError("the crosstable test accepts every text")  # pragma: no cover


def by_extension(path: str) -> Format | None:
    """The format a file name's extension names, if exactly one does (``.txt`` is crosstable)."""
    lower = str(path).lower()
    for f in FORMATS:
        if any(lower.endswith(ext) for ext in f.extensions):
            return f
    return None


def markdown_table() -> str:
    """The format table of ``docs/formats.md`` (held equal to it by a test)."""
    def mark(value: bool) -> str:
        return "yes" if value else "no"

    def read(f: Format) -> str:
        return f"as `{f.read_by}`" if f.read_by else mark(f.readable)

    lines = ["| Format | Aliases | Extensions | Read | Write | Byes | Colours | Teams | Ratings | Ranks | Notes |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for f in FORMATS:
        lines.append(f"| `{f.name}`: {f.title} | {', '.join(f'`{a}`' for a in f.aliases)} | "
                     f"{', '.join(f'`{e}`' for e in f.extensions)} | {read(f)} | {mark(f.writable)} | "
                     f"{mark(f.holds.byes)} | {mark(f.holds.colours)} | {mark(f.holds.teams)} | "
                     f"{mark(f.holds.ratings)} | {mark(f.holds.ranks)} | {f.holds.note} |")
    return "\n".join(lines) + "\n"
