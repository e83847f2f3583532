"""Seeded random full deals for the benchmarks: the same deals on every run and machine."""
import random

from solver import Card, Position

ROWS = {
    "trump, declarer leads": ("trump", True),
    "trump, a defender leads": ("trump", False),
    "no-trump, declarer leads": ("nt", True),
    "misere, declarer leads": ("misere", True),
    "misere, a defender leads": ("misere", False),
}


def deal(rng: random.Random, kind: str, declarer_leads: bool) -> Position:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [[Card(c) for c in cards[i * 10:(i + 1) * 10]] for i in range(3)]
    declarer = rng.randrange(3)
    if declarer_leads:
        leader = declarer
    else:
        leader = rng.choice([s for s in range(3) if s != declarer])
    contract = {"trump": "shdc"[rng.randrange(4)], "nt": "nt", "misere": "misere"}[kind]
    return Position(hands, contract, declarer, leader, out=[Card(c) for c in cards[30:]])


def deals(row: str, n: int = 200, seed: int = 2026):
    kind, declarer_leads = ROWS[row]
    rng = random.Random(f"{seed}:{row}")
    return [deal(rng, kind, declarer_leads) for _ in range(n)]
