"""A JSON document back into the model (``trfscore.load`` of a ``.json`` file,
``Tournament.from_dict``): the document :mod:`.json_write` writes, checked by the published
schema on every read (:mod:`.json_schema`); whatever does not follow it is a finding.

The reader builds the tournament class it is given: ``trfscore.Tournament`` when the format
registry reads a file (what every reader gives), the class asked when ``Tournament.from_dict``
reads a document.  So this module does not import :mod:`trfscore.tournament`, whose class reads
documents with it.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from itertools import repeat
from typing import TYPE_CHECKING, Any, TypeVar

from ..findings import ERROR, WARNING, Finding, declare_summaries, finding
from ..gcpause import gc_paused
from ..model import DEFAULT_POINTS, Header, Player, Record, Scoring, Source, Team
from ..model import Tournament as TournamentData
from . import json_bulk, json_players, json_schema
from .json_pointer import tokens
from .limits import bounded_score, too_sparse

if TYPE_CHECKING:
    from ..records import NationalRecord, TrfRecord

#: the tournament class a reading builds (:class:`trfscore.model.Tournament` or a subclass)
T = TypeVar("T", bound=TournamentData)

declare_summaries("Reported by the JSON reader (``trfscore convert --to json`` writes valid documents).", (
    ("JSON001", ERROR, "the input is not valid JSON",
     "error: nothing can be read from text that is not JSON (RFC 8259)"),
    ("JSON002", ERROR, "the JSON document does not follow the trfscore schema",
     "error: the published schema (src/trfscore/schema/tournament.schema.json) is the document's contract; a "
     "value it does not allow has no meaning to read"),
    ("JSON003", WARNING, "the document holds lone UTF-16 surrogates, replaced by U+FFFD",
     "warning: RFC 8259 (section 8.2) leaves the meaning of lone surrogates unpredictable; a name with U+FFFD "
     "in it should be looked at"),
    ("JSON004", WARNING, "'rounds' differs from the rounds the players' games cover",
     "warning: the games decide the rounds and are read as given; the contradicting count is for a person to "
     "correct"),
    ("JSON005", ERROR, "a few players' games reach far past the rest (mostly padding): not one tournament",
     "error: nothing is read (a guard against a document that would make every command pad millions of empty "
     "cells)"),
    ("JSON006", WARNING, "a game's 'round' differs from its place in the player's list; the place is used",
     "warning: the game is read in its list place, as every reader does; the contradicting 'round' is for a "
     "person to correct"),
))


class ScoreError(ValueError):
    """A score in a document that is no exact number trfscore can compute with."""


def score_from_json(value: Any) -> Fraction | None:
    """The exact score a JSON value stands for; :class:`ScoreError` for ``"1/0"``, infinities
    and values out of :func:`~trfscore.formats.limits.bounded_score`'s range (a win worth
    ``1e308`` would make every total a 300-digit number that no float, and so no HTML or JSON
    report, can hold)."""
    if value is None:
        return None
    if isinstance(value, str) and "/" in value and not value.split("/", 1)[1].strip("0"):
        raise ScoreError(f"score {value!r} has a zero denominator")
    try:
        score = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, OverflowError, ZeroDivisionError):
        raise ScoreError(f"score {value!r} is not a finite number") from None
    try:
        return bounded_score(score)
    except ValueError as exc:
        raise ScoreError(f"score {value!r} is {exc}") from None


def required_score(value: Any) -> Fraction:
    """:func:`score_from_json` of a value the schema gives as a number, never null (a point value
    of the scoring); :class:`ScoreError` for null."""
    score = score_from_json(value)
    if score is None:
        raise ScoreError("score null is not a number")
    return score


def read(text: str, tournament_class: type[T], *, path: str | None = None) -> T:
    """A tournament of ``tournament_class`` from the text of a JSON document; schema violations
    become findings."""
    return read_from([text], tournament_class, path=path)


def read_from(box: list[str], tournament_class: type[T], *, path: str | None = None) -> T:
    """:func:`read` of the text in ``box``, taken out of it: when nothing else holds the text,
    it is freed as soon as it is parsed (a large document's text would otherwise stay alive
    beside everything built from it)."""
    with gc_paused():  # hundreds of thousands of acyclic objects (see gcpause)
        return _read(box, tournament_class, path)


def _read(box: list[str], tournament_class: type[T], path: str | None) -> T:
    text = box.pop()
    # "in": fast scans (one character: memchr), the pattern only for a text holding escapes
    surrogates = "\\" in text and "\\u" in text and _LONE_SURROGATE.search(text) is not None
    try:
        decoded = json_players.decode(text, surrogates)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, or an integer of thousands of digits
        t = tournament_class(source=Source(path=path, format="json"))
        line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
        t.findings.append(finding("JSON001", f"not valid JSON: {getattr(exc, 'msg', exc)}",
                                  line, column, "give a file written by 'trfscore convert --to json'"))
        return t
    del text
    problems = json_schema.validate(decoded.rest, "tournamentDocument") + decoded.problems
    t, valid = _from_parts(decoded.rest, decoded.players, problems[:json_schema.SHOWN_PROBLEMS], tournament_class,
                           path)
    if surrogates and valid:
        t.findings.insert(0, finding("JSON003", "the document holds lone UTF-16 surrogates "
                                     "(\\ud800-\\udfff escapes); they were replaced by U+FFFD", None, None,
                                     "write text as UTF-8 or as escaped surrogate pairs"))
    return t


def from_document(doc: Any, tournament_class: type[T], *, path: str | None = None) -> T:
    """The tournament (of ``tournament_class``) a decoded JSON document describes; schema
    violations become ``JSON002`` findings on an empty tournament (one per problem: where, what
    was expected, what was found)."""
    problems = json_schema.validate(doc, "tournamentDocument")
    return _from_parts(doc, None if problems else _columns(doc["players"]), problems, tournament_class, path)[0]


def _from_parts(doc: Any, players: json_bulk.Columns | None, problems: list[tuple[str, str]],
                tournament_class: type[T], path: str | None) -> tuple[T, bool]:
    """The tournament of a document (its players as columns, the rest in ``doc``) and whether
    it was valid: the schema's ``problems``, a source record holding a line break or a score
    trfscore cannot compute with make JSON002 findings on an empty tournament."""
    problems = problems or _line_break_problems(doc)
    if not problems and players is not None:
        try:
            return _build(doc, players, tournament_class, path), True
        except ScoreError as exc:
            problems = [(f"expected a score trfscore can compute with, found {exc}"[:300], "(document root)")]
    t = tournament_class(source=Source(path=path, format="json"))
    for message, where in problems:
        t.findings.append(finding("JSON002", f"{where}: {message}", None, None,
                                  "the document does not follow the trfscore schema"))
    return t, False


_LONE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _line_break_problems(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """A source record is one line: a line break inside its text would write extra records."""
    records = (doc.get("source") or {}).get("records") or []
    return [("expected one line of text, found a line break in it", f"/source/records/{i}/text")
            for i, r in enumerate(records) if "\n" in r["text"] or "\r" in r["text"]][:1]


def _with_exact_values(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with each rounded number its ``exact`` object lists put back as its ``"p/q"`` text
    (the parts on the way copied, ``doc`` itself unchanged)."""
    exact = doc.get("exact")
    if not exact:
        return doc
    doc = dict(doc)
    for pointer, text in exact.items():
        parts = tokens(pointer)
        if not parts:
            continue
        node: Any = doc
        for token in parts[:-1]:
            key: Any = int(token) if isinstance(node, list) and token.isdecimal() else token
            try:
                child = node[key]
            except (KeyError, IndexError, TypeError):
                break
            child = dict(child) if isinstance(child, dict) else list(child) if isinstance(child, list) else child
            node[key] = child
            node = child
        else:
            last: Any = int(parts[-1]) if isinstance(node, list) and parts[-1].isdecimal() else parts[-1]
            if isinstance(node, dict) and last in node or isinstance(node, list) and isinstance(last, int) \
                    and last < len(node):
                node[last] = text
    return doc


def _exact_player_values(exact: dict[str, str], cols: json_bulk.Columns) -> None:
    """The exact ``"p/q"`` values of the players' rounded numbers (``/players/<i>/<key>``, as
    :func:`~trfscore.formats.json_write.to_dict` writes them) put in their columns."""
    for pointer, text in exact.items():
        parts = tokens(pointer)
        if pointer.startswith("/") and len(parts) == 3 and parts[0] == "players" and parts[1].isdecimal():
            key = parts[2]
            column = cols.players.get(key)
            i = int(parts[1])
            if column is not None and key != "games" and i < len(column) and column[i] is not json_bulk.ABSENT:
                column[i] = text


def _columns(players: list[dict[str, Any]]) -> json_bulk.Columns:
    return json_bulk.columns(players, list(json_schema.published()["$defs"]["player"]["properties"]))


def _build(doc: dict[str, Any], cols: json_bulk.Columns, tournament_class: type[T], path: str | None) -> T:
    """The model of a schema-valid document: its players as columns, the rest in ``doc`` (whose
    ``players`` are not read)."""
    if doc.get("exact"):  # exact values replace rounded ones
        _exact_player_values(doc["exact"], cols)
        doc = _with_exact_values(doc)
    hdoc = dict(doc.get("header", {}))
    hdoc.update({key: "" for key in ("start_date", "end_date") if hdoc.get(key) is None})  # texts; the ISO dates stay None
    hdoc["team_scoring"] = {k: required_score(v) for k, v in hdoc.get("team_scoring", {}).items()}
    known = {f.name for f in fields(Header)}
    header = Header(**{k: v for k, v in hdoc.items() if k in known})
    sdoc = doc.get("scoring", {})
    scoring = Scoring(values={**DEFAULT_POINTS, **{k: required_score(v) for k, v in sdoc.get("values", {}).items()}},
                      detail={k: required_score(v) for k, v in sdoc.get("detail", {}).items()},
                      source=sdoc.get("source", "default"))
    players, misplaced = _players(cols)
    teams = [Team(**{**item, "match_points": score_from_json(item.get("match_points")),
                     "game_points": score_from_json(item.get("game_points"))}) for item in doc.get("teams", [])]
    sdoc = doc.get("source", {})
    source = Source(path=sdoc.get("path", path), format=sdoc.get("format", "json"), dialect=sdoc.get("dialect", ""),
                    encoding=sdoc.get("encoding", "utf-8"), bom=sdoc.get("bom", False),
                    records=[Record(r["kind"], r["text"], r["eol"], r.get("line", 0)) for r in sdoc.get("records", [])])
    claimed = doc.get("rounds", 0)
    counts = [p.round_count for p in players]  # without unpacking packed games
    data = max(counts, default=0)
    t = tournament_class(header=header, players=players, teams=teams, scoring=scoring, rounds=data,
                         extras=dict(doc.get("extras", {})), source=source)
    t.findings = [Finding(**f) for f in doc.get("findings", [])]
    if too_sparse(len(players), data, sum(counts)):  # every player gets a cell per round: mostly padding
        longest = counts.index(data)
        t.findings.append(finding("JSON005", f"player {longest + 1} (start rank "
                                  f"{players[longest].start_rank}) has {data:,} games, but the {len(players):,} "
                                  f"players hold only {sum(counts):,} in all: not one tournament", None, None,
                                  "give one tournament, every player with a game entry per round"))
        t.players, t.rounds = [], 0  # nothing is read, so no command pads players x rounds cells
        return t
    if misplaced is not None:
        i, place, said = misplaced
        t.findings.append(finding("JSON006", f"/players/{i}/games/{place - 1}/round says {said:,} "
                                  f"but is game {place} of the list; games are read in list order, "
                                  "one per round", None, None,
                                  "list each player's games in round order, one per round, absences included"))
    if claimed != data:  # every reader (and so every writer) gives each player a cell per round
        shown = f"{claimed:,}" if claimed < 10 ** 12 else f"a number of {len(str(claimed))} digits"
        t.findings.append(finding("JSON004", f"rounds says {shown} but the players' games cover "
                                  f"{data}; read as {data}", None, None,
                                  "give 'rounds' as the number of games in each player's list"))
    _restore_declared(t.extras)
    t.records = _records(doc.get("records", []), t.extras)
    return t


def _players(cols: json_bulk.Columns) -> tuple[list[Player], tuple[int, int, int] | None]:
    """The players of a schema-valid document: built from its columns (:mod:`json_bulk`), their
    games handed over in the one cell store.  Also the first game whose round is not its place
    (``Games.misplaced``): every game is read in its place."""
    misplaced = cols.games.misplaced  # games are read in their places (JSON006 says so)
    column = cols.players
    count = len(cols.counts)
    points: dict[tuple[type, Any], Fraction | None] = {}
    for value in set(zip(map(type, column["points"]), column["points"])):  # few distinct values
        points[value] = score_from_json(value[1] if value[1] is not json_bulk.ABSENT else None)
    declared = list(map(points.__getitem__, zip(map(type, column["points"]), column["points"])))

    def text(key: str, blank: str | None = "") -> json_bulk.Column:
        """A column, its absent values ``blank``."""
        return column[key] if cols.complete or json_bulk.ABSENT not in column[key] \
            else [v if v is not json_bulk.ABSENT else blank for v in column[key]]

    nationals = _nationals(column["national"])
    players = list(map(Player, column["start_rank"], text("name"), text("sex"), text("title"), text("rating", None),
                       text("federation"), text("fide_id"), text("birth"), declared, text("rank", None), repeat(()),
                       nationals, text("line", None)))
    Player.defer_all(players, json_bulk.packed(cols), range(count), cols.counts)
    return players, misplaced


def _records(items: list[dict[str, Any]], extras: dict[str, Any]) -> list[TrfRecord]:
    """The typed records of a (schema-valid) document; a document written before ``records``
    existed kept them as lists of field dicts under ``extras[code]``: those are taken out.
    (The record classes, twelve dataclasses, are imported only for a document that may hold
    records: making them costs ~29 M instructions, docs/performance.md.)"""
    if not items and not extras:
        return []
    from ..records import CLASSES

    out = [_record(CLASSES[item["code"]], item) for item in items]
    for code, cls in CLASSES.items():
        old = extras.get(code)
        names = {f.name for f in fields(cls)}
        if isinstance(old, list) and all(isinstance(e, dict) and set(e) <= names for e in old):
            del extras[code]
            out.extend(_record(cls, e) for e in old)
    return out


def _nationals(column: json_bulk.Column) -> list[dict[str, NationalRecord]]:
    """Each player's national ratings (``national``: federation -> NRS record), {} where none."""
    if not any(value and value is not json_bulk.ABSENT for value in column):
        return [{} for _ in column]  # (no record class made, as in :func:`_records`)
    from ..records import NationalRecord

    return [{k: NationalRecord(**v) for k, v in value.items()} if value and value is not json_bulk.ABSENT else {}
            for value in column]


def _record(kind: type[TrfRecord], item: dict[str, Any]) -> TrfRecord:
    scores = {f.name for f in fields(kind) if "Fraction" in str(f.type)}  # a score, or a list of them
    known = {f.name for f in fields(kind)}
    values = {name: ([score_from_json(v) for v in value] if isinstance(value, list) else score_from_json(value))
              if name in scores else value for name, value in item.items() if name in known}
    cls: Callable[..., TrfRecord] = kind
    return cls(**values)


def _restore_declared(extras: dict[str, Any]) -> None:
    """Declared crosstable values are keyed by start rank and hold exact scores; JSON made the
    keys strings and the scores numbers, so give both back."""
    for key in ("declared", "declared_at"):
        table = extras.get(key)
        if isinstance(table, dict):
            extras[key] = {int(k) if str(k).isdecimal() else k: v for k, v in table.items()}
    declared = extras.get("declared")
    if isinstance(declared, dict):
        for values in declared.values():
            if isinstance(values, dict):
                for code, value in values.items():
                    if isinstance(value, (int, float)) or (isinstance(value, str) and "/" in value):
                        values[code] = score_from_json(value)
