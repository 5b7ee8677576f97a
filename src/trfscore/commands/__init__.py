"""One module per subcommand: ``add_parser(subparsers)`` and ``run(args) -> int``.

What a command holds until the process ends lives here rather than in :mod:`.common`, so that
``cli.run`` can set it without importing the reading machinery (``trfscore --version`` needs none).
"""
from __future__ import annotations

#: Set to a list by ``cli.run``: the command's process then ends with ``os._exit`` as soon as the
#: command returns, so what the command built is held here instead of being freed object by
#: object when its function returns (10 ms for a 10,000-player tournament).  None in a library
#: call of ``cli.main``, where nothing is held.
kept: list | None = None


def keep_until_exit(*objects) -> None:
    """Hold ``objects`` until the process ends (see :data:`kept`); nothing in a library call."""
    if kept is not None:
        kept.extend(objects)
