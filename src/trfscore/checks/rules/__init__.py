"""The rule modules, one per family; importing this package registers every rule.

* :mod:`.pairings` -- E1-E4, D5, D6: the two halves of each game agree
* :mod:`.points` -- E6: declared points against the results
* :mod:`.ranks` -- C2, C11, E7: starting ranks and final ranks
* :mod:`.declared` -- printed tie-break columns against computed values
* :mod:`.rounds` -- B2-B5, B8, E8: round counts, dates, header counts
* :mod:`.meetings` -- E5: round-robin completeness, repeat pairings
* :mod:`.references` -- E9-E11: extension records name real players and teams
* :mod:`.dialect` -- G3: TRF26 records against their TRF(x) twins
* :mod:`.teams` -- F1-F5: team records (TRF6xx)
* :mod:`.team_matches` -- F3-F5: team matches as the team standings read them (TRF607-TRF610)
* :mod:`.fide` -- what FIDE's rating server needs (TRF8xx, profile ``fide``)
* :mod:`.norms` -- the title norms achieved (NRMxxx, information, profile ``fide``)
* :mod:`.verified_pairings` -- each round against the FIDE pairing rules (TRF9xx, ``check --pairings``)
* :mod:`trfscore.ratinglist.rules` -- the file against the rating lists given (FIDxxx, profile ``fide``)
"""
from ...ratinglist import rules as _ratinglist_rules  # noqa: F401
from . import (  # noqa: F401
    declared,
    dialect,
    fide,
    meetings,
    norms,
    pairings,
    points,
    ranks,
    references,
    rounds,
    team_matches,  # noqa: F401
    teams,
    verified_pairings,
)
