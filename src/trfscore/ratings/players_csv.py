"""The ``--players CSV`` file: what a TRF lacks for rating calculations.

One row per player, keyed by ``fide_id`` or ``start_rank`` (either or both), with optional
columns ``dwz`` (also as "1742-81", DWZ and index), ``index``, ``birth_year`` (a year or a
date), ``games_before``, ``reached_2400`` (yes/no, true/false, 1/0, ja/nein, x) and ``k``.
Comma, semicolon, tab or ``|`` separated; decoded as every input is (:func:`trfscore.formats.decode.decode`:
UTF-8 with or without BOM, else Windows-1252, else Latin-1).

Nothing here raises for bad data: every bad cell or row becomes a message ("name:line: ...")
and the rest of the file is still read.
"""
from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import IO

from ..formats.decode import decode

__all__ = ["PlayerInfo", "PlayerKey", "read_players_csv", "parse_players_csv", "lookup_player"]

PlayerKey = tuple[str, str | int]  # ("fide_id", "4100018") or ("start_rank", 12)


@dataclass(frozen=True)
class PlayerInfo:
    """One row of the players CSV; None where the file gives nothing."""

    fide_id: str | None = None
    start_rank: int | None = None
    dwz: int | None = None
    index: int | None = None
    birth_year: int | None = None
    games_before: int | None = None
    reached_2400: bool | None = None
    k: int | None = None
    line: int = 0


_ALIASES = {
    "fide_id": "fide_id", "fideid": "fide_id", "fide": "fide_id", "id_fide": "fide_id",
    "start_rank": "start_rank", "startrank": "start_rank", "rank": "start_rank",
    "start_number": "start_rank", "start_no": "start_rank", "snr": "start_rank", "tln": "start_rank",
    "dwz": "dwz", "index": "index", "dwz_index": "index",
    "birth_year": "birth_year", "birthyear": "birth_year", "birth": "birth_year",
    "born": "birth_year", "yob": "birth_year",
    "games_before": "games_before", "games": "games_before",
    "reached_2400": "reached_2400", "k": "k",
}
_TRUE = {"1", "y", "yes", "true", "t", "ja", "j", "x", "wahr"}
_FALSE = {"0", "n", "no", "false", "f", "nein", "falsch", "-"}


def _normalise(name: str) -> str:
    return re.sub(r"[\s\-.]+", "_", name.strip().lower()).strip("_")


def read_players_csv(
    source: str | os.PathLike[str] | IO[str] | IO[bytes],
) -> tuple[dict[PlayerKey, PlayerInfo], list[str]]:
    """Read a players CSV from a path or an open text file; see :func:`parse_players_csv`."""
    if hasattr(source, "read"):
        name = getattr(source, "name", "players.csv")
        try:
            text = source.read()
        except (OSError, UnicodeDecodeError) as exc:
            return {}, [f"{name}: cannot read: {exc}"]
        if isinstance(text, bytes):
            text = decode(text).text
        return parse_players_csv(text, name=str(name))
    name = os.fspath(source)
    try:
        with open(name, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return {}, [f"{name}: cannot read: {exc.strerror or exc}"]
    return parse_players_csv(decode(data).text, name=name)


def _delimiter(header: str) -> str:
    best = max(";,\t|", key=header.count)
    return best if header.count(best) else ","


def _int(text: str, low: int, high: int) -> int:
    value = int(text)
    if not low <= value <= high:
        raise ValueError
    return value


def parse_players_csv(text: str, *, name: str = "players.csv"
                      ) -> tuple[dict[PlayerKey, PlayerInfo], list[str]]:
    """Parse the CSV text.  Returns (players, messages).

    ``players`` maps ("fide_id", id-as-text) and ("start_rank", number) to a
    :class:`PlayerInfo`; a row with both keys is reachable by both.  A duplicate key keeps the
    first row.  Unknown columns are reported once and ignored.
    """
    messages: list[str] = []
    players: dict[PlayerKey, PlayerInfo] = {}
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return players, [f"{name}: empty file"]
    reader = csv.reader(io.StringIO("\n".join(lines[first:])), delimiter=_delimiter(lines[first]))
    try:
        header = next(reader)
    except csv.Error as exc:
        return players, [f"{name}:{first + 1}: cannot read the header: {exc}"]
    columns: list[str | None] = []
    for raw in header:
        key = _ALIASES.get(_normalise(raw))
        if key is None and raw.strip():
            messages.append(f"{name}:{first + 1}: unknown column {raw.strip()!r} ignored")
        if key is not None and key in columns:
            messages.append(f"{name}:{first + 1}: column {raw.strip()!r} repeated, later one ignored")
            key = None
        columns.append(key)
    if "fide_id" not in columns and "start_rank" not in columns:
        return players, messages + [f"{name}:{first + 1}: no 'fide_id' or 'start_rank' column"]
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            messages.append(f"{name}:{reader.line_num + first}: unreadable row: {exc}")
            continue
        line_no = reader.line_num + first
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns) and any(c.strip() for c in row[len(columns):]):
            messages.append(f"{name}:{line_no}: more cells than columns; extra cells ignored")
        cells = {col: cell.strip() for col, cell in zip(columns, row) if col is not None}
        info = _row(cells, line_no, name, messages)
        if info is None:
            continue
        for player_key in _keys(info):
            if player_key in players:
                messages.append(f"{name}:{line_no}: {player_key[0]} {player_key[1]} already given on line "
                                f"{players[player_key].line}; this row ignored for it")
            else:
                players[player_key] = info
    return players, messages


def _keys(info: PlayerInfo) -> Iterable[PlayerKey]:
    if info.fide_id is not None:
        yield ("fide_id", info.fide_id)
    if info.start_rank is not None:
        yield ("start_rank", info.start_rank)


# Whole-number columns: (lowest, highest, what the message says is expected).
_INTS = {
    "start_rank": (1, 10 ** 6, "a positive whole number"),
    "index": (0, 999, "a whole number 0-999"),
    "games_before": (0, 10 ** 6, "a whole number >= 0"),
    "k": (1, 100, "a whole number 1-100, usually 10, 20 or 40"),
}
_BIRTH = re.compile(r"(\d{4})(?:[-/.]\d{1,2}[-/.]\d{1,2})?|\d{1,2}[-/.]\d{1,2}[-/.](\d{4})")


def _row(cells: dict[str, str], line: int, name: str, messages: list[str]) -> PlayerInfo | None:
    where = f"{name}:{line}"
    values: dict[str, object] = {}

    def bad(column: str, expected: str) -> None:
        messages.append(f"{where}: bad value {cells[column]!r} in column {column} "
                        f"(expected {expected})")

    def whole(column: str) -> None:
        low, high, expected = _INTS[column]
        if cells.get(column):
            try:
                values[column] = _int(cells[column], low, high)
            except ValueError:
                bad(column, expected)

    text = cells.get("fide_id", "").replace(" ", "")
    if text.isdecimal() and int(text) > 0:
        values["fide_id"] = str(int(text))
    elif text:
        bad("fide_id", "a FIDE id, digits only")
    whole("start_rank")
    if "fide_id" not in values and "start_rank" not in values:
        messages.append(f"{where}: row without a usable fide_id or start_rank ignored")
        return None
    for column in ("index", "games_before", "k"):
        whole(column)
    text = cells.get("dwz", "")
    if text:
        match = re.fullmatch(r"(\d{1,4})(?:\s*-\s*(\d{1,3}))?", text)
        if not match:
            bad("dwz", "a rating such as 1742 or 1742-81")
        else:
            values["dwz"] = int(match.group(1))
            if match.group(2) is not None:
                index = int(match.group(2))
                if "index" in values and values["index"] != index:
                    messages.append(f"{where}: index {values['index']} differs from the one in "
                                    "the dwz column; the index column is used")
                values.setdefault("index", index)
    text = cells.get("birth_year", "")
    if text:
        match = _BIRTH.fullmatch(text)
        year = int(match.group(1) or match.group(2)) if match else None
        if year is not None and 1850 <= year <= 2100:
            values["birth_year"] = year
        else:
            bad("birth_year", "a year such as 1990 or a date")
    text = cells.get("reached_2400", "").lower()
    if text in _TRUE or text in _FALSE:
        values["reached_2400"] = text in _TRUE
    elif text:
        bad("reached_2400", "yes or no")
    return replace(PlayerInfo(line=line), **values)  # type: ignore[arg-type]


def lookup_player(players: Mapping[PlayerKey, PlayerInfo] | None, *, fide_id: object = None,
                  start_rank: int | None = None) -> PlayerInfo | None:
    """The row for a player, by FIDE id first, then by start rank; None if there is none."""
    if not players:
        return None
    text = "" if fide_id is None else str(fide_id).strip()
    if text.isdecimal() and int(text) > 0:
        found = players.get(("fide_id", str(int(text))))
        if found is not None:
            return found
    return None if start_rank is None else players.get(("start_rank", start_rank))
