"""A position of the card play: three hands, the trick on the table, who is to move.

``Position`` is the board of this library (think python-chess ``Board``): it knows the
legal moves, plays and undoes them, and validates whatever it is given. Seats are 0, 1, 2
in play order; seat 0 is first hand.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .contract import Contract, Strain
from .errors import IllegalMoveError, PositionError, PrefError
from .hands import SUIT_MASKS, Hand, cards_of, mask_of, popcount

SEATS = (0, 1, 2)


def trick_winner(trick, trump: int | None) -> int:
    """Seat that wins a trick given as ``[(seat, card), ...]`` in order of play."""
    best_seat, best = trick[0][0], int(trick[0][1])
    for seat, card in trick[1:]:
        c = int(card)
        cs = c >> 3
        bs = best >> 3
        if cs == bs:
            if c > best:
                best_seat, best = seat, c
        elif trump is not None and cs == trump:
            best_seat, best = seat, c
        # else: a discard, never wins
    return best_seat


def run_low(pos, card, alone: int = 0) -> int:
    """Lowest card of the run of equivalent cards ``card`` belongs to in the mover's hand.

    Cards of one hand and suit with no live card between them (hands and the trick on the
    table count as live) are equivalent: whichever is played, the positions are the same up
    to renaming. Cards in the mask ``alone`` (penalty or plan cards) are never merged.
    Works for any position with ``hands``, ``trick`` and ``to_move``.
    """
    c = int(card)
    if alone >> c & 1:
        return c
    alive = pos.hands[0] | pos.hands[1] | pos.hands[2]
    for _, t in pos.trick:
        alive |= 1 << int(t)
    mine = pos.hands[pos.to_move] & ~alone
    low = (c >> 3) * 8
    while True:
        lower = c - 1
        while lower >= low and not (alive >> lower & 1):  # past cards no longer live
            lower -= 1
        if lower >= low and mine >> lower & 1:
            c = lower
        else:
            return c


def replay_history(pos, history, trick_number) -> None:
    """Play ``history`` (cards in order) on ``pos``, naming the first illegal move by its
    index, trick (``trick_number()``: the current trick's number), seat, card and reason.
    Works for any position with ``to_move``, ``is_over()`` and ``play()``."""
    for i, text in enumerate(history):
        trick_no = trick_number()
        seat = pos.to_move
        try:
            card = Card.parse(text)
        except PrefError as e:
            raise IllegalMoveError(f"history[{i}] (trick {trick_no}, seat {seat}): {e}") from None
        if pos.is_over():
            raise IllegalMoveError(f"history[{i}] ({card}): the deal is already over")
        try:
            pos.play(card)
        except IllegalMoveError as e:
            raise IllegalMoveError(f"history[{i}]: trick {trick_no}, seat {seat}, card {card}: {e}") from None


def legal_mask(hand: int, lead_suit: int | None, trump: int | None) -> int:
    """Follow suit; when void, a trump is compulsory if held; otherwise any card."""
    if lead_suit is None:
        return hand
    follow = hand & SUIT_MASKS[lead_suit]
    if follow:
        return follow
    if trump is not None:
        ruff = hand & SUIT_MASKS[trump]
        if ruff:
            return ruff
    return hand


@dataclass(frozen=True)
class Move:
    """A card played by a seat (the seat is always implied by the position)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"


class Position:
    """A mutable play position with ``legal_moves``, ``play`` and ``undo``.

    ``hands`` are the cards still held; ``trick`` the cards already on the table in the
    current trick, ``leader`` who led it (or leads next when it is empty); ``taken`` the
    tricks already won by each seat; ``out`` cards out of play (talon, discard).
    """

    __slots__ = ("hands", "contract", "declarer", "leader", "trick", "taken", "out", "_stack")

    def __init__(self, hands, contract, declarer: int, leader: int, trick=(), taken=(0, 0, 0), out=()):
        self.contract = Contract.parse(contract) if not isinstance(contract, Contract) else contract
        if declarer not in SEATS:
            raise PositionError(f"declarer must be a seat 0, 1 or 2, got {declarer!r}")
        if leader not in SEATS:
            raise PositionError(f"leader must be a seat 0, 1 or 2, got {leader!r}")
        self.declarer = declarer
        self.leader = leader
        if len(hands) != 3:
            raise PositionError(f"hands: expected three hands, got {len(hands)}")
        self.hands = [h if isinstance(h, int) else Hand(h).mask for h in hands]
        self.trick = [(int(s), Card.parse(c) if not isinstance(c, Card) else c) for s, c in trick]
        self.taken = list(taken)
        self.out = out if isinstance(out, int) else mask_of(Card.parse(c) for c in out)
        self._stack: list = []
        self.validate()

    # ------------------------------------------------------------------ properties
    @property
    def strain(self) -> Strain:
        return self.contract.strain

    @property
    def trump(self) -> int | None:
        return self.contract.strain.trump

    @property
    def is_misere(self) -> bool:
        return self.contract.strain.is_misere

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    @property
    def lead_suit(self) -> int | None:
        return int(self.trick[0][1]) >> 3 if self.trick else None

    def hand(self, seat: int) -> Hand:
        return Hand(self.hands[seat])

    def tricks_left(self) -> int:
        return popcount(self.hands[self.to_move])

    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    # ------------------------------------------------------------------ validation
    def validate(self) -> None:
        seen = {}

        def claim(card: int, where: str):
            if card in seen:
                raise PositionError(f"duplicate card {Card(card)}: in {seen[card]} and in {where}")
            seen[card] = where

        for seat, h in enumerate(self.hands):
            if not 0 <= h <= 0xFFFFFFFF:
                raise PositionError(f"hands[{seat}]: not a 32-bit mask")
            for c in cards_of(h):
                claim(int(c), f"hands[{seat}]")
        order = [(self.leader + i) % 3 for i in range(3)]
        if len(self.trick) > 2:
            raise PositionError("trick: at most two cards can be on the table before the next move")
        for i, (seat, card) in enumerate(self.trick):
            if seat != order[i]:
                raise PositionError(
                    f"trick: card {i + 1} ({card}) was played by seat {seat}, but after leader "
                    f"{self.leader} it is seat {order[i]}'s turn"
                )
            claim(int(card), "trick")
        for c in cards_of(self.out):
            claim(int(c), "talon/discard")
        if len(self.taken) != 3 or any((not isinstance(t, int)) or t < 0 for t in self.taken):
            raise PositionError(f"taken: expected three non-negative trick counts, got {self.taken!r}")
        sizes = [popcount(h) for h in self.hands]
        n = sizes[self.to_move]
        for i, seat in enumerate(order):
            want = n - 1 if i < len(self.trick) else n
            if sizes[seat] != want:
                raise PositionError(
                    f"hand sizes {sizes} cannot occur: with {len(self.trick)} card(s) on the table "
                    f"and seat {self.to_move} to move holding {n}, seat {seat} should hold {want}"
                )
        if self.trick and n == 0:
            raise PositionError("trick in progress but the seat to move has no cards")
        if n > 10:
            raise PositionError(f"hands of {n} cards: at most 10")
        if sum(self.taken) + n > 10:
            raise PositionError(f"taken {self.taken} plus {n} tricks to play exceeds 10")
        # cards already on the table must have been legal for what the player still holds
        for seat, card in self.trick[1:]:
            lead = int(self.trick[0][1]) >> 3
            allowed = legal_mask(self.hands[seat] | card.mask, lead, self.trump)
            if not allowed & card.mask:
                raise PositionError(
                    f"trick: seat {seat} played {card} but {_why_illegal(self.hands[seat] | card.mask, lead, self.trump)}"
                )

    # ------------------------------------------------------------------ play
    def legal_mask(self) -> int:
        return legal_mask(self.hands[self.to_move], self.lead_suit, self.trump)

    def legal_moves(self) -> list[Card]:
        return cards_of(self.legal_mask())

    def is_legal(self, card) -> bool:
        return bool(self.legal_mask() & Card.parse(card).mask)

    def play(self, card) -> int | None:
        """Play a card for the seat to move; returns the trick's winner if it completes one."""
        card = Card.parse(card)
        seat = self.to_move
        if not self.hands[seat] & card.mask:
            raise IllegalMoveError(f"seat {seat} does not hold {card}")
        if not self.legal_mask() & card.mask:
            raise IllegalMoveError(
                f"seat {seat} cannot play {card}: {_why_illegal(self.hands[seat], self.lead_suit, self.trump)}"
            )
        self.hands[seat] ^= card.mask
        self.trick.append((seat, card))
        if len(self.trick) == 3:
            done = self.trick
            winner = trick_winner(done, self.trump)
            self._stack.append((done, self.leader))
            self.taken[winner] += 1
            self.trick = []
            self.leader = winner
            return winner
        self._stack.append(None)
        return None

    def undo(self) -> Move:
        if not self._stack:
            raise IllegalMoveError("nothing to undo")
        top = self._stack.pop()
        if top is not None:
            done, leader = top
            self.taken[self.leader] -= 1
            self.trick = list(done)
            self.leader = leader
        seat, card = self.trick.pop()
        self.hands[seat] |= card.mask
        return Move(seat, card)

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.hands = list(self.hands)
        p.contract, p.declarer, p.leader = self.contract, self.declarer, self.leader
        p.trick = list(self.trick)
        p.taken = list(self.taken)
        p.out = self.out
        p._stack = []
        return p

    def replay(self, history) -> None:
        """Play a list of cards in order, naming the first illegal one."""
        replay_history(self, history, lambda: sum(self.taken) + 1)

    # ------------------------------------------------------------------ printing
    def __str__(self) -> str:
        lines = [f"{self.contract.pretty()} by seat {self.declarer}; seat {self.to_move} to move"]
        for s in SEATS:
            mark = "*" if s == self.declarer else " "
            lines.append(f" {mark}{s}: {Hand(self.hands[s]).compact()}  ({self.taken[s]} tricks)")
        if self.trick:
            lines.append("  trick: " + " ".join(f"{s}:{c.pretty()}" for s, c in self.trick))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Position {self.contract} decl={self.declarer} to_move={self.to_move} hands={[Hand(h).compact() for h in self.hands]}>"


def _why_illegal(hand: int, lead_suit: int | None, trump: int | None) -> str:
    from .cards import SUIT_SYMBOLS

    if lead_suit is not None and hand & SUIT_MASKS[lead_suit]:
        return f"must follow suit {SUIT_SYMBOLS[lead_suit]}"
    if trump is not None and hand & SUIT_MASKS[trump]:
        return f"void in {SUIT_SYMBOLS[lead_suit]}, must play a trump {SUIT_SYMBOLS[trump]}"
    return "not allowed"
