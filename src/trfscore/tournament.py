"""The tournament of the library: :class:`trfscore.model.Tournament`, the data every reader
fills, with the methods that ask the services above the model for an answer (standings, team
standings, title norms, the pairing verdicts, the JSON document).

The model sits at the bottom of the package and imports none of those services; this class sits
above them and reaches them on first use (``import trfscore`` stays light).  The readers build
this class, so a tournament that was read, converted or made with ``trfscore.Tournament(...)``
has the methods; ``trfscore.model.Tournament`` is the plain data (a test builds it without them).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

from . import model

if TYPE_CHECKING:
    from .norms import Norms
    from .pairings import Report as PairingReport
    from .standings import Standings
    from .teams.standings import TeamStandings

__all__ = ["Tournament"]


class Tournament(model.Tournament):
    """A whole event (:class:`trfscore.model.Tournament`) with its standings, norms, pairing
    verdicts and JSON document one call away."""

    @overload
    def standings(self, tiebreaks: str | Sequence[str] | None = None, rules: str = "auto", *,
                  system: str | bool | None = None, rounds: int | None = None,
                  unrated: int | None = None, teams: Literal[False] = False) -> Standings: ...

    @overload
    def standings(self, tiebreaks: str | Sequence[str] | None = None, rules: str = "auto", *,
                  system: str | bool | None = None, rounds: int | None = None,
                  teams: Literal[True], primary: str = "auto") -> TeamStandings: ...

    def standings(self, tiebreaks: str | Sequence[str] | None = None, rules: str = "auto", *,
                  system: str | bool | None = None, rounds: int | None = None,
                  unrated: int | None = None, teams: bool = False,
                  primary: str | None = None) -> Standings | TeamStandings:
        """Rank the players by points then ``tiebreaks`` (FIDE C.07 codes, a list or a
        comma-separated string; None: the file's list, else the defaults).

        ``rules``: ``auto`` (by the start date) or an edition (``fide-2026`` ...); ``system``:
        ``auto``, ``swiss`` or ``round-robin``; ``rounds``: as after this many rounds;
        ``unrated``: the rating assumed for unrated players in rating-based tie-breaks.

        ``teams=True`` ranks the teams of a team event instead (records 310/013, as
        ``trfscore report --teams``): by ``primary`` (``auto``, ``MP`` match points or ``GP`` game
        points) then team tie-break codes, giving :class:`trfscore.teams.standings.TeamStandings`.

        Raises ValueError for an unknown code, edition, system or primary score, or for
        ``teams=True`` on a file without teams (and TypeError, as any Python function does, for a
        keyword it does not know, ``primary`` without ``teams``, ``unrated`` with it).  See
        :mod:`trfscore.standings`."""
        if teams:
            if unrated is not None:
                raise TypeError("unrated= is for the standings of players, not with teams=True")
            from .standings import system_choice
            from .teams import is_team_event
            from .teams.standings import team_standings

            if not is_team_event(self):
                raise ValueError("no team records (013/310): teams=True needs a team event")
            rr = system_choice(system)
            return team_standings(self, tiebreaks=tiebreaks, rules=rules, primary=primary or "auto", rounds=rounds,
                                  system=None if rr is None else "round-robin" if rr else "swiss")
        if primary is not None:
            raise TypeError("primary= chooses the first score of team standings: it needs teams=True")
        from .standings import compute_standings

        return compute_standings(self, tiebreaks=tiebreaks, rules=rules, system=system, rounds=rounds,
                                 unrated=unrated)

    def norms(self, rules: str = "auto", *, event_type: str = "open", system: str = "auto",
              registering_federation: str = "", fid_as: dict[str, str] | None = None,
              after_round: int | None = None) -> Norms:
        """FIDE title norms (B.01) of every player: for each norm a player could gain (GM, IM,
        WGM, WIM), each condition judged with its article (:mod:`trfscore.norms`, docs/norms.md).

        ``rules``: ``auto`` (the edition in force on the start date) or ``2017``/``2022``/``2024``;
        ``event_type``: what the file cannot say (``national-championship``, ``zonal`` ...,
        :data:`trfscore.norms.EVENT_TYPES`); ``system``: ``auto``, ``swiss``, ``round-robin`` or
        ``double-round-robin``; ``registering_federation``: for 1.4.3a/b (default the ``032``
        federation); ``fid_as``: FIDE id -> federation for FID players; ``after_round``: as after
        that round, with a forecast for the rest.  Raises ValueError for a bad option."""
        from .norms import Options, tournament_norms

        return tournament_norms(self, Options(rules, event_type, system, registering_federation,
                                              tuple(sorted((fid_as or {}).items())), after_round))

    def verify_pairings(self, *, progress: Callable[[int, int], None] | None = None) -> PairingReport:
        """Each paired round against the pairing the FIDE rules give (the Dutch system or the
        Berger tables, as the file says), judged by the FIDE TEC reference program's checker:
        :class:`trfscore.pairings.Report`, the verdicts ``trfscore check --pairings`` reports.
        ``progress(round, rounds)`` is called before each round.  Raises
        :class:`trfscore.pairings.CheckerMissing` (an ImportError) without the ``pairings`` extra
        (``pip install 'trfscore[pairings]'``).  See docs/pairings.md."""
        from .pairings import verify_pairings

        return verify_pairings(self, progress=progress)

    def to_dict(self) -> dict[str, Any]:
        """The tournament as a JSON-ready document (``tournamentDocument`` in ``trfscore schema``)."""
        from .formats.json_write import to_dict

        return to_dict(self)

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> Tournament:
        """The tournament a document of :meth:`to_dict` describes.  A document that does not follow
        the schema gives a tournament with ``JSON002`` findings (path, expected, found), as
        :func:`trfscore.load` does for a JSON file."""
        from .formats.json_read import from_document

        return from_document(doc, cls)
