"""Exceptions the command line turns into exit code 2 (bad data is never an exception)."""


class UsageError(Exception):
    """A problem with the command line or an unreadable input."""
