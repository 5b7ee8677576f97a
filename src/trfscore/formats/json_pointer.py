"""JSON Pointers (RFC 6901): where a value sits in a document, as the ``exact`` object of a
tournament document and the schema's findings name it (``/players/3/points``)."""
from __future__ import annotations

from collections.abc import Iterable


def token(key: object) -> str:
    """``key`` as one reference token (RFC 6901 section 3: ``~`` -> ``~0``, ``/`` -> ``~1``)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def pointer(parts: Iterable[object]) -> str:
    """The pointer of a path (``["players", 3, "name"]`` -> ``/players/3/name``; the whole
    document is ``""``)."""
    return "".join("/" + token(p) for p in parts)


def tokens(text: str) -> list[str]:
    """The reference tokens of a pointer, unescaped (RFC 6901 section 4: ``~1`` -> ``/``, then
    ``~0`` -> ``~``); what comes before its first ``/`` is not one."""
    return [t.replace("~1", "/").replace("~0", "~") for t in text.split("/")[1:]]
