"""Errors raised on bad input: each names the card, field or move at fault.

Every error is a :class:`PrefError` (a ``ValueError``) carrying the ``message`` and, where
the input was a record, the ``path`` of the field at fault (``"hands[1]"``,
``"violation.offender"``), so a front end can point at it. ``str(err)`` is
``"path: message"``.
"""
from __future__ import annotations

from typing import Self


class PrefError(ValueError):
    """Base class for every input error the tool reports to a user."""

    message: str
    path: str | None

    def __init__(self, message: str, path: str | None = None):
        super().__init__(f"{path}: {message}" if path else message)
        # a subclass may have set these before calling up (IncidentError does): keep them
        self.__dict__.setdefault("message", message)
        self.__dict__.setdefault("path", path)

    @classmethod
    def at(cls, path: str, message: str) -> Self:
        """This error for the field at ``path`` (one call shape for every subclass, whatever
        order its constructor takes the two in: a shared validator such as
        :func:`solver.seat.parse_seat` raises the caller's kind of error with it)."""
        return cls(message, path)

    @property
    def field(self) -> str | None:
        """The older name of :attr:`path` (scoring and incident errors use it)."""
        return self.path

    @field.setter
    def field(self, value: str | None) -> None:
        self.path = value

    def __reduce__(self):
        return (_rebuild, (type(self), self.message, self.path, str(self)))


def _rebuild(cls, message, path, text):
    err = PrefError.__new__(cls)
    Exception.__init__(err, text)
    err.message, err.path = message, path
    return err


class CardError(PrefError):
    """A string that is not a card, or a card where it cannot be."""


class PositionError(PrefError):
    """A deal or position that cannot occur (duplicates, sizes, fields)."""


class IllegalMoveError(PrefError):
    """A move that breaks the rules of play (or a search constraint)."""


class SearchLimitError(PrefError):
    """The caller's node budget or time limit was hit before the search finished."""
