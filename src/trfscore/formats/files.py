"""Reading an input file by name, within bounds.

Only regular files are read.  A FIFO nobody writes to blocks the reader for ever (opening it
waits for a writer), and a device or a FIFO fed without end never reaches its last byte, so
such paths are refused with a short reason; their content can still come on standard input.
Larger files than :data:`~trfscore.formats.limits.MAX_INPUT_BYTES` are refused unread.
"""
from __future__ import annotations

import os
import stat
from typing import BinaryIO

from .limits import MAX_INPUT_BYTES


class NotReadable(ValueError):
    """A path that names something other than a regular file of a readable size."""


def read_file(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, of at most ``limit`` (default
    :data:`MAX_INPUT_BYTES`) bytes.  :class:`NotReadable` for a folder, a FIFO, a device, a
    socket or a larger file; ``OSError`` when the file cannot be opened or read."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    # O_NONBLOCK: opening a FIFO does not wait for a writer; the fstat below then refuses it.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        status = os.fstat(fd)
        mode = status.st_mode
        if stat.S_ISDIR(mode):
            raise NotReadable("is a directory")
        if not stat.S_ISREG(mode):
            kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
            raise NotReadable(f"is {kind}, not a regular file (it may never end); give its content on "
                              "standard input as '-' instead")
        data = _read_to_end(fd, status.st_size, limit)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise NotReadable(_larger_than(limit))
    return data


def read_stream(stream: BinaryIO) -> bytes:
    """The bytes of ``stream`` (standard input), of at most :data:`MAX_INPUT_BYTES`: one byte
    more is asked for, to tell a larger stream (:class:`NotReadable`) without reading all of it."""
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise NotReadable(_larger_than(MAX_INPUT_BYTES))
    return data


def _larger_than(limit: int) -> str:
    return f"is larger than {limit // (1024 * 1024)} MB; not read"


#: what one read asks for beyond the size the file had when opened (it may have grown)
_CHUNK = 1 << 20


def _read_to_end(fd: int, size: int, limit: int) -> bytes:
    """The bytes of ``fd`` up to its end or to ``limit + 1`` bytes, whichever comes first.
    The first read asks for the size ``fstat`` gave (plus one, to see the end), so a small file
    costs one buffer of its own size and two system calls, not a buffer of ``limit`` bytes."""
    want = min(size, limit) + 1
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = os.read(fd, min(want, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        want = _CHUNK
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)
