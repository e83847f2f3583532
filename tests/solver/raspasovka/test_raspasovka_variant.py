"""RaspasovkaPosition is a variant of Position: the play is Position's, through its hooks.

Random play on seeded deals (full deals, and smaller ones where a talon-led trick can go
to nobody) is checked move by move against a plain reference written here from the rules
of docs/raspasovka.md: the legal cards, each trick's winner, who is to move, the tricks
taken; then every move is undone back to the start.
"""
from __future__ import annotations

import itertools
import random

import pytest

from solver import Card, Position
from solver.errors import IllegalMoveError
from solver.hands import mask_of
from solver.raspasovka import NOBODY, RaspasovkaError, RaspasovkaPosition, RaspasovkaRules
from solver.raspasovka.api import position_from_record

SETTINGS = [RaspasovkaRules(t, v, a) for t, v, a in
            itertools.product(("both", "first", "none"), ("nobody", "first_hand"), ("first_hand", "winner"))]


def test_a_position_whose_play_is_positions():
    assert issubclass(RaspasovkaPosition, Position)
    pos = RaspasovkaPosition([["7s"], ["8s"], ["9s"]], ["Ac"], done=0)
    assert isinstance(pos, Position)
    for name in ("legal_mask", "legal_moves", "is_legal", "play", "undo", "validate", "moves", "to_move",
                 "tricks_left", "is_over", "clear_stack", "root"):
        assert getattr(RaspasovkaPosition, name) is getattr(Position, name), name
    rec = {"contract": "raspasovka", "player": 0, "hands": [["7s"], ["8s"], ["9s"]], "talon": ["Ac"],
           "tricks_done": 0}
    assert position_from_record(rec) == pos
    for write in (pos.to_json, pos.notation, lambda: RaspasovkaPosition.from_json(rec)):
        with pytest.raises(RaspasovkaError):  # a Position's formats, not a raspasovka's
            write()


class Reference:
    """The rules of play of docs/raspasovka.md, written plainly."""

    def __init__(self, hands, talon, rules: RaspasovkaRules):
        self.hands = [set(h) for h in hands]
        self.talon = list(talon)
        self.k = rules.talon_tricks(len(talon))
        self.rules = rules
        self.done = 0
        self.leader = 0  # first hand plays first to trick 1, whoever leads it
        self.trick: list[tuple[int, Card]] = []
        self.taken = [0, 0, 0]

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def suit(self):
        """The suit to follow: the talon card's on a talon trick, else the first card's."""
        if self.done < self.k:
            return int(self.talon[self.done]) >> 3
        return int(self.trick[0][1]) >> 3 if self.trick else None

    def legal(self) -> set:
        hand = self.hands[self.to_move()]
        suit = self.suit()
        follow = {c for c in hand if int(c) >> 3 == suit}
        return follow or set(hand)

    def play(self, card: Card):
        seat = self.to_move()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 3:
            return None
        suit = self.suit()
        of_suit = [(int(c), s) for s, c in self.trick if int(c) >> 3 == suit]
        if of_suit:
            winner = max(of_suit)[1]  # the talon's card never wins
        else:  # only on a talon trick: the players' trick's first card is of its suit
            winner = 0 if self.rules.void_talon_trick == "first_hand" else NOBODY
        if winner != NOBODY:
            self.taken[winner] += 1
        self.done += 1
        if self.done < self.k:
            self.leader = 0
        elif self.done == self.k and self.k > 0:
            self.leader = 0 if self.rules.after_talon_lead == "first_hand" or winner == NOBODY else winner
        else:
            self.leader = winner
        self.trick = []
        return winner


def deals():
    rng = random.Random(40)
    for i in range(72):
        talon = rng.sample(range(32), 2)
        n = 10 if i < 24 else rng.randint(1, 5)
        pool = [c for c in range(32) if c not in talon]
        if i >= 48:  # nobody holds the first talon card's suit: a talon trick nobody follows
            pool = [c for c in pool if c >> 3 != talon[0] >> 3]
        deck = rng.sample(pool, 3 * n)
        hands = [[Card(c) for c in deck[s * n:(s + 1) * n]] for s in range(3)]
        yield i, hands, [Card(c) for c in talon], SETTINGS[i % len(SETTINGS)], rng.randrange(1 << 30)


@pytest.mark.parametrize("i,hands,talon,rules,seed", list(deals()))
def test_random_play_through_the_hooks_follows_the_rules(i, hands, talon, rules, seed):
    rng = random.Random(seed)
    pos = RaspasovkaPosition(hands, talon, done=0, rules=rules)
    start = pos.key()
    ref = Reference(hands, talon, rules)
    played = 0
    while not pos.is_over():
        assert pos.to_move == ref.to_move()
        assert pos.lead_suit == ref.suit()
        assert pos.talon_card == (ref.talon[ref.done] if ref.done < ref.k else None)
        assert set(pos.legal_moves()) == ref.legal()
        assert pos.legal_mask() == mask_of(ref.legal())
        illegal = sorted(ref.hands[ref.to_move()] - ref.legal())
        if illegal:
            with pytest.raises(IllegalMoveError, match="must follow suit"):
                pos.play(rng.choice(illegal))
        card = rng.choice(sorted(ref.legal()))
        assert pos.play(card) == ref.play(card)
        played += 1
        assert pos.taken == ref.taken and pos.done == ref.done and pos.leader == ref.leader
        assert pos.copy().key() == pos.key()
    assert played == 3 * len(hands[0]) and ref.done == len(hands[0])
    assert len(pos.moves) == played and pos.root().key() == start
    for _ in range(played):
        pos.undo()
    assert pos.key() == start and pos == RaspasovkaPosition(hands, talon, done=0, rules=rules)
