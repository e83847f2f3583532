"""The talon and the discard: which cards are out of play.

A leaf module (it imports only cards' masks and errors), so that every reader of a deal —
:class:`solver.deal.Deal`, :func:`solver.position.position_from_json`, the incidents of
``compensation`` — applies the one rule without importing each other.
"""
from __future__ import annotations

from .errors import PositionError, PrefError
from .hands import mask_of


def out_of_play(hands, declarer: int, talon, discard, error: type[PrefError] = PositionError,
                where: str = "") -> int:
    """The cards out of play, as a mask: the declarer's discard, and the talon cards no hand
    holds. One rule for every contract with a declarer (game and misère alike).

    The declarer took the talon into his hand and discarded two of those twelve cards, any
    two — often the very two he picked up — so the talon and the discard may share cards.
    What must hold: each holds two cards at most, neither lists a card twice, and no talon card is in a defender's hand
    (a talon card no hand holds was discarded, or, in an end position, already played by
    him). That the discard is in no hand is the caller's check of cards in two places.
    ``hands``: three masks, the cards each plays from (the declarer's after his discard);
    errors are ``error`` for the field ``where`` + ``talon`` / ``discard``."""
    for name, cards in (("talon", talon), ("discard", discard)):
        if len(cards) > 2:
            raise error.of("two_at_most", f"{where}{name}", n=len(cards))
        twice = [c for i, c in enumerate(cards) if c in cards[:i]]
        if twice:
            raise error.of("duplicate_card", f"{where}{name}", card=str(twice[0]))
    for c in talon:
        holder = next((s for s in range(3) if hands[s] & c.mask), None)
        if holder is not None and holder != declarer:
            raise error.of("talon_with_defender", f"{where}talon", card=str(c), where=where, seat=holder,
                           declarer=declarer)
    held = hands[0] | hands[1] | hands[2]
    return mask_of(discard) | (mask_of(talon) & ~held)
