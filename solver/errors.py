"""Errors raised on bad input: each names the card, field or move at fault."""


class PrefError(ValueError):
    """Base class for every input error the tool reports to a user."""


class CardError(PrefError):
    """A string that is not a card, or a card where it cannot be."""


class PositionError(PrefError):
    """A deal or position that cannot occur (duplicates, sizes, fields)."""


class IllegalMoveError(PrefError):
    """A move that breaks the rules of play (or a search constraint)."""


class SearchLimitError(PrefError):
    """The caller's node budget or time limit was hit before the search finished."""
