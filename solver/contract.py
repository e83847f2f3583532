"""Contracts: a level 6..10 with a strain (a trump suit or no-trump), misère, or raspasovka.

One ``Contract`` serves the solver and the scoring: the solver needs only the strain (a
bare strain such as ``"s"`` is a contract with no level), scoring and rulings need the level
too (:func:`compensation.outcome.parse_contract` insists on it for a game). Raspasovka
(all pass) is a contract of its own: no level, no declarer, played by
:mod:`solver.raspasovka`.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .cards import SUIT_SYMBOLS, Suit
from .errors import PositionError, PrefError

LEVELS = (6, 7, 8, 9, 10)


class Strain(IntEnum):
    """Trump suits in seniority, then no-trump; misère and raspasovka are strains of their own."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4
    MISERE = 5
    RASPASOVKA = 6

    @property
    def trump(self) -> int | None:
        """The trump suit index, or None for no-trump, misère and raspasovka."""
        return _TRUMPS[self]

    @property
    def is_misere(self) -> bool:
        return self is Strain.MISERE

    @property
    def code(self) -> str:
        return ("s", "c", "d", "h", "nt", "misere", "raspasovka")[self]

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)


_TRUMPS = (0, 1, 2, 3, None, None, None)   # Strain.trump by strain (read in every play of a search)

_STRAIN_WORDS = {
    "nt": 4, "n": 4, "notrump": 4, "no-trump": 4, "no trump": 4, "notrumps": 4, "no-trumps": 4,
    "бк": 4, "б/к": 4, "без козыря": 4, "без козырей": 4,
    "misere": 5, "misère": 5, "m": 5, "мизер": 5,
    "raspasovka": 6, "распасовка": 6, "распасы": 6, "all-pass": 6, "allpass": 6, "all pass": 6,
    "spades": 0, "spade": 0, "clubs": 1, "club": 1, "diamonds": 2, "diamond": 2, "hearts": 3, "heart": 3,
    "пики": 0, "трефы": 1, "крести": 1, "бубны": 2, "черви": 3, "червы": 3,
}
_HINT = "expected a strain s c d h nt misere, a level 6-10 with a strain such as '7h' or '6nt', or raspasovka"
# (the English of the kind ``contract``, solver/error_kinds.py, says the same more briefly)


def parse_strain(text: str) -> Strain:
    t = " ".join(str(text).strip().lower().split())
    if t in _STRAIN_WORDS:
        return Strain(_STRAIN_WORDS[t])
    try:
        return Strain(int(Suit.parse(t)))
    except ValueError:
        raise PositionError.of("contract", "contract", text=text) from None


@dataclass(frozen=True)
class Contract:
    """A level 6..10 with a strain, or misère / raspasovka (level None). A trump or no-trump
    strain with no level is what the solver needs; scoring asks for the level."""

    strain: Strain
    level: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.strain, Strain):
            object.__setattr__(self, "strain", _strain_of(self.strain))
        if self.strain in (Strain.MISERE, Strain.RASPASOVKA):
            if self.level is not None and not (self.strain is Strain.MISERE and self.level == 10):
                raise PositionError.of("no_level", "contract", strain=self.strain.code, got=repr(self.level))
            object.__setattr__(self, "level", None)
        elif self.level is not None and (isinstance(self.level, bool) or self.level not in LEVELS):
            raise PositionError.of("contract_level", "contract", level=repr(self.level))

    @classmethod
    def parse(cls, text: object) -> Contract:
        """``'s'``, ``'7h'``, ``'6nt'``, ``'8♠'``, ``'misere'``, ``'мизер'``, ``'10бк'``, ``'распасы'``."""
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise PositionError.of("contract_type", "contract", got=text)
        t = text.strip()
        if not t:
            raise PositionError.of("contract_empty", "contract")
        digits = len(t) - len(t.lstrip("0123456789"))
        if digits:
            level, rest = int(t[:digits]), t[digits:]
            if level not in LEVELS:
                raise PositionError.of("contract_level", "contract", level=level)
        else:
            level, rest = None, t
        try:
            strain = parse_strain(rest)
        except PrefError:
            raise PositionError.of("contract", "contract", text=text) from None
        if digits and strain is Strain.RASPASOVKA:
            raise PositionError.of("raspasovka_level", "contract", text=text)
        if strain is Strain.MISERE:
            level = None
        return cls(strain, level)

    # ------------------------------------------------------------------ facts scoring asks
    @property
    def is_game(self) -> bool:
        """A trump or no-trump contract (with whists), as opposed to misère and raspasovka."""
        return self.strain <= Strain.NO_TRUMP

    @property
    def is_misere(self) -> bool:
        return self.strain is Strain.MISERE

    @property
    def is_raspasovka(self) -> bool:
        return self.strain is Strain.RASPASOVKA

    @property
    def trump(self) -> int | None:
        return self.strain.trump

    def __str__(self) -> str:
        if not self.is_game:
            return self.strain.code
        return f"{self.level or ''}{self.strain.code}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def pretty(self) -> str:
        if self.strain is Strain.MISERE:
            return "misère"
        if self.strain is Strain.RASPASOVKA:
            return "raspasovka"
        s = "NT" if self.strain is Strain.NO_TRUMP else SUIT_SYMBOLS[self.strain]
        return f"{self.level or ''}{s}"


def _strain_of(value: object) -> Strain:
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return Strain(value)
        except ValueError:
            pass
    if isinstance(value, str):
        try:
            return parse_strain(value)
        except PrefError:
            pass
    raise PositionError.of("unknown_contract_strain", "contract", got=value)
