"""Hands as 32-bit masks, and a ``Hand`` value type that prints grouped by suit.

Bit ``suit * 8 + rank`` is set when the card is held; the suit's 8 bits are the
suit's cards from 7 (bit 0) to ace (bit 7), so one byte per suit.
"""
from __future__ import annotations

from typing import Any

from . import json_fields
from .cards import RANK_NAMES, SUIT_SYMBOLS, Card, CardError, parse_cards

SUIT_MASKS = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
FULL_DECK = 0xFFFFFFFF


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def bits_of(mask: int) -> list[int]:
    """The one-card masks of ``mask`` in index order (suit by suit, low to high)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """Cards of a mask in index order (suit by suit, low to high)."""
    return [Card(low.bit_length() - 1) for low in bits_of(mask)]


def popcount(mask: int) -> int:
    return mask.bit_count()


def suit_bits(mask: int, suit: int) -> int:
    return (mask >> (8 * suit)) & 0xFF


class Hand:
    """An immutable set of cards backed by a 32-bit mask."""

    __slots__ = ("mask",)

    def __init__(self, cards=()):
        if isinstance(cards, int):
            if not 0 <= cards <= FULL_DECK:
                raise CardError.of("hand_mask", None, got=cards)
            self.mask = cards
        elif isinstance(cards, str):
            self.mask = Hand.parse(cards).mask
        else:
            self.mask = mask_of(Card.parse(c) for c in cards)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse a list of cards (``As Kd 10h``) or the compact form ``♠AKJ ♣AJ10 ♦AJ98 ♥—``."""
        t = text.strip()
        if t and t[0] in "♠♣♦♥♤♧♢♡":
            return cls(mask_of(_parse_compact(t)))
        return cls(mask_of(parse_cards(t)))

    def to_json(self) -> list[str]:
        """The cards as a record lists them: ``["7s", "Ks", "Ah"]`` (index order)."""
        return [str(c) for c in cards_of(self.mask)]

    @classmethod
    def from_json(cls, value: Any, path: str = "hand") -> Hand:
        """A hand from a list of cards (or one string of them); a card twice is an error."""
        return cls(mask_of(json_fields.cards(value, path, CardError, distinct=True)))

    def __iter__(self):
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return popcount(self.mask)

    def __contains__(self, card) -> bool:
        return bool(self.mask >> int(Card.parse(card) if isinstance(card, str) else card) & 1)

    def __eq__(self, other) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return self.compact()

    def __repr__(self) -> str:
        return f"Hand({self.compact()!r})"

    def compact(self) -> str:
        """Grouped by suit, high to low: ``♠AKJ ♣AJ10 ♦AJ98 ♥—``."""
        parts = []
        for s in range(4):
            bits = suit_bits(self.mask, s)
            ranks = "".join(RANK_NAMES[r] for r in range(7, -1, -1) if bits >> r & 1)
            parts.append(SUIT_SYMBOLS[s] + (ranks or "—"))
        return " ".join(parts)


def _parse_compact(text: str) -> list[Card]:
    cards = []
    suit = None
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "♠♣♦♥♤♧♢♡":
            suit = "♠♣♦♥♤♧♢♡".index(ch) % 4
            i += 1
            continue
        if ch in " \t—-":
            i += 1
            continue
        if suit is None:
            raise CardError.of("compact_suit_first", None, got=text)
        rank_txt = text[i : i + 2] if text[i : i + 2] == "10" else ch
        cards.append(Card.parse(rank_txt + SUIT_SYMBOLS[suit]))
        i += len(rank_txt)
    return cards
