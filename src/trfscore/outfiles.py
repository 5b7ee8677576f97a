"""Output files written whole or not at all, and never over an input of the same run.

Every file trfscore writes (``report -o``, ``check -o``, ``convert -o``, :func:`trfscore.dump`,
a rating-list index) goes through :func:`staged`: the bytes go to a temporary file beside the
target, which is synced and renamed over the target only when everything was written.  A full
disk, an exception or an interrupt (``SIGTERM`` too, in the main thread) leaves the old file as it
was and removes the temporary one.  A target that exists but is no regular file (``/dev/null``,
``/dev/stdout``, a pipe) cannot be replaced by a rename and is written directly.

:func:`same_file` tells whether an output names an input of the run (the same file by device and
inode, whatever the spelling), which the commands refuse before anything is opened for writing.
"""
from __future__ import annotations

import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any

__all__ = ["staged", "replaced", "same_file", "terminate_as_exit"]


@contextmanager
def terminate_as_exit() -> Iterator[None]:
    """While the block runs, ``SIGTERM`` raises ``SystemExit(143)`` so ``finally`` blocks run (a
    temporary file is removed) instead of the process vanishing.  Only in the main thread, and only
    when nobody set a handler of their own; the previous handler is restored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        previous = signal.getsignal(signal.SIGTERM)
    except (AttributeError, ValueError):  # a platform without SIGTERM handling
        yield
        return
    if previous not in (signal.SIG_DFL, None):
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _new_file_mode() -> int:
    """The permissions ``open(path, "w")`` would give a new file (0666 less the umask)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def staged(path: str | os.PathLike[str], *, follow_symlinks: bool = True, prefix: str = "") -> Iterator[str]:
    """A temporary file's path beside ``path`` to write; when the block ends without an exception
    it is synced and renamed over ``path`` (keeping an existing file's permissions), otherwise
    removed.  ``follow_symlinks=False`` replaces a symbolic link at ``path`` itself rather than
    the file it points to (an index never writes where a link points).  ``prefix`` names the
    temporary file (default ``.NAME.``)."""
    target = os.fspath(path)
    if follow_symlinks:
        target = os.path.realpath(target)
    folder, name = os.path.split(os.path.abspath(target))
    try:
        old = os.lstat(target)
        mode = stat.S_IMODE(old.st_mode) if stat.S_ISREG(old.st_mode) else _new_file_mode()
    except FileNotFoundError:
        mode = _new_file_mode()
    fd, temp = tempfile.mkstemp(prefix=prefix or f".{name[:100]}.", suffix=".part", dir=folder)  # within NAME_MAX
    os.close(fd)
    try:
        with terminate_as_exit():
            yield temp
            with open(temp, "rb+") as handle:
                os.fsync(handle.fileno())
            os.chmod(temp, mode)
            os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _sync_folder(folder)


def _special(path: str) -> bool:
    """True for an existing target that is no regular file (a device, a pipe): written directly."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


@contextmanager
def replaced(path: str | os.PathLike[str], *, binary: bool = False, encoding: str = "utf-8",
             newline: str | None = None) -> Iterator[IO[Any]]:
    """``open(path, "w")`` that never leaves a half-written file: the handle writes a temporary
    file renamed over ``path`` when the block ends (see :func:`staged`).  Raises ``OSError`` when
    the file cannot be written, the old file untouched."""
    mode = "wb" if binary else "w"
    text_options: dict[str, Any] = {} if binary else {"encoding": encoding, "newline": newline}
    if _special(os.fspath(path)):
        with open(path, mode, **text_options) as handle:
            yield handle
        return
    with staged(path) as temp:
        with open(temp, mode, **text_options) as handle:
            yield handle


def same_file(output: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str] | None]) -> str | None:
    """The first of ``inputs`` that is the same file as ``output`` (by device and inode, through
    links and other spellings), else None.  Inputs that do not exist are skipped."""
    try:
        out = os.stat(output)
    except OSError:
        return None
    if not stat.S_ISREG(out.st_mode):  # /dev/null as an output and an input is no loss
        return None
    for item in inputs:
        if item is None or os.fspath(item) == "-":
            continue
        try:
            st = os.stat(item)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) == (out.st_dev, out.st_ino):
            return os.fspath(item)
    return None
