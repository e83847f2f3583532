"""The error type of the scoring engine: bad input, with the field at fault named.

It is a :class:`solver.errors.PrefError` (one error class for the whole package, carrying
a field path); ``field`` is the same value as ``path``.
"""
from __future__ import annotations

from typing import Self

from solver.errors import PrefError

from . import error_kinds  # noqa: F401  the kinds raised in this package, in the one catalogue


class ScoringError(PrefError):
    """An invalid outcome, option or penalty request.

    ``field`` names the input field at fault (e.g. ``"tricks"``, ``"contract"``,
    ``"raspasovka_progression"``) so a command-line front end can report it.
    """

    def __init__(self, field: str | None, message: str):
        super().__init__(message, path=field)

    @classmethod
    def at(cls, path: str | None, message: str) -> Self:
        return cls(path, message)
