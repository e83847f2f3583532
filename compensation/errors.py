"""The one error type of the scoring engine: bad input, with the field at fault named."""
from __future__ import annotations


class ScoringError(ValueError):
    """An invalid outcome, option or penalty request.

    ``field`` names the input field at fault (e.g. ``"tricks"``, ``"contract"``,
    ``"raspasovka_progression"``) so a command-line front end can report it.
    """

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")
