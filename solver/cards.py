"""Cards, suits and ranks as small immutable value types, with parsing and printing.

A card is an index 0..31: ``suit * 8 + rank``, ranks 0..7 standing for 7 8 9 10 J Q K A
and suits 0..3 for ♠ ♣ ♦ ♥ (Preferans seniority). Hands are 32-bit masks of these
indices (see :mod:`solver.hands`).

Accepted notations (a card is always written rank first, suit last):

* Latin: ``As Kd Th 7c``, ``10h``; ranks ``7 8 9 T/10 J Q K A``, suits ``s c d h``.
* Symbols: ``A♠ 10♥`` (also the hollow ♤ ♧ ♢ ♡); a symbol may also come first (``♠A``).
* Russian: ranks ``Т К Д В`` (туз, король, дама, валет), suits ``п т б ч``
  (пики, трефы, бубны, черви).

The ambiguity of ``т`` (the club suit) and ``Т`` (the ace) is resolved by position, not by
case: the last character of a card is its suit and everything before it its rank. So
``Тт`` (or ``тт``, ``ТТ``) is the ace of clubs, ``10т`` the ten of clubs, ``Тп`` the ace of
spades. A lone ``т`` is never a card.
"""
from __future__ import annotations

from enum import IntEnum

from .errors import CardError


class Suit(IntEnum):
    """Suits in Preferans seniority: spades < clubs < diamonds < hearts."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        s = _SUIT_BY_TEXT.get(text.strip().lower())
        if s is None:
            raise CardError.of("not_a_suit", None, got=text)
        return cls(s)


class Rank(IntEnum):
    """Ranks from low to high; the value is the bit position inside a suit."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self]


SUIT_SYMBOLS = "♠♣♦♥"
SUIT_LETTERS = "scdh"
RANK_LETTERS = "789TJQKA"
RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES_RU = ("7", "8", "9", "10", "В", "Д", "К", "Т")
SUIT_LETTERS_RU = "птбч"

_SUIT_BY_TEXT = {}
for _i, (_sym, _lat, _ru) in enumerate(zip(SUIT_SYMBOLS, SUIT_LETTERS, SUIT_LETTERS_RU)):
    _SUIT_BY_TEXT[_sym] = _i
    _SUIT_BY_TEXT[_lat] = _i
    _SUIT_BY_TEXT[_ru] = _i
for _i, _sym in enumerate("♤♧♢♡"):
    _SUIT_BY_TEXT[_sym] = _i

_RANK_BY_TEXT = {"10": 3, "t": 3}
for _i, _lat in enumerate(RANK_LETTERS):
    _RANK_BY_TEXT[_lat.lower()] = _i
for _i, _ru in enumerate(RANK_NAMES_RU):
    _RANK_BY_TEXT.setdefault(_ru.lower(), _i)
# Russian Т (туз, ace) sits in rank position only; "т" as a rank means the ace.
_RANK_BY_TEXT["т"] = 7


class Card:
    """One of the 32 cards. Instances are interned: ``Card.parse('As') is Card(31)``."""

    __slots__ = ("index",)
    index: int
    _all: list[Card] = []

    def __new__(cls, index: int) -> Card:
        if cls._all:
            try:
                if index < 0:
                    raise IndexError
                return cls._all[index]
            except (IndexError, TypeError):
                raise CardError.of("card_index", None, got=index) from None
        obj = super().__new__(cls)
        obj.index = index
        return obj

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        return cls(int(suit) * 8 + int(rank))

    @property
    def suit(self) -> Suit:
        return Suit(self.index >> 3)

    @property
    def rank(self) -> Rank:
        return Rank(self.index & 7)

    @property
    def mask(self) -> int:
        return 1 << self.index

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse one card in any accepted notation (see the module docstring)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError.of("not_a_card_type", None, card=text)
        t = text.strip()
        if len(t) < 2:
            raise CardError.of("not_a_card", None, card=text)
        low = t.lower()
        if low[0] in "♠♣♦♥♤♧♢♡":  # symbol first: ♠A
            suit_txt, rank_txt = low[0], low[1:]
        else:
            rank_txt, suit_txt = low[:-1], low[-1]
        rank = _RANK_BY_TEXT.get(rank_txt)
        suit = _SUIT_BY_TEXT.get(suit_txt)
        if rank is None or suit is None:
            raise CardError.of("not_a_card", None, card=text)
        return cls(suit * 8 + rank)

    def __str__(self) -> str:  # the notation of the reference data: As, Td, 7c
        return RANK_LETTERS[self.index & 7] + SUIT_LETTERS[self.index >> 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def pretty(self) -> str:
        """Rank and suit symbol, as players write it: ``A♠``, ``10♥``."""
        return RANK_NAMES[self.index & 7] + SUIT_SYMBOLS[self.index >> 3]

    def russian(self) -> str:
        """Russian letters: ``Тп`` (ace of spades), ``10ч``."""
        return RANK_NAMES_RU[self.index & 7] + SUIT_LETTERS_RU[self.index >> 3]

    def __int__(self) -> int:
        return self.index

    def __index__(self) -> int:
        return self.index

    def __eq__(self, other) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self):
        return (Card, (self.index,))


Card._all = [Card(i) for i in range(32)]
ALL_CARDS: tuple[Card, ...] = tuple(Card._all)


def parse_cards(text) -> list[Card]:
    """Parse a list of cards: a list of strings, or one string separated by spaces/commas."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    else:
        items = list(text)
    return [Card.parse(c) for c in items]
