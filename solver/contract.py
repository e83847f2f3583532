"""Contracts: a level 6..10 with a strain (a trump suit or no-trump), or misère.

The solver needs only the strain; the level matters to scoring and rulings.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .cards import SUIT_SYMBOLS, Suit
from .errors import PositionError


class Strain(IntEnum):
    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4
    MISERE = 5

    @property
    def trump(self) -> int | None:
        """The trump suit index, or None for no-trump and misère."""
        return int(self) if self <= 3 else None

    @property
    def is_misere(self) -> bool:
        return self is Strain.MISERE

    @property
    def code(self) -> str:
        return ("s", "c", "d", "h", "nt", "misere")[self]

    def __str__(self) -> str:
        return self.code


_STRAIN_WORDS = {
    "nt": 4, "n": 4, "notrump": 4, "no-trump": 4, "no trump": 4, "notrumps": 4, "no-trumps": 4,
    "бк": 4, "б/к": 4, "без козыря": 4, "без козырей": 4,
    "misere": 5, "misère": 5, "m": 5, "мизер": 5,
    "spades": 0, "spade": 0, "clubs": 1, "club": 1, "diamonds": 2, "diamond": 2, "hearts": 3, "heart": 3,
    "пики": 0, "трефы": 1, "крести": 1, "бубны": 2, "черви": 3, "червы": 3,
}


def parse_strain(text: str) -> Strain:
    t = str(text).strip().lower()
    if t in _STRAIN_WORDS:
        return Strain(_STRAIN_WORDS[t])
    try:
        return Strain(int(Suit.parse(t)))
    except ValueError:
        raise PositionError(
            f"unknown contract {text!r} (expected a strain s c d h nt misere, or a level "
            "6-10 with a strain such as '7h', '6nt', or 'misere')"
        ) from None


@dataclass(frozen=True)
class Contract:
    """A level 6..10 with a strain, or misère (level None)."""

    strain: Strain
    level: int | None = None

    def __post_init__(self):
        if self.strain is Strain.MISERE:
            if self.level not in (None, 10):
                raise PositionError(f"misère has no level, got {self.level!r}")
        elif self.level is not None and not (6 <= self.level <= 10):
            raise PositionError(f"contract level must be 6..10, got {self.level!r}")

    @classmethod
    def parse(cls, text) -> "Contract":
        """``'s'``, ``'7h'``, ``'6nt'``, ``'8♠'``, ``'misere'``, ``'мизер'``, ``'10бк'``."""
        if isinstance(text, Contract):
            return text
        t = str(text).strip()
        if not t:
            raise PositionError("contract: empty (expected a strain s c d h nt misere, or e.g. '7h')")
        if t[:2] == "10":
            level, rest = 10, t[2:]
        elif t[0] in "6789":
            level, rest = int(t[0]), t[1:]
        elif t[:1].isdigit():
            raise PositionError(f"unknown contract {text!r}: level must be 6..10")
        else:
            level, rest = None, t
        strain = parse_strain(rest)
        if strain is Strain.MISERE:
            level = None
        return cls(strain, level)

    def __str__(self) -> str:
        if self.strain is Strain.MISERE:
            return "misere"
        return f"{self.level or ''}{self.strain.code}"

    def pretty(self) -> str:
        if self.strain is Strain.MISERE:
            return "misère"
        s = "NT" if self.strain is Strain.NO_TRUMP else SUIT_SYMBOLS[self.strain]
        return f"{self.level or ''}{s}"
