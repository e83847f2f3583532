"""The error type of the scoring engine: bad input, with the field at fault named.

It is a :class:`solver.errors.PrefError` (one error class for the whole package, carrying
a field path); ``field`` is the same value as ``path``.
"""
from __future__ import annotations

from typing import Self

from solver.errors import PrefError


class ScoringError(PrefError):
    """An invalid outcome, option or penalty request.

    ``field`` names the input field at fault (e.g. ``"tricks"``, ``"contract"``,
    ``"raspasovka_progression"``) so a command-line front end can report it.
    """

    def __init__(self, field: str, message: str):
        super().__init__(message, path=field)

    @classmethod
    def at(cls, path: str, message: str) -> Self:
        return cls(path, message)
