"""Seeded random endings for the information-set tests: a few cards a hand, the declarer
(seat 0) with the tricks before them taken, a random strain or misère."""
import random

from solver import Card, Position


def random_endings(n: int, cards: int, seed: int, first: int = 0) -> list[Position]:
    """``n`` endings of ``cards`` cards a hand, ``first`` on lead, from ``seed``."""
    rng = random.Random(seed)
    deck = list(range(32))
    out = []
    while len(out) < n:
        rng.shuffle(deck)
        hands = [[str(Card(i)) for i in deck[k * cards:(k + 1) * cards]] for k in range(3)]
        out.append(Position(hands, rng.choice(["s", "nt", "h", "misere"]), 0, first, taken=[10 - cards - 2, 1, 1]))
    return out
